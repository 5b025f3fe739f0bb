//! Probing one parser program: a search over depths where every step is one trial, then checks
//! that the answer can be trusted.
//!
//! - A boundary set by a timeout counts only when a run with a longer limit times out there too: on a
//!   loaded machine a slow parser must not get a fake limit. One that then finishes is *slow*, not
//!   limited: where exactly it crosses the timeout is the machine's speed, so a cold search stops
//!   narrowing a timed-out bracket at a factor of two and tries its deep end with the longer limit.
//! - The boundary is verified: the deepest accepted depth and the smallest failing one are each run
//!   again (a confirmed hint counts as the earlier sighting). Depth 1 is run again before giving up.
//! - Outcomes that disagree at one depth, or a failure below an accepted depth, make the result
//!   *unstable*: no exact number, but the window and the outcomes seen.
//! - A program that exits 0 without reading its whole payload is not parsing it: the probe stops and
//!   says so.

mod observations;
pub mod options;
pub mod search;
pub mod sweep;

use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use crate::payload::{Payload, PayloadFormat, Shape};
use crate::probe::observations::Observations;
use crate::probe::search::{find_boundary, refine, Boundary, Hint, Trials};
use crate::results::crash_site::CrashSite;
use crate::results::error_status::ErrorStatuses;
use crate::results::growth::{self, Growth};
use crate::results::outcome::{is_stop_signal, Failure, FailureKind, Outcome};
use crate::results::phase::Phase;
use crate::results::probe_result::{ProbeResult, ProbeStatus, SearchMode};
use crate::results::settings::Settings;
use crate::sys::interrupt::{self, Interrupted};
use crate::sys::trial::{aslr_can_be_disabled, TrialConfig, TrialReport};

/// A trial that timed out is run again with this many times the timeout before the timeout counts.
pub const TIMEOUT_RETRY_FACTOR: u32 = 4;

/// An unstable result measured before is confirmed when its depths disagree again within this many
/// runs of each (a coin-flip at one depth shows both sides in three runs three times in four).
const UNSTABLE_CONFIRM_ROUNDS: usize = 3;
/// A slow result is confirmed at a depth whose trial takes about this share of the timeout at most
/// (see `confirm_slow`).
const SLOW_CONFIRMATION_SHARE: f64 = 0.4;

/// Everything that defines one probe. Built from the command line or from a catalog entry.
#[derive(Clone, Debug)]
pub struct ProbeSpec {
    pub trial: TrialConfig,
    /// The command as results record it (catalog runs: with `{build}`/`{dir}` placeholders).
    pub command: Vec<String>,
    pub format: PayloadFormat,
    pub shape: Shape,
    pub max_depth: u64,
    pub hint: Option<Hint>,
    /// Re-run the boundary this many times in all (1: once).
    pub repeat: u32,
    /// The phase the program is asked to run, passed as its last argument (see `with_phase`).
    pub phase: Option<Phase>,
    /// Trials run at once (an (N+1)-ary search; 1: one by one).
    pub jobs: usize,
    /// The exit statuses that are the library's clean error (1 unless declared).
    pub error_status: ErrorStatuses,
    /// The file the command ran, where it was looked up (a bare name on the caller's PATH), for
    /// results to name.
    pub program: Option<String>,
    /// Whether a search that accepted the maximum in too few trials to tell how its time grows runs
    /// a few shallower ones to tell (see `Runner::sample_growth`); `run --quick` measures the
    /// boundary alone.
    pub sample_growth: bool,
}

/// Told about every trial of a probe, for progress display. A closure taking the depth and the
/// trial's report is one (it hears only `tried`).
pub trait Observer {
    /// A probe starts (a sweep runs several with one observer).
    fn started(&mut self, _spec: &ProbeSpec) {}
    /// A child is about to get the payload of this depth.
    fn trying(&mut self, _depth: u64) {}
    /// A child ran: depth, what happened, how long it took.
    fn tried(&mut self, depth: u64, report: &TrialReport);
    /// The trial at this depth counted as a failure or not (after any timeout retry).
    fn judged(&mut self, _depth: u64, _failed: bool) {}
}

impl<F: FnMut(u64, &TrialReport)> Observer for F {
    fn tried(&mut self, depth: u64, report: &TrialReport) {
        self(depth, report)
    }
}

pub type Progress<'a> = &'a mut dyn Observer;

/// The program exited 0 without reading its whole payload at this depth.
#[derive(Debug)]
struct InputNotRead(u64);

impl std::fmt::Display for InputNotRead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exited 0 without reading its whole input at depth {}", self.0)
    }
}

impl std::error::Error for InputNotRead {}

/// Valid input of depth 1 was not parsed, twice: nothing about nesting can be measured in this shape.
#[derive(Debug)]
pub struct DepthOneRejected {
    /// The payload, as people read it.
    pub payload: String,
    /// What happened at depth 1.
    pub outcome: String,
}

impl std::fmt::Display for DepthOneRejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the program cannot parse even depth 1 ({}): {}", self.payload, self.outcome)
    }
}

impl std::error::Error for DepthOneRejected {}

/// Runs the probe. Fails when the program cannot be started, cannot handle even depth 1, or the
/// user pressed Ctrl-C.
pub fn probe(spec: &ProbeSpec, progress: Progress<'_>) -> Result<ProbeResult> {
    spec.format.check(spec.shape, spec.max_depth).map_err(anyhow::Error::msg)?;
    let started = Instant::now();
    progress.started(spec);
    let mut runner = Runner {
        spec,
        progress,
        seen: Observations::default(),
        trials: 0,
        slow: false,
        timeout: spec.trial.timeout,
        max_out_of_time: None,
    };

    let not_read = |runner: &mut Runner, error: &anyhow::Error| {
        let at = error.downcast_ref::<InputNotRead>()?.0;
        Some(runner.result(started, Ending::InputNotRead(at)))
    };
    let mut hint = spec.hint;
    if let Some(no_limit @ (Hint::NoLimit | Hint::NoLimitSlowly { took_millis: None })) = hint {
        match confirm_no_limit(&mut runner, no_limit != Hint::NoLimit)? {
            Some(boundary) => return Ok(runner.result(started, Ending::Boundary(&boundary))),
            // It fails at the maximum now: nothing says where, so search as if cold.
            None => hint = None,
        }
    }
    if let Some(Hint::Unstable { lowest_failing, highest_passing }) = hint {
        if let Some(window) = confirm_unstable(&mut runner, lowest_failing, highest_passing)? {
            return Ok(runner.result(started, Ending::Boundary(&window)));
        }
        // They agree now: search from where it failed before.
        hint = Some(Hint::FailsAt(lowest_failing));
    }
    let slow = match hint {
        Some(Hint::Slow { finished, took_millis, crash_depth }) => {
            Some((finished, Some(took_millis), crash_depth))
        }
        Some(Hint::NoLimitSlowly { took_millis: Some(took) }) => {
            Some((spec.max_depth, Some(Some(took)), None))
        }
        Some(Hint::SlowElsewhere(depth)) => Some((depth, None, None)),
        _ => None,
    };
    // A failure deeper than a slow depth that the confirmation found: verified below like any.
    let mut found_deeper = None;
    if let Some((depth, took_millis, crash_depth)) = slow {
        // Its own slow result (`took_millis` given), or another probe's.
        let own = took_millis.map(|took| took.map(Duration::from_millis));
        match confirm_slow(&mut runner, depth, own, crash_depth)? {
            Some(Searched::Slow(slow)) => return Ok(runner.result(started, Ending::Slow(slow))),
            Some(Searched::Boundary(boundary)) if boundary.min_failing.is_some() => {
                found_deeper = Some(boundary)
            }
            Some(Searched::Boundary(mut boundary)) => {
                if matches!(hint, Some(Hint::NoLimitSlowly { .. })) {
                    // The maximum it reached before, reached again.
                    boundary.mode = SearchMode::Confirmed;
                }
                return Ok(runner.result(started, Ending::Boundary(&boundary)));
            }
            // It did not finish even with the longer timeout: search as if cold.
            None => hint = None,
        }
    }
    let first = match found_deeper
        .map(|b| Ok(Searched::Boundary(b)))
        .unwrap_or_else(|| first_boundary(&mut runner, hint))
    {
        Err(error) => return not_read(&mut runner, &error).ok_or(error),
        Ok(Searched::Slow(slow)) => return Ok(runner.result(started, Ending::Slow(slow))),
        Ok(Searched::Boundary(first)) => first,
    };
    if first.max_accepted == 0 {
        // Depth 1 failed: once more, before giving up on the program. (Invalid input accepted, or
        // a crash, at depth 1 is a finding of its own; valid input not parsed there is an error.)
        runner.check(1, 2)?;
        if !runner.seen.flipped() && spec.shape.must_be_accepted() {
            let outcome = runner.seen.last_at(1).map(|r| r.outcome.describe()).unwrap_or_default();
            return Err(DepthOneRejected {
                payload: Payload::new(spec.format, spec.shape, 1).show(),
                outcome,
            }
            .into());
        }
    } else if let Some(min_failing) = first.min_failing {
        // Verify both sides of the boundary; a confirmed hint is the earlier sighting of each.
        let wanted = if first.mode == SearchMode::Confirmed { 1 } else { 2 };
        let mut checks = vec![(first.max_accepted, wanted), (min_failing, wanted)];
        if first.mode == SearchMode::Cold {
            // A bisection only ever asks inside the bracket, so a program that accepts only odd
            // depths would look exact: one depth below the bracket must pass too, or, where there
            // is none (a boundary at 2), one above it must fail.
            if first.max_accepted > 1 {
                checks.push((first.max_accepted - 1, 1));
            } else if min_failing < spec.max_depth {
                checks.push((min_failing + 1, 1));
            }
        }
        runner.check_all(&checks)?;
    }
    let mut repeats_agree = true;
    for _ in 1..spec.repeat {
        let again = runner.search(Some(Hint::from_min_failing(first.min_failing)))?;
        repeats_agree &= again.min_failing == first.min_failing;
    }
    let mut result = runner.result(started, Ending::Boundary(&first));
    if !repeats_agree && result.status == ProbeStatus::Exact {
        result.status = ProbeStatus::Unstable;
        result.unstable = true;
        result.max_accepted_depth = None;
        result.min_failing_depth = None;
        result.payload_bytes = None;
    }
    Ok(result)
}

/// The boundary the search finds. One set by a timeout counts only if a run with a longer limit
/// times out there too; if that run finishes, the parser is slow, not limited there (the shorter
/// limit's timeouts are forgotten). A cold search leaves a timed-out bracket within a factor of two
/// (see src/search.rs); when its deep end does not finish with the longer limit either, the bracket
/// is narrowed with the normal limit after all, and its boundary checked the same way.
fn first_boundary(runner: &mut Runner, hint: Option<Hint>) -> Result<Searched> {
    let mut found = runner.search(hint)?;
    let mut escalated = None;
    // A limit found before above where this machine ran out of time, not yet searched for with the
    // longer timeout.
    let earlier_limit = match hint {
        Some(Hint::FailsAt(limit)) => Some(limit),
        _ => None,
    };
    loop {
        let Some(depth) = found.min_failing.filter(|&d| runner.timed_out_at(d)) else {
            return Ok(Searched::Boundary(found));
        };
        if escalated != Some(depth) {
            runner.use_timeout(runner.longer_timeout());
            if !runner.fails_at(depth)? {
                // It finished with more time. Where the previous run found a limit above it (a
                // parser slow near its limit: kramdown takes 8.8 s at 921 and stops at 922), a
                // slower or busier machine only ran out of time before reaching it: that limit is
                // tried with the longer timeout before the parser is called slow. Only the two
                // depths beside it: a search with the longer timeout could cost minutes.
                let mut finished = depth;
                if let Some(limit) = earlier_limit.filter(|&limit| limit > depth) {
                    if limit - 1 == depth || !runner.fails_at(limit - 1)? {
                        finished = limit - 1;
                        if runner.fails_at(limit)? && !runner.timed_out_at(limit) {
                            let trials = runner.trials;
                            let mode = SearchMode::Confirmed;
                            let limit =
                                Boundary { max_accepted: limit - 1, min_failing: Some(limit), trials, mode };
                            return Ok(Searched::Boundary(limit));
                        }
                    }
                }
                return slow_or_unlimited(runner, finished, found.mode, false);
            }
        }
        if depth == found.max_accepted + 1 {
            return Ok(Searched::Boundary(found));
        }
        // Out of time with the longer limit too, and not yet exact: what the longer limit saw at
        // `depth` is kept while the normal one narrows the bracket.
        escalated = Some(depth);
        runner.timeout = runner.spec.trial.timeout;
        found = runner.refine(found)?;
    }
}

/// `depth` finished, but only with the longer timeout: the parser is slow there, or, when the
/// maximum depth finishes too, it has no limit. (Searching for where it stops finishing in time
/// would measure the machine, not the parser.)
///
/// The maximum gets the normal timeout when the time `depth` took says it cannot finish within the
/// longer one anyway (see `Runner::maximum_cannot_finish`; a cold search's first trial there, which
/// already ran out of the normal timeout, is then not run again), else the longer timeout. When
/// `confirming` a slow result measured before, a maximum that cannot finish is not run at all: it
/// could only be killed at the timeout (a crash the earlier result saw deeper is tried by
/// `confirm_slow`).
///
/// Only a maximum that ran out of time makes the parser slow: one that failed otherwise, or a
/// failure other than a timeout seen deeper already, is searched (`search_beyond_slow`).
fn slow_or_unlimited(
    runner: &mut Runner,
    depth: u64,
    mode: SearchMode,
    confirming: bool,
) -> Result<Searched> {
    let max_depth = runner.spec.max_depth;
    if depth >= max_depth {
        return Ok(Searched::Boundary(runner.no_limit(mode)));
    }
    runner.use_timeout(runner.spec.trial.timeout);
    if runner.seen.count(1) == 0 {
        // What a trial costs at all (starting the runtime): the baseline of the extrapolation.
        runner.fails_at(1)?;
    }
    // Confirming a slow result (or one that reached the maximum only with the longer timeout, the
    // same fact), a maximum that cannot finish within the normal timeout is that fact again: whether
    // the longer one would see it through is this machine's speed.
    if confirming && runner.maximum_cannot_finish(depth, runner.spec.trial.timeout) {
        return Ok(Searched::Slow(Slow { finished: depth, crash_depth: None, mode }));
    }
    // A failure that was not the time running out, seen deeper already (a cold search's trials
    // that crashed quickly while the ones below them timed out): where it starts is searched.
    if let Some(failing) = runner.seen.lowest_failing_otherwise_above(depth) {
        return search_beyond_slow(runner, depth, failing, mode);
    }
    let normal_timeout_says_enough = runner.maximum_cannot_finish(depth, runner.longer_timeout());
    if !normal_timeout_says_enough {
        runner.use_timeout(runner.longer_timeout());
    }
    let failed = match runner.max_out_of_time.take().filter(|_| normal_timeout_says_enough) {
        Some(report) => {
            runner.seen.record(max_depth, true, report);
            true
        }
        None => runner.fails_at(max_depth)?,
    };
    if !failed {
        return Ok(Searched::Boundary(runner.no_limit(mode)));
    }
    if runner.timed_out_at(max_depth) {
        return Ok(Searched::Slow(Slow { finished: depth, crash_depth: None, mode }));
    }
    // It failed at the maximum otherwise (a signal, an exit status, out of memory): a limit or a
    // crash deeper than where it is slow, which the slowness must not hide.
    search_beyond_slow(runner, depth, max_depth, mode)
}

/// `not_failing` finished or ran out of time, `failing` failed otherwise than by running out of
/// time: the smallest such failing depth, searched with the longer timeout, where a trial that runs
/// out of it counts as not failing yet. The boundary, exact, when the depth below that failure
/// finished; else the parser is slow at the deepest depth it finished, and a crash there is
/// recorded with it (`ProbeResult::crash_depth`).
fn search_beyond_slow(
    runner: &mut Runner,
    not_failing: u64,
    failing: u64,
    mode: SearchMode,
) -> Result<Searched> {
    // (What ran out of the longer timeout already is kept: it is what the search needs.)
    runner.take_more_time();
    let bracket =
        Boundary { max_accepted: not_failing, min_failing: Some(failing), trials: runner.trials, mode };
    let max_depth = runner.spec.max_depth;
    let boundary =
        refine(max_depth, bracket, &mut |depth| Ok(runner.fails_at(depth)? && !runner.timed_out_at(depth)))?;
    let below = boundary.max_accepted;
    let failing = boundary.min_failing.unwrap_or(failing);
    if !runner.timed_out_at(below) {
        let mode = if mode == SearchMode::Confirmed { SearchMode::ReSearched } else { mode };
        return Ok(Searched::Boundary(Boundary {
            min_failing: Some(failing),
            trials: runner.trials,
            mode,
            ..boundary
        }));
    }
    let crashed = runner
        .seen
        .last_judged(failing, true)
        .and_then(|report| failure_of(runner.spec, &report.outcome))
        .is_some_and(|failure| failure.kind == FailureKind::Crash);
    let deepest = runner.seen.window()[1].unwrap_or(not_failing);
    Ok(Searched::Slow(Slow { finished: deepest, crash_depth: crashed.then_some(failing), mode }))
}

/// A slow parser measured before: it still finishes `depth` with the longer timeout, and deeper
/// still does not finish in time (see `slow_or_unlimited`): two trials (depth 1 and `depth`), three
/// when the time `depth` took does not prove that the maximum cannot finish, instead of a search
/// that times out over and over. `None` when `depth` no longer finishes, or, hinted by another
/// probe (`own` None), finishes in less than half the normal timeout: the caller searches again.
///
/// `own`: the probe's own slow result (or its maximum, reached only with the longer timeout), with
/// what `depth` took then when that was the same program (version). Such a depth took longer than
/// the timeout, up to four times as long; a shallower one whose work is a fraction of it confirms
/// the same fact (work grows at least linearly with depth, so the maximum's extrapolated time is no
/// shorter) at a fraction of the cost: the depths between were accepted by this version before, and
/// how deep a slow parser finishes is not a fact.
///
/// `crash_depth`: where the slow result measured before saw a crash deeper (see
/// `ProbeResult::crash_depth`): tried again once the slowness is confirmed, and searched from when
/// it still fails there otherwise than by running out of time.
fn confirm_slow(
    runner: &mut Runner,
    depth: u64,
    own: Option<Option<Duration>>,
    crash_depth: Option<u64>,
) -> Result<Option<Searched>> {
    let measured_here = own.is_some();
    let enough = runner.spec.trial.timeout.mul_f64(SLOW_CONFIRMATION_SHARE);
    let depth = match own.flatten() {
        Some(took) if took > enough => {
            ((depth as f64 * enough.as_secs_f64() / took.as_secs_f64()) as u64).max(1)
        }
        _ => depth,
    };
    runner.use_timeout(runner.longer_timeout());
    if depth > runner.spec.max_depth || runner.fails_at(depth)? {
        runner.use_timeout(runner.spec.trial.timeout);
        return Ok(None);
    }
    // Far from slow there, where another probe was slow (a phase hinted by its row's slow parse,
    // when the parse alone is fast: commonmark.py's renderer is slow, its parser is not): its
    // deeper depths are for a search to find, not to be taken as out of reach. A probe's own slow
    // result is confirmed however fast this machine is: how deep it finishes is not a fact.
    let normal = runner.spec.trial.timeout;
    let fast_here = runner.seen.last_judged(depth, false).is_some_and(|report| report.wall < normal / 2);
    if !measured_here && fast_here {
        runner.use_timeout(normal);
        return Ok(None);
    }
    Ok(Some(match slow_or_unlimited(runner, depth, SearchMode::Confirmed, true)? {
        // Not slow any more: the maximum finished.
        Searched::Boundary(no_limit) if no_limit.min_failing.is_none() => {
            Searched::Boundary(Boundary { mode: SearchMode::ReSearched, ..no_limit })
        }
        Searched::Slow(slow) => {
            match crash_depth.filter(|&crash| crash > slow.finished && crash <= runner.spec.max_depth) {
                Some(crash) if slow.crash_depth.is_none() => {
                    runner.take_more_time();
                    let fails_otherwise = |runner: &mut Runner, depth| {
                        Ok::<_, anyhow::Error>(runner.fails_at(depth)? && !runner.timed_out_at(depth))
                    };
                    if fails_otherwise(runner, crash)? {
                        // The depth below first, as a warm search checks a boundary: where it too
                        // does not fail, nothing between is left to search.
                        let below = crash - 1;
                        let (not_failing, failing) = if below <= slow.finished {
                            (slow.finished, crash)
                        } else if fails_otherwise(runner, below)? {
                            (slow.finished, below)
                        } else {
                            (below, crash)
                        };
                        search_beyond_slow(runner, not_failing, failing, SearchMode::Confirmed)?
                    } else {
                        Searched::Slow(slow)
                    }
                }
                _ => Searched::Slow(slow),
            }
        }
        found => found,
    }))
}

/// An unstable result measured before: the depths whose outcomes disagreed (or contradicted each
/// other) are run again, up to UNSTABLE_CONFIRM_ROUNDS times each, until they disagree again. The
/// window seen when they do; `None` when they agree every time (the caller searches again).
fn confirm_unstable(
    runner: &mut Runner,
    lowest_failing: u64,
    highest_passing: u64,
) -> Result<Option<Boundary>> {
    let max_depth = runner.spec.max_depth;
    let mut depths = vec![lowest_failing, highest_passing];
    depths.retain(|&d| (1..=max_depth).contains(&d));
    depths.dedup();
    for _ in 0..UNSTABLE_CONFIRM_ROUNDS {
        for &depth in &depths {
            runner.fails_at(depth)?;
        }
        if !runner.seen.disagreements().is_empty() {
            let [low, high] = runner.seen.window();
            return Ok(Some(Boundary {
                max_accepted: high.unwrap_or(0),
                min_failing: low,
                trials: runner.trials,
                mode: SearchMode::Confirmed,
            }));
        }
    }
    Ok(None)
}

/// A parser that had no limit: the maximum depth once, and when that runs out of time (a payload
/// of megabytes can take about as long as the timeout) once more with the longer timeout, as a
/// cold search would before calling it a limit; with the longer one at once when it needed it last
/// time. `None` when it fails there.
fn confirm_no_limit(runner: &mut Runner, took_longer_before: bool) -> Result<Option<Boundary>> {
    let max_depth = runner.spec.max_depth;
    if took_longer_before {
        runner.use_timeout(runner.longer_timeout());
    }
    let mut failed = runner.fails_at(max_depth)?;
    if failed && !took_longer_before && runner.timed_out_at(max_depth) {
        runner.use_timeout(runner.longer_timeout());
        failed = runner.fails_at(max_depth)?;
    }
    if failed {
        runner.use_timeout(runner.spec.trial.timeout);
        return Ok(None);
    }
    Ok(Some(runner.no_limit(SearchMode::Confirmed)))
}

/// What the search came to.
enum Searched {
    Boundary(Boundary),
    Slow(Slow),
}

/// Timeouts, not a limit: the program finished `finished` with the longer timeout, and not the
/// deeper depths tried in time.
#[derive(Clone, Copy)]
struct Slow {
    finished: u64,
    /// The smallest deeper depth where it crashed before its time ran out, the depth below that
    /// not finishing (see `search_beyond_slow`).
    crash_depth: Option<u64>,
    mode: SearchMode,
}

/// How a probe ended, for its result.
#[derive(Clone, Copy)]
enum Ending<'a> {
    Boundary(&'a Boundary),
    InputNotRead(u64),
    Slow(Slow),
}

/// Runs the trials of one probe and remembers what they showed.
struct Runner<'s, 'p> {
    spec: &'s ProbeSpec,
    progress: Progress<'p>,
    seen: Observations,
    trials: u32,
    slow: bool,
    /// The timeout trials get now: the spec's, or TIMEOUT_RETRY_FACTOR times it once a timeout
    /// turned out to be slowness.
    timeout: Duration,
    /// The maximum depth ran out of the normal timeout in this probe (kept when the longer timeout
    /// makes the others forget it, since it may still be all that is needed there).
    max_out_of_time: Option<TrialReport>,
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
        if timing_sensitive {
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
        let (trial, timeout, spec) = (&self.spec.trial, self.timeout, self.spec);
        let reports: Vec<Result<TrialReport>> = std::thread::scope(|scope| {
            let running: Vec<_> = depths
                .iter()
                .map(|&depth| {
                    let payload = Payload::new(spec.format, spec.shape, depth);
                    scope.spawn(move || {
                        trial.run_with_timeout(payload, timeout).map(|report| spec.classified(report))
                    })
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

impl Runner<'_, '_> {
    fn search(&mut self, hint: Option<Hint>) -> Result<Boundary> {
        find_boundary(self.spec.max_depth, hint, self)
    }

    /// Narrows a bracket the search left (see `first_boundary`).
    fn refine(&mut self, bracket: Boundary) -> Result<Boundary> {
        refine(self.spec.max_depth, bracket, self)
    }

    /// Whether the last trial at `depth` timed out.
    fn timed_out_at(&self, depth: u64) -> bool {
        self.seen.last_at(depth).is_some_and(|r| matches!(r.outcome, Outcome::Timeout { .. }))
    }

    /// From now on trials get `timeout`, and the timeouts seen with the other one are forgotten
    /// (with the shorter one they said only that the program was slow there).
    fn use_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
        self.seen.forget_timeouts();
    }

    /// The timeout a trial that timed out is given to show it was only slow.
    fn longer_timeout(&self) -> Duration {
        self.spec.trial.timeout.saturating_mul(TIMEOUT_RETRY_FACTOR)
    }

    /// Whether the time `depth` took says the maximum cannot finish `within` this time: parsing
    /// work grows at least linearly with depth, on top of what any trial costs (starting the
    /// runtime), which is at most the fastest trial of this probe.
    fn maximum_cannot_finish(&self, depth: u64, within: Duration) -> bool {
        let (Some(took), Some(fixed)) = (self.seen.last_judged(depth, false), self.seen.fastest()) else {
            return false;
        };
        let work = took.wall.saturating_sub(fixed).as_secs_f64();
        let at_maximum = fixed.as_secs_f64() + work * self.spec.max_depth as f64 / depth as f64;
        at_maximum > within.as_secs_f64()
    }

    /// The maximum depth passed: no limit up to it.
    fn no_limit(&self, mode: SearchMode) -> Boundary {
        Boundary { max_accepted: self.spec.max_depth, min_failing: None, trials: self.trials, mode }
    }

    /// Runs each depth again until it has been seen that many times in this probe, side by side
    /// where trials may be.
    fn check_all(&mut self, wanted: &[(u64, usize)]) -> Result<()> {
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
    fn check(&mut self, depth: u64, times: usize) -> Result<()> {
        while self.seen.count(depth) < times {
            self.fails_at(depth)?;
        }
        Ok(())
    }

    /// One trial at `depth` (two when the first times out); whether it failed.
    fn fails_at(&mut self, depth: u64) -> Result<bool> {
        let payload = Payload::new(self.spec.format, self.spec.shape, depth);
        let report = self.run(payload, self.timeout)?;
        self.judge(depth, report)
    }

    /// Whether the trial at `depth` failed; remembers it.
    fn judge(&mut self, depth: u64, report: TrialReport) -> Result<bool> {
        self.slow |= report.outcome == Outcome::Accepted && report.wall > self.spec.trial.timeout;
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
        let report = self.spec.classified(self.spec.trial.run_with_timeout(payload, timeout)?);
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
        let work = self.seen.last_judged(deepest, false).map(|r| r.wall.saturating_sub(fastest));
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

    fn result(&mut self, started: Instant, ending: Ending<'_>) -> ProbeResult {
        if let Ending::Boundary(Boundary { min_failing: None, max_accepted, mode, .. }) = ending {
            if self.spec.sample_growth
                && *mode != SearchMode::Confirmed
                && Growth::estimate(&self.seen.accepted_times()).is_none()
            {
                self.sample_growth(*max_accepted);
            }
        }
        let spec = self.spec;
        let mut sightings = self.seen.disagreements();
        for outcome in sightings.iter_mut().flat_map(|s| s.outcomes.iter_mut()) {
            *outcome = redact(spec, outcome);
        }
        let (boundary, input_not_read_at, slow_at, crash_depth) = match ending {
            Ending::Boundary(boundary) => (Some(boundary), None, None, None),
            Ending::InputNotRead(at) => (None, Some(at), None, None),
            Ending::Slow(slow) => (None, None, Some(slow.finished), slow.crash_depth),
        };
        let status = match (input_not_read_at, slow_at, sightings.is_empty()) {
            (Some(_), ..) => ProbeStatus::InputNotRead,
            (None, _, false) => ProbeStatus::Unstable,
            (None, Some(_), true) => ProbeStatus::Slow,
            (None, None, true) => ProbeStatus::Exact,
        };
        let search = match ending {
            Ending::Boundary(boundary) => boundary.mode,
            Ending::InputNotRead(_) => SearchMode::ReSearched,
            Ending::Slow(slow) => slow.mode,
        };
        let exact = status == ProbeStatus::Exact;
        let window = self.seen.window();
        let min_failing = boundary.and_then(|b| b.min_failing).filter(|_| exact);
        let max_accepted = boundary
            .map(|b| b.max_accepted)
            .filter(|_| exact)
            .or(slow_at.filter(|_| status == ProbeStatus::Slow));
        let crash_depth = crash_depth.filter(|_| status == ProbeStatus::Slow);
        let failure_at = if exact { min_failing } else { crash_depth.or(window[0]) };
        // (Near the resident cap a depth can both pass and fail: each side takes its own trials.)
        let failure_report = failure_at.and_then(|d| self.seen.last_judged(d, true));
        let accepted_report = max_accepted.or(window[1]).and_then(|d| self.seen.last_judged(d, false));
        ProbeResult {
            command: spec.command.clone(),
            payload_format: spec.format,
            shape: spec.shape,
            phase: spec.phase,
            program: spec.program.clone(),
            error_status: spec.error_status.clone(),
            status,
            settings: Settings {
                stack_bytes: spec.trial.stack.bytes(),
                memory_bytes: spec.trial.memory.and_then(|m| m.bytes()),
                max_rss_bytes: spec.trial.max_rss,
                max_depth: spec.max_depth,
                timeout_seconds: spec.trial.timeout.as_secs_f64(),
                aslr_disabled: spec.trial.disable_aslr && aslr_can_be_disabled(),
            },
            env: spec.trial.env.record(),
            max_accepted_depth: max_accepted,
            min_failing_depth: min_failing,
            failure: failure_report
                .and_then(|r| failure_of(spec, &r.outcome))
                .map(|f| Failure { stderr: redact(spec, &f.stderr), ..f }),
            payload_bytes: min_failing.map(|d| Payload::new(spec.format, spec.shape, d).len()),
            peak_rss_bytes: accepted_report.map(|r| r.peak_rss_bytes),
            peak_rss_exact: accepted_report.is_some_and(|r| r.peak_rss_exact),
            accepted_seconds: accepted_report.map(|r| round_seconds(r.wall)),
            slow: self.slow,
            trials: self.trials,
            elapsed_seconds: round_seconds(started.elapsed()),
            search,
            boundary_window: window,
            unstable: status == ProbeStatus::Unstable,
            sightings,
            // A runtime that gave up (an abnormal exit) may have printed where; a signal's site
            // comes from a debugger afterwards (`locate_crash`).
            crashed_in: failure_report.and_then(|r| match &r.outcome {
                Outcome::Abnormal { stderr, .. } => CrashSite::from_runtime_output(stderr),
                _ => None,
            }),
            crash_depth,
            input_not_read_at,
            // Only a full result says the nesting was flattened: the deepest accepted payload's.
            flattened_to: accepted_report
                .and_then(|r| r.built_depth)
                .filter(|&built| max_accepted.is_some_and(|depth| built < depth)),
            growth: Growth::estimate(&self.seen.accepted_times()),
        }
    }
}

impl ProbeSpec {
    /// A trial's report with its exit status judged by the program's declared error statuses.
    fn classified(&self, report: TrialReport) -> TrialReport {
        let outcome = self.error_status.classify(report.outcome, &self.trial.fatal_stderr);
        TrialReport { outcome, ..report }
    }
}

/// For a crash by a signal at an exact depth, or deeper than a slow one: where it happened, from
/// one more run of that depth under a debugger (`crashed_in`; says why when it cannot be known).
pub fn locate_crash(spec: &ProbeSpec, result: &mut ProbeResult) {
    let crash_beyond_slow = result.crash_beyond_slow().map(|(depth, _)| depth);
    let Some(depth) = result.exact_failing_depth().or(crash_beyond_slow) else { return };
    let by_signal = result.failure.as_ref().and_then(|f| f.signal).is_some_and(|s| !is_stop_signal(s));
    if by_signal {
        let locate =
            |depth| crate::sys::debugger::locate(&spec.trial, Payload::new(spec.format, spec.shape, depth));
        let mut site = locate(depth);
        // A crash at the very edge of the stack may not happen under the debugger, whose start-up
        // leaves the child's stack a little different: an eighth deeper, the same recursion crashes.
        let deeper = (depth + depth / 8 + 1).min(spec.max_depth);
        if site.saw_no_crash() && deeper > depth {
            site = locate(deeper);
        }
        result.crashed_in = Some(site);
    }
}

/// For valid input anything but acceptance is a failure; for invalid input (`unclosed`) a clean
/// error is the right answer and anything else is a failure.
fn is_failure(shape: Shape, outcome: &Outcome) -> bool {
    if shape.must_be_accepted() {
        *outcome != Outcome::Accepted
    } else {
        !outcome.is_clean_error()
    }
}

fn failure_of(spec: &ProbeSpec, outcome: &Outcome) -> Option<Failure> {
    let failure = if spec.shape.must_be_accepted() {
        outcome.failure()
    } else {
        match outcome {
            clean if clean.is_clean_error() => None,
            Outcome::Accepted => Some(Failure {
                kind: FailureKind::Accepted,
                exit_code: Some(0),
                signal: None,
                signal_name: None,
                stderr: String::new(),
                peak_rss_bytes: None,
            }),
            other => other.failure(),
        }
    };
    let capped = spec.trial.memory.is_some_and(|m| m.bytes().is_some());
    failure.map(|f| if capped { f.under_memory_cap() } else { f })
}

/// Replaces the machine's paths in what the child printed (its folder, `$BUILD`, `$HOME`) by their
/// placeholders, so results hold no path of this machine.
fn redact(spec: &ProbeSpec, text: &str) -> String {
    let mut pairs = spec.trial.env.placeholders();
    if let Some(cwd) = &spec.trial.cwd {
        pairs.push((cwd.to_string_lossy().into_owned(), "{dir}".into()));
    }
    pairs.into_iter().fold(text.to_string(), |text, (path, placeholder)| text.replace(&path, &placeholder))
}

fn round_seconds(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(outcome: Outcome) -> TrialReport {
        TrialReport {
            outcome,
            wall: Duration::from_millis(10),
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
