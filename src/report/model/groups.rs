//! Which records go together and in which order: a catalog row's records across environments
//! (a [`Group`]), the tables' order (by library) and the charts' (least nesting first).

use super::class::{class, Class};
use crate::results::probe_result::Finding;
use crate::results::HOST;
use crate::results::{ParserRecord, Results, Status};

/// Sort key for tables and charts: least nesting allowed first, no limit after every limit,
/// unmeasured parsers last (in catalog order, as `sort_by_key` is stable).
pub fn table_order(record: &ParserRecord) -> (u8, u64) {
    match (&record.status, record.result.as_ref().map(|r| r.finding())) {
        (Status::Measured, Some(Finding::FailsAt(depth, _))) => (0, depth),
        (Status::Measured, Some(Finding::Flattened(built))) => (1, built),
        (Status::Measured, Some(Finding::NoLimit)) => (2, 0),
        _ => (3, 0),
    }
}

/// The records in table order.
pub fn sorted(results: &Results) -> Vec<&ParserRecord> {
    let mut records: Vec<&ParserRecord> = results.parsers.iter().collect();
    records.sort_by_key(|r| table_order(r));
    records
}

/// The lowest clean limits, as a format's summary names them (in results.md and the README): the
/// first records in table order that stop with a clean error, three at most.
pub fn lowest_limits(results: &Results) -> Vec<&ParserRecord> {
    sorted(results).into_iter().filter(|r| class(r) == Class::CleanError).take(3).collect()
}

/// The environments the records name: the host first, then the others in key order.
pub fn environments_of(results: &Results) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for record in &results.parsers {
        if !keys.contains(&record.environment) {
            keys.push(record.environment.clone());
        }
    }
    keys.sort_by(|a, b| (a != HOST, a).cmp(&(b != HOST, b)));
    keys
}

/// One catalog row (one id) across the environments it was measured in: its records in
/// [`environments_of`] order.
pub struct Group<'a> {
    pub records: Vec<&'a ParserRecord>,
}

impl<'a> Group<'a> {
    /// The record that stands for the group in sorting and naming: the host's, else the first.
    pub fn lead(&self) -> &'a ParserRecord {
        self.records.iter().find(|r| r.environment == HOST).unwrap_or(&self.records[0])
    }

    pub fn in_environment(&self, key: &str) -> Option<&'a ParserRecord> {
        self.records.iter().copied().find(|r| r.environment == key)
    }
}

/// The records grouped by id, groups in order of first appearance.
pub fn groups(results: &Results) -> Vec<Group<'_>> {
    let order = environments_of(results);
    let rank = |r: &ParserRecord| order.iter().position(|e| *e == r.environment).unwrap_or(usize::MAX);
    let mut groups: Vec<Group> = Vec::new();
    for record in &results.parsers {
        match groups.iter_mut().find(|g| g.records[0].id == record.id && g.records[0].format == record.format)
        {
            Some(group) => group.records.push(record),
            None => groups.push(Group { records: vec![record] }),
        }
    }
    for group in &mut groups {
        group.records.sort_by_key(|r| rank(r));
    }
    groups
}

/// Groups sorted by language, then library, variant and id (case-insensitive first): the order of
/// the tables, where the versions of one library sit together.
pub fn groups_by_library(results: &Results) -> Vec<Group<'_>> {
    let mut groups = groups(results);
    groups.sort_by_cached_key(|g| {
        let lead = g.lead();
        (
            lead.language.to_lowercase(),
            lead.language.clone(),
            lead.library.to_lowercase(),
            lead.library.clone(),
            lead.variant.clone(),
            lead.id.clone(),
        )
    });
    groups
}

/// Groups sorted by their lead record's table order (least nesting first): the order of the charts,
/// where a library's other environments follow it.
pub fn groups_by_depth(results: &Results) -> Vec<Group<'_>> {
    let mut groups = groups(results);
    groups.sort_by_key(|g| table_order(g.lead()));
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::model::overview::parser_counts;
    use crate::report::tests::two_environments;

    #[test]
    fn groups_put_a_library_s_environments_together_host_first() {
        let results = two_environments();
        let groups = groups_by_library(&results);
        assert_eq!(groups.len(), 7, "one group per catalog row");
        let python = groups.iter().find(|g| g.lead().id == "python-json").unwrap();
        let keys: Vec<String> = python.records.iter().map(|r| r.key()).collect();
        assert_eq!(keys, ["python-json", "python-json@debian13"]);
        assert_eq!(environments_of(&results), ["host", "debian13"]);
        // By language, then library: C's two libraries before Go.
        let leads: Vec<&str> = groups.iter().map(|g| g.lead().id.as_str()).collect();
        assert_eq!(&leads[..3], ["c-stack", "c-unbounded", "go-skipped"]);
        // In depth order, a library's Debian 13 record follows it even where it fails elsewhere.
        let charted: Vec<String> =
            groups_by_depth(&results).into_iter().flat_map(|g| g.records).map(|r| r.key()).collect();
        let at = charted.iter().position(|k| k == "python-json").unwrap();
        assert_eq!(charted[at + 1], "python-json@debian13");
        assert_eq!(parser_counts(&results), (6, 7));
    }
}
