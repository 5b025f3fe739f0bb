//! What `nestprobe history` found of a library's published releases: each release it probed, how
//! its main probe ended, and the releases where that changed (see `run::history`).

use serde::{Deserialize, Serialize};

use crate::payload::Shape;

/// One probed release of the row's library, in publication order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReleaseOutcome {
    pub version: String,
    /// When its registry says it was published: shown, never a fact (npm's dates for old releases
    /// are unreliable), so `published` is volatile in results.json.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published: Option<String>,
    /// The outcome word of its main probe (`crash`, `clean error`, `no limit`…), or
    /// [`NOT_BUILT`] / [`NOT_RUN`] for a release the row's program could not build or run.
    pub outcome: String,
    /// The depth it failed at (or the deepest it finished, when it ran out of time); none for no
    /// limit and for a release not measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u64>,
    /// The nesting it was measured in, where not its format's main one (the release refused that:
    /// see `run::measure`'s main probe).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<Shape>,
    /// The phase after the parse it was measured in (an advisory's `serialize`: `advisories
    /// --measure`); none for the main probe's parse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<crate::results::phase::Phase>,
    /// Why it was not measured: the build's or the probe's error line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// It behaves differently from the measured release before it (the same-fact rules decide).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub changed: bool,
}

/// The outcome of a release whose build failed: not a limit.
pub const NOT_BUILT: &str = "not built";
/// The outcome of a release that built but could not be probed (fails even at depth 1, say).
pub const NOT_RUN: &str = "not run";

/// The releases of a history that changed how the library fails, in its order.
pub fn changed_versions(history: &[ReleaseOutcome]) -> Vec<&str> {
    history.iter().filter(|release| release.changed).map(|release| release.version.as_str()).collect()
}

impl ReleaseOutcome {
    /// Whether the release was measured (built and probed).
    pub fn measured(&self) -> bool {
        self.outcome != NOT_BUILT && self.outcome != NOT_RUN
    }

    /// `crash at 50`, `no limit`, `not built`, `clean error at 331 in :is()`.
    pub fn phrase(&self) -> String {
        let mut phrase = match self.depth {
            Some(depth) => format!("{} at {}", self.outcome, crate::units::thousands(depth)),
            None => self.outcome.clone(),
        };
        if let Some(shape) = self.shape {
            phrase = format!("{phrase} in {}", shape.column_title());
        }
        if let Some(phase) = self.phase {
            phrase = format!("{phrase} in the {} phase", phase.name());
        }
        phrase
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_read_as_outcome_at_depth_and_unbuilt_ones_are_not_measured() {
        let crash = ReleaseOutcome {
            version: "1.0.0".into(),
            published: None,
            outcome: "crash".into(),
            depth: Some(2023),
            shape: None,
            phase: None,
            reason: None,
            changed: false,
        };
        assert_eq!(crash.phrase(), "crash at 2,023");
        let in_other_shape = ReleaseOutcome { shape: Some(Shape::Is), ..crash.clone() };
        assert_eq!(in_other_shape.phrase(), "crash at 2,023 in :is()");
        assert!(crash.measured());
        let not_built = ReleaseOutcome { outcome: NOT_BUILT.into(), depth: None, ..crash };
        assert_eq!(not_built.phrase(), "not built");
        assert!(!not_built.measured());
        // `changed` is written only where it is true.
        assert!(!serde_json::to_string(&not_built).unwrap().contains("changed"));
    }
}
