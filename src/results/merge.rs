//! Merging results files (CI's shards, a partial run into the whole catalog's): which record each
//! row keeps. Reading and writing the files is the caller's (`run::publish`).

use std::collections::BTreeMap;

use crate::results::documented::Documented;
use crate::results::{EnvironmentInfo, ParserRecord, Results, Status};

/// What a merge gives: the merged results, and the rows that lost a measured record.
#[derive(Debug)]
pub struct Merged {
    pub results: Results,
    /// Keys of rows measured in the committed results that no input has: they became "no result
    /// from this run" (what CI's shards want, and a surprise when a file of a few rows is merged
    /// into the whole catalog's results).
    pub dropped: Vec<String>,
}

/// Merges `inputs` (later ones win for the same row) over the `rows` of the catalog, in its order:
/// each row given as the record it gets when nothing has it ("no result from this run"). A row
/// that no input has keeps its `committed` record with `keep`. A row the latest input skipped keeps
/// a measured record (of an earlier input, or committed), with the reason it was not measured
/// again. `None` when there are no inputs.
pub fn merge(
    rows: Vec<ParserRecord>,
    inputs: &[Results],
    committed: Option<&Results>,
    keep: bool,
) -> Option<Merged> {
    let environment = inputs.first()?.environment.clone();
    let kept = committed.filter(|_| keep);
    let mut dropped = Vec::new();
    let parsers = rows
        .into_iter()
        .map(|nothing| {
            // A row's documented limit is the catalog's claim, not a measurement: every merged
            // record takes the catalog's as it is now (merging results.json into itself with
            // `--keep` brings a claim added to the catalog into the reports).
            let claim = nothing.documented.clone();
            with_claim(claim, merged_record(nothing, inputs, committed, kept, &mut dropped))
        })
        .collect();
    let results = Results::new(environment, environments(inputs), parsers);
    Some(Merged { results, dropped })
}

/// `record` with the catalog's documented limit.
fn with_claim(claim: Option<Documented>, record: ParserRecord) -> ParserRecord {
    ParserRecord { documented: claim, ..record }
}

/// The record a row of the catalog gets (`nothing` when no file has it; see [`merge`]).
fn merged_record(
    nothing: ParserRecord,
    inputs: &[Results],
    committed: Option<&Results>,
    kept: Option<&Results>,
    dropped: &mut Vec<String>,
) -> ParserRecord {
    let key = nothing.key();
    let committed = committed.and_then(|c| c.find(&key));
    let found: Vec<&ParserRecord> = inputs.iter().filter_map(|r| r.find(&key)).collect();
    if let Some(skipped) = found.last().filter(|r| r.status == Status::Skipped) {
        // A shard that could not measure the row (its toolchain missing there) does not undo
        // a measurement: the latest one, of another file or the results merged into.
        let mut earlier = found.iter().rev().copied().chain(committed);
        if let Some(measured) = earlier.find(|r| r.status == Status::Measured) {
            let kept = measured.not_measured_again(skipped.reason.as_deref().unwrap_or("skipped"));
            return with_committed_history(kept, committed);
        }
    }
    let merged = found.last().copied().or_else(|| kept.and(committed));
    match merged {
        Some(merged) => with_committed_history(merged.clone(), committed),
        None => {
            if committed.is_some_and(|c| c.status == Status::Measured) {
                dropped.push(key);
            }
            nothing
        }
    }
}

/// A shard's record with the release history the committed one has: only `nestprobe history`
/// searches releases, and no run replaces what it found.
fn with_committed_history(record: ParserRecord, committed: Option<&ParserRecord>) -> ParserRecord {
    match committed {
        Some(committed) => record.with_history_of(committed),
        None => record,
    }
}

/// The environments the inputs describe. A job with no row of an environment describes its root as
/// it saw it (not made, say): the job that measured the rows has the description that goes with them.
fn environments(inputs: &[Results]) -> BTreeMap<String, EnvironmentInfo> {
    let mut environments = BTreeMap::new();
    for input in inputs {
        for (id, info) in &input.environments {
            let has_rows = input.parsers.iter().any(|record| &record.environment == id);
            if has_rows || !environments.contains_key(id) {
                environments.insert(id.clone(), info.clone());
            }
        }
    }
    environments
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::probe_result::ProbeResult;
    use crate::results::settings::EnvMode;
    use crate::results::Environment;

    fn record(id: &str, status: Status, reason: &str) -> ParserRecord {
        let mut record: ParserRecord = serde_json::from_value(serde_json::json!({
            "id": id, "language": "C", "library": id, "version": null, "note": "",
            "status": status, "reason": reason, "result": null,
        }))
        .unwrap();
        if status == Status::Measured {
            record.result =
                Some(ProbeResult { min_failing_depth: Some(id.len() as u64), ..Default::default() });
        }
        record
    }

    fn nothing(id: &str) -> ParserRecord {
        record(id, Status::Skipped, "no result from this run")
    }

    fn results(os: &str, parsers: Vec<ParserRecord>) -> Results {
        let environment = Environment {
            os: os.into(),
            kernel: "k".into(),
            arch: "x86_64".into(),
            cpus: 2,
            settings: Default::default(),
            env_mode: EnvMode::Fixed,
            nestprobe_version: "0".into(),
            date: "2026-01-01".into(),
            containment: None,
        };
        let environments = BTreeMap::from([(
            "host".to_string(),
            EnvironmentInfo { name: os.into(), os: os.into(), root: None, env: Default::default() },
        )]);
        Results::new(environment, environments, parsers)
    }

    fn statuses(merged: &Merged) -> Vec<(String, Status, Option<String>)> {
        merged.results.parsers.iter().map(|r| (r.id.clone(), r.status, r.reason.clone())).collect()
    }

    #[test]
    fn every_merged_record_takes_the_catalogs_documented_limit() {
        use crate::results::documented::Documented;
        let claim = Documented {
            depth: 32,
            counts: "nesting".into(),
            source: "https://example.org/limit".into(),
            shape: None,
        };
        let mut documented = nothing("documented");
        documented.documented = Some(claim.clone());
        let mut stale = record("dropped-claim", Status::Measured, "");
        stale.documented = Some(Documented { depth: 64, ..claim.clone() });
        let measured = record("documented", Status::Measured, "");
        let input = results("Debian", vec![measured, stale.clone()]);
        let merged = merge(vec![documented, nothing("dropped-claim")], &[input], None, false).unwrap();
        assert_eq!(merged.results.find("documented").unwrap().documented, Some(claim));
        assert_eq!(
            merged.results.find("dropped-claim").unwrap().documented,
            None,
            "the catalog cites none now"
        );
        assert_eq!(
            merged.results.find("documented").unwrap().status,
            Status::Measured,
            "the measurement stays"
        );
    }

    #[test]
    fn nothing_to_merge_is_none() {
        assert!(merge(vec![nothing("a")], &[], None, false).is_none());
    }

    #[test]
    fn rows_come_in_catalog_order_and_a_later_input_wins() {
        let first =
            results("one", vec![record("b", Status::Measured, "first"), record("a", Status::Measured, "")]);
        let second = results("two", vec![record("b", Status::Measured, "second")]);
        let merged =
            merge(vec![nothing("a"), nothing("b"), nothing("c")], &[first, second], None, false).unwrap();
        let reasons: Vec<_> =
            statuses(&merged).into_iter().map(|(id, _, reason)| (id, reason.unwrap())).collect();
        assert_eq!(
            reasons,
            [
                ("a".into(), "".into()),
                ("b".into(), "second".into()),
                ("c".into(), "no result from this run".into())
            ]
        );
        // The header is the first input's; no committed record was lost.
        assert_eq!(merged.results.environment.os, "one");
        assert!(merged.dropped.is_empty());
    }

    #[test]
    fn a_row_the_latest_input_skipped_keeps_the_latest_measurement_saying_why() {
        let measured = results("one", vec![record("a", Status::Measured, "from the shard")]);
        let skipped = results("two", vec![record("a", Status::Skipped, "toolchain not installed: x")]);
        let merged = merge(vec![nothing("a")], &[measured, skipped.clone()], None, false).unwrap();
        let record = &merged.results.parsers[0];
        assert_eq!(record.status, Status::Measured);
        assert_eq!(record.not_measured_again_because(), Some("toolchain not installed: x"));
        assert!(record.reason.as_deref().unwrap().starts_with("from the shard; "));
        // From the results merged into when no input measured it.
        let committed = results("old", vec![record_measured("a")]);
        let merged = merge(vec![nothing("a")], &[skipped], Some(&committed), false).unwrap();
        assert_eq!(merged.results.parsers[0].status, Status::Measured);
    }

    fn record_measured(id: &str) -> ParserRecord {
        record(id, Status::Measured, "committed")
    }

    #[test]
    fn a_committed_row_no_input_has_is_dropped_unless_kept() {
        let committed = results("old", vec![record_measured("a"), record("b", Status::BuildFailed, "x")]);
        let input = results("new", vec![]);
        let rows = || vec![nothing("a"), nothing("b")];
        let merged = merge(rows(), std::slice::from_ref(&input), Some(&committed), false).unwrap();
        assert_eq!(merged.dropped, ["a"], "only a measured record counts as lost");
        assert!(merged.results.parsers.iter().all(|r| r.status == Status::Skipped));
        let kept = merge(rows(), &[input], Some(&committed), true).unwrap();
        assert!(kept.dropped.is_empty());
        assert_eq!(kept.results.parsers, committed.parsers);
    }

    #[test]
    fn a_shard_s_record_keeps_the_committed_release_history() {
        let release = crate::results::releases::ReleaseOutcome {
            version: "1.3.0".into(),
            published: None,
            outcome: "clean error".into(),
            depth: Some(30),
            shape: None,
            phase: None,
            reason: None,
            changed: true,
        };
        let mut committed_a = record_measured("a");
        committed_a.history = vec![release.clone()];
        let committed = results("old", vec![committed_a, record_measured("b")]);
        let input = results("new", vec![record_measured("a"), record("b", Status::Skipped, "no tool")]);
        let merged = merge(vec![nothing("a"), nothing("b")], &[input], Some(&committed), false).unwrap();
        assert_eq!(merged.results.parsers[0].history, std::slice::from_ref(&release));
        assert!(merged.results.parsers[1].history.is_empty());
        // A history the record has is not replaced: only `history` writes one.
        let searched_again = crate::results::releases::ReleaseOutcome { version: "2.1.0".into(), ..release };
        let mut searched = record_measured("a");
        searched.history = vec![searched_again.clone()];
        assert_eq!(searched.with_history_of(&committed.parsers[0]).history, [searched_again]);
    }

    #[test]
    fn an_environment_is_described_by_the_input_that_has_its_rows() {
        let mut with_rows = results("measured", vec![record("a", Status::Measured, "")]);
        with_rows.environments.insert(
            "debian13".into(),
            EnvironmentInfo {
                name: "Debian 13".into(),
                os: "Debian GNU/Linux 13 (trixie)".into(),
                root: None,
                env: Default::default(),
            },
        );
        with_rows.parsers[0].environment = "debian13".into();
        let mut without = results("other", vec![]);
        without.environments.insert(
            "debian13".into(),
            EnvironmentInfo {
                name: "not made".into(),
                os: String::new(),
                root: None,
                env: Default::default(),
            },
        );
        let merged = merge(vec![], &[with_rows, without], None, false).unwrap();
        assert_eq!(merged.results.environments["debian13"].name, "Debian 13");
        // One no input has rows of keeps the first description.
        assert_eq!(merged.results.environments["host"].name, "measured");
    }
}
