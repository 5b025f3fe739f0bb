//! Local SVG badges (no badge service needed): one per parser, plus summaries.

use crate::untrusted::printable;
use std::path::PathBuf;

use anyhow::{anyhow, Result};
use badge_maker::BadgeBuilder;

use crate::report::model::class::{class_of, count_of, Class};
use crate::report::model::counts::counts;
use crate::report::model::files::{badge_file, class_badge_file, crash_badge_file, BADGES_DIR};
use crate::report::model::view::display_name;
use crate::report::Exporter;
use crate::results::outcome::Failure;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::word::clean_error;
use crate::results::{ParserRecord, Results, Status};
use crate::units::thousands;

pub struct Badges;

impl Exporter for Badges {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>> {
        let mut files = Vec::new();
        for record in &results.parsers {
            let (message, colour) = parser_message(record);
            let label = display_name(results, record);
            files
                .push((PathBuf::from(BADGES_DIR).join(badge_file(record)), badge(&label, &message, colour)?));
        }
        files.push((PathBuf::from(BADGES_DIR).join("crashes.svg"), crash_badge(results, "input")?));
        for format in results.formats() {
            files.push((
                PathBuf::from(BADGES_DIR).join(crash_badge_file(format)),
                crash_badge(&results.of_format(format), format.title())?,
            ));
        }
        // A summary per class of languages (the data formats have theirs per format and in all).
        for class in results.classes().into_iter().filter(|class| class.heading().is_some()) {
            files.push((
                PathBuf::from(BADGES_DIR).join(class_badge_file(class)),
                crash_badge(&results.of_class(class), class.in_text())?,
            ));
        }
        let count = counts(results);
        files.push((
            PathBuf::from(BADGES_DIR).join("parsers.svg"),
            badge("rows measured", &format!("{} of {}", count.rows_measured, count.rows), "blue")?,
        ));
        Ok(files)
    }
}

/// "crash on deep YAML: 3 of 12 rows": the rows of the crash list (a row that only exhausts time
/// or memory is not a crash), out of the rows measured.
fn crash_badge(results: &Results, what: &str) -> Result<String> {
    let count = counts(results);
    let colour = if count.rows_crashing > 0 { "red" } else { "brightgreen" };
    let message = format!("{} of {} rows", count.rows_crashing, count.rows_measured);
    badge(&format!("crash on deep {what}"), &message, colour)
}

fn parser_message(record: &ParserRecord) -> (String, &'static str) {
    let result = record.result.as_ref().filter(|_| record.status == Status::Measured);
    let count = result.and_then(|result| count_of(record, result));
    message(result, count)
}

/// The badge of one result (`probe --badge`), with the wording and colours of the catalog's
/// per-parser badges; `None`: not measured.
/// The badge of `probe --badge`. A result that broke an expectation is red whatever its outcome,
/// and says so: a gate that failed must not show green.
pub fn probe_badge(label: &str, result: Option<&ProbeResult>, expectations_failed: bool) -> Result<String> {
    let (message, colour) = message(result, None);
    if expectations_failed {
        return badge(label, &format!("{message} (expectation failed)"), "red");
    }
    badge(label, &message, colour)
}

/// `count`: the count a clean error is a limit on, when the row documents one.
fn message(result: Option<&ProbeResult>, count: Option<&str>) -> (String, &'static str) {
    let Some(result) = result else { return ("not measured".into(), "lightgrey") };
    let depth = || result.exact_failing_depth().map(thousands).unwrap_or_default();
    match class_of(result) {
        Class::CleanError => (format!("{} at {}", clean_error(count), depth()), "brightgreen"),
        Class::Crash => {
            match result.crash_seen_at() {
                Some((depth, failure)) => (format!("{} at {}", failure.summary(), thousands(depth)), "red"),
                // Accepted invalid input: classed with crashes for its colour.
                None => {
                    let failure = result.failure.as_ref().map(Failure::summary).unwrap_or_default();
                    (format!("{failure} at {}", depth()), "red")
                }
            }
        }
        Class::Timeout => match result.finding() {
            Finding::Slow(depth, _) => {
                (format!("{} beyond {}", Class::Timeout.text(), thousands(depth)), "orange")
            }
            _ => (format!("{} at {}", Class::Timeout.text(), depth()), "orange"),
        },
        Class::OutOfMemory => (format!("{} at {}", Class::OutOfMemory.text(), depth()), "#cc79a7"),
        Class::NoLimit => (format!("no limit up to {}", thousands(result.settings.max_depth)), "yellow"),
        Class::Flattened => {
            let built = result.flattened_to.map(thousands).unwrap_or_default();
            (format!("{} to {built}", Class::Flattened.text()), "#56b4e9")
        }
        Class::Unreliable => (Class::Unreliable.text().into(), "lightgrey"),
        Class::ServerError | Class::RefusedBySize | Class::Unresponsive => {
            let failure = result.failure.as_ref().map(Failure::summary).unwrap_or_default();
            let colour = match class_of(result) {
                Class::ServerError => "#e6c300",
                Class::RefusedBySize => "#999999",
                _ => "#882255",
            };
            (format!("{failure} at {}", depth()), colour)
        }
        Class::WrongAnswer => (format!("{} at {}", Class::WrongAnswer.text(), depth()), "#d55e00"),
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
                service: None,
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
        // Rows, not libraries: c-stack crashes in both environments, two rows of eight measured;
        // the timeout is no crash.
        assert!(badge("crashes-json.svg").contains("3 of 8 rows"), "{}", badge("crashes-json.svg"));
        assert!(badge("parsers.svg").contains("rows measured") && badge("parsers.svg").contains("8 of 9"));
    }
}
