//! Expectations: turn what a probe found into a pass or a list of violations, so CI can fail a
//! build on a crash or on a nesting limit that moved. Pure logic: the commands print the
//! violations and pick the exit status.

use std::fmt;
use std::str::FromStr;

use crate::results::outcome::FailureKind;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::{ParserRecord, Status};
use crate::units::thousands;

/// An outcome that `--fail-on` can name, in the outcome words of the reports (`report::class::Word`,
/// spaces made hyphens: `crash`, `clean-error`, `exhausts-time`, `exhausts-memory`,
/// `accepts-invalid-input`, `unstable`, `input-not-read`, `no-limit`). The names results.json gives
/// `failure.kind` (`error`, `timeout`, `out-of-memory`, `accepted`) are kept as aliases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailOn {
    Kind(FailureKind),
    Unstable,
    InputNotRead,
    NoLimit,
}

impl FailOn {
    pub const ALL: [FailOn; 13] = [
        FailOn::Kind(FailureKind::Crash),
        FailOn::Kind(FailureKind::Timeout),
        FailOn::Kind(FailureKind::OutOfMemory),
        FailOn::Kind(FailureKind::Error),
        FailOn::Kind(FailureKind::Accepted),
        FailOn::Kind(FailureKind::WrongAnswer),
        FailOn::Kind(FailureKind::ServerError),
        FailOn::Kind(FailureKind::RefusedBySize),
        FailOn::Kind(FailureKind::Unresponsive),
        FailOn::Kind(FailureKind::UndeclaredStatus),
        FailOn::Unstable,
        FailOn::InputNotRead,
        FailOn::NoLimit,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FailOn::Kind(FailureKind::Error) => "clean-error",
            FailOn::Kind(FailureKind::Crash) => "crash",
            FailOn::Kind(FailureKind::Timeout) => "exhausts-time",
            FailOn::Kind(FailureKind::OutOfMemory) => "exhausts-memory",
            FailOn::Kind(FailureKind::Accepted) => "accepts-invalid-input",
            FailOn::Kind(FailureKind::WrongAnswer) => "wrong-answer",
            FailOn::Kind(FailureKind::ServerError) => "server-error",
            FailOn::Kind(FailureKind::RefusedBySize) => "refused-by-size",
            FailOn::Kind(FailureKind::Unresponsive) => "unresponsive",
            FailOn::Kind(FailureKind::UndeclaredStatus) => "undeclared-exit-status",
            FailOn::Unstable => "unstable",
            FailOn::InputNotRead => "input-not-read",
            FailOn::NoLimit => "no-limit",
        }
    }

    /// The older name of an outcome (results.json's `failure.kind`), still accepted.
    pub fn alias(self) -> Option<&'static str> {
        match self {
            FailOn::Kind(FailureKind::Error) => Some("error"),
            FailOn::Kind(FailureKind::Timeout) => Some("timeout"),
            FailOn::Kind(FailureKind::OutOfMemory) => Some("out-of-memory"),
            FailOn::Kind(FailureKind::Accepted) => Some("accepted"),
            _ => None,
        }
    }

    /// Every name `--fail-on` takes: the words, then the aliases.
    pub fn names() -> Vec<&'static str> {
        let words = FailOn::ALL.iter().map(|f| f.name());
        words.chain(FailOn::ALL.iter().filter_map(|f| f.alias())).collect()
    }
}

impl FromStr for FailOn {
    type Err = String;

    fn from_str(text: &str) -> Result<FailOn, String> {
        FailOn::ALL.into_iter().find(|f| f.name() == text || f.alias() == Some(text)).ok_or_else(|| {
            format!("unknown outcome {text:?}; expected one of {}", FailOn::names().join(", "))
        })
    }
}

impl fmt::Display for FailOn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a result must satisfy. The default expects nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectations {
    /// Outcomes that count as a failed expectation.
    pub fail_on: Vec<FailOn>,
    /// Every depth below this must be accepted: the smallest failing depth must be at least it.
    pub min_depth: Option<u64>,
    /// No depth above this may be accepted: a limit at or below it, never "no limit".
    pub max_depth: Option<u64>,
}

impl Expectations {
    pub fn is_empty(&self) -> bool {
        self.fail_on.is_empty() && self.min_depth.is_none() && self.max_depth.is_none()
    }

    /// A depth expectation that the probe's `--max-depth` cannot decide is a usage error.
    pub fn check_decidable(&self, max_depth: u64) -> Result<(), String> {
        if let Some(n) = self.min_depth.filter(|&n| n > max_depth) {
            return Err(format!(
                "--expect-min-depth {n} cannot be checked with --max-depth {max_depth}: raise --max-depth to at least {n}"
            ));
        }
        if let Some(n) = self.max_depth.filter(|&n| n >= max_depth) {
            return Err(format!(
                "--expect-max-depth {n} cannot be checked with --max-depth {max_depth}: raise --max-depth above {n}"
            ));
        }
        Ok(())
    }

    /// One line per failed expectation, naming the option that set it; empty when all hold.
    ///
    /// Depth expectations are checked against what was observed, so an unstable result can fail
    /// them too (a failure was seen below the minimum, or a pass above the maximum). A result whose
    /// program did not read its input says nothing about depths and fails only `--fail-on`.
    pub fn violations(&self, result: &ProbeResult) -> Vec<String> {
        let mut out = Vec::new();
        let finding = result.finding();
        let seen = match finding {
            Finding::FailsAt(depth, failure) => Some(FailOn::Kind(failure.kind))
                .filter(|f| self.fail_on.contains(f))
                .map(|f| format!("{} at depth {} (--fail-on {f})", failure.summary(), thousands(depth))),
            Finding::NoLimit => (self.fail_on.contains(&FailOn::NoLimit)).then(|| {
                format!("no limit up to depth {} (--fail-on no-limit)", thousands(result.settings.max_depth))
            }),
            // Accepting and flattening is not failing: only a depth expectation can catch it.
            Finding::Flattened(_) => None,
            Finding::Unstable { .. } => (self.fail_on.contains(&FailOn::Unstable))
                .then(|| format!("{} (--fail-on unstable)", result.phrase())),
            // A crash deeper than where it is slow is a crash.
            Finding::Slow(..) => match result.crash_beyond_slow() {
                Some((depth, failure)) if self.fail_on.contains(&FailOn::Kind(FailureKind::Crash)) => {
                    Some(format!("{} at depth {} (--fail-on crash)", failure.summary(), thousands(depth)))
                }
                _ => (self.fail_on.contains(&FailOn::Kind(FailureKind::Timeout)))
                    .then(|| format!("{} (--fail-on exhausts-time)", result.phrase())),
            },
            Finding::InputNotRead(depth) => (self.fail_on.contains(&FailOn::InputNotRead)).then(|| {
                format!(
                    "exits 0 without reading its input at depth {} (--fail-on input-not-read)",
                    thousands(depth)
                )
            }),
        };
        out.extend(seen);

        // The lowest depth seen failing and the highest seen passing.
        let (failing, passing, what) = match finding {
            Finding::FailsAt(depth, failure) => (Some(depth), result.max_accepted_depth, failure.summary()),
            Finding::NoLimit | Finding::Flattened(_) => {
                (None, Some(result.settings.max_depth), String::new())
            }
            Finding::Unstable { lowest_failing, highest_passing } => {
                (lowest_failing, highest_passing, "unstable: a failure".into())
            }
            Finding::InputNotRead(_) => (None, None, String::new()),
            Finding::Slow(depth, _) => match result.crash_beyond_slow() {
                Some((crash, failure)) => (Some(crash), Some(depth), failure.summary()),
                None => (None, Some(depth), String::new()),
            },
        };
        if let (Some(min), Some(depth)) = (self.min_depth, failing) {
            if depth < min {
                out.push(format!(
                    "{what} at depth {}, below {} (--expect-min-depth {min})",
                    thousands(depth),
                    thousands(min)
                ));
            }
        }
        if let (Some(max), Some(depth)) = (self.max_depth, passing) {
            if depth > max {
                let head = match finding {
                    Finding::NoLimit => format!("no limit up to depth {}", thousands(depth)),
                    _ => format!("accepts depth {}", thousands(depth)),
                };
                out.push(format!("{head}, deeper than {} (--expect-max-depth {max})", thousands(max)));
            }
        }
        out
    }
}

/// `run`: the violations of every measured parser's main result, each line naming the parser.
pub fn catalog_violations(records: &[ParserRecord], expectations: &Expectations) -> Vec<String> {
    records
        .iter()
        .filter(|r| r.status == Status::Measured)
        .filter_map(|r| Some((r, r.result.as_ref()?)))
        .flat_map(|(r, result)| {
            expectations.violations(result).into_iter().map(move |v| format!("{}: {v}", r.id))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::outcome::Failure;
    use crate::results::probe_result::ProbeStatus;
    use crate::results::settings::Settings;

    fn fails_at(depth: u64, kind: FailureKind, signal: Option<&str>) -> ProbeResult {
        ProbeResult {
            settings: Settings { max_depth: 5_000_000, ..Default::default() },
            max_accepted_depth: Some(depth - 1),
            min_failing_depth: Some(depth),
            failure: Some(Failure {
                kind,
                exit_code: if signal.is_some() { None } else { Some(1) },
                signal: signal.map(|_| 11),
                signal_name: signal.map(String::from),
                stderr: String::new(),
                peak_rss_bytes: None,
                service: None,
            }),
            boundary_window: [Some(depth), Some(depth - 1)],
            ..ProbeResult::default()
        }
    }

    fn no_limit() -> ProbeResult {
        ProbeResult {
            settings: Settings { max_depth: 5_000_000, ..Default::default() },
            max_accepted_depth: Some(5_000_000),
            ..ProbeResult::default()
        }
    }

    fn unstable(lowest_failing: u64, highest_passing: u64) -> ProbeResult {
        ProbeResult {
            status: ProbeStatus::Unstable,
            unstable: true,
            settings: Settings { max_depth: 5_000_000, ..Default::default() },
            boundary_window: [Some(lowest_failing), Some(highest_passing)],
            ..ProbeResult::default()
        }
    }

    fn expect(fail_on: &str, min_depth: Option<u64>, max_depth: Option<u64>) -> Expectations {
        let fail_on = fail_on.split(',').filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
        Expectations { fail_on, min_depth, max_depth }
    }

    #[test]
    fn the_json_result_s_names_are_aliases_of_the_words() {
        for kind in [FailureKind::Error, FailureKind::Crash, FailureKind::Timeout, FailureKind::OutOfMemory] {
            let json = serde_json::to_value(kind).unwrap();
            assert_eq!(json.as_str().unwrap().parse::<FailOn>(), Ok(FailOn::Kind(kind)));
        }
        assert_eq!("timeout".parse::<FailOn>(), "exhausts-time".parse::<FailOn>());
        assert_eq!("exhausts-time".parse::<FailOn>().unwrap().to_string(), "exhausts-time");
        for status in [ProbeStatus::Unstable, ProbeStatus::InputNotRead] {
            let json = serde_json::to_value(status).unwrap();
            assert!(json.as_str().unwrap().parse::<FailOn>().is_ok(), "{json}");
        }
        let error = "segfault".parse::<FailOn>().unwrap_err();
        assert!(error.contains("crash") && error.contains("no-limit"), "{error}");
    }

    #[test]
    fn a_crash_deeper_than_a_slow_depth_fails_on_crash_and_below_the_minimum() {
        let slow_then_crash = ProbeResult {
            status: ProbeStatus::Slow,
            max_accepted_depth: Some(4401),
            min_failing_depth: None,
            crash_depth: Some(5954),
            ..fails_at(5954, FailureKind::Crash, Some("SIGSEGV"))
        };
        assert_eq!(
            expect("crash", None, None).violations(&slow_then_crash),
            ["crash (SIGSEGV) at depth 5,954 (--fail-on crash)"]
        );
        assert_eq!(expect("timeout", None, None).violations(&slow_then_crash).len(), 1);
        let below = expect("", Some(10_000), None).violations(&slow_then_crash);
        assert!(below.iter().any(|v| v.contains("5,954")), "{below:?}");
    }

    #[test]
    fn nothing_expected_nothing_violated() {
        let none = Expectations::default();
        assert!(none.is_empty());
        for result in [fails_at(40_298, FailureKind::Crash, Some("SIGSEGV")), no_limit(), unstable(5, 9)] {
            assert!(none.violations(&result).is_empty());
        }
    }

    #[test]
    fn fail_on_names_the_outcome_and_the_option() {
        let crash = fails_at(40_298, FailureKind::Crash, Some("SIGSEGV"));
        assert_eq!(
            expect("crash", None, None).violations(&crash),
            ["crash (SIGSEGV) at depth 40,298 (--fail-on crash)"]
        );
        assert!(expect("timeout,out-of-memory,no-limit", None, None).violations(&crash).is_empty());
        let clean = fails_at(1001, FailureKind::Error, None);
        assert!(expect("crash,timeout,unstable,out-of-memory,no-limit", None, None)
            .violations(&clean)
            .is_empty());
        assert_eq!(
            expect("no-limit", None, None).violations(&no_limit()),
            ["no limit up to depth 5,000,000 (--fail-on no-limit)"]
        );
        let flaky = expect("unstable", None, None).violations(&unstable(300, 450));
        assert_eq!(flaky.len(), 1);
        assert!(flaky[0].starts_with("unstable") && flaky[0].ends_with("(--fail-on unstable)"), "{flaky:?}");
    }

    #[test]
    fn min_depth_fails_when_a_depth_below_it_fails() {
        // A limit of 100: fails at 101.
        let limit = fails_at(101, FailureKind::Error, None);
        assert!(expect("", Some(64), None).violations(&limit).is_empty());
        assert!(expect("", Some(101), None).violations(&limit).is_empty());
        assert_eq!(
            expect("", Some(128), None).violations(&limit),
            ["clean error at depth 101, below 128 (--expect-min-depth 128)"]
        );
        assert!(expect("", Some(1_000_000), None).violations(&no_limit()).is_empty());
        // Unstable: a failure was seen at 300, below the minimum.
        assert_eq!(expect("", Some(400), None).violations(&unstable(300, 450)).len(), 1);
        assert!(expect("", Some(200), None).violations(&unstable(300, 450)).is_empty());
    }

    #[test]
    fn max_depth_fails_when_a_depth_above_it_passes() {
        let limit = fails_at(101, FailureKind::Error, None);
        assert!(expect("", None, Some(100)).violations(&limit).is_empty());
        assert_eq!(
            expect("", None, Some(99)).violations(&limit),
            ["accepts depth 100, deeper than 99 (--expect-max-depth 99)"]
        );
        assert_eq!(
            expect("", None, Some(1000)).violations(&no_limit()),
            ["no limit up to depth 5,000,000, deeper than 1,000 (--expect-max-depth 1000)"]
        );
        assert_eq!(expect("", None, Some(400)).violations(&unstable(300, 450)).len(), 1);
    }

    #[test]
    fn every_failed_expectation_is_one_line() {
        let crash = fails_at(50, FailureKind::Crash, Some("SIGABRT"));
        let all = expect("crash", Some(64), Some(10)).violations(&crash);
        assert_eq!(all.len(), 3, "{all:?}");
        assert!(all.iter().all(|line| !line.contains('\n')));
    }

    #[test]
    fn undecidable_depth_expectations_are_refused() {
        assert!(expect("", Some(1000), Some(999)).check_decidable(1000).is_ok());
        assert!(expect("", Some(1001), None).check_decidable(1000).is_err());
        assert!(expect("", None, Some(1000)).check_decidable(1000).is_err());
    }
}
