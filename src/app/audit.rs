//! `audit`: the dependencies a project locks, against the atlas: read each file, match each
//! release, measure the ones asked for (`--measure`), write the table, JSON or SARIF (and JUnit),
//! and fail on the outcomes named.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::exit::Ending;
use crate::audit::matcher::{Atlas, Audited};
use crate::audit::output::{self, Gate};
use crate::audit::published::Published;
use crate::audit::{self, Dependency};
use crate::catalog::{packages, Catalog};
use crate::cli::{AuditArgs, AuditFormat};
use crate::package::Ecosystem;
use crate::results::releases::ReleaseOutcome;
use crate::results::{write_atomically, Results};
use crate::run::history::{measure_one, HistoryOptions};
use crate::run::measure::MeasureOptions;
use crate::ui::{messages, stdout};

/// The variable naming the atlas `audit` reads.
const RESULTS_VARIABLE: &str = "NESTPROBE_RESULTS";

pub fn audit(args: &AuditArgs) -> Result<Ending> {
    let files = audit::inputs(&args.paths)?;
    let mut dependencies: Vec<Dependency> = Vec::new();
    for file in &files {
        dependencies.extend(audit::read(file)?);
    }
    let results_path = results_path(args.results.as_deref());
    let mut results = Results::load(&results_path)
        .with_context(|| format!("the atlas {} (--results)", results_path.display()))?;
    let catalog_path = args.catalog.clone().unwrap_or_else(|| beside(&results_path, "parsers/catalog.toml"));
    let catalog = catalog_path.exists().then(|| Catalog::load(&catalog_path)).transpose()?;
    // A results.json written before records named their packages: the catalog names them.
    if let Some(catalog) = &catalog {
        if results.parsers.iter().all(|record| record.packages.is_empty()) {
            packages::fill(catalog, &mut results);
        }
    }
    if args.measure {
        let catalog = catalog.as_ref().with_context(|| {
            format!("--measure builds the rows' programs: no catalog at {}", catalog_path.display())
        })?;
        measure(args, catalog, &mut results, &dependencies)?;
    }
    let atlas = Atlas::new(&results);
    // The published advisories beside the catalog name themselves beside each locked release
    // they affect (none without a catalog).
    let advisories =
        catalog.as_ref().map(crate::advisories::attach::load_for).transpose()?.unwrap_or_default();
    let published = Published(&advisories);
    let audited: Vec<Audited> =
        dependencies.iter().map(|dependency| atlas.audit(dependency, Some(&published))).collect();
    let (held, not_held): (Vec<Audited>, Vec<Audited>) =
        audited.into_iter().partition(|a| !a.findings.is_empty());
    match args.format {
        AuditFormat::Text => stdout::text(&output::text(&held, not_held.len(), dependencies.len()))?,
        AuditFormat::Json => stdout::text(&output::json(&held, not_held.len()))?,
        AuditFormat::Sarif => stdout::text(&output::sarif(&held))?,
    }
    let gate = Gate { fail_on: args.fail_on.clone(), min_depth: args.min_depth };
    if let Some(junit) = &args.junit {
        write_atomically(junit, &output::junit(&held, &gate))?;
        messages::info(format_args!("wrote {}", junit.display()));
    }
    let violations = gate.violations(&held);
    Ok(if violations.is_empty() { Ending::Done } else { Ending::ExpectationsFailed(violations) })
}

/// `--results`, else `$NESTPROBE_RESULTS`, else the atlas of the checkout nestprobe was built
/// from (`cargo install --path`, the Action), else ./results.json.
fn results_path(given: Option<&Path>) -> PathBuf {
    if let Some(given) = given {
        return given.to_path_buf();
    }
    if let Some(named) = std::env::var_os(RESULTS_VARIABLE).filter(|v| !v.is_empty()) {
        return PathBuf::from(named);
    }
    let built_beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("results.json");
    if built_beside.is_file() {
        return built_beside;
    }
    PathBuf::from("results.json")
}

fn beside(results: &Path, relative: &str) -> PathBuf {
    results.parent().unwrap_or(Path::new(".")).join(relative)
}

/// The file under the build folder that keeps what `--measure` measured: row key → releases.
const CACHE: &str = "audit-measured.json";

/// Measures each locked npm, PyPI or crates.io release that a row of its package pins but neither
/// it nor its history measured, and adds it to that row's history (cached: measured once).
fn measure(
    args: &AuditArgs,
    catalog: &Catalog,
    results: &mut Results,
    dependencies: &[Dependency],
) -> Result<()> {
    let cache_path = args.build.build_dir.join(CACHE);
    let mut cache: BTreeMap<String, Vec<ReleaseOutcome>> = match std::fs::read_to_string(&cache_path) {
        Ok(text) => serde_json::from_str(&text).with_context(|| format!("{}", cache_path.display()))?,
        Err(_) => BTreeMap::new(),
    };
    let trials_at_once = crate::host::cpus();
    let trial = args.trial.options();
    let measuring = MeasureOptions {
        max_rss: trial.max_rss.resolve(trials_at_once),
        trial,
        quick: true,
        trials_at_once,
        shape: None,
        phase: None,
    };
    let options = HistoryOptions { measuring, build_dir: args.build.build_dir.join("audit") };
    let registry = |ecosystem| matches!(ecosystem, Ecosystem::CratesIo | Ecosystem::Npm | Ecosystem::PyPI);
    for dependency in dependencies.iter().filter(|d| registry(d.ecosystem)) {
        let package = dependency.package();
        for entry in &catalog.entries {
            let Some(pin) = &entry.package else { continue };
            let pinned = crate::package::Package::new(packages::ecosystem_of(pin.registry), &pin.name, None);
            if pinned != package.unversioned() {
                continue;
            }
            let key = entry.key();
            let Some(record) = results.parsers.iter_mut().find(|record| record.key() == key) else {
                continue;
            };
            let known = |release: &ReleaseOutcome| {
                crate::package::version::compare(dependency.ecosystem, &release.version, &dependency.version)
                    == Some(std::cmp::Ordering::Equal)
            };
            let at_pin = record.packages.first().and_then(|p| p.version.as_deref()).is_some_and(|v| {
                crate::package::version::compare(dependency.ecosystem, v, &dependency.version)
                    == Some(std::cmp::Ordering::Equal)
            });
            if at_pin || record.history.iter().any(|release| release.measured() && known(release)) {
                continue;
            }
            let cached = cache.entry(key.clone()).or_default();
            let outcome = match cached.iter().find(|release| known(release)) {
                Some(outcome) => outcome.clone(),
                None => {
                    messages::info(format_args!(
                        "{key}: measuring {} {}",
                        dependency.name, dependency.version
                    ));
                    let outcome = measure_one(catalog, entry, &dependency.version, &options)?;
                    cached.push(outcome.clone());
                    std::fs::create_dir_all(&args.build.build_dir)?;
                    write_atomically(&cache_path, &serde_json::to_string_pretty(&cache)?)?;
                    outcome
                }
            };
            messages::info(format_args!(
                "{key}: {} {}: {}",
                dependency.name,
                dependency.version,
                outcome.phrase()
            ));
            record.history.push(outcome);
        }
    }
    Ok(())
}
