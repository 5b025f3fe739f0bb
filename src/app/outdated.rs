//! `outdated`: each pinned row's release against its registry's newest, as `cargo outdated` and
//! `npm outdated` show them; `--bump` moves the pins that are behind to the newest in their series.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};
use serde::Serialize;

use super::exit::Ending;
use super::host_context::rows_python;
use crate::catalog::{Catalog, Entry, Selector, FILE_NAME};
use crate::cli::{Format, OutdatedArgs};
use crate::registry::{bump, Client, Newest, Package, Registry, Release, Version};
use crate::ui::{messages, stdout};

/// Registry requests at once: the catalog pins about fifty packages.
const CONNECTIONS: usize = 8;

/// One row's pin and what its registry has.
#[derive(Serialize)]
struct Line<'a> {
    id: &'a str,
    registry: &'static str,
    name: &'a str,
    pinned: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    series: Option<&'a str>,
    newest_in_series: Option<String>,
    newest: Option<String>,
    /// The newest release's publication date, as the registry gives it (shown, never compared).
    newest_date: Option<String>,
    /// Behind the newest release in its series, or pinned to a withdrawn one (yanked, deprecated)
    /// while its series has another: the pin moves there, even to a lower version, as pip would.
    behind: bool,
    /// The pinned release was withdrawn after it was pinned.
    pinned_withdrawn: bool,
    /// Behind by a major line (or a 0.x series) or more, counting every release.
    major_behind: bool,
    /// The newer release in its series that pip cannot install on the rows' Python, and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    held_back: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

pub fn outdated(args: &OutdatedArgs) -> Result<Ending> {
    let catalog = Catalog::load(&args.catalog.catalog)?;
    let rows = pinned_rows(&catalog, &args.rows.selector())?;
    let answers = fetch_all(&Client::from_env(), &rows);
    let python =
        rows.iter().any(|(_, package)| package.registry == Registry::Pypi).then(rows_python).flatten();
    let lines: Vec<Line> =
        rows.iter().map(|(entry, package)| line(entry, package, &answers, python.as_ref())).collect();
    match args.output.format {
        Format::Json => stdout::json(&lines)?,
        Format::Text => print_table(&lines)?,
    }
    let behind = lines.iter().filter(|line| line.behind).count();
    let summary =
        format!("{behind} of {} rows behind their registry's newest release in their series", lines.len());
    match args.output.format {
        Format::Text => stdout::line(&summary)?,
        Format::Json => messages::info(&summary),
    }
    let errors = lines.iter().filter(|line| line.error.is_some()).count();
    let mut failures = Vec::new();
    if args.bump {
        failures = bump_pins(&catalog, &rows, &lines)?;
    }
    if errors > 0 {
        failures.insert(
            0,
            format!("{errors} of {} rows could not be checked (their lines say why)", lines.len()),
        );
    }
    Ok(if failures.is_empty() { Ending::Done } else { Ending::Failed(anyhow!(failures.join("; "))) })
}

/// The selected rows that pin a package, once each (a row in several environments is one pin).
fn pinned_rows<'a>(catalog: &'a Catalog, only: &Selector) -> Result<Vec<(&'a Entry, &'a Package)>> {
    let mut seen = HashSet::new();
    Ok(catalog
        .select(only)?
        .into_iter()
        .filter(|entry| seen.insert(entry.id.as_str()))
        .filter_map(|entry| Some((entry, entry.package.as_ref()?)))
        .collect())
}

type Answers = HashMap<(Registry, String), Result<Vec<Release>, String>>;

/// Every package's releases, each asked for once, a few requests at a time.
fn fetch_all(client: &Client, rows: &[(&Entry, &Package)]) -> Answers {
    let mut wanted: Vec<(Registry, String)> =
        rows.iter().map(|(_, package)| (package.registry, package.name.clone())).collect();
    wanted.sort_by(|a, b| (a.0.name(), &a.1).cmp(&(b.0.name(), &b.1)));
    wanted.dedup();
    let fetch = |(registry, name): &(Registry, String)| {
        let releases = client.releases(*registry, name).map_err(|error| format!("{error:#}"));
        ((*registry, name.clone()), releases)
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..CONNECTIONS)
            .map(|worker| {
                let mine: Vec<&(Registry, String)> =
                    wanted.iter().skip(worker).step_by(CONNECTIONS).collect();
                scope.spawn(move || mine.into_iter().map(fetch).collect::<Vec<_>>())
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a registry worker does not panic"))
            .collect()
    })
}

fn line<'a>(
    entry: &'a Entry,
    package: &'a Package,
    answers: &Answers,
    python: Option<&pep440_rs::Version>,
) -> Line<'a> {
    let mut line = Line {
        id: &entry.id,
        registry: package.registry.name(),
        name: &package.name,
        pinned: &package.version,
        series: package.series.as_deref(),
        newest_in_series: None,
        newest: None,
        newest_date: None,
        behind: false,
        pinned_withdrawn: false,
        major_behind: false,
        held_back: None,
        error: None,
    };
    let releases = match &answers[&(package.registry, package.name.clone())] {
        Ok(releases) => releases,
        Err(error) => {
            line.error = Some(format!("registry error: {error}"));
            return line;
        }
    };
    let Newest { in_series: published_in_series, overall } = Newest::of(package, releases);
    // On PyPI, the newest in series is the newest pip installs on the rows' Python.
    let in_series = match python {
        Some(python) if package.registry == Registry::Pypi => {
            let installable: Vec<Release> =
                releases.iter().filter(|release| release.installs_on_python(python)).cloned().collect();
            Newest::of(package, &installable).in_series
        }
        _ => published_in_series.clone(),
    };
    let held_back = published_in_series.filter(|release| Some(release) != in_series.as_ref());
    if let (Some(newer), Some(python)) = (held_back, python) {
        let requires = newer.requires_python.as_deref().unwrap_or("?");
        line.held_back = Some(format!("{} needs Python {requires}; the rows' is {python}", newer.version));
    }
    let newest = Newest { in_series, overall };
    let version = |release: &Option<Release>| release.as_ref().map(|r| r.version.clone());
    let parsed = |release: &Option<Release>| {
        release.as_ref().and_then(|r| Version::parse(package.registry, &r.version).ok())
    };
    if let Ok(pinned) = package.pinned() {
        line.pinned_withdrawn = releases.iter().any(|release| {
            release.withdrawn && Version::parse(package.registry, &release.version).as_ref() == Ok(&pinned)
        });
        line.behind = parsed(&newest.in_series)
            .is_some_and(|newer| newer > pinned || (line.pinned_withdrawn && newer != pinned));
        line.major_behind =
            parsed(&newest.overall).is_some_and(|newer| newer > pinned && pinned.is_major_behind(&newer));
    }
    line.newest_in_series = version(&newest.in_series);
    line.newest = version(&newest.overall);
    line.newest_date = newest.overall.and_then(|release| release.date);
    line
}

fn print_table(lines: &[Line]) -> Result<()> {
    let width = |column: fn(&Line) -> usize, title: &str| {
        lines.iter().map(column).chain([title.len()]).max().unwrap_or(0)
    };
    let id = width(|l| l.id.len(), "ROW");
    let name = width(|l| l.name.len(), "PACKAGE");
    let pinned = width(|l| l.pinned.len(), "PINNED");
    let in_series = width(|l| l.newest_in_series.as_deref().map_or(1, str::len), "IN SERIES");
    let newest = width(|l| l.newest.as_deref().map_or(1, str::len), "NEWEST");
    stdout::line(format_args!(
        "{:<id$}  {:<8}  {:<name$}  {:<pinned$}  {:<in_series$}  {:<newest$}  RELEASED",
        "ROW", "REGISTRY", "PACKAGE", "PINNED", "IN SERIES", "NEWEST"
    ))?;
    for line in lines {
        let shown = |version: &Option<String>| version.clone().unwrap_or_else(|| "-".into());
        let tail = match &line.error {
            Some(error) => error.clone(),
            None => format!(
                "{:<in_series$}  {:<newest$}  {}{}{}",
                shown(&line.newest_in_series),
                shown(&line.newest),
                // The date only: a time of day adds nothing to "how old is it".
                line.newest_date.as_deref().map_or("-", |date| date.get(..10).unwrap_or(date)),
                match (line.behind, line.pinned_withdrawn) {
                    (_, true) => "  withdrawn",
                    (true, false) => "  behind",
                    (false, false) => "",
                },
                line.held_back.as_deref().map(|why| format!("  (held back: {why})")).unwrap_or_default()
            ),
        };
        stdout::line(format_args!(
            "{:<id$}  {:<8}  {:<name$}  {:<pinned$}  {tail}",
            line.id, line.registry, line.name, line.pinned
        ))?;
    }
    Ok(())
}

/// Moves every pin that is behind to the newest release in its series: each program's lockfile
/// first, then the catalog files, so a pin whose lockfile could not move stays where its build still
/// installs it. Returns what could not be moved.
fn bump_pins(catalog: &Catalog, rows: &[(&Entry, &Package)], lines: &[Line]) -> Result<Vec<String>> {
    let mut failures = Vec::new();
    // Whether the lockfile of each (program folder, package) moved: asked once per program.
    let mut lockfile_moved: HashMap<(PathBuf, &str), bool> = HashMap::new();
    let mut moves: BTreeMap<PathBuf, Vec<(&str, &str)>> = BTreeMap::new();
    for ((entry, package), line) in rows.iter().zip(lines) {
        let Some(newer) = line.newest_in_series.as_deref().filter(|_| line.behind) else { continue };
        let program = catalog.source_dir(entry);
        let moved = match lockfile_moved.get(&(program.clone(), package.name.as_str())) {
            Some(false) => {
                failures.push(format!(
                    "{}: {} stays at {} (its program's lockfile did not move)",
                    entry.id, package.name, package.version
                ));
                false
            }
            Some(true) => true,
            None => {
                let release = Package { version: newer.to_string(), ..(*package).clone() };
                let moved = match bump::sync_lockfile(&release, &package.version, &program) {
                    Ok(what) => {
                        if let Some(what) = what {
                            messages::info(format_args!("{}: {what}", program.display()));
                        }
                        true
                    }
                    Err(error) => {
                        failures.push(format!(
                            "{}: {} stays at {}: its lockfile did not move: {error:#}",
                            entry.id, package.name, package.version
                        ));
                        false
                    }
                };
                lockfile_moved.insert((program, package.name.as_str()), moved);
                moved
            }
        };
        if moved {
            moves.entry(catalog_file_of(catalog, entry)).or_default().push((&entry.id, newer));
            messages::info(format_args!("{}: {} {} -> {newer}", entry.id, package.name, package.version));
        }
    }
    for (file, pins) in &moves {
        let mut text =
            std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
        for (id, version) in pins {
            text = bump::set_version(&text, id, version).with_context(|| file.display().to_string())?;
        }
        std::fs::write(file, text).with_context(|| format!("cannot write {}", file.display()))?;
    }
    Ok(failures)
}

/// The catalog file that declares a row: the root file, or `catalog.toml` of its language's folder.
fn catalog_file_of(catalog: &Catalog, entry: &Entry) -> PathBuf {
    let root_folder = catalog.path.parent().unwrap_or(Path::new(""));
    if entry.folder == root_folder || entry.folder.as_os_str().is_empty() {
        catalog.path.clone()
    } else {
        entry.folder.join(FILE_NAME)
    }
}
