//! Short human summaries for the terminal.

use std::fmt::Write;

use crate::probe::ProbeResult;
use crate::sweep::SweepResult;
use crate::units::{format_bytes, Limit};

/// One or two lines: where it fails and how, then what it cost.
pub fn probe(result: &ProbeResult) -> String {
    let mut out = String::new();
    let command = result.command.join(" ");
    match (&result.min_failing_depth, &result.failure) {
        (Some(depth), Some(failure)) => {
            let detail =
                crate::outcome::error_line(&failure.stderr).map(|l| format!(": {l}")).unwrap_or_default();
            let _ = writeln!(
                out,
                "{command}: {} at depth {depth} ({} payload){detail}",
                failure.summary(),
                format_bytes(result.payload_bytes.unwrap_or(0)),
            );
        }
        _ => {
            let _ =
                writeln!(out, "{command}: no failure up to depth {} (the maximum tried)", result.max_depth);
        }
    }
    let stack = result.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
    let _ = write!(
        out,
        "  {} {} shape, deepest accepted {}, {} trials in {:.1} s, stack {stack}, ASLR {}",
        result.payload_format,
        result.shape.name(),
        result.max_accepted_depth.map_or("none".into(), |d| d.to_string()),
        result.trials,
        result.elapsed_seconds,
        if result.aslr_disabled { "off" } else { "on" },
    );
    if let Some(memory) = crate::report::markdown::memory_cell(result) {
        let _ = write!(out, ", peak RSS {memory} when accepting");
    }
    if result.unstable {
        let [low, high] = result.boundary_window;
        let _ = write!(
            out,
            "\n  unstable: failures seen from depth {}, passes up to {}",
            low.map_or("-".into(), |d| d.to_string()),
            high.map_or("-".into(), |d| d.to_string())
        );
    }
    out.push('\n');
    out
}

pub fn sweep(result: &SweepResult) -> String {
    let mut out = result.command.join(" ");
    if let Some(first) = result.probes.first() {
        let _ = write!(out, " ({} {} shape)", first.payload_format, first.shape);
    }
    out.push('\n');
    for probe in &result.probes {
        let stack = probe.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
        let what = match (&probe.min_failing_depth, &probe.failure) {
            (Some(depth), Some(failure)) => format!("{} at depth {depth}", failure.summary()),
            _ => format!("no failure up to {}", probe.max_depth),
        };
        let _ = writeln!(out, "  stack {:>10}: {what}", stack.to_string());
    }
    let _ = write!(out, "verdict: {}", result.verdict.name());
    if let Some(bytes) = result.bytes_per_level {
        let _ = write!(out, " ({bytes} stack bytes per nesting level)");
    }
    out.push('\n');
    out
}
