//! Every command nestprobe runs besides trials (builds, version queries, toolchain checks, hooks,
//! setup scripts, apt-get) is supervised like a trial: its own process group, registered so that
//! SIGINT or SIGTERM kills it at once, a timeout, and the group killed when the leader ends so no
//! helper process outlives it.

use std::io::{Read, Seek};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::sys::interrupt::{self, GroupGuard, Interrupted};
use crate::sys::process;

/// Time limits of the commands a catalog run executes.
pub const BUILD_TIMEOUT: Duration = Duration::from_secs(30 * 60);
pub const QUERY_TIMEOUT: Duration = Duration::from_secs(120);
pub const HOOK_TIMEOUT: Duration = Duration::from_secs(5 * 60);
pub const SETUP_TIMEOUT: Duration = Duration::from_secs(60 * 60);

/// Runs `command` (its stdio as the caller set it; stdin defaults to /dev/null) and returns its
/// exit status. `what` names it in errors. Fails on timeout and on SIGINT/SIGTERM (`Interrupted`).
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
    command.process_group(0);
    let mut child = command.spawn().with_context(|| format!("cannot run {what}"))?;
    let pid = child.id() as i32;
    let _registered = (on_ctrl_c == OnCtrlC::Kill).then(|| GroupGuard::register(pid));
    let waited =
        process::pidfd_open(pid).and_then(|pidfd| process::wait_exit(&pidfd, Some(Instant::now() + timeout)));
    process::kill_group(pid);
    let status = child.wait().with_context(|| format!("cannot wait for {what}"))?;
    if on_ctrl_c == OnCtrlC::Kill && interrupt::requested() {
        bail!(Interrupted);
    }
    if !waited? {
        bail!("{what} did not finish within {}", humantime::format_duration(timeout));
    }
    Ok(status)
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
    let mut stdout = tempfile::tempfile().context("cannot create a temporary file")?;
    let mut stderr = tempfile::tempfile().context("cannot create a temporary file")?;
    command.stdin(Stdio::null()).stdout(stdout.try_clone()?).stderr(stderr.try_clone()?);
    let status = run_as(command, what, timeout, on_ctrl_c)?;
    Ok(Captured { status, stdout: read_back(&mut stdout), stderr: read_back(&mut stderr) })
}

fn read_back(file: &mut std::fs::File) -> String {
    let mut bytes = Vec::new();
    let _ = file.rewind().and_then(|()| file.read_to_end(&mut bytes));
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
