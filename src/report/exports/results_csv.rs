//! results.csv beside results.json: the atlas as one table for spreadsheets and notebooks, one line
//! per probe (row × environment × shape × phase), a row that was not probed as one line saying why.

use std::path::PathBuf;

use anyhow::{Context, Result};
use serde::Serialize;

use super::case::{Verdict, What};
use crate::report::exports::cases;
use crate::report::Exporter;
use crate::results::Results;

pub const RESULTS_CSV: &str = "results.csv";

pub struct ResultsCsv;

impl Exporter for ResultsCsv {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>> {
        Ok(vec![(PathBuf::from(RESULTS_CSV), table(results)?)])
    }
}

/// One line of the table. Numbers are plain (no thousands separators); an empty cell is unknown or
/// not applicable.
#[derive(Serialize)]
struct Line<'a> {
    key: &'a str,
    format: &'a str,
    library: &'a str,
    version: Option<&'a str>,
    environment: &'a str,
    shape: Option<&'a str>,
    phase: Option<&'a str>,
    /// in-control, crash, exhausts-time-or-memory, accepts-invalid-input, untrusted, not-probed.
    outcome: &'a str,
    result: String,
    failure: Option<String>,
    exit_code: Option<i32>,
    signal: Option<String>,
    min_failing_depth: Option<u64>,
    max_accepted_depth: Option<u64>,
    lowest_failing_seen: Option<u64>,
    highest_passing_seen: Option<u64>,
    crashed_in: Option<String>,
    stack_bytes: Option<u64>,
    max_depth: Option<u64>,
    timeout_seconds: Option<f64>,
}

fn table(results: &Results) -> Result<String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for case in cases(results) {
        let mut line = Line {
            key: &case.key,
            format: case.format.name(),
            library: &case.library,
            version: case.version.as_deref(),
            environment: &case.environment,
            shape: None,
            phase: None,
            outcome: "not-probed",
            result: String::new(),
            failure: None,
            exit_code: None,
            signal: None,
            min_failing_depth: None,
            max_accepted_depth: None,
            lowest_failing_seen: None,
            highest_passing_seen: None,
            crashed_in: None,
            stack_bytes: None,
            max_depth: None,
            timeout_seconds: None,
        };
        match &case.what {
            What::NotProbed(why) => line.result = why.clone(),
            What::Probed(result) => {
                let failure = result.failure.as_ref();
                line = Line {
                    shape: Some(result.shape.name()),
                    phase: result.phase.map(|p| p.name()),
                    outcome: Verdict::of(result).name(),
                    result: result.phrase(),
                    failure: failure.map(|f| f.summary()),
                    exit_code: failure.and_then(|f| f.exit_code),
                    signal: failure.and_then(|f| f.signal_name.clone()),
                    min_failing_depth: result.min_failing_depth,
                    max_accepted_depth: result.max_accepted_depth,
                    lowest_failing_seen: result.boundary_window[0],
                    highest_passing_seen: result.boundary_window[1],
                    crashed_in: result.crashed_in.as_ref().map(|site| site.summary()),
                    stack_bytes: result.settings.stack_bytes,
                    max_depth: Some(result.settings.max_depth),
                    timeout_seconds: Some(result.settings.timeout_seconds),
                    ..line
                };
            }
        }
        writer.serialize(&line).context("cannot write a line of results.csv")?;
    }
    let bytes = writer.into_inner().context("cannot finish results.csv")?;
    String::from_utf8(bytes).context("results.csv is not UTF-8")
}
