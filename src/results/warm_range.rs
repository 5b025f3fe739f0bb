//! A warmed service's limit moves with its JIT's timing: V8 compiles the parser's hot functions
//! when it decides to, and compiled frames are smaller, so the depth a warm Node.js GraphQL server
//! takes moved from one fresh machine to the next (express-graphql 1,667 → 1,645, graphql-yoga
//! 2,000 → 1,986, Apollo between an unstable window and a clean error at 1,639). Neither number
//! alone is the fact: the range the boundary moves in is, recorded as an unstable window with both
//! sightings, and a later boundary inside it (`sameness`: an exact boundary inside a window), or
//! within the tolerance beside it, is the same fact. Only for the warm state; a cold server and a
//! program run the same code each trial.

use std::collections::BTreeMap;

use crate::results::probe_result::{ProbeResult, ProbeStatus, Sighting};

/// How far apart (a share of the depth) two warm boundaries failing the same way may lie and be one
/// range: the moves seen were 0.7 % and 1.3 %; a change of the library or its limit moves it more.
pub const WARM_TOLERANCE: f64 = 0.02;

/// The range a warm state's boundary moves in, when `committed` and `new` fail the same way within
/// [`WARM_TOLERANCE`] of each other (exact boundaries or unstable windows); `None` otherwise.
pub fn warm_range(committed: &ProbeResult, new: &ProbeResult) -> Option<ProbeResult> {
    let comparable = committed.settings.same_limits(&new.settings)
        && committed.env == new.env
        && committed.shape == new.shape
        && committed.phase == new.phase;
    let (was_failure, now_failure) = (committed.failure.as_ref()?, new.failure.as_ref()?);
    if !comparable || was_failure.key() != now_failure.key() {
        return None;
    }
    let (a, b) = (flip(committed)?, flip(new)?);
    let exact = |result: &ProbeResult| result.status != ProbeStatus::Unstable;
    if a == b && exact(committed) && exact(new) {
        // The same boundary again (in other words, maybe: a 5xx's snippet now its page's text):
        // no range, the boundary as any part's.
        return None;
    }
    let gap = a.0.saturating_sub(b.1).max(b.0.saturating_sub(a.1));
    let tolerance = (a.1.max(b.1) as f64 * WARM_TOLERANCE).ceil() as u64;
    if gap > tolerance {
        return None;
    }
    if committed.status == ProbeStatus::Unstable {
        // A range already: a sighting within its tolerance is that range again, not a wider one,
        // as a stack-bound boundary within its tolerance keeps its committed depth. Widened, every
        // fresh machine would move it a level or two, each time a change (express-graphql on
        // Node 26: 1,337–1,340, then 1,337–1,345).
        return Some(committed.clone());
    }
    let lowest_failing = a.1.min(b.1);
    let highest_passing = a.0.max(b.0);
    let mut outcomes: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for result in [committed, new] {
        for sighting in &result.sightings {
            outcomes.entry(sighting.depth).or_default().extend(sighting.outcomes.iter().cloned());
        }
        if let (Some(depth), Some(failure)) = (result.exact_failing_depth(), &result.failure) {
            outcomes.entry(depth).or_default().push(failure.key());
        }
        if let Some(depth) = result.max_accepted_depth.filter(|&depth| depth > 0) {
            outcomes.entry(depth).or_default().push("accepted".into());
        }
    }
    let lower = if b.1 < a.1 { new } else { committed };
    Some(ProbeResult {
        status: ProbeStatus::Unstable,
        unstable: true,
        max_accepted_depth: None,
        min_failing_depth: None,
        payload_bytes: None,
        boundary_window: [Some(lowest_failing), Some(highest_passing)],
        sightings: outcomes.into_iter().map(|(depth, outcomes)| Sighting { depth, outcomes }).collect(),
        ..lower.clone()
    })
}

/// (highest passing, lowest failing) of an exact boundary or an unstable window.
fn flip(result: &ProbeResult) -> Option<(u64, u64)> {
    if result.status == ProbeStatus::Unstable {
        let [failing, passing] = result.boundary_window;
        return Some((passing?, failing?));
    }
    let failing = result.exact_failing_depth()?;
    Some((failing - 1, failing))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::outcome::{Failure, FailureKind};

    fn failure(kind: FailureKind, signal: Option<(i32, &str)>) -> Failure {
        Failure {
            kind,
            exit_code: signal.is_none().then_some(1),
            signal: signal.map(|(number, _)| number),
            signal_name: signal.map(|(_, name)| name.to_string()),
            stderr: String::new(),
            peak_rss_bytes: None,
            service: None,
        }
    }

    fn clean_error_at(depth: u64) -> ProbeResult {
        ProbeResult {
            max_accepted_depth: Some(depth - 1),
            min_failing_depth: Some(depth),
            boundary_window: [Some(depth), Some(depth - 1)],
            failure: Some(failure(FailureKind::Error, None)),
            ..Default::default()
        }
    }

    #[test]
    fn a_warm_boundary_that_moves_with_the_jit_is_the_range_it_moves_in() {
        // express-graphql-npm's warm limit on two fresh machines.
        let range = warm_range(&clean_error_at(1_667), &clean_error_at(1_645)).expect("one range");
        assert_eq!(range.status, ProbeStatus::Unstable);
        assert_eq!(range.boundary_window, [Some(1_645), Some(1_666)]);
        assert_eq!(
            range.change_text(),
            warm_range(&clean_error_at(1_645), &clean_error_at(1_667)).unwrap().change_text()
        );
        let depths: Vec<u64> = range.sightings.iter().map(|s| s.depth).collect();
        assert_eq!(depths, [1_644, 1_645, 1_666, 1_667]);
        // A boundary inside the range, or the range again: the same range.
        let again = warm_range(&range, &clean_error_at(1_650)).unwrap();
        assert_eq!(again.boundary_window, range.boundary_window);
        // Beside it within the tolerance, a boundary or a window: the range as it was, not widened.
        let beside = ProbeResult { boundary_window: [Some(1_636), Some(1_640)], ..range.clone() };
        for sighting in [clean_error_at(1_672), clean_error_at(1_640), beside] {
            assert_eq!(warm_range(&range, &sighting), Some(range.clone()));
        }
        // Further than the tolerance, or failing another way: not one fact.
        assert!(warm_range(&clean_error_at(1_667), &clean_error_at(1_500)).is_none());
        let mut crash = clean_error_at(1_650);
        crash.failure = Some(failure(FailureKind::Crash, Some((11, "SIGSEGV"))));
        assert!(warm_range(&clean_error_at(1_667), &crash).is_none());
        // The same boundary again, in other words (a 5xx's snippet now text, not markup): no range.
        let mut reworded = clean_error_at(1_667);
        reworded.failure.as_mut().unwrap().stderr = "Server Error (500)".into();
        assert!(warm_range(&clean_error_at(1_667), &reworded).is_none());
    }
}
