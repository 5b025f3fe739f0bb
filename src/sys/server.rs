//! A server a service probe starts: one supervised child (src/sys/supervised.rs) like a trial's
//! program, with the trial's stack, environment, resident cap and containment, listening on a free
//! loopback port that replaces `{port}` in its arguments and is in its environment as `PORT`.
//!
//! It lives across trials: its stderr is drained by a thread (the tail is kept for a death's
//! report), its end is seen on its pidfd, and the processes it forked are watched for a death
//! while it lives on (a pre-forking master's worker, killed by a signal and replaced). Whatever it
//! started dies with it when it is stopped or dropped: the reaper's namespace or subreaper takes
//! daemons and workers that left its group, so the port is free again afterwards.

use std::collections::VecDeque;
use std::io::Read;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::os::fd::{AsFd, OwnedFd};
use std::process::ExitStatus;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use nix::poll::{PollFd, PollFlags};

use crate::sys::http::Exchange;
use crate::sys::interrupt::{self, Interrupted};
use crate::sys::memory::TreeSampler;
use crate::sys::monitor::Monitor;
use crate::sys::process;
use crate::sys::supervised::{self, Supervised};
use crate::sys::trial::TrialConfig;

/// The placeholder for the port in a server's arguments and URLs.
pub const PORT_PLACEHOLDER: &str = "{port}";
/// Bytes of a server's stderr kept (its last ones).
const STDERR_TAIL_BYTES: usize = 8 * 1024;
/// Bytes of a server's stderr kept from the last `watch` on (a death's first words: a runtime's
/// fatal error and the crashing thread's frames, before the other threads' tracebacks).
const STDERR_HEAD_BYTES: usize = 16 * 1024;
/// How often a starting server's port is tried.
const READY_POLL: Duration = Duration::from_millis(25);
/// How long a server whose listener is a child of its own process is watched after it is ready,
/// for the exit of a launcher (`sh -c 'server & sleep 1; exit 0'`).
const LAUNCHER_SETTLE: Duration = Duration::from_secs(3);
/// How long a live server's latest words get to come through its stderr pipe.
const STDERR_SETTLE: Duration = Duration::from_millis(50);
/// How long a server that ended gets for its last words to be read to the pipe's end: on a busy
/// machine the reading thread may not have run since it died.
const STDERR_DRAIN: Duration = Duration::from_secs(2);
/// What a command that exited and left its server running is told.
pub const LAUNCHER: &str = "the command exited and left a server running: run the server in the foreground \
     (not backgrounded with `&`, not as a daemon), so that nestprobe sees its end";

/// A running server.
pub struct Server {
    child: Supervised,
    host: IpAddr,
    pub port: u16,
    stderr: Arc<Mutex<StderrLog>>,
    /// The server's processes at the last `watch`, with their pidfds.
    watched: Vec<(i32, OwnedFd)>,
    pub monitor: Monitor,
}

/// A process of the server that ended while the server lived on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerEnd {
    pub pid: i32,
    /// Its wait status, where the kernel says (pidfd info, Linux 6.15 and later).
    pub status: Option<i32>,
}

impl Server {
    /// Starts `config`'s command with a free port on `host` (a loopback address) and waits until it
    /// accepts a connection on it (and `ready`, a path, answers 2xx when given) within
    /// `start_timeout`. Ctrl-C meanwhile ends the start: the server is stopped, the error is
    /// [`Interrupted`].
    ///
    /// With `settle`, a server whose listening socket its own process does not hold (what it
    /// started listens) is watched for LAUNCHER_SETTLE more: a launcher that backgrounded the
    /// server exits meanwhile, and is told to run the server in the foreground.
    pub fn start(
        config: &TrialConfig,
        host: IpAddr,
        ready: Option<&str>,
        start_timeout: Duration,
        settle: bool,
    ) -> Result<Server> {
        if interrupt::requested() {
            bail!(Interrupted);
        }
        let port = free_port(host)?;
        let mut config = config.clone();
        for arg in &mut config.argv {
            if let Some(text) = arg.to_str().filter(|text| text.contains(PORT_PLACEHOLDER)) {
                *arg = text.replace(PORT_PLACEHOLDER, &port.to_string()).into();
            }
        }
        config.env.set("PORT", &port.to_string());
        config.refuse_missing_cwd()?;
        let mut command = config.command()?;
        // Kept: what it leaves running when it exits lives on until it is stopped, so that a
        // launcher that backgrounds the server and exits is seen as that, not as a death.
        let options = supervised::Options { killed_by_ctrl_c: true, keep: true, ..Default::default() };
        let mut child = Supervised::spawn(&mut command, &config.program_name(), options)?;
        drop(command);
        let stderr = Arc::new(Mutex::new(StderrLog::default()));
        if let Some(pipe) = child.take_stderr() {
            let log = stderr.clone();
            std::thread::Builder::new()
                .name("server-stderr".into())
                .spawn(move || drain(pipe, &log))
                .context("cannot start a thread")?;
        }
        let monitor = Monitor::new(&child, config.max_rss);
        let mut server = Server { child, host, port, stderr, watched: Vec::new(), monitor };
        let readiness = server.wait_ready(ready, start_timeout).map(|readiness| match readiness {
            Readiness::Ready if settle && !server.program_listens() => server.settle(start_timeout),
            other => other,
        });
        let readiness = match readiness {
            Ok(readiness) => readiness,
            Err(error) => {
                let _ = server.stop();
                return Err(error);
            }
        };
        if interrupt::requested() {
            let _ = server.stop();
            bail!(Interrupted);
        }
        match readiness {
            Readiness::Ready => {
                server.mark();
                Ok(server)
            }
            Readiness::Launcher => {
                let said = server.stderr_said(STDERR_SETTLE);
                server.stop()?;
                bail!("{LAUNCHER}{said}")
            }
            Readiness::Exited => {
                let said = server.stderr_said(STDERR_DRAIN);
                let status = server.stop()?;
                let how = status.map_or("killed".to_string(), |status| status.to_string());
                bail!("the server exited before it listened ({how}){said}")
            }
            Readiness::NotListening(answer) => {
                let said = server.stderr_said(STDERR_SETTLE);
                let address = server.address();
                server.stop()?;
                let seconds = start_timeout.as_secs_f64();
                match (ready, answer) {
                    (Some(path), Some(answer)) => bail!(
                        "the server listened on {address}, but its readiness URL {path} answered {answer} \
                         until the start timeout ({seconds} s) passed, not 2xx{said}"
                    ),
                    _ => bail!("the server did not listen on {address} within {seconds} s{said}"),
                }
            }
        }
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        SocketAddr::new(self.host, self.port)
    }

    /// Waits until it accepts a connection on its port (and `ready` answers 2xx) or it ends. The
    /// start timeout is of its own time, like a request's: what its threads waited for a CPU on a
    /// busy machine moves the deadline (up to the wall-clock bound).
    fn wait_ready(&mut self, ready: Option<&str>, start_timeout: Duration) -> Result<Readiness> {
        let started = Instant::now();
        let mut answer = None;
        loop {
            let now = Instant::now();
            if now >= self.monitor.next_sample() {
                self.monitor.sample(now);
            }
            let deadline = self.monitor.deadline(started, start_timeout);
            if interrupt::requested() {
                return Ok(Readiness::Exited);
            }
            if !self.alive() {
                return Ok(self.ended_before_ready(deadline));
            }
            if TcpStream::connect_timeout(&self.address(), READY_POLL).is_ok() {
                match self.answers(ready)? {
                    Ok(()) => {
                        // What answered may be what a launcher started before it exits.
                        std::thread::sleep(READY_POLL);
                        if !self.alive() {
                            return Ok(self.ended_before_ready(deadline));
                        }
                        return Ok(Readiness::Ready);
                    }
                    Err(said) => answer = Some(said),
                }
            }
            if Instant::now() >= self.monitor.deadline(started, start_timeout) {
                return Ok(Readiness::NotListening(answer));
            }
            std::thread::sleep(READY_POLL);
        }
    }

    /// The server's own process ended during its start: a launcher if what it started listens on
    /// its port (by the deadline, while any of it still runs), else an exit before it listened.
    fn ended_before_ready(&self, deadline: Instant) -> Readiness {
        while self.others_alive() && !interrupt::requested() {
            if TcpStream::connect_timeout(&self.address(), READY_POLL).is_ok() {
                return Readiness::Launcher;
            }
            if Instant::now() >= deadline {
                break;
            }
            std::thread::sleep(READY_POLL);
        }
        Readiness::Exited
    }

    /// A server whose listener is one of its children: whether its own process stays (a
    /// supervisor: npm, a reloader) or exits within LAUNCHER_SETTLE (a launcher).
    fn settle(&self, start_timeout: Duration) -> Readiness {
        let until = Instant::now() + LAUNCHER_SETTLE;
        while Instant::now() < until && !interrupt::requested() {
            if !self.alive() {
                return self.ended_before_ready(Instant::now() + start_timeout);
            }
            std::thread::sleep(READY_POLL);
        }
        Readiness::Ready
    }

    /// Whether its own process holds the socket listening on its port (where /proc cannot say:
    /// taken to).
    fn program_listens(&self) -> bool {
        let Some(inode) = listening_inode(self.port) else { return true };
        let socket = format!("socket:[{inode}]");
        let Ok(fds) = std::fs::read_dir(format!("/proc/{}/fd", self.child.pids.program)) else { return true };
        fds.flatten()
            .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|link| link.as_os_str() == socket.as_str()))
    }

    /// Whether processes it started still run (its own excepted).
    fn others_alive(&self) -> bool {
        let mut sampler = TreeSampler::new(self.child.reaper_pid(), self.reapers());
        sampler.sample(Instant::now());
        sampler.members().iter().any(|&pid| pid != self.child.pids.program)
    }

    /// Whether its own process has ended and left something that answers on its port: a launcher
    /// that backgrounded the server and exited, not a server that died.
    pub fn left_a_server_running(&self) -> bool {
        !self.alive() && TcpStream::connect_timeout(&self.address(), READY_POLL * 4).is_ok()
    }

    /// Whether `ready` (a path) answers 2xx now (always, without one); else its status and the
    /// start of its text.
    fn answers(&self, ready: Option<&str>) -> Result<Result<(), String>> {
        let Some(path) = ready else { return Ok(Ok(())) };
        let host = SocketAddr::new(self.host, self.port).to_string();
        let request = crate::sys::http::Request {
            method: "GET",
            host: &host,
            path,
            content_type: "text/plain",
            body: b"",
        };
        let answer =
            crate::sys::http::exchange(self.address(), &request, Instant::now() + Duration::from_secs(5))?;
        Ok(match answer {
            Exchange::Answered { status, .. } if (200..300).contains(&status) => Ok(()),
            Exchange::Answered { status, body, .. } => {
                let text = crate::sys::http::readable_text(&body);
                Err(match text.is_empty() {
                    true => format!("HTTP {status}"),
                    false => format!("HTTP {status} ({})", crate::untrusted::printable(&text)),
                })
            }
            Exchange::Closed { how, .. } => Err(format!("nothing (the connection was {how})")),
            Exchange::NoAnswer => Err("nothing within 5 s".into()),
            Exchange::Refused(why) => Err(format!("nothing ({why})")),
        })
    }

    /// Whether the server's own process still runs.
    pub fn alive(&self) -> bool {
        let mut fds = self.child.end_fds();
        let ended = nix::poll::poll(&mut fds, nix::poll::PollTimeout::ZERO).map(|n| n > 0);
        !ended.unwrap_or(true)
    }

    /// Remembers the server's processes now, to tell later which of them ended (`ended_since`),
    /// and where its stderr is, to tell what it wrote since (`stderr_since_watch`).
    pub fn watch(&mut self) {
        let mut sampler = TreeSampler::new(self.child.reaper_pid(), self.reapers());
        sampler.sample(Instant::now());
        // A process that has already ended (a zombie its reaper has not reaped yet: a daemon's
        // first fork, a boot helper) did not end of the request to come.
        self.watched = sampler
            .members()
            .iter()
            .filter_map(|&pid| Some((pid, process::pidfd_open(pid).ok()?)))
            .filter(|(_, fd)| !has_ended(fd))
            .collect();
        self.mark();
    }

    /// Its processes now, its own first (to attach a debugger to).
    pub fn processes(&self) -> Vec<i32> {
        let mut sampler = TreeSampler::new(self.child.reaper_pid(), self.reapers());
        sampler.sample(Instant::now());
        let program = self.child.pids.program;
        let others = sampler.members().iter().copied().filter(|&pid| pid != program);
        std::iter::once(program).chain(others).collect()
    }

    /// The CPU time its processes have used (user and system, all their threads), as /proc says:
    /// a request that ran out of time with none of it spent was waited on, not worked on.
    pub fn cpu_time(&self) -> Duration {
        let ticks =
            nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK).ok().flatten().unwrap_or(100).max(1);
        let used: u64 = self.processes().iter().filter_map(|pid| cpu_ticks(*pid)).sum();
        Duration::from_secs_f64(used as f64 / ticks as f64)
    }

    fn mark(&mut self) {
        let mut log = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        log.mark = log.written;
        log.head.clear();
    }

    /// The processes seen by the last `watch` that have ended since, the server's own excepted.
    pub fn ended_since(&self) -> Vec<WorkerEnd> {
        self.watched
            .iter()
            .filter(|(pid, _)| *pid != self.child.pids.program)
            .filter(|(_, fd)| has_ended(fd))
            .map(|(pid, fd)| WorkerEnd { pid: *pid, status: process::pidfd_exit_status(fd) })
            .collect()
    }

    fn reapers(&self) -> Vec<i32> {
        vec![self.child.reaper_pid(), self.child.pids.parent]
    }

    /// What it wrote to stderr since the last `watch` (the request's time: a death's own words, not
    /// its startup log), in whole lines: where the kept tail no longer reaches back that far, its
    /// first bytes since then (whole lines) and ` … ` before the tail's first whole line. Waits for
    /// the pipe to be drained: to its end where the server `ended` (bounded: something it started
    /// may hold the pipe), else a moment.
    pub fn stderr_since_watch(&self, ended: bool) -> String {
        self.settle_stderr(if ended { STDERR_DRAIN } else { STDERR_SETTLE });
        let log = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        log.since_mark()
    }

    /// Waits until its stderr pipe closed (everything it wrote has been read), at most `bound`.
    fn settle_stderr(&self, bound: Duration) {
        let deadline = Instant::now() + bound;
        while !self.stderr.lock().unwrap_or_else(|e| e.into_inner()).closed && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The last bytes it wrote to stderr, from its first whole line.
    fn stderr_tail(&self) -> String {
        let log = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        let bytes: Vec<u8> = log.tail.iter().copied().collect();
        let whole = match log.written > bytes.len() as u64 {
            true => bytes.iter().position(|&b| b == b'\n').map_or(&[][..], |at| &bytes[at + 1..]),
            false => &bytes[..],
        };
        String::from_utf8_lossy(whole).into_owned()
    }

    /// Its stderr's line that says most, as `: line`, after waiting for the pipe at most `bound`.
    fn stderr_said(&self, bound: Duration) -> String {
        self.settle_stderr(bound);
        let tail = self.stderr_tail();
        match last_meaningful_line(&tail) {
            Some(line) => format!(": {}", crate::untrusted::printable(line)),
            None => String::new(),
        }
    }

    /// Stops it (if it still runs) and whatever it left running, and says how it ended: its wait
    /// status, `None` where its reaper could not say.
    pub fn stop(self) -> Result<Option<ExitStatus>> {
        use std::os::unix::process::ExitStatusExt;
        let Server { mut child, .. } = self;
        let (_, report) = child.wait_kept(Duration::ZERO)?;
        child.release()?;
        Ok(report.map(|report| ExitStatus::from_raw(report.status)))
    }
}

/// A server's stderr: its last bytes, how many it wrote in all, how many by the last `watch`, and
/// its first bytes since then.
#[derive(Default)]
struct StderrLog {
    tail: VecDeque<u8>,
    written: u64,
    mark: u64,
    head: Vec<u8>,
    /// The pipe reached its end: every byte written has been read.
    closed: bool,
}

impl StderrLog {
    fn keep(&mut self, bytes: &[u8]) {
        let room = STDERR_HEAD_BYTES.saturating_sub(self.head.len());
        self.head.extend(&bytes[..room.min(bytes.len())]);
        self.tail.extend(bytes);
        self.written += bytes.len() as u64;
        let excess = self.tail.len().saturating_sub(STDERR_TAIL_BYTES);
        self.tail.drain(..excess);
    }

    /// What was written since the mark, in whole lines (see `Server::stderr_since_watch`).
    fn since_mark(&self) -> String {
        let since = self.written - self.mark;
        let in_tail = since.min(self.tail.len() as u64) as usize;
        let tail: Vec<u8> = self.tail.iter().skip(self.tail.len() - in_tail).copied().collect();
        if since <= (self.head.len() + in_tail) as u64 {
            // The head and the tail meet (or the tail holds it all): every byte is here.
            let overlap = self.head.len() + in_tail - since as usize;
            let whole = match in_tail as u64 == since {
                true => tail,
                false => [&self.head[..], &tail[overlap..]].concat(),
            };
            return String::from_utf8_lossy(&whole).into_owned();
        }
        // Cut between them: the head up to its last whole line, the tail from its first.
        let head = &self.head[..self.head.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1)];
        let tail = tail.iter().position(|&b| b == b'\n').map_or(&[][..], |at| &tail[at + 1..]);
        let joint: &[u8] = if head.is_empty() { b"" } else { "\u{2026}\n".as_bytes() };
        String::from_utf8_lossy(&[head, joint, tail].concat()).into_owned()
    }
}

/// Whether the process of this pidfd has ended (its pidfd is readable from then on).
fn has_ended(fd: &OwnedFd) -> bool {
    let mut fds = [PollFd::new(fd.as_fd(), PollFlags::POLLIN)];
    nix::poll::poll(&mut fds, nix::poll::PollTimeout::ZERO).is_ok_and(|n| n > 0)
}

/// The line that says most of a server's end: the last that names an error or a fault, else its
/// last line (what it printed as it died comes last, after its log).
pub fn last_meaningful_line(stderr: &str) -> Option<&str> {
    let lines: Vec<&str> = stderr.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
    let names_the_end = |line: &&&str| {
        let lower = line.to_ascii_lowercase();
        ["error", "exception", "fatal", "panic", "fault", "abort", "overflow", "killed"]
            .iter()
            .any(|word| lower.contains(word))
            && !lower.starts_with("traceback")
    };
    lines.iter().rev().find(names_the_end).or(lines.last()).copied()
}

/// How a server's start ended.
enum Readiness {
    Ready,
    /// Its process ended first, and nothing it started listens.
    Exited,
    /// Its process ended, and what it started listens on its port.
    Launcher,
    /// Still running, not listening on its port by the start timeout (another port, say), or its
    /// readiness URL answering this instead of 2xx.
    NotListening(Option<String>),
}

/// utime + stime of a process, in clock ticks (/proc/PID/stat, after its command's parenthesis).
fn cpu_ticks(pid: i32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // Fields 14 and 15 of stat(5); the slice starts at field 3.
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// The inode of the socket listening on `port` (TCP, IPv4 or IPv6), from /proc/net.
fn listening_inode(port: u16) -> Option<u64> {
    const LISTEN: &str = "0A";
    ["/proc/net/tcp", "/proc/net/tcp6"].iter().find_map(|table| {
        let text = std::fs::read_to_string(table).ok()?;
        text.lines().skip(1).find_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let local_port = fields.get(1)?.rsplit(':').next()?;
            let listening = u16::from_str_radix(local_port, 16).ok()? == port && *fields.get(3)? == LISTEN;
            listening.then(|| fields.get(9)?.parse().ok()).flatten()
        })
    })
}

/// A port on `host` (a loopback address) that nothing listens on now.
fn free_port(host: IpAddr) -> Result<u16> {
    let listener =
        TcpListener::bind((host, 0)).with_context(|| format!("cannot find a free port on {host}"))?;
    Ok(listener.local_addr()?.port())
}

/// Whether `port` on 127.0.0.1 is free again (nothing of a stopped server kept it).
pub fn port_is_free(port: u16) -> bool {
    TcpListener::bind((Ipv4Addr::LOCALHOST, port)).is_ok()
}

/// Reads the server's stderr until it closes, keeping its first bytes since the mark and its last
/// STDERR_TAIL_BYTES (`StderrLog::keep`), and saying when the pipe closed.
fn drain(mut pipe: std::process::ChildStderr, log: &Mutex<StderrLog>) {
    let mut buf = [0u8; 8192];
    loop {
        let read = pipe.read(&mut buf);
        let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
        match read {
            Ok(0) | Err(_) => {
                log.closed = true;
                return;
            }
            Ok(n) => log.keep(&buf[..n]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_whose_working_folder_is_missing_is_refused_naming_the_folder() {
        let env = crate::sys::child_env::ChildEnv::fixed(std::path::Path::new("/tmp"));
        let mut config = TrialConfig::new(vec!["sh".into(), "-c".into(), "exit 0".into()], env);
        config.cwd = Some("/nonexistent/nestprobe-row".into());
        let error = Server::start(&config, Ipv4Addr::LOCALHOST.into(), None, Duration::from_secs(1), false)
            .err()
            .expect("refused");
        assert_eq!(
            format!("{error:#}"),
            "cannot start `sh`: its working folder /nonexistent/nestprobe-row does not exist"
        );
    }

    #[test]
    fn a_death_s_line_is_the_last_that_names_the_end_else_the_last() {
        let log = "[info] Listening at http://127.0.0.1:1\n[info] POST /parse\nFatal error: stack overflow\n";
        assert_eq!(last_meaningful_line(log), Some("Fatal error: stack overflow"));
        assert_eq!(last_meaningful_line("starting\nbye\n\n"), Some("bye"));
        assert_eq!(last_meaningful_line("\n \n"), None);
    }

    fn logged(before_mark: &str, since: &str) -> StderrLog {
        let mut log = StderrLog::default();
        log.keep(before_mark.as_bytes());
        log.mark = log.written;
        log.head.clear();
        log.keep(since.as_bytes());
        log
    }

    #[test]
    fn a_death_s_words_are_what_came_since_the_mark_its_first_lines_kept_past_the_tail() {
        // All of it in the tail: the startup log before the mark is left out.
        assert_eq!(
            logged("starting\n", "fatal error: stack overflow\n").since_mark(),
            "fatal error: stack overflow\n"
        );
        // Longer than the tail: the head meets it, nothing lost.
        let frames: String = (0..600).map(|i| format!("main.parse{i}(...)\n")).collect();
        assert!(frames.len() > STDERR_TAIL_BYTES && frames.len() < STDERR_TAIL_BYTES + STDERR_HEAD_BYTES);
        assert_eq!(logged("starting\n", &frames).since_mark(), frames);
        // Longer than both: the first lines (the fatal error, the crashing goroutine), `…`, the last.
        let others: String = (0..3000).map(|i| format!("goroutine {i} [select]:\n")).collect();
        let death = format!("fatal error: stack overflow\ngoroutine 7 [running]:\nmain.parse(...)\n{others}");
        let kept = logged("starting\n", &death).since_mark();
        assert!(kept.starts_with("fatal error: stack overflow\ngoroutine 7 [running]:\nmain.parse(...)\n"));
        assert!(kept.contains("\n\u{2026}\ngoroutine "), "{}", &kept[..200]);
        assert!(kept.ends_with("goroutine 2999 [select]:\n"));
        assert!(kept.len() < STDERR_HEAD_BYTES + STDERR_TAIL_BYTES + 4);
    }
}
