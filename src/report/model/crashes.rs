//! The crash list, made once for every output: one typed line per (row, environment, phase, shape)
//! where a program loses control, sorted by the depth where it does, a library's further lines
//! grouped under its first; and the shorter list of rows that only exhaust time or memory, which
//! are a cost, never counted as crashes. markdown/lists.rs renders it as markdown (README,
//! results.md), page/crashes.rs as the page's crash view; counts.rs counts it.

use super::class::{losing_sooner, Class, Word};
use super::recursed::located;
use super::view::library_name;
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
    /// The outcome class (and so the word of the glossary) of a row that loses control this way.
    pub fn class(self) -> Class {
        match self {
            Loss::Crash => Class::Crash,
            Loss::Time => Class::Timeout,
            Loss::Memory => Class::OutOfMemory,
        }
    }
}

/// One probe of a row that loses control (or, in [`CrashList::exhausts`], runs out of time or
/// memory).
#[derive(Clone, Debug)]
pub struct CrashLine<'a> {
    pub record: &'a ParserRecord,
    /// `Python json (stdlib)`: lines of one library are grouped under this name.
    pub library: String,
    /// Which probe of the record: its shape, the unclosed input, or a phase.
    pub part: Part,
    /// The depth where it loses control (for a probe too slow to go on: the deepest it finished).
    pub depth: u64,
    pub loss: Loss,
    /// `SIGSEGV`, `exit 2: stack overflow`, `exhausts time past this depth (12 s here)`.
    pub how: String,
    /// The function that recursed, cleaned up; `None` where it was not located, and for a line
    /// that exhausts time or memory.
    pub function: Option<String>,
    /// Its phase loses control sooner than the parse (the row's `losing_sooner`).
    pub sooner: bool,
    /// The first line of its library in the list (the others are grouped under it).
    pub first_of_library: bool,
}

impl CrashLine<'_> {
    /// The phase the program was asked to run; `None`: the program run as always (no phase).
    pub fn phase(&self) -> Option<Phase> {
        match self.part {
            Part::Phase { phase } => Some(phase),
            _ => None,
        }
    }

    /// The phase's name, `whole run` for the program run as always (a service: `fresh server`,
    /// or `warm server` for its warmed one).
    pub fn phase_name(&self) -> &'static str {
        match self.part {
            Part::Warm { .. } => "warm server",
            _ => self.phase().map_or(self.record.family().main_label(), Phase::name),
        }
    }

    /// The shape nested: the part's, the record's main shape in a phase, `unclosed`.
    pub fn shape(&self) -> &'static str {
        match self.part {
            Part::Phase { .. } => self.record.main_shape().name(),
            part => part.label(),
        }
    }

    /// The probe's result the line is about.
    pub fn result(&self) -> Option<&ProbeResult> {
        self.record.part(self.part)
    }
}

/// The crash list, then what only exhausts time or memory.
#[derive(Debug, Default)]
pub struct CrashList<'a> {
    pub crashes: Vec<CrashLine<'a>>,
    pub exhausts: Vec<CrashLine<'a>>,
}

/// Both lists over `results`. A row with a crash anywhere is in the crash list only; a row whose
/// every loss is of time or memory is in the second list.
pub fn crash_list(results: &Results) -> CrashList<'_> {
    let mut crashes = Vec::new();
    let mut exhausts = Vec::new();
    for record in &results.parsers {
        let lines = losses(results, record);
        if lines.iter().any(|l| l.loss == Loss::Crash) {
            crashes.extend(lines.into_iter().filter(|l| l.loss == Loss::Crash));
        } else {
            exhausts.extend(lines);
        }
    }
    CrashList { crashes: grouped_by_library(crashes), exhausts: grouped_by_library(exhausts) }
}

/// Each probe of `record` (walked by part) that loses control, in the record's order.
pub fn losses<'a>(results: &Results, record: &'a ParserRecord) -> Vec<CrashLine<'a>> {
    if record.status != Status::Measured {
        return Vec::new();
    }
    let sooner = losing_sooner(record).and_then(|r| r.phase);
    let library = library_name(results, record);
    record
        .parts()
        .filter_map(|(part, result)| {
            let (depth, loss, how) = loss_of(result)?;
            Some(CrashLine {
                record,
                library: library.clone(),
                part,
                depth,
                loss,
                how,
                function: (loss == Loss::Crash).then(|| located(result.crashed_in.as_ref())).flatten(),
                sooner: result.phase.is_some() && result.phase == sooner,
                first_of_library: false,
            })
        })
        .collect()
}

/// The smallest depth where `record` loses control in any part, if it does.
pub fn losing_depth(results: &Results, record: &ParserRecord) -> Option<u64> {
    losses(results, record).iter().map(|l| l.depth).min()
}

/// Where, how and in which way one probe loses control; `None` when it keeps it (a clean error,
/// no limit, invalid input accepted, an unstable boundary).
fn loss_of(result: &ProbeResult) -> Option<(u64, Loss, String)> {
    if let Some((depth, failure)) = result.crash_seen_at() {
        return Some((depth, Loss::Crash, failure.how()));
    }
    match result.finding() {
        Finding::FailsAt(depth, failure) => match failure.kind {
            FailureKind::Timeout => Some((depth, Loss::Time, failure.summary())),
            FailureKind::OutOfMemory => Some((depth, Loss::Memory, failure.summary())),
            _ => None,
        },
        Finding::Slow(depth, seconds) => Some((
            depth,
            Loss::Time,
            format!("{} past this depth ({seconds:.0} s here)", Word::ExhaustsTime.text()),
        )),
        _ => None,
    }
}

/// Sorted by depth (then library and row, so equal depths keep one order), each library's lines
/// moved up under its first, which says it is the first.
/// One library's crashes in one line: where it loses control least deep, how and in which function
/// there, and how many rows (versions, environments) and which phases lose control at all.
#[derive(Clone, Debug)]
pub struct LibraryCrashes<'a> {
    /// Its lowest line of the crash list.
    pub lowest: &'a CrashLine<'a>,
    /// Rows of it in the crash list.
    pub rows: usize,
    /// The phases (`whole run`, `serialize`…) its lines are in, in the list's order.
    pub phases: Vec<&'static str>,
}

/// The crash list one line per library, least deep first (the list is grouped by library, each
/// library's first line its lowest).
pub fn by_library<'a>(list: &'a CrashList<'a>) -> Vec<LibraryCrashes<'a>> {
    let mut libraries: Vec<LibraryCrashes<'a>> = Vec::new();
    let mut keys: Vec<Vec<String>> = Vec::new();
    for line in &list.crashes {
        if line.first_of_library {
            libraries.push(LibraryCrashes { lowest: line, rows: 0, phases: Vec::new() });
            keys.push(Vec::new());
        }
        let (Some(library), Some(rows)) = (libraries.last_mut(), keys.last_mut()) else { continue };
        if !rows.contains(&line.record.key()) {
            rows.push(line.record.key());
            library.rows += 1;
        }
        if !library.phases.contains(&line.phase_name()) {
            library.phases.push(line.phase_name());
        }
    }
    libraries.sort_by_key(|library| library.lowest.depth);
    libraries
}

fn grouped_by_library(mut lines: Vec<CrashLine<'_>>) -> Vec<CrashLine<'_>> {
    lines.sort_by(|a, b| (a.depth, &a.library, a.record.key()).cmp(&(b.depth, &b.library, b.record.key())));
    let mut libraries: Vec<String> = Vec::new();
    for line in &lines {
        if !libraries.contains(&line.library) {
            libraries.push(line.library.clone());
        }
    }
    // Stable: depth order survives inside a library.
    lines.sort_by_key(|l| libraries.iter().position(|library| *library == l.library));
    let mut previous: Option<String> = None;
    for line in &mut lines {
        line.first_of_library = previous.as_ref() != Some(&line.library);
        previous = Some(line.library.clone());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::Shape;
    use crate::report::render::chart::tests::sample;
    use crate::report::tests::crash_fixture;
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
            service: None,
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
    fn crashes_in_every_phase_are_listed_by_depth_and_exhausting_rows_apart() {
        let results = crash_fixture();
        let list = crash_list(&results);
        let described: Vec<(String, &str, &str, u64, &str)> = (list.crashes.iter())
            .map(|l| (l.record.key(), l.phase_name(), l.shape(), l.depth, l.how.as_str()))
            .collect();
        assert_eq!(
            described,
            [
                ("c-free".to_string(), "free", "array", 500, "SIGSEGV"),
                ("c-parse".to_string(), "whole run", "array", 1_000, "SIGSEGV"),
                // The library's second line follows its first, though a deeper crash comes between.
                ("c-parse@debian13".to_string(), "whole run", "array", 9_000, "SIGSEGV"),
                ("cpp-serialize".to_string(), "serialize", "array", 2_000, "SIGABRT"),
                ("go-slow-crash".to_string(), "whole run", "array", 70_000, "exit 2: stack overflow"),
            ]
        );
        let firsts: Vec<bool> = list.crashes.iter().map(|l| l.first_of_library).collect();
        assert_eq!(firsts, [true, true, false, true, true]);
        assert_eq!(list.crashes[0].function.as_deref(), Some("free_value"));
        assert_eq!(list.crashes[3].function, None, "not located");
        let exhausting: Vec<(String, Loss, &str)> =
            list.exhausts.iter().map(|l| (l.record.key(), l.loss, l.how.as_str())).collect();
        assert_eq!(
            exhausting,
            [
                ("py-oom".to_string(), Loss::Memory, "exhausts memory"),
                ("rb-slow".to_string(), Loss::Time, "exhausts time past this depth (12 s here)")
            ]
        );
    }

    #[test]
    fn a_crash_after_a_parse_without_limit_is_a_line_and_out_of_memory_is_listed_apart() {
        let mut results = sample();
        // A library whose parse has no limit but whose serializer crashes (nlohmann/json).
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
        let list = crash_list(&results);
        let crashes: Vec<(String, Part, u64, &str)> =
            list.crashes.iter().map(|l| (l.record.key(), l.part, l.depth, l.how.as_str())).collect();
        assert_eq!(
            crashes,
            [
                ("java-abort".into(), Part::Main { shape: Shape::Array }, 30_000, "exit 134"),
                ("c-stack".into(), Part::Main { shape: Shape::Array }, 87_289, "SIGSEGV"),
                ("c-unbounded".into(), Part::Phase { phase: Phase::Serialize }, 87_361, "SIGSEGV"),
            ]
        );
        let serialize = &list.crashes[2];
        assert_eq!(serialize.function.as_deref(), Some("serializer::dump"));
        assert!(serialize.sooner, "the parse never loses control, so serialize is sooner");
        assert_eq!(list.crashes[1].function, None);
        // Slow, and out of memory: the second list, by depth; a clean error is in neither.
        let exhausts: Vec<(String, Loss, u64)> =
            list.exhausts.iter().map(|l| (l.record.key(), l.loss, l.depth)).collect();
        assert_eq!(
            exhausts,
            [("js-slow".into(), Loss::Time, 11_000), ("python-json".into(), Loss::Memory, 56_123)]
        );
        assert!(!list.crashes.iter().chain(&list.exhausts).any(|l| l.record.id == "rust-serde-json"));
        assert_eq!(losing_depth(&results, results.find("c-unbounded").unwrap()), Some(87_361));
        assert_eq!(losing_depth(&results, results.find("rust-serde-json").unwrap()), None);
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
        let list = crash_list(&results);
        let order: Vec<(String, u64, bool)> =
            list.crashes.iter().map(|l| (l.record.key(), l.depth, l.first_of_library)).collect();
        assert_eq!(
            order,
            [
                ("java-abort".into(), 30_000, true),
                ("c-stack".into(), 87_289, true),
                ("c-stack".into(), 900_000, false),
                ("js-slow".into(), 200_000, true),
            ]
        );
        assert!(list.exhausts.is_empty(), "a row that crashes is not in the second list");
        assert!(!list.crashes[2].sooner);
    }
}
