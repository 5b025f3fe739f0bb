//! How a parser's time grows with depth, from the trials a search already ran: many deep-nesting
//! bugs are quadratic, not stack overflows, and a parser that accepts 5,000,000 levels in 4 minutes
//! is a denial of service too.
//!
//! The rule: the accepted depths whose work (wall time less the fastest trial's, which is the
//! program's start-up) is at least [`MIN_WORK`] give a least-squares slope of log work over log
//! depth; at least [`MIN_DEPTHS`] such depths spanning at least a doubling are needed. The time is
//! *super-linear* when the slope is over log₂ 3: doubling the depth more than triples the time.

use serde::{Deserialize, Serialize};

/// Work below this is start-up noise.
pub const MIN_WORK_SECONDS: f64 = 0.05;
/// Depths needed for an exponent.
pub const MIN_DEPTHS: usize = 3;

/// The exponent k of time ∝ depthᵏ, and over what it was measured.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Growth {
    /// Rounded to a tenth: the machine's noise is in the next digit.
    pub exponent: f64,
    /// Accepted depths it was fitted to.
    pub depths: u32,
    /// The smallest and largest of them.
    pub from_depth: u64,
    pub to_depth: u64,
}

impl Growth {
    /// From (depth, wall seconds) of accepted trials, any order, repeats allowed (the fastest of a
    /// depth counts). `None` when too few depths took measurable work.
    pub fn estimate(accepted: &[(u64, f64)]) -> Option<Growth> {
        let startup = accepted.iter().map(|&(_, seconds)| seconds).fold(f64::INFINITY, f64::min);
        let mut fastest: std::collections::BTreeMap<u64, f64> = Default::default();
        for &(depth, seconds) in accepted {
            let entry = fastest.entry(depth).or_insert(seconds);
            *entry = entry.min(seconds);
        }
        let points: Vec<(f64, f64)> = fastest
            .iter()
            .filter(|&(_, &seconds)| seconds - startup >= MIN_WORK_SECONDS)
            .map(|(&depth, &seconds)| ((depth as f64).ln(), (seconds - startup).ln()))
            .collect();
        let (&from_depth, &to_depth) = (
            fastest.iter().find(|&(_, &s)| s - startup >= MIN_WORK_SECONDS)?.0,
            fastest.iter().rev().find(|&(_, &s)| s - startup >= MIN_WORK_SECONDS)?.0,
        );
        if points.len() < MIN_DEPTHS || to_depth < 2 * from_depth {
            return None;
        }
        let n = points.len() as f64;
        let (mean_x, mean_y) =
            (points.iter().map(|p| p.0).sum::<f64>() / n, points.iter().map(|p| p.1).sum::<f64>() / n);
        let covariance: f64 = points.iter().map(|(x, y)| (x - mean_x) * (y - mean_y)).sum();
        let variance: f64 = points.iter().map(|(x, _)| (x - mean_x).powi(2)).sum();
        let exponent = (covariance / variance * 10.0).round() / 10.0;
        Some(Growth { exponent, depths: points.len() as u32, from_depth, to_depth })
    }

    /// Doubling the depth more than triples the time.
    pub fn superlinear(&self) -> bool {
        self.exponent > 3f64.log2()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Trials of a program that starts in 20 ms and then works `per_level` × depthᵏ seconds.
    fn trials(k: f64, per_level: f64, depths: &[u64]) -> Vec<(u64, f64)> {
        depths.iter().map(|&d| (d, 0.02 + per_level * (d as f64).powf(k))).collect()
    }

    #[test]
    fn linear_and_quadratic_work_are_told_apart_after_the_start_up_time() {
        let depths = [1, 10, 1_000, 10_000, 100_000, 1_000_000];
        let linear = Growth::estimate(&trials(1.0, 1e-5, &depths)).unwrap();
        assert_eq!(linear.exponent, 1.0);
        assert!(!linear.superlinear());
        let quadratic = Growth::estimate(&trials(2.0, 1e-9, &depths)).unwrap();
        assert_eq!(quadratic.exponent, 2.0);
        assert!(quadratic.superlinear());
        assert_eq!((quadratic.from_depth, quadratic.to_depth), (10_000, 1_000_000));
    }

    #[test]
    fn too_little_work_or_too_few_depths_give_no_exponent() {
        // A clean error at 128: every trial is start-up.
        assert_eq!(Growth::estimate(&trials(1.0, 1e-9, &[1, 64, 100, 127, 128])), None);
        // Two measurable depths only.
        assert_eq!(Growth::estimate(&trials(2.0, 1e-6, &[1, 10, 1_000, 2_000])), None);
        assert_eq!(Growth::estimate(&[]), None);
    }

    #[test]
    fn the_fastest_of_repeated_trials_at_a_depth_counts() {
        let mut seen = trials(1.0, 1e-6, &[1, 100_000, 200_000, 400_000, 800_000]);
        seen.push((400_000, 9.0)); // one trial slowed by the machine
        assert_eq!(Growth::estimate(&seen).unwrap().exponent, 1.0);
    }
}
