//! Short human summaries for the terminal.

use std::fmt::Write;

use crate::report::model::class::Word;
use crate::report::model::view::{peak_memory, shell_words};
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::settings::EnvMode;
use crate::results::sweep_result::SweepResult;
use crate::units::{format_bytes, thousands, Limit};

/// One or two lines: where it fails and how, then what it cost.
pub fn probe(result: &ProbeResult) -> String {
    let mut out = String::new();
    finding(&mut out, result);
    if let Some(program) = &result.program {
        let _ = writeln!(out, "  ran: {program}");
    }
    how_measured(&mut out, result);
    if result.slow {
        let _ = write!(
            out,
            "\n  time: needed more than the {} s timeout ({:.1} s at depth {})",
            result.settings.timeout_seconds,
            result.accepted_seconds.unwrap_or(0.0),
            result.max_accepted_depth.map_or("-".into(), thousands)
        );
    }
    for sighting in &result.sightings {
        let _ = write!(out, "\n  depth {}: {}", thousands(sighting.depth), sighting.outcomes.join(", then "));
    }
    out.push('\n');
    out
}

/// The command and where it fails and how (with where it crashed, when known).
fn finding(out: &mut String, result: &ProbeResult) {
    let command = shell_words(&result.command);
    match result.finding() {
        Finding::FailsAt(depth, failure) => {
            let detail = crate::results::outcome::error_line(&failure.stderr)
                .map(|l| format!(": {l}"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "{command}: {} at depth {} ({} payload){detail}",
                failure.summary(),
                thousands(depth),
                format_bytes(result.payload_bytes.unwrap_or(0)),
            );
            if let Some(site) = &result.crashed_in {
                let by = if site.printed_by_runtime { " (the runtime's own trace)" } else { "" };
                let _ = writeln!(out, "  where: {}{by}", site.summary());
            }
            if let Some(hint) = failure.hint() {
                let _ = writeln!(out, "  hint: {hint}");
            }
        }
        Finding::Flattened(built) => {
            let _ = writeln!(
                out,
                "{command}: accepted up to depth {} (the maximum tried), but built only {} levels: flattened",
                thousands(result.settings.max_depth),
                thousands(built)
            );
        }
        Finding::NoLimit => {
            let _ = writeln!(
                out,
                "{command}: no failure up to depth {} (the maximum tried)",
                thousands(result.settings.max_depth)
            );
        }
        Finding::Unstable { .. } => {
            let _ = writeln!(out, "{command}: UNSTABLE, no exact boundary: {}", result.phrase());
        }
        Finding::Slow(..) if result.crash_beyond_slow().is_some() => {
            let _ = writeln!(out, "{command}: {}: {}", Word::Crash.text(), result.phrase());
            if let Some(site) = &result.crashed_in {
                let _ = writeln!(out, "  where it crashed: {}", site.summary());
            }
        }
        Finding::Slow(depth, seconds) => {
            let _ = writeln!(
                out,
                "{command}: {}: {seconds:.1} s at depth {}, too slow to reach {} in time",
                Word::ExhaustsTime.text(),
                thousands(depth),
                thousands(result.settings.max_depth)
            );
        }
        Finding::InputNotRead(depth) => {
            let _ = writeln!(
                out,
                "{command}: exited 0 without reading its whole input at depth {}: not a parser program \
                 (it must read all of stdin, then parse it)",
                thousands(depth)
            );
        }
    }
}

/// What the probe tried and under which settings, and what it cost: one line.
fn how_measured(out: &mut String, result: &ProbeResult) {
    if let Some(service) = result.service.as_ref().filter(|service| !service.started) {
        // Nothing of a running service's own settings was nestprobe's to choose.
        let _ = write!(
            out,
            "  {} {} shape, {}, {} in {:.1} s, {}",
            result.payload_format,
            result.shape.name(),
            result
                .max_accepted_depth
                .map_or("no depth accepted".into(), |d| format!("deepest accepted {}", thousands(d))),
            count(result.trials.into(), "trial", "trials"),
            result.elapsed_seconds,
            service.how,
        );
        return;
    }
    let stack = result.settings.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
    let _ = write!(
        out,
        "  {} {} shape, {}, {} in {:.1} s, stack {stack}, ASLR {}, {} environment",
        result.payload_format,
        result.shape.name(),
        result
            .max_accepted_depth
            .map_or("no depth accepted".into(), |d| format!("deepest accepted {}", thousands(d))),
        count(result.trials.into(), "trial", "trials"),
        result.elapsed_seconds,
        if result.settings.aslr_disabled { "off" } else { "on" },
        match result.env.mode {
            EnvMode::Fixed => "fixed",
            EnvMode::Inherit => "inherited",
        },
    );
    if !result.error_status.is_default() {
        let _ = write!(out, ", clean error on exit {}", result.error_status);
    }
    if let Some(memory) = result.settings.memory_bytes {
        let _ = write!(out, ", memory cap {}", format_bytes(memory));
    }
    if let Some(resident) = result.settings.max_rss_bytes {
        let _ = write!(out, ", resident cap {}", format_bytes(resident));
    }
    if let Some(memory) = peak_memory(result) {
        let _ = write!(out, ", peak RSS {memory} when accepting");
    }
}

pub fn sweep(result: &SweepResult) -> String {
    let mut out = shell_words(&result.command);
    if let Some(first) = result.probes.first() {
        let _ = write!(out, " ({} {} shape)", first.payload_format, first.shape);
    }
    out.push('\n');
    for probe in &result.probes {
        let stack = probe.settings.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
        let what = probe.phrase();
        let uses = probe.settings.stack_bytes.and_then(crate::results::stacks::uses);
        let uses = uses.map(|uses| format!(" ({uses})")).unwrap_or_default();
        let _ = writeln!(out, "  stack {:>10}{uses}: {what}", stack.to_string());
    }
    let _ = write!(out, "verdict: {}", result.verdict.name());
    if let Some(bytes) = result.bytes_per_level {
        let _ = write!(out, " ({} stack bytes per nesting level)", thousands(bytes));
    }
    out.push('\n');
    out
}

/// `1 trial`, `12 trials`.
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::outcome::{Failure, FailureKind};
    use crate::results::settings::Settings;

    #[test]
    fn numbers_read_like_the_other_reports_and_the_command_can_be_pasted() {
        let failure = Failure {
            kind: FailureKind::Crash,
            exit_code: None,
            signal: Some(11),
            signal_name: Some("SIGSEGV".into()),
            stderr: String::new(),
            peak_rss_bytes: None,
            service: None,
        };
        let result = ProbeResult {
            command: vec!["python3".into(), "my parser.py".into()],
            settings: Settings { max_depth: 5_000_000, stack_bytes: Some(8 << 20), ..Default::default() },
            max_accepted_depth: Some(104_846),
            min_failing_depth: Some(104_847),
            failure: Some(failure),
            trials: 1,
            ..Default::default()
        };
        let text = probe(&result);
        assert!(text.starts_with("python3 'my parser.py': "), "{text}");
        assert!(text.contains("at depth 104,847 ") && text.contains("deepest accepted 104,846"), "{text}");
        assert!(text.contains(", 1 trial in "), "{text}");
        let none = probe(&ProbeResult { max_accepted_depth: None, trials: 2, ..result });
        assert!(none.contains("no depth accepted, 2 trials in "), "{none}");
    }
}
