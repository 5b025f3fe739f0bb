//! Every descendant of a child is gone when the child's supervision ends, including a daemon that
//! double-forked into a session of its own and closed every descriptor, one that moved to another
//! process group, and one made with CLONE_PARENT: killing the process group reaches none of them,
//! and they would outlive nestprobe.
//!
//! The process nestprobe spawns (S) does not exec the program itself. It ignores every catchable
//! signal and, with a PID namespace (src/sys/containment.rs), unshares one and forks its init (I),
//! a small init of ours: signals a program sends to its namespace's PID 1 are dropped unless it
//! handles them, and everything in the namespace dies with it. I (or S itself, as a child subreaper
//! where no namespace is allowed) forks the program (P), which execs with its stack, argv,
//! environment, limits and personality exactly as before.
//!
//! P, before exec: a process group of its own, a death signal, default signal dispositions and an
//! empty mask, no core file, and every inherited descriptor but 0–2 closed on exec. It sends its
//! own pid and its parent's, as the host sees them, on the report pipe. The reaper (I, or S) waits
//! for P, reports P's wait status and peak memory, then kills every process left under it (orphans
//! come to it, not to init) and exits; S follows I. A stop of P (SIGSTOP) is seen at once: it is
//! reported and P is killed.
//!
//! With `keep` (a `before` hook's server) the reaper leaves P's descendants alive after reporting,
//! until nestprobe closes the keep pipe (or dies: then S and I die by their death signals).
//!
//! All of this runs between fork and exec in a copy of a multi-threaded process, so it only makes
//! system calls: no allocation, no locks, no panics.

use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};

use anyhow::{bail, Context, Result};

use crate::results::settings::Containment;

/// What the spawned process does before the program execs; computed before the spawn.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The write end of the report pipe.
    pub report: RawFd,
    pub containment: Containment,
    /// nestprobe's pid: a child whose parent is already gone when its death signal is set ends.
    pub supervisor: libc::pid_t,
    /// uid_map and gid_map texts for a user namespace of the program's own, where a PID namespace
    /// alone is refused (an unprivileged user may make one only inside a user namespace).
    pub user_maps: Option<(String, String)>,
    /// The read end of a pipe that keeps the program's descendants alive until it is closed.
    pub keep: Option<RawFd>,
    /// RLIMIT_FSIZE of the program: the largest file it may write (a program that fills the disk
    /// must not take the run's results with it).
    pub max_file_bytes: Option<u64>,
    /// A PID namespace to start the program in (a pidfd or an open /proc/PID/ns/pid), instead of a
    /// new one: an `after` hook joins what its `before` hook started.
    pub join: Option<RawFd>,
}

/// The program's end as its reaper saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The raw wait status (for `ExitStatus::from_raw`).
    pub status: i32,
    /// The signal that stopped it before it was killed, if it stopped itself.
    pub stopped_by: Option<i32>,
    /// Its peak resident set size (wait4's rusage).
    pub peak_rss_bytes: u64,
    /// How long its main thread waited in a run queue for a CPU, read from its schedstat once it
    /// had ended and before it was reaped (0 where that cannot be read): the load's share of a
    /// trial too short to be sampled while it ran.
    pub queued_nanos: u64,
}

/// The program's pid and its parent's (its reaper), as the host sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pids {
    pub program: i32,
    pub parent: i32,
}

/// Run in the spawned child as its last `pre_exec` step: sets up the chain above. Only the program
/// returns (and is exec'd); the reapers never do.
///
/// # Safety
/// Only between fork and exec (`Command::pre_exec`), with `plan.report` the write end of a pipe.
pub unsafe fn start(plan: &Plan) -> io::Result<()> {
    die_with_parent(plan.supervisor)?;
    ignore_catchable_signals();
    if let Some(target) = plan.join {
        if libc::setns(target, libc::CLONE_NEWPID) != 0 {
            return Err(io::Error::last_os_error());
        }
        return fork_program(plan, false);
    }
    match plan.containment {
        Containment::Subreaper => fork_program(plan, false),
        Containment::PidNamespace => {
            // As root, or inside an environment's root (which entered a user namespace of its
            // own for an unprivileged user), a PID namespace alone; else inside a user namespace.
            // A mount namespace with it: the program gets a /proc of its own namespace (see
            // `become_program`), which nothing outside sees.
            let flags = libc::CLONE_NEWPID | libc::CLONE_NEWNS;
            if libc::unshare(flags) != 0 {
                let Some((uid_map, gid_map)) = &plan.user_maps else {
                    return Err(io::Error::last_os_error());
                };
                if libc::unshare(libc::CLONE_NEWUSER | flags) != 0 {
                    return Err(io::Error::last_os_error());
                }
                crate::sys::process::map_user(uid_map, gid_map)?;
            }
            // Nothing mounted here may reach the host. Inside an environment's root, "/" is no
            // mount point (EINVAL), and the launcher made every mount private before it entered.
            let private = libc::MS_REC | libc::MS_PRIVATE;
            if libc::mount(std::ptr::null(), c"/".as_ptr(), std::ptr::null(), private, std::ptr::null()) != 0
                && errno() != libc::EINVAL
            {
                return Err(io::Error::last_os_error());
            }
            match libc::fork() {
                -1 => Err(io::Error::last_os_error()),
                // The namespace's init: its parent S is outside, so there is no pid to check.
                0 => {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
                    fork_program(plan, true)
                }
                init => follow(init),
            }
        }
    }
}

/// S in front of a namespace's init: nothing to do but end when it ends (nestprobe waits for S).
unsafe fn follow(init: libc::pid_t) -> ! {
    detach_stdio();
    close_range(3, libc::c_uint::MAX);
    let mut status = 0;
    while libc::waitpid(init, &mut status, 0) == -1 && errno() == libc::EINTR {}
    libc::_exit(0);
}

/// Forks the program, which returns; this process stays behind as its reaper.
unsafe fn fork_program(plan: &Plan, namespace_init: bool) -> io::Result<()> {
    if !namespace_init && libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0 {
        return Err(io::Error::last_os_error());
    }
    let reaper = libc::getpid();
    match libc::fork() {
        -1 => Err(io::Error::last_os_error()),
        0 => become_program(plan, reaper, namespace_init),
        program => reap(program, plan, namespace_init),
    }
}

/// The program's side, just before exec. `own_proc`: it is in a PID and mount namespace of its own,
/// and mounts a /proc of that namespace once it has said its pids in the host's numbering.
unsafe fn become_program(plan: &Plan, reaper: libc::pid_t, own_proc: bool) -> io::Result<()> {
    // A group of its own, so that killing it spares the reaper.
    libc::setpgid(0, 0);
    // A parent outside the program's PID namespace (an `after` hook joining one) reads as 0.
    die_with_parent(if libc::getppid() == 0 { 0 } else { reaper })?;
    let (program, parent) = host_pids();
    let mut record = [0u8; 8];
    record[..4].copy_from_slice(&program.to_ne_bytes());
    record[4..].copy_from_slice(&parent.to_ne_bytes());
    write_all(plan.report, &record);
    // A program (or its debugger) that reads /proc/PID for its own getpid() must find itself
    // there, not the host's process of that number.
    if own_proc {
        let flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
        if libc::mount(c"proc".as_ptr(), c"/proc".as_ptr(), c"proc".as_ptr(), flags, std::ptr::null()) != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    // What the caller's shell may have set or leaked must not reach the program: dispositions
    // (SIG_IGN survives exec), the mask, core files, and descriptors without close-on-exec.
    for signal in 1..libc::SIGRTMAX() {
        if signal != libc::SIGKILL && signal != libc::SIGSTOP {
            libc::signal(signal, libc::SIG_DFL);
        }
    }
    let mut none: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut none);
    libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    let no_core = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    if libc::setrlimit(libc::RLIMIT_CORE, &no_core) != 0 {
        return Err(io::Error::last_os_error());
    }
    if let Some(bytes) = plan.max_file_bytes {
        let files = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
        if libc::setrlimit(libc::RLIMIT_FSIZE, &files) != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    // Close-on-exec rather than closed: std's own exec-error pipe must still say whether exec worked.
    if libc::syscall(libc::SYS_close_range, 3 as libc::c_uint, libc::c_uint::MAX, libc::CLOSE_RANGE_CLOEXEC)
        != 0
    {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The program's pid and its parent's in the host's numbering, from /proc/self/stat (the host's
/// /proc, also inside a PID namespace or an environment's root, which binds it); `getpid` and
/// `getppid` where it cannot be read.
unsafe fn host_pids() -> (i32, i32) {
    let fallback = (libc::getpid(), libc::getppid());
    let fd = libc::open(c"/proc/self/stat".as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return fallback;
    }
    let mut buf = [0u8; 512];
    let len = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
    libc::close(fd);
    if len <= 0 {
        return fallback;
    }
    let stat = &buf[..len as usize];
    // "pid (comm) state ppid …": comm may hold anything, so the ppid is counted from the last ')'.
    let pid = leading_number(stat);
    let close = stat.iter().rposition(|&b| b == b')');
    let ppid = close.and_then(|at| stat.get(at + 4..)).and_then(leading_number);
    match (pid, ppid) {
        (Some(pid), Some(ppid)) => (pid, ppid),
        _ => fallback,
    }
}

fn leading_number(bytes: &[u8]) -> Option<i32> {
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 9 {
        return None;
    }
    Some(bytes[..digits].iter().fold(0, |value, &b| value * 10 + (b - b'0') as i32))
}

/// The reaper's life: wait for the program to end or stop, report how it ended, then end what is
/// left (at once, or once the keep pipe closes).
unsafe fn reap(program: libc::pid_t, plan: &Plan, namespace_init: bool) -> ! {
    libc::setpgid(program, program); // also from this side: no race with a kill that may follow
    detach_stdio();
    // Every descriptor but the report and keep pipes, std's exec-error pipe among them (spawn
    // returns once the program has exec'd, not when this process ends).
    let keep = plan.keep.unwrap_or(-1);
    let mut first: libc::c_uint = 3;
    let mut kept = [plan.report, keep];
    kept.sort_unstable();
    for fd in kept.into_iter().filter(|&fd| fd >= 3) {
        close_range(first, fd as libc::c_uint - 1);
        first = fd as libc::c_uint + 1;
    }
    close_range(first, libc::c_uint::MAX);
    // Wait for the program to end or stop (WNOWAIT: it stays a zombie, so its group id stays its own).
    let mut stopped_by = 0;
    loop {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let flags = libc::WEXITED | libc::WSTOPPED | libc::WNOWAIT;
        if libc::waitid(libc::P_PID, program as libc::id_t, &mut info, flags) == 0 {
            if info.si_code == libc::CLD_STOPPED {
                stopped_by = info.si_status();
            }
            break;
        }
        if errno() != libc::EINTR {
            libc::_exit(1);
        }
    }
    // Its run-queue wait, read while it is a zombie (its counters go when it is reaped).
    let queued = queue_wait_of(program);
    // Kill the group (a stopped program and what it started with it), then wait for its end.
    if plan.keep.is_none() || stopped_by != 0 {
        libc::killpg(program, libc::SIGKILL);
    }
    let mut status = 0;
    let mut usage: libc::rusage = std::mem::zeroed();
    while libc::wait4(program, &mut status, 0, &mut usage) == -1 && errno() == libc::EINTR {}
    let peak = (usage.ru_maxrss.max(0) as u64) * 1024;
    let mut record = [0u8; REPORT_BYTES];
    record[..4].copy_from_slice(&status.to_ne_bytes());
    record[4..8].copy_from_slice(&stopped_by.to_ne_bytes());
    record[8..16].copy_from_slice(&peak.to_ne_bytes());
    record[16..].copy_from_slice(&queued.to_ne_bytes());
    write_all(plan.report, &record);
    if let Some(keep) = plan.keep {
        keep_until_closed(keep);
    }
    if namespace_init {
        // Everything in the namespace but this init; it all dies with the init anyway.
        libc::kill(-1, libc::SIGKILL);
        let mut status = 0;
        while libc::waitpid(-1, &mut status, 0) > 0 || errno() == libc::EINTR {}
    } else {
        kill_orphans();
    }
    libc::_exit(0);
}

/// The bytes of a reaper's report: status, stop signal, peak memory, queue wait.
const REPORT_BYTES: usize = 24;

/// The run-queue wait of `pid`'s main thread in nanoseconds, from /proc/<pid>/schedstat (its second
/// field); 0 where it cannot be read. Only system calls: it runs in the reaper.
unsafe fn queue_wait_of(pid: libc::pid_t) -> u64 {
    // "/proc/<pid>/schedstat", spelled without allocating.
    let mut path = [0u8; 40];
    let mut at = 0;
    for &b in b"/proc/" {
        path[at] = b;
        at += 1;
    }
    let mut digits = [0u8; 12];
    let (mut n, mut value) = (0, pid.max(0) as u64);
    loop {
        digits[n] = b'0' + (value % 10) as u8;
        n += 1;
        value /= 10;
        if value == 0 || n == digits.len() {
            break;
        }
    }
    for i in (0..n).rev() {
        path[at] = digits[i];
        at += 1;
    }
    for &b in b"/schedstat" {
        path[at] = b;
        at += 1;
    }
    let fd = libc::open(path.as_ptr().cast(), libc::O_RDONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return 0;
    }
    let mut buf = [0u8; 96];
    let len = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
    libc::close(fd);
    if len <= 0 {
        return 0;
    }
    // "run wait slices": the second number.
    let mut fields = buf[..len as usize].split(|&b| b == b' ');
    let _run = fields.next();
    fields.next().map_or(0, |wait| {
        wait.iter()
            .take_while(|b| b.is_ascii_digit())
            .fold(0u64, |v, &b| v.saturating_mul(10).saturating_add((b - b'0') as u64))
    })
}

/// Reaps what ends meanwhile until the keep pipe is closed (nestprobe is done with the server).
unsafe fn keep_until_closed(keep: RawFd) {
    loop {
        let mut fds = [libc::pollfd { fd: keep, events: libc::POLLIN, revents: 0 }];
        let ready = libc::poll(fds.as_mut_ptr(), 1, 200);
        reap_ended();
        if ready > 0 {
            let mut byte = [0u8; 1];
            if libc::read(keep, byte.as_mut_ptr().cast(), 1) <= 0 {
                return;
            }
        } else if ready < 0 && errno() != libc::EINTR {
            return;
        }
    }
}

/// Kills and reaps every child this subreaper has (the program's orphans, daemons included) until
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
            while libc::waitpid(pid, &mut status, 0) == -1 && errno() == libc::EINTR {}
        }
        reap_ended();
    }
}

/// Sets a death signal against `parent`, and ends at once if it is already gone (the signal is
/// only sent for a death after it is set).
unsafe fn die_with_parent(parent: libc::pid_t) -> io::Result<()> {
    if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
        return Err(io::Error::last_os_error());
    }
    if libc::getppid() != parent {
        libc::_exit(1);
    }
    Ok(())
}

/// A reaper takes no orders from what it supervises: a descendant may send it anything catchable.
/// (SIGCHLD stays: ignoring it would reap children before the reaper could see how they ended.)
unsafe fn ignore_catchable_signals() {
    for signal in 1..libc::SIGRTMAX() {
        if ![libc::SIGKILL, libc::SIGSTOP, libc::SIGCHLD].contains(&signal) {
            libc::signal(signal, libc::SIG_IGN);
        }
    }
}

/// Our copies of the program's stdin and stderr: nestprobe must see them close with it.
unsafe fn detach_stdio() {
    let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
    for fd in 0..3 {
        if null >= 0 {
            libc::dup2(null, fd);
        } else {
            libc::close(fd);
        }
    }
    if null > 2 {
        libc::close(null);
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

unsafe fn errno() -> i32 {
    *libc::__errno_location()
}

unsafe fn write_all(fd: RawFd, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        if n <= 0 {
            if n < 0 && errno() == libc::EINTR {
                continue;
            }
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// nestprobe's side: the program's pids, sent as soon as it is forked.
pub fn read_pids(report: &OwnedFd) -> Result<Pids> {
    let mut bytes = [0u8; 8];
    if read_exact(report, &mut bytes)? {
        let int = |at: usize| i32::from_ne_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        Ok(Pids { program: int(0), parent: int(4) })
    } else {
        bail!("the child's reaper ended before it started the program")
    }
}

/// nestprobe's side, once the program has ended: how (`None`: the reaper was killed before it
/// could say, by Ctrl-C or by what it supervised).
pub fn read_report(report: &OwnedFd) -> Result<Option<Report>> {
    let mut record = [0u8; REPORT_BYTES];
    if !read_exact(report, &mut record)? {
        return Ok(None);
    }
    let int = |at: usize| i32::from_ne_bytes(record[at..at + 4].try_into().expect("4 bytes"));
    let long = |at: usize| u64::from_ne_bytes(record[at..at + 8].try_into().expect("8 bytes"));
    let stopped = int(4);
    Ok(Some(Report {
        status: int(0),
        stopped_by: (stopped != 0).then_some(stopped),
        peak_rss_bytes: long(8),
        queued_nanos: long(16),
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
            0 => bail!("the child's reaper sent a short report"),
            n if n < 0 => {
                let error = io::Error::last_os_error();
                if error.kind() != io::ErrorKind::Interrupted {
                    return Err(error).context("reading the child's report");
                }
            }
            n => at += n as usize,
        }
    }
    Ok(true)
}
