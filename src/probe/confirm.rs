//! Whether an answer can be trusted: what a hint says was measured before, confirmed in a few
//! trials; a boundary set by a timeout tried with a longer one (slow, not limited); the boundary's
//! depths run again; repeated searches compared.

use std::time::Duration;

use anyhow::Result;

use crate::payload::Payload;
use crate::probe::assemble::{Concluded, Slow};
use crate::probe::classify::{failure_of, redact};
use crate::probe::runner::Runner;
use crate::probe::search::{refine, Boundary, Hint, Trials};
use crate::probe::spec::DepthOneRejected;
use crate::results::outcome::FailureKind;
use crate::results::probe_result::SearchMode;

/// An unstable result measured before is confirmed when its depths disagree again within this many
/// runs of each (a coin-flip at one depth shows both sides in three runs three times in four).
const UNSTABLE_CONFIRM_ROUNDS: usize = 3;
/// A slow result is confirmed at a depth whose trial takes about this share of the timeout at most
/// (see `confirm_slow`).
pub const SLOW_CONFIRMATION_SHARE: f64 = 0.4;

/// What the search came to.
pub(super) enum Searched {
    Boundary(Boundary),
    Slow(Slow),
}

/// What confirming a hint came to.
pub(super) enum Confirmed {
    /// The probe's conclusion: the hint's fact again, or what its confirmation found instead.
    Concluded(Concluded),
    /// A failure deeper than a slow depth that the confirmation found: verified like any boundary.
    FoundDeeper(Boundary),
    /// Nothing settled: search, with this hint.
    Search(Option<Hint>),
}

/// Whose slow result `confirm_slow` confirms.
#[derive(Clone, Copy, Debug, PartialEq)]
enum SlowBefore {
    /// Another probe's (the row's main shape, or the phase before this one): this probe may be
    /// fast there.
    OtherProbe,
    /// This probe's own (or its maximum, reached only with the longer timeout), with no time that
    /// applies now: another version of the program measured it, or it was given by hand.
    Own,
    /// This probe's own, and what the depth took then, measured with this same program.
    OwnTook(Duration),
}

impl SlowBefore {
    /// The slow depth a hint asks to confirm, whose slow result that was, and where a crash was
    /// seen deeper; `None` for a hint of another kind.
    fn of(hint: Option<Hint>, max_depth: u64) -> Option<(u64, SlowBefore, Option<u64>)> {
        let own = |took_millis: Option<u64>| {
            took_millis.map_or(SlowBefore::Own, |took| SlowBefore::OwnTook(Duration::from_millis(took)))
        };
        match hint? {
            Hint::Slow { finished, took_millis, crash_depth } => {
                Some((finished, own(took_millis), crash_depth))
            }
            Hint::NoLimitSlowly { took_millis: Some(took) } => Some((max_depth, own(Some(took)), None)),
            Hint::SlowElsewhere(depth) => Some((depth, SlowBefore::OtherProbe, None)),
            _ => None,
        }
    }
}

/// Confirms what the hint says was measured before (no limit, an unstable window, a slow depth) in
/// a few trials where it still holds; else says how to search.
pub(super) fn confirm_hint(runner: &mut Runner, hint: Option<Hint>) -> Result<Confirmed> {
    let mut hint = hint;
    if let Some(no_limit @ (Hint::NoLimit | Hint::NoLimitSlowly { took_millis: None })) = hint {
        match confirm_no_limit(runner, no_limit != Hint::NoLimit)? {
            Some(boundary) => return Ok(Confirmed::Concluded(Concluded::Boundary(boundary))),
            // It fails at the maximum now: nothing says where, so search as if cold.
            None => hint = None,
        }
    }
    if let Some(Hint::Unstable { lowest_failing, highest_passing, timed_out }) = hint {
        hint = Some(match confirm_unstable(runner, lowest_failing, highest_passing)? {
            RunAgain::Disagreed(window) => return Ok(Confirmed::Concluded(Concluded::Boundary(window))),
            // Where it ran out of time once, it finishes every time now: the window was where the
            // time ran out, so it is confirmed as a slow parser from there, in a trial or two. A
            // search from it would run trial after trial near the timeout (a warm Prometheus
            // finishes 32,769 levels in 4.8 s here: 60 trials, 607 s).
            RunAgain::Finished(deepest) if timed_out => {
                Hint::Slow { finished: deepest, took_millis: None, crash_depth: None }
            }
            // They agree now: search from where it failed before.
            RunAgain::Finished(_) | RunAgain::Failed => Hint::FailsAt(lowest_failing),
        });
    }
    let Some((depth, before, crash_depth)) = SlowBefore::of(hint, runner.spec.max_depth) else {
        return Ok(Confirmed::Search(hint));
    };
    Ok(match confirm_slow(runner, depth, before, crash_depth)? {
        Some(Searched::Slow(slow)) => Confirmed::Concluded(Concluded::Slow(slow)),
        Some(Searched::Boundary(boundary)) if boundary.min_failing.is_some() => {
            Confirmed::FoundDeeper(boundary)
        }
        Some(Searched::Boundary(mut boundary)) => {
            if matches!(hint, Some(Hint::NoLimitSlowly { .. })) {
                // The maximum it reached before, reached again.
                boundary.mode = SearchMode::Confirmed;
            }
            Confirmed::Concluded(Concluded::Boundary(boundary))
        }
        // It did not finish even with the longer timeout: search as if cold.
        None => Confirmed::Search(None),
    })
}

/// The boundary the search finds. One set by a timeout counts only if a run with a longer limit
/// times out there too; if that run finishes, the parser is slow, not limited there (the shorter
/// limit's timeouts are forgotten). A cold search leaves a timed-out bracket within a factor of two
/// (see src/probe/search.rs); when its deep end does not finish with the longer limit either, the bracket
/// is narrowed with the normal limit after all, and its boundary checked the same way.
pub(super) fn first_boundary(runner: &mut Runner, hint: Option<Hint>) -> Result<Searched> {
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

/// Runs the boundary's depths again before it counts. Depth 1 failed: once more before giving up
/// on the program (invalid input accepted, or a crash, at depth 1 is a finding of its own; valid
/// input not parsed there is an error).
pub(super) fn verify(runner: &mut Runner, first: &Boundary) -> Result<()> {
    let spec = runner.spec;
    if first.max_accepted == 0 {
        runner.check(1, 2)?;
        if !runner.seen.flipped() && spec.shape.must_be_accepted() && !spec.depth_one_is_a_result {
            let outcome = runner.seen.last_at(1).map(|r| r.outcome.describe()).unwrap_or_default();
            // Kept in records (a row's reason, a release's): without this machine's paths.
            let outcome = redact(spec, &outcome);
            return Err(DepthOneRejected {
                payload: Payload::new(spec.format, spec.shape, 1).show(),
                outcome,
            }
            .into());
        }
        return Ok(());
    }
    runner.check_all(&boundary_checks(first, spec.max_depth))
}

/// The depths a boundary is verified at, each with how many times it must have been seen: both
/// sides of the boundary (a confirmed hint is the earlier sighting of each), and after a cold
/// search one depth beyond the bracket. None where nothing failed.
fn boundary_checks(first: &Boundary, max_depth: u64) -> Vec<(u64, usize)> {
    let Some(min_failing) = first.min_failing else { return Vec::new() };
    let wanted = if first.mode == SearchMode::Confirmed { 1 } else { 2 };
    let mut checks = vec![(first.max_accepted, wanted), (min_failing, wanted)];
    if first.mode == SearchMode::Cold {
        // A bisection only ever asks inside the bracket, so a program that accepts only odd
        // depths would look exact: one depth below the bracket must pass too, or, where there
        // is none (a boundary at 2), one above it must fail.
        if first.max_accepted > 1 {
            checks.push((first.max_accepted - 1, 1));
        } else if min_failing < max_depth {
            checks.push((min_failing + 1, 1));
        }
    }
    checks
}

/// Searches again from the boundary found, until the spec's repeats are done; whether every search
/// found the same smallest failing depth.
pub(super) fn repeats_agree(runner: &mut Runner, first: &Boundary) -> Result<bool> {
    let mut agree = true;
    for _ in 1..runner.spec.repeat {
        let again = runner.search(Some(Hint::from_min_failing(first.min_failing)))?;
        agree &= again.min_failing == first.min_failing;
    }
    Ok(agree)
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
    let depth = match costly_depth(runner, depth, mode)? {
        Ok(depth) if depth >= max_depth => return Ok(Searched::Boundary(runner.no_limit(mode))),
        Ok(depth) => depth,
        Err(searched) => return Ok(searched),
    };
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

/// The deepest depth, from `depth` on, whose trial's work took a large part of the timeout, so
/// that its time may be extrapolated (`Runner::maximum_cannot_finish`): where the trial at `depth`
/// was cheap, deeper depths are tried, doubling, with the normal timeout. `Err` with the result
/// when one fails on the way: out of the longer timeout too (slow, on that trial's evidence), or
/// otherwise (searched beyond `depth`). A cheap trial's time is never evidence of slowness.
fn costly_depth(runner: &mut Runner, mut depth: u64, mode: SearchMode) -> Result<Result<u64, Searched>> {
    let (max_depth, normal) = (runner.spec.max_depth, runner.spec.trial.timeout);
    while depth < max_depth && runner.work_at(depth).is_some_and(|work| runner.is_cheap(work)) {
        let next = depth.saturating_mul(2).min(max_depth);
        if !runner.fails_at(next)? {
            depth = next;
            continue;
        }
        if runner.timed_out_at(next) {
            // Out of the normal timeout right after a cheap depth: the longer one decides, as in
            // a search.
            runner.use_timeout(runner.longer_timeout());
            if !runner.fails_at(next)? {
                runner.use_timeout(normal);
                return Ok(Ok(next));
            }
            if runner.timed_out_at(next) {
                return Ok(Err(Searched::Slow(Slow { finished: depth, crash_depth: None, mode })));
            }
        }
        return search_beyond_slow(runner, depth, next, mode).map(Err);
    }
    Ok(Ok(depth))
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
    let deepest = runner.seen.window()[1].unwrap_or(not_failing);
    let crash_depth = crashed_at(runner, failing).then_some(failing);
    Ok(Searched::Slow(Slow { finished: deepest, crash_depth, mode }))
}

/// Whether the last trial judged at `depth` failed by a crash.
fn crashed_at(runner: &Runner, depth: u64) -> bool {
    runner
        .seen
        .last_judged(depth, true)
        .and_then(|report| failure_of(runner.spec, &report.outcome))
        .is_some_and(|failure| failure.kind == FailureKind::Crash)
}

/// A slow parser measured before: it still finishes `depth` with the longer timeout, and deeper
/// still does not finish in time (see `slow_or_unlimited`): two trials (depth 1 and `depth`), three
/// when the time `depth` took does not prove that the maximum cannot finish, instead of a search
/// that times out over and over. `None` when `depth` no longer finishes, or, slow in another
/// probe only, finishes in less than half the normal timeout: the caller searches again.
///
/// `crash_depth`: where the slow result measured before saw a crash deeper (see
/// `ProbeResult::crash_depth`): tried again once the slowness is confirmed, and searched from when
/// it still fails there otherwise than by running out of time.
fn confirm_slow(
    runner: &mut Runner,
    depth: u64,
    before: SlowBefore,
    crash_depth: Option<u64>,
) -> Result<Option<Searched>> {
    let enough = runner.spec.trial.timeout.mul_f64(SLOW_CONFIRMATION_SHARE);
    // Such a depth took longer than the timeout, up to four times as long; a shallower one whose
    // work is a fraction of it confirms the same fact (work grows at least linearly with depth, so
    // the maximum's extrapolated time is no shorter) at a fraction of the cost: the depths between
    // were accepted by this version before, and how deep a slow parser finishes is not a fact.
    let depth = match before {
        SlowBefore::OwnTook(took) if took > enough => {
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
    let fast_here =
        runner.seen.last_judged(depth, false).is_some_and(|report| report.own_time() < normal / 2);
    if before == SlowBefore::OtherProbe && fast_here {
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
                Some(crash) if slow.crash_depth.is_none() => crash_beyond_slow_again(runner, slow, crash)?,
                _ => Searched::Slow(slow),
            }
        }
        found => found,
    }))
}

/// A slow result confirmed whose record saw a crash deeper, at `crash`: tried again there with the
/// longer timeout, and searched from when it still fails otherwise than by running out of time,
/// unless the depth below crashes too: the crash is seen again, only lower, and the lowest crash
/// seen is recorded without a search (a search between a slow depth and a crash runs trial after
/// trial out of the longer timeout, go-build-constraint's 1,090 s; the same-fact rules count a
/// crash at about the depth recorded as the same fact).
fn crash_beyond_slow_again(runner: &mut Runner, slow: Slow, crash: u64) -> Result<Searched> {
    runner.take_more_time();
    let fails_otherwise = |runner: &mut Runner, depth| {
        Ok::<_, anyhow::Error>(runner.fails_at(depth)? && !runner.timed_out_at(depth))
    };
    if !fails_otherwise(runner, crash)? {
        return Ok(Searched::Slow(slow));
    }
    // The depth below first, as a warm search checks a boundary: where it too does not fail,
    // nothing between is left to search.
    let below = crash - 1;
    let (not_failing, failing) = if below <= slow.finished {
        (slow.finished, crash)
    } else if fails_otherwise(runner, below)? {
        if crashed_at(runner, below) {
            return Ok(Searched::Slow(Slow { crash_depth: Some(below), ..slow }));
        }
        (slow.finished, below)
    } else {
        (below, crash)
    };
    search_beyond_slow(runner, not_failing, failing, SearchMode::Confirmed)
}

/// What an unstable result's depths did when run again.
enum RunAgain {
    /// Their outcomes disagreed again: the window seen.
    Disagreed(Boundary),
    /// Every run finished; the deepest of the depths.
    Finished(u64),
    /// Every run failed.
    Failed,
}

/// An unstable result measured before: the depths whose outcomes disagreed (or contradicted each
/// other) are run again, up to UNSTABLE_CONFIRM_ROUNDS times each, until they disagree again. The
/// window seen when they do; else whether they all finished or all failed every time (the caller
/// confirms or searches again).
fn confirm_unstable(runner: &mut Runner, lowest_failing: u64, highest_passing: u64) -> Result<RunAgain> {
    let max_depth = runner.spec.max_depth;
    let mut depths = vec![lowest_failing, highest_passing];
    depths.retain(|&d| (1..=max_depth).contains(&d));
    depths.dedup();
    let mut any_failed = false;
    for _ in 0..UNSTABLE_CONFIRM_ROUNDS {
        for &depth in &depths {
            any_failed |= runner.fails_at(depth)?;
        }
        if !runner.seen.disagreements().is_empty() {
            let [low, high] = runner.seen.window();
            return Ok(RunAgain::Disagreed(Boundary {
                max_accepted: high.unwrap_or(0),
                min_failing: low,
                trials: runner.trials,
                mode: SearchMode::Confirmed,
            }));
        }
    }
    Ok(match depths.iter().max() {
        Some(&deepest) if !any_failed => RunAgain::Finished(deepest),
        _ => RunAgain::Failed,
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn found(max_accepted: u64, min_failing: Option<u64>, mode: SearchMode) -> Boundary {
        Boundary { max_accepted, min_failing, trials: 5, mode }
    }

    #[test]
    fn a_cold_boundary_is_checked_twice_on_each_side_and_once_beyond_the_bracket() {
        assert_eq!(
            boundary_checks(&found(99, Some(100), SearchMode::Cold), 1000),
            [(99, 2), (100, 2), (98, 1)]
        );
        // A boundary at 2 has no depth below the bracket: one above it must fail.
        assert_eq!(boundary_checks(&found(1, Some(2), SearchMode::Cold), 1000), [(1, 2), (2, 2), (3, 1)]);
        // ... unless that is past the maximum.
        assert_eq!(boundary_checks(&found(1, Some(2), SearchMode::Cold), 2), [(1, 2), (2, 2)]);
    }

    #[test]
    fn a_confirmed_boundary_counts_its_hint_as_the_first_sighting_and_no_limit_has_nothing_to_check() {
        assert_eq!(boundary_checks(&found(99, Some(100), SearchMode::Confirmed), 1000), [(99, 1), (100, 1)]);
        assert_eq!(boundary_checks(&found(99, Some(100), SearchMode::ReSearched), 1000), [(99, 2), (100, 2)]);
        assert!(boundary_checks(&found(1000, None, SearchMode::Cold), 1000).is_empty());
    }

    #[test]
    fn a_slow_hint_says_whose_slow_result_it_was_and_what_it_took() {
        let slow = |took_millis| Some(Hint::Slow { finished: 200, took_millis, crash_depth: Some(300) });
        assert_eq!(
            SlowBefore::of(slow(Some(3000)), 1000),
            Some((200, SlowBefore::OwnTook(Duration::from_secs(3)), Some(300)))
        );
        assert_eq!(SlowBefore::of(slow(None), 1000), Some((200, SlowBefore::Own, Some(300))));
        assert_eq!(
            SlowBefore::of(Some(Hint::NoLimitSlowly { took_millis: Some(500) }), 1000),
            Some((1000, SlowBefore::OwnTook(Duration::from_millis(500)), None))
        );
        assert_eq!(
            SlowBefore::of(Some(Hint::SlowElsewhere(40)), 1000),
            Some((40, SlowBefore::OtherProbe, None))
        );
        for other in [
            None,
            Some(Hint::NoLimit),
            Some(Hint::NoLimitSlowly { took_millis: None }),
            Some(Hint::FailsAt(10)),
        ] {
            assert_eq!(SlowBefore::of(other, 1000), None, "{other:?}");
        }
    }
}
