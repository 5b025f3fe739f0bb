//! Each dependency against the atlas: the rows that measure its package, what each found at the
//! release it measured, whether that is the locked release, what the row's release history knows
//! of the locked one, and the upgrade that changes the answer. A release no row or history measured
//! is "not measured at this release": the measured release's answer is never given as the locked
//! one's.

use std::cmp::Ordering;
use std::collections::HashMap;

use serde::Serialize;

use super::dependency::Dependency;
use crate::package::{debian, version, Ecosystem, Package, RowPackage};
use crate::report::model::class::class_of;
use crate::results::probe_result::{Finding as Found, ProbeResult};
use crate::results::releases::ReleaseOutcome;
use crate::results::{ParserRecord, Results, Status};
use crate::units::thousands;

/// The outcome word of a locked release no row or history measured.
pub const UNMEASURED: &str = "unmeasured";

/// Where advisories come from (src/advisories/, wired by the app): the ids of those that affect a
/// release.
pub trait AdvisoryLookup {
    fn advisories(&self, package: &Package) -> Vec<String>;
}

/// What one row says of one dependency.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    /// The row's key (`rust-toml-0-5`, `python-pyyaml@debian13`).
    pub row: String,
    /// The release the answer is of: the locked one where `exact_release`, else the row's.
    pub release_measured: Option<String>,
    pub exact_release: bool,
    /// The outcome word at `release_measured` (`crash`, `clean error`, `no limit`, …).
    pub outcome: String,
    pub depth: Option<u64>,
    pub advisories: Vec<String>,
    /// The first newer release whose answer differs from the locked release's, and both answers.
    pub upgrade: Option<String>,
    /// What the row's history knows of the locked release's neighbours, where not exact.
    #[serde(skip)]
    pub history: Option<String>,
    /// `crash (SIGABRT) at 14,559`, `clean error at 80`.
    #[serde(skip)]
    pub phrase: String,
    /// The opt-in build the row measures where another row measures the package's default one
    /// (`feature unbounded_depth`): shown, never gated, as a lockfile does not say it is used.
    #[serde(skip)]
    pub variant: Option<String>,
}

impl Finding {
    /// The locked release's outcome word: the answer where exact, else [`UNMEASURED`].
    pub fn locked_outcome(&self) -> &str {
        if self.exact_release {
            &self.outcome
        } else {
            UNMEASURED
        }
    }

    /// Crashes first, then the least deep; not measured at this release last, opt-in builds after
    /// the default ones.
    pub fn severity(&self) -> (bool, u8, u64) {
        let rank = match self.locked_outcome() {
            "crash" => 0,
            "exhausts memory" => 1,
            "exhausts time" => 2,
            "unstable" => 3,
            "clean error" => 4,
            UNMEASURED => 6,
            _ => 5,
        };
        (self.variant.is_some(), rank, self.depth.unwrap_or(u64::MAX))
    }
}

/// One dependency's findings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Audited {
    #[serde(flatten)]
    pub dependency: Dependency,
    pub findings: Vec<Finding>,
}

/// The atlas indexed by package: (ecosystem, name) and Debian source → the rows' packages.
pub struct Atlas<'a> {
    by_name: HashMap<(Ecosystem, String), Vec<Held<'a>>>,
    by_source: HashMap<&'a str, Vec<Held<'a>>>,
}

/// A row's package, or the library one of its Debian packages carries.
#[derive(Clone, Copy)]
struct Held<'a> {
    record: &'a ParserRecord,
    package: &'a RowPackage,
}

impl<'a> Atlas<'a> {
    /// The measured records of `results` and their packages.
    pub fn new(results: &'a Results) -> Atlas<'a> {
        let mut atlas = Atlas { by_name: HashMap::new(), by_source: HashMap::new() };
        for record in results.parsers.iter().filter(|r| r.status == Status::Measured && r.result.is_some()) {
            for package in &record.packages {
                for held in std::iter::once(package).chain(package.upstream.as_deref()) {
                    // (Named as the ecosystem compares names, whichever release wrote the record.)
                    let name = Package::new(held.ecosystem, &held.name, None).name;
                    atlas
                        .by_name
                        .entry((held.ecosystem, name))
                        .or_default()
                        .push(Held { record, package: held });
                }
                if let Some(source) = &package.source {
                    atlas.by_source.entry(source.as_str()).or_default().push(Held { record, package });
                }
            }
        }
        atlas
    }

    /// Whether the atlas holds any package at all (a results.json without `packages` holds none).
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// What the atlas says of `dependency`; no finding when it holds none of its package.
    pub fn audit(&self, dependency: &Dependency, advisories: Option<&dyn AdvisoryLookup>) -> Audited {
        let locked = dependency.package();
        let mut matches: Vec<(Held, Package)> = Vec::new();
        let mut add = |held: &Held<'a>, as_locked: Package| {
            if !matches.iter().any(|(h, _)| std::ptr::eq(h.record, held.record)) {
                matches.push((*held, as_locked));
            }
        };
        for held in self.by_name.get(&(locked.ecosystem, locked.name.clone())).into_iter().flatten() {
            add(held, locked.clone());
        }
        if locked.ecosystem == Ecosystem::Debian {
            let source = dependency.source.as_deref().unwrap_or(&dependency.name);
            for held in self.by_source.get(source).into_iter().flatten() {
                add(held, locked.clone());
            }
            // The library the Debian package carries, at its upstream version.
            if let Some(upstream) = debian::library(&dependency.name, Some(source))
                .and_then(|library| debian::upstream(library, Some(&dependency.version)))
            {
                for held in
                    self.by_name.get(&(upstream.ecosystem, upstream.name.clone())).into_iter().flatten()
                {
                    add(held, upstream.clone());
                }
            }
        }
        let mut findings: Vec<Finding> =
            matches.iter().map(|(held, as_locked)| finding(held, as_locked, &locked, advisories)).collect();
        for (finding, (held, as_locked)) in findings.iter_mut().zip(&matches) {
            // What the rows that measure the package the same way know of its other releases.
            let known: Vec<Known> = matches
                .iter()
                .filter(|(other, _)| same_measure(held, other, &matches))
                .flat_map(|(other, _)| releases(other))
                .collect();
            finding.upgrade = upgrade(held.package.ecosystem, as_locked, finding, &known);
        }
        for (at, (held, _)) in matches.iter().enumerate() {
            findings[at].variant = opt_in(held, &matches);
        }
        // A row that measured the locked release says it; the others measured other releases,
        // which the upgrade already draws on.
        if findings.iter().any(|f| f.exact_release) {
            findings.retain(|f| f.exact_release);
        }
        findings.sort_by_key(Finding::severity);
        Audited { dependency: dependency.clone(), findings }
    }
}

/// What one row says of the locked release (`as_locked`: the locked release in the row's package's
/// ecosystem).
fn finding(
    held: &Held,
    as_locked: &Package,
    locked: &Package,
    advisories: Option<&dyn AdvisoryLookup>,
) -> Finding {
    let record = held.record;
    let result = record.result.as_ref().expect("the atlas holds measured records");
    let ecosystem = held.package.ecosystem;
    let wanted = as_locked.version.as_deref().unwrap_or_default();
    let measured = held.package.version.as_deref();
    let same = |other: &str| version::compare(ecosystem, wanted, other) == Some(Ordering::Equal);
    let (outcome, depth, phrase) = answer(result);
    let mut finding = Finding {
        row: record.key(),
        release_measured: measured.map(str::to_string),
        exact_release: measured.is_some_and(same),
        outcome,
        depth,
        advisories: advisories.map(|lookup| lookup.advisories(locked)).unwrap_or_default(),
        upgrade: None,
        history: None,
        phrase,
        variant: None,
    };
    if finding.exact_release || !is_registry_pin(held) {
        return finding;
    }
    // The row's history, where it probed the locked release or its neighbours.
    let history: Vec<&ReleaseOutcome> = record.history.iter().filter(|release| release.measured()).collect();
    if let Some(release) = history.iter().find(|release| same(&release.version)) {
        finding.release_measured = Some(release.version.clone());
        finding.exact_release = true;
        finding.outcome = release.outcome.clone();
        finding.depth = release.depth;
        finding.phrase = release.phrase();
        return finding;
    }
    let order = |release: &&&ReleaseOutcome| version::compare(ecosystem, &release.version, wanted);
    let below = history
        .iter()
        .filter(|r| order(r) == Some(Ordering::Less))
        .max_by(|a, b| compare(ecosystem, &a.version, &b.version));
    let above = history
        .iter()
        .filter(|r| order(r) == Some(Ordering::Greater))
        .min_by(|a, b| compare(ecosystem, &a.version, &b.version));
    finding.history = match (below, above) {
        (Some(a), Some(b)) if a.outcome == b.outcome => {
            Some(format!("history: {} and {} on either side both {}", a.version, b.version, a.outcome))
        }
        (Some(a), Some(b)) => {
            Some(format!("history: {} {}, {} {}", a.version, a.phrase(), b.version, b.phrase()))
        }
        _ => None,
    };
    finding
}

/// What `held`'s row builds beyond another matched row of the same package, release and
/// environment (`cargo --release, feature unbounded_depth` beside `cargo --release`).
fn opt_in(held: &Held, matches: &[(Held, Package)]) -> Option<String> {
    let mine = held.record.variant.as_deref()?;
    matches.iter().find_map(|(other, _)| {
        let same = other.record.environment == held.record.environment
            && other.package.version == held.package.version;
        let base = other.record.variant.as_deref().unwrap_or("");
        let extra = mine.strip_prefix(base)?.trim_start_matches([',', ' ']);
        (same && !std::ptr::eq(other.record, held.record) && !extra.is_empty()).then(|| extra.to_string())
    })
}

/// Whether two rows measure the package the same way, so that their releases' answers compare: the
/// same row in another environment; or two rows whose main package it is (their first), of one
/// library (its name without versions and notes: `toml 0.5` and `toml 0.8 (toml_edit)`), of the same
/// format, neither a service, that never answered differently at the same release (PyYAML's default
/// loader and its CSafeLoader did, at 6.0 and at 6.0.4: clean errors at 495 and 1,001).
fn same_measure(held: &Held, other: &Held, matches: &[(Held, Package)]) -> bool {
    let (a, b) = (held.record, other.record);
    if a.id == b.id {
        return true;
    }
    let main = |held: &Held| {
        held.record.packages.first().is_some_and(|first| {
            std::ptr::eq(first, held.package)
                || first.upstream.as_deref().is_some_and(|u| std::ptr::eq(u, held.package))
        })
    };
    let library = |record: &ParserRecord| {
        let name = record.library.split('(').next().unwrap_or_default();
        name.split_whitespace()
            .filter(|word| !word.starts_with(|c: char| c.is_ascii_digit()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let differed = matches.iter().any(|(x, _)| {
        matches.iter().any(|(y, _)| {
            x.record.id == a.id
                && y.record.id == b.id
                && x.package.ecosystem == y.package.ecosystem
                && x.package.version.is_some()
                && x.package.version == y.package.version
                && x.record.result.as_ref().map(answer) != y.record.result.as_ref().map(answer)
        })
    });
    main(held)
        && main(other)
        && library(a) == library(b)
        && a.format == b.format
        && a.service.is_none()
        && b.service.is_none()
        && !differed
}

/// Whether the row's package is its registry pin, the package its history probed.
fn is_registry_pin(held: &Held) -> bool {
    matches!(held.package.ecosystem, Ecosystem::CratesIo | Ecosystem::Npm | Ecosystem::PyPI)
        && held.package.upstream.is_none()
}

fn compare(ecosystem: Ecosystem, a: &str, b: &str) -> Ordering {
    version::compare(ecosystem, a, b).unwrap_or(Ordering::Equal)
}

/// The outcome word, depth and phrase of a main probe.
fn answer(result: &ProbeResult) -> (String, Option<u64>, String) {
    let word = class_of(result).text().to_string();
    let (depth, how) = match result.finding() {
        Found::FailsAt(depth, failure) => (Some(depth), failure.summary()),
        Found::Flattened(depth) => (Some(depth), word.clone()),
        Found::Slow(depth, _) => match result.crash_beyond_slow() {
            Some((crash, failure)) => (Some(crash), failure.summary()),
            None => (Some(depth), word.clone()),
        },
        _ => (None, word.clone()),
    };
    let phrase = match depth {
        Some(depth) => format!("{how} at {}", thousands(depth)),
        None => how,
    };
    (word, depth, phrase)
}

/// A release some row knows an answer for: its ecosystem, version, outcome word and phrase.
type Known = (Ecosystem, String, String, String);

/// Every release the row knows an answer for.
fn releases(held: &Held) -> Vec<Known> {
    let ecosystem = held.package.ecosystem;
    let mut known = Vec::new();
    if let (Some(version), Some(result)) = (&held.package.version, &held.record.result) {
        let (word, _, phrase) = answer(result);
        known.push((ecosystem, version.clone(), word, phrase));
    }
    if is_registry_pin(held) {
        for release in held.record.history.iter().filter(|release| release.measured()) {
            known.push((ecosystem, release.version.clone(), release.outcome.clone(), release.phrase()));
        }
    }
    known
}

/// The first release after the locked one whose answer differs from it, among the releases the
/// rows of this package know: `toml 0.5.11 → 0.8.23: clean error at 80 instead of crash (SIGABRT) at 14,559`.
fn upgrade(ecosystem: Ecosystem, as_locked: &Package, finding: &Finding, known: &[Known]) -> Option<String> {
    if !finding.exact_release {
        return None;
    }
    let locked = as_locked.version.as_deref()?;
    known
        .iter()
        .filter(|(of, ..)| *of == ecosystem)
        .filter(|(_, version, ..)| version::compare(ecosystem, version, locked) == Some(Ordering::Greater))
        .filter(|(_, _, word, _)| *word != finding.outcome)
        .min_by(|a, b| compare(ecosystem, &a.1, &b.1))
        .map(|(_, version, _, phrase)| {
            format!("{} {locked} → {version}: {phrase} instead of {}", as_locked.name, finding.phrase)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Advisories as src/advisories/ will give them: here one id for toml before 0.5.11's fix.
    struct OneAdvisory;

    impl AdvisoryLookup for OneAdvisory {
        fn advisories(&self, package: &Package) -> Vec<String> {
            let affected = package.name == "toml"
                && version::compare(package.ecosystem, package.version.as_deref().unwrap_or("0"), "0.5.12")
                    == Some(Ordering::Less);
            if affected {
                vec!["TEST-2026-0001".to_string()]
            } else {
                Vec::new()
            }
        }
    }

    fn dependency(name: &str, version: &str) -> Dependency {
        let package = Package::new(Ecosystem::CratesIo, name, Some(version));
        Dependency {
            ecosystem: package.ecosystem,
            purl: package.purl(),
            name: package.name,
            version: version.into(),
            file: "Cargo.lock".into(),
            line: 1,
            source: None,
        }
    }

    #[test]
    fn the_advisory_seam_names_the_ids_that_affect_the_locked_release() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/audit/atlas.json");
        let results = Results::load(&path).unwrap();
        let atlas = Atlas::new(&results);
        let old = atlas.audit(&dependency("toml", "0.5.11"), Some(&OneAdvisory));
        assert_eq!(old.findings[0].advisories, ["TEST-2026-0001"]);
        let new = atlas.audit(&dependency("toml", "0.8.23"), Some(&OneAdvisory));
        assert!(new.findings[0].advisories.is_empty());
        // Without a lookup (the app until src/advisories/ is wired), none.
        assert!(atlas.audit(&dependency("toml", "0.5.11"), None).findings[0].advisories.is_empty());
        // A package the atlas does not hold has no finding.
        assert!(atlas.audit(&dependency("left-pad", "1.0.0"), None).findings.is_empty());
    }
}
