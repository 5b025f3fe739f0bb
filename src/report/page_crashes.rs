//! The page's crash view, as data: one line per (row, phase, shape) where a program loses control,
//! sorted by the depth it does so at, a library's lines grouped under its first. Crashes (a signal,
//! an abort, a runtime's fatal error, another abnormal exit, a crash beyond a slow depth) form one
//! list; rows that only exhaust time or memory a second, shorter one, never counted as crashes.

use std::collections::BTreeMap;

use super::class::losing_sooner;
use super::recursed::located;
use super::view::crash_name;
use crate::payload::Shape;
use crate::results::outcome::FailureKind;
use crate::results::part::Part;
use crate::results::phase::Phase;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::{ParserRecord, Results, Status};

/// How a line loses control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// A signal, an abort, a runtime's fatal error or another abnormal exit.
    Crash,
    /// Out of its time (a timeout, or too slow to go deeper).
    Time,
    /// Out of memory (the resident cap, or an allocation that failed).
    Memory,
}

impl Loss {
    /// The outcome key the page's filters and colours use.
    pub fn key(self) -> &'static str {
        match self {
            Loss::Crash => "crash",
            Loss::Time => "timeout",
            Loss::Memory => "out-of-memory",
        }
    }
}

/// One probe of a row that loses control.
#[derive(Clone, Debug)]
pub struct LossLine<'a> {
    pub record: &'a ParserRecord,
    pub part: Part,
    pub shape: Shape,
    /// The phase the probe ran; `None` for the program run as it always is (the whole run).
    pub phase: Option<Phase>,
    /// The depth where it loses control (for a slow probe: the deepest it finished).
    pub depth: u64,
    pub loss: Loss,
    /// `SIGSEGV`, `crash (exit 2)`, `out of memory (resident cap)`, `slow: 12 s`.
    pub how: String,
    /// The function that recursed, cleaned up; `None` when it was not located.
    pub function: Option<String>,
    /// This phase loses control sooner than the parse does (the row's `losing_sooner`).
    pub sooner: bool,
    /// The first line of its library in the list (the others are grouped under it).
    pub first_of_library: bool,
}

/// The crash view: crashes, then what only exhausts time or memory.
#[derive(Debug, Default)]
pub struct CrashView<'a> {
    pub crashes: Vec<LossLine<'a>>,
    pub exhausts: Vec<LossLine<'a>>,
}

/// Every line of the crash view over `results`. A row with a crash anywhere is in the crash list
/// only; a row whose every loss is of time or memory is in the second list.
pub fn crash_view(results: &Results) -> CrashView<'_> {
    let mut crashes = Vec::new();
    let mut exhausts = Vec::new();
    for record in &results.parsers {
        let lines = losses(record);
        if lines.iter().any(|l| l.loss == Loss::Crash) {
            crashes.extend(lines.into_iter().filter(|l| l.loss == Loss::Crash));
        } else {
            exhausts.extend(lines);
        }
    }
    CrashView { crashes: grouped_by_library(crashes), exhausts: grouped_by_library(exhausts) }
}

/// Each probe of `record` (walked by part) that loses control, in the record's order.
pub fn losses(record: &ParserRecord) -> Vec<LossLine<'_>> {
    if record.status != Status::Measured {
        return Vec::new();
    }
    let sooner = losing_sooner(record).and_then(|r| r.phase);
    record
        .parts()
        .filter_map(|(part, result)| {
            let (depth, loss, how) = loss_of(result)?;
            Some(LossLine {
                record,
                part,
                shape: result.shape,
                phase: result.phase,
                depth,
                loss,
                how,
                // The one rule of the crash lists (README, results.md): report::recursed.
                function: (loss == Loss::Crash).then(|| located(result.crashed_in.as_ref())).flatten(),
                sooner: result.phase.is_some() && result.phase == sooner,
                first_of_library: false,
            })
        })
        .collect()
}

/// The smallest depth where `record` loses control in any part, if it does.
pub fn losing_depth(record: &ParserRecord) -> Option<u64> {
    losses(record).iter().map(|l| l.depth).min()
}

/// Where, how and in which way one probe loses control; `None` when it keeps it (a clean error,
/// no limit, invalid input accepted, an unstable boundary).
fn loss_of(result: &ProbeResult) -> Option<(u64, Loss, String)> {
    if let Some((depth, failure)) = result.crash_seen_at() {
        return Some((depth, Loss::Crash, crash_name(failure)));
    }
    match result.finding() {
        Finding::FailsAt(depth, failure) => match failure.kind {
            FailureKind::Timeout => Some((depth, Loss::Time, failure.summary())),
            FailureKind::OutOfMemory => Some((depth, Loss::Memory, failure.summary())),
            _ => None,
        },
        Finding::Slow(depth, seconds) => Some((depth, Loss::Time, format!("slow: {seconds:.0} s"))),
        _ => None,
    }
}

/// Sorted by depth (then row key, so equal depths keep one order), each library's lines moved up
/// under its first, which says it is the first.
fn grouped_by_library(mut lines: Vec<LossLine<'_>>) -> Vec<LossLine<'_>> {
    lines.sort_by(|a, b| a.depth.cmp(&b.depth).then_with(|| a.record.key().cmp(&b.record.key())));
    let library =
        |l: &LossLine| (l.record.language.clone(), l.record.library.clone(), l.record.variant.clone());
    let mut first_at: BTreeMap<_, usize> = BTreeMap::new();
    for (at, line) in lines.iter().enumerate() {
        first_at.entry(library(line)).or_insert(at);
    }
    // Stable: depth order survives inside a library.
    lines.sort_by_key(|l| first_at[&library(l)]);
    let mut previous = None;
    for line in &mut lines {
        let this = library(line);
        line.first_of_library = previous.as_ref() != Some(&this);
        previous = Some(this);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::chart::tests::sample;
    use crate::results::crash_site::CrashSite;
    use crate::results::outcome::Failure;
    use crate::results::probe_result::ProbeStatus;

    fn site(cycle: &[&str]) -> CrashSite {
        CrashSite { cycle: cycle.iter().map(|s| s.to_string()).collect(), ..CrashSite::default() }
    }

    fn failure(kind: FailureKind, signal: Option<&str>) -> Failure {
        Failure {
            kind,
            exit_code: None,
            signal: signal.map(|_| 11),
            signal_name: signal.map(str::to_string),
            stderr: String::new(),
            peak_rss_bytes: None,
        }
    }

    fn phase(phase: Phase, depth: Option<u64>, failure: Option<Failure>) -> ProbeResult {
        ProbeResult {
            phase: Some(phase),
            min_failing_depth: depth,
            max_accepted_depth: Some(depth.map_or(5_000_000, |d| d - 1)),
            failure,
            ..Default::default()
        }
    }

    #[test]
    fn crashes_in_any_part_are_lines_and_exhausting_rows_are_listed_apart() {
        let mut results = sample();
        // A library whose parse has no limit but whose serializer crashes (nlohmann/json), and
        // whose free is slow.
        let unbounded = results.parsers.iter_mut().find(|r| r.id == "c-unbounded").unwrap();
        unbounded.phases = vec![
            phase(Phase::Parse, None, None),
            phase(Phase::Free, None, None),
            phase(Phase::Serialize, Some(87_361), Some(failure(FailureKind::Crash, Some("SIGSEGV")))),
        ];
        unbounded.phases[2].crashed_in = Some(site(&["serializer<json>::dump(json const&)"]));
        // A library that only runs out of memory in serialize (pugixml).
        let clean = results.parsers.iter_mut().find(|r| r.id == "python-json").unwrap();
        clean.phases =
            vec![phase(Phase::Serialize, Some(56_123), Some(failure(FailureKind::OutOfMemory, None)))];
        let view = crash_view(&results);
        let crashes: Vec<(String, Part, u64, &str)> =
            view.crashes.iter().map(|l| (l.record.key(), l.part, l.depth, l.how.as_str())).collect();
        assert_eq!(
            crashes,
            [
                ("java-abort".into(), Part::Main { shape: Shape::Array }, 30_000, "crash (exit 134)"),
                ("c-stack".into(), Part::Main { shape: Shape::Array }, 87_289, "SIGSEGV"),
                ("c-unbounded".into(), Part::Phase { phase: Phase::Serialize }, 87_361, "SIGSEGV"),
            ]
        );
        let serialize = &view.crashes[2];
        assert_eq!(serialize.function.as_deref(), Some("serializer::dump"));
        assert!(serialize.sooner, "the parse never loses control, so serialize is sooner");
        assert_eq!(view.crashes[1].function, None);
        // Slow, and out of memory: the second list, by depth; a clean error is in neither.
        let exhausts: Vec<(String, Loss, u64)> =
            view.exhausts.iter().map(|l| (l.record.key(), l.loss, l.depth)).collect();
        assert_eq!(
            exhausts,
            [("js-slow".into(), Loss::Time, 11_000), ("python-json".into(), Loss::Memory, 56_123)]
        );
        assert!(!view.crashes.iter().chain(&view.exhausts).any(|l| l.record.id == "rust-serde-json"));
        assert_eq!(losing_depth(results.find("c-unbounded").unwrap()), Some(87_361));
        assert_eq!(losing_depth(results.find("rust-serde-json").unwrap()), None);
    }

    #[test]
    fn a_librarys_lines_are_grouped_under_its_first_and_a_crash_beyond_slow_counts() {
        let mut results = sample();
        let stack = results.parsers.iter_mut().find(|r| r.id == "c-stack").unwrap();
        // Free crashes far deeper than the parse: still under c-stack's first line.
        stack.phases =
            vec![phase(Phase::Free, Some(900_000), Some(failure(FailureKind::Crash, Some("SIGSEGV"))))];
        let slow = results.parsers.iter_mut().find(|r| r.id == "js-slow").unwrap();
        let main = slow.result.as_mut().unwrap();
        main.status = ProbeStatus::Slow;
        main.crash_depth = Some(200_000);
        main.failure = Some(failure(FailureKind::Crash, Some("SIGSEGV")));
        let view = crash_view(&results);
        let order: Vec<(String, u64, bool)> =
            view.crashes.iter().map(|l| (l.record.key(), l.depth, l.first_of_library)).collect();
        assert_eq!(
            order,
            [
                ("java-abort".into(), 30_000, true),
                ("c-stack".into(), 87_289, true),
                ("c-stack".into(), 900_000, false),
                ("js-slow".into(), 200_000, true),
            ]
        );
        assert!(view.exhausts.is_empty(), "a row that crashes is not in the second list");
        assert!(!view.crashes[2].sooner);
    }
}
