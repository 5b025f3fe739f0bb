//! One trial: run a parser program once on one payload, under resource limits and a timeout, and
//! bring back its outcome. All process supervision lives here.
//!
//! The child gets its own process group so that a timeout (or Ctrl-C) kills it together with any
//! grandchildren; stdin is fed from a thread (a child that stops reading early is normal), the head of
//! stderr is kept by another thread, stdout goes to /dev/null so a chatty child never blocks.

use std::ffi::OsString;
use std::io::{self, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{ChildStderr, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use rlimit::Resource;

use crate::interrupt::GroupGuard;
use crate::outcome::Outcome;
use crate::payload::Payload;
use crate::units::Limit;

/// How every child of a probe is started.
#[derive(Clone, Debug)]
pub struct TrialConfig {
    pub argv: Vec<OsString>,
    pub cwd: Option<PathBuf>,
    pub env: Vec<(OsString, OsString)>,
    /// RLIMIT_STACK, soft and hard, set in the child only.
    pub stack: Limit,
    /// RLIMIT_AS for the child, if capped.
    pub memory: Option<Limit>,
    pub timeout: Duration,
    /// Run the child with ADDR_NO_RANDOMIZE so stack-bound limits are the same on every run.
    pub disable_aslr: bool,
}

/// What one trial measured.
#[derive(Clone, Debug)]
pub struct TrialReport {
    pub outcome: Outcome,
    /// From spawn to exit (or to the kill, on timeout).
    pub wall: Duration,
    /// Peak resident set size of the child (wait4's rusage).
    pub peak_rss_bytes: u64,
    /// Whether `peak_rss_bytes` is the child's own peak. A forked child starts with its parent's
    /// resident set, so when the child never grew past what nestprobe had at the fork, its own peak
    /// is only known to be at most that.
    pub peak_rss_exact: bool,
}

/// Bytes of stderr kept per trial; the rest is read and dropped so the child never blocks.
const STDERR_HEAD_BYTES: usize = 8 * 1024;

impl TrialConfig {
    /// Runs the program once with `payload` on its stdin.
    pub fn run(&self, payload: Payload) -> Result<TrialReport> {
        let mut command = self.command()?;
        let inherited_rss = own_resident_bytes();
        let started = Instant::now();
        let mut child = command.spawn().with_context(|| format!("cannot start {}", self.program_name()))?;
        let pid = child.id() as i32;
        let _registered = GroupGuard::register(pid);
        let stdin = child.stdin.take().expect("stdin is piped");
        let stderr = child.stderr.take().expect("stderr is piped");

        thread::scope(|scope| {
            let feeder = scope.spawn(move || feed(stdin, payload));
            let reader = scope.spawn(move || read_head(stderr));
            let (exited_tx, exited_rx) = mpsc::channel();
            scope.spawn(move || exited_tx.send(wait_exited_without_reaping(pid)));

            let (timed_out, wall) = match exited_rx.recv_timeout(self.timeout) {
                Ok(exited) => (false, exited.map(|()| started.elapsed())?),
                Err(RecvTimeoutError::Timeout) => (true, started.elapsed()),
                Err(RecvTimeoutError::Disconnected) => unreachable!("the waiter always sends"),
            };
            // The leader is a zombie or still running, so its pgid cannot have been reused: kill
            // the whole group (grandchildren holding our pipes included), then reap the leader.
            let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
            if timed_out {
                exited_rx.recv().expect("the waiter always sends")?;
            }
            let (status, peak_rss_bytes) = reap(pid)?;
            feeder.join().expect("stdin feeder panicked");
            let stderr = reader.join().expect("stderr reader panicked");
            let outcome =
                if timed_out { Outcome::Timeout { stderr } } else { Outcome::from_status(status, stderr) };
            let peak_rss_exact = inherited_rss.is_some_and(|inherited| peak_rss_bytes > inherited);
            Ok(TrialReport { outcome, wall, peak_rss_bytes, peak_rss_exact })
        })
    }

    /// The argv as text, for results.
    pub fn command_line(&self) -> Vec<String> {
        self.argv.iter().map(|a| a.to_string_lossy().into_owned()).collect()
    }

    fn program_name(&self) -> String {
        self.argv.first().map(|p| format!("`{}`", p.to_string_lossy())).unwrap_or_default()
    }

    fn command(&self) -> Result<Command> {
        let (program, args) = self.argv.split_first().ok_or_else(|| anyhow!("no command given"))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .process_group(0);
        if let Some(cwd) = &self.cwd {
            command.current_dir(cwd);
        }
        // Everything the child does between fork and exec must be async-signal-safe: the values
        // are computed here, and the closure only makes system calls.
        let stack = rlimit_value(self.stack);
        let memory = self.memory.map(rlimit_value);
        let disable_aslr = self.disable_aslr && aslr_can_be_disabled();
        unsafe {
            command.pre_exec(move || {
                Resource::STACK.set(stack, stack)?;
                if let Some(memory) = memory {
                    Resource::AS.set(memory, memory)?;
                }
                if disable_aslr {
                    set_no_randomize()?;
                }
                Ok(())
            });
        }
        Ok(command)
    }
}

fn rlimit_value(limit: Limit) -> u64 {
    limit.bytes().unwrap_or(rlimit::INFINITY)
}

/// Adds ADDR_NO_RANDOMIZE to the calling process's personality (what `setarch -R` does).
fn set_no_randomize() -> io::Result<()> {
    const QUERY: libc::c_ulong = 0xffff_ffff;
    // SAFETY: personality(2) takes and returns plain integers.
    let current = unsafe { libc::personality(QUERY) };
    if current == -1 {
        return Err(io::Error::last_os_error());
    }
    let wanted = (current as libc::c_ulong) | libc::ADDR_NO_RANDOMIZE as libc::c_ulong;
    // SAFETY: as above.
    if unsafe { libc::personality(wanted) } == -1 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Whether this system lets us turn off address-space randomisation (containers often forbid it).
/// Checked once by setting and restoring our own personality, which only affects future execs.
pub fn aslr_can_be_disabled() -> bool {
    static ALLOWED: OnceLock<bool> = OnceLock::new();
    *ALLOWED.get_or_init(|| {
        // SAFETY: personality(2) takes and returns plain integers.
        let original = unsafe { libc::personality(0xffff_ffff) };
        if original == -1 || set_no_randomize().is_err() {
            return false;
        }
        // SAFETY: as above; restore what we had.
        unsafe { libc::personality(original as libc::c_ulong) };
        true
    })
}

/// Writes the payload to the child's stdin. A child that exits or stops reading before the end
/// (most parsers stop at the first byte past their limit) is normal, so write errors are not errors.
fn feed(mut stdin: ChildStdin, payload: Payload) {
    let _ = payload.write_to(&mut stdin);
    // Dropping stdin closes the pipe: the child sees end of input.
}

/// nestprobe's own resident set now (VmRSS), which a forked child starts with.
fn own_resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?;
    let kib: u64 = line.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// Keeps the first few KiB of stderr and drains the rest until every writer has closed it.
fn read_head(mut stderr: ChildStderr) -> String {
    let mut head = Vec::with_capacity(1024);
    let _ = (&mut stderr).take(STDERR_HEAD_BYTES as u64).read_to_end(&mut head);
    let _ = io::copy(&mut stderr, &mut io::sink());
    String::from_utf8_lossy(&head).into_owned()
}

/// Blocks until the child has exited, leaving it a zombie (WNOWAIT) so its pid and process group
/// id stay reserved until we have killed the group.
fn wait_exited_without_reaping(pid: i32) -> Result<()> {
    loop {
        // SAFETY: siginfo_t is plain data; waitid fills it.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let flags = libc::WEXITED | libc::WNOWAIT;
        // SAFETY: a valid pointer to `info`, a pid we spawned and have not reaped.
        let rc = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
        if rc == 0 {
            return Ok(());
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error).context("waiting for the parser program");
        }
    }
}

/// Reaps the child and returns its status and peak RSS. (`wait-timeout` would reap too, but it
/// throws rusage away; wait4 gives us the child's own peak memory.)
fn reap(pid: i32) -> Result<(ExitStatus, u64)> {
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain data; wait4 fills it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: valid pointers, a pid we spawned.
        let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if rc == pid {
            let peak_rss_bytes = (usage.ru_maxrss.max(0) as u64) * 1024; // Linux reports KiB
            return Ok((ExitStatus::from_raw(status), peak_rss_bytes));
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error).context("reaping the parser program");
        }
    }
}
