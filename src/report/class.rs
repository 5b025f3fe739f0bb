//! The outcome class of a record (what colours badges and charts) and whether, and in which phase,
//! a program loses control.

use crate::results::outcome::FailureKind;
use crate::results::phase::Phase;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::sameness::stack_tolerance;
use crate::results::{ParserRecord, Status};

/// The outcome class that decides colours in badges and charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    CleanError,
    Crash,
    Timeout,
    /// Stopped by the resident-memory cap: it would have taken the machine's memory.
    OutOfMemory,
    NoLimit,
    /// Accepted every depth tried, but built fewer levels than the deepest payload had.
    Flattened,
    /// Measured, but no exact number: outcomes disagreed, or the program did not read its input.
    Unreliable,
    NotMeasured,
}

impl Class {
    /// Every class, in the order outputs list them.
    pub const ALL: [Class; 8] = [
        Class::CleanError,
        Class::Crash,
        Class::Timeout,
        Class::OutOfMemory,
        Class::NoLimit,
        Class::Flattened,
        Class::Unreliable,
        Class::NotMeasured,
    ];
}

/// The outcome words every output uses (terminal, README, results.md, charts, badges, the Action's
/// `fail-on`), each defined once here with its meaning for the glossary. Time is said one way:
/// `exhausts time`, never "timeout" or "slow".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Crash,
    CleanError,
    ExhaustsTime,
    ExhaustsMemory,
    NoLimit,
    Flattened,
    Unstable,
    InputNotRead,
    ShapeNotSupported,
    AcceptsInvalidInput,
}

impl Word {
    /// Every word, in the glossary's order.
    pub const ALL: [Word; 10] = [
        Word::Crash,
        Word::CleanError,
        Word::ExhaustsTime,
        Word::ExhaustsMemory,
        Word::NoLimit,
        Word::Flattened,
        Word::Unstable,
        Word::InputNotRead,
        Word::ShapeNotSupported,
        Word::AcceptsInvalidInput,
    ];

    pub fn text(self) -> &'static str {
        match self {
            Word::Crash => "crash",
            Word::CleanError => "clean error",
            Word::ExhaustsTime => "exhausts time",
            Word::ExhaustsMemory => "exhausts memory",
            Word::NoLimit => "no limit",
            Word::Flattened => "flattened",
            Word::Unstable => "unstable",
            Word::InputNotRead => "input not read",
            Word::ShapeNotSupported => "shape not supported",
            Word::AcceptsInvalidInput => "accepts invalid input",
        }
    }

    /// The word as a command-line value: `exhausts-time`.
    pub fn flag(self) -> String {
        self.text().replace(' ', "-")
    }

    /// What the word means, in one sentence for the glossary.
    pub fn meaning(self) -> &'static str {
        match self {
            Word::Crash => {
                "the process lost control: killed by a signal (a stack overflow's SIGSEGV, an abort), a \
                 runtime's fatal error, or another abnormal exit status; a denial of service"
            }
            Word::CleanError => {
                "the library reported an error (exit status 1, or a status its row declares as its \
                 error) and the process stayed in control"
            }
            Word::ExhaustsTime => {
                "it did not finish in time (also with a longer timeout): a cost, not a crash"
            }
            Word::ExhaustsMemory => {
                "it outgrew the resident-memory cap (or its address-space limit): a cost, not a crash"
            }
            Word::NoLimit => "it accepted every depth up to the maximum tried",
            Word::Flattened => {
                "it accepted every depth tried but built fewer levels than were nested (a renderer \
                 capping nesting)"
            }
            Word::Unstable => "outcomes disagreed between runs at the same depth: no exact number",
            Word::InputNotRead => "it exited 0 without reading its whole input: no number",
            Word::ShapeNotSupported => "the library rejects this nesting at any depth",
            Word::AcceptsInvalidInput => "it accepted input that never closes its nesting (`unclosed`)",
        }
    }
}

impl Word {
    /// The word of how a probe failed at its failing depth.
    pub fn of_failure(kind: FailureKind) -> Word {
        match kind {
            FailureKind::Error => Word::CleanError,
            FailureKind::Crash => Word::Crash,
            FailureKind::Timeout => Word::ExhaustsTime,
            FailureKind::OutOfMemory => Word::ExhaustsMemory,
            FailureKind::Accepted => Word::AcceptsInvalidInput,
        }
    }
}

impl Class {
    /// The class's outcome word; `None` for a row not measured.
    pub fn word(self) -> Option<Word> {
        Some(match self {
            Class::CleanError => Word::CleanError,
            Class::Crash => Word::Crash,
            Class::Timeout => Word::ExhaustsTime,
            Class::OutOfMemory => Word::ExhaustsMemory,
            Class::NoLimit => Word::NoLimit,
            Class::Flattened => Word::Flattened,
            Class::Unreliable => Word::Unstable,
            Class::NotMeasured => return None,
        })
    }

    /// The class's word, `not measured` for a row not measured.
    pub fn text(self) -> &'static str {
        self.word().map_or("not measured", Word::text)
    }
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
        Finding::Flattened(_) => Class::Flattened,
        Finding::Unstable { .. } | Finding::InputNotRead(_) => Class::Unreliable,
        // A crash deeper than where it is slow is a crash, however slow the parser.
        Finding::Slow(..) if result.crash_beyond_slow().is_some() => Class::Crash,
        Finding::Slow(..) => Class::Timeout,
        Finding::FailsAt(_, f) => match f.kind {
            FailureKind::Error => Class::CleanError,
            FailureKind::Timeout => Class::Timeout,
            FailureKind::Crash | FailureKind::Accepted => Class::Crash,
            FailureKind::OutOfMemory => Class::OutOfMemory,
        },
    }
}

/// Whether a class means the program lost control (crashed, hung, ran out of memory).
pub fn loses_control(class: Class) -> bool {
    matches!(class, Class::Crash | Class::Timeout | Class::OutOfMemory)
}

/// The phase after which the program loses control at the smallest depth, if any does.
pub fn weakest_phase(record: &ParserRecord) -> Option<&ProbeResult> {
    record
        .phases
        .iter()
        .filter(|p| !p.phase.is_some_and(Phase::is_front_end) && loses_control(class_of(p)))
        .min_by_key(|p| phase_depth(p))
}

/// The phase after the parse where the program loses control, when it does so sooner than in its
/// main result by more than a stack-bound depth's noise (RapidJSON's Writer at half its parse depth).
pub fn losing_sooner(record: &ParserRecord) -> Option<&ProbeResult> {
    let result = record.result.as_ref().filter(|_| record.status == Status::Measured)?;
    let main_depth = if loses_control(class_of(result)) { phase_depth(result) } else { u64::MAX };
    weakest_phase(record)
        .filter(|phase| phase_depth(phase).saturating_add(stack_tolerance(phase_depth(phase))) < main_depth)
}

/// The depth a phase's result loses control at (or the deepest it took).
fn phase_depth(result: &ProbeResult) -> u64 {
    result.exact_failing_depth().or(result.max_accepted_depth).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_is_distinct_and_time_is_said_one_way() {
        let texts: Vec<&str> = Word::ALL.iter().map(|w| w.text()).collect();
        let mut unique = texts.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), texts.len());
        assert!(texts.iter().all(|t| !t.contains("timeout") && !t.contains("slow")), "{texts:?}");
        assert_eq!(Class::Timeout.text(), "exhausts time");
        assert_eq!(Word::ExhaustsMemory.flag(), "exhausts-memory");
        assert_eq!(Class::NotMeasured.word(), None);
    }

    #[test]
    fn the_action_s_fail_on_words_are_the_outcome_words() {
        let flags: Vec<String> = Word::ALL.iter().map(|w| w.flag()).collect();
        for fail_on in crate::gate::FailOn::ALL {
            assert!(flags.contains(&fail_on.name().to_string()), "{fail_on} is no outcome word");
        }
    }
}
