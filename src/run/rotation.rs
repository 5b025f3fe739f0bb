//! Which of the facts that cannot have changed a run confirms anyway: the rotation. Each run
//! confirms the share of its rows' records confirmed longest ago; a confirmed record's `at` is then
//! the newest, so the next runs take others, and every record is confirmed within
//! [`CONFIRM_WITHIN_RUNS`] runs (each takes at least 1/K of them, none twice before all had their
//! turn).

use std::collections::BTreeSet;

use crate::catalog::Entry;
use crate::results::confirmed::last_confirmed;
use crate::results::{Results, Status};

pub use crate::results::confirmed::CONFIRM_WITHIN_RUNS;

/// The keys of the rows whose records this run confirms on the rotation: of the rows with a
/// measured record in `baseline`, the ceil(1/K) share confirmed longest ago (ties by key).
pub fn due(rows: &[&Entry], baseline: Option<&Results>) -> BTreeSet<String> {
    let Some(baseline) = baseline else { return BTreeSet::new() };
    let mut candidates: Vec<(String, String)> = rows
        .iter()
        .filter_map(|entry| baseline.find(&entry.key()))
        .filter(|record| record.status == Status::Measured)
        .map(|record| (last_confirmed(record, baseline).at, record.key()))
        .collect();
    candidates.sort();
    let share = candidates.len().div_ceil(CONFIRM_WITHIN_RUNS);
    candidates.into_iter().take(share).map(|(_, key)| key).collect()
}
