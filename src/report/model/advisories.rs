//! The advisories as every output shows them: which advisory covers each line of the crash list (an
//! advisory of the row whose shape and phase are the line's) or "no advisory known", the crashes no
//! advisory covers least deep first, and the counts by verdict.

use super::crashes::{crash_list, CrashLine};
use crate::results::advisory::{AdvisoryRecord, RowAdvisory, Verdict};
use crate::results::phase::Phase;
use crate::results::{ParserRecord, Results};

/// What the crash list says of a crash no advisory covers.
pub const NO_ADVISORY: &str = "no advisory known";

/// The advisories of the line's row about what the line is: its shape, and its phase where the
/// advisory names one (an advisory of the parse covers the parse and the whole run).
pub fn advisories_of<'a>(line: &CrashLine<'a>) -> Vec<&'a RowAdvisory> {
    line.record.advisories.iter().filter(|advisory| covers(advisory, line)).collect()
}

fn covers(advisory: &RowAdvisory, line: &CrashLine) -> bool {
    let shape = advisory.shape.as_deref().is_none_or(|shape| shape == line.shape());
    let phase = match (advisory.phase.as_deref(), line.phase()) {
        (None, _) => true,
        (Some(phase), None) => phase == Phase::Parse.name(),
        (Some(phase), Some(line)) => phase == line.name(),
    };
    shape && phase
}

/// The ids of the advisories that cover the line, or [`NO_ADVISORY`].
pub fn advisory_words(line: &CrashLine) -> String {
    let ids: Vec<&str> = advisories_of(line).iter().map(|advisory| advisory.id.as_str()).collect();
    if ids.is_empty() {
        NO_ADVISORY.to_string()
    } else {
        ids.join(", ")
    }
}

/// The ids of the advisories that cover any of `library`'s lines in `list` (the README's one line per
/// library stands for all of them), or [`NO_ADVISORY`].
pub fn library_advisory_words(list: &super::crashes::CrashList, library: &str) -> String {
    let mut ids: Vec<&str> = Vec::new();
    for line in list.crashes.iter().filter(|line| line.library == library) {
        for advisory in advisories_of(line) {
            if !ids.contains(&advisory.id.as_str()) {
                ids.push(&advisory.id);
            }
        }
    }
    if ids.is_empty() {
        NO_ADVISORY.to_string()
    } else {
        ids.join(", ")
    }
}

/// The crash list's lines no advisory covers, least deep first.
pub fn unreported(results: &Results) -> Vec<CrashLine<'_>> {
    let mut lines: Vec<CrashLine> =
        crash_list(results).crashes.into_iter().filter(|line| advisories_of(line).is_empty()).collect();
    lines.sort_by_key(|line| line.depth);
    lines
}

/// The advisory of `results` with this id.
pub fn advisory<'a>(results: &'a Results, id: &str) -> Option<&'a AdvisoryRecord> {
    results.advisories.iter().find(|advisory| advisory.id == id)
}

/// A row's advisories in a line: each id, whether the measured release is affected (or a backport
/// and how it is known), and the advisory's verdict; `None` for a row with none.
pub fn row_line(results: &Results, record: &ParserRecord) -> Option<String> {
    if record.advisories.is_empty() {
        return None;
    }
    let items: Vec<String> = record
        .advisories
        .iter()
        .map(|row| {
            let release = match (row.affected, &row.backport) {
                (Some(true), _) => "this release is affected".to_string(),
                (Some(false), Some(backport)) => format!("this release is fixed: {backport}"),
                (Some(false), None) => "this release is fixed".to_string(),
                (None, _) => "this release's version is not in its ranges' order".to_string(),
            };
            let verdict =
                advisory(results, &row.id).map(|a| format!("; {}", a.verdict.text())).unwrap_or_default();
            format!("{} ({release}{verdict})", row.id)
        })
        .collect();
    Some(items.join("; "))
}

/// How many advisories have each verdict, in [`Verdict::ALL`]'s order.
pub fn by_verdict(results: &Results) -> Vec<(Verdict, usize)> {
    Verdict::ALL
        .iter()
        .map(|&verdict| (verdict, results.advisories.iter().filter(|a| a.verdict == verdict).count()))
        .collect()
}

/// `5 advisories tracked: 3 fix holds, 1 reproduced, 1 not measurable here` (verdicts with none left
/// out).
pub fn summary(results: &Results) -> String {
    let verdicts: Vec<String> = by_verdict(results)
        .into_iter()
        .filter(|(_, count)| *count > 0)
        .map(|(verdict, count)| format!("{count} {}", verdict.text()))
        .collect();
    let count = results.advisories.len();
    format!("{count} {} tracked: {}", if count == 1 { "advisory" } else { "advisories" }, verdicts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::crash_fixture;

    #[test]
    fn a_crash_is_marked_with_the_advisory_of_its_shape_and_phase_or_none_known() {
        let mut results = crash_fixture();
        let lines = crash_list(&results).crashes;
        let free = lines.iter().find(|line| line.phase() == Some(Phase::Free)).expect("a crash in free");
        let key = free.record.key();
        let shape = free.shape().to_string();
        let row = results.parsers.iter_mut().find(|record| record.key() == key).unwrap();
        let advisory = |id: &str, phase: Option<&str>| RowAdvisory {
            id: id.into(),
            affected: Some(true),
            shape: Some(shape.clone()),
            phase: phase.map(String::from),
            backport: None,
        };
        row.advisories = vec![advisory("GHSA-parse", Some("parse")), advisory("GHSA-free", Some("free"))];
        let lines = crash_list(&results).crashes;
        let free =
            lines.iter().find(|line| line.record.key() == key && line.phase() == Some(Phase::Free)).unwrap();
        assert_eq!(advisory_words(free), "GHSA-free");
        let others: Vec<String> =
            lines.iter().filter(|line| line.record.key() != key).map(advisory_words).collect();
        assert!(!others.is_empty() && others.iter().all(|words| words == NO_ADVISORY), "{others:?}");
        let unreported = unreported(&results);
        assert!(unreported.windows(2).all(|pair| pair[0].depth <= pair[1].depth));
        assert!(unreported
            .iter()
            .all(|line| !(line.record.key() == key && line.phase() == Some(Phase::Free))));
    }
}
