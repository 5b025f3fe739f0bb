//! Which containment this machine allows for nestprobe's children, decided once per process.
//!
//! A PID namespace per child where the kernel lets us make one (as root, or inside a user namespace
//! of our own that maps the user to itself, so programs that refuse root behave as before); a child
//! subreaper with death signals where it does not (a container that forbids namespaces, say).
//! `NESTPROBE_CONTAINMENT=subreaper` (or `pid-namespace`) chooses instead, for tests and for
//! comparing the two.

use std::sync::OnceLock;

use anyhow::{bail, Result};

use crate::results::settings::Containment;
use crate::sys::process;

/// The variable that chooses the containment instead of the machine.
pub const CHOICE_VARIABLE: &str = "NESTPROBE_CONTAINMENT";

/// The containment every child of this process gets.
pub fn current() -> Containment {
    static CURRENT: OnceLock<Containment> = OnceLock::new();
    *CURRENT.get_or_init(|| match chosen() {
        Ok(Some(choice)) => choice,
        // The variable was checked when the command line was (see `check_choice`).
        Ok(None) | Err(_) if pid_namespaces_allowed() => Containment::PidNamespace,
        Ok(None) | Err(_) => Containment::Subreaper,
    })
}

/// Fails with one line when `NESTPROBE_CONTAINMENT` names no containment, or one this machine
/// does not allow.
pub fn check_choice() -> Result<()> {
    if chosen()? == Some(Containment::PidNamespace) && !pid_namespaces_allowed() {
        bail!("{CHOICE_VARIABLE}=pid-namespace: this machine allows no PID namespace to nestprobe");
    }
    Ok(())
}

fn chosen() -> Result<Option<Containment>> {
    let Some(value) = std::env::var_os(CHOICE_VARIABLE) else { return Ok(None) };
    match value.to_str().map(str::trim) {
        Some("") => Ok(None),
        Some("pid-namespace") => Ok(Some(Containment::PidNamespace)),
        Some("subreaper") => Ok(Some(Containment::Subreaper)),
        _ => bail!(
            "{CHOICE_VARIABLE}={}: expected `pid-namespace` or `subreaper`",
            value.to_string_lossy().escape_debug()
        ),
    }
}

/// The uid_map and gid_map texts a non-root user's PID namespace needs (the user mapped to itself);
/// `None` as root, who needs no user namespace.
pub fn user_maps() -> Option<(String, String)> {
    let uid = nix::unistd::geteuid();
    let gid = nix::unistd::getegid();
    (!uid.is_root()).then(|| (format!("{uid} {uid} 1"), format!("{gid} {gid} 1")))
}

/// Whether a forked child can make a PID namespace and start its init there.
fn pid_namespaces_allowed() -> bool {
    let maps = user_maps();
    let mut flags = libc::CLONE_NEWPID;
    if maps.is_some() {
        flags |= libc::CLONE_NEWUSER;
    }
    // SAFETY: the child only makes system calls and leaves with _exit; the map texts were made
    // before the fork.
    unsafe {
        match libc::fork() {
            -1 => false,
            0 => {
                let allowed = libc::unshare(flags) == 0
                    && maps
                        .as_ref()
                        .is_none_or(|(uid_map, gid_map)| process::map_user(uid_map, gid_map).is_ok());
                if !allowed {
                    libc::_exit(1);
                }
                match libc::fork() {
                    -1 => libc::_exit(1),
                    0 => libc::_exit(0),
                    init => {
                        let mut status = 0;
                        libc::waitpid(init, &mut status, 0);
                        libc::_exit(if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0 {
                            0
                        } else {
                            1
                        })
                    }
                }
            }
            child => {
                let mut status = 0;
                while libc::waitpid(child, &mut status, 0) == -1
                    && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
                {
                }
                libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
            }
        }
    }
}
