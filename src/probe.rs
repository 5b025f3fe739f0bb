//! Probing one parser program: a search over depths where every step is one trial.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use crate::interrupt::{self, Interrupted};
use crate::outcome::{Failure, FailureKind, Outcome};
use crate::payload::{Payload, PayloadFormat, Shape};
use crate::search::{find_boundary, Boundary, Hint, SearchMode};
use crate::trial::{aslr_can_be_disabled, TrialConfig, TrialReport};

/// Everything that defines one probe. Built from the command line or from a catalog entry.
#[derive(Clone, Debug)]
pub struct ProbeSpec {
    pub trial: TrialConfig,
    pub format: PayloadFormat,
    pub shape: Shape,
    pub max_depth: u64,
    pub hint: Option<Hint>,
    /// Re-run the boundary this many times in all (1: once).
    pub repeat: u32,
}

/// The result of a probe; `probe --format json` prints exactly this.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProbeResult {
    pub command: Vec<String>,
    /// Absent from results older than payload formats: those were JSON.
    #[serde(default)]
    pub payload_format: PayloadFormat,
    pub shape: Shape,
    /// RLIMIT_STACK of the children; null = unlimited.
    pub stack_bytes: Option<u64>,
    pub max_depth: u64,
    /// Per-trial timeout.
    #[serde(default)]
    pub timeout_seconds: f64,
    /// Largest depth seen to pass; null if depth 1 fails.
    pub max_accepted_depth: Option<u64>,
    /// Smallest depth seen to fail; null when `max_depth` passed.
    pub min_failing_depth: Option<u64>,
    /// How the program failed at `min_failing_depth`.
    pub failure: Option<Failure>,
    /// Payload size at `min_failing_depth`.
    pub payload_bytes: Option<u64>,
    /// Peak resident memory of the child at `max_accepted_depth`.
    pub peak_rss_bytes: Option<u64>,
    /// False when `peak_rss_bytes` is only an upper bound: the child never grew past the resident
    /// set it inherited from nestprobe when it was forked.
    #[serde(default)]
    pub peak_rss_exact: bool,
    /// Wall time of the child at `max_accepted_depth`.
    pub accepted_seconds: Option<f64>,
    /// Child processes started.
    pub trials: u32,
    pub elapsed_seconds: f64,
    /// cold, confirmed (the hint held) or re-searched (it did not).
    pub search: SearchMode,
    /// Whether children ran with address-space randomisation disabled.
    pub aslr_disabled: bool,
    /// [lowest failing depth seen, highest passing depth seen] over all trials.
    pub boundary_window: [Option<u64>; 2],
    /// Outcomes flipped between runs at the same depth, or repeats disagreed.
    pub unstable: bool,
}

/// Called after every trial: depth, what happened, how long it took.
pub type Progress<'a> = &'a mut dyn FnMut(u64, &TrialReport);

/// Runs the probe. Fails when the program cannot be started, cannot handle even depth 1, or the
/// user pressed Ctrl-C.
pub fn probe(spec: &ProbeSpec, progress: Progress<'_>) -> Result<ProbeResult> {
    spec.format.check(spec.shape, spec.max_depth).map_err(anyhow::Error::msg)?;
    let started = Instant::now();
    let mut seen = Observations::default();
    let mut trials = 0;
    let mut run_search = |hint: Option<Hint>, seen: &mut Observations| -> Result<Boundary> {
        find_boundary(spec.max_depth, hint, |depth| {
            let report = spec.trial.run(Payload::new(spec.format, spec.shape, depth))?;
            if interrupt::requested() {
                bail!(Interrupted);
            }
            progress(depth, &report);
            let failed = is_failure(spec.shape, &report.outcome);
            seen.record(depth, failed, report);
            Ok(failed)
        })
    };

    let first = run_search(spec.hint, &mut seen)?;
    trials += first.trials;
    if first.max_accepted == 0 {
        let outcome = seen.last_at(1).map(|r| r.outcome.describe()).unwrap_or_default();
        let what =
            if spec.shape.must_be_accepted() { "parse even depth 1" } else { "cleanly reject depth 1" };
        bail!("the program cannot {what} ({}): {outcome}", Payload::new(spec.format, spec.shape, 1).show());
    }
    let mut unstable = false;
    for _ in 1..spec.repeat {
        let again = run_search(Some(Hint::from_min_failing(first.min_failing)), &mut seen)?;
        trials += again.trials;
        unstable |= again.min_failing != first.min_failing;
    }

    let failure_report = first.min_failing.and_then(|d| seen.last_at(d));
    let accepted_report = seen.last_at(first.max_accepted);
    let window = seen.window();
    Ok(ProbeResult {
        command: spec.trial.command_line(),
        payload_format: spec.format,
        shape: spec.shape,
        stack_bytes: spec.trial.stack.bytes(),
        max_depth: spec.max_depth,
        timeout_seconds: spec.trial.timeout.as_secs_f64(),
        max_accepted_depth: Some(first.max_accepted),
        min_failing_depth: first.min_failing,
        failure: failure_report.and_then(|r| failure_of(spec.shape, &r.outcome)),
        payload_bytes: first.min_failing.map(|d| Payload::new(spec.format, spec.shape, d).len()),
        peak_rss_bytes: accepted_report.map(|r| r.peak_rss_bytes),
        peak_rss_exact: accepted_report.is_some_and(|r| r.peak_rss_exact),
        accepted_seconds: accepted_report.map(|r| round_seconds(r.wall)),
        trials,
        elapsed_seconds: round_seconds(started.elapsed()),
        search: first.mode,
        aslr_disabled: spec.trial.disable_aslr && aslr_can_be_disabled(),
        boundary_window: window,
        unstable: unstable || seen.flipped,
    })
}

/// For valid input anything but acceptance is a failure; for invalid input (`unclosed`) a clean
/// error is the right answer and anything else is a failure.
fn is_failure(shape: Shape, outcome: &Outcome) -> bool {
    if shape.must_be_accepted() {
        *outcome != Outcome::Accepted
    } else {
        !matches!(outcome, Outcome::Error { .. })
    }
}

fn failure_of(shape: Shape, outcome: &Outcome) -> Option<Failure> {
    if shape.must_be_accepted() {
        return outcome.failure();
    }
    match outcome {
        Outcome::Error { .. } => None,
        Outcome::Accepted => Some(Failure {
            kind: FailureKind::Accepted,
            exit_code: Some(0),
            signal: None,
            signal_name: None,
            stderr: String::new(),
        }),
        other => other.failure(),
    }
}

fn round_seconds(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 1000.0).round() / 1000.0
}

/// Every trial of a probe: the last report at each depth, and the extremes seen.
#[derive(Default)]
struct Observations {
    by_depth: BTreeMap<u64, (bool, TrialReport)>,
    lowest_failing: Option<u64>,
    highest_passing: Option<u64>,
    /// The same depth both passed and failed at some point.
    flipped: bool,
}

impl Observations {
    fn record(&mut self, depth: u64, failed: bool, report: TrialReport) {
        if failed {
            self.lowest_failing = Some(self.lowest_failing.map_or(depth, |d| d.min(depth)));
        } else {
            self.highest_passing = Some(self.highest_passing.map_or(depth, |d| d.max(depth)));
        }
        if let Some((before, _)) = self.by_depth.insert(depth, (failed, report)) {
            self.flipped |= before != failed;
        }
    }

    fn last_at(&self, depth: u64) -> Option<&TrialReport> {
        self.by_depth.get(&depth).map(|(_, report)| report)
    }

    /// [lowest failing depth seen, highest passing depth seen].
    fn window(&self) -> [Option<u64>; 2] {
        [self.lowest_failing, self.highest_passing]
    }
}
