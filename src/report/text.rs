//! Short human summaries for the terminal.

use std::fmt::Write;

use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::settings::EnvMode;
use crate::results::sweep_result::SweepResult;
use crate::units::{format_bytes, Limit};

/// One or two lines: where it fails and how, then what it cost.
pub fn probe(result: &ProbeResult) -> String {
    let mut out = String::new();
    let command = result.command.join(" ");
    match result.finding() {
        Finding::FailsAt(depth, failure) => {
            let detail = crate::results::outcome::error_line(&failure.stderr)
                .map(|l| format!(": {l}"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "{command}: {} at depth {depth} ({} payload){detail}",
                failure.summary(),
                format_bytes(result.payload_bytes.unwrap_or(0)),
            );
        }
        Finding::NoLimit => {
            let _ = writeln!(
                out,
                "{command}: no failure up to depth {} (the maximum tried)",
                result.settings.max_depth
            );
        }
        Finding::Unstable { .. } => {
            let _ = writeln!(out, "{command}: UNSTABLE, no exact boundary: {}", result.phrase());
        }
        Finding::Slow(..) => {
            let _ = writeln!(out, "{command}: {}", result.phrase());
        }
        Finding::InputNotRead(depth) => {
            let _ = writeln!(
                out,
                "{command}: exited 0 without reading its whole input at depth {depth}: not a parser program \
                 (it must read all of stdin, then parse it)"
            );
        }
    }
    let stack = result.settings.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
    let _ = write!(
        out,
        "  {} {} shape, deepest accepted {}, {} trials in {:.1} s, stack {stack}, ASLR {}, {} environment",
        result.payload_format,
        result.shape.name(),
        result.max_accepted_depth.map_or("none".into(), |d| d.to_string()),
        result.trials,
        result.elapsed_seconds,
        if result.settings.aslr_disabled { "off" } else { "on" },
        match result.env.mode {
            EnvMode::Fixed => "fixed",
            EnvMode::Inherit => "inherited",
        },
    );
    if let Some(memory) = result.settings.memory_bytes {
        let _ = write!(out, ", memory cap {}", format_bytes(memory));
    }
    if let Some(resident) = result.settings.max_rss_bytes {
        let _ = write!(out, ", resident cap {}", format_bytes(resident));
    }
    if let Some(memory) = crate::report::markdown::memory_cell(result) {
        let _ = write!(out, ", peak RSS {memory} when accepting");
    }
    if result.slow {
        let _ = write!(
            out,
            "\n  slow: needed more than the {} s timeout ({:.1} s at depth {})",
            result.settings.timeout_seconds,
            result.accepted_seconds.unwrap_or(0.0),
            result.max_accepted_depth.map_or("-".into(), |d| d.to_string())
        );
    }
    for sighting in &result.sightings {
        let _ = write!(out, "\n  depth {}: {}", sighting.depth, sighting.outcomes.join(", then "));
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
        let stack = probe.settings.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
        let what = probe.phrase();
        let _ = writeln!(out, "  stack {:>10}: {what}", stack.to_string());
    }
    let _ = write!(out, "verdict: {}", result.verdict.name());
    if let Some(bytes) = result.bytes_per_level {
        let _ = write!(out, " ({bytes} stack bytes per nesting level)");
    }
    out.push('\n');
    out
}
