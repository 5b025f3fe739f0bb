//! The parser catalog (`parsers/catalog.toml`): what each parser is, how to install its toolchain,
//! build it, run it and read its version. Nothing about a particular parser lives in Rust code.

use std::collections::{BTreeMap, HashSet};
use std::ffi::OsString;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

use crate::payload::PayloadFormat;
use crate::sys::child_env::{ChildEnv, Stage};
use crate::sys::interrupt::Interrupted;
use crate::sys::launcher::Launcher;
use crate::sys::task;
use crate::sys::trial::TrialConfig;
use crate::units::{parse_duration, Limit};
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogFile {
    #[serde(default)]
    environment: Vec<EnvironmentSpec>,
    parser: Vec<Entry>,
}

pub use crate::results::{row_key, HOST};

/// One `[[environment]]` table: a root file system that rows can be measured in besides the host.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentSpec {
    pub id: String,
    /// What the tables call it, e.g. `Debian 13 (trixie)`.
    pub name: String,
    /// Where the root is (absolute).
    pub root: PathBuf,
    /// A script beside the catalog that makes the root (run as root by `setup`, with `ROOT` set).
    pub setup: Option<String>,
}

impl EnvironmentSpec {
    /// Whether `setup` finished making the root.
    pub fn is_ready(&self) -> bool {
        self.root.join(".nestprobe-ready").exists()
    }
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
    /// Text by which the runtime's own fatal errors can be told from the library's errors when both
    /// exit with status 1 (a stderr containing one of these is a crash).
    #[serde(default)]
    pub fatal_stderr: Vec<String>,
    /// A memory cap (RLIMIT_AS) for this parser's children, for one that would otherwise eat the
    /// machine at depth (e.g. "4GiB"); a smaller `--memory` of the run wins.
    pub memory: Option<String>,
    /// Variables added to the fixed environment of this parser's children (and its commands).
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Short note for the table: is the limit configurable, and how.
    #[serde(default)]
    pub note: String,
    /// Part of the original bad_json_parsers study: keeps its row even when not measured.
    #[serde(default)]
    pub study: bool,
    /// The folder of the parser program under parsers/, when this row shares another row's program
    /// (another version, environment or build variant); default: the id.
    pub program: Option<String>,
    /// The payload format the program reads (`json` when not given).
    #[serde(default)]
    pub format: PayloadFormat,
    /// The environments this row is measured in: `host` and/or ids of `[[environment]]` tables.
    #[serde(default = "host_only")]
    pub environments: Vec<String>,
    /// Build facts that change the number (compiler flags, features), for the tables: `-O2`.
    pub variant: Option<String>,
    /// The one environment of this expanded row (set when the catalog loads).
    #[serde(skip, default = "host")]
    pub environment: String,
}

fn host() -> String {
    HOST.to_string()
}

fn host_only() -> Vec<String> {
    vec![HOST.to_string()]
}

impl Entry {
    /// What identifies the row's results: the id, with `@<environment>` outside the host.
    pub fn key(&self) -> String {
        row_key(&self.id, &self.environment)
    }
}

/// A loaded catalog: entries plus where their folders are.
#[derive(Clone, Debug)]
pub struct Catalog {
    pub path: PathBuf,
    pub environments: Vec<EnvironmentSpec>,
    /// One entry per row and environment, in catalog order.
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
        let mut environment_ids = HashSet::new();
        for environment in &file.environment {
            let at = |what: &str| format!("{}: environment `{}`: {what}", path.display(), environment.id);
            if !is_id(&environment.id) || environment.id == HOST {
                bail!(at("id must be lowercase letters, digits and dashes, and not `host`"));
            }
            if !environment_ids.insert(environment.id.as_str()) {
                bail!(at("duplicate id"));
            }
            if !environment.root.is_absolute() {
                bail!(at("`root` must be an absolute path"));
            }
        }
        let mut seen = HashSet::new();
        for entry in &file.parser {
            let at = |what: &str| format!("{}: parser `{}`: {what}", path.display(), entry.id);
            if !is_id(&entry.id) {
                bail!(at("id must be lowercase letters, digits and dashes"));
            }
            if let Some(program) = &entry.program {
                if program.is_empty()
                    || !program.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
                {
                    bail!(at("`program` must name a folder beside the catalog"));
                }
            }
            if !seen.insert(entry.id.as_str()) {
                bail!(at("duplicate id"));
            }
            if entry.run.is_empty() {
                bail!(at("`run` must name a program"));
            }
            if let Some(timeout) = &entry.timeout {
                parse_duration(timeout).with_context(|| at("bad `timeout`"))?;
            }
            if let Some(memory) = &entry.memory {
                memory.parse::<Limit>().with_context(|| at("bad `memory`"))?;
            }
            if let Some(name) = entry.env.keys().find(|name| !crate::sys::child_env::is_name(name)) {
                bail!(at(&format!("`env`: {name:?} is not a variable name")));
            }
            if entry.environments.is_empty() {
                bail!(at("`environments` is empty"));
            }
            let mut listed = HashSet::new();
            for environment in &entry.environments {
                if environment != HOST && !environment_ids.contains(environment.as_str()) {
                    bail!(at(&format!(
                        "no environment `{environment}` (there is `host` and each [[environment]])"
                    )));
                }
                if !listed.insert(environment) {
                    bail!(at(&format!("environment `{environment}` listed twice")));
                }
            }
        }
        let entries = file
            .parser
            .iter()
            .flat_map(|entry| {
                entry
                    .environments
                    .iter()
                    .map(|environment| Entry { environment: environment.clone(), ..entry.clone() })
            })
            .collect();
        Ok(Catalog { path: path.to_path_buf(), environments: file.environment, entries })
    }

    /// The entries named by `--only` (all when empty), in catalog order: an id names the row in
    /// every environment, `id@environment` one of them (`id@host` too); unknown names are an error.
    pub fn select(&self, only: &[String]) -> Result<Vec<&Entry>> {
        let named = |entry: &Entry, name: &String| {
            *name == entry.id || name.split_once('@') == Some((entry.id.as_str(), entry.environment.as_str()))
        };
        for name in only {
            if !self.entries.iter().any(|e| named(e, name)) {
                bail!("no parser `{name}` in {} (see `nestprobe list`)", self.path.display());
            }
        }
        Ok(self
            .entries
            .iter()
            .filter(|e| only.is_empty() || only.iter().any(|name| named(e, name)))
            .collect())
    }

    /// The `[[environment]]` a row runs in; `None` for the host.
    pub fn environment_of(&self, entry: &Entry) -> Option<&EnvironmentSpec> {
        self.environments.iter().find(|e| e.id == entry.environment)
    }

    /// The folder holding a parser's program: `parsers/<program or id>/` beside the catalog.
    pub fn source_dir(&self, entry: &Entry) -> PathBuf {
        let base = self.path.parent().unwrap_or(Path::new("."));
        absolute(&base.join(entry.program.as_deref().unwrap_or(&entry.id)))
    }

    /// Whether a row can be probed here (built in `build_root`), or why not, including why its
    /// parser cannot even be put together.
    pub fn readiness(&self, entry: &Entry, build_root: &Path) -> Readiness {
        match Parser::new(self, entry, build_root) {
            Ok(parser) => parser.readiness(),
            Err(error) => Readiness::Missing(format!("{error:#}")),
        }
    }
}

fn is_id(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
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
///
/// Programs, builds and commands see the folders through the links of a [`Stage`], whose paths have
/// the same length wherever the checkout is: those paths end up on a child's stack (argv, `$BUILD`,
/// and whatever a build bakes into a launcher script).
pub struct Parser<'a> {
    pub entry: &'a Entry,
    /// The parser's folder, as children see it.
    pub dir: PathBuf,
    /// Its build folder, as children see it.
    pub build_dir: PathBuf,
    /// Its build folder, the real one.
    real_build_dir: PathBuf,
    /// A scratch folder that children get as HOME.
    pub home: PathBuf,
    /// The build log, as the user named the build folder (relative by default: results must not
    /// hold paths of this machine).
    log_name: PathBuf,
    /// The `[[environment]]` it runs in; `None` for the host.
    pub environment: Option<EnvironmentSpec>,
    /// How its children (probes and commands alike) are started.
    pub launcher: Launcher,
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
    pub fn new(catalog: &Catalog, entry: &'a Entry, build_root: &Path) -> Result<Parser<'a>> {
        let key = entry.key();
        let real_build_dir = absolute(&build_root.join(&key));
        fs::create_dir_all(&real_build_dir)
            .with_context(|| format!("cannot create {}", real_build_dir.display()))?;
        let stage = Stage::for_key(&absolute(build_root))?;
        let source_dir = catalog.source_dir(entry);
        let home = stage.dir(&format!("{key}/home"))?;
        let log_name = build_root.join(&key).join("build.log");
        let environment = catalog.environment_of(entry).cloned();
        let (dir, build_dir, launcher) = match &environment {
            None => (
                stage.link(&format!("{key}/src"), &source_dir)?,
                stage.link(&format!("{key}/build"), &real_build_dir)?,
                Launcher::host(),
            ),
            // Inside a root, links to host paths would lead nowhere: the stage holds mount points
            // instead, onto which the launcher binds the real folders in the child.
            Some(environment) => {
                let dir = stage.dir(&format!("{key}/src"))?;
                let build_dir = stage.dir(&format!("{key}/build"))?;
                let binds = [(source_dir, dir.clone()), (real_build_dir.clone(), build_dir.clone())];
                let launcher = if environment.root.is_dir() {
                    Launcher::jail(&environment.root, &binds)?
                } else {
                    Launcher::host()
                };
                (dir, build_dir, launcher)
            }
        };
        Ok(Parser { entry, dir, build_dir, real_build_dir, home, log_name, environment, launcher })
    }

    /// The settings of this parser's probed children: the run's (`run`, made for [`Parser::argv`]
    /// and [`Parser::child_env`]), started from its folder and in its environment, with the row's
    /// fatal-error texts, its longer timeout and its smaller memory cap where it has them.
    pub fn trial_config(&self, run: TrialConfig) -> Result<TrialConfig> {
        let entry = self.entry;
        let mut trial = TrialConfig {
            cwd: Some(self.dir.clone()),
            launcher: self.launcher.clone(),
            fatal_stderr: entry.fatal_stderr.clone(),
            ..run
        };
        if let Some(text) = &entry.timeout {
            trial.timeout = parse_duration(text)?.max(trial.timeout);
        }
        if let Some(text) = &entry.memory {
            let cap: Limit = text.parse()?;
            trial.memory = Some(trial.memory.map_or(cap, |run_cap| run_cap.min(cap)));
        }
        Ok(trial)
    }

    /// The environment of this parser's children and commands: the fixed one, `$BUILD`, and the
    /// entry's own variables.
    pub fn child_env(&self) -> ChildEnv {
        let mut env = ChildEnv::fixed(&self.home);
        env.set_path("BUILD", &self.build_dir, "{build}");
        for (name, value) in &self.entry.env {
            env.set(name, value);
        }
        env
    }

    pub fn readiness(&self) -> Readiness {
        if let Some(environment) = &self.environment {
            if !environment.is_ready() || self.launcher.root().is_none() {
                return Readiness::Missing(format!(
                    "environment `{}` not made yet ({} is missing)",
                    environment.id,
                    environment.root.display()
                ));
            }
        }
        let missing = missing_packages(self.launcher.root(), &self.entry.apt);
        if !missing.is_empty() {
            return Readiness::Missing(format!("missing packages: {}", missing.join(" ")));
        }
        if let Some(check) = &self.entry.check {
            let passed = self.shell(check).and_then(|mut command| {
                command.stdout(Stdio::null()).stderr(Stdio::null());
                task::run(&mut command, "`check`", task::QUERY_TIMEOUT)
            });
            if !passed.is_ok_and(|s| s.success()) {
                return Readiness::Missing(format!("toolchain check failed: {check}"));
            }
        }
        if self.is_built() {
            Readiness::Ready
        } else {
            Readiness::NeedsBuild
        }
    }

    /// A `sh -c` command (build, version, check, hook) run from the parser's folder with `$BUILD`
    /// and the entry's variables set. On the host it keeps the caller's environment: toolchains
    /// found through PATH, HOME or CARGO_HOME must still be found. Inside a root, where the
    /// caller's paths mean nothing, it gets the children's fixed environment.
    pub fn shell(&self, script: &str) -> Result<Command> {
        let mut command = Command::new("sh");
        command.arg("-c").arg(script).current_dir(&self.dir).stdin(Stdio::null());
        if self.launcher.root().is_some() {
            command.env_clear().envs(self.child_env().vars());
        }
        command.env("BUILD", &self.build_dir).envs(&self.entry.env);
        self.launcher.prepare(&mut command, Some(&self.dir))?;
        Ok(command)
    }

    /// Builds the parser (if it has a build step and its sources changed). Output goes to
    /// `$BUILD/build.log`; the error names its first error line and the log.
    pub fn build(&self) -> Result<()> {
        if self.is_built() {
            return Ok(());
        }
        if let Some(build) = &self.entry.build {
            let log_path = self.real_build_dir.join("build.log");
            let log = fs::File::create(&log_path)?;
            let mut command = self.shell(build)?;
            command.stdout(log.try_clone()?).stderr(log);
            let status = task::run(&mut command, "`build`", task::BUILD_TIMEOUT)
                .with_context(|| format!("see {}", self.log_name.display()))?;
            if !status.success() {
                let log = fs::read_to_string(&log_path).unwrap_or_default();
                bail!(
                    "`build` exited with {status}: {} (full log: {})",
                    first_error_line(&log),
                    self.log_name.display()
                );
            }
        }
        fs::write(self.real_build_dir.join(BUILD_STAMP), self.fingerprint().to_string())?;
        Ok(())
    }

    fn is_built(&self) -> bool {
        fs::read_to_string(self.real_build_dir.join(BUILD_STAMP))
            .is_ok_and(|stamp| stamp.trim() == self.fingerprint().to_string())
    }

    /// Changes whenever the sources, the build command or the staged build path change (a build
    /// may bake that path into a launcher).
    fn fingerprint(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.entry.build.hash(&mut hasher);
        self.build_dir.hash(&mut hasher);
        self.entry.env.hash(&mut hasher);
        if self.entry.environment != HOST {
            // (Not for the host, whose builds predate environments and stay valid.)
            self.entry.environment.hash(&mut hasher);
        }
        let mut files = Vec::new();
        collect_files(&self.dir, &mut files);
        files.sort();
        for file in files {
            file.strip_prefix(&self.dir).unwrap_or(&file).hash(&mut hasher);
            fs::read(&file).unwrap_or_default().hash(&mut hasher);
        }
        hasher.finish()
    }

    /// The library version, from the entry's version command. Fails only when interrupted.
    pub fn version(&self) -> Result<Option<String>> {
        let output = match self
            .shell(&self.entry.version)
            .and_then(|mut command| task::capture(&mut command, "`version`", task::QUERY_TIMEOUT))
        {
            Ok(output) => output,
            Err(error) if error.is::<Interrupted>() => return Err(error),
            Err(_) => return Ok(None),
        };
        let line = output.stdout.lines().map(str::trim).find(|l| !l.is_empty()).map(str::to_string);
        Ok(line.filter(|_| output.status.success()))
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

    /// Runs a `before`/`after` hook; fails with its first error line.
    pub fn hook(&self, name: &str, script: &str) -> Result<()> {
        let output = task::capture(&mut self.shell(script)?, &format!("`{name}`"), task::HOOK_TIMEOUT)?;
        if !output.status.success() {
            bail!("`{name}` failed ({}): {}", output.status, first_error_line(&output.stderr));
        }
        Ok(())
    }
}

/// The line of a build log or stderr that names the problem: the first one that says error (or
/// fatal, or failed), else the last non-empty line; trimmed to one short line.
pub fn first_error_line(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let names_it = |line: &&&str| {
        let lower = line.to_ascii_lowercase();
        ["error", "fatal", "failed", "cannot", "not found"].iter().any(|word| lower.contains(word))
    };
    let line = lines.iter().find(names_it).or(lines.last()).copied().unwrap_or("no output");
    let mut line: String = line.chars().take(200).collect();
    if line.len() < text.len() && line.chars().count() == 200 {
        line.push('…');
    }
    line
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

/// Which of these Debian packages are not installed (on the host, or in `root`). Without dpkg (not
/// Debian/Ubuntu) nothing can be said, and the `check` command alone decides.
pub fn missing_packages(root: Option<&Path>, packages: &[String]) -> Vec<String> {
    if packages.is_empty() {
        return Vec::new();
    }
    let mut query = Command::new("dpkg-query");
    if let Some(root) = root {
        query.arg(format!("--admindir={}", root.join("var/lib/dpkg").display()));
    }
    let Ok(output) = query
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
    fn argv_placeholders_expand_to_staged_folders_of_the_same_length_anywhere() {
        let catalog = load(GOOD).unwrap();
        let short = tempfile::tempdir().unwrap();
        let long = short.path().join("a-much-longer-build-folder-name-than-the-first/x/y");
        let staged = |root: &Path| Parser::new(&catalog, &catalog.entries[0], root).unwrap().argv();
        let (a, b) = (staged(short.path()), staged(&long));
        assert!(a[0].to_string_lossy().starts_with("/tmp/nestprobe-"), "{a:?}");
        assert!(a[0].to_string_lossy().ends_with("/c-x/build/parse"), "{a:?}");
        assert!(a[1].to_string_lossy().ends_with("/c-x/src/data"), "{a:?}");
        assert_ne!(a[0], b[0]);
        assert_eq!(a[0].len(), b[0].len());
        assert_eq!(a[1].len(), b[1].len());
    }

    #[test]
    fn a_row_can_share_another_rows_program_and_name_its_format() {
        let catalog = load(&format!("{GOOD}\n[[parser]]\nid = \"c-x-big\"\nlanguage = \"C\"\nlibrary = \"x\"\nrun = [\"p\"]\nversion = \"true\"\nprogram = \"c-x\"\nformat = \"yaml\"\nenv = {{ LIMIT = \"big\" }}\n")).unwrap();
        let (first, second) = (&catalog.entries[0], &catalog.entries[1]);
        assert_eq!(catalog.source_dir(first), catalog.source_dir(second));
        assert_eq!((first.format.name(), second.format.name()), ("json", "yaml"));
        let err = load(&GOOD.replace("version = \"echo 1.0\"", "version = \"echo 1.0\"\nformat = \"yml\""))
            .unwrap_err();
        assert!(err.to_string().contains("catalog.toml:8:"), "{err}");
        let err = load(&GOOD.replace("version = \"echo 1.0\"", "version = \"echo 1.0\"\nprogram = \"../x\""))
            .unwrap_err();
        assert!(err.to_string().contains("`program` must name a folder"), "{err}");
        let err = load(
            &GOOD.replace("version = \"echo 1.0\"", "version = \"echo 1.0\"\nenv = { \"A B\" = \"1\" }"),
        )
        .unwrap_err();
        assert!(err.to_string().contains("is not a variable name"), "{err}");
    }

    const ROOTED: &str = r#"
[[environment]]
id = "debian13"
name = "Debian 13 (trixie)"
root = "/opt/nestprobe/debian13"
setup = "environments/debian13.sh"
"#;

    #[test]
    fn a_row_in_several_environments_expands_to_one_entry_each_with_its_own_key() {
        let text = format!(
            "{ROOTED}{}",
            GOOD.replace(
                "version = \"echo 1.0\"",
                "version = \"echo 1.0\"\nenvironments = [\"host\", \"debian13\"]\nvariant = \"-O2\""
            )
        );
        let catalog = load(&text).unwrap();
        let keys: Vec<String> = catalog.entries.iter().map(Entry::key).collect();
        assert_eq!(keys, ["c-x", "c-x@debian13"]);
        assert!(catalog.entries.iter().all(|e| e.variant.as_deref() == Some("-O2")));
        assert!(catalog.environment_of(&catalog.entries[0]).is_none());
        assert_eq!(catalog.environment_of(&catalog.entries[1]).unwrap().name, "Debian 13 (trixie)");
        // An id selects the row everywhere, a key one environment of it.
        assert_eq!(catalog.select(&["c-x".into()]).unwrap().len(), 2);
        let one = catalog.select(&["c-x@debian13".into()]).unwrap();
        assert_eq!((one.len(), one[0].environment.as_str()), (1, "debian13"));
        let host = catalog.select(&["c-x@host".into()]).unwrap();
        assert_eq!((host.len(), host[0].key().as_str()), (1, "c-x"));
        let err = catalog.select(&["c-x@debian14".into()]).unwrap_err().to_string();
        assert!(err.contains("no parser `c-x@debian14`"), "{err}");
        // Both environments build in their own folders, from the same program folder.
        let build = tempfile::tempdir().unwrap();
        let host = Parser::new(&catalog, &catalog.entries[0], build.path()).unwrap();
        let rooted = Parser::new(&catalog, &catalog.entries[1], build.path()).unwrap();
        assert!(rooted.build_dir.ends_with("c-x@debian13/build"), "{}", rooted.build_dir.display());
        assert_eq!(host.build_dir.as_os_str().len() + "@debian13".len(), rooted.build_dir.as_os_str().len());
        assert!(build.path().join("c-x@debian13").is_dir());
    }

    #[test]
    fn environment_mistakes_are_named() {
        let with_env = |envs: &str| {
            GOOD.replace("version = \"echo 1.0\"", &format!("version = \"echo 1.0\"\nenvironments = {envs}"))
        };
        let err = load(&format!("{ROOTED}{}", with_env("[\"debian14\"]"))).unwrap_err().to_string();
        assert!(err.contains("parser `c-x`: no environment `debian14`"), "{err}");
        let err = load(&format!("{ROOTED}{}", with_env("[]"))).unwrap_err().to_string();
        assert!(err.contains("`environments` is empty"), "{err}");
        let err = load(&format!("{ROOTED}{}", with_env("[\"host\", \"host\"]"))).unwrap_err().to_string();
        assert!(err.contains("listed twice"), "{err}");
        let err = load(&format!("{ROOTED}{ROOTED}{GOOD}")).unwrap_err().to_string();
        assert!(err.contains("environment `debian13`: duplicate id"), "{err}");
        let err =
            load(&format!("{}{GOOD}", ROOTED.replace("\"debian13\"", "\"host\""))).unwrap_err().to_string();
        assert!(err.contains("not `host`"), "{err}");
        let err = load(&format!("{}{GOOD}", ROOTED.replace("/opt/nestprobe/debian13", "roots/13")))
            .unwrap_err()
            .to_string();
        assert!(err.contains("`root` must be an absolute path"), "{err}");
        // A misspelt field of an environment table: one line with its line and column.
        let err = load(&format!("{}{GOOD}", ROOTED.replace("root =", "rot ="))).unwrap_err().to_string();
        assert!(err.contains("catalog.toml:5:1: unknown field `rot`"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    #[test]
    fn the_first_error_line_of_a_build_log_is_its_reason() {
        let gcc = "parse.c: In function 'main':\nparse.c:3:5: error: expected ';' before '}' token\n    3 | }\n      | ;\n";
        assert_eq!(first_error_line(gcc), "parse.c:3:5: error: expected ';' before '}' token");
        assert_eq!(first_error_line("one\nlast\n"), "last");
        assert_eq!(first_error_line(""), "no output");
    }
}
