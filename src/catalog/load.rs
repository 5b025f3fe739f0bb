//! Reading the catalog: the root file (`parsers/catalog.toml`: the environments, and rows of its own)
//! and one file of rows per language one folder below it (`parsers/<language>/catalog.toml`), each
//! checked so that a mistake is one line naming the file, the row and the field.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;

use super::{Catalog, Entry, EnvironmentSpec, HOST};
use crate::results::read_regular_file;
use crate::units::{parse_timeout, Limit};
use crate::untrusted::{check_id, printable, InvalidInput, MAX_ID_BYTES};

/// A mistake in the catalog's text: the command cannot go on, as with a bad option (exit 2).
fn invalid(message: String) -> anyhow::Error {
    InvalidInput(message).into()
}

/// The name of a catalog file: the root, and each language's file of rows.
pub const FILE_NAME: &str = "catalog.toml";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogFile {
    #[serde(default)]
    environment: Vec<EnvironmentSpec>,
    #[serde(default)]
    parser: Vec<Entry>,
}

impl Catalog {
    /// Loads the catalog at `path` and the files of rows in the folders beside it (`*/catalog.toml`,
    /// in the order of their folders' names).
    pub fn load(path: &Path) -> Result<Catalog> {
        let root = read(path)?;
        let environments: Vec<EnvironmentSpec> = root
            .environment
            .into_iter()
            .map(|environment| EnvironmentSpec { name: text(&environment.name), ..environment })
            .collect();
        check_environments(path, &environments).map_err(invalid)?;
        let mut rows: Vec<(PathBuf, Entry)> = Vec::new();
        let mut add = |file: &Path, parsers: Vec<Entry>| {
            let folder = file.parent().unwrap_or(Path::new(".")).to_path_buf();
            rows.extend(parsers.into_iter().map(|entry| {
                let entry = with_package_in_build(shown_as_text(entry));
                (file.to_path_buf(), Entry { folder: folder.clone(), ..entry })
            }));
        };
        add(path, root.parser);
        for file in row_files(path)? {
            let rows_file = read(&file)?;
            if !rows_file.environment.is_empty() {
                return Err(invalid(format!(
                    "{}: [[environment]] tables belong in {}",
                    file.display(),
                    path.display()
                )));
            }
            add(&file, rows_file.parser);
        }
        if rows.is_empty() {
            return Err(invalid(format!(
                "{}: no [[parser]] rows, here or in {}/*/{FILE_NAME}",
                path.display(),
                folder_of(path).display()
            )));
        }
        check_rows(&rows, &environments).map_err(invalid)?;
        let entries = rows
            .into_iter()
            .flat_map(|(_, entry)| {
                let environments = entry.environments.clone();
                environments.into_iter().map(move |environment| Entry { environment, ..entry.clone() })
            })
            .collect();
        Ok(Catalog { path: path.to_path_buf(), environments, entries })
    }
}

/// The row with the text that reports show (names, note, variant) printable: a control character
/// there would act in a terminal, or a badge, instead of showing.
fn shown_as_text(entry: Entry) -> Entry {
    Entry {
        language: text(&entry.language),
        library: text(&entry.library),
        note: text(&entry.note),
        variant: entry.variant.as_deref().map(text),
        ..entry
    }
}

/// What `build` writes `{package}` for.
const PACKAGE_PLACEHOLDER: &str = "{package}";

/// The row with `{package}` in its build replaced by its pinned release as the installer names it
/// (`orjson==3.13.0`): the version is written once, in `package`. (Without a `package` the
/// placeholder stays, and the row's check names it.)
fn with_package_in_build(entry: Entry) -> Entry {
    let build = match (entry.build, &entry.package) {
        (Some(build), Some(package)) => Some(build.replace(PACKAGE_PLACEHOLDER, &package.requirement())),
        (build, _) => build,
    };
    Entry { build, ..entry }
}

fn text(text: &str) -> String {
    printable(text).into_owned()
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The files of rows one folder below the root file, sorted.
fn row_files(root: &Path) -> Result<Vec<PathBuf>> {
    let folder = folder_of(root);
    let listing = fs::read_dir(folder).with_context(|| format!("cannot read {}", folder.display()))?;
    let mut files: Vec<PathBuf> =
        listing.flatten().map(|entry| entry.path().join(FILE_NAME)).filter(|file| file.is_file()).collect();
    files.sort();
    Ok(files)
}

fn read(path: &Path) -> Result<CatalogFile> {
    let text = read_regular_file(path).with_context(|| format!("cannot read catalog {}", path.display()))?;
    toml::from_str(&text).map_err(|e| {
        let (line, column) = e.span().map_or((1, 1), |span| line_column(&text, span.start));
        // toml's messages can span lines ("invalid string\nexpected ..."): keep it to one.
        let message: Vec<&str> = e.message().lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        invalid(format!("{}:{line}:{column}: {}", path.display(), message.join("; ")))
    })
}

fn check_environments(path: &Path, environments: &[EnvironmentSpec]) -> Result<(), String> {
    let mut ids = HashSet::new();
    for environment in environments {
        let at =
            |what: &str| format!("{}: environment `{}`: {what}", path.display(), printable(&environment.id));
        check_id(&environment.id).map_err(|why| at(&why))?;
        if environment.id == HOST {
            return Err(at("`host` names the machine itself: an environment's id is not `host`"));
        }
        if !ids.insert(environment.id.as_str()) {
            return Err(at("duplicate id"));
        }
        match &environment.root {
            Some(root) if !root.is_absolute() => return Err(at("`root` must be an absolute path")),
            // Without a root and without variables it would be the host again, under another name.
            None if environment.env.is_empty() => {
                return Err(at("needs a `root`, or an `env` (the host with another runtime)"))
            }
            _ => {}
        }
        if let Some(name) = environment.env.keys().find(|name| !crate::sys::child_env::is_name(name)) {
            return Err(at(&format!("`env`: {name:?} is not a variable name")));
        }
    }
    Ok(())
}

/// Checks every row, with the file that declares it; ids are unique across files.
fn check_rows(rows: &[(PathBuf, Entry)], environments: &[EnvironmentSpec]) -> Result<(), String> {
    let mut declared: HashMap<&str, &Path> = HashMap::new();
    for (file, entry) in rows {
        // (An id too long to be a file name is shown cut: its own check says how long it is.)
        let shown: String = printable(&entry.id).chars().take(MAX_ID_BYTES).collect();
        let at = |what: &str| format!("{}: parser `{shown}`: {what}", file.display());
        if let Some(first) = declared.insert(entry.id.as_str(), file) {
            return Err(at(&format!("duplicate id (also in {})", first.display())));
        }
        check_row(entry, environments).map_err(|what| at(&what))?;
    }
    Ok(())
}

/// What is wrong with one row, if anything.
fn check_row(entry: &Entry, environments: &[EnvironmentSpec]) -> Result<(), String> {
    check_id(&entry.id)?;
    if let Some(program) = &entry.program {
        // A folder name like an id: nothing that leaves the catalog's folders (`..`, `/`).
        check_id(program).map_err(|why| format!("`program` must name a folder beside the catalog: {why}"))?;
    }
    if entry.run.is_empty() {
        return Err("`run` must name a program".into());
    }
    if let Some(package) = &entry.package {
        package.check()?;
    } else if entry.build.as_deref().is_some_and(|build| build.contains(PACKAGE_PLACEHOLDER)) {
        return Err(format!("`build` names {PACKAGE_PLACEHOLDER} but the row has no `package`"));
    }
    if let Some(timeout) = &entry.timeout {
        parse_timeout(timeout).map_err(|e| format!("bad `timeout`: {e:#}"))?;
    }
    if let Some(documented) = &entry.documented {
        documented.check(entry.format, crate::probe::options::MAX_DEPTH_BOUND)?;
    }
    if let Some(memory) = &entry.memory {
        memory.parse::<Limit>().map_err(|e| format!("bad `memory`: {e:#}"))?;
    }
    if let Some(name) = entry.env.keys().find(|name| !crate::sys::child_env::is_name(name)) {
        return Err(format!("`env`: {name:?} is not a variable name"));
    }
    if entry.environments.is_empty() {
        return Err("`environments` is empty".into());
    }
    if let Some(serve) = &entry.serve {
        check_serve(entry, serve)?;
    }
    if entry.product.is_some() && entry.serve.is_none() {
        return Err("a `product` row is asked through its `serve` table: it has none".into());
    }
    let mut listed = HashSet::new();
    for environment in &entry.environments {
        if environment != HOST && !environments.iter().any(|e| &e.id == environment) {
            return Err(format!("no environment `{environment}` (there is `host` and each [[environment]])"));
        }
        if !listed.insert(environment) {
            return Err(format!("environment `{environment}` listed twice"));
        }
    }
    Ok(())
}

/// A service row's `serve`: routes are paths, the body a template the payload fits, and its phases
/// routes it has (only `serialize`, the echo route).
fn check_serve(entry: &Entry, serve: &crate::catalog::ServeEntry) -> Result<(), String> {
    use crate::probe::transport::service::BodyTemplate;
    use crate::results::phase::Phase;
    let routes = [Some(&serve.path), serve.echo.as_ref(), serve.ready.as_ref()];
    if let Some(route) =
        routes.into_iter().flatten().find(|r| !r.starts_with('/') || r.contains(char::is_whitespace))
    {
        return Err(format!("`serve`: {route:?} is not a path (`/parse`)"));
    }
    if let Some(body) = &serve.body {
        let template = BodyTemplate::parse(body).map_err(|why| format!("`serve.body`: {why}"))?;
        if template.in_json_string() && entry.format.is_binary() {
            return Err(format!(
                "`serve.body`: a {} payload is binary: it cannot go inside a JSON string",
                entry.format
            ));
        }
    }
    let placements = [serve.body.is_some(), serve.form.is_some(), serve.param.is_some()];
    if placements.iter().filter(|&&given| given).count() > 1 {
        return Err("`serve`: the payload goes in one of `body`, `form` and `param`".into());
    }
    if serve.form.is_some() && entry.format.is_binary() || serve.param.is_some() && entry.format.is_binary() {
        // Percent-encoded bytes would do, but no product's form takes a binary payload.
        return Err(format!(
            "`serve`: a {} payload is binary: not a form field or a URL parameter",
            entry.format
        ));
    }
    if let Some(timeout) = &serve.start_timeout {
        parse_timeout(timeout).map_err(|e| format!("bad `serve.start_timeout`: {e:#}"))?;
    }
    match (entry.phases.as_slice(), &serve.echo) {
        ([], _) | ([Phase::Serialize], Some(_)) => Ok(()),
        ([Phase::Serialize], None) => Err("`phases = [\"serialize\"]` needs `serve.echo`, its route".into()),
        _ => Err("a service's only phase is `serialize`, its `serve.echo` route".into()),
    }
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
