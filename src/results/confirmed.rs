//! When and where a record's facts were last confirmed, how the run that wrote it got them
//! (measured, confirmed, reused), and the fingerprint of what they depend on (`run::fingerprint`).
//! None of it is a fact (`confirmed` is volatile): a run that only stamps it changes no fact.

use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

/// K: every fact is confirmed at least once in this many runs, however little changes (a weekly
/// regeneration confirms each fact at least every K weeks). `run::rotation` keeps the bound. The
/// trade-off (docs/measurements.md, `cargo bench --bench plan`): a run where nothing changed
/// confirms 1/K of what confirming every fact costs, so K sets its cost; with 6 it took about 19 minutes of the catalog
/// of 2026-11-28 on 2 CPUs, with 16 about 8 (under the 10 aimed at, with room for the rows being
/// added). What a fingerprint covers is re-measured at once whatever K is: the rotation only
/// catches what no fingerprint sees (the machine, an undeclared dependency).
pub const CONFIRM_WITHIN_RUNS: usize = 16;

/// How the run that wrote a record got its facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum How {
    /// Searched: something it depends on changed (or it had no record, or no fingerprint).
    Measured,
    /// Nothing it depends on changed, and the run probed it again (its turn on the rotation, or
    /// `run --full`).
    Confirmed,
    /// Nothing it depends on changed, and the run kept the record without probing it: `at` is
    /// still its last confirmation.
    Reused,
}

impl How {
    pub fn name(self) -> &'static str {
        match self {
            How::Measured => "measured",
            How::Confirmed => "confirmed",
            How::Reused => "reused",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Confirmed {
    /// When its facts were last probed (RFC 3339, UTC, milliseconds: the rotation orders by it).
    pub at: String,
    /// The machine that probed them: OS, kernel, architecture, CPUs.
    pub machine: String,
    pub how: How,
    /// What the facts depend on, hashed (`run::fingerprint`); absent where it was never known (a
    /// record older than fingerprints, or a row that could not be built): such a record is
    /// measured again, never reused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
}

impl Confirmed {
    /// Probed now, on this machine.
    pub fn now(how: How, machine: String, fingerprint: Option<String>) -> Confirmed {
        Confirmed { at: timestamp(SystemTime::now()), machine, how, fingerprint }
    }

    /// What a record written before `confirmed` existed counts as: confirmed on its results' `date`
    /// (`YYYY-MM-DD`) by the machine their header names, with no fingerprint.
    pub fn legacy(date: &str, machine: String) -> Confirmed {
        Confirmed { at: format!("{date}T00:00:00.000Z"), machine, how: How::Measured, fingerprint: None }
    }

    /// When it was last confirmed, if `at` reads as a time.
    pub fn time(&self) -> Option<SystemTime> {
        humantime::parse_rfc3339_weak(self.at.trim_end_matches('Z')).ok()
    }

    /// Whole days since it was last confirmed, at `now`.
    pub fn age_days(&self, now: SystemTime) -> Option<u64> {
        let age = now.duration_since(self.time()?).unwrap_or(Duration::ZERO);
        Some(age.as_secs() / 86_400)
    }
}

/// When and where `record` (of `results`) was last confirmed: its own `confirmed`, else (a record
/// older than it) its results' date and machine.
pub fn last_confirmed(record: &crate::results::ParserRecord, results: &crate::results::Results) -> Confirmed {
    record.confirmed.clone().unwrap_or_else(|| {
        let header = &results.environment;
        let machine = format!("{}, {}, {}, {} CPUs", header.os, header.kernel, header.arch, header.cpus);
        Confirmed::legacy(&header.date, machine)
    })
}

/// `time` as `confirmed.at` writes it.
pub fn timestamp(time: SystemTime) -> String {
    humantime::format_rfc3339_millis(time).to_string()
}

/// How old a confirmation is, for the reports: `today`, `1 day`, `12 days`.
pub fn age_phrase(days: u64) -> String {
    match days {
        0 => "today".into(),
        1 => "1 day".into(),
        days => format!("{days} days"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_confirmation_round_trips_and_reads_its_age() {
        let confirmed = Confirmed {
            at: "2026-11-20T10:00:00.250Z".into(),
            machine: "Debian GNU/Linux 12 (bookworm), 6.1.0, x86_64, 2 CPUs".into(),
            how: How::Reused,
            fingerprint: Some("0123456789abcdef".into()),
        };
        let json = serde_json::to_value(&confirmed).unwrap();
        assert_eq!(json["how"], "reused");
        assert_eq!(serde_json::from_value::<Confirmed>(json).unwrap(), confirmed);
        let later = humantime::parse_rfc3339("2026-11-28T09:00:00Z").unwrap();
        assert_eq!(confirmed.age_days(later), Some(7));
        let legacy = Confirmed::legacy("2026-11-01", "m".into());
        assert_eq!(legacy.age_days(later), Some(27));
        assert!(legacy.fingerprint.is_none() && legacy.how == How::Measured);
        assert_eq!([0, 1, 5].map(age_phrase), ["today", "1 day", "5 days"]);
        // Milliseconds, so two runs a second apart still order.
        assert!(timestamp(later).ends_with(".000Z"));
    }
}
