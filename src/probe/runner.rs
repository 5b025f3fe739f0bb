//! The trials of one probe: running each (side by side where they may be), judging its outcome,
//! and remembering what they showed.

use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use crate::payload::Payload;
use crate::probe::assemble::{assemble, Concluded, Tally};
use crate::probe::classify::is_failure;
use crate::probe::observations::Observations;
use crate::probe::search::{find_boundary, refine, Boundary, Hint, Trials};
use crate::probe::spec::{InputNotRead, ProbeSpec, Progress};
use crate::results::growth::{self, Growth};
use crate::results::outcome::Outcome;
use crate::results::probe_result::{ProbeResult, SearchMode};
use crate::sys::interrupt::{self, Interrupted};
use crate::sys::trial::TrialReport;

/// A trial that timed out is run again with this many times the timeout before the timeout counts.
pub const TIMEOUT_RETRY_FACTOR: u32 = 4;
/// The part of the normal timeout a trial's work must take before its time says anything about
/// deeper depths (docs/probe.md, *Verdicts that rest on time*): a trial of 0.0 s is never evidence
/// of slowness, whatever a linear extrapolation from it says.
pub const EXTRAPOLATION_SHARE: f64 = 0.25;

/// Runs the trials of one probe and remembers what they showed.
pub(super) struct Runner<'s, 'p> {
    pub(super) spec: &'s ProbeSpec,
    progress: Progress<'p>,
    pub(super) seen: Observations,
    /// Child processes started.
    pub(super) trials: u32,
    /// An accepted trial needed longer than the normal timeout.
    slow: bool,
    /// The timeout trials get now: the spec's, or TIMEOUT_RETRY_FACTOR times it once a timeout
    /// turned out to be slowness.
    pub(super) timeout: Duration,
    /// The maximum depth ran out of the normal timeout in this probe (kept when the longer timeout
    /// makes the others forget it, since it may still be all that is needed there).
    pub(super) max_out_of_time: Option<TrialReport>,
}

impl Trials for Runner<'_, '_> {
    fn fails(&mut self, depth: u64) -> Result<bool> {
        self.fails_at(depth)
    }

    fn ran_out_of_time(&self, depth: u64) -> bool {
        self.timed_out_at(depth)
    }

    fn take_more_time(&mut self) -> bool {
        let longer = self.longer_timeout();
        if self.timeout >= longer {
            return false;
        }
        self.use_timeout(longer);
        true
    }

    fn named_depths(&self) -> Vec<u64> {
        self.seen.named_numbers()
    }

    /// Trials share the machine only while none was slow: the trials of a timing-sensitive parser
    /// run one by one, so that one does not slow another past the timeout.
    fn width(&self) -> usize {
        let timing_sensitive = self.slow
            || self.timeout != self.spec.trial.timeout
            || self.seen.any(|report| matches!(report.outcome, Outcome::Timeout { .. }));
        if timing_sensitive || !self.spec.transport().side_by_side() {
            1
        } else {
            self.spec.jobs.max(1)
        }
    }

    fn fails_all(&mut self, depths: &[u64]) -> Result<Vec<bool>> {
        if depths.len() <= 1 {
            return depths.iter().map(|&depth| self.fails_at(depth)).collect();
        }
        for &depth in depths {
            self.progress.trying(depth);
        }
        let (timeout, spec) = (self.timeout, self.spec);
        let reports: Vec<Result<TrialReport>> = std::thread::scope(|scope| {
            let running: Vec<_> = depths
                .iter()
                .map(|&depth| {
                    let payload = Payload::new(spec.format, spec.shape, depth);
                    scope.spawn(move || run_trial(spec, payload, timeout))
                })
                .collect();
            running
                .into_iter()
                .map(|t| t.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        });
        self.trials += depths.len() as u32;
        if interrupt::requested() {
            bail!(Interrupted);
        }
        let mut failed = Vec::with_capacity(depths.len());
        for (&depth, report) in depths.iter().zip(reports) {
            let report = report?;
            self.progress.tried(depth, &report);
            failed.push(self.judge(depth, report)?);
        }
        Ok(failed)
    }

    fn discard(&mut self, depths: &[u64]) {
        for &depth in depths {
            self.seen.forget_last(depth);
        }
    }
}

/// How many times a trial that the machine's load starved of a CPU is run before the probe gives up.
const STARVED_TRIES: u32 = 3;

/// The machine was so busy that a trial ran out of time while it waited for a CPU, STARVED_TRIES
/// times: its timeout would be the load's, not the parser's, so nothing is concluded.
#[derive(Debug)]
pub struct MachineTooBusy {
    pub depth: u64,
    pub waited: Duration,
    pub wall: Duration,
}

impl std::fmt::Display for MachineTooBusy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the machine is too busy to measure: the trial at depth {} waited {:.1} s for a CPU in \
             {:.1} s, {STARVED_TRIES} times (its timeout would be the load's, not the parser's)",
            self.depth,
            self.waited.as_secs_f64(),
            self.wall.as_secs_f64()
        )
    }
}

impl std::error::Error for MachineTooBusy {}

/// One trial, judged by the spec's exit statuses: run again when it ran out of time only because
/// it waited for a CPU (its own time short of the timeout when the wall-clock bound ended it:
/// src/sys/monitor.rs), up to STARVED_TRIES times.
fn run_trial(spec: &ProbeSpec, payload: Payload, timeout: Duration) -> Result<TrialReport> {
    let mut tries = 0;
    loop {
        let report = spec.classified(spec.transport().run(payload, timeout)?);
        tries += 1;
        if !report.starved || interrupt::requested() {
            return Ok(report);
        }
        if tries == STARVED_TRIES {
            bail!(MachineTooBusy { depth: payload.depth, waited: report.queued, wall: report.wall });
        }
    }
}

impl<'s, 'p> Runner<'s, 'p> {
    /// A runner of `spec`'s trials that have not started, with the spec's timeout.
    pub(super) fn new(spec: &'s ProbeSpec, progress: Progress<'p>) -> Runner<'s, 'p> {
        Runner {
            spec,
            progress,
            seen: Observations::default(),
            trials: 0,
            slow: false,
            timeout: spec.trial.timeout,
            max_out_of_time: None,
        }
    }

    /// The result of the probe, started at `started`, that concluded so; first, where a search
    /// accepted everything too quickly to tell how its time grows, a few trials more to tell.
    pub(super) fn result(&mut self, started: Instant, concluded: Concluded) -> ProbeResult {
        if let Concluded::Boundary(Boundary { min_failing: None, max_accepted, mode, .. }) = concluded {
            if self.spec.sample_growth
                && mode != SearchMode::Confirmed
                && Growth::estimate(&self.seen.accepted_times()).is_none()
            {
                self.sample_growth(max_accepted);
            }
        }
        let tally = Tally { trials: self.trials, slow: self.slow, elapsed: started.elapsed() };
        assemble(self.spec, &self.seen, concluded, tally)
    }

    pub(super) fn search(&mut self, hint: Option<Hint>) -> Result<Boundary> {
        find_boundary(self.spec.max_depth, hint, self)
    }

    /// Narrows a bracket the search left (see `confirm::first_boundary`).
    pub(super) fn refine(&mut self, bracket: Boundary) -> Result<Boundary> {
        refine(self.spec.max_depth, bracket, self)
    }

    /// Whether the last trial at `depth` timed out.
    pub(super) fn timed_out_at(&self, depth: u64) -> bool {
        self.seen.last_at(depth).is_some_and(|r| matches!(r.outcome, Outcome::Timeout { .. }))
    }

    /// From now on trials get `timeout`, and the timeouts seen with the other one are forgotten
    /// (with the shorter one they said only that the program was slow there).
    pub(super) fn use_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
        self.seen.forget_timeouts();
    }

    /// The timeout a trial that timed out is given to show it was only slow.
    pub(super) fn longer_timeout(&self) -> Duration {
        self.spec.trial.timeout.saturating_mul(TIMEOUT_RETRY_FACTOR)
    }

    /// Whether the time `depth` took says the maximum cannot finish `within` this time: parsing
    /// work grows at least linearly with depth, on top of what any trial costs (starting the
    /// runtime), which is at most the fastest trial of this probe. Only a trial whose work was a
    /// large part of the timeout says so (see `is_cheap`): a cheap one's time is mostly noise.
    pub(super) fn maximum_cannot_finish(&self, depth: u64, within: Duration) -> bool {
        let Some(work) = self.work_at(depth).filter(|work| !self.is_cheap(*work)) else {
            return false;
        };
        let fixed = self.seen.fastest().unwrap_or_default().as_secs_f64();
        let at_maximum = fixed + work.as_secs_f64() * self.spec.max_depth as f64 / depth as f64;
        at_maximum > within.as_secs_f64()
    }

    /// The work of the last accepted trial at `depth`: its own time less what any trial costs (the
    /// fastest of this probe).
    pub(super) fn work_at(&self, depth: u64) -> Option<Duration> {
        let took = self.seen.last_judged(depth, false)?;
        Some(took.own_time().saturating_sub(self.seen.fastest()?))
    }

    /// Whether `work` is too small a part of the normal timeout to extrapolate from
    /// (EXTRAPOLATION_SHARE): the next depth is tried instead.
    pub(super) fn is_cheap(&self, work: Duration) -> bool {
        work < self.spec.trial.timeout.mul_f64(EXTRAPOLATION_SHARE)
    }

    /// The maximum depth passed: no limit up to it.
    pub(super) fn no_limit(&self, mode: SearchMode) -> Boundary {
        Boundary { max_accepted: self.spec.max_depth, min_failing: None, trials: self.trials, mode }
    }

    /// Runs each depth again until it has been seen that many times in this probe, side by side
    /// where trials may be.
    pub(super) fn check_all(&mut self, wanted: &[(u64, usize)]) -> Result<()> {
        let mut pending: Vec<u64> = wanted
            .iter()
            .flat_map(|&(depth, times)| {
                std::iter::repeat_n(depth, times.saturating_sub(self.seen.count(depth)))
            })
            .collect();
        while !pending.is_empty() {
            let batch: Vec<u64> = pending.drain(..self.width().min(pending.len())).collect();
            self.fails_all(&batch)?;
        }
        Ok(())
    }

    /// Runs depth again until it has been seen `times` times in this probe.
    pub(super) fn check(&mut self, depth: u64, times: usize) -> Result<()> {
        while self.seen.count(depth) < times {
            self.fails_at(depth)?;
        }
        Ok(())
    }

    /// One trial at `depth` (two when the first times out); whether it failed.
    pub(super) fn fails_at(&mut self, depth: u64) -> Result<bool> {
        let payload = Payload::new(self.spec.format, self.spec.shape, depth);
        let report = self.run(payload, self.timeout)?;
        self.judge(depth, report)
    }

    /// Whether the trial at `depth` failed; remembers it.
    fn judge(&mut self, depth: u64, report: TrialReport) -> Result<bool> {
        self.slow |= report.outcome == Outcome::Accepted && report.own_time() > self.spec.trial.timeout;
        if report.outcome == Outcome::Accepted && !report.read_whole_input {
            bail!(InputNotRead(depth));
        }
        let failed = is_failure(self.spec.shape, &report.outcome);
        self.progress.judged(depth, failed);
        let normal_timeout = self.timeout == self.spec.trial.timeout;
        if depth == self.spec.max_depth && normal_timeout && matches!(report.outcome, Outcome::Timeout { .. })
        {
            self.max_out_of_time = Some(report.clone());
        }
        self.seen.record(depth, failed, report);
        Ok(failed)
    }

    fn run(&mut self, payload: Payload, timeout: Duration) -> Result<TrialReport> {
        self.progress.trying(payload.depth);
        let report = run_trial(self.spec, payload, timeout)?;
        self.trials += 1;
        if interrupt::requested() {
            bail!(Interrupted);
        }
        self.progress.tried(payload.depth, &report);
        Ok(report)
    }

    /// Accepted trials at a half, a quarter and an eighth of the deepest accepted depth, when a
    /// search accepted everything up to its maximum in too few trials to tell how the time grows
    /// with depth. Only where the deepest trial took measurable work, so it costs less than that
    /// trial did again; a trial that cannot run is left out. Not when confirming a "no limit" found
    /// before: the growth is not a fact (src/results/sameness.rs), a run keeps the record that has
    /// it, and sampling again cost a warm run almost one more maximum-depth trial per such probe.
    fn sample_growth(&mut self, deepest: u64) {
        let Some(fastest) = self.seen.fastest() else { return };
        let work = self.seen.last_judged(deepest, false).map(|r| r.own_time().saturating_sub(fastest));
        if work.is_none_or(|w| w.as_secs_f64() < 4.0 * growth::MIN_WORK_SECONDS) {
            return;
        }
        for depth in [deepest / 2, deepest / 4, deepest / 8] {
            if depth >= 1
                && self.seen.count(depth) == 0
                && !interrupt::requested()
                && self.fails_at(depth).is_err()
            {
                return;
            }
        }
    }
}
