//! Every descendant of a trial is gone when the trial ends, including a daemon that double-forked
//! into a session of its own and closed every descriptor: killing the process group does not reach
//! it, and it would outlive nestprobe.
//!
//! Why this way: a cgroup would need root and a cgroup v2 hierarchy we may write to (not given:
//! CI runners and this workplace mount v1); a PID namespace needs root or user namespaces, and would
//! make the parser pid 1, which ignores its own `abort()`; nestprobe itself as a child subreaper
//! cannot tell whose orphan is whose when two trials (or a trial and a `before` hook's server) run at
//! once. So each trial gets its own reaper: the process nestprobe forks does not exec the parser
//! itself but becomes a child subreaper and forks once more; that grandchild execs the parser (its
//! stack, argv, environment, limits and personality exactly as before). The reaper waits for it, sends
//! nestprobe the parser's wait status and peak memory through a pipe, then kills every process left
//! under it (orphans come to it, not to init) and exits. It also sees at once when the parser stops
//! itself (SIGSTOP): it reports that and kills it.
//!
//! The reaper runs between fork and exec in a copy of a multi-threaded process, so it only makes
//! system calls: no allocation, no locks, no panics.

use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};

use anyhow::{bail, Context, Result};

/// The parser's end as the reaper saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The raw wait status (for `ExitStatus::from_raw`).
    pub status: i32,
    /// The signal that stopped it before it was killed, if it stopped itself.
    pub stopped_by: Option<i32>,
    /// Its peak resident set size (wait4's rusage).
    pub peak_rss_bytes: u64,
}

/// Run in the forked child as its last `pre_exec` step: forks the parser process, which returns
/// (and is exec'd), while this process stays behind as its reaper and never returns. The parser
/// gets a process group of its own, whose id `report` receives first.
///
/// # Safety
/// Only between fork and exec (`Command::pre_exec`), with `report` the write end of a pipe.
pub unsafe fn fork_parser(report: RawFd) -> io::Result<()> {
    if libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0 {
        return Err(io::Error::last_os_error());
    }
    match libc::fork() {
        -1 => Err(io::Error::last_os_error()),
        0 => {
            // The parser: a group of its own, so that nestprobe's kill of it spares the reaper.
            libc::setpgid(0, 0);
            Ok(())
        }
        parser => reap(parser, report),
    }
}

/// The reaper's life: report the parser's pid, wait for it, report how it ended, kill what is left.
unsafe fn reap(parser: libc::pid_t, report: RawFd) -> ! {
    libc::setpgid(parser, parser); // also from this side: no race with the kill that may follow
    write_all(report, &parser.to_ne_bytes());
    let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
    for fd in 0..3 {
        // Our copies of the parser's stdin and stderr: nestprobe must see them close with it.
        if null >= 0 {
            libc::dup2(null, fd);
        } else {
            libc::close(fd);
        }
    }
    // Every other descriptor but the report pipe, std's exec-error pipe among them (spawn returns
    // when the parser has exec'd, not when this process ends).
    close_range(3, report as libc::c_uint - 1);
    close_range(report as libc::c_uint + 1, libc::c_uint::MAX);
    // Wait for the parser to end or stop (WNOWAIT: it stays a zombie, so its group id stays its own).
    let mut stopped_by = 0;
    loop {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let flags = libc::WEXITED | libc::WSTOPPED | libc::WNOWAIT;
        if libc::waitid(libc::P_PID, parser as libc::id_t, &mut info, flags) == 0 {
            if info.si_code == libc::CLD_STOPPED {
                stopped_by = info.si_status();
            }
            break;
        }
        if *libc::__errno_location() != libc::EINTR {
            libc::_exit(1);
        }
    }
    // Kill the group (a stopped parser and what it started with it), then wait for the parser's end.
    libc::killpg(parser, libc::SIGKILL);
    let mut status = 0;
    let mut usage: libc::rusage = std::mem::zeroed();
    while libc::wait4(parser, &mut status, 0, &mut usage) == -1 && *libc::__errno_location() == libc::EINTR {}
    let peak = (usage.ru_maxrss.max(0) as u64) * 1024;
    let mut record = [0u8; 16];
    record[..4].copy_from_slice(&status.to_ne_bytes());
    record[4..8].copy_from_slice(&stopped_by.to_ne_bytes());
    record[8..].copy_from_slice(&peak.to_ne_bytes());
    write_all(report, &record);
    kill_orphans();
    libc::_exit(0);
}

/// Kills and reaps every child this subreaper has (the parser's orphans, daemons included) until
/// none is left. The kernel lists them in /proc/thread-self/children (the host's /proc is bound into
/// an environment's root too); without it, what has already ended is reaped and nothing more.
unsafe fn kill_orphans() {
    for _round in 0..1000 {
        let fd = libc::open(c"/proc/thread-self/children".as_ptr(), libc::O_RDONLY);
        if fd < 0 {
            reap_ended();
            return;
        }
        let mut buf = [0u8; 4096];
        let len = libc::read(fd, buf.as_mut_ptr().cast(), buf.len()).max(0) as usize;
        libc::close(fd);
        // Pids separated by spaces. When the buffer is full, a last number without its separator
        // may be cut short: it is left for the next round, never killed as a wrong pid.
        let whole = len < buf.len();
        let mut killed = [0 as libc::pid_t; 1024];
        let mut count = 0;
        let mut value: libc::pid_t = 0;
        let mut in_number = false;
        for (at, &byte) in buf[..len].iter().enumerate() {
            if byte.is_ascii_digit() {
                value = value.saturating_mul(10).saturating_add((byte - b'0') as libc::pid_t);
                in_number = true;
            }
            let ends = !byte.is_ascii_digit() || (whole && at + 1 == len);
            if in_number && ends && count < killed.len() {
                libc::kill(value, libc::SIGKILL);
                killed[count] = value;
                count += 1;
                value = 0;
                in_number = false;
            }
        }
        if count == 0 {
            reap_ended();
            return;
        }
        // Each one killed is ours to reap (waiting for exactly those: an orphan's own child that
        // comes to us meanwhile is alive, and the next round finds it).
        for &pid in &killed[..count] {
            let mut status = 0;
            while libc::waitpid(pid, &mut status, 0) == -1 && *libc::__errno_location() == libc::EINTR {}
        }
        reap_ended();
    }
}

/// Reaps every child that has already ended.
unsafe fn reap_ended() {
    let mut status = 0;
    while libc::waitpid(-1, &mut status, libc::WNOHANG) > 0 {}
}

unsafe fn close_range(first: libc::c_uint, last: libc::c_uint) {
    if first <= last {
        libc::syscall(libc::SYS_close_range, first, last, 0 as libc::c_uint);
    }
}

unsafe fn write_all(fd: RawFd, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        if n <= 0 {
            if n < 0 && *libc::__errno_location() == libc::EINTR {
                continue;
            }
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// nestprobe's side: the parser's pid, sent as soon as it is forked.
pub fn read_parser_pid(report: &OwnedFd) -> Result<i32> {
    let mut bytes = [0u8; 4];
    if read_exact(report, &mut bytes)? {
        Ok(i32::from_ne_bytes(bytes))
    } else {
        bail!("the trial's reaper ended before it started the parser program")
    }
}

/// nestprobe's side, once the reaper has exited: how the parser ended (`None`: the reaper was killed
/// before it could say, by Ctrl-C say).
pub fn read_report(report: &OwnedFd) -> Result<Option<Report>> {
    let mut record = [0u8; 16];
    if !read_exact(report, &mut record)? {
        return Ok(None);
    }
    let int = |at: usize| i32::from_ne_bytes(record[at..at + 4].try_into().expect("4 bytes"));
    let stopped = int(4);
    Ok(Some(Report {
        status: int(0),
        stopped_by: (stopped != 0).then_some(stopped),
        peak_rss_bytes: u64::from_ne_bytes(record[8..].try_into().expect("8 bytes")),
    }))
}

/// Fills `buf`; false at end of file before anything was read.
fn read_exact(fd: &OwnedFd, buf: &mut [u8]) -> Result<bool> {
    let mut at = 0;
    while at < buf.len() {
        // SAFETY: reading into our own buffer from a descriptor we own.
        let n = unsafe { libc::read(fd.as_raw_fd(), buf[at..].as_mut_ptr().cast(), buf.len() - at) };
        match n {
            0 if at == 0 => return Ok(false),
            0 => bail!("the trial's reaper sent a short report"),
            n if n < 0 => {
                let error = io::Error::last_os_error();
                if error.kind() != io::ErrorKind::Interrupted {
                    return Err(error).context("reading the trial's report");
                }
            }
            n => at += n as usize,
        }
    }
    Ok(true)
}
