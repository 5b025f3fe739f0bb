//! The stack sweep: the same probe at several stack sizes, and what that says about *why* the
//! parser stops where it does.

use anyhow::Result;

use crate::probe::{probe, ProbeSpec, Progress};
use crate::results::outcome::FailureKind;
use crate::results::probe_result::{ProbeResult, ProbeStatus};
use crate::results::sweep_result::{SweepResult, Verdict};
use crate::units::Limit;

/// The default stack sizes of a sweep.
pub const DEFAULT_STACKS: &str = "128KiB,512KiB,1MiB,2MiB,8MiB,64MiB";

/// Probes `spec` once per stack size.
pub fn sweep(spec: &ProbeSpec, stacks: &[Limit], progress: Progress<'_>) -> Result<SweepResult> {
    let mut stacks = stacks.to_vec();
    stacks.sort();
    stacks.dedup();
    let mut probes = Vec::with_capacity(stacks.len());
    for stack in stacks {
        let mut at_size = spec.clone();
        at_size.trial.stack = stack;
        probes.push(probe(&at_size, progress)?);
    }
    Ok(from_probes(spec.command.clone(), probes))
}

/// The sweep result from its probes (sorted here by stack size, smallest first).
pub fn from_probes(command: Vec<String>, mut probes: Vec<ProbeResult>) -> SweepResult {
    probes.sort_by_key(|p| p.settings.stack_bytes.unwrap_or(u64::MAX));
    let status = |wanted: ProbeStatus| probes.iter().any(|p| p.status == wanted);
    let timed_out = probes.iter().any(|p| p.failure.as_ref().is_some_and(|f| f.kind == FailureKind::Timeout));
    let (verdict, bytes_per_level) = if status(ProbeStatus::Unstable) || status(ProbeStatus::InputNotRead) {
        (Verdict::Unstable, None)
    } else if status(ProbeStatus::Slow) || timed_out {
        (Verdict::Slow, None)
    } else {
        let points: Vec<_> = probes.iter().map(|p| (p.settings.stack_bytes, p.min_failing_depth)).collect();
        match judge(&points) {
            // The same depth at the large stacks, each time the stack running out: not the
            // library's own limit but a runtime's stack that RLIMIT_STACK does not size (a JVM's
            // thread stack, V8's --stack-size), where the small stacks do not run out first.
            (Verdict::Fixed, _) if probes.iter().all(ran_out_of_stack) => (Verdict::Runtime, None),
            judged => judged,
        }
    };
    SweepResult { command, verdict, bytes_per_level, probes }
}

/// Whether a probe failed by its stack running out (a signal, or a runtime saying so).
fn ran_out_of_stack(probe: &ProbeResult) -> bool {
    probe.failure.as_ref().is_some_and(|failure| failure.ran_out_of_stack())
}

/// The verdict from (stack bytes or unlimited, smallest failing depth or none) pairs, sorted by stack.
pub fn judge(points: &[(Option<u64>, Option<u64>)]) -> (Verdict, Option<u64>) {
    let depths: Vec<Option<u64>> = points.iter().map(|&(_, depth)| depth).collect();
    if depths.iter().all(Option::is_none) {
        return (Verdict::Unbounded, None);
    }
    if depths.windows(2).all(|w| w[0] == w[1]) {
        return (Verdict::Fixed, None);
    }
    // Finite stacks with a failure, smallest stack first.
    let bounded: Vec<(u64, u64)> =
        points.iter().filter_map(|&(stack, depth)| Some((stack?, depth?))).collect();
    // A parser whose own limit is reached at the larger stacks, while small stacks run out first.
    if let [.., (_, a), (_, b)] = bounded[..] {
        let largest_is_finite_and_failing = points.last().is_some_and(|&(s, d)| s.is_some() && d.is_some());
        if a == b && largest_is_finite_and_failing && bounded.len() == points.len() {
            return (Verdict::Fixed, None);
        }
    }
    if let (Some(&(s1, d1)), Some(&(s2, d2))) = (bounded.first(), bounded.last()) {
        let grows = bounded.windows(2).all(|w| w[1].1 > w[0].1);
        // Proportional: the depth ratio is at least half the stack ratio (a fixed runtime overhead
        // at the bottom of the stack makes small stacks look a little worse).
        let proportional = s2 > s1 && (d2 as f64 / d1 as f64) >= 0.5 * (s2 as f64 / s1 as f64);
        if grows && proportional {
            let bytes_per_level = (s2 - s1) / (d2 - d1).max(1);
            return (Verdict::Stack, Some(bytes_per_level));
        }
    }
    (Verdict::Runtime, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1024 * 1024;

    #[test]
    fn verdicts() {
        assert_eq!(judge(&[(Some(MIB), None), (Some(8 * MIB), None)]), (Verdict::Unbounded, None));
        assert_eq!(judge(&[(Some(MIB), Some(129)), (Some(64 * MIB), Some(129))]), (Verdict::Fixed, None));
        // Small stacks overflow before the parser's own limit of 10 000 kicks in.
        assert_eq!(
            judge(&[(Some(MIB), Some(4_000)), (Some(8 * MIB), Some(10_001)), (Some(64 * MIB), Some(10_001))]),
            (Verdict::Fixed, None)
        );
        let (verdict, per_level) = judge(&[
            (Some(MIB), Some(10_900)),
            (Some(8 * MIB), Some(87_289)),
            (Some(64 * MIB), Some(698_000)),
        ]);
        assert_eq!(verdict, Verdict::Stack);
        assert!((90..=100).contains(&per_level.unwrap()), "{per_level:?}");
        // A VM with its own recursion limit: more stack helps a little, not in proportion.
        assert_eq!(
            judge(&[(Some(MIB), Some(900)), (Some(8 * MIB), Some(1_000)), (Some(64 * MIB), Some(1_000))]),
            (Verdict::Fixed, None)
        );
        assert_eq!(
            judge(&[(Some(MIB), Some(5_000)), (Some(8 * MIB), Some(6_000)), (Some(64 * MIB), Some(7_000))]),
            (Verdict::Runtime, None)
        );
        // Fails at small stacks, no limit at the largest: stack-bound.
        assert_eq!(judge(&[(Some(MIB), Some(10_000)), (Some(64 * MIB), None)]).0, Verdict::Runtime);
    }
}
