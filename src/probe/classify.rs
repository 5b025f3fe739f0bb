//! What a trial's outcome means for a probe: whether it is a failure, which one, and its output
//! without this machine's paths.

use crate::payload::Shape;
use crate::probe::spec::ProbeSpec;
use crate::results::outcome::{Failure, FailureKind, Outcome};
use crate::sys::trial::TrialReport;

impl ProbeSpec {
    /// A trial's report with its exit status judged by the program's declared error statuses.
    pub(super) fn classified(&self, report: TrialReport) -> TrialReport {
        let outcome = self.error_status.classify(report.outcome, &self.trial.fatal_stderr);
        TrialReport { outcome, ..report }
    }
}

/// For valid input anything but acceptance is a failure; for invalid input (`unclosed`) a clean
/// error is the right answer and anything else is a failure.
pub(super) fn is_failure(shape: Shape, outcome: &Outcome) -> bool {
    if shape.must_be_accepted() {
        *outcome != Outcome::Accepted
    } else {
        !outcome.is_clean_error()
    }
}

/// What a trial's outcome records as the probe's failure, if it is one for this shape (an invalid
/// payload accepted is one); under an address-space cap, a failure may be the cap's.
pub(super) fn failure_of(spec: &ProbeSpec, outcome: &Outcome) -> Option<Failure> {
    let failure = if spec.shape.must_be_accepted() {
        outcome.failure()
    } else {
        match outcome {
            clean if clean.is_clean_error() => None,
            Outcome::Accepted => Some(Failure {
                kind: FailureKind::Accepted,
                exit_code: Some(0),
                signal: None,
                signal_name: None,
                stderr: String::new(),
                peak_rss_bytes: None,
            }),
            other => other.failure(),
        }
    };
    let capped = spec.trial.memory.is_some_and(|m| m.bytes().is_some());
    failure.map(|f| if capped { f.under_memory_cap() } else { f })
}

/// Replaces the machine's paths in what the child printed (its folder, `$BUILD`, `$HOME`) by their
/// placeholders, so results hold no path of this machine.
pub(super) fn redact(spec: &ProbeSpec, text: &str) -> String {
    let mut pairs = spec.trial.env.placeholders();
    if let Some(cwd) = &spec.trial.cwd {
        pairs.push((cwd.to_string_lossy().into_owned(), "{dir}".into()));
    }
    pairs.into_iter().fold(text.to_string(), |text, (path, placeholder)| text.replace(&path, &placeholder))
}
