//! Signals to nestprobe itself. SIGINT, SIGTERM, SIGHUP and the other signals whose default would
//! end or stop it: kill the process groups of the children running now, remember that we were
//! interrupted, and let the caller keep what it measured before exiting 130. A signal sent by one
//! of nestprobe's own descendants is ignored: what it measures must not be able to stop it (inside
//! a PID namespace a descendant cannot even name nestprobe; where none is allowed, SIGSTOP and
//! SIGKILL, which no process can catch, are the only ones left to it).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use signal_hook::consts::signal::*;
use signal_hook::iterator::exfiltrator::WithOrigin;
use signal_hook::iterator::SignalsInfo;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Signals that interrupt a run (their default would end nestprobe and lose what it measured).
const ENDING: &[i32] = &[
    SIGINT,
    SIGTERM,
    SIGHUP,
    SIGQUIT,
    SIGUSR1,
    SIGUSR2,
    SIGALRM,
    SIGVTALRM,
    SIGPROF,
    SIGIO,
    libc::SIGPWR,
    SIGXCPU,
];
/// Signals that stop nestprobe, from the terminal or a user; a descendant's are ignored.
const STOPPING: &[i32] = &[SIGTSTP, SIGTTIN, SIGTTOU];

fn active_groups() -> &'static Mutex<HashSet<i32>> {
    static GROUPS: OnceLock<Mutex<HashSet<i32>>> = OnceLock::new();
    GROUPS.get_or_init(Default::default)
}

/// Installs the handler thread. Call once, early in `main`.
pub fn install_handler() -> anyhow::Result<()> {
    let watched: Vec<i32> = ENDING.iter().chain(STOPPING).copied().collect();
    let mut signals = SignalsInfo::<WithOrigin>::new(&watched)?;
    std::thread::Builder::new().name("signals".into()).spawn(move || {
        for origin in &mut signals {
            if origin.process.is_some_and(|sender| is_descendant(sender.pid)) {
                continue;
            }
            if STOPPING.contains(&origin.signal) {
                let _ = signal_hook::low_level::emulate_default_handler(origin.signal);
            } else {
                interrupt();
            }
        }
    })?;
    Ok(())
}

/// What Ctrl-C does: the children running now are killed and the run stops.
fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
    for &pgid in active_groups().lock().unwrap_or_else(|e| e.into_inner()).iter() {
        kill_leader_and_group(pgid);
    }
}

/// Kills a registered group and its leader: a program may have moved itself into another group
/// (`setpgid(0, helper)`), which leaves its own group empty.
fn kill_leader_and_group(pgid: i32) {
    let _ = nix::sys::signal::kill(Pid::from_raw(pgid), Signal::SIGKILL);
    let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
}

/// How long a process nestprobe started still counts as its own after its supervision ended: a
/// signal it sent just before it ended is handled a moment later, when /proc no longer has it.
const OWN_AFTER_END: Duration = Duration::from_secs(30);

/// Processes nestprobe started (reapers and programs), with when their supervision ended.
fn own_pids() -> &'static Mutex<HashMap<i32, Option<Instant>>> {
    static PIDS: OnceLock<Mutex<HashMap<i32, Option<Instant>>>> = OnceLock::new();
    PIDS.get_or_init(Default::default)
}

/// Processes nestprobe started, known as its own while the guard lives and a while after.
pub struct OwnPids(Vec<i32>);

impl OwnPids {
    pub fn register(pids: &[i32]) -> OwnPids {
        let mut own = own_pids().lock().unwrap_or_else(|e| e.into_inner());
        own.retain(|_, ended| ended.is_none_or(|at| at.elapsed() < OWN_AFTER_END));
        own.extend(pids.iter().map(|&pid| (pid, None)));
        OwnPids(pids.to_vec())
    }
}

impl Drop for OwnPids {
    fn drop(&mut self) {
        let mut own = own_pids().lock().unwrap_or_else(|e| e.into_inner());
        for pid in &self.0 {
            own.insert(*pid, Some(Instant::now()));
        }
    }
}

/// Whether process `pid` descends from nestprobe: one it started (also just after it ended and
/// was reaped), or one whose parents in /proc lead to nestprobe. A sender that is gone and was not
/// started by nestprobe itself (a daemon of a program) cannot be told, and counts as from outside.
fn is_descendant(pid: i32) -> bool {
    let started = own_pids().lock().unwrap_or_else(|e| e.into_inner()).get(&pid).copied();
    if started.is_some_and(|ended| ended.is_none_or(|at| at.elapsed() < OWN_AFTER_END)) {
        return true;
    }
    let own = std::process::id() as i32;
    let mut at = pid;
    for _ in 0..4096 {
        if at == own {
            return pid != own;
        }
        match crate::sys::memory::parent_of(at) {
            Some(parent) if at > 1 => at = parent,
            _ => return false,
        }
    }
    false
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

/// Whether `error` is an interruption, however much context it gathered on the way up. Only the
/// trial loop, the pool and the task runner read the flag (and turn it into [`Interrupted`]);
/// everything above them asks the error, so an interruption is told apart in one way.
pub fn is_interrupted(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.is::<Interrupted>())
}

/// Registers a child's process group for the lifetime of the guard, so Ctrl-C can kill it.
pub struct GroupGuard(i32);

impl GroupGuard {
    pub fn register(pgid: i32) -> GroupGuard {
        active_groups().lock().unwrap_or_else(|e| e.into_inner()).insert(pgid);
        if requested() {
            // Ctrl-C arrived between spawn and registration: do what the handler would have done.
            kill_leader_and_group(pgid);
        }
        GroupGuard(pgid)
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        active_groups().lock().unwrap_or_else(|e| e.into_inner()).remove(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interruption_is_recognised_under_any_context_and_nothing_else_is() {
        let interrupted = anyhow::Error::new(Interrupted).context("building x").context("row x");
        assert!(is_interrupted(&interrupted));
        assert!(!is_interrupted(&anyhow::anyhow!("interrupted")), "a message is not the type");
        assert!(!is_interrupted(&anyhow::anyhow!("build failed").context("row x")));
    }
}
