//! The atlas at one of the stacks software runs on (results/stacks.rs): each row as its stack sweep
//! measured it there, so that the page's table, counts and crash list, and results.md's table of
//! depths at each stack, say what a reader deploying on that stack meets.
//!
//! At the run's own stack (8 MiB) that is the results as they are, every phase and shape included.
//! At another, a row is its sweep's probe of that stack: the main shape alone (phases and other
//! shapes are measured at the run's stack only). A service is measured as it is deployed, not at
//! other stacks: it is left out there. A row without a probe at that stack is not measured there.

use crate::payload::FormatClass;
use crate::results::probe_result::ProbeResult;
use crate::results::stacks::{DeployedStack, DEPLOYED, RUN_STACK};
use crate::results::{ParserRecord, Results, Status};
use crate::units::format_bytes;

/// The stacks a reader can choose, smallest first (the run's own last).
pub fn choices() -> &'static [DeployedStack] {
    &DEPLOYED
}

/// A stack's name in a link (`128KiB`, `8MiB`): the page's `#stack=` value.
pub fn key(bytes: u64) -> String {
    format_bytes(bytes).replace(' ', "")
}

/// A stack as a reader chooses it: `128 KiB — musl (Alpine) threads`.
pub fn label(stack: &DeployedStack) -> String {
    format!("{} — {}", format_bytes(stack.bytes), stack.uses)
}

/// The results as measured at a stack of `bytes`.
pub fn at_stack(results: &Results, bytes: u64) -> Results {
    if bytes == RUN_STACK {
        return results.clone();
    }
    let parsers = results
        .parsers
        .iter()
        .filter(|record| !matches!(record.family(), FormatClass::Services | FormatClass::Products))
        .map(|record| record_at(record, bytes))
        .collect();
    Results { parsers, ..results.clone() }
}

/// A record's probe at a stack of `bytes`, if its sweep has one.
pub fn probe_at(record: &ParserRecord, bytes: u64) -> Option<&ProbeResult> {
    if bytes == RUN_STACK {
        return record.result.as_ref();
    }
    record.sweep.as_ref()?.probes.iter().find(|probe| probe.settings.stack_bytes == Some(bytes))
}

/// The record as its sweep measured it at `bytes`: that probe as its main result, nothing else.
fn record_at(record: &ParserRecord, bytes: u64) -> ParserRecord {
    let probe = probe_at(record, bytes).cloned();
    let measured = record.status == Status::Measured && probe.is_some();
    ParserRecord {
        status: if measured { Status::Measured } else { Status::Skipped },
        reason: (!measured).then(|| "not measured at this stack".to_string()),
        result: probe,
        warm: None,
        object: None,
        unclosed: None,
        more_shapes: Vec::new(),
        phases: Vec::new(),
        sweep: None,
        unsupported_shapes: Vec::new(),
        changes: Vec::new(),
        ..record.clone()
    }
}

/// Whether the rows' depths differ between the stacks deployments use: a row whose smallest
/// failing depth (or whether it fails) is not the same at all of them.
pub fn depends_on_stack(record: &ParserRecord) -> bool {
    let outcomes: Vec<Option<Option<u64>>> =
        DEPLOYED.iter().map(|stack| probe_at(record, stack.bytes).map(|p| p.min_failing_depth)).collect();
    let measured: Vec<&Option<u64>> = outcomes.iter().flatten().collect();
    measured.len() >= 2 && measured.windows(2).any(|pair| pair[0] != pair[1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::two_environments;

    #[test]
    fn at_the_runs_own_stack_the_results_are_as_they_are_and_elsewhere_the_sweeps_probe() {
        let results = two_environments();
        assert_eq!(at_stack(&results, RUN_STACK), results);
        let small = at_stack(&results, 1024 * 1024);
        assert_eq!(small.parsers.len(), results.parsers.len());
        for (at, record) in small.parsers.iter().zip(&results.parsers) {
            let probe = probe_at(record, 1024 * 1024);
            assert_eq!(at.result.as_ref(), probe, "{}", record.key());
            assert!(at.phases.is_empty() && at.object.is_none());
            if probe.is_none() {
                assert_eq!(at.status, Status::Skipped, "{}", record.key());
            }
        }
    }

    #[test]
    fn a_stack_is_named_in_a_link_without_spaces_and_for_a_reader_by_what_runs_on_it() {
        assert_eq!(key(128 * 1024), "128KiB");
        assert_eq!(key(RUN_STACK), "8MiB");
        assert_eq!(label(&choices()[0]), "128 KiB — musl (Alpine) threads");
    }
}
