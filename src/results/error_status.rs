//! Which exit statuses are a library's clean error. The protocol says 1, but jq and many other
//! command-line programs report a rejected input with another status, and would otherwise count as
//! crashes; `probe --error-status` and a catalog row's `error_status` declare theirs.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::results::outcome::Outcome;

/// What a runtime prints when it dies by itself, whatever status it exits with: such an exit stays a
/// crash even when its status is declared a clean error (Go exits 2 both for `os.Exit(2)` and for
/// "goroutine stack exceeds 1000000000-byte limit").
const RUNTIME_FATAL: &[&str] = &[
    "goroutine stack exceeds",
    "fatal error: stack overflow",
    "has overflowed its stack",
    "Fatal Python error",
];

/// The exit statuses by which a program says its library rejected the input; `{1}` unless declared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct ErrorStatuses(BTreeSet<u8>);

impl Default for ErrorStatuses {
    fn default() -> ErrorStatuses {
        ErrorStatuses(BTreeSet::from([1]))
    }
}

impl TryFrom<Vec<u8>> for ErrorStatuses {
    type Error = String;

    fn try_from(statuses: Vec<u8>) -> Result<ErrorStatuses, String> {
        match statuses.as_slice() {
            [] => Err("at least one exit status is needed".into()),
            _ if statuses.contains(&0) => Err("exit status 0 means accepted, not an error".into()),
            _ => Ok(ErrorStatuses(statuses.into_iter().collect())),
        }
    }
}

impl From<ErrorStatuses> for Vec<u8> {
    fn from(statuses: ErrorStatuses) -> Vec<u8> {
        statuses.0.into_iter().collect()
    }
}

impl std::str::FromStr for ErrorStatuses {
    type Err = String;

    /// `1,5`: exit statuses from 1 to 255, comma-separated.
    fn from_str(text: &str) -> Result<ErrorStatuses, String> {
        let status = |word: &str| {
            word.trim()
                .parse::<u8>()
                .map_err(|_| format!("expected exit statuses from 1 to 255 such as `1,5`, got {text:?}"))
        };
        text.split(',').map(status).collect::<Result<Vec<u8>, String>>()?.try_into()
    }
}

impl ErrorStatuses {
    /// Only exit status 1, as the protocol says.
    pub fn is_default(&self) -> bool {
        *self == ErrorStatuses::default()
    }

    /// `outcome` with these statuses as the clean errors: a declared status is a clean error unless
    /// the runtime said it died (`fatal_stderr`, a catalog row's own texts, or [`RUNTIME_FATAL`]);
    /// status 1 undeclared is a crash; a signal, a timeout or memory are never touched.
    pub fn classify(&self, outcome: Outcome, fatal_stderr: &[String]) -> Outcome {
        let declared = |code: i32| u8::try_from(code).is_ok_and(|code| self.0.contains(&code));
        match outcome {
            Outcome::Error { stderr } if !declared(1) => Outcome::Abnormal { code: 1, stderr },
            Outcome::Abnormal { code, stderr }
                if declared(code) && !runtime_died(&stderr, fatal_stderr) && code != 1 =>
            {
                Outcome::ErrorStatus { code, stderr }
            }
            outcome => outcome,
        }
    }
}

impl ErrorStatuses {
    /// `outcome` of a program that keeps no protocol (`probe` of any command): an exit status it
    /// did not declare, with no signal and no runtime's fatal message, is that status, not a crash
    /// (jq exits 4 on a parse error); a catalog row's program keeps the protocol, and there it is a
    /// crash.
    pub fn without_protocol(&self, outcome: Outcome, fatal_stderr: &[String]) -> Outcome {
        // A stack that ran out, by the runtime's own words (an uncaught StackOverflowError), is a
        // crash whatever the status.
        let lost_control = |outcome: &Outcome| outcome.failure().is_some_and(|f| f.ran_out_of_stack());
        match outcome {
            Outcome::Abnormal { code, stderr }
                if !runtime_died(&stderr, fatal_stderr)
                    && !lost_control(&Outcome::Abnormal { code, stderr: stderr.clone() }) =>
            {
                Outcome::UndeclaredStatus { code, stderr }
            }
            outcome => outcome,
        }
    }
}

impl std::fmt::Display for ErrorStatuses {
    /// `1,5`, as the option takes them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<String> = self.0.iter().map(u8::to_string).collect();
        f.write_str(&words.join(","))
    }
}

/// Whether stderr says the runtime itself gave up: one of its known fatal messages, a Go trace of
/// the goroutine that died, or one of the row's own `fatal_stderr` texts.
fn runtime_died(stderr: &str, fatal_stderr: &[String]) -> bool {
    let go_trace = stderr.lines().any(|line| line.starts_with("goroutine ") && line.ends_with("[running]:"));
    go_trace
        || RUNTIME_FATAL.iter().any(|text| stderr.contains(text))
        || fatal_stderr.iter().any(|text| stderr.contains(text.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exit(code: i32, stderr: &str) -> Outcome {
        Outcome::Abnormal { code, stderr: stderr.into() }
    }

    #[test]
    fn a_declared_status_is_a_clean_error_and_an_undeclared_one_a_crash() {
        let declared: ErrorStatuses = "1, 5".parse().unwrap();
        assert_eq!(declared.to_string(), "1,5");
        let error = declared.classify(exit(5, "jq: error: too deep"), &[]);
        assert_eq!(error, Outcome::ErrorStatus { code: 5, stderr: "jq: error: too deep".into() });
        let failure = error.failure().unwrap();
        assert_eq!((failure.summary(), failure.exit_code), ("clean error".to_string(), Some(5)));
        assert_eq!(declared.classify(exit(3, ""), &[]), exit(3, ""));
        // Only 5: exit 1 is no longer the library's error.
        let only_five: ErrorStatuses = "5".parse().unwrap();
        let one = only_five.classify(Outcome::Error { stderr: "x".into() }, &[]);
        assert_eq!(one, exit(1, "x"));
        assert!(ErrorStatuses::default().is_default() && !only_five.is_default());
    }

    #[test]
    fn a_signal_or_a_runtime_that_died_stays_a_crash() {
        let declared: ErrorStatuses = "1,2".parse().unwrap();
        let segv = Outcome::Signal { signal: 11, stderr: String::new() };
        assert_eq!(declared.classify(segv.clone(), &[]), segv);
        let go = "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n";
        assert_eq!(declared.classify(exit(2, go), &[]), exit(2, go));
        let panic = "panic: oops\n\ngoroutine 1 [running]:\nmain.main()\n";
        assert_eq!(declared.classify(exit(2, panic), &[]), exit(2, panic));
        let own = ["Stack overflow in unmanaged".to_string()];
        assert_eq!(
            declared.classify(exit(2, "Stack overflow in unmanaged: x"), &own),
            exit(2, "Stack overflow in unmanaged: x")
        );
    }

    #[test]
    fn statuses_are_checked() {
        for wrong in ["", "0", "1,0", "256", "-1", "x"] {
            assert!(wrong.parse::<ErrorStatuses>().is_err(), "{wrong}");
        }
        assert_eq!(serde_json::to_string(&"5,1".parse::<ErrorStatuses>().unwrap()).unwrap(), "[1,5]");
        assert!(serde_json::from_str::<ErrorStatuses>("[0]").is_err());
        assert!(serde_json::from_str::<ErrorStatuses>("[]").is_err());
    }
}
