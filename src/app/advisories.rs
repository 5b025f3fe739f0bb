//! `advisories`: the published nesting advisories with their rows and verdicts (text or JSON), and
//! with `--measure` the last affected and first fixed release of each registry advisory measured
//! with its row's program, kept in the row's record in results.json.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Context, Result};
use serde::Serialize;

use super::exit::Ending;
use super::host_context::rows_python;
use crate::advisories::attach::{load_for, verdicts};
use crate::advisories::{pick, Advisory};
use crate::catalog::{Catalog, Entry};
use crate::cli::options::AdvisoriesCommand;
use crate::cli::{AdvisoriesArgs, Format};
use crate::lock::{Folder, FolderLock};
use crate::registry::{Client, Release};
use crate::report::regenerate;
use crate::results::advisory::{AdvisoryRecord, MeasuredRelease};
use crate::results::releases::{ReleaseOutcome, NOT_BUILT};
use crate::results::{write_atomically, Results};
use crate::run::history::{measure_one, HistoryOptions};
use crate::run::measure::MeasureOptions;
use crate::ui::{messages, stdout};

pub fn advisories(args: &AdvisoriesArgs) -> Result<Ending> {
    let command = args.command();
    let catalog = Catalog::load(&command.catalog)?;
    let all = load_for(&catalog)?;
    let chosen: Vec<&Advisory> = match &command.which {
        None => all.iter().collect(),
        Some(which) => {
            let named = |a: &&Advisory| a.id == *which || a.aliases.contains(which) || a.rows.contains(which);
            let chosen: Vec<&Advisory> = all.iter().filter(named).collect();
            if chosen.is_empty() {
                return Ok(Ending::Usage(format!(
                    "no advisory has the id or alias `{which}`, and no row `{which}` has an advisory"
                )));
            }
            chosen
        }
    };
    let results_path = command.out.join("results.json");
    if command.measure {
        let _out = FolderLock::acquire(&command.out, Folder::Out)?;
        let _build = FolderLock::acquire(&command.build_dir, Folder::Build)?;
        let mut results = Results::load(&results_path).with_context(|| {
            "the releases an advisory is measured at are kept in its row's record: run `nestprobe run --only ROW` first".to_string()
        })?;
        for advisory in &chosen {
            measure(&catalog, advisory, &mut results, &command)?;
        }
        crate::advisories::attach::attach(&mut results, &all, &catalog);
        write_atomically(&results_path, &results.to_json())?;
        messages::info(format_args!("wrote {}", results_path.display()));
        messages::info(regenerate::write_all(&results, &command.out, &command.readme)?);
    }
    let (mut parsers, environments) = match Results::load_if_exists(&results_path)? {
        Some(results) => (results.parsers, results.environments),
        None => (Vec::new(), BTreeMap::new()),
    };
    let records = verdicts(&mut parsers, &environments, &all, &catalog);
    let shown: Vec<&AdvisoryRecord> =
        records.iter().filter(|record| chosen.iter().any(|advisory| advisory.id == record.id)).collect();
    match command.format {
        Format::Json => {
            stdout::json(&Listing { advisories: shown.iter().map(|record| Listed::of(record)).collect() })?
        }
        Format::Text => print_text(&shown)?,
    }
    Ok(Ending::Done)
}

/// `--format json`: `{"advisories": [...]}`.
#[derive(Serialize)]
struct Listing<'a> {
    advisories: Vec<Listed<'a>>,
}

#[derive(Serialize)]
struct Listed<'a> {
    id: &'a str,
    aliases: &'a [String],
    package: &'a str,
    ecosystem: &'a str,
    fixed: Option<&'a str>,
    rows: &'a [String],
    verdict: &'static str,
    affected_release: Option<Side<'a>>,
    fixed_release: Option<Side<'a>>,
    source: &'a str,
}

#[derive(Serialize)]
struct Side<'a> {
    version: &'a str,
    outcome: &'a str,
    depth: Option<u64>,
}

impl<'a> Listed<'a> {
    fn of(record: &'a AdvisoryRecord) -> Listed<'a> {
        let side = |release: &'a Option<MeasuredRelease>| {
            release.as_ref().map(|r| Side { version: &r.version, outcome: &r.outcome, depth: r.depth })
        };
        Listed {
            id: &record.id,
            aliases: &record.aliases,
            package: &record.package,
            ecosystem: &record.ecosystem,
            fixed: record.fixed.as_deref(),
            rows: &record.rows,
            verdict: record.verdict.text(),
            affected_release: side(&record.affected_release),
            fixed_release: side(&record.fixed_release),
            source: &record.source,
        }
    }
}

fn print_text(records: &[&AdvisoryRecord]) -> Result<()> {
    for record in records {
        let fixed = record.fixed.as_deref().map_or("no fix".to_string(), |fixed| format!("fixed in {fixed}"));
        let rows = if record.rows.is_empty() { "no row".to_string() } else { record.rows.join(", ") };
        stdout::line(format_args!(
            "{}  {} ({}), {fixed}; {rows}",
            record.id, record.package, record.ecosystem
        ))?;
        stdout::line(format_args!("  {}: {}", record.verdict, record.why))?;
        stdout::line(format_args!("  {}", record.source))?;
    }
    Ok(())
}

/// The advisory's last affected and first fixed release measured with each of its rows that
/// installs its library from the advisory's registry (the row's first environment), each kept in
/// the row's record as it is measured. A release measured before in the same shape is kept.
fn measure(
    catalog: &Catalog,
    advisory: &Advisory,
    results: &mut Results,
    command: &AdvisoriesCommand,
) -> Result<()> {
    // A release is measured by its main probe in the advisory's shape, running the advisory's phase
    // after the parse where it names one (a serializer's), as the row's phase probe does.
    let phase = advisory.later_phase();
    for row in &advisory.rows {
        let Some(entry) = catalog.entries.iter().find(|entry| entry.id == *row) else { continue };
        if let Some(phase) = phase.filter(|phase| !entry.phases.contains(phase)) {
            messages::info(format_args!(
                "{}: {row}'s program runs no {} phase: not measured at other releases",
                advisory.id,
                phase.name()
            ));
            continue;
        }
        let Some(package) = &entry.package else {
            messages::info(format_args!(
                "{}: {row} installs no registry package: nothing to measure",
                advisory.id
            ));
            continue;
        };
        let ecosystem = pick::ecosystem_of(package.registry);
        if !advisory.affected.iter().any(|affected| affected.ecosystem == ecosystem)
            || advisory.payload().is_none_or(|(format, _)| entry.format != format)
        {
            messages::info(format_args!(
                "{}: {row} is not measured ({ecosystem} package, {} payloads)",
                advisory.id,
                entry.format.name()
            ));
            continue;
        }
        let Some(at) = results.parsers.iter().position(|record| record.key() == entry.key()) else {
            messages::warn(format_args!(
                "{}: no record of {} in results.json: run `nestprobe run --only {}` first",
                advisory.id,
                entry.key(),
                entry.key()
            ));
            continue;
        };
        let published = Client::from_env().releases(package.registry, &package.name)?;
        let python = (package.registry == crate::registry::Registry::Pypi).then(rows_python).flatten();
        let installs =
            |release: &Release| python.as_ref().is_none_or(|python| release.installs_on_python(python));
        let installable: Vec<Release> =
            published.iter().filter(|release| installs(release)).cloned().collect();
        let (affected, fixed) = pick::sides(advisory, package.registry, &package.name, &installable);
        if affected.is_none() {
            messages::warn(format_args!(
                "{}: no affected release of {} installs here",
                advisory.id, package.name
            ));
        }
        for release in [affected, fixed].into_iter().flatten() {
            measure_release(
                catalog,
                entry,
                advisory,
                &release,
                &mut results.parsers[at].advisory_releases,
                command,
            )?;
            write_atomically(&command.out.join("results.json"), &results.to_json())?;
        }
    }
    Ok(())
}

fn measure_release(
    catalog: &Catalog,
    entry: &Entry,
    advisory: &Advisory,
    release: &Release,
    kept: &mut Vec<ReleaseOutcome>,
    command: &AdvisoriesCommand,
) -> Result<()> {
    let Some((_, shape)) = advisory.payload() else { return Ok(()) };
    let phase = advisory.later_phase();
    let in_shape = |outcome: &ReleaseOutcome| {
        outcome.shape.unwrap_or(entry.format.main_shape()) == shape && outcome.phase == phase
    };
    if kept.iter().any(|outcome| {
        outcome.version == release.version && in_shape(outcome) && outcome.outcome != NOT_BUILT
    }) {
        messages::info(format_args!(
            "{}: {} {} measured before: kept",
            advisory.id,
            entry.key(),
            release.version
        ));
        return Ok(());
    }
    let trials_at_once = crate::host::cpus();
    let options = HistoryOptions {
        measuring: MeasureOptions {
            trial: command.trial.clone(),
            quick: true,
            max_rss: command.trial.max_rss.resolve(trials_at_once),
            trials_at_once,
            shape: Some(shape),
            phase,
        },
        build_dir: command.build_dir.join("advisories"),
    };
    let mut outcome = measure_one(catalog, entry, &release.version, &options)?;
    outcome.phase = phase;
    outcome.reason = outcome.reason.map(|reason| without_machine_paths(&reason, &command.build_dir));
    messages::info(format_args!(
        "{}: {} {}: {}",
        advisory.id,
        entry.key(),
        release.version,
        outcome.phrase()
    ));
    kept.retain(|other| !(other.version == release.version && in_shape(other)));
    kept.push(outcome);
    Ok(())
}

/// A release's reason (a build's error line, a lockfile tool's command) without this machine's
/// paths, which results.json must not hold: the build folder, as given and as resolved, is
/// `{build}`; a staging folder (`/tmp/nestprobe-` and 8 hex digits) is `{stage}`.
fn without_machine_paths(text: &str, build_dir: &Path) -> String {
    let mut folders = vec![build_dir.to_string_lossy().into_owned()];
    if let Ok(real) = std::fs::canonicalize(build_dir) {
        folders.push(real.to_string_lossy().into_owned());
    }
    if let Ok(cwd) = std::env::current_dir() {
        folders.push(cwd.join(build_dir).to_string_lossy().into_owned());
    }
    folders.retain(|folder| folder.starts_with('/') && folder.len() > 1);
    // A longer path first: the resolved one may hold the given one.
    folders.sort_by_key(|folder| std::cmp::Reverse(folder.len()));
    let mut text =
        folders.iter().fold(text.to_string(), |text, folder| text.replace(folder.as_str(), "{build}"));
    const STAGE: &str = "/tmp/nestprobe-";
    while let Some(at) = text.find(STAGE) {
        let digits = text[at + STAGE.len()..].chars().take_while(char::is_ascii_hexdigit).count();
        text.replace_range(at..at + STAGE.len() + digits, "{stage}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_names_no_folder_of_this_machine() {
        let build = std::env::temp_dir().join(format!("nestprobe-reason-{}", std::process::id()));
        std::fs::create_dir_all(&build).unwrap();
        let reason = format!(
            "`build` exited with exit status: 101: error: failed to read /tmp/nestprobe-0f3cb944/rust-prost/src/main.rs (full log: {}/advisories/history/0.5.0/rust-prost/build.log)",
            build.display()
        );
        let redacted = without_machine_paths(&reason, &build);
        assert_eq!(
            redacted,
            "`build` exited with exit status: 101: error: failed to read {stage}/rust-prost/src/main.rs (full log: {build}/advisories/history/0.5.0/rust-prost/build.log)"
        );
        assert!(!redacted.contains("/tmp/") && !redacted.contains("/work/"), "{redacted}");
        // A relative build folder is left as the user named it: it holds no machine's path.
        assert_eq!(without_machine_paths("see build/x.log", Path::new("build")), "see build/x.log");
        std::fs::remove_dir_all(&build).unwrap();
    }
}
