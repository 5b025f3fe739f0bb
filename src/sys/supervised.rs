//! nestprobe's side of one supervised child (src/sys/reaper.rs is the child's side), shared by the
//! trials and by every other command nestprobe runs (src/sys/task.rs).
//!
//! Nothing here waits without a deadline for a process the program could stop or kill: the
//! program's end is seen on its own pidfd as well as on its reaper's, a reaper that does not follow
//! at once is continued (the program may have stopped it, where no PID namespace hides it) and at
//! last killed, and with it the whole namespace. (No `wait-timeout`: the waits are polls of pidfds
//! beside the pipes, and the program's status and peak memory come from its reaper's wait4, which
//! keeps the rusage that crate throws away.)

use std::io;
use std::os::fd::{AsFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::{mpsc, Arc, OnceLock};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use nix::fcntl::OFlag;
use nix::poll::{poll, PollFd, PollFlags};

use crate::results::settings::Containment;
use crate::sys::interrupt::{GroupGuard, OwnPids};
use crate::sys::reaper::{self, Pids, Plan, Report};
use crate::sys::{containment, process};

/// How long a reaper may take to report and clean up after its program ended before it is
/// continued and then killed.
const REAPER_GRACE: Duration = Duration::from_secs(5);

/// What else a child's supervision does.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Ctrl-C kills the child (otherwise it is left to finish: it undoes something).
    pub killed_by_ctrl_c: bool,
    /// Its descendants outlive it until [`Supervised::release`] (a `before` hook's server).
    pub keep: bool,
    /// Start it in the PID namespace of this kept child instead of a new one.
    pub join: Option<RawFd>,
    /// The largest file the program may write (RLIMIT_FSIZE), if capped.
    pub max_file_bytes: Option<u64>,
}

/// A spawned child: its reaper, the program, and the pipe the reaper reports on.
pub struct Supervised {
    reaper: Child,
    reaper_fd: OwnedFd,
    report: OwnedFd,
    pub pids: Pids,
    program_fd: Option<OwnedFd>,
    containment: Containment,
    keep: Option<OwnedFd>,
    _registered: Option<GroupGuard>,
    _own: OwnPids,
}

impl Supervised {
    /// Spawns `command` (its stdio, environment and other `pre_exec` steps as the caller set them)
    /// under a reaper. `what` names it in errors.
    pub fn spawn(command: &mut Command, what: &str, options: Options) -> Result<Supervised> {
        let (report_read, report_write) =
            nix::unistd::pipe2(OFlag::O_CLOEXEC).context("cannot create a pipe")?;
        let keep = options.keep.then(|| nix::unistd::pipe2(OFlag::O_CLOEXEC)).transpose()?;
        let containment = containment::current();
        let plan = Arc::new(Plan {
            report: std::os::fd::AsRawFd::as_raw_fd(&report_write),
            containment,
            supervisor: std::process::id() as i32,
            user_maps: containment::user_maps(),
            keep: keep.as_ref().map(|(read, _)| std::os::fd::AsRawFd::as_raw_fd(read)),
            join: options.join,
            max_file_bytes: options.max_file_bytes,
        });
        command.process_group(0);
        // SAFETY: `start` only makes system calls (see src/sys/reaper.rs).
        unsafe {
            let plan = plan.clone();
            command.pre_exec(move || reaper::start(&plan));
        }
        let mut reaper =
            spawn_from_lasting_thread(command).with_context(|| format!("cannot start {what}"))?;
        drop(report_write); // the reapers hold the only ones: end of file once they have gone
        let keep = keep.map(|(read, write)| {
            drop(read);
            write
        });
        let reaper_pid = reaper.id() as i32;
        let started = (|| -> Result<(OwnedFd, Pids)> {
            let reaper_fd = process::pidfd_open(reaper_pid)?;
            let pids = reaper::read_pids(&report_read)?;
            Ok((reaper_fd, pids))
        })();
        let (reaper_fd, pids) = match started {
            Ok(started) => started,
            Err(error) => {
                process::kill_group(reaper_pid);
                let _ = reaper.wait();
                return Err(error.context(format!("cannot start {what}")));
            }
        };
        // A PID namespace dies with its init, which dies with S: killing S's group ends it all.
        // Without one, the reaper must live to kill the orphans: Ctrl-C kills the program's group.
        let own = OwnPids::register(&[reaper_pid, pids.parent, pids.program]);
        let registered = options.killed_by_ctrl_c.then(|| match (containment, options.join) {
            (Containment::PidNamespace, None) => GroupGuard::register(reaper_pid),
            _ => GroupGuard::register(pids.program),
        });
        // The program may already be gone (and reaped): then its reaper's end is what tells.
        let program_fd = process::pidfd_open(pids.program).ok();
        Ok(Supervised {
            reaper,
            reaper_fd,
            report: report_read,
            pids,
            program_fd,
            containment,
            keep,
            _registered: registered,
            _own: own,
        })
    }

    /// The program's stderr, when the caller piped it.
    pub fn take_stderr(&mut self) -> Option<std::process::ChildStderr> {
        self.reaper.stderr.take()
    }

    /// The pid of the process nestprobe spawned (the first reaper).
    pub fn reaper_pid(&self) -> i32 {
        self.reaper.id() as i32
    }

    pub fn containment(&self) -> Containment {
        self.containment
    }

    /// The descriptors that become readable when the program has ended: its reaper's pidfd, the
    /// report its reaper writes then (a kept child's reaper does not end), and its own pidfd.
    pub fn end_fds(&self) -> Vec<PollFd<'_>> {
        let mut fds = vec![
            PollFd::new(self.reaper_fd.as_fd(), PollFlags::POLLIN),
            PollFd::new(self.report.as_fd(), PollFlags::POLLIN),
        ];
        if let Some(program) = &self.program_fd {
            fds.push(PollFd::new(program.as_fd(), PollFlags::POLLIN));
        }
        fds
    }

    /// Waits until the program has ended or `deadline` has passed; whether it ended.
    pub fn wait_program(&self, deadline: Instant) -> Result<bool> {
        process::wait_readable(&mut self.end_fds(), Some(deadline))
    }

    /// Kills the program and its process group; its reaper then reports and kills the rest. The
    /// program itself by its pidfd: it may have moved to another group (a helper's, by
    /// `setpgid(0, helper)`), and then its own group is empty and the group kill reaches nobody.
    pub fn kill(&self) {
        if let Some(program) = &self.program_fd {
            process::kill_pidfd(program);
        }
        process::kill_group(self.pids.program);
    }

    /// Waits for the reaper (continuing it, then killing it and the namespace, if it does not
    /// follow), reaps it and returns its report (`None`: it was killed before it could say).
    pub fn finish(mut self) -> Result<Option<Report>> {
        self.end_reaper()?;
        reaper::read_report(&self.report)
    }

    /// For a kept child: waits for the program's own end (within `timeout`: it is killed after) and
    /// returns its report, leaving its descendants running until [`Supervised::release`].
    pub fn wait_kept(&mut self, timeout: Duration) -> Result<(bool, Option<Report>)> {
        let ended = self.wait_program(Instant::now() + timeout)?;
        if !ended {
            self.kill();
        }
        // The report follows the program's end at once, unless its reaper was killed or stopped.
        let mut fds = [PollFd::new(self.report.as_fd(), PollFlags::POLLIN)];
        let _ = poll(&mut fds, process::poll_timeout(REAPER_GRACE));
        if fds[0].revents().is_none_or(|r| r.is_empty()) {
            self.end_reaper()?;
        }
        // What it keeps running outlives Ctrl-C until its row's `after` hook has undone it.
        self._registered = None;
        Ok((ended, reaper::read_report(&self.report)?))
    }

    /// A pidfd-like handle on the kept child's PID namespace, for [`Options::join`] (`None`
    /// without one).
    pub fn namespace(&self) -> Option<std::fs::File> {
        if self.containment != Containment::PidNamespace {
            return None;
        }
        // The namespace's init: the program itself has ended.
        std::fs::File::open(format!("/proc/{}/ns/pid", self.pids.parent)).ok()
    }

    /// Ends a kept child's descendants: closes the keep pipe and waits for its reaper.
    pub fn release(mut self) -> Result<()> {
        self.keep = None;
        self.end_reaper()
    }

    fn end_reaper(&mut self) -> Result<()> {
        let pid = self.reaper.id() as i32;
        if !process::wait_exit(&self.reaper_fd, Some(Instant::now() + REAPER_GRACE / 10))? {
            // Stopped by what it supervises (only possible without a PID namespace)?
            let _ =
                nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGCONT);
            if !process::wait_exit(&self.reaper_fd, Some(Instant::now() + REAPER_GRACE))? {
                // Its init (and so its namespace) dies with it.
                self.kill();
                process::kill_group(pid);
                process::wait_exit(&self.reaper_fd, None)?;
            }
        }
        self.reaper.wait().context("cannot wait for a child's reaper")?;
        Ok(())
    }
}

impl Drop for Supervised {
    /// A child abandoned on an error path, or kept until now: nothing of it may outlive
    /// nestprobe's interest in it.
    fn drop(&mut self) {
        if matches!(self.reaper.try_wait(), Ok(None)) {
            if self.keep.take().is_none() {
                self.kill();
            }
            let _ = self.end_reaper();
        }
    }
}

/// A spawn request for the spawner thread, and where its answer goes.
type SpawnJob = (Command, mpsc::SyncSender<(Command, io::Result<Child>)>);

/// Spawns `command` from one thread that lives as long as nestprobe. The death signal a child sets
/// fires when the *thread* that forked it ends, not the process: a child spawned by a pool or
/// preparer thread (a `before` hook's server, kept for later) would be killed when that thread is
/// done.
fn spawn_from_lasting_thread(command: &mut Command) -> io::Result<Child> {
    static SPAWNER: OnceLock<mpsc::Sender<SpawnJob>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (jobs, received) = mpsc::channel::<SpawnJob>();
        std::thread::Builder::new()
            .name("spawner".into())
            .spawn(move || {
                for (mut command, answer) in received {
                    let child = command.spawn();
                    let _ = answer.send((command, child));
                }
            })
            .expect("cannot start the spawner thread");
        jobs
    });
    let (answer, answered) = mpsc::sync_channel(1);
    let job = std::mem::replace(command, Command::new(""));
    spawner.send((job, answer)).map_err(|_| io::Error::other("the spawner thread has ended"))?;
    let (job, child) = answered.recv().map_err(|_| io::Error::other("the spawner thread has ended"))?;
    *command = job;
    child
}
