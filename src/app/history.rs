//! `history`: a row's library at its published releases, the releases that changed how it fails
//! named, and the row's `history` in results.json replaced by what was found.

use anyhow::{bail, Context, Result};

use super::exit::Ending;
use crate::catalog::{Catalog, Entry};
use crate::cli::options::HistoryCommand;
use crate::cli::{Format, HistoryArgs};
use crate::lock::{Folder, FolderLock};
use crate::registry::{in_publication_order, Client, Package};
use crate::report::regenerate;
use crate::results::releases::{changed_versions, ReleaseOutcome};
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
    let searched = search(&catalog, entry, &releases, &options(&command))?;
    let history = searched.history;
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
