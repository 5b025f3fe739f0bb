//! The outcome class of a record (what colours badges and charts) and whether, and in which phase,
//! a program loses control.

use crate::results::outcome::FailureKind;
use crate::results::phase::Phase;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::sameness::stack_tolerance;
// The vocabulary is the results' (the gate's `fail-on` speaks it too); the reports read it here.
pub use crate::results::word::Word;
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
    /// A service answered 5xx and lived on.
    ServerError,
    /// A service refused the body by its size before any parser saw it.
    RefusedBySize,
    /// A service lived on but answered no valid request afterwards.
    Unresponsive,
    /// Valid input answered wrongly, without an error (a product's JSON function).
    WrongAnswer,
    NotMeasured,
}

impl Class {
    /// Every class, in the order outputs list them.
    pub const ALL: [Class; 12] = [
        Class::CleanError,
        Class::Crash,
        Class::Timeout,
        Class::OutOfMemory,
        Class::NoLimit,
        Class::Flattened,
        Class::Unreliable,
        Class::ServerError,
        Class::RefusedBySize,
        Class::Unresponsive,
        Class::WrongAnswer,
        Class::NotMeasured,
    ];
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
            Class::ServerError => Word::ServerError,
            Class::RefusedBySize => Word::RefusedBySize,
            Class::Unresponsive => Word::Unresponsive,
            Class::WrongAnswer => Word::WrongAnswer,
            Class::NotMeasured => return None,
        })
    }

    /// Whether only a service or a product can end so (a program has no HTTP status, and no
    /// client that checks its answer).
    pub fn of_services_only(self) -> bool {
        matches!(self, Class::ServerError | Class::RefusedBySize | Class::Unresponsive | Class::WrongAnswer)
    }

    /// The class's word, `not measured` for a row not measured.
    pub fn text(self) -> &'static str {
        self.word().map_or("not measured", Word::text)
    }

    /// The class's key in the page's outcome filter, CSS classes and URL fragment (kept as links
    /// made before the words changed spell it).
    pub fn key(self) -> &'static str {
        match self {
            Class::CleanError => "clean-error",
            Class::Crash => "crash",
            Class::Timeout => "timeout",
            Class::OutOfMemory => "out-of-memory",
            Class::NoLimit => "no-limit",
            Class::Flattened => "flattened",
            Class::Unreliable => "unstable",
            Class::ServerError => "server-error",
            Class::RefusedBySize => "refused-by-size",
            Class::Unresponsive => "unresponsive",
            Class::WrongAnswer => "wrong-answer",
            Class::NotMeasured => "not-measured",
        }
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
            // Never a clean error: the product said nothing was wrong.
            FailureKind::WrongAnswer => Class::WrongAnswer,
            FailureKind::OutOfMemory => Class::OutOfMemory,
            FailureKind::ServerError => Class::ServerError,
            FailureKind::RefusedBySize => Class::RefusedBySize,
            FailureKind::Unresponsive => Class::Unresponsive,
            // Only `probe` of a program without the protocol: no catalog row has it.
            FailureKind::UndeclaredStatus => Class::Unreliable,
        },
    }
}

/// The count a clean error of `result` is a limit on: the row documents a limit on a count (not
/// on nesting) and `result` is a probe of the shape the limit is about (any phase of it).
pub fn count_of<'a>(record: &'a ParserRecord, result: &ProbeResult) -> Option<&'a str> {
    let documented = record.documented.as_ref()?;
    let count = documented.count()?;
    (documented.shape_of(record.format) == result.shape).then_some(count)
}

/// How a result failed, as the reports say it: [`crate::results::outcome::Failure::summary`],
/// with a clean error worded as a limit on the count the row documents (`clean error (captures)`).
pub fn failure_words(record: &ParserRecord, result: &ProbeResult) -> Option<String> {
    let failure = result.failure.as_ref()?;
    Some(match (failure.kind, count_of(record, result)) {
        (FailureKind::Error, Some(count)) => crate::results::word::clean_error(Some(count)),
        _ => failure.summary(),
    })
}

/// A result's phrase as the reports say it: [`ProbeResult::phrase`], a clean error on a documented
/// count worded as one (`clean error (captures) at 32,767`, no depth: it is a count).
pub fn phrase(record: &ParserRecord, result: &ProbeResult) -> String {
    match (result.finding(), count_of(record, result)) {
        (Finding::FailsAt(depth, failure), Some(count)) if failure.kind == FailureKind::Error => {
            format!(
                "{} at {}",
                crate::results::word::clean_error(Some(count)),
                crate::units::thousands(depth)
            )
        }
        _ => result.phrase(),
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
    fn each_class_says_its_word() {
        assert_eq!(Class::Timeout.text(), "exhausts time");
        assert_eq!(Class::NotMeasured.word(), None);
        let keys: Vec<&str> = Class::ALL.iter().map(|c| c.key()).collect();
        let mut unique = keys.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), Class::ALL.len(), "{keys:?}");
    }

    #[test]
    fn the_action_s_fail_on_words_are_the_outcome_words() {
        let flags: Vec<String> = Word::ALL.iter().map(|w| w.flag()).collect();
        for fail_on in crate::gate::FailOn::ALL {
            assert!(flags.contains(&fail_on.name().to_string()), "{fail_on} is no outcome word");
        }
    }
}
