//! Which of the facts that cannot have changed a run confirms anyway: the rotation. Each run
//! confirms the records confirmed longest ago until they make up 1/K of what confirming every
//! record costs; a confirmed record's `at` is then the newest, so the next runs take others, and
//! every record is confirmed within [`CONFIRM_WITHIN_RUNS`] runs (each covers at least 1/K of the
//! whole cost, none twice before all had their turn; at today's prices, which move a little as
//! records are measured again).
//!
//! A share of the cost, not of the records: a run measures its costliest rows first, so the
//! records confirmed longest ago are the costliest ones, and a share of 1/K of the records was a
//! quarter of the whole cost in the first run after a full one (35 rows, about 10,000 of 42,000 s
//! of their search time).

use std::collections::BTreeSet;

use crate::catalog::Entry;
use crate::results::confirmed::last_confirmed;
use crate::results::{ParserRecord, Results};

pub use crate::results::confirmed::CONFIRM_WITHIN_RUNS;

/// The keys of the rows whose records this run confirms on the rotation: of the rows with a
/// record holding facts in `baseline` (measured, or parsing no shape), those confirmed longest ago
/// (ties by key) until their cost reaches ceil(1/K) of all of theirs; `cost` prices confirming a
/// record (at least a second each, so that no record is left out of the bound for costing
/// nothing).
pub fn due(
    rows: &[&Entry],
    baseline: Option<&Results>,
    cost: impl Fn(&ParserRecord) -> u64,
) -> BTreeSet<String> {
    let Some(baseline) = baseline else { return BTreeSet::new() };
    let mut candidates: Vec<(String, String, u64)> = rows
        .iter()
        .filter_map(|entry| baseline.find(&entry.key()))
        .filter(|record| record.holds_facts())
        .map(|record| (last_confirmed(record, baseline).at, record.key(), cost(record).max(1)))
        .collect();
    candidates.sort();
    let share = candidates.iter().map(|(_, _, cost)| cost).sum::<u64>().div_ceil(CONFIRM_WITHIN_RUNS as u64);
    let mut spent = 0;
    candidates
        .into_iter()
        .take_while(|(_, _, cost)| {
            let more = spent < share;
            spent += cost;
            more
        })
        .map(|(_, key, _)| key)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::confirmed::{Confirmed, How};
    use crate::results::Status;

    fn stamp(results: &mut Results, key: &str, at: &str) {
        let record = results.parsers.iter_mut().find(|record| record.key() == key).unwrap();
        record.confirmed =
            Some(Confirmed { at: at.into(), machine: "m".into(), how: How::Measured, fingerprint: None });
    }

    #[test]
    fn a_run_confirms_a_share_of_the_cost_oldest_first_and_every_record_within_k_runs() {
        let mut results = crate::report::tests::two_environments();
        let catalog: Vec<Entry> =
            results.parsers.iter().map(|r| Entry::bare(&r.id, &r.environment)).collect();
        let rows: Vec<&Entry> = catalog.iter().collect();
        let measured: Vec<String> =
            results.parsers.iter().filter(|r| r.status == Status::Measured).map(|r| r.key()).collect();
        assert!(measured.len() >= 3, "{measured:?}");
        for key in &measured {
            stamp(&mut results, key, "2026-01-02T00:00:00.000Z");
        }
        // The oldest record costs more than 1/K of all: it is the run's whole share.
        let expensive = measured[measured.len() - 1].clone();
        stamp(&mut results, &expensive, "2026-01-01T00:00:00.000Z");
        let first = due(&rows, Some(&results), |record| if record.key() == expensive { 1_000 } else { 1 });
        assert_eq!(first, BTreeSet::from([expensive]));
        // Prices alike: a share of the records a run, oldest first, none twice before all once.
        let mut seen = BTreeSet::new();
        for run in 1..=CONFIRM_WITHIN_RUNS {
            let due = due(&rows, Some(&results), |_| 1);
            assert!(!due.is_empty() && due.is_disjoint(&seen), "run {run}: {due:?}");
            for key in due {
                stamp(&mut results, &key, &format!("2026-02-{run:02}T00:00:00.000Z"));
                seen.insert(key);
            }
            if seen.len() == measured.len() {
                return;
            }
        }
        panic!("not every record confirmed within K runs: {seen:?} of {measured:?}");
    }
}
