//! Ctrl-C: kill the process groups of the children running now, remember that we were interrupted,
//! and let the caller keep what it measured before exiting 130.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

fn active_groups() -> &'static Mutex<HashSet<i32>> {
    static GROUPS: OnceLock<Mutex<HashSet<i32>>> = OnceLock::new();
    GROUPS.get_or_init(Default::default)
}

/// Installs the SIGINT/SIGTERM handler. Call once, early in `main`.
pub fn install_handler() -> anyhow::Result<()> {
    ctrlc::set_handler(|| {
        INTERRUPTED.store(true, Ordering::SeqCst);
        // The handler runs on ctrlc's own thread, not in signal context, so locking is fine.
        for &pgid in active_groups().lock().unwrap_or_else(|e| e.into_inner()).iter() {
            let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
        }
    })?;
    Ok(())
}

/// True once the user asked us to stop.
pub fn requested() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The error a long operation returns when it stops because of Ctrl-C.
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// Registers a child's process group for the lifetime of the guard, so Ctrl-C can kill it.
pub struct GroupGuard(i32);

impl GroupGuard {
    pub fn register(pgid: i32) -> GroupGuard {
        active_groups().lock().unwrap_or_else(|e| e.into_inner()).insert(pgid);
        if requested() {
            // Ctrl-C arrived between spawn and registration: do what the handler would have done.
            let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
        }
        GroupGuard(pgid)
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        active_groups().lock().unwrap_or_else(|e| e.into_inner()).remove(&self.0);
    }
}
