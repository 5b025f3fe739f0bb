//! The crash list: one line per (row, environment, phase, shape) where a program loses control, with
//! the function that recursed; and the shorter list of rows that only exhaust time or memory, which
//! are a cost, never counted as crashes.

use super::class::{class_of, Class};
use super::recursed::function;
use super::view::library_name;
use crate::payload::PayloadFormat;
use crate::results::outcome::Failure;
use crate::results::part::Part;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::{ParserRecord, Results, Status};

/// One place where a row loses control (or, in [`exhaust_lines`], runs out of time or memory).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrashLine {
    /// The row's key (`python-json@debian13`): what counts tell rows apart by.
    pub row: String,
    pub format: PayloadFormat,
    /// `Python json (stdlib)`: lines of one library are grouped under this name.
    pub library: String,
    pub version: Option<String>,
    /// The environment's key in results.json.
    pub environment: String,
    /// The phase the program was asked for; `None`: the program run as always (no phase).
    pub phase: Option<&'static str>,
    /// The shape nested (`array`, `unclosed`).
    pub shape: &'static str,
    /// The depth where it loses control.
    pub depth: u64,
    /// `SIGSEGV`, `exit 2: stack overflow`, `exhausts time`.
    pub how: String,
    /// The function that recursed, or `not located`; `None` for a line that exhausts.
    pub function: Option<String>,
}

/// Every place a measured row loses control, sorted by depth, a library's lines after its first.
pub fn crash_lines(results: &Results) -> Vec<CrashLine> {
    grouped(lines(results, |result| {
        let (depth, failure) = result.crash_seen_at()?;
        Some((depth, how_it_crashed(failure), Some(function(result.crashed_in.as_ref()))))
    }))
}

/// Every place a row that never crashes runs out of time or memory, in the order of [`crash_lines`].
pub fn exhaust_lines(results: &Results) -> Vec<CrashLine> {
    let crashing: Vec<String> = (results.parsers.iter())
        .filter(|record| record.parts().any(|(_, result)| result.crash_seen_at().is_some()))
        .map(ParserRecord::key)
        .collect();
    let exhausting = lines(results, |result| {
        let exhausts = class_of(result);
        if !matches!(exhausts, Class::Timeout | Class::OutOfMemory) {
            return None;
        }
        match result.finding() {
            Finding::FailsAt(depth, _) => Some((depth, exhausts.text().to_string(), None)),
            // Slow: the deepest depth it still finished, in its time.
            Finding::Slow(depth, seconds) => {
                Some((depth, format!("{} past this depth ({seconds:.0} s here)", exhausts.text()), None))
            }
            _ => None,
        }
    });
    grouped(exhausting.into_iter().filter(|line| !crashing.contains(&line.row)).collect())
}

/// The depth, how, and function of a part's result that belongs in a list.
type Found = (u64, String, Option<String>);

fn lines(results: &Results, found: impl Fn(&ProbeResult) -> Option<Found>) -> Vec<CrashLine> {
    let measured = results.parsers.iter().filter(|r| r.status == Status::Measured);
    measured
        .flat_map(|record| {
            let found = &found;
            record.parts().filter_map(move |(part, result)| {
                let (depth, how, function) = found(result)?;
                let (phase, shape) = phase_and_shape(record, part);
                Some(CrashLine {
                    row: record.key(),
                    format: record.format,
                    library: library_name(results, record),
                    version: record.version.clone(),
                    environment: record.environment.clone(),
                    phase,
                    shape,
                    depth,
                    how,
                    function,
                })
            })
        })
        .collect()
}

fn phase_and_shape(record: &ParserRecord, part: Part) -> (Option<&'static str>, &'static str) {
    match part {
        Part::Phase { phase } => (Some(phase.name()), record.main_shape().name()),
        Part::Unclosed => (None, "unclosed"),
        part => (None, part.label()),
    }
}

/// Sorted by depth, then each library's further lines moved up under its first.
fn grouped(mut lines: Vec<CrashLine>) -> Vec<CrashLine> {
    lines.sort_by(|a, b| (a.depth, &a.library, &a.row).cmp(&(b.depth, &b.library, &b.row)));
    let mut libraries: Vec<&str> = Vec::new();
    for line in &lines {
        if !libraries.contains(&line.library.as_str()) {
            libraries.push(&line.library);
        }
    }
    let rank = |line: &CrashLine| libraries.iter().position(|l| *l == line.library);
    let mut ranked: Vec<(Option<usize>, CrashLine)> = lines.iter().map(|l| (rank(l), l.clone())).collect();
    // A stable sort keeps each library's lines in depth order.
    ranked.sort_by_key(|(rank, _)| *rank);
    ranked.into_iter().map(|(_, line)| line).collect()
}

/// How a process lost control: its signal, or its exit status with the kind of fatal message its
/// runtime printed.
pub fn how_it_crashed(failure: &Failure) -> String {
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
    if let Some(name) = &failure.signal_name {
        return name.clone();
    }
    let lower = failure.stderr.to_ascii_lowercase();
    let message = RUNTIME_MESSAGES.iter().find(|(needle, _)| lower.contains(needle)).map(|(_, kind)| *kind);
    match (failure.exit_code, message) {
        (Some(code), Some(kind)) => format!("exit {code}: {kind}"),
        (Some(code), None) => format!("exit {code}"),
        (None, Some(kind)) => kind.to_string(),
        (None, None) => "crash".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::crash_fixture;

    #[test]
    fn how_names_the_signal_or_the_status_and_the_runtime_s_message() {
        let failure = |signal_name: Option<&str>, exit_code, stderr: &str| Failure {
            kind: crate::results::outcome::FailureKind::Crash,
            exit_code,
            signal: signal_name.map(|_| 11),
            signal_name: signal_name.map(String::from),
            stderr: stderr.into(),
            peak_rss_bytes: None,
        };
        assert_eq!(how_it_crashed(&failure(Some("SIGSEGV"), None, "")), "SIGSEGV");
        assert_eq!(
            how_it_crashed(&failure(None, Some(2), "runtime: goroutine stack exceeds 1000000000-byte limit")),
            "exit 2: stack overflow"
        );
        assert_eq!(how_it_crashed(&failure(None, Some(3), "weird")), "exit 3");
    }

    #[test]
    fn crashes_in_every_phase_are_listed_by_depth_and_exhausting_rows_apart() {
        let results = crash_fixture();
        let crashes = crash_lines(&results);
        let described: Vec<(String, Option<&str>, u64, String)> =
            crashes.iter().map(|l| (l.row.clone(), l.phase, l.depth, l.how.clone())).collect();
        assert_eq!(
            described,
            [
                ("c-free".to_string(), Some("free"), 500, "SIGSEGV".to_string()),
                ("c-parse".to_string(), None, 1_000, "SIGSEGV".to_string()),
                // The library's second line follows its first, though a deeper crash comes between.
                ("c-parse@debian13".to_string(), None, 9_000, "SIGSEGV".to_string()),
                ("cpp-serialize".to_string(), Some("serialize"), 2_000, "SIGABRT".to_string()),
                ("go-slow-crash".to_string(), None, 70_000, "exit 2: stack overflow".to_string()),
            ]
        );
        assert_eq!(crashes[0].function.as_deref(), Some("free_value"));
        assert_eq!(crashes[3].function.as_deref(), Some("not located"));
        let exhausting: Vec<(String, String)> =
            exhaust_lines(&results).into_iter().map(|l| (l.row, l.how)).collect();
        assert_eq!(
            exhausting,
            [
                ("py-oom".to_string(), "exhausts memory".to_string()),
                ("rb-slow".to_string(), "exhausts time past this depth (12 s here)".to_string())
            ]
        );
    }
}
