//! The markdown cells a probe result reads as, shared by results.md's summary tables and the
//! per-format detail files: where it failed, how, and what the stack sweep says of it.

use std::fmt::Write;

use crate::payload::Shape;
use crate::report::model::class::{failure_words, Word};
use crate::report::model::view::{depth_figure, growth_note, other_shape_words};
use crate::report::render::markup::{cut_at_word, escape_markdown};
use crate::results::outcome::FailureKind;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::sweep_result::SweepResult;
use crate::results::ParserRecord;
use crate::units::thousands;

/// The main column's depth of a row: [`depth_cell`], followed by the shape it was measured in
/// where that is not the format's main one (the program refused that: `248 in :is()`).
pub fn main_depth_cell(record: &ParserRecord, result: &ProbeResult) -> String {
    depth_cell(record, result) + &escape_markdown(&other_shape_words(record))
}

/// Where a result failed: its depth (`87,289 ±`), `none ≤ 5,000,000`, `unstable`.
pub fn depth_cell(record: &ParserRecord, result: &ProbeResult) -> String {
    match result.finding() {
        Finding::FailsAt(depth, _) => depth_figure(record, result, depth),
        Finding::NoLimit => format!("none ≤ {}", thousands(result.settings.max_depth)),
        Finding::Flattened(_) => format!("none ≤ {}", thousands(result.settings.max_depth)),
        Finding::Unstable { .. } => "unstable".into(),
        Finding::InputNotRead(_) => "input not read".into(),
        Finding::Slow(depth, _) => format!("> {} ({})", thousands(depth), Word::ExhaustsTime.text()),
    }
}

/// How it failed, and how its time grew where that was super-linear.
pub fn how_and_growth(record: &ParserRecord, result: &ProbeResult) -> String {
    match growth_note(result) {
        Some(note) => format!("{}; {}", how_cell(record, result), escape_markdown(&note)),
        None => how_cell(record, result),
    }
}

/// How it failed in the glossary's words, a crash in bold with the function that recursed.
pub fn how_cell(record: &ParserRecord, result: &ProbeResult) -> String {
    if let Some((depth, failure)) = result.crash_beyond_slow() {
        let exhausts = Word::ExhaustsTime.text();
        return format!(
            "{exhausts}, then **{}** at {}",
            escape_markdown(&failure.summary()),
            thousands(depth)
        );
    }
    match result.finding() {
        Finding::FailsAt(_, failure) if failure.kind == FailureKind::Error => {
            escape_markdown(&failure_words(record, result).unwrap_or_else(|| failure.summary()))
        }
        Finding::FailsAt(_, failure) if failure.kind != FailureKind::Crash => {
            format!("**{}**", escape_markdown(&failure.summary()))
        }
        Finding::FailsAt(_, failure) => {
            match result.crashed_in.as_ref().filter(|site| !site.cycle.is_empty()) {
                Some(site) => {
                    format!(
                        "**{}** in {}",
                        escape_markdown(&failure.summary()),
                        escape_markdown(&cut_at_word(&site.summary(), 90))
                    )
                }
                None => format!("**{}**", escape_markdown(&failure.summary())),
            }
        }
        Finding::NoLimit if result.slow => "no limit (slow)".into(),
        Finding::NoLimit => "no limit".into(),
        Finding::Flattened(built) => format!("accepted, **flattened to {}**", thousands(built)),
        _ => escape_markdown(&result.phrase()),
    }
}

/// Where and how a shape besides the main one failed, or why it has no result.
pub fn shape_cell(record: &ParserRecord, result: Option<&ProbeResult>, shape: Shape) -> String {
    match (result, record.unsupported(shape)) {
        (Some(result), _) => format!("{} {}", depth_cell(record, result), how_cell(record, result)),
        (None, Some(unsupported)) => format!("shape not supported: {}", escape_markdown(&unsupported.error)),
        (None, None) => "—".to_string(),
    }
}

/// The input that never closes: where it crashed, else `rejected` (a clean error at every depth).
pub fn unclosed_cell(record: &ParserRecord, result: &ProbeResult) -> String {
    match result.finding() {
        Finding::FailsAt(depth, failure) => {
            format!("**{}** at {}", escape_markdown(&failure.summary()), depth_figure(record, result, depth))
        }
        Finding::NoLimit => "rejected".into(),
        _ => escape_markdown(&result.phrase()),
    }
}

/// The stack sweep's verdict, with the stack bytes a level where the stack set the limit.
pub fn why_cell(sweep: Option<&SweepResult>) -> String {
    sweep.map_or_else(
        || "—".to_string(),
        |s| match s.bytes_per_level {
            Some(bytes) => format!("{} ({bytes} B/level)", s.verdict.name()),
            None => s.verdict.name().to_string(),
        },
    )
}

/// The library, † when in the original study, and its variant.
pub fn library_cell(record: &ParserRecord) -> String {
    let mut cell = escape_markdown(&record.library);
    if let Some(variant) = &record.variant {
        let _ = write!(cell, " ({})", escape_markdown(variant));
    }
    if record.study {
        cell.push_str(" †");
    }
    cell
}
