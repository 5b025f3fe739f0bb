//! The figures hand-written prose may quote, each named by a key and read from results.json, so
//! no number describing the atlas is typed (#34 item 3). A key is `WHAT [ROW[@ENVIRONMENT][/PART]]`:
//!
//! - `depth ROW/PART`: where that part fails (`87,361`), or the range its boundary moves in where
//!   outcomes disagreed (`1,986–2,000`: from the lowest depth that failed to one past the deepest
//!   that passed; a warm JIT's limit, recorded as such); `accepted ROW`: the deepest a part without
//!   a limit took (`5,000,000`); `slow ROW`: the depth the row finished before exhausting its time
//!   (`74,977`) and `seconds ROW` the time its deepest accepted input took; `flattened ROW`:
//!   the levels a renderer built; `growth ROW`: the exponent of its time (`3.5`); `version ROW`;
//!   `releases ROW`: its release history's line (`3.0.0–3.0.7 clean error at 2,023 → 3.0.9–4.0.0 …`),
//!   `changed ROW`: the releases that changed how it fails (`3.0.9`).
//!   PART is a shape (`array`, `object`, `inline`…), `unclosed` or a phase (`serialize`); none is the
//!   main result.
//! - `max-depth`: the deepest tried; `rows FORMAT`, `libraries FORMAT`: how many of a format
//!   (`all` for every format); `rows-in ENVIRONMENT FORMAT…`: records of those formats measured there;
//!   `rows-with-phases [FORMAT]`, `languages-with-phases [FORMAT]`: rows whose program takes phases.

use std::collections::BTreeSet;

use super::counts::counts;
use super::release_timeline::history_line;
use crate::payload::PayloadFormat;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::releases::changed_versions;
use crate::results::{ParserRecord, Results, HOST};
use crate::units::thousands;

/// The value of `key` in `results`, or why there is none (one line).
pub fn value(results: &Results, key: &str) -> Result<String, String> {
    let words: Vec<&str> = key.split_whitespace().collect();
    match words.as_slice() {
        ["max-depth"] => Ok(thousands(results.environment.settings.max_depth)),
        ["rows", format] => Ok(counts(&of_format(results, format)?).rows.to_string()),
        ["libraries", format] => Ok(counts(&of_format(results, format)?).libraries.to_string()),
        ["rows-in", environment, formats @ ..] => rows_in(results, environment, formats),
        ["rows-with-phases", format @ ..] => Ok(phased(results, format.first().copied())?.0.to_string()),
        ["languages-with-phases", format @ ..] => Ok(phased(results, format.first().copied())?.1.to_string()),
        [what, row] => row_value(results, what, row),
        _ => Err("not a key: see src/report/model/values.rs".into()),
    }
}

fn of_format(results: &Results, format: &str) -> Result<Results, String> {
    match format {
        "all" => Ok(results.clone()),
        name => {
            let format: PayloadFormat = name.parse().map_err(|_| format!("no format `{name}`"))?;
            Ok(results.of_format(format))
        }
    }
}

fn rows_in(results: &Results, environment: &str, formats: &[&str]) -> Result<String, String> {
    if !results.parsers.iter().any(|r| r.environment == environment) {
        return Err(format!("no row measured in `{environment}`"));
    }
    let mut count = 0;
    for format in if formats.is_empty() { &["all"][..] } else { formats } {
        count += of_format(results, format)?.parsers.iter().filter(|r| r.environment == environment).count();
    }
    Ok(count.to_string())
}

/// Rows of the host whose program takes phases, and their languages.
fn phased(results: &Results, format: Option<&str>) -> Result<(usize, usize), String> {
    let results = of_format(results, format.unwrap_or("all"))?;
    let rows: Vec<&ParserRecord> =
        results.parsers.iter().filter(|r| r.environment == HOST && !r.phases.is_empty()).collect();
    let languages: BTreeSet<&str> = rows.iter().map(|r| r.language.as_str()).collect();
    Ok((rows.len(), languages.len()))
}

/// A figure of one record: `depth nlohmann-json/serialize`, `version graphql-ruby@debian13`.
fn row_value(results: &Results, what: &str, row: &str) -> Result<String, String> {
    let (row, part) = row.split_once('/').map_or((row, None), |(row, part)| (row, Some(part)));
    let (id, environment) = row.split_once('@').unwrap_or((row, HOST));
    let record = results
        .parsers
        .iter()
        .find(|r| r.id == id && r.environment == environment)
        .ok_or_else(|| format!("no row `{id}` measured in `{environment}`"))?;
    match what {
        "version" => return record.version.clone().ok_or_else(|| "the row has no version".into()),
        "releases" => return history_line(record).ok_or_else(|| "the row has no release history".into()),
        "changed" => {
            let changed = changed_versions(&record.history);
            if changed.is_empty() {
                return Err("no release in its history changed how it fails".into());
            }
            return Ok(changed.join(", "));
        }
        _ => {}
    }
    let result = match part {
        None => record.result.as_ref(),
        Some(part) => record.parts().find(|(p, _)| p.label() == part).map(|(_, result)| result),
    }
    .ok_or_else(|| format!("the row has no result for `{}`", part.unwrap_or("main")))?;
    figure(result, what).ok_or_else(|| format!("its result ({}) has no `{what}` figure", result.phrase()))
}

fn figure(result: &ProbeResult, what: &str) -> Option<String> {
    match (what, result.finding()) {
        ("depth", Finding::Unstable { lowest_failing: Some(failing), highest_passing: Some(passing) }) => {
            let (low, high) = (failing.min(passing + 1), failing.max(passing + 1));
            Some(if low == high {
                thousands(low)
            } else {
                format!("{}–{}", thousands(low), thousands(high))
            })
        }
        ("depth", _) => result.exact_failing_depth().map(thousands),
        ("slow", Finding::Slow(depth, _)) => Some(thousands(depth)),
        ("accepted", Finding::NoLimit | Finding::Flattened(_)) => result.max_accepted_depth.map(thousands),
        ("seconds", _) => result.accepted_seconds.map(|seconds| format!("{seconds:.0}")),
        ("flattened", Finding::Flattened(built)) => Some(thousands(built)),
        ("growth", _) => result.growth.filter(|g| g.superlinear()).map(|g| format!("{:.1}", g.exponent)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::two_environments;
    use crate::results::releases::ReleaseOutcome;

    #[test]
    fn keys_name_a_record_s_figures_and_the_atlas_counts() {
        let results = two_environments();
        assert_eq!(value(&results, "depth python-json"), Ok("995".into()));
        assert_eq!(value(&results, "depth python-json@debian13"), Ok("1,000".into()));
        assert_eq!(value(&results, "version python-json@debian13"), Ok("2.0".into()));
        assert_eq!(value(&results, "depth c-stack/array"), Ok("87,289".into()));
        assert_eq!(value(&results, "rows json"), Ok("9".into()));
        assert_eq!(value(&results, "rows-in debian13 json"), Ok("2".into()));
        assert_eq!(value(&results, "max-depth"), Ok("5,000,000".into()));
    }

    #[test]
    fn an_unstable_boundary_is_quoted_as_the_range_it_moves_in() {
        let mut results = two_environments();
        let record =
            results.parsers.iter_mut().find(|r| r.id == "python-json" && r.environment == HOST).unwrap();
        let result = record.result.as_mut().unwrap();
        result.status = crate::results::probe_result::ProbeStatus::Unstable;
        result.boundary_window = [Some(1_986), Some(1_999)];
        assert_eq!(value(&results, "depth python-json"), Ok("1,986–2,000".into()));
        // Seen failing and passing at the same depth: the flip lies on that level or the next.
        results
            .parsers
            .iter_mut()
            .find(|r| r.id == "python-json")
            .unwrap()
            .result
            .as_mut()
            .unwrap()
            .boundary_window = [Some(2_000), Some(2_000)];
        assert_eq!(value(&results, "depth python-json"), Ok("2,000–2,001".into()));
        assert_eq!(
            value(&results, "slow python-json").map_err(|why| why.contains("no `slow` figure")),
            Err(true)
        );
    }

    #[test]
    fn a_release_history_is_quoted_by_its_line_and_its_changing_releases() {
        let mut results = two_environments();
        let outcome = |version: &str, depth: u64, changed: bool| ReleaseOutcome {
            version: version.into(),
            published: None,
            outcome: "clean error".into(),
            depth: Some(depth),
            shape: None,
            phase: None,
            reason: None,
            changed,
        };
        assert!(value(&results, "releases python-json").unwrap_err().contains("no release history"));
        let record = results.parsers.iter_mut().find(|r| r.id == "python-json" && r.environment == HOST);
        let record = record.unwrap();
        record.history =
            vec![outcome("1.0", 2023, false), outcome("1.1", 2023, false), outcome("2.0", 102, true)];
        assert_eq!(value(&results, "changed python-json"), Ok("2.0".into()));
        let line = value(&results, "releases python-json").unwrap();
        assert!(line.contains("2,023") && line.contains("2.0") && line.contains("102"), "{line}");
        results.parsers.iter_mut().for_each(|r| r.history.iter_mut().for_each(|r| r.changed = false));
        assert!(value(&results, "changed python-json").unwrap_err().contains("no release"));
    }

    #[test]
    fn a_missing_figure_says_what_is_missing() {
        let results = two_environments();
        assert_eq!(value(&results, "depth gone"), Err("no row `gone` measured in `host`".into()));
        assert_eq!(
            value(&results, "depth python-json/serialize"),
            Err("the row has no result for `serialize`".into())
        );
        assert!(value(&results, "flattened python-json").unwrap_err().contains("has no `flattened` figure"));
        assert_eq!(value(&results, "rows yaml-ish"), Err("no format `yaml-ish`".into()));
    }
}
