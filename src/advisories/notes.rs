//! A row's note (or documented limit) that a measurement contradicts: the note says the library has
//! no depth option or no limit, or documents another limit, while the row fails cleanly at the
//! limit an advisory's fix introduced. The catalog's tests run it over the committed results.

use super::attach::probe_of;
use super::model::Advisory;
use super::side::at_limit;
use crate::report::model::class::{class_of, Class};
use crate::results::documented::NESTING;
use crate::results::Results;

/// What a note says when it denies a limit.
pub const DENIALS: [&str; 4] = ["no depth option", "no depth limit", "no nesting limit", "no limit"];

/// One line per row whose note or documented limit the measurement at an advisory's limit
/// contradicts.
pub fn contradictions(results: &Results, advisories: &[Advisory]) -> Vec<String> {
    let mut found = Vec::new();
    for advisory in advisories {
        let Some(limit) = advisory.limit else { continue };
        for record in results.parsers.iter().filter(|record| advisory.rows.contains(&record.id)) {
            let Some(result) = probe_of(advisory, record) else { continue };
            let depth = result.outcome_depth();
            if class_of(result) != Class::CleanError || !at_limit(depth, limit) {
                continue;
            }
            let depth = depth.unwrap_or_default();
            let note = record.note.to_lowercase();
            if let Some(denial) = DENIALS.iter().find(|denial| note.contains(*denial)) {
                found.push(format!(
                    "{}: its note says \"{denial}\" but it fails cleanly at {depth}, at the limit of {} ({limit})",
                    record.key(),
                    advisory.id
                ));
            }
            let documented = record.documented.as_ref().filter(|documented| documented.counts == NESTING);
            if let Some(documented) = documented.filter(|documented| {
                !at_limit(Some(documented.depth), limit) && !at_limit(Some(limit), documented.depth)
            }) {
                found.push(format!(
                    "{}: it documents a limit of {} but fails cleanly at {depth}, at the limit of {} ({limit})",
                    record.key(),
                    documented.depth,
                    advisory.id
                ));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::outcome::{Failure, FailureKind};
    use crate::results::probe_result::{ProbeResult, ProbeStatus};

    fn failing(depth: u64, kind: FailureKind) -> ProbeResult {
        let failure = Failure {
            kind,
            exit_code: Some(1),
            signal: None,
            signal_name: None,
            stderr: String::new(),
            peak_rss_bytes: None,
            service: None,
        };
        ProbeResult {
            status: ProbeStatus::Exact,
            min_failing_depth: Some(depth),
            max_accepted_depth: Some(depth - 1),
            failure: Some(failure),
            shape: crate::payload::PayloadFormat::JSON.main_shape(),
            ..Default::default()
        }
    }

    #[test]
    fn a_note_denying_a_limit_the_row_fails_cleanly_at_is_caught() {
        let advisory: Advisory = toml::from_str(
            r#"
            id = "GHSA-x"
            summary = "s"
            published = "2025-01-01"
            source = "https://example.org"
            format = "json"
            limit = 1024
            rows = ["p"]
            [[affected]]
            ecosystem = "PyPI"
            name = "p"
            ranges = [{ introduced = "0", fixed = "2.0" }]
            "#,
        )
        .unwrap();
        let mut results = crate::report::tests::two_environments();
        let mut record = results.parsers[0].clone();
        record.id = "p".into();
        record.environment = "host".into();
        record.note = "No depth option (unverified)".into();
        record.documented = None;
        record.result = Some(failing(1025, FailureKind::Error));
        results.parsers = vec![record.clone()];
        let found = contradictions(&results, std::slice::from_ref(&advisory));
        assert_eq!(found, ["p: its note says \"no depth option\" but it fails cleanly at 1025, at the limit of GHSA-x (1024)"]);
        // A crash there, or a clean error elsewhere, contradicts nothing the note says.
        results.parsers[0].result = Some(failing(1025, FailureKind::Crash));
        assert!(contradictions(&results, std::slice::from_ref(&advisory)).is_empty());
        results.parsers[0].result = Some(failing(5000, FailureKind::Error));
        assert!(contradictions(&results, std::slice::from_ref(&advisory)).is_empty());
        // A note that names the limit is right.
        results.parsers[0] = record;
        results.parsers[0].note = "fixed 1024-level nesting limit, no option".into();
        assert!(contradictions(&results, &[advisory]).is_empty());
    }
}
