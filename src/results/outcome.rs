//! What one run of a parser program came to, and how that is classified.

use crate::results::word::Word;
use crate::untrusted::printable;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;

use serde::{Deserialize, Serialize};

/// The result of one trial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exit status 0: the library parsed the payload.
    Accepted,
    /// Exit status 1: the library reported an error and the program said so.
    Error { stderr: String },
    /// Another exit status that the program declares as its library's error (`--error-status`, a
    /// catalog row's `error_status`): a clean error too.
    ErrorStatus { code: i32, stderr: String },
    /// Killed by a signal: the process lost control (stack overflow, abort, …).
    Signal { signal: i32, stderr: String },
    /// Any other exit status: a runtime's fatal error, an uncaught exception, …
    Abnormal { code: i32, stderr: String },
    /// An exit status a program that keeps no protocol did not declare as its error, with no signal
    /// and no runtime's fatal message (`probe` of any command): neither a crash nor a clean error
    /// until it is declared (`--error-status`).
    UndeclaredStatus { code: i32, stderr: String },
    /// Stopped by a signal (SIGSTOP, SIGTSTP, …): it would wait forever, so it is seen at once and
    /// killed with its group, not waited out as a timeout.
    Stopped { signal: i32, stderr: String },
    /// Still running at the timeout; killed with its process group.
    Timeout { stderr: String },
    /// Its process group's resident memory went over the resident cap (`--max-rss`): killed with its
    /// group by the watchdog, or found over the cap when it exited. `peak_bytes` is the largest
    /// resident memory seen (sampled, or the leader's own peak).
    OverMemory { peak_bytes: u64, cap_bytes: u64, stderr: String },
    /// A request to a service that did not come back parsed, as the service was after it.
    Service(ServiceFailure),
    /// It answered valid input, without an error, with a wrong answer (MariaDB's `JSON_VALID`
    /// returning 0 for valid JSON): the mirror of accepting invalid input, never a clean error.
    /// Said by a product's client with a status it declares for it (`client_wrong_status`).
    WrongAnswer { code: i32, stderr: String },
}

/// How a request to a service failed (src/probe/transport/service.rs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServiceFailure {
    /// The server's own process ended: its wait status (`None`: its reaper could not say), the
    /// tail of its stderr. A crash: the service is gone.
    Died { status: Option<i32>, stderr: String },
    /// A process the server forked ended abnormally (a worker killed by a signal) while the server
    /// lived on and answered again: its wait status, where the kernel says. A crash, named apart.
    WorkerDied { status: Option<i32>, stderr: String },
    /// A 4xx answer (413 aside): the framework's clean error.
    ClientError { status: u16, body: String },
    /// A 5xx answer, or a connection closed without one after the whole body went out, the
    /// service alive: neither a crash nor a clean error.
    ServerError { status: Option<u16>, body: String },
    /// 413, or the connection closed before the body was read: a limit on size, not on nesting.
    RefusedBySize { status: Option<u16> },
    /// Alive, but a valid request afterwards got no answer (or not a 2xx).
    Unresponsive { detail: String },
}

impl Outcome {
    pub fn from_status(status: ExitStatus, stderr: String) -> Outcome {
        match (status.code(), status.signal()) {
            (Some(0), _) => Outcome::Accepted,
            (Some(1), _) => Outcome::Error { stderr },
            (Some(code), _) => Outcome::Abnormal { code, stderr },
            (None, Some(signal)) => Outcome::Signal { signal, stderr },
            (None, None) => unreachable!("an exit status is either a code or a signal"),
        }
    }

    /// Whether the library rejected the input and the program said so: exit 1, or a status it
    /// declares as its error.
    pub fn is_clean_error(&self) -> bool {
        matches!(self, Outcome::Error { .. } | Outcome::ErrorStatus { .. })
    }

    /// One-line description in the outcome words, for progress output and error messages:
    /// `crash (SIGSEGV): …`, `exhausts time`, `exhausts memory (over the 64 MiB resident cap)`.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Timeout { .. } => Word::ExhaustsTime.text().into(),
            Outcome::OverMemory { cap_bytes, .. } => format!(
                "{} (over the {} resident cap)",
                Word::ExhaustsMemory.text(),
                crate::units::format_bytes(*cap_bytes)
            ),
            _ => self.sighting(),
        }
    }

    /// One-line description as results.json's sightings store it (`timeout`, `out of memory
    /// (over the 64 MiB resident cap)`). Never reworded: files written before hold these strings.
    pub fn sighting(&self) -> String {
        let with_stderr = |head: String, stderr: &str| match error_line(stderr) {
            Some(line) => format!("{head}: {}", printable(line)),
            None => head,
        };
        match self {
            Outcome::Accepted => "accepted".into(),
            Outcome::Error { stderr } => with_stderr("clean error (exit 1)".into(), stderr),
            Outcome::ErrorStatus { code, stderr } => {
                with_stderr(format!("clean error (exit {code})"), stderr)
            }
            Outcome::Signal { signal, stderr } => {
                with_stderr(format!("crash ({})", signal_name(*signal)), stderr)
            }
            Outcome::Abnormal { code, stderr } => with_stderr(format!("crash (exit {code})"), stderr),
            Outcome::UndeclaredStatus { code, stderr } => {
                with_stderr(format!("undeclared exit status {code}"), stderr)
            }
            Outcome::Stopped { signal, stderr } => {
                with_stderr(format!("stopped ({})", signal_name(*signal)), stderr)
            }
            Outcome::Timeout { .. } => "timeout".into(),
            Outcome::WrongAnswer { stderr, .. } => with_stderr(Word::WrongAnswer.text().into(), stderr),
            // No peak here: this text goes into results (sightings) and must not vary between runs.
            Outcome::OverMemory { cap_bytes, .. } => {
                format!("out of memory (over the {} resident cap)", crate::units::format_bytes(*cap_bytes))
            }
            Outcome::Service(_) => {
                let failure = self.failure().expect("a service's failure is a failure");
                with_stderr(failure.key(), &failure.stderr)
            }
        }
    }

    /// The failure record for results, `None` for an accepted payload.
    pub fn failure(&self) -> Option<Failure> {
        let (kind, exit_code, signal, stderr) = match self {
            Outcome::Accepted => return None,
            Outcome::OverMemory { peak_bytes, stderr, .. } => {
                return Some(Failure {
                    kind: FailureKind::OutOfMemory,
                    exit_code: None,
                    signal: None,
                    signal_name: None,
                    stderr: stderr_head(stderr),
                    peak_rss_bytes: Some(*peak_bytes),
                    service: None,
                })
            }
            Outcome::Service(failure) => return Some(failure.failure()),
            Outcome::Error { stderr } => (FailureKind::Error, Some(1), None, stderr),
            Outcome::ErrorStatus { code, stderr } => (FailureKind::Error, Some(*code), None, stderr),
            Outcome::Signal { signal, stderr } => (FailureKind::Crash, None, Some(*signal), stderr),
            Outcome::Abnormal { code, stderr } => (FailureKind::Crash, Some(*code), None, stderr),
            Outcome::UndeclaredStatus { code, stderr } => {
                (FailureKind::UndeclaredStatus, Some(*code), None, stderr)
            }
            // Abnormal, and no signal can both stop and kill: the signal says it was stopped.
            Outcome::Stopped { signal, stderr } => (FailureKind::Crash, None, Some(*signal), stderr),
            Outcome::Timeout { stderr } => (FailureKind::Timeout, None, None, stderr),
            Outcome::WrongAnswer { code, stderr } => (FailureKind::WrongAnswer, Some(*code), None, stderr),
        };
        Some(Failure {
            kind,
            exit_code,
            signal,
            signal_name: signal.map(|s| signal_name(s).to_string()),
            stderr: stderr_head(stderr),
            peak_rss_bytes: None,
            service: None,
        })
    }
}

impl ServiceFailure {
    /// The failure record for results.
    fn failure(&self) -> Failure {
        let status_of = |status: Option<i32>| status.map(ExitStatus::from_raw);
        let (kind, wait, http_status, died, text) = match self {
            ServiceFailure::Died { status, stderr } => {
                (FailureKind::Crash, status_of(*status), None, Some(Died::Service), stderr.as_str())
            }
            ServiceFailure::WorkerDied { status, stderr } => {
                (FailureKind::Crash, status_of(*status), None, Some(Died::Worker), stderr.as_str())
            }
            ServiceFailure::ClientError { status, body } => {
                (FailureKind::Error, None, Some(*status), None, body.as_str())
            }
            ServiceFailure::ServerError { status, body } => {
                (FailureKind::ServerError, None, *status, None, body.as_str())
            }
            ServiceFailure::RefusedBySize { status } => (FailureKind::RefusedBySize, None, *status, None, ""),
            ServiceFailure::Unresponsive { detail } => {
                (FailureKind::Unresponsive, None, None, None, detail.as_str())
            }
        };
        let signal = wait.and_then(|w| w.signal());
        Failure {
            kind,
            exit_code: wait.and_then(|w| w.code()),
            signal,
            signal_name: signal.map(signal_name),
            stderr: stderr_head(text),
            peak_rss_bytes: None,
            service: Some(ServiceDetail { http_status, died }),
        }
    }
}

/// How a parser fails at its smallest failing depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailureKind {
    /// Clean error: the library said no and the process stayed in control.
    Error,
    /// The process died: a signal or an abnormal exit status.
    Crash,
    /// The process did not finish in time.
    Timeout,
    /// Invalid input (the `unclosed` shape) was accepted as if it were valid.
    Accepted,
    /// The process went over the resident cap (`--max-rss`), or died for want of memory under an
    /// address-space cap (`--memory`): a signal or abnormal exit with an allocation failure on
    /// stderr, or a SIGKILL.
    #[serde(rename = "out-of-memory")]
    OutOfMemory,
    /// A service answered 5xx (or closed the connection without an answer) and lived on.
    #[serde(rename = "server-error")]
    ServerError,
    /// A service refused the body by its size (413, or closed before reading it).
    #[serde(rename = "refused-by-size")]
    RefusedBySize,
    /// A service lived on but did not answer a valid request afterwards.
    Unresponsive,
    /// A program that keeps no protocol exited with a status it did not declare (`probe` only).
    #[serde(rename = "undeclared-status")]
    UndeclaredStatus,
    /// Valid input answered wrongly, without an error (a product's JSON function saying valid JSON
    /// is not valid): the mirror of `Accepted`, never a clean error.
    #[serde(rename = "wrong-answer")]
    WrongAnswer,
}

/// Which process of a service died.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Died {
    /// The server's own process: the service is gone.
    Service,
    /// A process it forked (a pre-forked worker), replaced while the service lived on.
    Worker,
}

/// What a service's failure adds to a program's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceDetail {
    /// The status of its answer, if it answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    /// Which of its processes died, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub died: Option<Died>,
}

/// The `failure` object of a probe result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    pub kind: FailureKind,
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    pub signal_name: Option<String>,
    pub stderr: String,
    /// Out of memory over the resident cap: the largest resident memory of the process group seen
    /// (sampled every few tens of milliseconds, so a fast-growing parser may have been further over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_rss_bytes: Option<u64>,
    /// A service's failure: the HTTP status of its answer, which of its processes died.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service: Option<ServiceDetail>,
}

impl FailureKind {
    /// The outcome word of a probe that failed this way.
    pub fn word(self) -> Word {
        match self {
            FailureKind::Error => Word::CleanError,
            FailureKind::Crash => Word::Crash,
            FailureKind::Timeout => Word::ExhaustsTime,
            FailureKind::OutOfMemory => Word::ExhaustsMemory,
            FailureKind::Accepted => Word::AcceptsInvalidInput,
            FailureKind::ServerError => Word::ServerError,
            FailureKind::RefusedBySize => Word::RefusedBySize,
            FailureKind::Unresponsive => Word::Unresponsive,
            FailureKind::UndeclaredStatus => Word::UndeclaredStatus,
            FailureKind::WrongAnswer => Word::WrongAnswer,
        }
    }
}

impl Failure {
    /// What to do about it, where there is something: an undeclared exit status may be the
    /// program's error status.
    pub fn hint(&self) -> Option<String> {
        match (self.kind, self.exit_code) {
            (FailureKind::UndeclaredStatus, Some(code)) => Some(format!(
                "if {code} is the program's error status, say `--error-status {code}` (a clean error then); \
                 a status the program exits with when it loses control is a crash"
            )),
            _ => None,
        }
    }

    /// Its outcome word: the kind's, or for a crash of a service which process died.
    pub fn word(&self) -> Word {
        match self.service.and_then(|s| s.died) {
            Some(Died::Service) => Word::ServiceDied,
            Some(Died::Worker) => Word::WorkerDied,
            None => self.kind.word(),
        }
    }

    /// How it failed, in the outcome words, for a reader: `clean error`, `crash (SIGSEGV)`,
    /// `crash (exit 2: stack overflow)`, `exhausts time`, `exhausts memory (resident cap)`.
    pub fn summary(&self) -> String {
        let word = self.word().text();
        if let (FailureKind::UndeclaredStatus, Some(code)) = (self.kind, self.exit_code) {
            return format!("{word} {code}");
        }
        if let Some(service) = self.service.filter(|_| self.kind != FailureKind::Crash) {
            return match (self.kind, service.http_status) {
                (FailureKind::Unresponsive, _) => word.into(),
                (_, Some(status)) => format!("{word} (HTTP {status})"),
                (FailureKind::RefusedBySize, None) => format!("{word} (connection closed)"),
                (FailureKind::ServerError, None) => format!("{word} (no answer)"),
                _ => word.into(),
            };
        }
        match (self.kind, &self.signal_name, self.exit_code) {
            // A process that stopped itself lost control as surely, and says how.
            (FailureKind::Crash, Some(name), _) if self.signal.is_some_and(is_stop_signal) => {
                format!("stopped ({name})")
            }
            (FailureKind::Crash, ..) => match self.how() {
                how if how == word => how,
                how => format!("{word} ({how})"),
            },
            (FailureKind::OutOfMemory, Some(name), _) => format!("{word} ({name})"),
            (FailureKind::OutOfMemory, None, Some(code)) => format!("{word} (exit {code})"),
            (FailureKind::OutOfMemory, None, None) if self.peak_rss_bytes.is_some() => {
                format!("{word} (resident cap)")
            }
            _ => word.into(),
        }
    }

    /// How it failed in a word or two, the crash list's: a crash by its signal (`SIGSEGV`), or by
    /// its exit status with the kind of fatal message its runtime printed (`exit 2: stack
    /// overflow`); any other failure as [`Failure::summary`] says it.
    pub fn how(&self) -> String {
        const RUNTIME_MESSAGES: &[(&str, &str)] = &[
            ("goroutine stack exceeds", "stack overflow"),
            ("stackoverflowerror", "StackOverflowError"),
            ("stackoverflowexception", "StackOverflowException"),
            ("maximum call stack size exceeded", "call stack exceeded"),
            ("recursionerror", "RecursionError"),
            ("stack level too deep", "SystemStackError"),
            ("overflowed its stack", "stack overflow"),
            ("stack overflow", "stack overflow"),
            ("stack exhausted", "stack exhausted"),
            ("too much recursion", "too much recursion"),
        ];
        if self.kind != FailureKind::Crash {
            return self.summary();
        }
        if let Some(name) = &self.signal_name {
            return name.clone();
        }
        let lower = self.stderr.to_ascii_lowercase();
        let message =
            RUNTIME_MESSAGES.iter().find(|(needle, _)| lower.contains(needle)).map(|(_, kind)| *kind);
        match (self.exit_code, message) {
            (Some(code), Some(kind)) => format!("exit {code}: {kind}"),
            (Some(code), None) => format!("exit {code}"),
            (None, Some(kind)) => kind.to_string(),
            (None, None) => Word::Crash.text().to_string(),
        }
    }

    /// How it failed as the same-fact rules compare it and results.json's sightings and change
    /// entries store it (`crash (SIGSEGV)`, `timeout`, `out of memory (resident cap)`). Never
    /// reworded: files written before hold these strings, and a reader sees [`Failure::summary`].
    pub fn key(&self) -> String {
        if let Some(service) = self.service {
            return self.service_key(service);
        }
        match self.kind {
            FailureKind::Error => "clean error".into(),
            FailureKind::Crash => match (&self.signal_name, self.exit_code) {
                (Some(name), _) if self.signal.is_some_and(is_stop_signal) => format!("stopped ({name})"),
                (Some(name), _) => format!("crash ({name})"),
                (None, Some(code)) => format!("crash (exit {code})"),
                (None, None) => "crash".into(),
            },
            FailureKind::Timeout => "timeout".into(),
            FailureKind::Accepted => "accepted invalid input".into(),
            FailureKind::WrongAnswer => "wrong answer".into(),
            FailureKind::OutOfMemory => match (&self.signal_name, self.exit_code) {
                (Some(name), _) => format!("out of memory ({name})"),
                (None, Some(code)) => format!("out of memory (exit {code})"),
                (None, None) if self.peak_rss_bytes.is_some() => "out of memory (resident cap)".into(),
                (None, None) => "out of memory".into(),
            },
            // A service's failures have a ServiceDetail, and their key is `service_key`'s.
            FailureKind::ServerError | FailureKind::RefusedBySize | FailureKind::Unresponsive => {
                self.word().text().into()
            }
            FailureKind::UndeclaredStatus => {
                format!("{} {}", self.word().text(), self.exit_code.unwrap_or(0))
            }
        }
    }

    /// [`Failure::key`] of a service's failure: the words with the signal, exit status or HTTP status.
    fn service_key(&self, service: ServiceDetail) -> String {
        let word = self.word().text();
        let how = match (&self.signal_name, self.exit_code, service.http_status) {
            (Some(name), ..) => Some(name.clone()),
            (None, Some(code), _) => Some(format!("exit {code}")),
            (None, None, Some(status)) => Some(format!("HTTP {status}")),
            (None, None, None) => None,
        };
        match how {
            Some(how) if self.kind != FailureKind::Error || service.http_status.is_some() => {
                format!("{word} ({how})")
            }
            _ => word.into(),
        }
    }

    /// Relabels a crash as out of memory when it looks like one: the child ran under a memory cap
    /// and died of a SIGKILL, or said on stderr that an allocation failed.
    pub fn under_memory_cap(mut self) -> Failure {
        const ALLOCATION_FAILED: &[&str] = &[
            "out of memory",
            "cannot allocate memory",
            "bad_alloc",
            "memoryerror",
            "outofmemory",
            "allocation fail",
        ];
        let lower = self.stderr.to_ascii_lowercase();
        let killed = self.signal == Some(libc::SIGKILL);
        if self.kind == FailureKind::Crash && (killed || ALLOCATION_FAILED.iter().any(|m| lower.contains(m)))
        {
            self.kind = FailureKind::OutOfMemory;
        }
        self
    }

    /// Whether this failure is the stack running out: a signal (a guard page's SIGSEGV, a runtime's
    /// abort), or a runtime saying so. Such a boundary is set by bytes of stack, which move by a few
    /// with the machine, even where RLIMIT_STACK does not move it (SBCL's control stack, a JVM
    /// thread's -Xss, V8's --stack-size). Python's "maximum recursion depth" is not here: it counts
    /// frames, and a count does not move.
    pub fn ran_out_of_stack(&self) -> bool {
        const STACK_EXHAUSTED: &[&str] = &[
            "stack overflow",
            "stackoverflow",
            "stack exhausted",
            "call stack size exceeded",
            "stack level too deep",
            "overflowed its stack",
            "stack exceeds",
            "too much recursion",
        ];
        let lower = self.stderr.to_ascii_lowercase();
        self.signal.is_some() || STACK_EXHAUSTED.iter().any(|m| lower.contains(m))
    }
}

/// Whether `signal` stops a process rather than ending it.
pub fn is_stop_signal(signal: i32) -> bool {
    [libc::SIGSTOP, libc::SIGTSTP, libc::SIGTTIN, libc::SIGTTOU].contains(&signal)
}

/// `SIGSEGV` for 11; `signal 77` for numbers this platform does not name.
pub fn signal_name(signal: i32) -> String {
    nix::sys::signal::Signal::try_from(signal)
        .map(|s| s.as_str().to_string())
        .unwrap_or_else(|_| format!("signal {signal}"))
}

/// What a program that accepted its payload says it built, by the protocol's stderr line
/// `built depth: N` (renderers that never reject, so that flattening shows): the last such line.
pub fn built_depth(stderr: &str) -> Option<u64> {
    stderr.lines().rev().find_map(|line| line.trim().strip_prefix("built depth:")?.trim().parse().ok())
}

/// The line of stderr that best names the error: the first one that mentions an error or exception
/// (a Python traceback ends with it), else the first line.
pub fn error_line(stderr: &str) -> Option<&str> {
    let mut lines = stderr.lines().map(str::trim).filter(|line| !line.is_empty());
    let first = lines.clone().next()?;
    let names_the_error = |line: &&str| {
        let lower = line.to_ascii_lowercase();
        (lower.contains("error") || lower.contains("exception")) && !lower.starts_with("traceback")
    };
    Some(lines.find(names_the_error).unwrap_or(first))
}

/// The head of what the child wrote to stderr, trimmed: its first lines and, when there is more,
/// its last line (where a traceback names the error).
fn stderr_head(stderr: &str) -> String {
    const FIRST_LINES: usize = 2;
    const MAX_CHARS: usize = 400;
    let lines: Vec<&str> = stderr.lines().map(str::trim_end).filter(|line| !line.trim().is_empty()).collect();
    let mut head: Vec<&str> = lines.iter().copied().take(FIRST_LINES).collect();
    if lines.len() > FIRST_LINES + 1 {
        head.push("…");
    }
    if lines.len() > FIRST_LINES {
        head.push(lines[lines.len() - 1]);
    }
    // What a program printed is recorded as text that shows, never as terminal controls.
    let mut text = printable(&head.join("\n")).into_owned();
    if text.chars().count() > MAX_CHARS {
        text = text.chars().take(MAX_CHARS).collect::<String>() + "…";
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exited(code: i32) -> ExitStatus {
        ExitStatus::from_raw(code << 8)
    }

    fn signalled(signal: i32) -> ExitStatus {
        ExitStatus::from_raw(signal)
    }

    #[test]
    fn a_stack_running_out_is_told_by_a_signal_or_by_the_runtime_and_a_frame_count_is_not() {
        let ran_out = |status: ExitStatus, stderr: &str| {
            Outcome::from_status(status, stderr.into()).failure().unwrap().ran_out_of_stack()
        };
        assert!(ran_out(signalled(libc::SIGSEGV), ""));
        assert!(ran_out(exited(1), "CONTROL-STACK-EXHAUSTED: Control stack exhausted (no more space)"));
        assert!(ran_out(exited(1), "Exception in thread \"main\" java.lang.StackOverflowError"));
        assert!(ran_out(exited(1), "RangeError: Maximum call stack size exceeded"));
        assert!(ran_out(exited(1), "SystemStackError: stack level too deep"));
        assert!(!ran_out(exited(1), "RecursionError: maximum recursion depth exceeded"));
        assert!(!ran_out(exited(1), "error: nesting too deep at line 1"));
    }

    #[test]
    fn a_reader_sees_the_outcome_words_and_the_stored_key_stays() {
        let failure = |kind, signal_name: Option<&str>, exit_code, stderr: &str| Failure {
            kind,
            exit_code,
            signal: signal_name.map(|_| 11),
            signal_name: signal_name.map(String::from),
            stderr: stderr.into(),
            peak_rss_bytes: None,
            service: None,
        };
        let crash =
            |signal_name, exit_code, stderr| failure(FailureKind::Crash, signal_name, exit_code, stderr);
        let segv = crash(Some("SIGSEGV"), None, "");
        assert_eq!(
            (segv.how(), segv.summary(), segv.key()),
            ("SIGSEGV".into(), "crash (SIGSEGV)".into(), "crash (SIGSEGV)".into())
        );
        let go = crash(None, Some(2), "runtime: goroutine stack exceeds 1000000000-byte limit");
        assert_eq!(go.how(), "exit 2: stack overflow");
        assert_eq!(go.summary(), "crash (exit 2: stack overflow)");
        assert_eq!(go.key(), "crash (exit 2)");
        assert_eq!(crash(None, Some(3), "weird").how(), "exit 3");
        assert_eq!(crash(None, None, "").summary(), "crash");
        // Not a crash: the outcome words for a reader; the key a results file holds is unchanged.
        let timeout = failure(FailureKind::Timeout, None, None, "");
        assert_eq!((timeout.how(), timeout.key()), ("exhausts time".into(), "timeout".into()));
        let mut capped = failure(FailureKind::OutOfMemory, None, None, "");
        capped.peak_rss_bytes = Some(1 << 30);
        assert_eq!(capped.summary(), "exhausts memory (resident cap)");
        assert_eq!(capped.key(), "out of memory (resident cap)");
        assert_eq!(failure(FailureKind::Accepted, None, Some(0), "").summary(), "accepts invalid input");
        assert_eq!(failure(FailureKind::Error, None, Some(1), "").how(), "clean error");
    }

    #[test]
    fn exit_statuses_are_classified_per_the_protocol() {
        assert_eq!(Outcome::from_status(exited(0), String::new()), Outcome::Accepted);
        let error = Outcome::from_status(exited(1), "ValueError: too deep\n".into());
        let failure = error.failure().unwrap();
        assert_eq!(failure.kind, FailureKind::Error);
        assert_eq!(failure.exit_code, Some(1));
        assert_eq!(failure.stderr, "ValueError: too deep");
        assert_eq!(failure.summary(), "clean error");

        let abnormal = Outcome::from_status(exited(2), String::new()).failure().unwrap();
        assert_eq!((abnormal.kind, abnormal.exit_code, abnormal.signal), (FailureKind::Crash, Some(2), None));
        assert_eq!(abnormal.summary(), "crash (exit 2)");

        let segv = Outcome::from_status(signalled(11), String::new()).failure().unwrap();
        assert_eq!((segv.kind, segv.signal), (FailureKind::Crash, Some(11)));
        assert_eq!(segv.signal_name.as_deref(), Some("SIGSEGV"));
        assert_eq!(segv.summary(), "crash (SIGSEGV)");

        let abort = Outcome::from_status(signalled(6), String::new()).failure().unwrap();
        assert_eq!(abort.signal_name.as_deref(), Some("SIGABRT"));
    }

    #[test]
    fn stderr_is_trimmed_to_its_head() {
        let long = "x".repeat(1000);
        let head = stderr_head(&format!("\n  first\n\nsecond\nthird\nfourth\n{long}"));
        assert!(head.starts_with("  first\nsecond\n…\nxxx"), "{head}");
        assert!(stderr_head(&long).chars().count() <= 401);
    }

    #[test]
    fn the_error_line_of_a_traceback_is_its_last() {
        let traceback =
            "Traceback (most recent call last):\n  File \"<string>\", line 1\nRecursionError: too deep\n";
        assert_eq!(error_line(traceback), Some("RecursionError: too deep"));
        assert_eq!(
            stderr_head(traceback),
            "Traceback (most recent call last):\n  File \"<string>\", line 1\nRecursionError: too deep"
        );
        assert_eq!(
            error_line("thread 'main' has overflowed its stack\nfatal runtime error: stack overflow"),
            Some("fatal runtime error: stack overflow")
        );
        assert_eq!(error_line("plain\n"), Some("plain"));
        assert_eq!(error_line("\n \n"), None);
    }

    #[test]
    fn crashes_under_a_memory_cap_that_name_an_allocation_failure_are_out_of_memory() {
        let abort = Outcome::Signal {
            signal: 6,
            stderr: "terminate called after throwing an instance of \
            'std::bad_alloc'"
                .into(),
        };
        let failure = abort.failure().unwrap().under_memory_cap();
        assert_eq!(
            (failure.kind, failure.summary().as_str()),
            (FailureKind::OutOfMemory, "exhausts memory (SIGABRT)")
        );
        let killed =
            Outcome::Signal { signal: 9, stderr: String::new() }.failure().unwrap().under_memory_cap();
        assert_eq!(killed.kind, FailureKind::OutOfMemory);
        let segv =
            Outcome::Signal { signal: 11, stderr: String::new() }.failure().unwrap().under_memory_cap();
        assert_eq!(segv.kind, FailureKind::Crash);
        let clean = Outcome::Error { stderr: "MemoryError: x".into() }.failure().unwrap().under_memory_cap();
        assert_eq!(clean.kind, FailureKind::Error);
    }

    #[test]
    fn over_the_resident_cap_is_out_of_memory_with_the_peak_seen() {
        let over = Outcome::OverMemory { peak_bytes: 70 << 20, cap_bytes: 64 << 20, stderr: String::new() };
        assert_eq!(over.describe(), "exhausts memory (over the 64 MiB resident cap)");
        assert_eq!(over.sighting(), "out of memory (over the 64 MiB resident cap)");
        let timeout = Outcome::Timeout { stderr: String::new() };
        assert_eq!((timeout.describe(), timeout.sighting()), ("exhausts time".into(), "timeout".into()));
        let failure = over.failure().unwrap();
        assert_eq!((failure.kind, failure.peak_rss_bytes), (FailureKind::OutOfMemory, Some(70 << 20)));
        assert_eq!((failure.exit_code, failure.signal), (None, None));
        assert_eq!(failure.summary(), "exhausts memory (resident cap)");
        // An address-space cap's relabelling leaves it as it is.
        assert_eq!(failure.clone().under_memory_cap(), failure);
        let json = serde_json::to_value(&failure).unwrap();
        assert_eq!(
            (json["kind"].as_str(), json["peak_rss_bytes"].as_u64()),
            (Some("out-of-memory"), Some(70 << 20))
        );
        // Other failures do not carry the field, and results without it still load.
        let crash = Outcome::Signal { signal: 11, stderr: String::new() }.failure().unwrap();
        assert!(serde_json::to_value(&crash).unwrap().get("peak_rss_bytes").is_none());
        let old: Failure = serde_json::from_str(
            r#"{"kind":"crash","exit_code":null,"signal":11,"signal_name":"SIGSEGV","stderr":""}"#,
        )
        .unwrap();
        assert_eq!(old, crash);
    }

    #[test]
    fn unknown_signals_still_get_a_name() {
        assert_eq!(signal_name(9), "SIGKILL");
        assert_eq!(signal_name(77), "signal 77");
    }
}
