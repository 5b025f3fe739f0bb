//! One trial: run a parser program once on one payload, under resource limits and a timeout, and
//! bring back its outcome.
//!
//! The parser runs under a reaper (src/sys/supervised.rs, src/sys/reaper.rs): in a PID namespace
//! of its own where the machine allows one, in a process group of its own; its reaper reports how
//! it ended and kills every descendant left, daemons that left the group included. A timeout (or
//! Ctrl-C) kills the parser's group. One loop polls these at once: the parser's stdin (the payload
//! is written in pieces as the pipe takes them; a parser that stops reading early is normal), its
//! stderr (the head is kept, the rest drained so it never blocks) and the pidfds that say when the
//! parser or its reaper has ended. stdout goes to /dev/null. Nothing waits for a pipe once the
//! trial has ended: a descendant holding one gets a short grace.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::os::unix::process::CommandExt;
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{ChildStderr, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use nix::fcntl::OFlag;
use nix::poll::{poll, PollFd, PollFlags};
use rlimit::Resource;

use crate::sys::launcher::Launcher;

use crate::payload::{Payload, PayloadReader};
use crate::results::outcome::Outcome;
use crate::results::settings::Containment;
use crate::sys::child_env::ChildEnv;
use crate::sys::monitor::Monitor;
use crate::sys::process;
use crate::sys::reaper;
use crate::sys::supervised::{self, Supervised};
use crate::units::Limit;

/// How every child of a probe is started.
#[derive(Clone, Debug)]
pub struct TrialConfig {
    pub argv: Vec<OsString>,
    pub cwd: Option<PathBuf>,
    pub env: ChildEnv,
    /// RLIMIT_STACK, soft and hard, set in the child only.
    pub stack: Limit,
    /// RLIMIT_AS for the child, if capped.
    pub memory: Option<Limit>,
    /// Resident-memory cap of the child's process group, in bytes, if capped: the group is sampled
    /// while it runs and killed once over it (src/memory.rs).
    pub max_rss: Option<u64>,
    pub timeout: Duration,
    /// Run the child with ADDR_NO_RANDOMIZE so stack-bound limits are the same on every run.
    pub disable_aslr: bool,
    /// Lines a runtime prints when it aborts by itself with exit status 1 (Mono's "Stack overflow
    /// in unmanaged", SBCL's "fatal error encountered in SBCL"): such an exit is a crash, not the
    /// library's error.
    pub fatal_stderr: Vec<String>,
    /// How the child is started: on the host, or inside an environment's root.
    pub launcher: Launcher,
}

/// What one trial measured.
#[derive(Clone, Debug)]
pub struct TrialReport {
    pub outcome: Outcome,
    /// From spawn to the leader's exit (or to the kill, on timeout).
    pub wall: Duration,
    /// How long its busiest thread waited for a CPU meanwhile (src/sys/queue_wait.rs): time the
    /// machine's load added, not the parser's. Zero where the kernel does not say.
    pub queued: Duration,
    /// It ran out of wall-clock time while its own time was short of the timeout: the machine's
    /// load stopped it, not its slowness (its outcome is a timeout no verdict may rest on).
    pub starved: bool,
    /// Peak resident set size of the child (wait4's rusage).
    pub peak_rss_bytes: u64,
    /// Whether `peak_rss_bytes` is the child's own peak. A forked child starts with its parent's
    /// resident set, so when the child never grew past what nestprobe had at the fork, its own peak
    /// is only known to be at most that.
    pub peak_rss_exact: bool,
    /// Whether the whole payload had been read from the pipe when the child exited. A parser that
    /// accepts must have read all of it (the protocol); one that rejects may stop early.
    pub read_whole_input: bool,
    /// The depth an accepting program said it built (`built depth: N` on stderr), if it said.
    pub built_depth: Option<u64>,
}

impl TrialReport {
    /// Its wall time less what it waited for a CPU: the time the parser took, whatever else the
    /// machine was doing. Every judgement of time (slowness, extrapolation, growth) uses it.
    pub fn own_time(&self) -> Duration {
        self.wall.saturating_sub(self.queued)
    }
}

/// Bytes of stderr kept per trial; the rest is read and dropped so the child never blocks.
const STDERR_HEAD_BYTES: usize = 8 * 1024;
/// How long the pipes are still served after the child has exited or been killed, for a descendant
/// outside its process group that still holds them.
const PIPE_GRACE: Duration = Duration::from_millis(200);
/// The largest file a parser program may write (RLIMIT_FSIZE): none needs to write one, and one
/// that fills the disk must not take the run's results with it.
const MAX_FILE_BYTES: u64 = 1024 * 1024 * 1024;
/// Size of the pieces the payload is written in.
const WRITE_CHUNK: usize = 64 * 1024;

impl TrialConfig {
    /// `text` (what a child run so printed, its command line) with the machine's paths (its folder,
    /// `$BUILD`, `$HOME`, and where their links lead) replaced by their placeholders.
    pub fn redact(&self, text: &str) -> String {
        let mut pairs = self.env.placeholders();
        if let Some(cwd) = &self.cwd {
            pairs.push((cwd.to_string_lossy().into_owned(), "{dir}".into()));
        }
        let resolved: Vec<(String, String)> = pairs
            .iter()
            .filter_map(|(path, placeholder)| {
                let real = std::fs::canonicalize(path).ok()?.to_string_lossy().into_owned();
                (real != *path).then(|| (real, placeholder.clone()))
            })
            .collect();
        pairs.extend(resolved);
        pairs.retain(|(path, _)| !path.is_empty());
        // A path inside another is replaced first.
        pairs.sort_by_key(|(path, _)| std::cmp::Reverse(path.len()));
        pairs
            .into_iter()
            .fold(text.to_string(), |text, (path, placeholder)| text.replace(&path, &placeholder))
    }

    /// Children of `argv` with the documented defaults: 8 MiB stack, no memory caps, 10 s timeout,
    /// ASLR off. Callers change the fields they have options for (the command line's resident cap,
    /// `--max-rss auto`, is resolved there).
    pub fn new(argv: Vec<OsString>, env: ChildEnv) -> TrialConfig {
        TrialConfig {
            argv,
            cwd: None,
            env,
            stack: Limit::Bytes(8 * 1024 * 1024),
            memory: None,
            max_rss: None,
            timeout: Duration::from_secs(10),
            disable_aslr: true,
            fatal_stderr: Vec::new(),
            launcher: Launcher::host(),
        }
    }

    /// Runs the program once with `payload` on its stdin, with the configured timeout.
    pub fn run(&self, payload: Payload) -> Result<TrialReport> {
        self.run_with_timeout(payload, self.timeout)
    }

    /// Runs the program once with `payload` on its stdin and kills it after `timeout`.
    pub fn run_with_timeout(&self, payload: Payload, timeout: Duration) -> Result<TrialReport> {
        let (stdin_read, stdin_write) =
            nix::unistd::pipe2(OFlag::O_CLOEXEC).context("cannot create a pipe")?;
        // Our own copy of the read end: after the child exits it tells how much it left unread.
        // (It does not keep the child from seeing end of input: that needs the write ends closed.)
        let watch = stdin_read.try_clone().context("cannot duplicate a pipe")?;
        let mut command = self.command()?;
        command.stdin(Stdio::from(stdin_read));
        let inherited_rss = own_resident_bytes();
        let started = Instant::now();
        self.refuse_missing_cwd()?;
        let options = supervised::Options {
            killed_by_ctrl_c: true,
            max_file_bytes: Some(MAX_FILE_BYTES),
            ..Default::default()
        };
        let mut child = Supervised::spawn(&mut command, &self.program_name(), options)?;
        drop(command); // closes our copy of the child's end of stdin
        let stderr = child.take_stderr().expect("stderr is piped");
        process::set_nonblocking(&stderr)?;
        process::set_nonblocking(&stdin_write)?;
        let mut pipes = Pipes::new(stdin_write.into(), payload, stderr);
        let mut monitor = Monitor::new(&child, self.max_rss);
        let ended = pipes.serve_until_exit(&child, started, timeout, &mut monitor)?;
        let starved = ended == Ended::Starved;
        let exited = ended == Ended::Exited;
        let wall = started.elapsed();
        let sampled = monitor.queued();
        let read_whole_input = exited && pipes.all_written() && process::unread_bytes(&watch) == 0;
        if !exited && !child.wait_program(Instant::now())? {
            // Timed out or over its memory: kill the program's group; its reaper then reports and
            // kills whatever left the group.
            child.kill();
        }
        drop(watch);
        pipes.stdin = None; // end of input, or EPIPE, for whoever still reads it
        let containment = child.containment();
        let report = child.finish()?;
        pipes.drain_stderr(Instant::now() + PIPE_GRACE)?;
        // No report: the reaper itself was killed (Ctrl-C, or what it supervised where no PID
        // namespace hides it), and the program with it. What it had started is killed from the
        // last sample, as far as that saw.
        if report.is_none() && containment == Containment::Subreaper {
            monitor.members().iter().for_each(|&pid| process::kill(pid));
        }
        let report = report.unwrap_or(reaper::Report {
            status: libc::SIGKILL,
            stopped_by: None,
            peak_rss_bytes: 0,
            queued_nanos: 0,
        });
        // What its threads waited as sampled while it ran, or its main thread's whole wait as its
        // reaper read it at the end (a trial too short to be sampled): the larger.
        let queued = sampled.max(Duration::from_nanos(report.queued_nanos)).min(wall);
        let peak_rss_bytes = report.peak_rss_bytes;
        let peak_rss_exact = inherited_rss.is_some_and(|inherited| peak_rss_bytes > inherited);
        let stderr = String::from_utf8_lossy(&pipes.head).into_owned();
        let built_depth = crate::results::outcome::built_depth(&stderr);
        let outcome = self.outcome(ended, &report, peak_rss_exact, &monitor, stderr);
        let built_depth = built_depth.filter(|_| outcome == Outcome::Accepted);
        Ok(TrialReport {
            outcome,
            wall,
            queued,
            starved,
            peak_rss_bytes,
            peak_rss_exact,
            read_whole_input,
            built_depth,
        })
    }

    /// What the trial's end says: over the resident cap, stopped by a signal of its own, out of
    /// time, or what its exit status says. `peak_rss_exact`: whether the report's peak is the
    /// child's own.
    fn outcome(
        &self,
        ended: Ended,
        report: &reaper::Report,
        peak_rss_exact: bool,
        monitor: &Monitor,
        stderr: String,
    ) -> Outcome {
        let exited = ended == Ended::Exited;
        let peak_rss_bytes = report.peak_rss_bytes;
        // Over the cap is out of memory however the child ended, also when it exited before a sample
        // saw it there (its own peak says so): the boundary must not depend on sampling luck.
        let over_cap = monitor
            .cap
            .filter(|&cap| ended == Ended::OverMemory || (exited && peak_rss_exact && peak_rss_bytes > cap));
        if let Some(cap_bytes) = over_cap {
            let peak_bytes = monitor.peak.max(if peak_rss_exact { peak_rss_bytes } else { 0 });
            Outcome::OverMemory { peak_bytes, cap_bytes, stderr }
        } else if let (true, Some(signal)) = (exited, report.stopped_by) {
            Outcome::Stopped { signal, stderr }
        } else if !exited {
            Outcome::Timeout { stderr }
        } else {
            self.classify(ExitStatus::from_raw(report.status), stderr)
        }
    }

    /// What an exit status says, with the runtime's own fatal messages taken into account.
    fn classify(&self, status: ExitStatus, stderr: String) -> Outcome {
        match Outcome::from_status(status, stderr) {
            // A runtime's own abort that exits 1 too is a crash, not the library's error.
            Outcome::Error { stderr } if self.fatal_stderr.iter().any(|line| stderr.contains(line)) => {
                Outcome::Abnormal { code: 1, stderr }
            }
            outcome => outcome,
        }
    }

    /// Whether children run with address-space randomisation disabled: asked for, and allowed here.
    pub fn disables_aslr(&self) -> bool {
        self.disable_aslr && aslr_can_be_disabled()
    }

    /// The argv as text, for results.
    pub fn command_line(&self) -> Vec<String> {
        self.argv.iter().map(|a| a.to_string_lossy().into_owned()).collect()
    }

    /// A missing working folder fails the spawn with the same "No such file" as a missing program
    /// (and names the launcher, `sh`, where one runs it): say which it was, before spawning.
    pub(crate) fn refuse_missing_cwd(&self) -> Result<()> {
        if let Some(cwd) = self.cwd.as_ref().filter(|cwd| !cwd.is_dir()) {
            bail!(
                "cannot start {}: its working folder {} does not exist",
                self.program_name(),
                cwd.display()
            );
        }
        Ok(())
    }

    pub(crate) fn program_name(&self) -> String {
        self.argv.first().map(|p| format!("`{}`", p.to_string_lossy())).unwrap_or_default()
    }

    /// The command that starts the program (under its reaper: src/sys/supervised.rs adds that).
    pub(crate) fn command(&self) -> Result<Command> {
        let (program, args) = self.argv.split_first().ok_or_else(|| anyhow!("no command given"))?;
        let mut command = Command::new(program);
        if self.env.mode() == crate::results::settings::EnvMode::Fixed {
            command.env_clear();
        }
        command.args(args).envs(self.env.vars()).stdout(Stdio::null()).stderr(Stdio::piped());
        if let Some(cwd) = &self.cwd {
            command.current_dir(cwd);
        }
        self.launcher.prepare(&mut command, self.cwd.as_deref())?;
        // Everything the child does between fork and exec must be async-signal-safe: the values
        // are computed here, and the closure only makes system calls.
        let stack = rlimit_value(self.stack);
        let memory = self.memory.map(rlimit_value);
        let disable_aslr = self.disables_aslr();
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

/// How the supervision loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ended {
    Exited,
    TimedOut,
    /// Out of wall-clock time while its own time was still short of the timeout: the load's.
    Starved,
    /// The monitor saw the group's resident memory over the cap.
    OverMemory,
}

/// The child's stdin and stderr while it runs.
struct Pipes {
    stdin: Option<Feeder>,
    stderr: Option<ChildStderr>,
    /// The first bytes of stderr.
    head: Vec<u8>,
}

/// Writes the payload into the (non-blocking) stdin pipe as it takes it.
struct Feeder {
    /// The write end; closed as soon as the whole payload is in, so the child sees end of input.
    file: Option<std::fs::File>,
    reader: PayloadReader,
    buf: Vec<u8>,
    /// Bytes of `buf` already written.
    at: usize,
    /// The whole payload has been written.
    done: bool,
}

impl Pipes {
    /// The pipes of a child that is to read `payload` from `stdin` and writes to `stderr`.
    fn new(stdin: std::fs::File, payload: Payload, stderr: ChildStderr) -> Pipes {
        let feeder =
            Feeder { file: Some(stdin), reader: payload.reader(), buf: Vec::new(), at: 0, done: false };
        Pipes { stdin: Some(feeder), stderr: Some(stderr), head: Vec::new() }
    }

    /// Feeds stdin and drains stderr until the child exits, `timeout` of its own time has passed
    /// since `started` (its wall time less its wait for a CPU: src/sys/monitor.rs) or the monitor
    /// finds its descendants over their memory cap.
    fn serve_until_exit(
        &mut self,
        child: &Supervised,
        started: Instant,
        timeout: Duration,
        monitor: &mut Monitor,
    ) -> Result<Ended> {
        loop {
            let now = Instant::now();
            if monitor.over_cap(now) {
                return Ok(Ended::OverMemory);
            }
            let mut left = monitor.deadline(started, timeout).saturating_duration_since(now);
            if left.is_zero() {
                // What it waited for a CPU up to this moment moves the deadline.
                monitor.sample(now);
                left = monitor.deadline(started, timeout).saturating_duration_since(now);
                if left.is_zero() {
                    return Ok(if monitor.starved(timeout) { Ended::Starved } else { Ended::TimedOut });
                }
            }
            // Wake up for the next sample.
            let wait = left.min(monitor.next_sample().saturating_duration_since(now));
            let stdin = self.stdin.as_ref().and_then(|f| f.file.as_ref());
            let writing = stdin.is_some();
            let mut fds = child.end_fds();
            let ends = fds.len();
            if let Some(stderr) = &self.stderr {
                fds.push(PollFd::new(stderr.as_fd(), PollFlags::POLLIN));
            }
            if let Some(file) = stdin {
                fds.push(PollFd::new(file.as_fd(), PollFlags::POLLOUT));
            }
            match poll(&mut fds, process::poll_timeout(wait)) {
                Ok(_) => {}
                Err(nix::errno::Errno::EINTR) => continue,
                Err(error) => return Err(error).context("waiting for the parser program"),
            }
            let ready = |fd: &PollFd| fd.revents().is_some_and(|r| !r.is_empty());
            let exited = fds[..ends].iter().any(ready);
            let stderr_ready = self.stderr.is_some() && ready(&fds[ends]);
            let stdin_ready = writing && ready(fds.last().expect("stdin is polled"));
            drop(fds);
            if stderr_ready {
                self.read_stderr()?;
            }
            if stdin_ready {
                if let Some(feeder) = &mut self.stdin {
                    if !feeder.write_some() {
                        self.stdin = None; // the reader is gone: nothing more will be taken
                    }
                }
            }
            if exited {
                return Ok(Ended::Exited);
            }
        }
    }

    fn all_written(&self) -> bool {
        self.stdin.as_ref().is_some_and(|f| f.done)
    }

    /// Reads what stderr has now; closes it at end of file.
    fn read_stderr(&mut self) -> Result<()> {
        let Some(stderr) = &mut self.stderr else { return Ok(()) };
        let mut buf = [0u8; 16 * 1024];
        loop {
            match stderr.read(&mut buf) {
                Ok(0) => {
                    self.stderr = None;
                    return Ok(());
                }
                Ok(n) => {
                    let keep = n.min(STDERR_HEAD_BYTES.saturating_sub(self.head.len()));
                    self.head.extend_from_slice(&buf[..keep]);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => {
                    self.stderr = None;
                    return Ok(());
                }
            }
        }
    }

    /// Reads stderr until every writer has closed it or the deadline passes, then drops it.
    fn drain_stderr(&mut self, deadline: Instant) -> Result<()> {
        while let Some(stderr) = &self.stderr {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            let mut fds = [PollFd::new(stderr.as_fd(), PollFlags::POLLIN)];
            match poll(&mut fds, process::poll_timeout(left)) {
                Ok(0) => break,
                Ok(_) => self.read_stderr()?,
                Err(nix::errno::Errno::EINTR) => continue,
                Err(error) => return Err(error).context("reading the parser program's stderr"),
            }
        }
        self.stderr = None;
        Ok(())
    }
}

impl Feeder {
    /// Writes as much as the pipe takes now. False once the pipe is closed at the other end (a
    /// child that exits or stops reading before the end is normal, so that is not an error).
    fn write_some(&mut self) -> bool {
        let Some(file) = &mut self.file else { return true };
        loop {
            if self.at == self.buf.len() {
                self.buf.resize(WRITE_CHUNK, 0);
                let n = self.reader.read(&mut self.buf).expect("payloads are generated in memory");
                self.buf.truncate(n);
                self.at = 0;
                if n == 0 {
                    self.done = true;
                    self.file = None;
                    return true;
                }
            }
            match file.write(&self.buf[self.at..]) {
                Ok(n) => self.at += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => return false,
            }
        }
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

/// nestprobe's own resident set now (VmRSS), which a forked child starts with.
fn own_resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?;
    let kib: u64 = line.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}
