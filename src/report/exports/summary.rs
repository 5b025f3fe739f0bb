//! `probe --summary`: one result as a small markdown table, for CI job summaries
//! ($GITHUB_STEP_SUMMARY). Appended when the file exists, so several probes can share one.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use anyhow::Result;

use crate::gate::Expectations;
use crate::report::model::view::peak_memory;
use crate::report::render::markup::escape_markdown;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::settings::EnvMode;
use crate::results::{output, write_atomically};
use crate::units::thousands;
use crate::units::{format_bytes, Limit};

/// The summary of one result; `violations` are the expectations it broke.
pub fn probe(result: &ProbeResult, expectations: &Expectations, violations: &[String]) -> String {
    let dash = || "—".to_string();
    let outcome = match result.finding() {
        Finding::FailsAt(_, failure) if failure.kind != crate::results::outcome::FailureKind::Error => {
            format!("**{}**", escape_markdown(&result.phrase()))
        }
        _ => escape_markdown(&result.phrase()),
    };
    let detail = match result.finding() {
        Finding::FailsAt(_, failure) => {
            crate::results::outcome::error_line(&failure.stderr).map(escape_markdown)
        }
        _ => None,
    };
    let stack = result.settings.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
    let mut settings = format!(
        "stack {stack}, timeout {} s, ASLR {}, {} environment, maximum depth {}",
        result.settings.timeout_seconds,
        if result.settings.aslr_disabled { "off" } else { "on" },
        match result.env.mode {
            EnvMode::Fixed => "fixed",
            EnvMode::Inherit => "inherited",
        },
        thousands(result.settings.max_depth),
    );
    if let Some(memory) = result.settings.memory_bytes {
        let _ = write!(settings, ", memory cap {}", format_bytes(memory));
    }
    if let Some(resident) = result.settings.max_rss_bytes {
        let _ = write!(settings, ", resident cap {}", format_bytes(resident));
    }
    let mut rows = vec![
        ("Command", command_line(&result.command)),
        (
            "Payload",
            format!("{}, {} shape", escape_markdown(result.payload_format.name()), result.shape.name()),
        ),
        ("Outcome", outcome),
    ];
    if let Some(detail) = detail {
        rows.push(("Message", detail));
    }
    rows.extend([
        ("Deepest accepted", result.max_accepted_depth.map_or_else(dash, thousands)),
        ("Payload size", result.payload_bytes.map_or_else(dash, format_bytes)),
        ("Peak memory", peak_memory(result).unwrap_or_else(dash)),
        ("Settings", settings),
        ("Trials", format!("{} in {:.1} s", result.trials, result.elapsed_seconds)),
    ]);
    if !expectations.is_empty() {
        let verdict = if violations.is_empty() {
            format!("met: {}", options(expectations))
        } else {
            format!(
                "**failed**: {}",
                violations.iter().map(|v| escape_markdown(v)).collect::<Vec<_>>().join("; ")
            )
        };
        rows.push(("Expectations", verdict));
    }
    table(&rows)
}

/// The summary when there is no result: the program could not be started or fails at depth 1.
pub fn unmeasured(command: &[String], error: &str) -> String {
    table(&[
        ("Command", command_line(command)),
        ("Outcome", format!("**not measured**: {}", escape_markdown(error))),
    ])
}

/// Writes `text` to `path`, or appends it (after a blank line) if the file exists: appending keeps
/// what other steps wrote ($GITHUB_STEP_SUMMARY), which a replacement would lose.
pub fn write(path: &Path, text: &str) -> Result<()> {
    if fs::metadata(path).is_err() {
        return write_atomically(path, text);
    }
    output::append(path, text, "\n")
}

fn table(rows: &[(&str, String)]) -> String {
    let mut out = String::from("#### nestprobe\n\n| | |\n|---|---|\n");
    for (name, value) in rows {
        let _ = writeln!(out, "| {name} | {value} |");
    }
    out
}

/// The command as one line, arguments with spaces or quotes in single quotes, escaped for a cell.
fn command_line(command: &[String]) -> String {
    let words: Vec<String> = command
        .iter()
        .map(|word| {
            if !word.is_empty() && !word.contains(|c: char| c.is_whitespace() || "'\"\\$`".contains(c)) {
                word.clone()
            } else {
                format!("'{}'", word.replace('\'', r"'\''"))
            }
        })
        .collect();
    escape_markdown(&words.join(" "))
}

/// The expectations as the options that set them.
fn options(expectations: &Expectations) -> String {
    let mut parts = Vec::new();
    if !expectations.fail_on.is_empty() {
        let names: Vec<&str> = expectations.fail_on.iter().map(|f| f.name()).collect();
        parts.push(format!("--fail-on {}", names.join(",")));
    }
    if let Some(n) = expectations.min_depth {
        parts.push(format!("--expect-min-depth {n}"));
    }
    if let Some(n) = expectations.max_depth {
        parts.push(format!("--expect-max-depth {n}"));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::outcome::{Failure, FailureKind};
    use crate::results::settings::Settings;

    fn crash() -> ProbeResult {
        ProbeResult {
            command: vec!["./parse".into(), "a b|c".into(), "<x>".into()],
            settings: Settings {
                stack_bytes: Some(8 << 20),
                max_depth: 5_000_000,
                timeout_seconds: 10.0,
                aslr_disabled: true,
                ..Default::default()
            },
            max_accepted_depth: Some(40_297),
            min_failing_depth: Some(40_298),
            payload_bytes: Some(80_596),
            failure: Some(Failure {
                kind: FailureKind::Crash,
                exit_code: None,
                signal: Some(11),
                signal_name: Some("SIGSEGV".into()),
                stderr: "Error: <b>|boom`".into(),
                peak_rss_bytes: None,
                service: None,
            }),
            trials: 23,
            ..ProbeResult::default()
        }
    }

    #[test]
    fn one_row_per_fact_with_untrusted_text_escaped() {
        let expectations = Expectations { fail_on: vec!["crash".parse().unwrap()], ..Default::default() };
        let violations = expectations.violations(&crash());
        let text = probe(&crash(), &expectations, &violations);
        assert!(text.contains("| Command | ./parse 'a b\\|c' &lt;x> |"), "{text}");
        assert!(text.contains("| Outcome | **crash (SIGSEGV) at depth 40,298** |"), "{text}");
        assert!(text.contains("| Message | Error: &lt;b>\\|boom\\` |"), "{text}");
        assert!(text.contains("| Payload size | 78.7 KiB |"), "{text}");
        assert!(
            text.contains("| Settings | stack 8 MiB, timeout 10 s, ASLR off, fixed environment"),
            "{text}"
        );
        assert!(
            text.contains("| Expectations | **failed**: crash (SIGSEGV) at depth 40,298 (--fail-on crash) |")
        );
        // Every table line has exactly the two cells' three unescaped pipes.
        for line in text.lines().filter(|l| l.starts_with('|')) {
            assert_eq!(line.replace("\\|", "").matches('|').count(), 3, "{line}");
        }
    }

    #[test]
    fn appends_to_an_existing_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("summary.md");
        write(&path, "first\n").unwrap();
        write(&path, "second\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "first\n\nsecond\n");
    }
}
