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

/// Installs the selected rows' toolchains: each environment's root first (made by its setup
/// script), then the rows' packages and setup scripts, then their builds; fails naming every row
/// still not ready. The host's rows build while the host's packages go in (those that need none)
/// and while the environments are made.
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
    let started = Instant::now();
    let packages_in = PackagesGate::default();
    let failures = std::thread::scope(|scope| -> Result<Vec<String>> {
        let mut failures = Vec::new();
        let host_rows: Vec<&Entry> =
            entries.iter().copied().filter(|e| catalog.environment_of(e).is_none()).collect();
        // The host's builds start now: those that need no package build while the packages go in
        // (apt mostly waits on downloads and the disk), the others wait for them. Nothing the
        // environments install is the host rows': their builds go on while the roots are made.
        let host_builds = (!args.dry_run && !host_rows.is_empty()).then(|| {
            let (catalog, gate) = (&catalog, &packages_in);
            scope.spawn(move || {
                builds::build_rows(catalog, &host_rows, &args.build_dir, args.build_jobs, Some(gate))
            })
        });
        // Opens the gate on an early return too, so that no build waits for it forever.
        let _opens = packages_in.opens_on_drop();
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
                None => packages_in.open(true),
                Some(_) => later.extend(rows),
            }
        }
        if !args.dry_run {
            failures.extend(builds::build_rows(&catalog, &later, &args.build_dir, args.build_jobs, None)?);
        }
        if let Some(host_builds) = host_builds {
            failures.extend(host_builds.join().expect("no build panics")?);
        }
        Ok(failures)
    })?;
    if failures.is_empty() {
        if !args.dry_run {
            messages::info(format_args!(
                "setup done: {} rows ready in {}{} (output of each step in {})",
                entries.len(),
                builds::whole_seconds(started.elapsed().as_secs_f64()),
                cpu_floor(),
                log.path.display()
            ));
        }
        Ok(())
    } else {
        bail!("setup incomplete: {} (output of each step in {})", failures.join(", "), log.path.display())
    }
}

/// What setup's programs (apt, the compilers, the package managers) cost in CPU time, and so what
/// no schedule of them could take less than on this machine's CPUs: `; its programs used 38m 12s
/// of CPU, no less than 19m 6s on 2 CPUs`. Empty when the kernel does not say.
fn cpu_floor() -> String {
    use nix::sys::resource::{getrusage, UsageWho};
    let Ok(usage) = getrusage(UsageWho::RUSAGE_CHILDREN) else { return String::new() };
    let seconds = |time: nix::sys::time::TimeVal| time.tv_sec() as f64 + time.tv_usec() as f64 / 1e6;
    let cpu = seconds(usage.user_time()) + seconds(usage.system_time());
    let cpus = crate::host::cpus().max(1);
    format!(
        "; its programs used {} of CPU, no less than {} on {cpus} CPUs",
        builds::whole_seconds(cpu),
        builds::whole_seconds(cpu / cpus as f64)
    )
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
