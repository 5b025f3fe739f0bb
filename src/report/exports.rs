//! The files other tools read that `probe` and `run` write where asked (`--junit`, `--sarif`): the
//! probes they list, one [`Case`] per (row, environment, shape, phase), and the writing.

use std::path::PathBuf;

use anyhow::Result;

use super::view::{environment_name, shell_words};
use super::{junit, sarif};
use crate::payload::PayloadFormat;
use crate::results::outcome::FailureKind;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::{write_atomically, Results, Status};

/// One probe as an export lists it.
pub struct Case<'a> {
    /// What identifies the row: its key (`id@environment`), or the command for `probe`.
    pub key: String,
    pub library: String,
    pub version: Option<String>,
    pub format: PayloadFormat,
    pub environment: String,
    pub what: What<'a>,
}

/// What became of a case.
pub enum What<'a> {
    Probed(&'a ProbeResult),
    /// No result: why (not built, toolchain missing, the probe could not run).
    NotProbed(String),
}

/// How a probe ended, in the words the exports use: the program kept control, lost it (a crash),
/// ran out of time or memory, or the measurement itself could not be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    InControl,
    Crash,
    ExhaustsTimeOrMemory,
    AcceptsInvalid,
    Untrusted,
}

impl Verdict {
    pub fn of(result: &ProbeResult) -> Verdict {
        match result.finding() {
            Finding::FailsAt(_, failure) => match failure.kind {
                FailureKind::Error => Verdict::InControl,
                FailureKind::Crash => Verdict::Crash,
                FailureKind::Timeout | FailureKind::OutOfMemory => Verdict::ExhaustsTimeOrMemory,
                FailureKind::Accepted => Verdict::AcceptsInvalid,
            },
            Finding::NoLimit | Finding::Flattened(_) | Finding::Slow(..) => Verdict::InControl,
            Finding::Unstable { .. } | Finding::InputNotRead(_) => Verdict::Untrusted,
        }
    }

    /// The word for it, as a JUnit failure's type and a SARIF property.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::InControl => "in-control",
            Verdict::Crash => "crash",
            Verdict::ExhaustsTimeOrMemory => "exhausts-time-or-memory",
            Verdict::AcceptsInvalid => "accepts-invalid-input",
            Verdict::Untrusted => "untrusted",
        }
    }
}

impl Case<'_> {
    /// `array shape, free phase`: which of the row's probes this is.
    pub fn label(&self) -> String {
        match &self.what {
            What::Probed(result) => match result.phase {
                Some(phase) => format!("{} shape, {phase} phase", result.shape.name()),
                None => format!("{} shape", result.shape.name()),
            },
            What::NotProbed(_) => "not probed".into(),
        }
    }

    /// `yajl 2.1.0`.
    pub fn library_and_version(&self) -> String {
        match &self.version {
            Some(version) => format!("{} {version}", self.library),
            None => self.library.clone(),
        }
    }
}

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

/// The one case of a `probe`: its command stands for the library.
pub fn probe_case(result: &ProbeResult) -> Case<'_> {
    command_case(&result.command, result.payload_format, What::Probed(result))
}

/// The case of a `probe` that found nothing (the program could not start, say): why.
pub fn unprobed_case(command: &[String], format: PayloadFormat, why: String) -> Case<'static> {
    command_case(command, format, What::NotProbed(why))
}

fn command_case<'a>(command: &[String], format: PayloadFormat, what: What<'a>) -> Case<'a> {
    let command = shell_words(command);
    Case {
        key: command.clone(),
        library: command,
        version: None,
        format,
        environment: crate::results::HOST.into(),
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
