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

/// Whether a measured record was written before confirmations were recorded: when it was last
/// measured is not known (its results' date is only when the file was last written), and it has no
/// fingerprint, so the next run measures it again.
pub fn unrecorded(record: &ParserRecord) -> bool {
    record.status == Status::Measured && record.confirmed.is_none()
}

/// One line for the README: how the last run got its facts and how old the oldest confirmation is;
/// `None` for results without confirmations (written before them).
pub fn summary(results: &Results) -> Option<String> {
    let counts = how_counts(&results.parsers);
    if counts == HowCounts::default() {
        return None;
    }
    let last = last_run(results)?;
    let oldest = results
        .parsers
        .iter()
        .filter_map(|record| record.confirmed.as_ref()?.age_days(last))
        .max()
        .unwrap_or(0);
    let oldest = match oldest {
        0 => "every confirmation is of that day".to_string(),
        days => format!("the oldest confirmation is {} older", age_phrase(days)),
    };
    let unrecorded = results.parsers.iter().filter(|record| unrecorded(record)).count();
    let unrecorded = match unrecorded {
        0 => String::new(),
        1 => "; 1 row measured before confirmations were recorded carries none (when is not known: the next run measures it again)".to_string(),
        n => format!(
            "; {n} rows measured before confirmations were recorded carry none (when is not known: the next run measures them again)"
        ),
    };
    Some(format!(
        "The last run measured {} rows, confirmed {} and reused {} (nothing they depend on changed); {oldest}, and every row is confirmed at least once in {CONFIRM_WITHIN_RUNS} runs{unrecorded}",
        counts.measured, counts.confirmed, counts.reused,
    ))
}

/// An age in whole days before the last run (`None`: not known) and the keys of the records last
/// confirmed then, with how the last run got each.
pub type AgeGroup = (Option<u64>, Vec<(String, How)>);

/// The records by the age of their confirmation (whole days before the last run), youngest first:
/// each age with the keys confirmed then and how the last run got them; last, under `None`, the
/// records measured before confirmations were recorded (their age is not known).
pub fn by_age(results: &Results) -> Vec<AgeGroup> {
    let Some(last) = last_run(results) else { return Vec::new() };
    let mut ages: BTreeMap<u64, Vec<(String, How)>> = BTreeMap::new();
    let mut unknown = Vec::new();
    for record in results.parsers.iter().filter(|record| record.status == Status::Measured) {
        match record.confirmed.as_ref() {
            None => unknown.push((record.key(), How::Measured)),
            Some(confirmed) => {
                let Some(days) = confirmed.age_days(last) else { continue };
                ages.entry(days).or_default().push((record.key(), confirmed.how));
            }
        }
    }
    let mut groups: Vec<AgeGroup> = ages.into_iter().map(|(days, keys)| (Some(days), keys)).collect();
    if !unknown.is_empty() {
        groups.push((None, unknown));
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::confirmed::Confirmed;

    #[test]
    fn a_record_measured_before_confirmations_has_no_age_and_is_never_said_to_be_of_that_day() {
        let mut results = crate::report::tests::two_environments();
        let confirmed = |at: &str, how| Confirmed {
            at: at.into(),
            machine: "m".into(),
            how,
            fingerprint: Some("f".into()),
        };
        let measured: Vec<usize> =
            (0..results.parsers.len()).filter(|&at| results.parsers[at].status == Status::Measured).collect();
        assert!(measured.len() >= 3);
        results.parsers[measured[0]].confirmed = Some(confirmed("2026-11-28T10:00:00.000Z", How::Measured));
        results.parsers[measured[1]].confirmed = Some(confirmed("2026-11-25T10:00:00.000Z", How::Reused));
        let groups = by_age(&results);
        let days: Vec<Option<u64>> = groups.iter().map(|(days, _)| *days).collect();
        assert_eq!(days, [Some(0), Some(3), None]);
        // Every measured record without a confirmation is in the last group, none in an age's.
        assert_eq!(groups[2].1.len(), measured.len() - 2);
        assert!(groups[2].1.iter().all(|(key, _)| results.find(key).unwrap().confirmed.is_none()));
        let line = summary(&results).unwrap();
        assert!(line.contains("the oldest confirmation is 3 days older"), "{line}");
        assert!(
            line.contains(&format!("{} rows measured before confirmations", measured.len() - 2)),
            "{line}"
        );
        // With every record confirmed, nothing is said of unrecorded ones.
        for &at in &measured[2..] {
            results.parsers[at].confirmed = Some(confirmed("2026-11-28T09:00:00.000Z", How::Confirmed));
        }
        let line = summary(&results).unwrap();
        assert!(!line.contains("before confirmations"), "{line}");
        assert!(by_age(&results).iter().all(|(days, _)| days.is_some()));
    }
}
