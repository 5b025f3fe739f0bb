//! Facts across all the records, for summaries: how many parsers were measured, which lose control,
//! whose time grows super-linearly, what differs between environments, a run in one line.

use super::class::{class, class_of, loses_control, losing_sooner, weakest_phase, Class};
use super::groups::{groups, groups_by_library, sorted, table_order, Group};
use super::view::{
    display_name, environment_name, growth_note, library_name, main_outcome, short_environment_name,
    short_outcome,
};
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

/// The parsers that lose control (crash or hang), one entry per catalog row in table order: its
/// name and where it fails, with the environments when it was measured in several
/// (`SIGSEGV at 262,078 (Debian 12, Debian 13)`).
pub fn losing(results: &Results) -> Vec<(String, String)> {
    let loses = |r: &ParserRecord| loses_control(class(r)) || weakest_phase(r).is_some();
    let mut entries = Vec::new();
    let mut groups: Vec<Group> =
        groups(results).into_iter().filter(|g| g.records.iter().any(|r| loses(r))).collect();
    groups.sort_by_key(|g| g.records.iter().filter(|r| loses(r)).map(|r| table_order(r)).min());
    for group in groups {
        let name = library_name(results, group.lead());
        // Equal outcomes share their environments' names.
        let mut outcomes: Vec<(String, Vec<&str>)> = Vec::new();
        for record in group.records.iter().filter(|r| loses(r)) {
            let env = short_environment_name(environment_name(results, &record.environment));
            match outcomes.iter_mut().find(|(o, _)| *o == short_outcome(record)) {
                Some((_, envs)) => envs.push(env),
                None => outcomes.push((short_outcome(record), vec![env])),
            }
        }
        let several = group.records.len() > 1;
        let text: Vec<String> = outcomes
            .into_iter()
            .map(|(outcome, envs)| if several { format!("{outcome} ({})", envs.join(", ")) } else { outcome })
            .collect();
        entries.push((name, text.join("; ")));
    }
    entries
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

/// Distinct parsers (ids) of the records, and how many of them were measured in some environment.
pub fn parser_counts(results: &Results) -> (usize, usize) {
    let groups = groups(results);
    let measured = groups.iter().filter(|g| g.records.iter().any(|r| class(r) != Class::NotMeasured)).count();
    (measured, groups.len())
}

/// A run's records in one line: `3 rows: 1 clean error, 1 crash, 1 not measured`.
pub fn run_summary(records: &[ParserRecord]) -> String {
    let classes = [
        (Class::CleanError, "clean error", "clean errors"),
        (Class::Crash, "crash", "crashes"),
        (Class::Timeout, "timeout", "timeouts"),
        (Class::OutOfMemory, "out of memory", "out of memory"),
        (Class::NoLimit, "no limit", "no limit"),
        (Class::Unreliable, "unreliable", "unreliable"),
        (Class::NotMeasured, "not measured", "not measured"),
    ];
    let parts: Vec<String> = classes
        .iter()
        .filter_map(|&(wanted, one, many)| {
            let n = records.iter().filter(|r| class(r) == wanted).count();
            (n > 0).then(|| format!("{n} {}", if n == 1 { one } else { many }))
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
        // A crash in both environments is one entry naming both.
        let losing = losing(&results);
        let stack = losing.iter().find(|(name, _)| name == "C recursive-parser").unwrap();
        assert_eq!(stack.1, "SIGSEGV at 87,289 (Debian 12, Debian 13)");
        assert_eq!(losing.iter().filter(|(name, _)| name.starts_with("C recursive")).count(), 1);
    }
}
