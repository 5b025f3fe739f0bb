//! Every command nestprobe runs besides trials (builds, version queries, toolchain checks, hooks,
//! setup scripts, apt-get) is supervised like a trial (src/sys/supervised.rs): under a reaper, in a
//! PID namespace where the machine allows one, killed by SIGINT or SIGTERM at once, a timeout, and
//! nothing it started outliving it, except what a `before` hook starts (a server), kept until its
//! row is done with it.

use std::io::{Read, Seek};
use std::os::fd::RawFd;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};

use crate::sys::interrupt::{self, Interrupted};
use crate::sys::supervised::{self, Supervised};

/// Time limits of the commands a catalog run executes.
pub const BUILD_TIMEOUT: Duration = Duration::from_secs(30 * 60);
pub const QUERY_TIMEOUT: Duration = Duration::from_secs(120);
pub const HOOK_TIMEOUT: Duration = Duration::from_secs(5 * 60);
pub const SETUP_TIMEOUT: Duration = Duration::from_secs(60 * 60);

/// The largest file a version query, toolchain check or hook may write (its captured output
/// included): they print a line or start a server. A `yes` as a version command would otherwise
/// fill the disk for two minutes. Builds and setup scripts, which write toolchains, are not capped.
const SHORT_COMMAND_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// The file-size cap of a command with this timeout (see [`SHORT_COMMAND_FILE_BYTES`]).
fn max_file_bytes(timeout: Duration) -> Option<u64> {
    (timeout <= HOOK_TIMEOUT).then_some(SHORT_COMMAND_FILE_BYTES)
}

/// Runs `command` (its stdio as the caller set it) and returns its exit status. `what` names it in
/// errors. Fails on timeout and on SIGINT/SIGTERM (`Interrupted`).
pub fn run(command: &mut Command, what: &str, timeout: Duration) -> Result<ExitStatus> {
    run_as(command, what, timeout, OnCtrlC::Kill)
}

/// Whether Ctrl-C ends a command.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OnCtrlC {
    /// Killed with its group (and the call fails with `Interrupted`).
    Kill,
    /// Left to finish within its timeout: it undoes something (a server a hook started), and a
    /// run that stops must still undo it.
    Finish,
}

/// [`run`], with what Ctrl-C does to the command.
pub fn run_as(
    command: &mut Command,
    what: &str,
    timeout: Duration,
    on_ctrl_c: OnCtrlC,
) -> Result<ExitStatus> {
    let options = supervised::Options {
        killed_by_ctrl_c: on_ctrl_c == OnCtrlC::Kill,
        max_file_bytes: max_file_bytes(timeout),
        ..Default::default()
    };
    run_with(command, what, timeout, options).map(|(status, _)| status)
}

/// What is left of a command whose descendants are kept (a `before` hook's server): they run
/// until [`Kept::release`], or until this is dropped.
pub struct Kept(Supervised);

impl Kept {
    /// The PID namespace the kept processes are in, for [`capture_joined`] (`None` without one).
    pub fn namespace(&self) -> Option<std::fs::File> {
        self.0.namespace()
    }

    /// Kills what is kept and waits for its reaper.
    pub fn release(self) -> Result<()> {
        self.0.release()
    }
}

/// Runs `command` with `options`; the child is handed back when its descendants are kept.
fn run_with(
    command: &mut Command,
    what: &str,
    timeout: Duration,
    options: supervised::Options,
) -> Result<(ExitStatus, Option<Kept>)> {
    let ran = supervise(command, what, timeout, options);
    // Whatever a command that Ctrl-C kills came to (an error, a status), it was interrupted: the
    // one place a task's ending is read against the flag, so that callers only ask the error.
    if options.killed_by_ctrl_c && interrupt::requested() {
        bail!(Interrupted);
    }
    ran
}

/// Spawns `command` under supervision and waits for it (kept: for the program alone).
fn supervise(
    command: &mut Command,
    what: &str,
    timeout: Duration,
    options: supervised::Options,
) -> Result<(ExitStatus, Option<Kept>)> {
    let mut child = Supervised::spawn(command, what, options)?;
    let (ended, report, kept) = if options.keep {
        let (ended, report) = child.wait_kept(timeout)?;
        (ended, report, Some(Kept(child)))
    } else {
        let ended = child.wait_program(Instant::now() + timeout)?;
        if !ended {
            child.kill();
        }
        (ended, child.finish()?, None)
    };
    if !ended {
        bail!("{what} did not finish within {}", humantime::format_duration(timeout));
    }
    let report = report.ok_or_else(|| anyhow!("{what} ended without its reaper seeing how"))?;
    Ok((ExitStatus::from_raw(report.status), kept))
}

/// What a command printed, with its status.
pub struct Captured {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `command` with stdout and stderr captured (in temporary files, so a chatty command never
/// blocks and nothing waits for a pipe that a left-behind process holds).
pub fn capture(command: &mut Command, what: &str, timeout: Duration) -> Result<Captured> {
    capture_as(command, what, timeout, OnCtrlC::Kill)
}

/// [`capture`], with what Ctrl-C does to the command.
pub fn capture_as(
    command: &mut Command,
    what: &str,
    timeout: Duration,
    on_ctrl_c: OnCtrlC,
) -> Result<Captured> {
    capture_joined(command, what, timeout, on_ctrl_c, None)
}

/// [`capture_as`], started inside a kept command's PID namespace (`join`, from
/// [`Kept::namespace`]): an `after` hook sees the `before` hook's server by the pid it wrote down.
pub fn capture_joined(
    command: &mut Command,
    what: &str,
    timeout: Duration,
    on_ctrl_c: OnCtrlC,
    join: Option<RawFd>,
) -> Result<Captured> {
    let options = supervised::Options {
        killed_by_ctrl_c: on_ctrl_c == OnCtrlC::Kill,
        keep: false,
        join,
        max_file_bytes: max_file_bytes(timeout),
    };
    captured(command, |command| run_with(command, what, timeout, options)).map(|(captured, _)| captured)
}

/// [`capture`], keeping what the command starts running until the returned [`Kept`] is released
/// or dropped.
pub fn capture_kept(command: &mut Command, what: &str, timeout: Duration) -> Result<(Captured, Kept)> {
    let options = supervised::Options {
        killed_by_ctrl_c: true,
        keep: true,
        join: None,
        max_file_bytes: max_file_bytes(timeout),
    };
    let (captured, kept) = captured(command, |command| run_with(command, what, timeout, options))?;
    Ok((captured, kept.expect("a kept command hands back its child")))
}

fn captured(
    command: &mut Command,
    run: impl FnOnce(&mut Command) -> Result<(ExitStatus, Option<Kept>)>,
) -> Result<(Captured, Option<Kept>)> {
    let mut stdout = tempfile::tempfile().context("cannot create a temporary file")?;
    let mut stderr = tempfile::tempfile().context("cannot create a temporary file")?;
    command.stdin(Stdio::null()).stdout(stdout.try_clone()?).stderr(stderr.try_clone()?);
    let (status, kept) = run(command)?;
    Ok((Captured { status, stdout: read_back(&mut stdout), stderr: read_back(&mut stderr) }, kept))
}

fn read_back(file: &mut std::fs::File) -> String {
    let mut bytes = Vec::new();
    let _ = file.rewind().and_then(|()| file.read_to_end(&mut bytes));
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    #[test]
    fn a_command_that_overstays_is_killed_with_its_group() {
        let started = Instant::now();
        let mut command = Command::new("sh");
        command.args(["-c", "sleep 30 & sleep 30"]);
        let error = run(&mut command, "`sleep`", Duration::from_millis(300)).unwrap_err();
        assert!(error.to_string().contains("did not finish within 300ms"), "{error}");
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn output_is_captured_even_when_a_grandchild_keeps_it_open() {
        let started = Instant::now();
        let mut command = Command::new("sh");
        command.args(["-c", "echo out; echo err >&2; (setsid sleep 3 &) ; exit 3"]);
        let captured = capture(&mut command, "`sh`", Duration::from_secs(20)).unwrap();
        assert_eq!(captured.status.code(), Some(3));
        assert_eq!((captured.stdout.as_str(), captured.stderr.as_str()), ("out\n", "err\n"));
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn what_a_kept_command_starts_lives_until_released_and_a_joined_command_sees_it() {
        // The server writes its pid as its own namespace numbers it; the `after` side, joined to
        // that namespace, finds it by that pid (as pg_ctl finds postgres by postmaster.pid).
        let dir = tempfile::tempdir().unwrap();
        let pidfile = dir.path().join("pid");
        let mut before = Command::new("sh");
        before.arg("-c").arg(format!("sh -c 'echo $$ > {}; exec sleep 60' & sleep 0.3", pidfile.display()));
        let (output, kept) = capture_kept(&mut before, "`before`", Duration::from_secs(20)).unwrap();
        assert!(output.status.success(), "{}", output.stderr);
        let pid = std::fs::read_to_string(&pidfile).unwrap().trim().to_string();
        let namespace = kept.namespace();
        let mut after = Command::new("sh");
        after.arg("-c").arg(format!("kill -0 {pid} && echo alive"));
        let output = capture_joined(
            &mut after,
            "`after`",
            Duration::from_secs(20),
            OnCtrlC::Finish,
            namespace.as_ref().map(|f| f.as_raw_fd()),
        )
        .unwrap();
        assert_eq!(output.stdout.trim(), "alive", "{} {}", output.status, output.stderr);
        kept.release().unwrap();
        // Released: the namespace died with everything in it; nothing can start there any more.
        if let Some(namespace) = &namespace {
            let mut after = Command::new("true");
            let joined = capture_joined(
                &mut after,
                "`after`",
                Duration::from_secs(20),
                OnCtrlC::Finish,
                Some(namespace.as_raw_fd()),
            );
            assert!(joined.is_err(), "the namespace outlived its release");
        }
    }

    #[test]
    fn a_query_that_floods_its_output_stops_at_the_file_cap_instead_of_filling_the_disk() {
        let started = Instant::now();
        let mut command = Command::new("yes");
        let captured = capture(&mut command, "`version`", QUERY_TIMEOUT).unwrap();
        assert_eq!(captured.status.signal(), Some(libc::SIGXFSZ), "{:?}", captured.status);
        assert!(captured.stdout.len() as u64 <= SHORT_COMMAND_FILE_BYTES);
        assert!(started.elapsed() < QUERY_TIMEOUT / 2, "{:?}", started.elapsed());
    }
}
