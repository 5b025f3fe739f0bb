//! The operating-system side of supervising a child: pidfds, waiting for a process to exit without
//! reaping it, killing it or its group, pipes, and the user namespace maps. Used by
//! src/sys/supervised.rs and src/sys/reaper.rs for every child nestprobe starts.
//!
//! The order matters: a child that has exited but is not reaped keeps its pid, and so its process
//! group id, reserved. So we wait with a pidfd (readable once the child exits, without reaping it),
//! kill the group (grandchildren that kept our pipes open included), and only then reap.

use std::io;
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd};
use std::time::Instant;

use anyhow::{Context, Result};
use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

/// A pidfd for `pid` (Linux ≥ 5.3): readable once the process has exited.
pub fn pidfd_open(pid: i32) -> Result<OwnedFd> {
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    if fd < 0 {
        return Err(io::Error::last_os_error()).context("pidfd_open (nestprobe needs Linux 5.3 or newer)");
    }
    // SAFETY: the descriptor was just created and is owned by nobody else.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

/// Waits until the process behind `pidfd` has exited or `deadline` has passed (`None`: no deadline).
/// Returns whether it exited. The process is left a zombie.
pub fn wait_exit(pidfd: &OwnedFd, deadline: Option<Instant>) -> Result<bool> {
    wait_readable(&mut [PollFd::new(pidfd.as_fd(), PollFlags::POLLIN)], deadline)
}

/// Waits until one of `fds` is readable (a pidfd is when its process has ended, a pipe when its
/// writer wrote or closed it) or `deadline` has passed (`None`: no deadline); whether one was.
pub fn wait_readable(fds: &mut [PollFd<'_>], deadline: Option<Instant>) -> Result<bool> {
    loop {
        let left = deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()));
        match poll(fds, left.map_or(PollTimeout::NONE, poll_timeout)) {
            Ok(0) if left.is_some_and(|left| left.is_zero()) => return Ok(false),
            Ok(0) => continue,
            Ok(_) => return Ok(true),
            Err(nix::errno::Errno::EINTR) => continue,
            Err(error) => return Err(error).context("waiting for a child process"),
        }
    }
}

/// A poll timeout from a duration, rounded up so that a short wait never becomes a busy loop.
pub fn poll_timeout(duration: std::time::Duration) -> PollTimeout {
    let millis = duration.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
    PollTimeout::try_from(millis).unwrap_or(PollTimeout::MAX)
}

/// Kills the whole process group led by `pid`. Call only while `pid` is running or a zombie.
pub fn kill_group(pid: i32) {
    let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
}

/// Kills the process behind `pidfd` (not some other process that reused its pid).
pub fn kill_pidfd(pidfd: &OwnedFd) {
    // SAFETY: pidfd_send_signal takes a descriptor, a signal, a null info and flags.
    unsafe {
        libc::syscall(
            libc::SYS_pidfd_send_signal,
            pidfd.as_raw_fd(),
            libc::SIGKILL,
            std::ptr::null::<libc::siginfo_t>(),
            0,
        )
    };
}

/// The wait status of the process behind `pidfd`, once it has ended and been reaped (by whoever its
/// parent is), from the kernel's pidfd info (Linux 6.15 and later); `None` where the kernel does
/// not say within a moment.
pub fn pidfd_exit_status(pidfd: &OwnedFd) -> Option<i32> {
    /// `struct pidfd_info` as Linux 6.15 first defined it (PIDFD_INFO_SIZE_VER0: 64 bytes).
    #[repr(C)]
    #[derive(Default)]
    struct PidfdInfo {
        mask: u64,
        cgroupid: u64,
        ids: [u32; 11],
        exit_code: i32,
    }
    const PIDFD_INFO_EXIT: u64 = 1 << 3;
    // _IOWR(PIDFS_IOCTL_MAGIC = 0xFF, 11, struct pidfd_info): the kernel reads the size from it.
    const PIDFD_GET_INFO: libc::c_ulong =
        (3 << 30) | ((std::mem::size_of::<PidfdInfo>() as libc::c_ulong) << 16) | (0xFF << 8) | 11;
    let deadline = Instant::now() + std::time::Duration::from_millis(300);
    loop {
        let mut info = PidfdInfo { mask: PIDFD_INFO_EXIT, ..Default::default() };
        // SAFETY: the ioctl writes at most size_of::<PidfdInfo>() bytes into `info`.
        let done = unsafe { libc::ioctl(pidfd.as_raw_fd(), PIDFD_GET_INFO, &mut info as *mut PidfdInfo) };
        if done == 0 && info.mask & PIDFD_INFO_EXIT != 0 {
            return Some(info.exit_code);
        }
        // Not reaped yet (its parent waits for it a moment later), or a kernel without it.
        if done != 0 && io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
            || Instant::now() >= deadline
        {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Kills one process (by a pid known to be ours a moment ago).
pub fn kill(pid: i32) {
    let _ = nix::sys::signal::kill(Pid::from_raw(pid), Signal::SIGKILL);
}

/// Writes the uid_map and gid_map of a user namespace just entered (setgroups denied first, as the
/// kernel requires of an unprivileged writer). Safe between fork and exec: no allocation.
pub fn map_user(uid_map: &str, gid_map: &str) -> io::Result<()> {
    write_file(c"/proc/self/setgroups", b"deny")?;
    write_file(c"/proc/self/uid_map", uid_map.as_bytes())?;
    write_file(c"/proc/self/gid_map", gid_map.as_bytes())
}

/// open + write + close, with no allocation.
fn write_file(path: &std::ffi::CStr, bytes: &[u8]) -> io::Result<()> {
    // SAFETY: plain system calls on a path and a buffer we own.
    let fd = unsafe { libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above.
    let written = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
    let error = io::Error::last_os_error();
    // SAFETY: our own descriptor.
    unsafe { libc::close(fd) };
    if written != bytes.len() as isize {
        return Err(error);
    }
    Ok(())
}

/// Bytes written into a pipe and not read yet (FIONREAD works on either end of a Linux pipe).
pub fn unread_bytes(pipe: &impl AsRawFd) -> u64 {
    let mut count: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int through the pointer.
    let rc = unsafe { libc::ioctl(pipe.as_raw_fd(), libc::FIONREAD, &mut count) };
    if rc == 0 {
        count.max(0) as u64
    } else {
        0
    }
}

/// Puts a descriptor in non-blocking mode.
pub fn set_nonblocking(fd: &impl AsRawFd) -> Result<()> {
    let raw = fd.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own, with integer arguments.
    let flags = unsafe { libc::fcntl(raw, libc::F_GETFL) };
    // SAFETY: as above.
    if flags < 0 || unsafe { libc::fcntl(raw, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error()).context("making a pipe non-blocking");
    }
    Ok(())
}
