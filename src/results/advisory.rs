//! What results.json keeps of the published advisories (parsers/advisories/): each advisory with
//! its verdict and the releases measured on both sides of its fix, and on each row the advisories
//! about its library with whether its measured release is affected. `src/advisories/` computes them
//! from the catalog's advisories and the records; the reports read them from here.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One verdict vocabulary for every advisory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The affected release crashes or exhausts as described; the fixed one fails cleanly.
    Reproduced,
    /// The measured release is fixed and fails cleanly (at the stated limit, where one is stated).
    FixHolds,
    /// The release is fixed, yet it still crashes or exhausts: a finding.
    FixDoesNotHold,
    /// The affected release does not crash or exhaust: `why` says how it fails instead.
    NotReproduced,
    /// Nothing here measures it: `why` says why.
    NotMeasurable,
}

impl Verdict {
    pub const ALL: [Verdict; 5] = [
        Verdict::Reproduced,
        Verdict::FixHolds,
        Verdict::FixDoesNotHold,
        Verdict::NotReproduced,
        Verdict::NotMeasurable,
    ];

    /// The verdict as the reports say it.
    pub fn text(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::FixHolds => "fix holds",
            Verdict::FixDoesNotHold => "fix does not hold",
            Verdict::NotReproduced => "not reproduced",
            Verdict::NotMeasurable => "not measurable here",
        }
    }

    /// The verdict as a key (JSON, the page's filter): `fix-holds`.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::FixHolds => "fix-holds",
            Verdict::FixDoesNotHold => "fix-does-not-hold",
            Verdict::NotReproduced => "not-reproduced",
            Verdict::NotMeasurable => "not-measurable",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// One release of an advisory's library as it was measured: by a row's committed record, or by
/// `nestprobe advisories --measure` with the row's program at that release.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeasuredRelease {
    pub version: String,
    /// The outcome word (`crash`, `clean error`, `no limit`…, or `not built`/`not run`).
    pub outcome: String,
    /// The depth it failed at; none for no limit or a release not measured.
    pub depth: Option<u64>,
    /// The row (key) whose program measured it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub row: String,
}

impl MeasuredRelease {
    /// `4.0.0: crash at 2,023`.
    pub fn phrase(&self) -> String {
        match self.depth {
            Some(depth) => {
                format!("{}: {} at {}", self.version, self.outcome, crate::units::thousands(depth))
            }
            None => format!("{}: {}", self.version, self.outcome),
        }
    }
}

/// An advisory as results.json keeps it: the facts the reports show and its verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvisoryRecord {
    pub id: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    pub summary: String,
    /// The affected package's name and ecosystem (the first affected entry's).
    pub package: String,
    pub ecosystem: String,
    /// The first fixed release (`None`: no fix published).
    pub fixed: Option<String>,
    /// The rows measuring its library.
    pub rows: Vec<String>,
    pub format: String,
    pub shape: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// The depth limit the fix introduced, where the advisory or the fix says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    pub verdict: Verdict,
    /// Why this verdict, in a sentence (which releases, how they failed, a backport and how it is
    /// known).
    pub why: String,
    pub affected_release: Option<MeasuredRelease>,
    pub fixed_release: Option<MeasuredRelease>,
    pub source: String,
}

impl AdvisoryRecord {
    /// The source as a link target, when it is one the advisories' loader accepts (an https://
    /// address of printable characters that end no link early): a results file written by hand is
    /// not trusted.
    pub fn source_link(&self) -> Option<&str> {
        let ends_a_link = |c: char| "<>\"'()[]{}|\\`".contains(c);
        (self.source.starts_with("https://")
            && self.source.len() > "https://".len()
            && self.source.chars().all(|c| c.is_ascii_graphic() && !ends_a_link(c)))
        .then_some(self.source.as_str())
    }
}

/// An advisory about a row's library, on the row's record: whether the measured release is
/// affected (`None`: its version cannot be placed in the advisory's ranges).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowAdvisory {
    pub id: String,
    pub affected: Option<bool>,
    /// The shape the advisory is about, when it names one (the crash list matches it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// The phase the advisory is about, when it names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// How the measured release is known to be fixed where its version alone says affected: a
    /// Debian backport, by its changelog or by the measured limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backport: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_have_one_word_and_one_key_each() {
        for (at, verdict) in Verdict::ALL.iter().enumerate() {
            assert!(Verdict::ALL[..at].iter().all(|other| other.text() != verdict.text()));
            assert_eq!(serde_json::to_value(verdict).unwrap(), serde_json::json!(verdict.key()));
        }
        let release = MeasuredRelease {
            version: "1.0".into(),
            outcome: "crash".into(),
            depth: Some(2023),
            row: String::new(),
        };
        assert_eq!(release.phrase(), "1.0: crash at 2,023");
    }

    #[test]
    fn only_an_https_address_that_ends_no_link_early_is_linked() {
        let record = |source: &str| AdvisoryRecord {
            id: "GHSA-x".into(),
            aliases: Vec::new(),
            summary: String::new(),
            package: "p".into(),
            ecosystem: "npm".into(),
            fixed: None,
            rows: Vec::new(),
            format: "json".into(),
            shape: None,
            phase: None,
            limit: None,
            verdict: Verdict::NotMeasurable,
            why: String::new(),
            affected_release: None,
            fixed_release: None,
            source: source.into(),
        };
        assert_eq!(record("https://rustsec.org/a.html").source_link(), Some("https://rustsec.org/a.html"));
        for hostile in ["javascript:alert(1)", "https://x)<b>", "https://x\"onclick=", "https://", "http://x"]
        {
            assert_eq!(record(hostile).source_link(), None, "{hostile}");
        }
    }
}
