//! What a probe's trials showed: every outcome at each depth, and what they say together (the
//! window where outcomes flip, the depths that disagree, the times of accepted trials).

use std::collections::BTreeMap;
use std::time::Duration;

use crate::results::outcome::{error_line, Outcome};
use crate::results::probe_result::Sighting;
use crate::sys::trial::TrialReport;

/// Every trial of a probe: the outcomes at each depth, and the extremes seen.
#[derive(Default)]
pub(super) struct Observations {
    by_depth: BTreeMap<u64, Vec<(bool, TrialReport)>>,
}

impl Observations {
    pub(super) fn record(&mut self, depth: u64, failed: bool, report: TrialReport) {
        self.by_depth.entry(depth).or_default().push((failed, report));
    }

    /// Forgets the last trial at `depth`.
    pub(super) fn forget_last(&mut self, depth: u64) {
        if let Some(seen) = self.by_depth.get_mut(&depth) {
            seen.pop();
            if seen.is_empty() {
                self.by_depth.remove(&depth);
            }
        }
    }

    pub(super) fn forget_timeouts(&mut self) {
        for seen in self.by_depth.values_mut() {
            seen.retain(|(_, report)| !matches!(report.outcome, Outcome::Timeout { .. }));
        }
        self.by_depth.retain(|_, seen| !seen.is_empty());
    }

    /// (depth, own seconds: wall less the wait for a CPU) of every accepted trial.
    pub(super) fn accepted_times(&self) -> Vec<(u64, f64)> {
        let accepted = self.by_depth.iter().flat_map(|(&depth, seen)| seen.iter().map(move |s| (depth, s)));
        accepted
            .filter(|(_, (failed, _))| !failed)
            .map(|(depth, (_, report))| (depth, report.own_time().as_secs_f64()))
            .collect()
    }

    /// The numbers (2 and up) in the error lines of failed trials that ended with an error message of
    /// the program's own (exit 1 or another status, not a signal or a timeout), smallest first.
    pub(super) fn named_numbers(&self) -> Vec<u64> {
        let messages = self.by_depth.values().flatten().filter(|(failed, _)| *failed);
        let mut named: Vec<u64> = messages
            .filter_map(|(_, report)| match &report.outcome {
                Outcome::Error { stderr }
                | Outcome::ErrorStatus { stderr, .. }
                | Outcome::Abnormal { stderr, .. } => error_line(stderr),
                _ => None,
            })
            .flat_map(|line| {
                line.split(|c: char| !c.is_ascii_digit()).filter_map(|digits| digits.parse().ok())
            })
            .filter(|&n: &u64| n >= 2)
            .collect();
        named.sort_unstable();
        named.dedup();
        named
    }

    /// Whether any trial's report is so.
    pub(super) fn any(&self, test: impl Fn(&TrialReport) -> bool) -> bool {
        self.by_depth.values().flatten().any(|(_, report)| test(report))
    }

    /// The own time of the fastest trial.
    pub(super) fn fastest(&self) -> Option<Duration> {
        self.by_depth.values().flatten().map(|(_, report)| report.own_time()).min()
    }

    pub(super) fn count(&self, depth: u64) -> usize {
        self.by_depth.get(&depth).map_or(0, Vec::len)
    }

    pub(super) fn last_at(&self, depth: u64) -> Option<&TrialReport> {
        self.by_depth.get(&depth).and_then(|seen| seen.last()).map(|(_, report)| report)
    }

    /// The last trial at `depth` that failed (or passed), else the last one.
    pub(super) fn last_judged(&self, depth: u64, failed: bool) -> Option<&TrialReport> {
        let seen = self.by_depth.get(&depth)?;
        seen.iter().rev().find(|s| s.0 == failed).or(seen.last()).map(|(_, report)| report)
    }

    /// The smallest depth above `depth` whose last trial failed otherwise than by running out of
    /// time.
    pub(super) fn lowest_failing_otherwise_above(&self, depth: u64) -> Option<u64> {
        let failed_otherwise = |seen: &Vec<(bool, TrialReport)>| {
            seen.last()
                .is_some_and(|(failed, report)| *failed && !matches!(report.outcome, Outcome::Timeout { .. }))
        };
        self.by_depth.range(depth + 1..).find(|(_, seen)| failed_otherwise(seen)).map(|(&d, _)| d)
    }

    /// Some depth both passed and failed.
    pub(super) fn flipped(&self) -> bool {
        self.by_depth.values().any(|seen| seen.iter().any(|s| s.0) && seen.iter().any(|s| !s.0))
    }

    /// [lowest failing depth seen, highest passing depth seen].
    pub(super) fn window(&self) -> [Option<u64>; 2] {
        let lowest_failing = self.by_depth.iter().find(|(_, seen)| seen.iter().any(|s| s.0)).map(|(&d, _)| d);
        let highest_passing =
            self.by_depth.iter().rev().find(|(_, seen)| seen.iter().any(|s| !s.0)).map(|(&d, _)| d);
        [lowest_failing, highest_passing]
    }

    /// What contradicts the monotone picture: depths whose outcomes disagree, and a failure below
    /// a pass (the lowest failing and the highest passing depth). Empty when all is consistent.
    ///
    /// Going over the resident cap does not count: the memory a parser takes at one depth varies by
    /// a few pages from run to run, so near the cap the same depth can pass once and fail once. That
    /// is the cap's precision, not an unreliable parser; the boundary is where the search found it.
    pub(super) fn disagreements(&self) -> Vec<Sighting> {
        let only_over_cap = |seen: &[(bool, TrialReport)]| {
            seen.iter().filter(|s| s.0).all(|(_, r)| matches!(r.outcome, Outcome::OverMemory { .. }))
        };
        let mut depths: Vec<u64> = self
            .by_depth
            .iter()
            .filter(|(_, seen)| seen.iter().any(|s| s.0) && seen.iter().any(|s| !s.0))
            .filter(|(_, seen)| !only_over_cap(seen))
            .map(|(&depth, _)| depth)
            .collect();
        if let [Some(lowest_failing), Some(highest_passing)] = self.window() {
            let between = || self.by_depth.range(lowest_failing..=highest_passing);
            if lowest_failing < highest_passing && !between().all(|(_, seen)| only_over_cap(seen)) {
                depths.extend([lowest_failing, highest_passing]);
            }
        }
        depths.sort_unstable();
        depths.dedup();
        depths
            .into_iter()
            .map(|depth| Sighting {
                depth,
                outcomes: self.by_depth[&depth].iter().map(|(_, r)| r.outcome.sighting()).collect(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(outcome: Outcome) -> TrialReport {
        TrialReport {
            outcome,
            wall: Duration::from_millis(10),
            queued: Duration::ZERO,
            starved: false,
            peak_rss_bytes: 0,
            peak_rss_exact: true,
            read_whole_input: true,
            built_depth: None,
        }
    }

    fn over_cap() -> Outcome {
        Outcome::OverMemory { peak_bytes: 65 << 20, cap_bytes: 64 << 20, stderr: String::new() }
    }

    fn seen(trials: &[(u64, Outcome)]) -> Observations {
        let mut seen = Observations::default();
        for (depth, outcome) in trials {
            seen.record(*depth, *outcome != Outcome::Accepted, report(outcome.clone()));
        }
        seen
    }

    #[test]
    fn near_the_resident_cap_a_depth_that_passes_once_and_fails_once_is_not_unstable() {
        let near_cap = seen(&[
            (99, Outcome::Accepted),
            (100, over_cap()),
            (99, over_cap()),
            (100, Outcome::Accepted),
            (101, over_cap()),
        ]);
        assert!(near_cap.disagreements().is_empty());
        // Each side of the boundary reports a trial of its own kind.
        assert!(matches!(near_cap.last_judged(100, true).unwrap().outcome, Outcome::OverMemory { .. }));
        assert_eq!(near_cap.last_judged(99, false).unwrap().outcome, Outcome::Accepted);

        // A crash that comes and goes is still unstable, over the cap elsewhere or not.
        let crash = Outcome::Signal { signal: 11, stderr: String::new() };
        let flaky = seen(&[
            (99, Outcome::Accepted),
            (100, crash.clone()),
            (100, Outcome::Accepted),
            (101, over_cap()),
        ]);
        assert_eq!(flaky.disagreements().iter().map(|s| s.depth).collect::<Vec<_>>(), [100]);
        let below = seen(&[(50, crash), (99, Outcome::Accepted), (100, over_cap())]);
        assert_eq!(below.disagreements().iter().map(|s| s.depth).collect::<Vec<_>>(), [50, 99]);
    }
}
