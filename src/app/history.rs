//! `history`: a row's library at its published releases, the releases that changed how it fails
//! named, and the row's `history` in results.json replaced by what was found.

use anyhow::{bail, Context, Result};

use super::exit::Ending;
use super::host_context::rows_python;
use crate::catalog::{Catalog, Entry};
use crate::cli::options::HistoryCommand;
use crate::cli::{Format, HistoryArgs};
use crate::lock::{Folder, FolderLock};
use crate::registry::{in_publication_order, Client, Package, Registry, Release};
use crate::report::regenerate;
use crate::results::releases::{changed_versions, ReleaseOutcome, NOT_BUILT};
use crate::results::{write_atomically, Results};
use crate::run::history::{search, HistoryOptions};
use crate::run::measure::MeasureOptions;
use crate::ui::{messages, stdout};

pub fn history(args: &HistoryArgs) -> Result<Ending> {
    let command = args.command();
    let catalog = Catalog::load(&command.catalog)?;
    let (entry, package) = match the_row(&catalog, &command) {
        Ok(row) => row,
        Err(usage) => return Ok(Ending::Usage(usage)),
    };
    let _out = FolderLock::acquire(&command.out, Folder::Out)?;
    let _build = FolderLock::acquire(&command.build_dir, Folder::Build)?;
    let results_path = command.out.join("results.json");
    let mut results = Results::load(&results_path).with_context(|| {
        format!("a history is kept in a row's record: run `nestprobe run --only {}` first", entry.key())
    })?;
    let key = entry.key();
    let Some(record) = results.parsers.iter().position(|record| record.key() == key) else {
        bail!("{} has no record of {key}: run `nestprobe run --only {key}` first", results_path.display());
    };
    let published = Client::from_env().releases(package.registry, &package.name)?;
    let releases = match in_publication_order(package, &published, command.since.as_deref()) {
        Ok(releases) if releases.is_empty() => bail!("{} has no release to search", package.name),
        Ok(releases) => releases,
        Err(usage) => return Ok(Ending::Usage(usage)),
    };
    messages::info(format_args!(
        "{key}: {} releases of {} to search, {} to {}",
        releases.len(),
        package.name,
        releases[0].version,
        releases[releases.len() - 1].version
    ));
    // pip installs no release whose Requires-Python refuses the rows' interpreter: those are not
    // built (said why), and not searched.
    let python = (package.registry == Registry::Pypi).then(rows_python).flatten();
    let installs =
        |release: &Release| python.as_ref().is_none_or(|python| release.installs_on_python(python));
    let installable: Vec<Release> = releases.iter().filter(|release| installs(release)).cloned().collect();
    if installable.is_empty() {
        bail!("no release of {} to search installs on the rows' Python", package.name);
    }
    let searched = search(&catalog, entry, &installable, &options(&command))?;
    let history = with_uninstallable(searched.history, &releases, python.as_ref());
    match command.format {
        Format::Json => stdout::json(&history)?,
        Format::Text => print_timeline(&history)?,
    }
    let changed = changed_versions(&history);
    messages::info(format_args!(
        "probed {} of {} releases; {}",
        searched.probes,
        releases.len(),
        match changed.as_slice() {
            [] => "none changed how it fails".to_string(),
            changed => format!("changed in {}", changed.join(", ")),
        }
    ));
    results.parsers[record].history = history;
    write_atomically(&results_path, &results.to_json())?;
    messages::info(format_args!("wrote {}", results_path.display()));
    messages::info(regenerate::write_all(&results, &command.out, &command.readme)?);
    Ok(Ending::Done)
}

/// `history` (of the installable releases) with every release of `releases` (publication order)
/// that pip would not install on `python` in its place, not built, with the Requires-Python it has.
fn with_uninstallable(
    history: Vec<ReleaseOutcome>,
    releases: &[Release],
    python: Option<&pep440_rs::Version>,
) -> Vec<ReleaseOutcome> {
    let Some(python) = python else { return history };
    let mut searched = history.into_iter().peekable();
    let mut all = Vec::new();
    for release in releases {
        if !release.installs_on_python(python) {
            let requires = release.requires_python.as_deref().unwrap_or("?");
            all.push(ReleaseOutcome {
                version: release.version.clone(),
                published: release.date.clone(),
                outcome: NOT_BUILT.to_string(),
                depth: None,
                shape: None,
                phase: None,
                reason: Some(format!("needs Python {requires}; the rows' is {python}")),
                changed: false,
            });
        } else if let Some(outcome) = searched.next_if(|outcome| outcome.version == release.version) {
            all.push(outcome);
        }
    }
    all
}

/// The one row the command names, and its package; a usage error otherwise.
fn the_row<'a>(catalog: &'a Catalog, command: &HistoryCommand) -> Result<(&'a Entry, &'a Package), String> {
    let rows = catalog.select(&command.row).map_err(|error| error.to_string())?;
    let entry = match rows.as_slice() {
        [entry] => *entry,
        rows => {
            let keys: Vec<String> = rows.iter().map(|entry| entry.selector()).collect();
            return Err(format!("the row is in {} environments: name one ({})", rows.len(), keys.join(", ")));
        }
    };
    let package = entry.package.as_ref().ok_or_else(|| {
        format!("{}: no `package`, so no registry releases to search (a Debian package's row)", entry.id)
    })?;
    Ok((entry, package))
}

/// One release measured at a time, its trials on every CPU, main shape only.
fn options(command: &HistoryCommand) -> HistoryOptions {
    let trials_at_once = crate::host::cpus();
    let measuring = MeasureOptions {
        trial: command.trial.clone(),
        quick: true,
        max_rss: command.trial.max_rss.resolve(trials_at_once),
        trials_at_once,
        shape: None,
        phase: None,
    };
    HistoryOptions { measuring, build_dir: command.build_dir.clone() }
}

/// One line per probed release: version, publication date, outcome, and whether it changed.
fn print_timeline(history: &[ReleaseOutcome]) -> Result<()> {
    let width = history.iter().map(|r| r.version.len()).max().unwrap_or(0).max("RELEASE".len());
    stdout::line(format_args!("{:<width$}  {:<10}  OUTCOME", "RELEASE", "PUBLISHED"))?;
    for release in history {
        // The date only: a time of day adds nothing.
        let date = release.published.as_deref().map_or("-", |date| date.get(..10).unwrap_or(date));
        let why = release.reason.as_deref().map(|why| format!(": {why}")).unwrap_or_default();
        let changed = if release.changed { "  (changed)" } else { "" };
        stdout::line(format_args!(
            "{:<width$}  {date:<10}  {}{why}{changed}",
            release.version,
            release.phrase()
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn release(version: &str, requires_python: Option<&str>) -> Release {
        Release {
            version: version.into(),
            requires_python: requires_python.map(String::from),
            ..Default::default()
        }
    }

    fn measured(version: &str) -> ReleaseOutcome {
        ReleaseOutcome {
            version: version.into(),
            published: None,
            outcome: "clean error".into(),
            depth: Some(322),
            shape: None,
            phase: None,
            reason: None,
            changed: false,
        }
    }

    #[test]
    fn releases_pip_would_not_install_are_not_built_in_their_place_saying_what_they_need() {
        let releases = [
            release("2.9", Some(">=3.8")),
            release("3.0.2", Some(">=3.11.5")),
            release("2.10", None),
            release("4.0", Some(">=3.12")),
        ];
        let python: pep440_rs::Version = "3.11.2".parse().unwrap();
        let history = with_uninstallable(vec![measured("2.9"), measured("2.10")], &releases, Some(&python));
        let lines: Vec<String> = history.iter().map(|r| format!("{} {}", r.version, r.phrase())).collect();
        assert_eq!(
            lines,
            ["2.9 clean error at 322", "3.0.2 not built", "2.10 clean error at 322", "4.0 not built"]
        );
        assert_eq!(history[1].reason.as_deref(), Some("needs Python >=3.11.5; the rows' is 3.11.2"));
        // Where the interpreter did not say its version, the history is what was searched.
        assert_eq!(with_uninstallable(vec![measured("2.9")], &releases, None).len(), 1);
    }
}
