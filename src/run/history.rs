//! `nestprobe history`: a row's library at each of its published releases, probed as few times as
//! it takes to name every release where its behaviour changed ([`bisect`]). Each release is the
//! row's program with the pin moved to it, built in a folder of its own, its main shape probed; a
//! release that cannot be built or run is said so, never taken for a limit.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use crate::catalog::{Catalog, Entry, Parser, PinnedIn};
use crate::registry::{bump, Release, Version};
use crate::report::class::class_of;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::releases::{ReleaseOutcome, NOT_BUILT, NOT_RUN};
use crate::results::sameness::same_probe;
use crate::results::Status;
use crate::run::bisect;
use crate::run::measure::{self, MeasureOptions, Prepared};
use crate::sys::interrupt::Interrupted;
use crate::ui::messages;

/// How a history search measures each release.
pub struct HistoryOptions {
    /// The main probe only (`quick`): a history compares the main shape's outcome.
    pub measuring: MeasureOptions,
    /// The run's build folder: each release builds in `history/<version>/` under it.
    pub build_dir: PathBuf,
}

/// What a search found: each probed release in publication order, and how many were probed.
pub struct Searched {
    pub history: Vec<ReleaseOutcome>,
    pub probes: usize,
}

/// A release that was not measured: its outcome word and why.
type NotMeasured = (&'static str, String);

/// Probes `entry`'s library at `releases` (oldest first) until every change is named. Fails when
/// the row cannot be measured on this machine at all (its toolchain is missing), or when
/// interrupted.
pub fn search(
    catalog: &Catalog,
    entry: &Entry,
    releases: &[Release],
    options: &HistoryOptions,
) -> Result<Searched> {
    let mut failed = None;
    let probed = bisect::search(
        releases.len(),
        |at| {
            if failed.is_some() {
                return Err((NOT_RUN, "not probed".to_string()));
            }
            match measure_release(catalog, entry, &releases[at], options) {
                Ok(measured) => measured,
                Err(error) => {
                    failed = Some(error);
                    Err((NOT_RUN, "not probed".to_string()))
                }
            }
        },
        same_outcome,
        |low, high| interleaved(entry, &releases[low..=high]),
    );
    if let Some(error) = failed {
        return Err(error);
    }
    let changed = bisect::changes(&probed, same_outcome);
    let history = probed
        .iter()
        .map(|(&at, measured)| outcome_of(entry, &releases[at], measured, changed.contains(&at)))
        .collect();
    Ok(Searched { history, probes: probed.len() })
}

/// One release of `entry`'s library built and its main shape probed (`audit --measure`), as a
/// history keeps it. Fails when the row cannot be measured on this machine at all.
pub fn measure_one(
    catalog: &Catalog,
    entry: &Entry,
    version: &str,
    options: &HistoryOptions,
) -> Result<ReleaseOutcome> {
    let release = Release { version: version.to_string(), ..Default::default() };
    let measured = measure_release(catalog, entry, &release, options)?;
    Ok(outcome_of(entry, &release, &measured, false))
}

/// Whether a release after the first of `range` (in publication order) is an older version: a
/// maintenance release of an old line among a newer line's, so the range holds two lines, each of
/// which may have changed on its own (mistune 2.1.0, published among the 3.x releases, kept the cap
/// that 3.3.0 had raised).
fn interleaved(entry: &Entry, range: &[Release]) -> bool {
    let Some(package) = &entry.package else { return false };
    let version = |release: &Release| Version::parse(package.registry, &release.version).ok();
    let Some((first, later)) = range.split_first() else { return false };
    let Some(first) = version(first) else { return false };
    later.iter().filter_map(version).any(|later| later < first)
}

/// Two releases' main probes are the same fact (`sameness`: a stack-bound boundary that moved
/// within its tolerance is the same).
fn same_outcome(a: &ProbeResult, b: &ProbeResult) -> bool {
    same_probe(a, b, false)
}

/// The row's program at `release`, built and its main shape probed: its main result, or why it was
/// not measured. An error is about the machine, not the release (no toolchain, Ctrl-C).
fn measure_release(
    catalog: &Catalog,
    entry: &Entry,
    release: &Release,
    options: &HistoryOptions,
) -> Result<Result<ProbeResult, NotMeasured>> {
    let (at_release, pinned_in) = entry.at_release(&release.version).map_err(anyhow::Error::msg)?;
    let build_root = options.build_dir.join("history").join(&release.version);
    let at_release = match pinned_in {
        PinnedIn::Build => at_release,
        PinnedIn::Lockfile => match with_lockfile_moved(catalog, entry, &at_release, &build_root)? {
            Ok(moved) => moved,
            Err(why) => return Ok(Err((NOT_BUILT, why))),
        },
    };
    let parser = Parser::new(catalog, &at_release, &build_root)?;
    messages::info(format_args!("{}: probing release {}", entry.key(), release.version));
    let prepared = measure::prepare(parser);
    if let Prepared::Unavailable(record) = &prepared {
        bail!("{}: {}", entry.key(), record.reason.as_deref().unwrap_or("cannot be measured here"));
    }
    let Some(record) = measure::measure(prepared, &options.measuring, None) else {
        return Err(Interrupted.into());
    };
    let reason = record.reason.clone().unwrap_or_default();
    Ok(match (record.status, record.result) {
        (Status::Measured, Some(result)) => Ok(result),
        (Status::BuildFailed, _) => Err((NOT_BUILT, reason)),
        (Status::Skipped, _) => bail!("{}: {reason}", entry.key()),
        _ => Err((NOT_RUN, reason)),
    })
}

/// `at_release` reading a copy of its program whose lockfile holds the release, made with the
/// registry's own tool (`npm install --package-lock-only`, `cargo update --precise`); why not, when
/// the tool refuses the release (its dependencies cannot be resolved). An error when the program
/// has no lockfile: nothing would install the release.
fn with_lockfile_moved(
    catalog: &Catalog,
    entry: &Entry,
    at_release: &Entry,
    build_root: &Path,
) -> Result<Result<Entry, String>> {
    let (Some(pinned), Some(moved)) = (&entry.package, &at_release.package) else {
        bail!("{}: the row has no `package`", entry.id)
    };
    let copied = catalog.with_program_copied(at_release, &build_root.join("program"))?;
    let program = catalog.source_dir(&copied);
    match bump::sync_lockfile(moved, &pinned.version, &program) {
        Ok(Some(_)) => Ok(Ok(copied)),
        Ok(None) => bail!(
            "{}: neither its build (through {{package}}) nor a lockfile beside its program installs {}, so no other release can be built",
            entry.id,
            pinned.requirement()
        ),
        Err(error) => Ok(Err(format!("its lockfile cannot hold {}: {error:#}", moved.requirement()))),
    }
}

/// One release as results.json keeps it.
fn outcome_of(
    entry: &Entry,
    release: &Release,
    measured: &Result<ProbeResult, NotMeasured>,
    changed: bool,
) -> ReleaseOutcome {
    let (outcome, depth, reason) = match measured {
        Ok(result) => (class_of(result).text().to_string(), depth_of(result), None),
        Err((word, why)) => (word.to_string(), None, Some(why.clone())),
    };
    // A release measured in another nesting than the format's main one refused that one.
    let shape =
        measured.as_ref().ok().map(|result| result.shape).filter(|&shape| shape != entry.format.main_shape());
    ReleaseOutcome {
        version: release.version.clone(),
        published: release.date.clone(),
        outcome,
        depth,
        shape,
        phase: None,
        reason,
        changed,
    }
}

/// The depth an outcome is at: where it failed, or how deep a flattening renderer built; none for
/// no limit and for what has no one depth.
fn depth_of(result: &ProbeResult) -> Option<u64> {
    match result.finding() {
        Finding::FailsAt(depth, _) | Finding::Flattened(depth) => Some(depth),
        Finding::Slow(..) => result.crash_beyond_slow().map(|(depth, _)| depth),
        Finding::Unstable { lowest_failing, .. } => lowest_failing,
        Finding::NoLimit | Finding::InputNotRead(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::outcome::{Failure, FailureKind};
    use crate::results::probe_result::ProbeStatus;

    fn failing(depth: u64, kind: FailureKind, signal: Option<i32>) -> ProbeResult {
        let failure = Failure {
            kind,
            exit_code: signal.is_none().then_some(1),
            signal,
            signal_name: signal.map(|_| "SIGSEGV".to_string()),
            stderr: String::new(),
            peak_rss_bytes: None,
            service: None,
        };
        ProbeResult {
            status: ProbeStatus::Exact,
            min_failing_depth: Some(depth),
            max_accepted_depth: Some(depth - 1),
            failure: Some(failure),
            ..Default::default()
        }
    }

    fn entry() -> Entry {
        toml::from_str("id = \"p\"\nlanguage = \"C\"\nlibrary = \"p\"\nrun = [\"p\"]\nversion = \"true\"\n")
            .unwrap()
    }

    fn release(version: &str) -> Release {
        Release { version: version.into(), date: Some("2026-11-06T00:00:00Z".into()), ..Default::default() }
    }

    #[test]
    fn a_release_keeps_its_outcome_word_and_depth_or_why_it_was_not_measured() {
        let crash =
            outcome_of(&entry(), &release("3.0.6"), &Ok(failing(2023, FailureKind::Crash, Some(11))), false);
        assert_eq!((crash.outcome.as_str(), crash.depth, crash.changed), ("crash", Some(2023), false));
        assert_eq!(crash.published.as_deref(), Some("2026-11-06T00:00:00Z"));
        let limit =
            outcome_of(&entry(), &release("3.0.9"), &Ok(failing(102, FailureKind::Error, None)), true);
        assert_eq!((limit.phrase().as_str(), limit.changed), ("clean error at 102", true));
        let no_limit =
            ProbeResult { status: ProbeStatus::Exact, max_accepted_depth: Some(1000), ..Default::default() };
        let iterative = outcome_of(&entry(), &release("7.3.0"), &Ok(no_limit), true);
        assert_eq!((iterative.outcome.as_str(), iterative.depth), ("no limit", None));
        // Measured in mappings: the release refused arrays in arrays.
        let mappings =
            ProbeResult { shape: crate::payload::Shape::Object, ..failing(51, FailureKind::Error, None) };
        let refused_arrays = outcome_of(&entry(), &release("2.0.0"), &Ok(mappings), true);
        assert_eq!(refused_arrays.phrase(), "clean error at 51 in Objects");
        assert_eq!(limit.shape, None, "the format's main nesting is not named");
        let broken =
            outcome_of(&entry(), &release("1.0.0"), &Err((NOT_BUILT, "`build` exited with 1".into())), false);
        assert_eq!(
            (broken.outcome.as_str(), broken.reason.as_deref()),
            (NOT_BUILT, Some("`build` exited with 1"))
        );
    }

    #[test]
    fn a_stack_bound_boundary_that_moved_within_its_tolerance_is_no_change() {
        let crash = |depth| failing(depth, FailureKind::Crash, Some(11));
        assert!(same_outcome(&crash(2023), &crash(2024)));
        assert!(!same_outcome(&crash(2023), &crash(1379)));
        assert!(!same_outcome(&crash(2023), &failing(2023, FailureKind::Error, None)));
    }

    #[test]
    fn a_range_is_interleaved_where_an_older_version_follows_its_first_release() {
        let mut entry: Entry = toml::from_str(
            "id = \"p\"\nlanguage = \"Python\"\nlibrary = \"mistune\"\nrun = [\"p\"]\nversion = \"true\"\n\
             package = { registry = \"pypi\", name = \"mistune\", version = \"3.4.0\" }\n",
        )
        .unwrap();
        let releases: Vec<Release> = ["3.1.4", "3.3.0", "2.1.0", "3.3.1"].into_iter().map(release).collect();
        assert!(interleaved(&entry, &releases));
        assert!(interleaved(&entry, &releases[1..3]));
        assert!(!interleaved(&entry, &releases[..2]));
        assert!(!interleaved(&entry, &releases[2..]));
        entry.package = None;
        assert!(!interleaved(&entry, &releases));
    }
}
