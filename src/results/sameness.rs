//! When two measurements of a row are the same fact. CI runners and contributors' machines differ,
//! so a regeneration must not rewrite what only the machine moved. This is the one place that
//! says what counts as noise (README: "Same on every machine"):
//!
//! - **Stack-bound boundaries** (the row's sweep says `stack`, or the program crashed by a signal
//!   or said its stack ran out there) depend on a few hundred bytes of the machine (the kernel's
//!   auxiliary vector, the CPU, the path): a boundary within [`STACK_TOLERANCE`] of the committed
//!   one, failing the same way, is the committed one confirmed; so is a handled stack error beside
//!   a committed crash (a crash seen there once can happen again).
//! - **Resource-bound results** (`slow`, a timeout, out of memory) say that time or memory ran out:
//!   which one ran out first, and at what depth, is the machine's speed and memory. So does a
//!   parser that reached the deepest depth tried only with the longer timeout: a slower machine
//!   runs out of time before it. Two of them are the same fact, and what a run skips because its
//!   row ran out of time (the second shape) stays as committed.
//!   A parser that reached the maximum in more than a quarter of the timeout is one such result too:
//!   a machine four times slower runs out of time before it. So is a clean error reached that late,
//!   deeper than where a slow result ran out of time.
//! - **A crash is a crash**, however slow the parser: one seen deeper than where a slow parser
//!   finished (`crash_depth`) is the same fact as a crash at about that depth, slow or exact, and
//!   stays the fact when a slower machine runs out of time first; beside anything else it is news.
//! - **Unstable results** whose windows overlap are the same, give or take the level the flip lies
//!   beside; an exact boundary inside an unstable window is one sighting of that flip, the same fact.
//!   A stack-bound boundary seen both ways, a crash in one run and the runtime's handled stack error
//!   in another (SBCL), is such a window with both outcomes ([`seen_both_ways`]).
//! - **A warmed service's boundary** moves with its JIT's timing: two warm boundaries failing the
//!   same way within 2 % are the range it moves in, recorded as an unstable window (`warm_range`);
//!   a later one within 2 % of that range is the range again, kept as committed.
//! - Timings, trial counts, how a boundary was found and memory noise are never facts
//!   ([`Results::same_facts`]).
//!
//! A run or merge keeps the committed record when only such noise differs, and records a real
//! change with both values ([`Change`]).

use std::collections::BTreeMap;

use crate::payload::Shape;
use crate::results::change::Change;
use crate::results::outcome::{Failure, FailureKind};
use crate::results::part::Part;
use crate::results::probe_result::{ProbeResult, ProbeStatus, Sighting};
use crate::results::sweep_result::{SweepResult, Verdict};
use crate::results::warm_range::warm_range;
use crate::results::{ParserRecord, Results};

/// How far a stack-bound boundary may move and stay the same fact: 0.1 % of the depth, about
/// 8 KiB of an 8 MiB stack. The machine-dependent part measured so far is under 2 KiB.
pub const STACK_TOLERANCE: f64 = 0.001;

/// A maximum reached in more than this share of the timeout was reached only around it: a machine
/// as much slower as the longer timeout is longer (four times) runs out of time before it
/// (cmark-gfm's 20,000 list levels in 4.6 s here were "slow at 14,948" on a slower machine).
pub const AROUND_THE_TIMEOUT: f64 = 0.25;

/// The largest move of a stack-bound boundary at `depth` that is still the same fact.
pub fn stack_tolerance(depth: u64) -> u64 {
    ((depth as f64) * STACK_TOLERANCE).ceil() as u64
}

/// Whether the row's boundaries are set by the stack (its sweep says so).
pub fn stack_bound(record: &ParserRecord) -> bool {
    record.sweep.as_ref().is_some_and(|sweep| sweep.verdict == Verdict::Stack)
}

/// Whether this result's depth is where the stack ran out: an exact failure that is not time or
/// memory running out, in a stack-bound row or where the program crashed by a signal or said its
/// stack ran out (the depths [`same_probe`] gives the stack's tolerance).
pub fn stack_bound_depth(record: &ParserRecord, result: &ProbeResult) -> bool {
    let ran_out_of_stack = result.failure.as_ref().is_some_and(Failure::ran_out_of_stack);
    (stack_bound(record) || ran_out_of_stack)
        && result.exact_failing_depth().is_some()
        && !resource_bound(result)
}

/// Time or memory ran out, not a nesting limit; or the deepest depth tried finished only with the
/// longer timeout (python-markdown's 5,000,000 levels in 25 s on one machine are "slow at
/// 1,048,576" on one twice as slow).
fn resource_bound(result: &ProbeResult) -> bool {
    if result.crash_beyond_slow().is_some() {
        return false;
    }
    let ran_out = result.status == ProbeStatus::Slow
        || result
            .failure
            .as_ref()
            .is_some_and(|f| matches!(f.kind, FailureKind::Timeout | FailureKind::OutOfMemory));
    let barely_finished = result.status == ProbeStatus::Exact
        && result.exact_failing_depth().is_none()
        && (result.slow
            || result
                .accepted_seconds
                .is_some_and(|s| s > result.settings.timeout_seconds * AROUND_THE_TIMEOUT));
    ran_out || barely_finished
}

/// Whether `limit` is a clean error reached only around the timeout (its deepest accepted depth in
/// more than [`AROUND_THE_TIMEOUT`] of it), deeper than where `ran_out` ran out of time (slow, no
/// crash beyond): a machine as much slower as the longer timeout is longer runs out of time before
/// that limit, a faster one reaches it (java-jdk-dom's entity references: slow at 5,897 in 14.9 s on
/// one machine, a handled StackOverflowError at 12,417 after 5.2 s on another). A crash there is
/// news: a crash is a crash, however slow the parser.
fn limit_beyond_running_out(ran_out: &ProbeResult, limit: &ProbeResult) -> bool {
    let Some(finished) = ran_out.max_accepted_depth.filter(|_| ran_out.status == ProbeStatus::Slow) else {
        return false;
    };
    let clean_error = limit.failure.as_ref().is_some_and(|failure| failure.kind == FailureKind::Error);
    let around_the_timeout = limit
        .accepted_seconds
        .is_some_and(|seconds| seconds > limit.settings.timeout_seconds * AROUND_THE_TIMEOUT);
    ran_out.crash_beyond_slow().is_none()
        && limit.exact_failing_depth().is_some_and(|depth| depth > finished)
        && clean_error
        && around_the_timeout
}

/// Whether `new` says the same as `committed`, for a row whose boundaries are stack-bound or not.
pub fn same_probe(committed: &ProbeResult, new: &ProbeResult, stack_bound: bool) -> bool {
    if Results::same_result_facts(committed, new) {
        return true;
    }
    if !committed.settings.same_limits(&new.settings)
        || committed.env != new.env
        || committed.shape != new.shape
        || built_differently(committed, new)
    {
        return false;
    }
    if committed.crash_beyond_slow().is_some() || new.crash_beyond_slow().is_some() {
        // A crash seen beyond the slow depth stays when a slower machine runs out of time first.
        return same_crash(committed, new, stack_bound)
            || (committed.crash_beyond_slow().is_some() && resource_bound(new));
    }
    if resource_bound(committed) && resource_bound(new) {
        return true;
    }
    if limit_beyond_running_out(committed, new) || limit_beyond_running_out(new, committed) {
        return true;
    }
    if committed.status == ProbeStatus::Unstable || new.status == ProbeStatus::Unstable {
        return match (flip_region(committed), flip_region(new)) {
            (Some(a), Some(b)) => {
                // Where the stack runs out, the window moves with the machine like a boundary does.
                let slack = if stack_bound || both_out_of_stack(committed, new) {
                    stack_tolerance(a.1.max(b.1))
                } else {
                    0
                };
                overlap((a.0.saturating_sub(slack), a.1.saturating_add(slack)), b)
            }
            _ => false,
        };
    }
    // A crash by a signal at an exact depth, or a runtime saying its stack ran out, is the stack
    // running out, whatever the row's sweep says (nlohmann's dump() in `serialize`, a parser's
    // unclosed input, SBCL's control stack, which RLIMIT_STACK does not size).
    let (Some(was_failure), Some(now_failure)) = (&committed.failure, &new.failure) else { return false };
    let out_of_stack = was_failure.ran_out_of_stack() && now_failure.ran_out_of_stack();
    match (committed.exact_failing_depth(), new.exact_failing_depth()) {
        (Some(was), Some(now)) if stack_bound || out_of_stack => {
            // Where the stack runs out decides whether a runtime can still handle it: SBCL dies of
            // "exhausted while pseudo-atomic" in one run and signals a handled error two levels
            // on in the next. Both are the same stack running out ([`seen_both_ways`] keeps both).
            let same_way =
                was_failure.key() == now_failure.key() || crash_and_error(was_failure, now_failure);
            same_way && was.abs_diff(now) <= stack_tolerance(was)
        }
        _ => false,
    }
}

/// Both results' failures say the stack ran out (a signal, or a runtime's stack message).
fn both_out_of_stack(a: &ProbeResult, b: &ProbeResult) -> bool {
    let out_of_stack = |r: &ProbeResult| r.failure.as_ref().is_some_and(Failure::ran_out_of_stack);
    out_of_stack(a) && out_of_stack(b)
}

/// One failure a crash and the other a handled error, both the stack running out.
fn crash_and_error(a: &Failure, b: &Failure) -> bool {
    let kinds = [a.kind, b.kind];
    a.ran_out_of_stack()
        && b.ran_out_of_stack()
        && kinds.contains(&FailureKind::Crash)
        && kinds.contains(&FailureKind::Error)
}

/// Whether two results each saw a crash, the same way, at the same depth give or take the stack's
/// tolerance where the stack set it; exact or deeper than where a slow parser finished.
fn same_crash(a: &ProbeResult, b: &ProbeResult, stack_bound: bool) -> bool {
    let (Some((was, was_failure)), Some((now, now_failure))) = (a.crash_seen_at(), b.crash_seen_at()) else {
        return false;
    };
    let tolerance = if stack_bound || (was_failure.ran_out_of_stack() && now_failure.ran_out_of_stack()) {
        stack_tolerance(was)
    } else {
        0
    };
    was_failure.key() == now_failure.key() && was.abs_diff(now) <= tolerance
}

/// A stack-bound boundary seen both ways: an exact crash in one result and the runtime's handled
/// stack error in the other, within the stack's tolerance (SBCL's fatal "exhausted while
/// pseudo-atomic" at 9,060–9,063, its handled "Control stack exhausted" at 9,065). Neither alone is
/// the fact: the unstable window with both outcomes is, and a later run inside it changes nothing.
pub fn seen_both_ways(committed: &ProbeResult, new: &ProbeResult) -> Option<ProbeResult> {
    let (Some(was), Some(now)) = (committed.exact_failing_depth(), new.exact_failing_depth()) else {
        return None;
    };
    let (was_failure, now_failure) = (committed.failure.as_ref()?, new.failure.as_ref()?);
    let comparable = committed.settings.same_limits(&new.settings)
        && committed.env == new.env
        && committed.shape == new.shape;
    if !comparable || !crash_and_error(was_failure, now_failure) || was.abs_diff(now) > stack_tolerance(was) {
        return None;
    }
    let (lower, lower_failure) = if now < was { (new, now_failure) } else { (committed, was_failure) };
    let lowest_failing = was.min(now);
    let highest_passing = committed.max_accepted_depth.max(new.max_accepted_depth).unwrap_or(0);
    let mut outcomes: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for result in [committed, new] {
        if let (Some(depth), Some(failure)) = (result.exact_failing_depth(), &result.failure) {
            outcomes.entry(depth).or_default().push(failure.key());
        }
        if let Some(depth) = result.max_accepted_depth.filter(|&d| d > 0) {
            outcomes.entry(depth).or_default().push("accepted".into());
        }
    }
    let sightings = outcomes
        .into_iter()
        .filter(|(depth, seen)| *depth == lowest_failing || *depth == highest_passing || seen.len() > 1)
        .map(|(depth, outcomes)| Sighting { depth, outcomes })
        .collect();
    let crash = if was_failure.kind == FailureKind::Crash { committed } else { new };
    Some(ProbeResult {
        status: ProbeStatus::Unstable,
        unstable: true,
        max_accepted_depth: None,
        min_failing_depth: None,
        payload_bytes: None,
        boundary_window: [Some(lowest_failing), Some(highest_passing)],
        failure: Some(lower_failure.clone()),
        crashed_in: crash.crashed_in.clone(),
        sightings,
        ..lower.clone()
    })
}

/// What a renderer built is a fact whatever ran out: both flattened, to different depths, or one
/// flattened to N where the other built every level of a payload deeper than N.
fn built_differently(a: &ProbeResult, b: &ProbeResult) -> bool {
    let built_deeper =
        |result: &ProbeResult, flattened: u64| result.max_accepted_depth.is_some_and(|d| d > flattened);
    match (a.flattened_to, b.flattened_to) {
        (Some(x), Some(y)) => x != y,
        (Some(flattened), None) => built_deeper(b, flattened),
        (None, Some(flattened)) => built_deeper(a, flattened),
        (None, None) => false,
    }
}

/// Where a result's outcome flips: around an unstable window (one level either side: the flip lies
/// between two depths, and a JIT or a collector moves it by one from run to run), or the two depths
/// of an exact boundary. None for a result with no boundary (no limit, slow).
fn flip_region(result: &ProbeResult) -> Option<(u64, u64)> {
    if result.status == ProbeStatus::Unstable {
        let (low, high) = window(result);
        return Some((low.saturating_sub(1), high + 1));
    }
    result.exact_failing_depth().map(|depth| (depth.saturating_sub(1), depth))
}

/// An unstable result's window as (low, high): between its lowest failing and highest passing depth.
fn window(result: &ProbeResult) -> (u64, u64) {
    let [failing, passing] = result.boundary_window;
    let (a, b) = (failing.or(passing).unwrap_or(0), passing.or(failing).unwrap_or(0));
    (a.min(b), a.max(b))
}

fn overlap((a_low, a_high): (u64, u64), (b_low, b_high): (u64, u64)) -> bool {
    a_low <= b_high && b_low <= a_high
}

fn same_sweep(committed: &SweepResult, new: &SweepResult) -> bool {
    // A verdict is read from the probes: `unstable` where one of them flipped, which the probes'
    // own comparison already judges.
    let unstable = [committed.verdict, new.verdict].contains(&Verdict::Unstable);
    (committed.verdict == new.verdict || unstable)
        && committed.probes.len() == new.probes.len()
        && same_at_common_stacks(committed, new)
}

/// Whether every stack both sweeps probed gives the same fact. The program that ran may differ
/// (rewritten, its twins merged): the sweep's findings are what compare, as a record's are.
fn same_at_common_stacks(committed: &SweepResult, new: &SweepResult) -> bool {
    let stack_bound = committed.verdict == Verdict::Stack;
    committed.probes.iter().all(|was| {
        let now = new.probes.iter().find(|now| now.settings.stack_bytes == was.settings.stack_bytes);
        now.is_none_or(|now| {
            let now = ProbeResult { command: was.command.clone(), ..now.clone() };
            same_probe(was, &now, stack_bound)
        })
    })
}

/// A sweep that adds stacks to a committed one whose every stack it confirms: the committed probes
/// where both probed, this run's at the stacks it added (new facts, not changes), this run's
/// verdict (read from them all).
fn extended_sweep(committed: &SweepResult, new: &SweepResult) -> Option<SweepResult> {
    let adds = new.probes.len() > committed.probes.len();
    let covers = committed
        .probes
        .iter()
        .all(|was| new.probes.iter().any(|now| now.settings.stack_bytes == was.settings.stack_bytes));
    if !(adds && covers && same_at_common_stacks(committed, new)) {
        return None;
    }
    let probes = new
        .probes
        .iter()
        .map(|now| {
            let same_stack = |was: &&ProbeResult| was.settings.stack_bytes == now.settings.stack_bytes;
            let was = committed.probes.iter().find(same_stack).filter(|was| was.command == now.command);
            was.unwrap_or(now).clone()
        })
        .collect();
    Some(SweepResult { probes, ..new.clone() })
}

/// `new` with every part that is the same fact as in `committed` taken from `committed`, and the
/// changes that remain (none: `new` is `committed`'s facts, and the committed record is kept).
pub fn reconcile_record(committed: &ParserRecord, new: &ParserRecord) -> (ParserRecord, Vec<Change>) {
    let stack = stack_bound(committed) || stack_bound(new);
    // This run's main probe ran out of time or memory where the committed one is the same fact: what
    // the run then skipped (the second shape) or read from it (the sweep's verdict) is not news.
    let ran_out_again = match (&committed.result, &new.result) {
        // (A slow main result with a crash deeper skips them too: see run/probes.rs.)
        (Some(was), Some(now)) => {
            (resource_bound(now) || now.status == ProbeStatus::Slow) && same_probe(was, now, stack)
        }
        _ => false,
    };
    let mut kept = new.clone();
    let mut changes = Vec::new();
    if ran_out_again && kept.more_shapes.is_empty() {
        kept.more_shapes = committed.more_shapes.clone();
    }
    // Each part this run measured, and the main, second and unclosed ones also where it did not.
    let slots = [
        Part::Main { shape: new.main_shape() },
        Part::SecondShape { shape: new.second_shape().unwrap_or(Shape::Object) },
        Part::Unclosed,
    ];
    let listed: Vec<Part> = kept.parts().map(|(part, _)| part).filter(|part| !slots.contains(part)).collect();
    for part in slots.into_iter().chain(listed) {
        let was = committed.part(part);
        let keep_missing = ran_out_again && matches!(part, Part::SecondShape { .. });
        let reconciled = reconcile_part(part, was, kept.part(part), keep_missing, stack, &mut changes);
        kept.set_part(part, reconciled);
    }
    match (&committed.sweep, &kept.sweep) {
        // The same findings: the committed sweep, unless another program found them (its command).
        (Some(was), Some(now)) if same_sweep(was, now) => {
            kept.sweep = Some(if was.command == now.command { was.clone() } else { now.clone() })
        }
        (Some(was), Some(now)) if extended_sweep(was, now).is_some() => {
            let extended = extended_sweep(was, now).expect("checked");
            // More stacks may read another verdict from the same facts: that is news.
            if extended.verdict != was.verdict {
                let (was, now) = (sweep_phrase(&Some(was.clone())), sweep_phrase(&Some(extended.clone())));
                changes.push(Change { what: Part::Sweep, was, now });
            }
            kept.sweep = Some(extended);
        }
        (Some(was), Some(now)) if ran_out_again && now.verdict == Verdict::Slow => {
            kept.sweep = Some(was.clone())
        }
        (was, now) if was != now => {
            let (was, now) = (sweep_phrase(was), sweep_phrase(now));
            if was != now {
                changes.push(Change { what: Part::Sweep, was, now });
            }
        }
        _ => {}
    }
    take_crash_sites(&mut kept, new);
    if changes.is_empty() && !Results::same_record_facts(committed, &kept) {
        let (was, now) = (describe(committed), describe(&kept));
        if was == now {
            // The same findings by another command (the program was rewritten, a runtime pinned):
            // the new record, with nothing to report and the committed record's history.
            kept.changes = committed.changes.clone();
            return (kept, changes);
        }
        changes.push(Change { what: Part::Row, was, now });
    }
    if changes.is_empty() {
        let mut committed = committed.clone();
        take_crash_sites(&mut committed, new);
        // When and how its facts were last confirmed is this run's: not a fact, but the rotation
        // and the reports read it.
        if new.confirmed.is_some() {
            committed.confirmed = new.confirmed.clone();
        }
        return (committed, changes);
    }
    kept.changes = changes.clone();
    (kept, changes)
}

/// Where a crash happened is not a fact (frames are named by the build's symbols), so a record
/// kept as committed would drop the site this run located. Where the kept result of a probe has
/// no site, or one that was not known, and the measured one crashed the same way and has one, the
/// kept result takes it: information gained, no fact changed. A known site is never replaced.
/// How many sites it took.
pub fn take_crash_sites(kept: &mut ParserRecord, measured: &ParserRecord) -> usize {
    let mut taken = 0;
    for (part, kept) in kept.parts_mut() {
        if let Some(measured) = measured.part(part) {
            taken += take_crash_site(kept, measured);
        }
    }
    taken
}

fn take_crash_site(kept: &mut ProbeResult, measured: &ProbeResult) -> usize {
    let known = |result: &ProbeResult| result.crashed_in.as_ref().is_some_and(|site| site.unknown.is_none());
    let summary = |result: &ProbeResult| result.failure.as_ref().map(|f| f.key());
    let gained = measured.crashed_in.is_some() && (kept.crashed_in.is_none() || known(measured));
    if !known(kept) && gained && summary(kept).is_some() && summary(kept) == summary(measured) {
        kept.crashed_in = measured.crashed_in.clone();
        return 1;
    }
    0
}

/// The result `part` keeps: the committed `was` where `now` is the same fact (or, with
/// `keep_missing`, where this run did not measure it), the window where it was seen both ways, else
/// `now`, with the change noted where they read differently.
fn reconcile_part(
    part: Part,
    was: Option<&ProbeResult>,
    now: Option<&ProbeResult>,
    keep_missing: bool,
    stack: bool,
    changes: &mut Vec<Change>,
) -> Option<ProbeResult> {
    let phrase = |r: Option<&ProbeResult>| r.map_or("not measured".to_string(), ProbeResult::change_text);
    match (was, now) {
        (Some(was), Some(new)) => {
            if let Some(window) = seen_both_ways(was, new) {
                if was.change_text() != window.change_text() {
                    changes.push(Change { what: part, was: was.change_text(), now: window.change_text() });
                }
                return Some(window);
            }
            if same_probe(was, new, stack) {
                return Some(was.clone());
            }
            // A warmed server's boundary moves with its JIT: the range it moves in is the fact.
            if matches!(part, Part::Warm { .. }) {
                if let Some(range) = warm_range(was, new) {
                    if was.change_text() != range.change_text() {
                        changes.push(Change { what: part, was: was.change_text(), now: range.change_text() });
                    }
                    return Some(range);
                }
            }
        }
        (Some(was), None) if keep_missing => return Some(was.clone()),
        _ => {}
    }
    let (was_phrase, now_phrase) = (phrase(was), phrase(now));
    if was_phrase != now_phrase {
        changes.push(Change { what: part, was: was_phrase, now: now_phrase });
    }
    now.cloned()
}

/// A sweep in a few words: its verdict and the boundary at each stack size.
fn sweep_phrase(sweep: &Option<SweepResult>) -> String {
    let Some(sweep) = sweep else { return "none".into() };
    let depths: Vec<String> = sweep
        .probes
        .iter()
        .map(|p| p.exact_failing_depth().map_or_else(|| p.change_text(), crate::units::thousands))
        .collect();
    format!("{} ({})", sweep.verdict.name(), depths.join(", "))
}

/// The row-level facts in a few words, for a change that is not a shape's result.
fn describe(record: &ParserRecord) -> String {
    format!("{} {}", record.version.as_deref().unwrap_or("?"), record.status.name())
}

/// `new` with each row reconciled with its committed record, and the rows that really changed.
pub fn reconcile(committed: &Results, mut new: Results) -> (Results, Vec<(String, Change)>) {
    let mut changes = Vec::new();
    for record in &mut new.parsers {
        if let Some(previous) = committed.find(&record.key()) {
            let (kept, changed) = reconcile_record(previous, record);
            changes.extend(changed.into_iter().map(|change| (record.key(), change)));
            *record = kept;
        }
    }
    (new, changes)
}
