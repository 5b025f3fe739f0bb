//! The failing depth of a crash, run once more under Debian's gdb in batch mode, with the trial's
//! stack limit, argv and environment (gdb turns address randomisation off itself, as trials do),
//! time-limited; its backtrace names the functions that recursed. A trial inside an environment's
//! root is run under the root's own gdb, inside the root (the host's gdb would not find the root's
//! libraries and symbols).

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use rlimit::Resource;

use crate::payload::Payload;
use crate::results::crash_site::CrashSite;
use crate::results::settings::EnvMode;
use crate::sys::task;
use crate::sys::trial::TrialConfig;

/// Innermost frames asked of the debugger: enough for a lead-in and several turns of a cycle.
const FRAMES: usize = 40;
/// A debugger run is one trial, slower: allowed this much more than the trial's timeout.
const SLOWDOWN: u32 = 6;

/// Where the program crashes on `payload`.
pub fn locate(trial: &TrialConfig, payload: Payload) -> CrashSite {
    let gdb = match trial.launcher.root() {
        // The path as the child sees it, once inside.
        Some(root) if root.join(ROOT_GDB.trim_start_matches('/')).is_file() => PathBuf::from(ROOT_GDB),
        Some(_) => return CrashSite::unknown("no debugger (gdb) inside the environment's root"),
        None => match which_gdb() {
            Some(gdb) => gdb,
            None => return CrashSite::unknown("no debugger (gdb) installed"),
        },
    };
    match run_gdb(&gdb, trial, payload) {
        Ok(frames) => CrashSite::from_frames(frames),
        Err(error) => CrashSite::unknown(format!("{error:#}")),
    }
}

/// Where a root's gdb is (Debian's package puts it there; the root's PATH is not searched).
const ROOT_GDB: &str = "/usr/bin/gdb";

fn which_gdb() -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .chain([PathBuf::from("/usr/bin")])
        .map(|dir| dir.join("gdb"))
        .find(|path| path.is_file())
}

fn run_gdb(gdb: &Path, trial: &TrialConfig, payload: Payload) -> anyhow::Result<Vec<String>> {
    let mut input = tempfile::tempfile()?;
    std::io::copy(&mut payload.reader(), &mut input)?;
    input.flush()?;
    std::io::Seek::rewind(&mut input)?;
    let mut command = Command::new(gdb);
    command.args(["-nx", "-batch", "-q", "-ex", "set startup-with-shell off"]);
    // gdb gives the program LINES and COLUMNS; the trial's environment has neither.
    command.args(["-ex", "unset environment LINES", "-ex", "unset environment COLUMNS"]);
    command.args(["-ex", "run", "-ex", &format!("bt {FRAMES}"), "--args"]).args(&trial.argv);
    if trial.env.mode() == EnvMode::Fixed {
        command.env_clear();
    }
    command.envs(trial.env.vars());
    if let Some(cwd) = &trial.cwd {
        command.current_dir(cwd);
    }
    let stack = trial.stack.bytes().unwrap_or(rlimit::INFINITY);
    // SAFETY: only a system call between fork and exec.
    unsafe {
        command.pre_exec(move || Resource::STACK.set(stack, stack));
    }
    // Into the root, as a trial's child goes (after the stack limit, which it keeps).
    trial.launcher.prepare(&mut command, trial.cwd.as_deref())?;
    let mut captured = {
        let mut out = tempfile::tempfile()?;
        command.stdin(Stdio::from(input)).stdout(out.try_clone()?).stderr(Stdio::null());
        task::run(&mut command, "gdb", trial.timeout * SLOWDOWN + Duration::from_secs(10))?;
        std::io::Seek::rewind(&mut out)?;
        let mut text = String::new();
        out.read_to_string(&mut text)?;
        text
    };
    captured.retain(|c| c != '\r');
    Ok(frame_names(&captured))
}

/// Function names of the `#N …` lines of a backtrace, innermost first.
fn frame_names(backtrace: &str) -> Vec<String> {
    backtrace
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix('#')?;
            let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
            // `0x… in name (…)` or `name (…)`.
            let rest = match rest.strip_prefix("0x") {
                Some(address) => address.split_once(" in ")?.1,
                None => rest,
            };
            let name = rest.split(" (").next()?.trim();
            (!name.is_empty()).then(|| name.to_string())
        })
        .collect()
}

/// gdb attached to each process of a running server, each continuing it until it receives a
/// signal: the request that crashes one of them (a single-process server, a pre-forked worker)
/// is then sent, and the backtrace of the one that crashed says where.
pub struct Attached {
    gdbs: Vec<(std::process::Child, std::fs::File)>,
}

/// How long gdb may take to attach to a process and load its symbols.
const ATTACH_TIMEOUT: Duration = Duration::from_secs(60);

/// Attaches gdb to each of `pids` and waits until each is continuing it (traced, not stopped).
pub fn attach(pids: &[i32]) -> anyhow::Result<Attached> {
    let gdb = which_gdb().ok_or_else(|| anyhow::anyhow!("no debugger (gdb) installed"))?;
    let mut attached = Attached { gdbs: Vec::new() };
    for &pid in pids {
        let out = tempfile::tempfile()?;
        let child = Command::new(&gdb)
            .args(["-nx", "-batch", "-q", "-ex", "set pagination off", "-ex", "continue"])
            .args(["-ex", &format!("bt {FRAMES}"), "-p", &pid.to_string()])
            .stdin(Stdio::null())
            .stdout(out.try_clone()?)
            .stderr(Stdio::null())
            .spawn()?;
        let tracer = child.id() as i32;
        attached.gdbs.push((child, out));
        let deadline = std::time::Instant::now() + ATTACH_TIMEOUT;
        while !continued_by(pid, tracer) {
            if std::time::Instant::now() > deadline {
                anyhow::bail!("gdb did not attach to process {pid} within {} s", ATTACH_TIMEOUT.as_secs());
            }
            if !std::path::Path::new(&format!("/proc/{pid}")).exists() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    Ok(attached)
}

/// Whether `pid` is traced by `tracer` and running (gdb has attached and continued it).
fn continued_by(pid: i32, tracer: i32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return false };
    let field = |name: &str| {
        status.lines().find_map(|line| line.strip_prefix(name)).map(|rest| rest.trim().to_string())
    };
    let traced = field("TracerPid:").and_then(|p| p.parse::<i32>().ok()) == Some(tracer);
    let stopped = field("State:").is_some_and(|state| state.starts_with('t') || state.starts_with('T'));
    traced && !stopped
}

impl Attached {
    /// The frames of the first attached process that received a signal by `deadline` (none
    /// where none did).
    pub fn frames(mut self, deadline: std::time::Instant) -> Vec<String> {
        loop {
            for (child, out) in &mut self.gdbs {
                if matches!(child.try_wait(), Ok(Some(_))) {
                    let mut text = String::new();
                    let _ = std::io::Seek::rewind(out);
                    let _ = out.read_to_string(&mut text);
                    if text.contains("received signal") {
                        text.retain(|c| c != '\r');
                        return frame_names(&text);
                    }
                }
            }
            if std::time::Instant::now() > deadline || self.gdbs.is_empty() {
                return Vec::new();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Attached {
    /// The other debuggers end: their processes are detached (the server is stopped after).
    fn drop(&mut self) {
        for (child, _) in &mut self.gdbs {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_with_and_without_addresses() {
        let text = "Program received signal SIGSEGV\n#0  0x000055555555597e in parse_array ()\n\
                    #1  ns::serializer<a, b>::dump (this=0x1, v=...) at x.hpp:3\n#12 0x1 in ?? ()\n";
        assert_eq!(frame_names(text), ["parse_array", "ns::serializer<a, b>::dump", "??"]);
    }
}
