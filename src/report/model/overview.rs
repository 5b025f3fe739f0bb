//! Facts across all the records, for summaries: how many parsers were measured, whose time grows
//! super-linearly, what differs between environments, a run in one line.

use super::class::{class, class_of, losing_sooner, Class};
use super::counts::{counts, row_class, rows};
use super::groups::{groups, groups_by_library, sorted};
use super::view::{display_name, growth_note, main_outcome, short_outcome};
use crate::payload::FormatClass;
use crate::results::probe_result::ProbeResult;
use crate::results::HOST;
use crate::results::{ParserRecord, Results, Status};

/// Rows whose main result's time grows super-linearly, with their exponents.
pub fn superlinear(results: &Results) -> Vec<(String, String)> {
    sorted(results)
        .into_iter()
        .filter_map(|record| {
            let note = growth_note(record.result.as_ref().filter(|_| record.status == Status::Measured)?)?;
            Some((display_name(results, record), note))
        })
        .collect()
}

/// A library whose boundary differs between the host and another environment, with the two
/// outcomes that show how (never two identical texts).
pub struct Change<'a> {
    pub before: &'a ParserRecord,
    pub after: &'a ParserRecord,
    pub sides: (String, String),
}

/// The groups measured both on the host and in `environment` (the count), and those whose
/// outcome differs there, in library order.
pub fn changes<'a>(results: &'a Results, environment: &str) -> (usize, Vec<Change<'a>>) {
    let mut both = 0;
    let mut changes = Vec::new();
    for group in groups_by_library(results) {
        let (Some(before), Some(after)) = (group.in_environment(HOST), group.in_environment(environment))
        else {
            continue;
        };
        if class(before) == Class::NotMeasured || class(after) == Class::NotMeasured {
            continue;
        }
        both += 1;
        if let Some(sides) = differing_sides(before, after) {
            changes.push(Change { before, after, sides });
        }
    }
    (both, changes)
}

/// How two records of a library differ, in the words of [`short_outcome`]; when those agree (both
/// lose control in the same phase at the same depth), in their main results' words. `None` when
/// their facts agree (a time is not one) or when both read the same.
fn differing_sides(before: &ParserRecord, after: &ParserRecord) -> Option<(String, String)> {
    if facts(before) == facts(after) {
        return None;
    }
    [short_outcome, main_outcome].into_iter().map(|words| (words(before), words(after))).find(|(a, b)| a != b)
}

/// What a change between environments is judged on: the main result's class and exact depth, and
/// those of the phase that loses control sooner.
fn facts(record: &ParserRecord) -> [(Class, Option<u64>); 2] {
    let depth = |r: &ProbeResult| r.exact_failing_depth();
    let main = (class(record), record.result.as_ref().and_then(depth));
    let sooner = losing_sooner(record).map_or((Class::NotMeasured, None), |p| (class_of(p), depth(p)));
    [main, sooner]
}

/// One class of formats in a line, every count of rows as every output counts them (a row that
/// crashes in any part under `crash`): `3 regex engines measured of 4 rows (3 libraries): 2 clean
/// errors, 1 crash, 1 not measured`.
pub fn class_summary(results: &Results, class: FormatClass) -> String {
    let count = counts(&results.of_class(class));
    let outcomes: Vec<String> = Class::ALL
        .into_iter()
        .filter(|outcome| count.of(*outcome) > 0)
        .map(|outcome| {
            let n = count.of(outcome);
            match (outcome, n) {
                (Class::CleanError, 2..) => format!("{n} clean errors"),
                (Class::Crash, 2..) => format!("{n} crashes"),
                _ => format!("{n} {}", outcome.text()),
            }
        })
        .collect();
    let mut line = format!(
        "{} {} measured of {} ({} {})",
        count.rows_measured,
        class.rows_noun(count.rows_measured),
        rows(count.rows),
        count.libraries_measured,
        if count.libraries_measured == 1 { "library" } else { "libraries" },
    );
    if !outcomes.is_empty() {
        line = format!("{line}: {}", outcomes.join(", "));
    }
    line
}

/// Distinct parsers (ids) of the records, and how many of them were measured in some environment.
pub fn parser_counts(results: &Results) -> (usize, usize) {
    let groups = groups(results);
    let measured = groups.iter().filter(|g| g.records.iter().any(|r| class(r) != Class::NotMeasured)).count();
    (measured, groups.len())
}

/// A run's records in one line, in the outcome words: `3 rows: clean error 1, crash 1, not
/// measured 1`.
pub fn run_summary(results: &Results, keys: &[String]) -> String {
    // Counted as every other output counts a row ([`row_class`]: a crash in any of its probes is a
    // crash), from the records the run wrote.
    let records: Vec<&ParserRecord> = keys.iter().filter_map(|key| results.find(key)).collect();
    let parts: Vec<String> = Class::ALL
        .into_iter()
        .filter_map(|wanted| {
            let n = records.iter().filter(|r| row_class(results, r) == wanted).count();
            (n > 0).then(|| format!("{} {n}", wanted.text()))
        })
        .collect();
    let rows = if records.len() == 1 { "row" } else { "rows" };
    match parts.is_empty() {
        true => format!("{} {rows}", records.len()),
        false => format!("{} {rows}: {}", records.len(), parts.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::two_environments;

    #[test]
    fn changes_between_environments_are_the_boundaries_that_differ() {
        let results = two_environments();
        let (both, changes) = changes(&results, "debian13");
        assert_eq!(both, 2);
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].before.key(), "python-json");
        assert_eq!(changes[0].sides, ("clean error at 995".to_string(), "clean error at 1,000".to_string()));
        assert_eq!(short_outcome(changes[0].after), "clean error at 1,000");
        assert_eq!(display_name(&results, changes[0].after), "Python json · Debian 13");
        // The same crash in both environments is no change.
        assert!(changes.iter().all(|c| c.sides.0 != c.sides.1));
    }

    #[test]
    fn a_class_is_summed_up_in_a_line_of_rows_by_outcome() {
        let mut results = two_environments();
        for record in &mut results.parsers {
            record.format = "regex".parse().unwrap();
        }
        assert_eq!(
            class_summary(&results, FormatClass::Patterns),
            "8 regex engines measured of 9 rows (6 libraries): 3 clean errors, 3 crashes, 1 exhausts time, 1 no limit, 1 not measured"
        );
        results.parsers.truncate(1);
        assert_eq!(
            class_summary(&results, FormatClass::Patterns),
            "1 regex engine measured of 1 row (1 library): 1 clean error"
        );
        assert_eq!(
            class_summary(&results, FormatClass::Sql),
            "0 SQL parsers measured of 0 rows (0 libraries)"
        );
    }

    #[test]
    fn a_run_is_summed_up_in_the_outcome_words() {
        let results = two_environments();
        let keys: Vec<String> = results.parsers.iter().map(ParserRecord::key).collect();
        let line = run_summary(&results, &keys);
        // The one count: what the README, results.md, the page and the badges say of these rows.
        let counts = counts(&results);
        for class in Class::ALL.into_iter().filter(|&class| counts.of(class) > 0) {
            assert!(line.contains(&format!("{} {}", class.text(), counts.of(class))), "{line}");
        }
        assert_eq!(line, "9 rows: clean error 3, crash 3, exhausts time 1, no limit 1, not measured 1");
    }
}
