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
        .filter(|p| p.phase != Some(Phase::Parse) && loses_control(class_of(p)))
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
