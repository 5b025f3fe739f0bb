//! A row resolved against the file system: its folders seen through a stage of fixed-length links,
//! its build (redone only when its files or its build command change), its version, its hooks, and
//! whether its toolchain is installed.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use serde::Serialize;

use super::files::{collect_files, copy_files, shared_files};
use super::{absolute, Catalog, Entry, EnvironmentSpec, HOST};
use crate::sys::child_env::{ChildEnv, Stage};
use crate::sys::interrupt;
use crate::sys::launcher::Launcher;
use crate::sys::task::{self, OnCtrlC};
use crate::sys::trial::TrialConfig;
use crate::units::{parse_timeout, Limit};
use crate::untrusted::{printable, short_line, MAX_LINE_BYTES};

/// A parser resolved against the file system: where it lives and where it builds.
///
/// Programs, builds and commands see the folders through the links of a [`Stage`], whose paths have
/// the same length wherever the checkout is: those paths end up on a child's stack (argv, `$BUILD`,
/// and whatever a build bakes into a launcher script).
pub struct Parser<'a> {
    pub entry: &'a Entry,
    /// The parser's folder, as children see it.
    pub dir: PathBuf,
    /// The parser's folder in the checkout (inside a root, `dir` is only a mount point on this
    /// side).
    source_dir: PathBuf,
    /// Its build folder, as children see it.
    pub build_dir: PathBuf,
    /// Its build folder, the real one.
    real_build_dir: PathBuf,
    /// The folder every build of its environment shares (`$BUILD_CACHE`), as children see it.
    build_cache: PathBuf,
    /// A scratch folder that children get as HOME.
    pub home: PathBuf,
    /// The build log, as the user named the build folder (relative by default: results must not
    /// hold paths of this machine).
    log_name: PathBuf,
    /// The `[[environment]]` it runs in; `None` for the host.
    pub environment: Option<EnvironmentSpec>,
    /// How its children (probes and commands alike) are started.
    pub launcher: Launcher,
    /// What its `before` hook started, until its `after` hook has run.
    kept: Mutex<Option<task::Kept>>,
}

/// The build folder cannot be written (a read-only file system, say): nothing about the row's
/// program or its build.
#[derive(Debug)]
pub struct UnusableBuildFolder(pub String);

impl std::fmt::Display for UnusableBuildFolder {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UnusableBuildFolder {}

/// A row's commands around its probes (`before`, `after`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hook {
    Before,
    After,
}

impl Hook {
    pub fn name(self) -> &'static str {
        match self {
            Hook::Before => "before",
            Hook::After => "after",
        }
    }
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
/// The build root's folder of caches its builds share, one per environment (a row's folder is
/// named by its key, which never starts with a dot).
const CACHE_FOLDER: &str = ".cache";
/// The version found last time, after the key it was found under.
const VERSION_CACHE: &str = ".nestprobe-version";
/// The same for the `installed` command.
const INSTALLED_CACHE: &str = ".nestprobe-installed";

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
        let cache_name = format!("{CACHE_FOLDER}/{}", entry.environment);
        let real_build_cache = absolute(&build_root.join(&cache_name));
        fs::create_dir_all(&real_build_cache)
            .with_context(|| format!("cannot create {}", real_build_cache.display()))?;
        let (dir, build_dir, build_cache, launcher) =
            match environment.as_ref().and_then(|e| e.root().map(|r| (e, r))) {
                // The host, or an environment of the host's (another runtime, picked by its variables).
                None => (
                    stage.link(&format!("{key}/src"), &source_dir)?,
                    stage.link(&format!("{key}/build"), &real_build_dir)?,
                    stage.link(&cache_name, &real_build_cache)?,
                    Launcher::host(),
                ),
                // Inside a root, links to host paths would lead nowhere: the stage holds mount points
                // instead, onto which the launcher binds the real folders in the child.
                Some((_, root)) => {
                    let dir = stage.dir(&format!("{key}/src"))?;
                    let build_dir = stage.dir(&format!("{key}/build"))?;
                    let build_cache = stage.dir(&cache_name)?;
                    // Programs of a language share helpers in its folder (`../protocol.py`): the
                    // folder bound alone would not have them, so they are copied beside it.
                    if let (Some(language_dir), Some(beside)) = (source_dir.parent(), dir.parent()) {
                        copy_files(language_dir, beside)?;
                    }
                    let binds = [
                        (source_dir.clone(), dir.clone()),
                        (real_build_dir.clone(), build_dir.clone()),
                        (real_build_cache, build_cache.clone()),
                    ];
                    let launcher =
                        if root.is_dir() { Launcher::jail(root, &binds)? } else { Launcher::host() };
                    (dir, build_dir, build_cache, launcher)
                }
            };
        Ok(Parser {
            entry,
            dir,
            source_dir,
            build_dir,
            real_build_dir,
            build_cache,
            home,
            log_name,
            environment,
            launcher,
            kept: Mutex::new(None),
        })
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
            trial.timeout = parse_timeout(text)?.max(trial.timeout);
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
        for (name, value) in self.env_vars() {
            env.set(name, value);
        }
        env
    }

    /// The row's own variables, then its environment's (which pick the environment's runtime).
    fn env_vars(&self) -> impl Iterator<Item = (&String, &String)> {
        self.entry.env.iter().chain(self.environment.iter().flat_map(|environment| environment.env.iter()))
    }

    pub fn readiness(&self) -> Readiness {
        if let Some(environment) = &self.environment {
            if let Some(root) = environment.root() {
                if !environment.is_ready() || self.launcher.root().is_none() {
                    return Readiness::Missing(format!(
                        "environment `{}` not made yet ({} is missing)",
                        environment.id,
                        root.display()
                    ));
                }
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
        command.env("BUILD", &self.build_dir).envs(self.env_vars());
        self.launcher.prepare(&mut command, Some(&self.dir))?;
        Ok(command)
    }

    /// Builds the parser (if it has a build step and its sources changed). Output goes to
    /// `$BUILD/build.log`; the error names its first error line and the log.
    pub fn build(&self) -> Result<()> {
        // Before anything runs: a folder that cannot be fingerprinted cannot be built either.
        let fingerprint = self.fingerprint()?;
        if self.stamped(fingerprint) {
            return Ok(());
        }
        if let Some(build) = &self.entry.build {
            self.empty_build_folder()?;
            let log_path = self.real_build_dir.join("build.log");
            let log = fs::File::create(&log_path).map_err(|error| self.unusable(&log_path, error))?;
            let mut command = self.shell(build)?;
            // Only builds get it: a variable more in a probe's (or a hook's server's) environment
            // would take stack from it.
            command.env("BUILD_CACHE", &self.build_cache);
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
        let stamp = self.real_build_dir.join(BUILD_STAMP);
        fs::write(&stamp, fingerprint.to_string()).map_err(|error| self.unusable(&stamp, error))?;
        Ok(())
    }

    /// Removes what an earlier build left in the row's folder, so that a build's output is what
    /// its command makes from nothing (`python3 -m venv --without-pip` over an old venv kept its
    /// pip). Only the row's own folder: the environment's shared `$BUILD_CACHE` stays.
    fn empty_build_folder(&self) -> Result<(), UnusableBuildFolder> {
        let folder = &self.real_build_dir;
        // (`remove_dir_all` removes a link the build made, never what it leads to.)
        fs::remove_dir_all(folder)
            .and_then(|()| fs::create_dir(folder))
            .map_err(|error| UnusableBuildFolder(format!("cannot empty {}: {error}", folder.display())))
    }

    fn unusable(&self, path: &Path, error: std::io::Error) -> UnusableBuildFolder {
        UnusableBuildFolder(format!("cannot write {}: {error}", path.display()))
    }

    /// Whether the build is up to date; a folder that cannot be fingerprinted is not (`build`
    /// then says why).
    fn is_built(&self) -> bool {
        self.fingerprint().is_ok_and(|fingerprint| self.stamped(fingerprint))
    }

    /// Whether the last build was of the sources with this fingerprint and what it made is still
    /// there: a stamp outlives a folder emptied by hand.
    fn stamped(&self, fingerprint: u64) -> bool {
        fs::read_to_string(self.real_build_dir.join(BUILD_STAMP))
            .is_ok_and(|stamp| stamp.trim() == fingerprint.to_string())
            && self.built_program().is_none_or(|program| fs::symlink_metadata(program).is_ok())
    }

    /// The program `run` starts when the build makes it (`{build}/…`), on this side of a root
    /// (where a venv's `python` may be a link to the root's interpreter: the link is what counts).
    fn built_program(&self) -> Option<PathBuf> {
        let program = self.entry.run.first()?.strip_prefix("{build}/")?;
        Some(self.real_build_dir.join(program))
    }

    /// Changes whenever the sources, the build command or the staged build path change (a build
    /// may bake that path into a launcher). Fails on a FIFO, socket or device in the folder, which
    /// is never opened: reading one blocks, or never ends.
    fn fingerprint(&self) -> Result<u64> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.entry.build.hash(&mut hasher);
        self.build_dir.hash(&mut hasher);
        self.entry.env.hash(&mut hasher);
        if let Some(environment) = self.environment.as_ref().filter(|e| !e.env.is_empty()) {
            // What picks its runtime: another release of it is another build (and version).
            environment.env.hash(&mut hasher);
        }
        if self.entry.environment != HOST {
            // (Not for the host, whose builds predate environments and stay valid.)
            self.entry.environment.hash(&mut hasher);
        }
        // The checkout's folder: a root's mount point is empty on this side, and hashing it missed
        // every change to a program measured in a root (Debian 13's gqlparser kept a build from
        // before its phases).
        let mut files = Vec::new();
        collect_files(&self.source_dir, &self.source_dir, &mut Vec::new(), &mut files)?;
        files.sort();
        for file in files {
            file.strip_prefix(&self.source_dir).unwrap_or(&file).hash(&mut hasher);
            fs::read(&file).unwrap_or_default().hash(&mut hasher);
        }
        // The language folder's shared files (the protocol helper the program includes or
        // imports): an edit to them is a change of every program that uses them. Not the catalog
        // file, which every row of the language shares whatever it changes.
        let language_dir = self.source_dir.parent().unwrap_or(&self.source_dir);
        for file in shared_files(language_dir).into_iter().filter(|file| !file.ends_with("catalog.toml")) {
            file.file_name().hash(&mut hasher);
            fs::read(&file).unwrap_or_default().hash(&mut hasher);
        }
        Ok(hasher.finish())
    }

    /// The library version, from the entry's version command, or as it was last time when nothing
    /// it can depend on changed (see [`Parser::version_key`]). Fails only when interrupted.
    pub fn version(&self) -> Result<Option<String>> {
        self.cached_query(&self.entry.version, VERSION_CACHE)
    }

    /// What the row installed and runs it with, from its `installed` command (cached like the
    /// version): `CPython 3.11.2, wheel cp311-cp311-manylinux_2_17_x86_64`. `None` without one.
    pub fn installed(&self) -> Result<Option<String>> {
        match &self.entry.installed {
            Some(script) => self.cached_query(script, INSTALLED_CACHE),
            None => Ok(None),
        }
    }

    /// One line from `script`, or as it was last time (in `cache_name`) when nothing it can
    /// depend on changed. Fails only when interrupted.
    fn cached_query(&self, script: &str, cache_name: &str) -> Result<Option<String>> {
        let cache = self.real_build_dir.join(cache_name);
        let key = self.version_key(script);
        if let Some(version) = fs::read_to_string(&cache).ok().and_then(|text| {
            let (cached_key, version) = text.split_once('\n')?;
            (cached_key == key.to_string()).then(|| short_line(version, MAX_LINE_BYTES))
        }) {
            return Ok(Some(version));
        }
        let version = self.query_line(script)?;
        if let Some(version) = &version {
            // Only a cache: a write that fails costs a query next time.
            let _ = fs::write(&cache, format!("{key}\n{version}\n"));
        }
        Ok(version)
    }

    /// What a version can depend on: the version command, the build (its fingerprint), the helpers
    /// of its language folder (a pinned runtime's launcher says which runtime) and the package
    /// database of the machine or root it runs in (installing or upgrading anything with apt
    /// rewrites it).
    fn version_key(&self, script: &str) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        script.hash(&mut hasher);
        self.entry.setup.hash(&mut hasher);
        self.fingerprint().unwrap_or_default().hash(&mut hasher);
        for file in shared_files(&self.dir.join("..")) {
            fs::read(&file).unwrap_or_default().hash(&mut hasher);
        }
        let root = self.environment.as_ref().and_then(EnvironmentSpec::root).unwrap_or(Path::new("/"));
        if let Ok(status) = fs::metadata(root.join("var/lib/dpkg/status")) {
            status.len().hash(&mut hasher);
            status.modified().ok().hash(&mut hasher);
        }
        hasher.finish()
    }

    fn query_line(&self, script: &str) -> Result<Option<String>> {
        let output = match self
            .shell(script)
            .and_then(|mut command| task::capture(&mut command, "`version`", task::QUERY_TIMEOUT))
        {
            Ok(output) => output,
            Err(error) if interrupt::is_interrupted(&error) => return Err(error),
            Err(_) => return Ok(None),
        };
        // One line, cut short and printable: it is copied into every report.
        let line =
            output.stdout.lines().find(|l| !l.trim().is_empty()).map(|l| short_line(l, MAX_LINE_BYTES));
        Ok(line.filter(|_| output.status.success()))
    }

    /// The argv with `{build}` and `{dir}` expanded.
    pub fn argv(&self) -> Vec<OsString> {
        self.expand(&self.entry.run)
    }

    /// `args` with `{build}` and `{dir}` replaced, as `run`'s are (a product's client command).
    pub fn expand(&self, args: &[String]) -> Vec<OsString> {
        args.iter()
            .map(|arg| {
                arg.replace("{build}", &self.build_dir.to_string_lossy())
                    .replace("{dir}", &self.dir.to_string_lossy())
                    .into()
            })
            .collect()
    }

    /// Runs the row's `before` or `after` command, if it has one; fails with its first error line.
    /// What `before` starts (a server) runs until `after` has run, or until this row is dropped;
    /// `after` runs in its PID namespace, so it finds the server by the pid the server wrote down.
    pub fn hook(&self, hook: Hook) -> Result<()> {
        let name = hook.name();
        let kept = || self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let output = match hook {
            Hook::Before => {
                let Some(script) = &self.entry.before else { return Ok(()) };
                let (output, started) =
                    task::capture_kept(&mut self.shell(script)?, &format!("`{name}`"), task::HOOK_TIMEOUT)?;
                *kept() = Some(started);
                output
            }
            Hook::After => {
                let started = kept().take();
                let Some(script) = &self.entry.after else {
                    return started.map_or(Ok(()), task::Kept::release);
                };
                let namespace = started.as_ref().and_then(task::Kept::namespace);
                // It undoes what `before` set up: a run that stops must still undo it.
                let output = task::capture_joined(
                    &mut self.shell(script)?,
                    &format!("`{name}`"),
                    task::HOOK_TIMEOUT,
                    OnCtrlC::Finish,
                    namespace.as_ref().map(std::os::fd::AsRawFd::as_raw_fd),
                );
                if let Some(started) = started {
                    started.release()?;
                }
                output?
            }
        };
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
    let mut line: String = printable(line).chars().take(200).collect();
    if line.len() < text.len() && line.chars().count() == 200 {
        line.push('…');
    }
    line
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
