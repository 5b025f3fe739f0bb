//! The parser catalog (`parsers/catalog.toml`): what each parser is, how to install its toolchain,
//! build it, run it and read its version. Nothing about a particular parser lives in Rust code.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogFile {
    parser: Vec<Entry>,
}

/// One `[[parser]]` table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub id: String,
    pub language: String,
    pub library: String,
    /// Debian/Ubuntu packages needed to build and run it.
    #[serde(default)]
    pub apt: Vec<String>,
    /// A script in the parser's folder, run as root after the apt packages, for what apt lacks.
    pub setup: Option<String>,
    /// Shell command that exits 0 when the toolchain is usable (besides the apt packages).
    pub check: Option<String>,
    /// Shell command that builds the parser into `$BUILD`.
    pub build: Option<String>,
    /// The argv that runs the parser; `{build}` and `{dir}` are expanded.
    pub run: Vec<String>,
    /// Shell command printing the library's exact version.
    pub version: String,
    /// Shell commands run once before and after probing this parser (e.g. start/stop a server).
    pub before: Option<String>,
    pub after: Option<String>,
    /// Per-trial timeout for this parser, when the default is too short (e.g. "30s").
    pub timeout: Option<String>,
    /// Short note for the table: is the limit configurable, and how.
    #[serde(default)]
    pub note: String,
    /// Part of the original bad_json_parsers study: keeps its row even when not measured.
    #[serde(default)]
    pub study: bool,
}

/// A loaded catalog: entries plus where their folders are.
#[derive(Clone, Debug)]
pub struct Catalog {
    pub path: PathBuf,
    pub entries: Vec<Entry>,
}

impl Catalog {
    pub fn load(path: &Path) -> Result<Catalog> {
        let text =
            fs::read_to_string(path).with_context(|| format!("cannot read catalog {}", path.display()))?;
        let file: CatalogFile = toml::from_str(&text).map_err(|e| {
            let (line, column) = e.span().map_or((1, 1), |span| line_column(&text, span.start));
            // toml's messages can span lines ("invalid string\nexpected ..."): keep it to one.
            let message: Vec<&str> = e.message().lines().map(str::trim).filter(|l| !l.is_empty()).collect();
            anyhow::anyhow!("{}:{line}:{column}: {}", path.display(), message.join("; "))
        })?;
        let mut seen = HashSet::new();
        for entry in &file.parser {
            let at = |what: &str| format!("{}: parser `{}`: {what}", path.display(), entry.id);
            if entry.id.is_empty()
                || !entry.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                bail!(at("id must be lowercase letters, digits and dashes"));
            }
            if !seen.insert(entry.id.as_str()) {
                bail!(at("duplicate id"));
            }
            if entry.run.is_empty() {
                bail!(at("`run` must name a program"));
            }
            if let Some(timeout) = &entry.timeout {
                crate::units::parse_duration(timeout).with_context(|| at("bad `timeout`"))?;
            }
        }
        Ok(Catalog { path: path.to_path_buf(), entries: file.parser })
    }

    /// The entries named by `--only` (all when empty), in catalog order; unknown ids are an error.
    pub fn select(&self, only: &[String]) -> Result<Vec<&Entry>> {
        for id in only {
            if !self.entries.iter().any(|e| &e.id == id) {
                bail!("no parser `{id}` in {} (see `nestprobe list`)", self.path.display());
            }
        }
        Ok(self.entries.iter().filter(|e| only.is_empty() || only.contains(&e.id)).collect())
    }

    /// The folder holding a parser's program: `parsers/<id>/` beside the catalog.
    pub fn source_dir(&self, entry: &Entry) -> PathBuf {
        let base = self.path.parent().unwrap_or(Path::new("."));
        absolute(&base.join(&entry.id))
    }
}

fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// A parser resolved against the file system: where it lives and where it builds.
pub struct Parser<'a> {
    pub entry: &'a Entry,
    pub dir: PathBuf,
    pub build_dir: PathBuf,
}

/// Is a parser ready to probe?
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Readiness {
    /// Toolchain present and built.
    Ready,
    /// Toolchain present, not built yet (or its sources changed).
    NeedsBuild,
    /// Toolchain missing; the reason says what.
    Missing(String),
}

const BUILD_STAMP: &str = ".nestprobe-built";

impl<'a> Parser<'a> {
    pub fn new(catalog: &Catalog, entry: &'a Entry, build_root: &Path) -> Parser<'a> {
        Parser { entry, dir: catalog.source_dir(entry), build_dir: absolute(&build_root.join(&entry.id)) }
    }

    pub fn readiness(&self) -> Readiness {
        let missing = missing_packages(&self.entry.apt);
        if !missing.is_empty() {
            return Readiness::Missing(format!("missing packages: {}", missing.join(" ")));
        }
        if let Some(check) = &self.entry.check {
            if !self
                .shell(check)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
            {
                return Readiness::Missing(format!("toolchain check failed: {check}"));
            }
        }
        if self.is_built() {
            Readiness::Ready
        } else {
            Readiness::NeedsBuild
        }
    }

    /// A `sh -c` command run from the parser's folder with `$BUILD` set.
    pub fn shell(&self, script: &str) -> Command {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(script)
            .current_dir(&self.dir)
            .env("BUILD", &self.build_dir)
            .stdin(Stdio::null());
        command
    }

    /// Builds the parser (if it has a build step and its sources changed). Output goes to
    /// `$BUILD/build.log`; the error names its last line.
    pub fn build(&self) -> Result<()> {
        fs::create_dir_all(&self.build_dir)
            .with_context(|| format!("cannot create {}", self.build_dir.display()))?;
        if self.is_built() {
            return Ok(());
        }
        if let Some(build) = &self.entry.build {
            let log_path = self.build_dir.join("build.log");
            let log = fs::File::create(&log_path)?;
            let status = self.shell(build).stdout(log.try_clone()?).stderr(log).status()?;
            if !status.success() {
                let log = fs::read_to_string(&log_path).unwrap_or_default();
                let last = log.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no output");
                bail!("`build` exited with {status}: {}", last.trim());
            }
        }
        fs::write(self.build_dir.join(BUILD_STAMP), self.fingerprint().to_string())?;
        Ok(())
    }

    fn is_built(&self) -> bool {
        fs::read_to_string(self.build_dir.join(BUILD_STAMP))
            .is_ok_and(|stamp| stamp.trim() == self.fingerprint().to_string())
    }

    /// Changes whenever the sources or the build command change.
    fn fingerprint(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.entry.build.hash(&mut hasher);
        let mut files = Vec::new();
        collect_files(&self.dir, &mut files);
        files.sort();
        for file in files {
            // Relative names: moving the checkout must not force a rebuild.
            file.strip_prefix(&self.dir).unwrap_or(&file).hash(&mut hasher);
            fs::read(&file).unwrap_or_default().hash(&mut hasher);
        }
        hasher.finish()
    }

    /// The library version, from the entry's version command.
    pub fn version(&self) -> Option<String> {
        let output = self.shell(&self.entry.version).stderr(Stdio::null()).output().ok()?;
        let text = String::from_utf8_lossy(&output.stdout);
        let line = text.lines().map(str::trim).find(|l| !l.is_empty())?;
        (output.status.success()).then(|| line.to_string())
    }

    /// The argv with `{build}` and `{dir}` expanded.
    pub fn argv(&self) -> Vec<OsString> {
        self.entry
            .run
            .iter()
            .map(|arg| {
                arg.replace("{build}", &self.build_dir.to_string_lossy())
                    .replace("{dir}", &self.dir.to_string_lossy())
                    .into()
            })
            .collect()
    }

    /// Runs a `before`/`after` hook; fails with its last stderr line.
    pub fn hook(&self, name: &str, script: &str) -> Result<()> {
        let output = self.shell(script).output().with_context(|| format!("cannot run `{name}`"))?;
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let last = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no output");
            bail!("`{name}` failed ({}): {}", output.status, last.trim());
        }
        Ok(())
    }
}

fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, files);
        } else {
            files.push(path);
        }
    }
}

/// Which of these Debian packages are not installed. Without dpkg (not Debian/Ubuntu) nothing can
/// be said, and the `check` command alone decides.
pub fn missing_packages(packages: &[String]) -> Vec<String> {
    if packages.is_empty() {
        return Vec::new();
    }
    let Ok(output) = Command::new("dpkg-query")
        .args(["-W", "-f=${Package} ${db:Status-Status}\\n"])
        .args(packages)
        .stderr(Stdio::null())
        .output()
    else {
        return Vec::new();
    };
    let text = String::from_utf8_lossy(&output.stdout);
    let installed: HashSet<&str> = text
        .lines()
        .filter_map(|line| line.split_once(' '))
        .filter(|(_, status)| *status == "installed")
        .map(|(name, _)| name.split(':').next().unwrap_or(name))
        .collect();
    packages.iter().filter(|p| !installed.contains(p.as_str())).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Catalog> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("catalog.toml");
        fs::write(&path, text).unwrap();
        Catalog::load(&path)
    }

    const GOOD: &str = r#"
[[parser]]
id = "c-x"
language = "C"
library = "x"
run = ["{build}/parse", "{dir}/data"]
version = "echo 1.0"
"#;

    #[test]
    fn a_minimal_entry_loads_with_defaults() {
        let catalog = load(GOOD).unwrap();
        let entry = &catalog.entries[0];
        assert_eq!(entry.id, "c-x");
        assert!(entry.apt.is_empty() && entry.build.is_none() && !entry.study);
    }

    #[test]
    fn unknown_fields_are_rejected_with_line_and_column() {
        let err = load(&format!("{GOOD}colour = \"red\"\n")).unwrap_err().to_string();
        assert!(err.contains("catalog.toml:8:1: unknown field `colour`"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    #[test]
    fn syntax_errors_are_one_line_with_line_and_column() {
        let err = load(&format!("{GOOD}note = \n")).unwrap_err().to_string();
        assert!(err.contains("catalog.toml:8:8: invalid string; expected"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    #[test]
    fn missing_fields_and_duplicates_are_named() {
        let err = load("[[parser]]\nid = \"a\"\n").unwrap_err().to_string();
        assert!(err.contains("missing field"), "{err}");
        let err = load(&format!("{GOOD}{GOOD}")).unwrap_err().to_string();
        assert!(err.contains("parser `c-x`: duplicate id"), "{err}");
        let err = load(&GOOD.replace("\"c-x\"", "\"C X\"")).unwrap_err().to_string();
        assert!(err.contains("id must be"), "{err}");
    }

    #[test]
    fn argv_placeholders_expand_to_absolute_folders() {
        let catalog = load(GOOD).unwrap();
        let parser = Parser::new(&catalog, &catalog.entries[0], Path::new("/b"));
        let argv = parser.argv();
        assert_eq!(argv[0], OsString::from("/b/c-x/parse"));
        assert!(Path::new(&argv[1]).is_absolute() && argv[1].to_string_lossy().ends_with("c-x/data"));
    }
}
