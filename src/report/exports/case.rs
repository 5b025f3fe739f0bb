//! One probe as the exports (JUnit, SARIF, results.csv) list it, and its verdict in their words.

use crate::payload::PayloadFormat;
use crate::results::outcome::FailureKind;
use crate::results::probe_result::{Finding, ProbeResult};

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
    WrongAnswer,
    Untrusted,
}

impl Verdict {
    pub fn of(result: &ProbeResult) -> Verdict {
        match result.finding() {
            Finding::FailsAt(_, failure) => match failure.kind {
                // A service that answered (4xx, 5xx, 413) stayed in control of the request.
                FailureKind::Error | FailureKind::ServerError | FailureKind::RefusedBySize => {
                    Verdict::InControl
                }
                FailureKind::Crash => Verdict::Crash,
                // A service that stops answering is denied as surely as one out of time.
                FailureKind::Timeout | FailureKind::OutOfMemory | FailureKind::Unresponsive => {
                    Verdict::ExhaustsTimeOrMemory
                }
                FailureKind::Accepted => Verdict::AcceptsInvalid,
                FailureKind::WrongAnswer => Verdict::WrongAnswer,
                // Nothing says whether that status is an error or a crash.
                FailureKind::UndeclaredStatus => Verdict::Untrusted,
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
            Verdict::WrongAnswer => "wrong-answer",
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
