//! `setup`: installs what the catalog's rows need to build and run, on the host (apt, as root) and
//! in each environment's root (made first by its setup script).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{bail, Result};

mod apt;
mod builds;
mod log;

use self::apt::{apt, apt_install, upgrade_outdated};
use self::builds::PackagesGate;
use self::log::SetupLog;
use crate::catalog::{Catalog, Entry, EnvironmentSpec, Parser};
use crate::run::plan::{self, Selection};
use crate::sys::interrupt;
use crate::sys::launcher::Launcher;
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

/// Installs the selected rows' toolchains and builds them; fails naming every row still not ready.
/// Three lines of work at once, each waiting only for what it needs: the host's packages and
/// setup scripts, then its environments without a root (their scripts run on the host); the
/// host's builds, those that need no package from the start, the others once the packages are
/// in; and each environment with a root: made at once, then set up once the host's packages are
/// in (one dpkg at a time on the disk), then built.
pub fn setup(args: &SetupOptions) -> Result<()> {
    let catalog = Catalog::load(&args.catalog)?;
    let entries = plan::select(&catalog, &args.selection)?;
    let log = SetupLog::new(&args.build_dir, args.dry_run)?;
    // The environments of the selected rows, in catalog order.
    let mut environments: Vec<&EnvironmentSpec> = Vec::new();
    for entry in &entries {
        if let Some(environment) = catalog.environment_of(entry) {
            if !environments.contains(&environment) {
                environments.push(environment);
            }
        }
    }
    let rows_of = |environment: Option<&EnvironmentSpec>| -> Vec<&Entry> {
        entries.iter().copied().filter(|e| catalog.environment_of(e) == environment).collect()
    };
    let (started, ticks) = (Instant::now(), CpuTicks::now());
    let packages_in = PackagesGate::default();
    let failures =
        std::thread::scope(|scope| -> Result<Vec<String>> {
            let (catalog, packages_in) = (&catalog, &packages_in);
            let mut failures = Vec::new();
            let host_rows = rows_of(None);
            // The host's builds start now: the rows that need no package (the Rust rows, whose cargo
            // is rustup's) while the packages go in; the others wait for the packages in a pool of
            // their own. One pool for both would hand its workers the rows in one order: the Rust
            // rows left when the packages are in would hold every worker, all but one waiting on
            // cargo's lock on the shared build folder.
            let (early, gated): (Vec<&Entry>, Vec<&Entry>) =
                host_rows.iter().partition(|entry| !builds::needs_packages(entry));
            let mut host_builds = Vec::new();
            if !args.dry_run {
                host_builds.push(scope.spawn(move || {
                    builds::build_rows(catalog, &early, &args.build_dir, args.build_jobs, None)
                }));
                host_builds.push(scope.spawn(move || {
                    builds::build_rows(catalog, &gated, &args.build_dir, args.build_jobs, Some(packages_in))
                }));
            }
            // Opens the gate on an early return too, so that no build waits for it forever.
            let _opens = packages_in.opens_on_drop();
            // An environment with a root goes on its own thread from the start: what it installs goes
            // into its root, not the host. (Its script may install debootstrap on the host; apt waits
            // for the other's lock.) A dry run prints in order instead.
            let (rooted, rootless): (Vec<&EnvironmentSpec>, Vec<&EnvironmentSpec>) =
                environments.iter().partition(|environment| environment.root().is_some());
            let mut beside = Vec::new();
            for &environment in rooted.iter().filter(|_| !args.dry_run) {
                let rows = rows_of(Some(environment));
                beside.push(
                    scope.spawn(move || set_up_environment(catalog, environment, &rows, args, packages_in)),
                );
            }
            if !host_rows.is_empty() {
                set_up_rows(catalog, &host_rows, &Launcher::host(), None, args, &log, &mut failures)?;
            }
            packages_in.open(true);
            // An environment without a root is the host with other variables: its rows' scripts run
            // on the host and may need its packages (setup-node.sh's curl), so it comes after them.
            let dry_rooted = rooted.iter().filter(|_| args.dry_run);
            let mut later = Vec::new();
            for &environment in dry_rooted.chain(&rootless) {
                let rows = rows_of(Some(environment));
                if prepare_environment(catalog, environment, &rows, args, &log, None, &mut failures)? {
                    later.extend(rows);
                }
            }
            if !args.dry_run {
                failures.extend(builds::build_rows(catalog, &later, &args.build_dir, args.build_jobs, None)?);
            }
            for builds in host_builds {
                failures.extend(builds.join().expect("no build panics")?);
            }
            for environment in beside {
                failures.extend(environment.join().expect("no environment's setup panics")?);
            }
            Ok(failures)
        })?;
    let logs = if environments.iter().any(|environment| environment.root().is_some()) {
        format!("{} and setup-ENVIRONMENT.log beside it", log.path.display())
    } else {
        log.path.display().to_string()
    };
    if failures.is_empty() {
        if !args.dry_run {
            let wall = started.elapsed().as_secs_f64();
            messages::info(format_args!(
                "setup done: {} rows ready in {}{} (output of each step in {logs})",
                entries.len(),
                builds::whole_seconds(wall),
                cpu_busy_since(ticks),
            ));
        }
        Ok(())
    } else {
        bail!("setup incomplete: {} (output of each step in {logs})", failures.join(", "))
    }
}

/// An environment with a root, start to end on its own thread: made (its script: debootstrap,
/// mostly downloads), then, once the host's packages are in, its rows' packages and scripts
/// installed in it and its rows built. The wait is for the disk: two dpkg runs at once took the
/// host's install from 10 to 14 min here, and every host row that needs a package waits for that
/// one; the root's install then goes on beside the host's builds. The failures, each naming its
/// row (or the environment).
fn set_up_environment(
    catalog: &Catalog,
    environment: &EnvironmentSpec,
    rows: &[&Entry],
    args: &SetupOptions,
    host_packages: &PackagesGate,
) -> Result<Vec<String>> {
    let log = SetupLog::of_environment(&args.build_dir, &environment.id, args.dry_run)?;
    let mut failures = Vec::new();
    if prepare_environment(catalog, environment, rows, args, &log, Some(host_packages), &mut failures)? {
        failures.extend(builds::build_rows(catalog, rows, &args.build_dir, args.build_jobs, None)?);
    }
    Ok(failures)
}

/// Makes an environment (its root, by its script) and, once `after` is open (whatever became of
/// the host's packages: the wait is for the disk), installs its rows' packages and scripts; whether
/// it could be made (if not, the failure names it). A row's package or script that fails is the
/// row's failure: its readiness shows it at the build.
fn prepare_environment(
    catalog: &Catalog,
    environment: &EnvironmentSpec,
    rows: &[&Entry],
    args: &SetupOptions,
    log: &SetupLog,
    after: Option<&PackagesGate>,
    failures: &mut Vec<String>,
) -> Result<bool> {
    let launcher = match make_environment(catalog, environment, args.dry_run, log) {
        Ok(launcher) => launcher,
        Err(error) if interrupt::is_interrupted(&error) => return Err(error),
        Err(error) => {
            failures.push(format!("environment {} ({error:#})", environment.id));
            return Ok(false);
        }
    };
    if let Some(gate) = after {
        gate.wait();
    }
    set_up_rows(catalog, rows, &launcher, environment.root(), args, log, failures)?;
    Ok(true)
}

/// The machine's CPU time since boot, busy and in all, in clock ticks: the `cpu` line of
/// /proc/stat. (One line of a kernel file: the procfs crate would bring far more than it.)
#[derive(Clone, Copy)]
struct CpuTicks {
    busy: u64,
    total: u64,
}

impl CpuTicks {
    fn now() -> Option<CpuTicks> {
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        let fields: Vec<u64> = stat
            .lines()
            .next()?
            .strip_prefix("cpu ")?
            .split_whitespace()
            .map_while(|f| f.parse().ok())
            .collect();
        // user nice system idle iowait irq softirq steal (guest time is inside user and nice).
        let total: u64 = fields.iter().take(8).sum();
        let idle = fields.get(3)? + fields.get(4).unwrap_or(&0);
        Some(CpuTicks { busy: total - idle, total })
    }
}

/// How busy the machine's CPUs were since `before`: `; the 2 CPUs busy 97 % of it`. A share near
/// all is a setup the machine's CPUs bound: only less work makes it faster. Empty where the kernel
/// does not say.
fn cpu_busy_since(before: Option<CpuTicks>) -> String {
    let Some((before, after)) = before.zip(CpuTicks::now()) else { return String::new() };
    let total = after.total.saturating_sub(before.total);
    if total == 0 {
        return String::new();
    }
    let busy = after.busy.saturating_sub(before.busy) as f64 / total as f64;
    format!("; the {} CPUs busy {:.0} % of it", crate::host::cpus(), busy * 100.0)
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
