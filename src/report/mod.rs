//! Everything that turns results into something to read: terminal text, the markdown table, badges,
//! charts and the README block. File exporters share one trait and are all regenerated from
//! results.json alone, so the same results always give the same bytes.

pub mod badges;
pub mod chart;
pub mod html;
pub mod markdown;
pub mod readme;
pub mod summary;
pub mod text;

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::child_env::EnvMode;
use crate::outcome::FailureKind;
use crate::probe::{Finding, ProbeResult};
use crate::results::{write_if_changed, Environment, ParserRecord, Results, Status};
use crate::units::Limit;

/// Produces files (relative paths under the output folder) from results.
pub trait Exporter {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>>;
}

/// The exporters a catalog run regenerates.
fn exporters() -> Vec<Box<dyn Exporter>> {
    vec![
        Box::new(markdown::ResultsTable),
        Box::new(badges::Badges),
        Box::new(chart::ResultsChart),
        Box::new(chart::SweepChart),
        Box::new(html::ResultsPage),
    ]
}

/// Regenerates every report under `out`, and the marked blocks of `readme` when it exists.
pub fn write_all(results: &Results, out: &Path, readme: &Path) -> Result<()> {
    let mut changed = Vec::new();
    for exporter in exporters() {
        for (relative, contents) in exporter.files(results)? {
            let path = out.join(&relative);
            if write_if_changed(&path, &contents)? {
                changed.push(path);
            }
        }
    }
    if readme.exists() && readme::update(readme, results, out)? {
        changed.push(readme.to_path_buf());
    }
    if changed.is_empty() {
        crate::output::info("nestprobe: reports unchanged");
    } else {
        for path in changed {
            crate::output::info(format_args!("nestprobe: wrote {}", path.display()));
        }
    }
    Ok(())
}

/// Sort key for tables and charts: least nesting allowed first, no limit after every limit,
/// unmeasured parsers last (in catalog order, as `sort_by_key` is stable).
pub fn table_order(record: &ParserRecord) -> (u8, u64) {
    match (&record.status, record.result.as_ref().map(|r| r.finding())) {
        (Status::Measured, Some(Finding::FailsAt(depth, _))) => (0, depth),
        (Status::Measured, Some(Finding::NoLimit)) => (1, 0),
        _ => (2, 0),
    }
}

/// The records in table order.
pub fn sorted(results: &Results) -> Vec<&ParserRecord> {
    let mut records: Vec<&ParserRecord> = results.parsers.iter().collect();
    records.sort_by_key(|r| table_order(r));
    records
}

/// How a parser ends up, in one short phrase: `clean error at 129`, `crash (SIGSEGV) at 87,289`.
pub fn summary(record: &ParserRecord) -> String {
    match (&record.status, &record.result) {
        (Status::Measured, Some(result)) => finding_phrase(result),
        (status, _) => format!("{}: {}", status.name(), record.reason.as_deref().unwrap_or("")),
    }
}

/// How a probe's settings differ from those the results header states (`stack 1 MiB`, `memory cap
/// 4 GiB`, `ASLR on`, `the caller's environment`, `maximum depth 1,000`); empty when they agree.
/// Rows measured differently are marked in the reports rather than shown under a wrong header.
pub fn settings_differences(result: &ProbeResult, env: &Environment) -> Vec<String> {
    let limit = |bytes: Option<u64>| bytes.map_or(Limit::Unlimited, Limit::Bytes);
    let mut differences = Vec::new();
    if result.stack_bytes != env.stack_bytes {
        differences.push(format!("stack {}", limit(result.stack_bytes)));
    }
    if result.memory_bytes != env.memory_bytes {
        match result.memory_bytes {
            Some(bytes) => differences.push(format!("memory cap {}", Limit::Bytes(bytes))),
            None => differences.push("no memory cap".into()),
        }
    }
    if result.aslr_disabled != env.aslr_disabled {
        differences.push(format!("ASLR {}", if result.aslr_disabled { "off" } else { "on" }));
    }
    if result.env.mode != env.env_mode {
        differences.push(match result.env.mode {
            EnvMode::Fixed => "the fixed environment".into(),
            EnvMode::Inherit => "the caller's environment".into(),
        });
    }
    if result.max_depth != env.max_depth {
        differences.push(format!("maximum depth {}", thousands(result.max_depth)));
    }
    differences
}

/// What one probe found, in one short phrase.
pub fn finding_phrase(result: &ProbeResult) -> String {
    match result.finding() {
        Finding::FailsAt(depth, failure) => format!("{} at depth {}", failure.summary(), thousands(depth)),
        Finding::NoLimit if result.slow => format!("no limit up to {} (slow)", thousands(result.max_depth)),
        Finding::NoLimit => format!("no limit up to {}", thousands(result.max_depth)),
        Finding::Unstable { lowest_failing, highest_passing } => format!(
            "unstable: failures from depth {}, passes up to {}",
            lowest_failing.map_or("-".into(), thousands),
            highest_passing.map_or("-".into(), thousands)
        ),
        Finding::InputNotRead(depth) => {
            format!("exits 0 without reading its input (depth {})", thousands(depth))
        }
        Finding::Slow(depth, seconds) => {
            format!("slow: {seconds:.1} s at depth {}, deeper did not finish in time", thousands(depth))
        }
    }
}

/// The outcome class that decides colours in badges and charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    CleanError,
    Crash,
    Timeout,
    NoLimit,
    /// Measured, but no exact number: outcomes disagreed, or the program did not read its input.
    Unreliable,
    NotMeasured,
}

pub fn class(record: &ParserRecord) -> Class {
    match (&record.status, &record.result) {
        (Status::Measured, Some(result)) => class_of(result),
        _ => Class::NotMeasured,
    }
}

/// The class of one measured result.
pub fn class_of(result: &ProbeResult) -> Class {
    match result.finding() {
        Finding::NoLimit => Class::NoLimit,
        Finding::Unstable { .. } | Finding::InputNotRead(_) => Class::Unreliable,
        Finding::Slow(..) => Class::Timeout,
        Finding::FailsAt(_, f) => match f.kind {
            FailureKind::Error => Class::CleanError,
            FailureKind::Timeout => Class::Timeout,
            FailureKind::Crash | FailureKind::Accepted | FailureKind::OutOfMemory => Class::Crash,
        },
    }
}

/// `87289` → `87,289`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_separators() {
        assert_eq!(super::thousands(0), "0");
        assert_eq!(super::thousands(999), "999");
        assert_eq!(super::thousands(87_289), "87,289");
        assert_eq!(super::thousands(5_000_000), "5,000,000");
    }
}
