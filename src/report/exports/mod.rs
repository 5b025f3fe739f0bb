//! The files other tools read that `probe` and `run` write where asked (`--junit`, `--sarif`): the
//! probes they list, one [`Case`] per (row, environment, shape, phase), and the writing. Beside
//! them: results.csv, the badges, and `probe --summary`'s table for CI job summaries.

pub mod badges;
pub mod case;
pub mod junit;
pub mod results_csv;
pub mod sarif;
pub mod summary;

pub use badges::Badges;
pub use results_csv::ResultsCsv;

use std::path::PathBuf;

use anyhow::Result;

use crate::payload::PayloadFormat;
use crate::report::model::view::{environment_name, shell_words};
use crate::results::probe_result::ProbeResult;
use crate::results::{write_atomically, Results, Status};
use case::{Case, What};

/// The cases of a catalog's results: every probe of every row, in results order; a row without a
/// result is one case saying why.
pub fn cases(results: &Results) -> Vec<Case<'_>> {
    let mut cases = Vec::new();
    for record in &results.parsers {
        let case = |what| Case {
            key: record.key(),
            library: record.library.clone(),
            version: record.version.clone(),
            format: record.format,
            environment: environment_name(results, &record.environment).to_string(),
            what,
        };
        if record.status != Status::Measured || record.result.is_none() {
            let why = record.reason.clone().unwrap_or_else(|| record.status.name().to_string());
            cases.push(case(What::NotProbed(why)));
            continue;
        }
        let probes = record
            .result
            .iter()
            .chain(&record.object)
            .chain(&record.unclosed)
            .chain(&record.more_shapes)
            .chain(&record.phases);
        cases.extend(probes.map(|result| case(What::Probed(result))));
    }
    cases
}

/// The one case of a `probe`: its command stands for the library; `environment` is where it ran
/// ([`probe_environment`]).
pub fn probe_case<'a>(result: &'a ProbeResult, environment: &str) -> Case<'a> {
    command_case(&result.command, result.payload_format, environment, What::Probed(result))
}

/// The case of a `probe` that found nothing (the program could not start, say): why.
pub fn unprobed_case(
    command: &[String],
    format: PayloadFormat,
    environment: &str,
    why: String,
) -> Case<'static> {
    command_case(command, format, environment, What::NotProbed(why))
}

/// Where a `probe` ran, as its exports name it: the host, or the root it entered (`--root`).
pub fn probe_environment(root: Option<&std::path::Path>) -> String {
    match root {
        Some(root) => format!("root {}", root.display()),
        None => crate::results::HOST.into(),
    }
}

fn command_case<'a>(
    command: &[String],
    format: PayloadFormat,
    environment: &str,
    what: What<'a>,
) -> Case<'a> {
    let command = shell_words(command);
    Case {
        key: command.clone(),
        library: command,
        version: None,
        format,
        environment: environment.into(),
        what,
    }
}

/// The export files asked for.
#[derive(Clone, Debug, Default)]
pub struct Exports {
    pub junit: Option<PathBuf>,
    /// The SARIF file, and the repository file its results point at.
    pub sarif: Option<(PathBuf, String)>,
}

impl Exports {
    /// Writes each file asked for (atomically), listing `cases`.
    pub fn write(&self, cases: &[Case]) -> Result<()> {
        if let Some(path) = &self.junit {
            write_atomically(path, &junit::render(cases))?;
        }
        if let Some((path, location)) = &self.sarif {
            write_atomically(path, &sarif::render(cases, location))?;
        }
        Ok(())
    }
}
