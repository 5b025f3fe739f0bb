//! What a trial's outcome means for a probe: whether it is a failure, which one, and its output
//! without this machine's paths.

use crate::payload::Shape;
use crate::probe::spec::ProbeSpec;
use crate::results::outcome::{Failure, FailureKind, Outcome};
use crate::sys::trial::TrialReport;

impl ProbeSpec {
    /// A trial's report with its exit status judged by the program's declared error statuses.
    pub(super) fn classified(&self, report: TrialReport) -> TrialReport {
        let fatal = &self.trial.fatal_stderr;
        let outcome = self.error_status.classify(report.outcome, fatal);
        let outcome = match self.keeps_protocol {
            true => outcome,
            false => self.error_status.without_protocol(outcome, fatal),
        };
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

/// The failure a trial's outcome is for this shape, if any (an invalid payload accepted is one);
/// under an address-space cap, a crash that looks like running out of memory is that.
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
                service: None,
            }),
            other => other.failure(),
        }
    };
    let capped = spec.trial.memory.is_some_and(|m| m.bytes().is_some());
    failure.map(|f| if capped { f.under_memory_cap() } else { f })
}

/// Replaces the machine's paths in what the child printed (its folder, `$BUILD`, `$HOME`) by their
/// placeholders, so results hold no path of this machine. The folders are links (the catalog's
/// stage); a program that resolves its own path (Python's `realpath(__file__)`, a venv) prints
/// where they lead, which is replaced too.
pub(super) fn redact(spec: &ProbeSpec, text: &str) -> String {
    spec.trial.redact(text)
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::payload::PayloadFormat;
    use crate::sys::child_env::ChildEnv;
    use crate::sys::trial::TrialConfig;
    use crate::units::Limit;

    fn spec(shape: Shape) -> ProbeSpec {
        let trial = TrialConfig::new(vec!["parse".into()], ChildEnv::fixed(Path::new("/home/me/stage")));
        ProbeSpec::new(trial, vec!["parse".into()], PayloadFormat::JSON, shape, 100)
    }

    fn signal(signal: i32) -> Outcome {
        Outcome::Signal { signal, stderr: String::new() }
    }

    #[test]
    fn valid_input_fails_unless_accepted_and_invalid_input_fails_unless_cleanly_rejected() {
        let error = Outcome::Error { stderr: "too deep".into() };
        assert!(!is_failure(Shape::Array, &Outcome::Accepted));
        assert!(is_failure(Shape::Array, &error));
        assert!(!is_failure(Shape::Unclosed, &error));
        assert!(is_failure(Shape::Unclosed, &Outcome::Accepted));
        assert!(is_failure(Shape::Unclosed, &signal(11)));
    }

    #[test]
    fn invalid_input_accepted_is_the_failure_and_a_kill_under_a_memory_cap_is_out_of_memory() {
        let accepted = failure_of(&spec(Shape::Unclosed), &Outcome::Accepted).unwrap();
        assert_eq!((accepted.kind, accepted.exit_code), (FailureKind::Accepted, Some(0)));
        assert_eq!(failure_of(&spec(Shape::Unclosed), &Outcome::Error { stderr: String::new() }), None);
        assert_eq!(failure_of(&spec(Shape::Array), &Outcome::Accepted), None);

        let mut capped = spec(Shape::Array);
        assert_eq!(failure_of(&capped, &signal(9)).unwrap().kind, FailureKind::Crash);
        capped.trial.memory = Some(Limit::Bytes(1 << 30));
        assert_eq!(failure_of(&capped, &signal(9)).unwrap().kind, FailureKind::OutOfMemory);
        // An address-space limit of "unlimited" caps nothing.
        capped.trial.memory = Some(Limit::Unlimited);
        assert_eq!(failure_of(&capped, &signal(9)).unwrap().kind, FailureKind::Crash);
    }

    #[test]
    fn the_machines_paths_in_what_a_child_printed_become_placeholders() {
        let mut spec = spec(Shape::Array);
        spec.trial.cwd = Some(PathBuf::from("/work/parsers/x"));
        assert_eq!(
            redact(&spec, "error in /work/parsers/x/parse.py, cache /home/me/stage/.cache"),
            "error in {dir}/parse.py, cache {home}/.cache"
        );
        assert_eq!(redact(&spec, "nothing to hide"), "nothing to hide");
    }

    #[test]
    fn where_a_folders_link_leads_becomes_its_placeholder_too() {
        let real = tempfile::tempdir().unwrap();
        let stage = tempfile::tempdir().unwrap();
        let link = stage.path().join("src");
        std::os::unix::fs::symlink(real.path(), &link).unwrap();
        let mut spec = spec(Shape::Array);
        spec.trial.cwd = Some(link.clone());
        let real = std::fs::canonicalize(real.path()).unwrap();
        let printed = format!("ImportError: from {}/lib.py (run in {})", real.display(), link.display());
        assert_eq!(redact(&spec, &printed), "ImportError: from {dir}/lib.py (run in {dir})");
    }

    #[test]
    fn a_trial_is_judged_by_the_programs_declared_error_statuses() {
        let report = |outcome| TrialReport {
            outcome,
            wall: std::time::Duration::ZERO,
            queued: std::time::Duration::ZERO,
            starved: false,
            peak_rss_bytes: 0,
            peak_rss_exact: true,
            read_whole_input: true,
            built_depth: None,
        };
        let status_3 = || Outcome::Abnormal { code: 3, stderr: "too deep".into() };
        let mut spec = spec(Shape::Array);
        assert_eq!(spec.classified(report(status_3())).outcome, status_3());
        spec.error_status = "3".parse().unwrap();
        let clean = Outcome::ErrorStatus { code: 3, stderr: "too deep".into() };
        assert_eq!(spec.classified(report(status_3())).outcome, clean);
    }
}
