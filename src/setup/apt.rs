//! apt on the host or inside an environment's root: installing the rows' packages, and bringing
//! them to the archive's current versions.

use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

use super::log::SetupLog;
use crate::sys::interrupt;
use crate::sys::launcher::Launcher;
use crate::ui::messages;

/// Brings the rows' packages and what they depend on to the archive's current versions, as a fresh
/// `debian:12` container installs them: a machine made from an older image measured older point
/// releases otherwise (eleven rows' versions on a fresh machine of this image: jq, libxml2, expat,
/// OpenSSL, the JDK, Python, PostgreSQL). Only packages already installed are touched.
pub(super) fn upgrade_outdated(
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
pub(super) fn apt(launcher: &Launcher, args: &[&str], log: &SetupLog) -> Result<()> {
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
pub(super) fn enter(launcher: &Launcher, command: &mut Command) -> Result<()> {
    if launcher.root().is_some() {
        command.env_clear().env("PATH", crate::sys::child_env::FIXED_PATH).env("LANG", "C.UTF-8");
    }
    launcher.prepare(command, None)
}

pub(super) fn apt_install(launcher: &Launcher, packages: &[String], log: &SetupLog) -> Result<()> {
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
}
