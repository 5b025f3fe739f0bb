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
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::os::fd::{AsFd, OwnedFd};
use std::process::ExitStatus;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use nix::poll::{PollFd, PollFlags};

use crate::sys::memory::TreeSampler;
use crate::sys::monitor::Monitor;
use crate::sys::process;
use crate::sys::supervised::{self, Supervised};
use crate::sys::trial::TrialConfig;

/// The placeholder for the port in a server's arguments and URLs.
pub const PORT_PLACEHOLDER: &str = "{port}";
/// Bytes of a server's stderr kept (its last ones).
const STDERR_TAIL_BYTES: usize = 8 * 1024;
/// How often a starting server's port is tried.
const READY_POLL: Duration = Duration::from_millis(25);

/// A running server.
pub struct Server {
    child: Supervised,
    pub port: u16,
    stderr: Arc<Mutex<VecDeque<u8>>>,
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
    /// Starts `config`'s command with a free loopback port and waits until it accepts a connection
    /// on it (and `ready`, a path, answers 2xx when given) within `start_timeout`.
    pub fn start(config: &TrialConfig, ready: Option<&str>, start_timeout: Duration) -> Result<Server> {
        let port = free_port()?;
        let mut config = config.clone();
        for arg in &mut config.argv {
            if let Some(text) = arg.to_str().filter(|text| text.contains(PORT_PLACEHOLDER)) {
                *arg = text.replace(PORT_PLACEHOLDER, &port.to_string()).into();
            }
        }
        config.env.set("PORT", &port.to_string());
        let mut command = config.command()?;
        let options = supervised::Options { killed_by_ctrl_c: true, ..Default::default() };
        let mut child = Supervised::spawn(&mut command, &config.program_name(), options)?;
        drop(command);
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(pipe) = child.take_stderr() {
            let tail = stderr.clone();
            std::thread::Builder::new()
                .name("server-stderr".into())
                .spawn(move || drain(pipe, &tail))
                .context("cannot start a thread")?;
        }
        let monitor = Monitor::new(&child, config.max_rss);
        let server = Server { child, port, stderr, watched: Vec::new(), monitor };
        match server.wait_ready(ready, start_timeout)? {
            Readiness::Ready => Ok(server),
            Readiness::Exited => {
                let said = server.stderr_said();
                let status = server.stop()?;
                let how = status.map_or("killed".to_string(), |status| status.to_string());
                bail!("the server exited before it listened ({how}){said}")
            }
            Readiness::NotListening => {
                let said = server.stderr_said();
                let port = server.port;
                server.stop()?;
                bail!(
                    "the server did not listen on 127.0.0.1:{port} within {} s{said}",
                    start_timeout.as_secs()
                )
            }
        }
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        SocketAddr::from((Ipv4Addr::LOCALHOST, self.port))
    }

    /// Waits until it accepts a connection on its port (and `ready` answers 2xx) or it ends.
    fn wait_ready(&self, ready: Option<&str>, start_timeout: Duration) -> Result<Readiness> {
        let deadline = Instant::now() + start_timeout;
        loop {
            if !self.alive() {
                return Ok(Readiness::Exited);
            }
            if TcpStream::connect_timeout(&self.address(), READY_POLL).is_ok() && self.answers(ready)? {
                // What answered may be a daemon it forked before it exited: the server must still run.
                std::thread::sleep(READY_POLL);
                return Ok(if self.alive() { Readiness::Ready } else { Readiness::Exited });
            }
            if Instant::now() >= deadline {
                return Ok(Readiness::NotListening);
            }
            std::thread::sleep(READY_POLL);
        }
    }

    /// Whether `ready` (a path) answers 2xx now; true without one.
    fn answers(&self, ready: Option<&str>) -> Result<bool> {
        let Some(path) = ready else { return Ok(true) };
        let host = format!("127.0.0.1:{}", self.port);
        let request = crate::sys::http::Request {
            method: "GET",
            host: &host,
            path,
            content_type: "text/plain",
            body: b"",
        };
        let answer =
            crate::sys::http::exchange(self.address(), &request, Instant::now() + Duration::from_secs(5))?;
        Ok(answer.status().is_some_and(|status| (200..300).contains(&status)))
    }

    /// Whether the server's own process still runs.
    pub fn alive(&self) -> bool {
        let mut fds = self.child.end_fds();
        let ended = nix::poll::poll(&mut fds, nix::poll::PollTimeout::ZERO).map(|n| n > 0);
        !ended.unwrap_or(true)
    }

    /// Remembers the server's processes now, to tell later which of them ended (`ended_since`).
    pub fn watch(&mut self) {
        let mut sampler = TreeSampler::new(self.child.reaper_pid(), self.reapers());
        sampler.sample(Instant::now());
        self.watched =
            sampler.members().iter().filter_map(|&pid| Some((pid, process::pidfd_open(pid).ok()?))).collect();
    }

    /// The processes seen by the last `watch` that have ended since, the server's own excepted.
    pub fn ended_since(&self) -> Vec<WorkerEnd> {
        self.watched
            .iter()
            .filter(|(pid, _)| *pid != self.child.pids.program)
            .filter(|(_, fd)| {
                let mut fds = [PollFd::new(fd.as_fd(), PollFlags::POLLIN)];
                nix::poll::poll(&mut fds, nix::poll::PollTimeout::ZERO).is_ok_and(|n| n > 0)
            })
            .map(|(pid, fd)| WorkerEnd { pid: *pid, status: process::pidfd_exit_status(fd) })
            .collect()
    }

    /// The CPU time its processes have used so far (those alive now, and the children they
    /// reaped): whether it worked on a request while a client waited.
    pub fn cpu_time(&self) -> Duration {
        let mut sampler = TreeSampler::new(self.child.reaper_pid(), self.reapers());
        sampler.sample(Instant::now());
        let mut pids = sampler.members().to_vec();
        pids.push(self.child.pids.program);
        pids.sort_unstable();
        pids.dedup();
        pids.into_iter().map(process_cpu_time).sum()
    }

    fn reapers(&self) -> Vec<i32> {
        vec![self.child.reaper_pid(), self.child.pids.parent]
    }

    /// The last bytes it wrote to stderr.
    pub fn stderr_tail(&self) -> String {
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&tail.iter().copied().collect::<Vec<u8>>()).into_owned()
    }

    fn stderr_said(&self) -> String {
        let tail = self.stderr_tail();
        match crate::results::outcome::error_line(&tail) {
            Some(line) => format!(": {}", crate::untrusted::printable(line)),
            None => String::new(),
        }
    }

    /// Stops it (if it still runs) and says how it ended: its wait status, `None` where its reaper
    /// could not say.
    pub fn stop(self) -> Result<Option<ExitStatus>> {
        use std::os::unix::process::ExitStatusExt;
        let Server { child, .. } = self;
        if !child.wait_program(Instant::now())? {
            child.kill();
        }
        Ok(child.finish()?.map(|report| ExitStatus::from_raw(report.status)))
    }
}

/// How a server's start ended.
enum Readiness {
    Ready,
    /// Its process ended first.
    Exited,
    /// Still running, not listening on its port by the start timeout (another port, say).
    NotListening,
}

/// A process's user and system time, its reaped children's included (0 once it is gone).
fn process_cpu_time(pid: i32) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return Duration::ZERO };
    // Fields after the command's closing parenthesis: state is the 3rd field; utime the 14th.
    let Some(rest) = stat.rfind(')').map(|at| &stat[at + 1..]) else { return Duration::ZERO };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 =
        fields.get(11..15).map_or(0, |times| times.iter().filter_map(|t| t.parse::<u64>().ok()).sum());
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / per_second)
}

/// A port on 127.0.0.1 that nothing listens on now.
fn free_port() -> Result<u16> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).context("cannot find a free loopback port")?;
    Ok(listener.local_addr()?.port())
}

/// Whether `port` on 127.0.0.1 is free again (nothing of a stopped server kept it).
pub fn port_is_free(port: u16) -> bool {
    TcpListener::bind((Ipv4Addr::LOCALHOST, port)).is_ok()
}

/// Reads the server's stderr until it closes, keeping the last STDERR_TAIL_BYTES.
fn drain(mut pipe: std::process::ChildStderr, tail: &Mutex<VecDeque<u8>>) {
    let mut buf = [0u8; 8192];
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            return;
        }
        let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
        tail.extend(&buf[..n]);
        let excess = tail.len().saturating_sub(STDERR_TAIL_BYTES);
        tail.drain(..excess);
    }
}
