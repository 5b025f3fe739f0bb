//! Local SVG badges (no badge service needed): one per parser, plus summaries.

use crate::untrusted::printable;
use std::path::PathBuf;

use anyhow::{anyhow, Result};
use badge_maker::BadgeBuilder;

use super::class::{class, class_of, Class};
use super::groups::groups;
use super::overview::parser_counts;
use super::view::display_name;
use super::Exporter;
use crate::payload::PayloadFormat;
use crate::results::probe_result::ProbeResult;
use crate::results::{ParserRecord, Results, Status};
use crate::units::thousands;

pub struct Badges;

pub const DIR: &str = "badges";

impl Exporter for Badges {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>> {
        let mut files = Vec::new();
        for record in &results.parsers {
            let (message, colour) = parser_message(record);
            let label = display_name(results, record);
            files.push((PathBuf::from(DIR).join(badge_file(record)), badge(&label, &message, colour)?));
        }
        files.push((PathBuf::from(DIR).join("crashes.svg"), crash_badge(results, "input")?));
        for format in results.formats() {
            files.push((
                PathBuf::from(DIR).join(crash_badge_file(format)),
                crash_badge(&results.of_format(format), format.title())?,
            ));
        }
        let (measured, parsers) = parser_counts(results);
        files.push((
            PathBuf::from(DIR).join("parsers.svg"),
            badge("parsers measured", &format!("{measured} of {parsers}"), "blue")?,
        ));
        Ok(files)
    }
}

/// The summary badge of one format's parsers: `badges/crashes-<format>.svg`.
pub fn crash_badge_file(format: PayloadFormat) -> String {
    format!("crashes-{format}.svg")
}

/// A parser's badge file in [`DIR`]: `<id>.svg`, `<id>@<environment>.svg` outside the host.
pub fn badge_file(record: &ParserRecord) -> String {
    format!("{}.svg", record.key())
}

/// "crash on deep YAML: 3 of 12 parsers" (crashes and timeouts count: both lose control). A parser
/// measured in several environments counts once, as crashing if it does in any.
fn crash_badge(results: &Results, what: &str) -> Result<String> {
    let (measured, _) = parser_counts(results);
    let crashes = groups(results)
        .iter()
        .filter(|g| {
            g.records.iter().any(|r| matches!(class(r), Class::Crash | Class::Timeout | Class::OutOfMemory))
        })
        .count();
    let colour = if crashes > 0 { "red" } else { "brightgreen" };
    badge(&format!("crash on deep {what}"), &format!("{crashes} of {measured} parsers"), colour)
}

fn parser_message(record: &ParserRecord) -> (String, &'static str) {
    message(record.result.as_ref().filter(|_| record.status == Status::Measured))
}

/// The badge of one result (`probe --badge`), with the wording and colours of the catalog's
/// per-parser badges; `None`: not measured.
/// The badge of `probe --badge`. A result that broke an expectation is red whatever its outcome,
/// and says so: a gate that failed must not show green.
pub fn probe_badge(label: &str, result: Option<&ProbeResult>, expectations_failed: bool) -> Result<String> {
    let (message, colour) = message(result);
    if expectations_failed {
        return badge(label, &format!("{message} (expectation failed)"), "red");
    }
    badge(label, &message, colour)
}

fn message(result: Option<&ProbeResult>) -> (String, &'static str) {
    let Some(result) = result else { return ("not measured".into(), "lightgrey") };
    let depth = || result.exact_failing_depth().map(thousands).unwrap_or_default();
    match class_of(result) {
        Class::CleanError => (format!("clean error at {}", depth()), "brightgreen"),
        Class::Crash => {
            let failure = result.failure.as_ref().map(|f| f.summary()).unwrap_or_default();
            (format!("{failure} at {}", depth()), "red")
        }
        Class::Timeout => (format!("timeout at {}", depth()), "orange"),
        Class::OutOfMemory => (format!("out of memory at {}", depth()), "#cc79a7"),
        Class::NoLimit => (format!("no limit up to {}", thousands(result.settings.max_depth)), "yellow"),
        Class::Flattened => {
            let built = result.flattened_to.map(thousands).unwrap_or_default();
            (format!("accepted, flattened to {built}"), "#56b4e9")
        }
        Class::Unreliable => ("unstable".into(), "lightgrey"),
        Class::NotMeasured => ("not measured".into(), "lightgrey"),
    }
}

fn badge(label: &str, message: &str, colour: &str) -> Result<String> {
    // (Both are escaped for SVG by the builder; control characters are not, and are not valid XML.)
    let (label, message) = (printable(label), printable(message));
    let badge = BadgeBuilder::new()
        .label(&label)
        .message(&message)
        .color_parse(colour)
        .build()
        .map_err(|e| anyhow!("cannot draw badge {label:?}: {e:?}"))?;
    let mut svg = badge.svg();
    svg.push('\n');
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::settings::Settings;

    #[test]
    fn every_kind_of_result_draws_a_badge_in_its_colour() {
        use crate::results::outcome::{Failure, FailureKind};
        use crate::results::probe_result::ProbeStatus;
        let kinds = [
            FailureKind::Error,
            FailureKind::Crash,
            FailureKind::Timeout,
            FailureKind::Accepted,
            FailureKind::OutOfMemory,
        ];
        for kind in kinds {
            let failure = Failure {
                kind,
                exit_code: None,
                signal: None,
                signal_name: None,
                stderr: String::new(),
                peak_rss_bytes: None,
            };
            let result = ProbeResult {
                status: ProbeStatus::Exact,
                settings: Settings { max_depth: 1000, ..Default::default() },
                max_accepted_depth: Some(9),
                min_failing_depth: Some(10),
                failure: Some(failure),
                ..Default::default()
            };
            let svg = probe_badge("p", Some(&result), false).unwrap_or_else(|e| panic!("{kind:?}: {e:#}"));
            assert!(svg.contains("at 10"), "{kind:?}: {svg}");
        }
        assert!(probe_badge("p", None, false).unwrap().contains("not measured"));
        let failed = probe_badge("p", Some(&ProbeResult::default()), true).unwrap();
        assert!(failed.contains("(expectation failed)") && failed.contains("#e05d44"), "{failed}");
    }

    #[test]
    fn a_badge_per_record_keyed_by_environment_and_summaries_count_parsers_once() {
        let results = crate::report::tests::two_environments();
        let files = Badges.files(&results).unwrap();
        let names: Vec<String> = files.iter().map(|(p, _)| p.display().to_string()).collect();
        assert!(names.contains(&"badges/python-json.svg".to_string()));
        assert!(names.contains(&"badges/python-json@debian13.svg".to_string()));
        let badge = |name: &str| &files.iter().find(|(p, _)| p.ends_with(name)).unwrap().1;
        assert!(badge("python-json@debian13.svg").contains("Python json · Debian 13"));
        assert!(badge("python-json@debian13.svg").contains("clean error at 1,000"));
        // c-stack crashes in both environments: one parser of six measured.
        assert!(badge("crashes-json.svg").contains("3 of 6 parsers"), "{}", badge("crashes-json.svg"));
        assert!(badge("parsers.svg").contains("6 of 7"));
    }
}
