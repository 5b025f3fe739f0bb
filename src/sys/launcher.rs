//! Entering an environment's root file system between fork and exec.
//!
//! A child of a non-host environment (a Debian 13 root made by `setup`, say) is still nestprobe's
//! own child: the launcher only changes what it sees of the file system, in the child itself, just
//! before exec. So its stack limit, personality (ASLR off), resource usage, exit status and signals
//! are the parser's, exactly as on the host; nothing is left mounted when it exits.
//!
//! In the child: a private mount namespace; the parser's folders bound onto their stage paths; the
//! host's /tmp, /proc, /dev and /sys bound into the root; chroot; chdir. Not `chroot(8)` or
//! `unshare(1)` in argv: a wrapper process would sit between nestprobe and the parser, and its
//! exit status, rusage and signals would be the wrapper's.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use nix::mount::{mount, MsFlags};
use nix::sched::{unshare, CloneFlags};

/// The host folders every root gets, at the same paths: scratch space (and the stage, whose paths
/// argv and `$BUILD` use), and the kernel's file systems.
const SHARED_WITH_HOST: [&str; 4] = ["/tmp", "/proc", "/dev", "/sys"];

/// How a child is started: on the host as it is, or inside a root.
#[derive(Clone, Debug, Default)]
pub struct Launcher {
    jail: Option<Arc<Jail>>,
}

#[derive(Debug)]
struct Jail {
    root: PathBuf,
    root_c: CString,
    /// (source on the host, mount point on the host), bound before the root is entered.
    binds: Vec<(CString, CString)>,
    /// The contents of uid_map and gid_map when not root: an unprivileged user gets a user
    /// namespace of its own in which it may mount and chroot.
    user_maps: Option<(String, String)>,
}

impl Launcher {
    /// Children start on the host.
    pub fn host() -> Launcher {
        Launcher::default()
    }

    /// Children start inside `root`, with each `(source, mount point)` of `binds` bound first; the
    /// mount points are host paths under one of the shared folders (the stage is under /tmp).
    pub fn jail(root: &Path, binds: &[(PathBuf, PathBuf)]) -> Result<Launcher> {
        if !root.is_absolute() {
            bail!("environment root {} is not an absolute path", root.display());
        }
        for shared in SHARED_WITH_HOST {
            let inside = root.join(&shared[1..]);
            if !inside.is_dir() {
                bail!("{} is not a root file system: it has no {shared}", root.display());
            }
        }
        let c = c_path;
        let mut mounts = Vec::new();
        for (source, target) in binds {
            mounts.push((c(source)?, c(target)?));
        }
        for shared in SHARED_WITH_HOST {
            mounts.push((c(Path::new(shared))?, c(&root.join(&shared[1..]))?));
        }
        let uid = nix::unistd::geteuid();
        let user_maps = (!uid.is_root())
            .then(|| (format!("0 {} 1", uid.as_raw()), format!("0 {} 1", nix::unistd::getegid().as_raw())));
        Ok(Launcher {
            jail: Some(Arc::new(Jail {
                root: root.to_path_buf(),
                root_c: c(root)?,
                binds: mounts,
                user_maps,
            })),
        })
    }

    /// The root children start in, if not the host's.
    pub fn root(&self) -> Option<&Path> {
        self.jail.as_deref().map(|jail| jail.root.as_path())
    }

    /// Makes `command` start inside the root (nothing for the host), in `cwd` (a path as seen
    /// inside, `/` when `None`). Call it before adding other `pre_exec` steps: they run in order,
    /// and limits set later apply inside the root just the same.
    pub fn prepare(&self, command: &mut Command, cwd: Option<&Path>) -> Result<()> {
        let Some(jail) = self.jail.clone() else { return Ok(()) };
        let cwd = c_path(cwd.unwrap_or(Path::new("/")))?;
        // Everything between fork and exec must be async-signal-safe: the paths and map texts are
        // made here, and the closure only makes system calls.
        unsafe {
            command.pre_exec(move || jail.enter(&cwd));
        }
        Ok(())
    }
}

impl Jail {
    fn enter(&self, cwd: &CString) -> io::Result<()> {
        let mut flags = CloneFlags::CLONE_NEWNS;
        if self.user_maps.is_some() {
            flags |= CloneFlags::CLONE_NEWUSER;
        }
        unshare(flags)?;
        if let Some((uid_map, gid_map)) = &self.user_maps {
            crate::sys::process::map_user(uid_map, gid_map)?;
        }
        // Nothing done here may reach the host's mount table.
        mount(None::<&str>, c"/", None::<&str>, MsFlags::MS_REC | MsFlags::MS_PRIVATE, None::<&str>)?;
        for (source, target) in &self.binds {
            mount(
                Some(source.as_c_str()),
                target.as_c_str(),
                None::<&str>,
                MsFlags::MS_BIND | MsFlags::MS_REC,
                None::<&str>,
            )?;
        }
        nix::unistd::chroot(self.root_c.as_c_str())?;
        nix::unistd::chdir(cwd.as_c_str())?;
        Ok(())
    }
}

fn c_path(path: &Path) -> Result<CString> {
    CString::new(path.as_os_str().as_bytes()).with_context(|| format!("{} has a NUL byte", path.display()))
}
