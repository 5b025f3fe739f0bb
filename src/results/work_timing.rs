//! Where a row's probe time went, one entry per kind of work: the main probe, each further shape,
//! the unclosed input, each stack of the sweep, each phase, each state of a service, the crash
//! sites' debugger runs. Times are the machine's, never facts (`timings` is volatile).

use serde::{Deserialize, Serialize};

use crate::results::outcome::FailureKind;
use crate::results::part::Part;
use crate::results::probe_result::{ProbeResult, ProbeStatus};
use crate::units::Limit;

/// One piece of a row's probing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorkTiming {
    /// What it was: `main`, `object`, `unclosed`, `sweep 128 KiB`, `phase free`, `service cold`,
    /// `service warm`, `service echo`, `crash site` ([`work_name`]).
    pub work: String,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Child processes (or requests) it ran.
    pub trials: u32,
    /// Its answer lies near the timeout (slow, or a timeout at the boundary): trials there cost up to
    /// the timeout each, the first thing to bound when confirming.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub near_timeout: bool,
}

/// The crash site's debugger run, after a probe that crashed by a signal.
pub const CRASH_SITE: &str = "crash site";

/// The name of the work a probe of `part` at `stack` is (the run's stack `run_stack`), for a
/// service row or a program's.
pub fn work_name(part: Part, stack: Limit, run_stack: Limit, service: bool) -> String {
    match (part, service) {
        (Part::Main { .. }, true) => "service cold".into(),
        (Part::Warm { .. }, _) => "service warm".into(),
        // A service's phase is a route of it (`serialize`: its echo route).
        (Part::Phase { phase }, true) => {
            format!("service {}", if phase.name() == "serialize" { "echo" } else { phase.name() })
        }
        (Part::Main { .. }, false) => "main".into(),
        (Part::Sweep, _) if stack == run_stack => "main".into(),
        (Part::Sweep, _) => format!("sweep {stack}"),
        (Part::Phase { phase }, false) => format!("phase {}", phase.name()),
        (Part::SecondShape { shape } | Part::FurtherShape { shape }, _) => format!("shape {}", shape.name()),
        (Part::Unclosed, _) => "unclosed".into(),
        (Part::Row, _) => "row".into(),
    }
}

/// Whether a probe's answer lies near its timeout: it finished slowly, or failed by the timeout.
pub fn near_timeout(result: &ProbeResult) -> bool {
    result.slow
        || result.status == ProbeStatus::Slow
        || result.failure.as_ref().is_some_and(|failure| failure.kind == FailureKind::Timeout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::Shape;
    use crate::results::phase::Phase;

    #[test]
    fn work_is_named_by_part_stack_and_kind_of_row() {
        let run = Limit::Bytes(8 << 20);
        let main = Part::Main { shape: Shape::Array };
        assert_eq!(work_name(main, run, run, false), "main");
        assert_eq!(work_name(main, run, run, true), "service cold");
        assert_eq!(work_name(Part::Warm { shape: Shape::Array }, run, run, true), "service warm");
        let serialize = Part::Phase { phase: Phase::Serialize };
        assert_eq!(work_name(serialize, run, run, true), "service echo");
        assert_eq!(work_name(serialize, run, run, false), "phase serialize");
        assert_eq!(work_name(Part::Sweep, Limit::Bytes(128 << 10), run, false), "sweep 128 KiB");
        assert_eq!(work_name(Part::SecondShape { shape: Shape::Object }, run, run, false), "shape object");
        assert_eq!(work_name(Part::Unclosed, run, run, false), "unclosed");
    }
}
