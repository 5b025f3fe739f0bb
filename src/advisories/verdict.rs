//! The verdict rules: from the releases measured on each side of an advisory's fix, one of
//! *reproduced*, *fix holds*, *fix does not hold*, *not reproduced* or *not measurable here*, with a
//! sentence saying why. Pure functions over measured outcomes, like the same-fact rules.

use super::side::{at_limit, FixedBy};
use crate::results::advisory::{MeasuredRelease, Verdict};
use crate::results::word::Word;

/// What was measured of one advisory: the release chosen on each side of its fix.
#[derive(Clone, Debug, Default)]
pub struct Evidence {
    /// A release in the affected range (the last affected one where it was measured).
    pub affected: Option<MeasuredRelease>,
    /// A fixed release and how it counts as fixed.
    pub fixed: Option<(MeasuredRelease, FixedBy)>,
    /// The limit the fix introduced, where stated.
    pub limit: Option<u64>,
    /// Why nothing here measures it, said when neither side was measured.
    pub unmeasurable: Option<String>,
    /// No release fixes it (every range ends in `last_affected`): nothing to measure on that side.
    pub unfixed: bool,
}

/// Whether an outcome word is a loss of control: a crash, or time or memory exhausted (what a
/// denial-of-service advisory describes).
pub fn loses_control(outcome: &str) -> bool {
    crashes(outcome) || [Word::ExhaustsTime, Word::ExhaustsMemory].iter().any(|word| word.text() == outcome)
}

/// Whether an outcome word is a crash: what a fixed release must not do. (Exhausting time or memory
/// is a cost the crash list keeps apart; a fixed release that does is said, not called a finding.)
pub fn crashes(outcome: &str) -> bool {
    [Word::Crash, Word::ServiceDied, Word::WorkerDied].iter().any(|word| word.text() == outcome)
}

fn clean(outcome: &str) -> bool {
    outcome == Word::CleanError.text()
}

/// A release that was built and probed (not `not built` / `not run`).
fn measured(release: &MeasuredRelease) -> bool {
    release.outcome != crate::results::releases::NOT_BUILT
        && release.outcome != crate::results::releases::NOT_RUN
}

/// What a fixed release that still crashes does: `crashes at 7,595`, `loses control: service died
/// at 10` (the outcome word is not said twice).
fn still(release: &MeasuredRelease) -> String {
    let at = release.depth.map(|depth| format!(" at {}", crate::units::thousands(depth))).unwrap_or_default();
    if release.outcome == Word::Crash.text() {
        format!("crashes{at}")
    } else {
        format!("loses control: {}{at}", release.outcome)
    }
}

pub fn verdict(evidence: &Evidence) -> (Verdict, String) {
    let affected = evidence.affected.as_ref().filter(|release| measured(release));
    let fixed = evidence.fixed.as_ref().filter(|(release, _)| measured(release));
    let how = |release: &MeasuredRelease| release.phrase();
    let backport = |by: &FixedBy| by.backport().map(|b| format!(" ({b})")).unwrap_or_default();
    if let Some((release, by)) = fixed.filter(|(release, _)| crashes(&release.outcome)) {
        return (
            Verdict::FixDoesNotHold,
            // `fixed release 0.7.7 still crashes at 7,595`, not the outcome word twice.
            format!("fixed release {} still {}{}", release.version, still(release), backport(by)),
        );
    }
    let limit_said = |release: &MeasuredRelease| match evidence.limit {
        Some(limit) if clean(&release.outcome) && !at_limit(release.depth, limit) => {
            format!(", not at the stated limit of {}", crate::units::thousands(limit))
        }
        Some(_) if clean(&release.outcome) => ", the fix's limit".to_string(),
        _ => String::new(),
    };
    match (affected, fixed) {
        (Some(bad), fixed) if loses_control(&bad.outcome) => {
            let after = match fixed {
                Some((good, by)) => format!("; {}{}{}", how(good), limit_said(good), backport(by)),
                None if evidence.unfixed => "; no release fixes it".to_string(),
                None => "; no fixed release measured".to_string(),
            };
            (Verdict::Reproduced, format!("affected release {}{after}", how(bad)))
        }
        (Some(bad), fixed) => {
            let after = match fixed {
                Some((good, by)) => {
                    format!("; fixed release {}{}{}", how(good), limit_said(good), backport(by))
                }
                None => String::new(),
            };
            (
                Verdict::NotReproduced,
                format!("affected release {} instead of losing control{after}", how(bad)),
            )
        }
        (None, Some((good, by))) if clean(&good.outcome) => {
            (Verdict::FixHolds, format!("fixed release {}{}{}", how(good), limit_said(good), backport(by)))
        }
        (None, Some((good, by))) => {
            // Fixed, and it does not crash, yet fails no cleaner (no limit, flattened, exhausts
            // time before any limit): said as it is.
            let crash_free = if loses_control(&good.outcome) { ", no crash" } else { "" };
            (Verdict::FixHolds, format!("fixed release {}{crash_free}{}", how(good), backport(by)))
        }
        (None, None) => {
            let why = evidence
                .unmeasurable
                .clone()
                .unwrap_or_else(|| "no release of its library is measured here".into());
            (Verdict::NotMeasurable, why)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn release(version: &str, outcome: &str, depth: Option<u64>) -> MeasuredRelease {
        MeasuredRelease { version: version.into(), outcome: outcome.into(), depth, row: "r".into() }
    }

    #[test]
    fn an_affected_release_that_crashes_beside_a_clean_fixed_one_is_reproduced() {
        let evidence = Evidence {
            affected: Some(release("1.3.1", "crash", Some(5_000))),
            fixed: Some((release("1.3.2", "clean error", Some(257)), FixedBy::Release)),
            limit: Some(256),
            unmeasurable: None,
            unfixed: false,
        };
        let (verdict, why) = verdict(&evidence);
        assert_eq!(verdict, Verdict::Reproduced);
        assert_eq!(why, "affected release 1.3.1: crash at 5,000; 1.3.2: clean error at 257, the fix's limit");
        // Exhausting time is what such an advisory describes too.
        let slow =
            Evidence { affected: Some(release("1.3.1", "exhausts time", Some(9))), ..evidence.clone() };
        assert_eq!(super::verdict(&slow).0, Verdict::Reproduced);
        // Without a fixed release measured it is still reproduced, and says so.
        let alone = Evidence { fixed: None, ..evidence };
        assert!(super::verdict(&alone).1.ends_with("no fixed release measured"));
        // An advisory no release fixes says that instead.
        let unfixed = Evidence { unfixed: true, ..alone };
        assert_eq!(super::verdict(&unfixed).0, Verdict::Reproduced);
        assert!(super::verdict(&unfixed).1.ends_with("; no release fixes it"));
    }

    #[test]
    fn a_fixed_release_that_still_crashes_is_a_finding() {
        let evidence = Evidence {
            affected: Some(release("5.0.9", "crash", Some(3_000))),
            fixed: Some((release("7.2.1", "crash", Some(6_235)), FixedBy::Release)),
            limit: Some(64),
            unmeasurable: None,
            unfixed: false,
        };
        assert_eq!(
            verdict(&evidence),
            (Verdict::FixDoesNotHold, "fixed release 7.2.1 still crashes at 6,235".into())
        );
        // A service that dies is named as such, once.
        let died = Evidence {
            fixed: Some((release("7.2.1", "service died", Some(10)), FixedBy::Release)),
            ..evidence.clone()
        };
        assert_eq!(super::verdict(&died).1, "fixed release 7.2.1 still loses control: service died at 10");
        // Exhausting time is a cost, not a crash: said, and the fix holds.
        let slow = Evidence {
            affected: None,
            fixed: Some((release("7.2.1", "exhausts time", Some(900)), FixedBy::Release)),
            ..evidence
        };
        assert_eq!(
            super::verdict(&slow),
            (Verdict::FixHolds, "fixed release 7.2.1: exhausts time at 900, no crash".into())
        );
    }

    #[test]
    fn a_fixed_release_failing_cleanly_holds_and_says_whether_at_the_limit() {
        let at = Evidence {
            fixed: Some((release("3.13.0", "clean error", Some(1_025)), FixedBy::Release)),
            limit: Some(1_024),
            ..Default::default()
        };
        assert_eq!(
            verdict(&at),
            (Verdict::FixHolds, "fixed release 3.13.0: clean error at 1,025, the fix's limit".into())
        );
        let elsewhere = Evidence { limit: Some(100), ..at.clone() };
        assert!(verdict(&elsewhere).1.ends_with("not at the stated limit of 100"));
        let no_limit = Evidence { fixed: Some((release("2.0", "no limit", None), FixedBy::Release)), ..at };
        assert_eq!(verdict(&no_limit).0, Verdict::FixHolds);
    }

    #[test]
    fn a_backport_shown_by_measurement_holds_and_says_how_it_is_known() {
        let evidence = Evidence {
            fixed: Some((release("0.4.8-3+deb12u3", "clean error", Some(102)), FixedBy::Measurement)),
            limit: Some(100),
            ..Default::default()
        };
        let (verdict, why) = verdict(&evidence);
        assert_eq!(verdict, Verdict::FixHolds);
        assert!(why.contains("a Debian backport, shown by measurement"), "{why}");
    }

    #[test]
    fn an_affected_release_that_fails_cleanly_is_not_reproduced_saying_how() {
        let evidence = Evidence {
            affected: Some(release("0.6.2", "clean error", Some(1_000))),
            fixed: Some((release("0.6.3", "clean error", Some(101)), FixedBy::Release)),
            limit: Some(100),
            unmeasurable: None,
            unfixed: false,
        };
        let (verdict, why) = verdict(&evidence);
        assert_eq!(verdict, Verdict::NotReproduced);
        assert!(
            why.starts_with("affected release 0.6.2: clean error at 1,000 instead of losing control"),
            "{why}"
        );
    }

    #[test]
    fn nothing_measured_is_not_measurable_with_the_reason_and_unbuilt_releases_do_not_count() {
        let none =
            Evidence { unmeasurable: Some("no row probes GraphQL list values".into()), ..Default::default() };
        assert_eq!(verdict(&none), (Verdict::NotMeasurable, "no row probes GraphQL list values".into()));
        let unbuilt = Evidence { affected: Some(release("0.1", "not built", None)), ..none };
        assert_eq!(verdict(&unbuilt).0, Verdict::NotMeasurable);
    }
}
