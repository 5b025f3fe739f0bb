//! What a row is expected to cost, from its previous result and what the run does with it
//! (confirm, search, reuse): the order a run starts its rows in, the shards' sizes, and the plan
//! replay's prices (`run::replay`).

use crate::catalog::Entry;
use crate::probe::SLOW_CONFIRMATION_SHARE;
use crate::results::outcome::FailureKind;
use crate::results::probe_result::{ProbeResult, ProbeStatus, SearchMode};
use crate::results::{ParserRecord, Results};

/// What a row costs besides its probes: building it, reading its version, its hooks.
pub const ROW_OVERHEAD: u64 = 10;
/// A row never measured: its toolchain, its build and its probes are all unknown.
pub const UNKNOWN_ROW: u64 = 60;

/// What a run does with a row's previous result, and so what the row will cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// Confirms it (a warm run, CI's shards): a trial or two a probe.
    Confirm,
    /// Searches from scratch (`--cold`): what the probes took last time.
    Search,
    /// Reuses a record whose fingerprint is known, unless the rotation confirms it this run (a run
    /// without `--full`, CI's shards): its version asked, no probe; the rest confirmed.
    Reuse,
}

/// What a row whose record is reused costs: its toolchain checked, its version asked.
const REUSED_ROW: u64 = 2;

/// The order a run starts its rows in: the rows expected to take longest first (by `previous`
/// results, doing `work`), so that no long row is left to run alone at the end while the other
/// jobs sit idle.
pub fn order(entries: &[&Entry], previous: Option<&Results>, work: Work) -> Vec<usize> {
    let costs = row_costs(entries, previous, work);
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(costs[i]));
    order
}

/// Each row's estimated seconds: what its probes cost doing `work` by its previous result (the same
/// row, else the same parser in another environment), plus its build; a row never measured gets a
/// flat guess.
pub fn row_costs(entries: &[&Entry], previous: Option<&Results>, work: Work) -> Vec<u64> {
    let due = match work {
        Work::Reuse => crate::run::rotation::due(entries, previous, confirmation_cost),
        _ => Default::default(),
    };
    entries
        .iter()
        .map(|entry| {
            let key = entry.key();
            let own = previous.and_then(|results| results.find(&key));
            let known =
                own.and_then(|record| record.confirmed.as_ref()).is_some_and(|c| c.fingerprint.is_some());
            if work == Work::Reuse && known && !due.contains(&key) {
                return REUSED_ROW;
            }
            let measured = |record: &&ParserRecord| record.result.is_some();
            let record = previous.and_then(|results| {
                results
                    .find(&entry.key())
                    .filter(measured)
                    .or_else(|| results.parsers.iter().filter(|r| r.id == entry.id).find(measured))
            });
            record.map_or(UNKNOWN_ROW, |record| probe_seconds(record, work) + ROW_OVERHEAD)
        })
        .collect()
}

/// What confirming a record costs, the rotation's price: its probes confirmed, and the row's
/// overhead.
pub fn confirmation_cost(record: &ParserRecord) -> u64 {
    probe_seconds(record, Work::Confirm) + ROW_OVERHEAD
}

/// Seconds a record's probes cost doing `work`, whole seconds rounded up (so the plan is integer
/// arithmetic).
fn probe_seconds(record: &ParserRecord, work: Work) -> u64 {
    let main = record.result.as_ref();
    let mut probes: Vec<&ProbeResult> = record.parts().map(|(_, probe)| probe).collect();
    if let Some(sweep) = &record.sweep {
        // The sweep repeats the main probe at the run's stack: counted once.
        let main_stack = main.map(|m| m.settings.stack_bytes);
        probes.extend(sweep.probes.iter().filter(|p| Some(p.settings.stack_bytes) != main_stack));
    }
    let seconds: f64 = probes
        .iter()
        .map(|p| match work {
            Work::Search => p.elapsed_seconds,
            Work::Confirm | Work::Reuse => confirmation_seconds(p),
        })
        .map(|seconds| seconds.max(0.0))
        .sum();
    seconds.ceil() as u64
}

/// About what confirming a probe's result costs: the trial at the depth it accepted and the one at
/// the depth it failed at (as long as the accepted one, or the timeout where it ran out of time),
/// or the one trial at the maximum; never more than the probe took. A result found by a search
/// (a committed record is kept as it was while its facts hold) would otherwise count the search
/// on every run: 634 s for a row whose confirmation takes seconds.
///
/// A slow result (or no limit reached only with the longer timeout) is confirmed at the depth whose
/// trial takes [`SLOW_CONFIRMATION_SHARE`] of the timeout at most, and its maximum is not waited out
/// (src/probe/confirm.rs, `confirm_slow`): that trial, not the timeout.
pub fn confirmation_seconds(probe: &ProbeResult) -> f64 {
    let Some(accepted) = probe.accepted_seconds.filter(|_| probe.search != SearchMode::Confirmed) else {
        return probe.elapsed_seconds;
    };
    let timeout = probe.settings.timeout_seconds;
    let slowly = probe.status == ProbeStatus::Slow || (probe.failure.is_none() && accepted > timeout);
    if slowly {
        return accepted.min(SLOW_CONFIRMATION_SHARE * timeout).min(probe.elapsed_seconds);
    }
    let failing = match probe.failure.as_ref().map(|f| f.kind) {
        None => 0.0,
        Some(FailureKind::Timeout) => probe.settings.timeout_seconds,
        Some(_) => accepted,
    };
    (accepted + failing).min(probe.elapsed_seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_confirmation_costs_a_trial_or_two_not_the_search_that_found_the_result() {
        let failing = |kind| crate::results::outcome::Failure {
            kind,
            exit_code: Some(1),
            signal: None,
            signal_name: None,
            stderr: String::new(),
            peak_rss_bytes: None,
            service: None,
        };
        let mut searched = ProbeResult {
            accepted_seconds: Some(0.5),
            elapsed_seconds: 634.0,
            failure: Some(failing(FailureKind::Error)),
            ..ProbeResult::default()
        };
        searched.settings.timeout_seconds = 10.0;
        assert_eq!(confirmation_seconds(&searched), 1.0);
        // A timeout is confirmed by waiting it out again.
        searched.failure = Some(failing(FailureKind::Timeout));
        assert_eq!(confirmation_seconds(&searched), 10.5);
        // No limit: the one trial at the maximum.
        searched.failure = None;
        assert_eq!(confirmation_seconds(&searched), 0.5);
        // A confirmation took what a confirmation takes; and never more than the probe took.
        let confirmed =
            ProbeResult { search: SearchMode::Confirmed, elapsed_seconds: 3.0, ..searched.clone() };
        assert_eq!(confirmation_seconds(&confirmed), 3.0);
        let quick = ProbeResult { elapsed_seconds: 0.2, ..searched.clone() };
        assert_eq!(confirmation_seconds(&quick), 0.2);
        // A slow result: the trial at the depth that takes 0.4 of the timeout at most, not the
        // timeout waited out at the maximum.
        let slow = ProbeResult {
            status: ProbeStatus::Slow,
            accepted_seconds: Some(9.0),
            failure: Some(failing(FailureKind::Timeout)),
            ..searched.clone()
        };
        assert_eq!(confirmation_seconds(&slow), 4.0);
        let no_limit_slowly = ProbeResult { accepted_seconds: Some(12.0), failure: None, ..searched };
        assert_eq!(confirmation_seconds(&no_limit_slowly), 4.0);
    }
}
