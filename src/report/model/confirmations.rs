//! How old each record's last confirmation is, and how the last run got its facts (measured,
//! confirmed, reused: `confirmed`). Ages are counted from the newest confirmation in the results (the
//! last run), not from today, so rendering the same results.json again writes the same text.

use std::collections::BTreeMap;
use std::time::SystemTime;

use crate::results::confirmed::{age_phrase, last_confirmed, How, CONFIRM_WITHIN_RUNS};
use crate::results::{ParserRecord, Results, Status};

/// The records with a `confirmed`, by how the last run got them.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct HowCounts {
    pub measured: usize,
    pub confirmed: usize,
    pub reused: usize,
}

pub fn how_counts<'a>(records: impl IntoIterator<Item = &'a ParserRecord>) -> HowCounts {
    let mut counts = HowCounts::default();
    for confirmed in records.into_iter().filter_map(|record| record.confirmed.as_ref()) {
        match confirmed.how {
            How::Measured => counts.measured += 1,
            How::Confirmed => counts.confirmed += 1,
            How::Reused => counts.reused += 1,
        }
    }
    counts
}

/// The last run's time: the newest confirmation of the results.
fn last_run(results: &Results) -> Option<SystemTime> {
    results.parsers.iter().filter_map(|record| record.confirmed.as_ref()?.time()).max()
}

/// A record's confirmation age in words (`today`, `12 days`), from the last run.
pub fn age(results: &Results, record: &ParserRecord) -> Option<String> {
    let days = last_confirmed(record, results).age_days(last_run(results)?)?;
    Some(age_phrase(days))
}

/// One line for the README: how the last run got its facts and how old the oldest confirmation is;
/// `None` for results without confirmations (written before them).
pub fn summary(results: &Results) -> Option<String> {
    let counts = how_counts(&results.parsers);
    if counts == HowCounts::default() {
        return None;
    }
    let last = last_run(results)?;
    let oldest =
        results.parsers.iter().filter_map(|r| last_confirmed(r, results).age_days(last)).max().unwrap_or(0);
    let oldest = match oldest {
        0 => "every row was confirmed that day".to_string(),
        days => format!("the oldest confirmation is {} older", age_phrase(days)),
    };
    Some(format!(
        "The last run measured {} rows, confirmed {} and reused {} (nothing they depend on changed); {oldest}, and every row is confirmed at least once in {CONFIRM_WITHIN_RUNS} runs",
        counts.measured, counts.confirmed, counts.reused,
    ))
}

/// The records by the age of their confirmation, youngest first: each age with the keys confirmed
/// then and how the last run got them.
pub fn by_age(results: &Results) -> Vec<(String, Vec<(String, How)>)> {
    let Some(last) = last_run(results) else { return Vec::new() };
    let mut ages: BTreeMap<u64, Vec<(String, How)>> = BTreeMap::new();
    for record in results.parsers.iter().filter(|record| record.status == Status::Measured) {
        let confirmed = last_confirmed(record, results);
        let Some(days) = confirmed.age_days(last) else { continue };
        // (A record older than confirmations was not touched by the last run: reused.)
        let how = if record.confirmed.is_some() { confirmed.how } else { How::Reused };
        ages.entry(days).or_default().push((record.key(), how));
    }
    ages.into_iter().map(|(days, keys)| (age_phrase(days), keys)).collect()
}
