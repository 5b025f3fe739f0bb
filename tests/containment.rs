//! Programs that attack their supervisor cannot hang a probe, outlive it, escape its limits, stop
//! or interrupt nestprobe, or inherit what nestprobe's caller leaked — in both containments: a PID
//! namespace per child (as root here, and in CI) and the child subreaper nestprobe falls back to
//! where namespaces are not allowed (`NESTPROBE_CONTAINMENT=subreaper`).

mod common;

use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::{Duration, Instant};

use common::hostile::*;
use common::*;
use serde_json::Value;

fn probe(mode: &str, options: &[&str], args: &[&str]) -> Command {
    let mut command = nestprobe();
    command.env("NESTPROBE_CONTAINMENT", mode);
    command.args(["probe", "--format", "json"]).args(options).arg("--").arg(hostile()).args(args);
    command
}

fn probed(mode: &str, options: &[&str], args: &[&str]) -> (Value, Duration) {
    let started = Instant::now();
    let result = run_json(probe(mode, options, args));
    assert_eq!(result["containment"], mode, "{result:#}");
    (result, started.elapsed())
}

#[test]
fn a_child_that_leaves_its_session_cannot_overstay_the_timeout_or_outlive_the_probe() {
    for mode in modes() {
        let mark = marker("escape", mode);
        let (result, took) =
            probed(mode, &["--timeout", "0.5s", "--max-depth", "64"], &["escape", "10", &mark]);
        assert_eq!(result["min_failing_depth"], 11, "{mode}: {result:#}");
        assert_eq!(result["failure"]["kind"], "timeout", "{mode}: {result:#}");
        // A handful of trials of at most 0.5 s, and the longer retries of 2 s.
        assert!(took < Duration::from_secs(40), "{mode}: took {took:?}");
        assert_none_left(&mark, mode);
    }
}

#[test]
fn a_program_that_moves_into_its_helpers_group_cannot_overstay_the_timeout() {
    // Issue #47: the program leaves its own group empty (`setpgid(0, helper)`), so a kill of that
    // group reaches nobody; the timeout must end the trial all the same, helper included.
    for mode in modes() {
        let mark = marker("join", mode);
        let (result, took) =
            probed(mode, &["--timeout", "0.5s", "--max-depth", "64"], &["join-group", "10", &mark]);
        assert_eq!(result["min_failing_depth"], 11, "{mode}: {result:#}");
        assert_eq!(result["failure"]["kind"], "timeout", "{mode}: {result:#}");
        // Each trial ends at its timeout (0.5 s, 2 s for the longer retry), not seconds later.
        assert!(took < Duration::from_secs(20), "{mode}: took {took:?}");
        assert_none_left(&mark, mode);
    }
}

#[test]
fn a_sibling_made_with_clone_parent_dies_with_the_trial() {
    for mode in modes() {
        let mark = marker("clone", mode);
        let (result, _) = probed(mode, &["--max-depth", "64"], &["clone-parent", "10", &mark]);
        assert_eq!(result["min_failing_depth"], 11, "{mode}: {result:#}");
        assert_eq!(result["failure"]["kind"], "error", "{mode}: {result:#}");
        assert_none_left(&mark, mode);
    }
}

#[test]
fn a_job_control_shell_cannot_keep_its_job_alive() {
    for mode in modes() {
        let mark = marker("job", mode);
        let script = format!("cat >/dev/null; set -m; exec -a {mark} sleep 300 & wait");
        let mut command = nestprobe();
        command.env("NESTPROBE_CONTAINMENT", mode);
        command.args(["probe", "--format", "json", "--timeout", "0.5s", "--max-depth", "8", "--"]);
        command.args(["bash", "-c", &script]);
        let started = Instant::now();
        let output = run(command);
        assert!(started.elapsed() < Duration::from_secs(40), "{mode}: took {:?}", started.elapsed());
        assert!(output.status.code().is_some(), "{mode}: {}", stderr_of(&output));
        assert_none_left(&mark, mode);
    }
}

#[test]
fn a_program_that_stops_or_kills_its_reaper_does_not_hang_the_probe() {
    for mode in modes() {
        for attack in ["stop-reaper", "kill-reaper"] {
            let started = Instant::now();
            let (result, _) = probed(mode, &["--timeout", "5s", "--max-depth", "64"], &[attack, "10"]);
            assert_eq!(result["min_failing_depth"], 11, "{mode} {attack}: {result:#}");
            if mode == "pid-namespace" {
                // Its parent is the namespace's init, which takes no signal from inside.
                assert_eq!(result["failure"]["kind"], "error", "{mode} {attack}: {result:#}");
            }
            assert!(started.elapsed() < Duration::from_secs(30), "{mode} {attack}: {:?}", started.elapsed());
        }
    }
}

#[test]
fn a_program_cannot_interrupt_nestprobe() {
    for mode in modes() {
        let mut command = probe(mode, &["--max-depth", "64"], &["signal", "10"]);
        command.args(["--format", "json"]);
        let output = run(command);
        assert_eq!(output.status.code(), Some(0), "{mode}: {}", stderr_of(&output));
        let result: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(result["min_failing_depth"], 11, "{mode}: {result:#}");
        assert_eq!(result["failure"]["kind"], "error", "{mode}: {result:#}");
    }
}

#[test]
fn max_rss_counts_a_helper_that_left_the_process_group() {
    for mode in modes() {
        let (result, _) = probed(mode, &["--max-rss", "256MiB", "--max-depth", "64"], &["hog", "10", "600"]);
        assert_eq!(result["min_failing_depth"], 11, "{mode}: {result:#}");
        assert_eq!(result["failure"]["kind"], "out-of-memory", "{mode}: {result:#}");
    }
}

#[test]
fn children_inherit_no_descriptor_ignored_signal_mask_or_core_size_of_the_caller() {
    let dir = tempfile::tempdir().unwrap();
    for mode in modes() {
        let mut command = probe(mode, &["--max-depth", "20"], &["inspect", "10"]);
        command.current_dir(dir.path());
        let leaked = std::fs::File::open("/dev/null").unwrap();
        let leaked = std::os::fd::AsRawFd::as_raw_fd(&leaked);
        // SAFETY: only system calls between fork and exec.
        unsafe {
            command.pre_exec(move || {
                // What a careless caller hands down: a descriptor without close-on-exec, SIGINT
                // ignored (as `nohup` or a shell's background job), SIGUSR1 blocked, cores allowed.
                if libc::dup2(leaked, 9) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::signal(libc::SIGINT, libc::SIG_IGN);
                let mut blocked: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut blocked);
                libc::sigaddset(&mut blocked, libc::SIGUSR1);
                libc::sigprocmask(libc::SIG_BLOCK, &blocked, std::ptr::null_mut());
                let unlimited = libc::rlimit { rlim_cur: libc::RLIM_INFINITY, rlim_max: libc::RLIM_INFINITY };
                libc::setrlimit(libc::RLIMIT_CORE, &unlimited);
                Ok(())
            });
        }
        let result = run_json(command);
        assert_eq!(result["min_failing_depth"], 11, "{mode}: {result:#}");
        assert_eq!(result["failure"]["kind"], "error", "{mode}: {}", result["failure"]);
    }
    // A crash wrote no core file where it ran, even with cores allowed by the caller.
    let mut command = nestprobe();
    command.current_dir(dir.path()).args(["probe", "--format", "json", "--max-depth", "64", "--"]);
    command.arg(fixture()).args(["abort", "10"]);
    unsafe {
        command.pre_exec(|| {
            let unlimited = libc::rlimit { rlim_cur: libc::RLIM_INFINITY, rlim_max: libc::RLIM_INFINITY };
            libc::setrlimit(libc::RLIMIT_CORE, &unlimited);
            Ok(())
        });
    }
    let result = run_json(command);
    assert_eq!(result["failure"]["kind"], "crash", "{result:#}");
    let cores: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
    assert!(cores.is_empty(), "files left where the program ran: {cores:?}");
}

#[test]
fn killing_nestprobe_with_sigkill_leaves_nothing_it_started() {
    // Without a PID namespace a daemon that left the program's group outlives a SIGKILLed
    // nestprobe (nothing can kill it then); with one, the namespace dies with nestprobe.
    let Some(mode) = modes().into_iter().find(|&mode| mode == "pid-namespace") else { return };
    let mark = marker("sigkill", mode);
    let mut command = probe(mode, &["--timeout", "60s", "--max-depth", "64"], &["escape", "0", &mark]);
    let mut nestprobe = command.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while marked(&mark).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!marked(&mark).is_empty(), "the program never started its busy loop");
    nestprobe.kill().unwrap();
    nestprobe.wait().unwrap();
    assert_none_left(&mark, mode);
}

#[test]
fn ctrl_c_leaves_nothing_it_started() {
    for mode in modes() {
        let mark = marker("sigint", mode);
        let mut command = probe(mode, &["--timeout", "60s", "--max-depth", "64"], &["escape", "0", &mark]);
        let mut nestprobe = command.spawn().unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        while marked(&mark).is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(!marked(&mark).is_empty(), "{mode}: the program never started its busy loop");
        let pid = nix::unistd::Pid::from_raw(nestprobe.id() as i32);
        nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
        let status = nestprobe.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{mode}");
        assert_none_left(&mark, mode);
    }
}
