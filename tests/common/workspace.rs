//! A temporary catalog to run the real binary on: rows built in code, each with its folder, and a
//! README with the generated-block markers.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use super::{fixture, nestprobe, run};

/// One `[[parser]]` row: its id and fields, written in the order they were set.
#[derive(Clone)]
pub struct Row {
    id: String,
    fields: Vec<(String, toml::Value)>,
}

impl Row {
    /// A row with the fields every row needs: language C, its id as the library, version `1.0`.
    pub fn new(id: &str) -> Row {
        Row { id: id.into(), fields: Vec::new() }
            .set("language", "C")
            .set("library", id)
            .set("version", "echo 1.0")
    }

    /// A row running the fixture program (tests/fixtures/fixture.c) with `args`.
    pub fn fixture(id: &str, args: &[&str]) -> Row {
        let run: Vec<String> = std::iter::once(fixture().display().to_string())
            .chain(args.iter().map(|a| a.to_string()))
            .collect();
        Row::new(id).set("run", run)
    }

    /// Sets a field (replacing it if set before): strings, lists, booleans and numbers as TOML.
    pub fn set(mut self, key: &str, value: impl Into<toml::Value>) -> Row {
        let value = value.into();
        match self.fields.iter_mut().find(|(k, _)| k == key) {
            Some(field) => field.1 = value,
            None => self.fields.push((key.into(), value)),
        }
        self
    }

    /// Leaves a field out.
    pub fn unset(mut self, key: &str) -> Row {
        self.fields.retain(|(k, _)| k != key);
        self
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    fn toml(&self) -> String {
        let mut text = format!("[[parser]]\nid = {}\n", toml::Value::from(self.id.as_str()));
        for (key, value) in &self.fields {
            text += &format!("{key} = {value}\n");
        }
        text
    }
}

/// The catalog text of `rows`.
pub fn catalog_text(rows: &[Row]) -> String {
    rows.iter().map(Row::toml).collect::<Vec<_>>().join("\n")
}

/// Writes the catalog file `catalog` (its `[[environment]]` tables, then `rows`) and makes each
/// row's folder beside it.
pub fn write_catalog_file(catalog: &Path, environments: &[Environment], rows: &[Row]) {
    let folder = catalog.parent().expect("a catalog file is in a folder");
    for row in rows {
        fs::create_dir_all(folder.join(row.id())).unwrap();
    }
    let environments: String = environments.iter().map(Environment::toml).collect();
    fs::write(catalog, environments + &catalog_text(rows)).unwrap();
}

/// One `[[environment]]` of a catalog: a root file system rows can name in `environments`.
pub struct Environment<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub root: &'a Path,
}

impl Environment<'_> {
    fn toml(&self) -> String {
        let text = |s: &str| toml::Value::from(s).to_string();
        let root = self.root.to_str().expect("a UTF-8 root path");
        format!(
            "[[environment]]\nid = {}\nname = {}\nroot = {}\n\n",
            text(self.id),
            text(self.name),
            text(root)
        )
    }
}

/// A temporary folder with parsers/catalog.toml of the given rows (each with its folder) and a
/// README.md with the generated-block markers; commands run from it.
pub struct Workspace {
    pub dir: tempfile::TempDir,
}

impl Workspace {
    pub fn new(rows: &[Row]) -> Workspace {
        Workspace::with_environments(tempfile::tempdir().unwrap(), &[], rows)
    }

    /// A workspace in `dir` whose catalog has `environments` too.
    pub fn with_environments(
        dir: tempfile::TempDir,
        environments: &[Environment],
        rows: &[Row],
    ) -> Workspace {
        let workspace = Workspace { dir };
        write_catalog_file(&workspace.catalog(), environments, rows);
        fs::write(
            workspace.path("README.md"),
            "# demo\n<!-- nestprobe:badges:start -->\n<!-- nestprobe:badges:end -->\n\n\
             <!-- nestprobe:table:start -->\n<!-- nestprobe:table:end -->\nend\n",
        )
        .unwrap();
        workspace
    }

    /// Replaces the catalog by `rows` (their folders made).
    pub fn write_catalog(&self, rows: &[Row]) {
        write_catalog_file(&self.catalog(), &[], rows);
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    pub fn catalog(&self) -> PathBuf {
        self.path("parsers/catalog.toml")
    }

    /// `nestprobe ARGS` from the workspace, not run yet.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = nestprobe();
        command.current_dir(self.root()).args(args);
        command
    }

    /// `nestprobe ARGS` from the workspace, run to its end.
    pub fn nestprobe(&self, args: &[&str]) -> Output {
        run(self.command(args))
    }

    /// A results file of the workspace, parsed.
    pub fn read_json(&self, relative: &str) -> Value {
        serde_json::from_str(&fs::read_to_string(self.path(relative)).unwrap()).unwrap()
    }

    /// results.json, parsed.
    pub fn results(&self) -> Value {
        self.read_json("results.json")
    }
}

/// The record of parser `id` in parsed results.
pub fn record<'a>(results: &'a Value, id: &str) -> &'a Value {
    results["parsers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no record {id} in {results:#}"))
}
