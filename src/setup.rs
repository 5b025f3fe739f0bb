//! `setup`: installs what the catalog's rows need to build and run, on the host (apt, as root) and
//! in each environment's root (made first by its setup script).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::catalog::{Catalog, Entry, EnvironmentSpec, Parser, Readiness};
use crate::run::plan::{self, Selection};
use crate::run::pool::{self, Event, RowWork};
use crate::sys::interrupt;
use crate::sys::launcher::Launcher;
use crate::sys::task;
use crate::ui::{messages, stdout};

/// What `setup` is asked to do.
pub struct SetupOptions {
    pub catalog: PathBuf,
    pub selection: Selection,
    pub build_dir: PathBuf,
    /// Builds run at once.
    pub build_jobs: usize,
    /// Print what would be installed, install nothing.
    pub dry_run: bool,
}

/// Installs the selected rows' toolchains: each environment's root first (made by its setup
/// script), then the rows' packages and setup scripts, then their builds; fails naming every row
/// still not ready. The host's rows build while the environments are made.
pub fn setup(args: &SetupOptions) -> Result<()> {
    let catalog = Catalog::load(&args.catalog)?;
    let entries = plan::select(&catalog, &args.selection)?;
    let log = SetupLog::new(&args.build_dir, args.dry_run)?;
    // The host's rows first, then each environment's, in catalog order.
    let mut environments: Vec<Option<&EnvironmentSpec>> = vec![None];
    for entry in &entries {
        let environment = catalog.environment_of(entry);
        if !environments.contains(&environment) {
            environments.push(environment);
        }
    }
    let failures = std::thread::scope(|scope| -> Result<Vec<String>> {
        let mut failures = Vec::new();
        let mut host_builds = None;
        let mut later = Vec::new();
        for environment in environments {
            let rows: Vec<&Entry> =
                entries.iter().copied().filter(|e| catalog.environment_of(e) == environment).collect();
            if rows.is_empty() {
                continue;
            }
            let launcher = match environment {
                None => Launcher::host(),
                Some(environment) => match make_environment(&catalog, environment, args.dry_run, &log) {
                    Ok(launcher) => launcher,
                    Err(error) if interrupt::is_interrupted(&error) => return Err(error),
                    Err(error) => {
                        failures.push(format!("environment {} ({error:#})", environment.id));
                        continue;
                    }
                },
            };
            let root = environment.and_then(EnvironmentSpec::root);
            set_up_rows(&catalog, &rows, &launcher, root, args, &log, &mut failures)?;
            match environment {
                // Nothing the environments install is the host rows': their builds go on while
                // the roots are made (each mostly waiting on downloads and the disk).
                None if !args.dry_run => {
                    let catalog = &catalog;
                    host_builds = Some(scope.spawn(move || check_and_build(catalog, &rows, args)));
                }
                _ => later.extend(rows),
            }
        }
        if !args.dry_run {
            failures.extend(check_and_build(&catalog, &later, args)?);
        }
        if let Some(host_builds) = host_builds {
            failures.extend(host_builds.join().expect("no build panics")?);
        }
        Ok(failures)
    })?;
    if failures.is_empty() {
        if !args.dry_run {
            messages::info(format_args!(
                "setup done: {} rows ready (output of each step in {})",
                entries.len(),
                log.path.display()
            ));
        }
        Ok(())
    } else {
        bail!("setup incomplete: {} (output of each step in {})", failures.join(", "), log.path.display())
    }
}

/// What setup is for: every row's toolchain there, and its build. A row whose packages went in but
/// whose check still fails would otherwise only show up as skipped at the end of a long run. The
/// failures, each naming its row.
fn check_and_build(catalog: &Catalog, rows: &[&Entry], args: &SetupOptions) -> Result<Vec<String>> {
    let mut failures = Vec::new();
    let mut to_build = Vec::new();
    for entry in rows {
        match catalog.readiness(entry, &args.build_dir) {
            Readiness::Missing(why) => failures.push(format!("{} still not ready: {why}", entry.key())),
            Readiness::NeedsBuild => to_build.push(*entry),
            Readiness::Ready => {}
        }
    }
    build_rows(catalog, &to_build, &args.build_dir, args.build_jobs, &mut failures)?;
    Ok(failures)
}

/// Builds the rows whose build is not up to date, `jobs` at once, so that `run` only measures and a
/// build that fails is found before any probe. (`run` still builds a row whose sources changed
/// since.) A failed build is a failure of setup, named with its log. Ends with what took longest:
/// where a setup's time went.
fn build_rows(
    catalog: &Catalog,
    rows: &[&Entry],
    build_root: &Path,
    jobs: usize,
    failures: &mut Vec<String>,
) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let started = Instant::now();
    let builds = Builds { catalog, rows, build_root };
    let order = interleaved_by_language(rows);
    let (mut done, mut built, mut interrupted) = (0, 0, None);
    let mut took = Vec::new();
    let finished = pool::run(jobs, &order, &builds, |event| match event {
        Event::Started(index) => {
            messages::info(format_args!("building {}", rows[index].key()));
        }
        Event::Finished(index, (outcome, seconds)) => {
            done += 1;
            let key = rows[index].key();
            match outcome {
                Ok(()) => {
                    built += 1;
                    took.push((seconds, key.clone()));
                    messages::info(format_args!(
                        "  built {key} in {} ({done}/{})",
                        whole_seconds(seconds),
                        rows.len()
                    ));
                }
                Err(error) if interrupt::is_interrupted(&error) => interrupted = Some(error),
                Err(error) => failures.push(format!("{key} build failed: {error:#}")),
            }
        }
    });
    if let Some(error) = interrupted {
        return Err(error);
    }
    finished?;
    took.sort_by(|a, b| b.0.total_cmp(&a.0));
    let longest: Vec<String> =
        took.iter().take(5).map(|(seconds, key)| format!("{key} {}", whole_seconds(*seconds))).collect();
    messages::info(format_args!(
        "built {built} of {} rows in {} ({} at once); longest: {}",
        rows.len(),
        whole_seconds(started.elapsed().as_secs_f64()),
        jobs.min(rows.len()),
        longest.join(", ")
    ));
    Ok(())
}

/// The rows' indices, one row of each language in turn (in catalog order within a language): a
/// language's builds often share a lock (cargo's shared build folder lets one build at a time), so
/// side by side they would wait on each other, and the catalog lists a language's rows together.
fn interleaved_by_language(rows: &[&Entry]) -> Vec<usize> {
    let mut languages: Vec<(&str, Vec<usize>)> = Vec::new();
    for (index, entry) in rows.iter().enumerate() {
        match languages.iter_mut().find(|(language, _)| *language == entry.language) {
            Some((_, indices)) => indices.push(index),
            None => languages.push((&entry.language, vec![index])),
        }
    }
    let longest = languages.iter().map(|(_, indices)| indices.len()).max().unwrap_or(0);
    (0..longest)
        .flat_map(|turn| languages.iter().filter_map(move |(_, indices)| indices.get(turn).copied()))
        .collect()
}

/// `12s`, `3m 4s`: a build's time as a person reads it.
fn whole_seconds(seconds: f64) -> humantime::FormattedDuration {
    humantime::format_duration(Duration::from_secs(seconds.round() as u64))
}

/// The builds of setup, as the run's pool takes rows: nothing to make ready, each one built in its
/// own folder (rows never share one).
struct Builds<'a> {
    catalog: &'a Catalog,
    rows: &'a [&'a Entry],
    build_root: &'a Path,
}

impl RowWork for Builds<'_> {
    type Ready = ();
    /// The build's outcome and its seconds.
    type Found = (Result<()>, f64);

    fn prepare(&self, _: usize) {}

    fn work(&self, index: usize, _: ()) -> (Result<()>, f64) {
        let started = Instant::now();
        let outcome =
            Parser::new(self.catalog, self.rows[index], self.build_root).and_then(|parser| parser.build());
        (outcome, started.elapsed().as_secs_f64())
    }

    fn abandon(&self, _: usize, _: ()) {}
}

/// Where the output of setup's steps goes: a person wants to see what is being installed, not
/// apt's and dpkg's thousands of lines; the log keeps them for when a step fails.
struct SetupLog {
    path: PathBuf,
}

impl SetupLog {
    /// The log in `build_dir`, emptied (a dry run writes nothing).
    fn new(build_dir: &Path, dry_run: bool) -> Result<SetupLog> {
        let path = build_dir.join("setup.log");
        if !dry_run {
            std::fs::create_dir_all(build_dir)
                .with_context(|| format!("cannot create {}", build_dir.display()))?;
            std::fs::write(&path, "").with_context(|| format!("cannot write {}", path.display()))?;
        }
        Ok(SetupLog { path })
    }

    /// Runs one step with its output appended to the log; says on stderr what runs and how long
    /// it took.
    fn run(&self, command: &mut Command, what: &str) -> Result<ExitStatus> {
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&self.path)
            .with_context(|| format!("cannot write {}", self.path.display()))?;
        writeln!(file, "== {what}")?;
        command.stdout(file.try_clone()?).stderr(file);
        let started = Instant::now();
        let status = task::run(command, what, task::SETUP_TIMEOUT)?;
        messages::info(format_args!(
            "  {what}: {} ({})",
            if status.success() { "done" } else { "failed" },
            humantime::format_duration(Duration::from_secs(started.elapsed().as_secs()))
        ));
        Ok(status)
    }

    /// The last lines of the log, for an error message.
    fn tail(&self) -> String {
        let text = std::fs::read_to_string(&self.path).unwrap_or_default();
        let lines: Vec<&str> =
            text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with("== ")).collect();
        lines[lines.len().saturating_sub(3)..].join(" / ")
    }
}

/// Makes an environment's root with its setup script (which does nothing when the root is there).
fn make_environment(
    catalog: &Catalog,
    environment: &EnvironmentSpec,
    dry_run: bool,
    log: &SetupLog,
) -> Result<Launcher> {
    let folder = catalog.path.parent().unwrap_or(Path::new("."));
    let place = match environment.root() {
        Some(root) => format!("in {}", root.display()),
        None => "on the host".to_string(),
    };
    if let Some(script) = &environment.setup {
        let vars: Vec<String> = environment
            .root()
            .map(|root| format!("ROOT={}", root.display()))
            .into_iter()
            .chain(environment.env.iter().map(|(name, value)| format!("{name}={value}")))
            .collect();
        if dry_run {
            stdout::line(format_args!("(cd {} && {} sh {script})", folder.display(), vars.join(" ")))?;
        } else {
            if !nix::unistd::geteuid().is_root() {
                bail!("making it needs root (run `sudo nestprobe setup`)");
            }
            messages::info(format_args!("making environment {} {place} ({script})", environment.id));
            let mut command = Command::new("sh");
            command.arg(script).current_dir(folder).envs(&environment.env).stdin(Stdio::null());
            if let Some(root) = environment.root() {
                command.env("ROOT", root);
            }
            let status = log.run(&mut command, script)?;
            if !status.success() {
                bail!("{script} exited with {status}: {}", log.tail());
            }
        }
    }
    let Some(root) = environment.root() else {
        // The host's own file system: its rows' packages and scripts go there.
        return Ok(Launcher::host());
    };
    if dry_run && !environment.is_ready() {
        // Nothing runs in a dry run: the root only names where its packages would go.
        return Ok(Launcher::host());
    }
    if !environment.is_ready() {
        bail!("{} is not a finished root (no .nestprobe-ready in it)", root.display());
    }
    Launcher::jail(root, &[])
}

/// Installs the rows' packages and runs their setup scripts, on the host (`root` None) or inside a
/// root. A dry run only prints what would run: every package, for a root not made yet.
fn set_up_rows(
    catalog: &Catalog,
    rows: &[&Entry],
    launcher: &Launcher,
    root: Option<&Path>,
    args: &SetupOptions,
    log: &SetupLog,
    failures: &mut Vec<String>,
) -> Result<()> {
    let (build_root, dry_run) = (args.build_dir.as_path(), args.dry_run);
    let mut packages: Vec<String> = rows.iter().flat_map(|e| e.apt.iter().cloned()).collect();
    packages.sort();
    packages.dedup();
    let missing = crate::catalog::missing_packages(root, &packages);
    let inside = root.map(|root| format!(" (in {})", root.display())).unwrap_or_default();
    let scripts: Vec<&Entry> = rows.iter().copied().filter(|e| e.setup.is_some()).collect();
    if dry_run {
        if !missing.is_empty() {
            stdout::line(format_args!("apt-get install -y {}{inside}", missing.join(" ")))?;
        }
        for entry in scripts {
            stdout::line(format_args!(
                "(cd {} && sh {}){inside}",
                catalog.source_dir(entry).display(),
                entry.setup.as_deref().unwrap_or("")
            ))?;
        }
        return Ok(());
    }
    if !packages.is_empty() {
        apt(launcher, &["update", "-qq"], log)?;
    }
    if !missing.is_empty() {
        messages::info(format_args!("installing {} packages{inside}: {}", missing.len(), missing.join(" ")));
        if let Err(error) = apt_install(launcher, &missing, log) {
            if interrupt::is_interrupted(&error) {
                return Err(error);
            }
            // One unavailable package must not keep the others out: retry them one by one.
            for package in &missing {
                match apt_install(launcher, std::slice::from_ref(package), log) {
                    Err(error) if interrupt::is_interrupted(&error) => return Err(error),
                    Err(_) => failures.push(format!("apt package {package}{inside}")),
                    Ok(()) => {}
                }
            }
        }
    }
    upgrade_outdated(launcher, &packages, &inside, log, failures)?;
    for entry in scripts {
        let script = entry.setup.as_deref().unwrap_or_default();
        messages::info(format_args!("setting up {} ({script})", entry.key()));
        let command = if root.is_some() {
            // Inside the root the script sees the parser's folder where its commands do.
            Parser::new(catalog, entry, build_root).and_then(|parser| parser.shell(&format!("sh {script}")))
        } else {
            // A root-less environment's variables reach its rows' scripts too (the runtime they
            // pick is what the script installs).
            let mut command = Command::new("sh");
            command.arg(script).current_dir(catalog.source_dir(entry)).stdin(Stdio::null());
            command.envs(catalog.environment_of(entry).into_iter().flat_map(|e| e.env.iter()));
            Ok(command)
        };
        let ran =
            command.and_then(|mut command| log.run(&mut command, &format!("{}'s {script}", entry.key())));
        match ran {
            Ok(status) if status.success() => {}
            Ok(status) => failures.push(format!("{} ({script}: {status}: {})", entry.key(), log.tail())),
            Err(error) if interrupt::is_interrupted(&error) => return Err(error),
            Err(error) => failures.push(format!("{} ({error:#})", entry.key())),
        }
    }
    Ok(())
}

/// Brings the rows' packages and what they depend on to the archive's current versions, as a fresh
/// `debian:12` container installs them: a machine made from an older image measured older point
/// releases otherwise (eleven rows' versions on a fresh machine of this image: jq, libxml2, expat,
/// OpenSSL, the JDK, Python, PostgreSQL). Only packages already installed are touched.
fn upgrade_outdated(
    launcher: &Launcher,
    packages: &[String],
    inside: &str,
    log: &SetupLog,
    failures: &mut Vec<String>,
) -> Result<()> {
    if packages.is_empty() {
        return Ok(());
    }
    let outdated = match outdated_packages(launcher, packages) {
        Ok(outdated) => outdated,
        Err(error) if interrupt::is_interrupted(&error) => return Err(error),
        Err(error) => {
            messages::warn(format_args!("could not tell which packages are outdated{inside}: {error:#}"));
            return Ok(());
        }
    };
    if outdated.is_empty() {
        return Ok(());
    }
    messages::info(format_args!(
        "upgrading {} packages to the archive's versions{inside}: {}",
        outdated.len(),
        outdated.join(" ")
    ));
    let mut args = vec!["install", "-y", "-q", "--only-upgrade", "-o", "DPkg::Lock::Timeout=600"];
    args.extend(outdated.iter().map(String::as_str));
    match apt(launcher, &args, log) {
        Err(error) if interrupt::is_interrupted(&error) => Err(error),
        Err(error) => {
            failures.push(format!("upgrading packages{inside} ({error:#})"));
            Ok(())
        }
        Ok(()) => Ok(()),
    }
}

/// The installed packages among `packages` and their dependencies that the archive has newer
/// versions of (apt-get's simulation of upgrading them all).
fn outdated_packages(launcher: &Launcher, packages: &[String]) -> Result<Vec<String>> {
    let mut args = vec!["depends", "--recurse", "--installed"];
    args.extend(["--no-recommends", "--no-suggests", "--no-conflicts", "--no-breaks"]);
    args.extend(["--no-replaces", "--no-enhances"]);
    args.extend(packages.iter().map(String::as_str));
    let tree = apt_output(launcher, "apt-cache", &args)?;
    let mut args = vec!["-s", "-q", "install", "--only-upgrade"];
    args.extend(packages_in_tree(&tree));
    Ok(upgrades_in_plan(&apt_output(launcher, "apt-get", &args)?))
}

/// The packages of `apt-cache depends --recurse`'s output: its unindented lines (`<virtual>`
/// names stand for one of them).
fn packages_in_tree(tree: &str) -> Vec<&str> {
    let mut packages: Vec<&str> =
        tree.lines().filter(|line| !line.is_empty() && !line.starts_with([' ', '<'])).collect();
    packages.sort_unstable();
    packages.dedup();
    packages
}

/// The packages `apt-get -s install` would install or upgrade (its `Inst NAME [OLD] (NEW …)` lines).
fn upgrades_in_plan(plan: &str) -> Vec<String> {
    plan.lines()
        .filter_map(|line| line.strip_prefix("Inst "))
        .filter_map(|line| line.split_whitespace().next())
        .map(String::from)
        .collect()
}

/// What an apt program that changes nothing (a query, a simulation) prints, on the host or
/// inside a root.
fn apt_output(launcher: &Launcher, program: &str, args: &[&str]) -> Result<String> {
    let mut command = Command::new(program);
    command.args(args).stdin(Stdio::null()).stderr(Stdio::piped());
    enter(launcher, &mut command)?;
    let output = command.output().with_context(|| format!("running {program}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!("{program} {} failed ({}): {}", args[0], output.status, stderr.trim());
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// apt-get as root (through sudo when we are not root), on the host or inside a root.
fn apt(launcher: &Launcher, args: &[&str], log: &SetupLog) -> Result<()> {
    let mut command = if nix::unistd::geteuid().is_root() {
        Command::new("apt-get")
    } else if launcher.root().is_some() {
        bail!("installing packages in an environment's root needs root (run `sudo nestprobe setup`)");
    } else {
        let mut sudo = Command::new("sudo");
        sudo.arg("apt-get");
        sudo
    };
    command.args(args).env("DEBIAN_FRONTEND", "noninteractive").stdin(Stdio::null());
    enter(launcher, &mut command)?;
    let status = log.run(&mut command, &format!("apt-get {}", args[0]))?;
    if !status.success() {
        bail!("apt-get {} failed ({status}): {}", args.join(" "), log.tail());
    }
    Ok(())
}

/// Runs `command` where the launcher's rows run; inside a root, with the root's own fixed
/// environment instead of the host's.
fn enter(launcher: &Launcher, command: &mut Command) -> Result<()> {
    if launcher.root().is_some() {
        command.env_clear().env("PATH", crate::sys::child_env::FIXED_PATH).env("LANG", "C.UTF-8");
    }
    launcher.prepare(command, None)
}

fn apt_install(launcher: &Launcher, packages: &[String], log: &SetupLog) -> Result<()> {
    let mut args = vec!["install", "-y", "-q", "--no-install-recommends", "-o", "DPkg::Lock::Timeout=600"];
    args.extend(packages.iter().map(String::as_str));
    // Debian mirrors sometimes fail a download once; a second try usually works.
    match apt(launcher, &args, log) {
        Err(error) if !interrupt::is_interrupted(&error) => apt(launcher, &args, log),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outdated_packages_are_read_from_apts_dependency_tree_and_simulation() {
        let tree =
            "jq\n  Depends: libjq1\n  Depends: <libc6>\nlibjq1\n  Depends: libonig5\n<libc6>\nlibonig5\njq\n";
        assert_eq!(packages_in_tree(tree), ["jq", "libjq1", "libonig5"]);
        let plan = "NOTE: This is only a simulation!\nReading package lists...\n\
                    The following packages will be upgraded:\n  jq libjq1\n\
                    Inst libjq1 [1.6-2.1+deb12u1] (1.6-2.1+deb12u3 Debian-Security:12/oldstable-security [amd64])\n\
                    Inst jq [1.6-2.1+deb12u1] (1.6-2.1+deb12u3 Debian-Security:12/oldstable-security [amd64])\n\
                    Conf libjq1 (1.6-2.1+deb12u3 Debian-Security:12/oldstable-security [amd64])\n";
        assert_eq!(upgrades_in_plan(plan), ["libjq1", "jq"]);
    }

    #[test]
    fn builds_take_one_row_of_each_language_in_turn() {
        let row = |id: &str, language: &str| Entry { language: language.into(), ..Entry::bare(id, "host") };
        let rows =
            [row("r1", "Rust"), row("r2", "Rust"), row("r3", "Rust"), row("p1", "Python"), row("c1", "C")];
        let rows: Vec<&Entry> = rows.iter().collect();
        let ids: Vec<&str> =
            interleaved_by_language(&rows).into_iter().map(|i| rows[i].id.as_str()).collect();
        assert_eq!(ids, ["r1", "p1", "c1", "r2", "r3"]);
    }
}
