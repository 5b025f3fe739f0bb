//! Supervision of misbehaving parser programs: whatever a program does, a trial ends with nothing of
//! it left running, a program that stops itself is seen at once, and its untrusted output cannot act
//! on the user's terminal.

mod common;

use std::fs;
use std::path::Path;

use common::*;

/// Whether process `pid` exists (a zombie counts: it has not been reaped).
fn exists(pid: i32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

#[test]
fn a_double_forked_daemon_does_not_outlive_its_trial() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let result = probe_fixture(
        &["--env", &format!("FIXTURE_PIDS={}", pids.display()), "--timeout", "20s"],
        &["daemon", "20"],
    );
    assert_eq!(u64_of(&result, "min_failing_depth"), 21, "{result:#}");
    // Every trial left a daemon in a session of its own, with no descriptor of ours: the file
    // proves they were started, /proc that none of them is still there.
    let started: Vec<i32> =
        fs::read_to_string(&pids).unwrap().lines().map(|line| line.parse().unwrap()).collect();
    assert!(started.len() >= 2, "the fixture started no daemons: {started:?}");
    let left: Vec<i32> = started.into_iter().filter(|&pid| exists(pid)).collect();
    assert!(left.is_empty(), "daemons left running after the probe: {left:?}");
}

#[test]
fn a_program_that_stops_itself_is_stopped_not_a_timeout() {
    // With a 60 s timeout, waiting the stop out would be a timeout (and take minutes with retries).
    let result = probe_fixture(&["--timeout", "60s"], &["stop", "30"]);
    assert_eq!(u64_of(&result, "min_failing_depth"), 31, "{result:#}");
    let failure = &result["failure"];
    assert_eq!(failure["kind"], "crash", "{result:#}");
    assert_eq!(failure["signal_name"], "SIGSTOP", "{result:#}");
    let mut command = nestprobe();
    command.args(["probe", "--timeout", "60s", "--"]).arg(fixture()).args(["stop", "30"]);
    let output = run(command);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("stopped (SIGSTOP) at depth 31"), "{text}");
}

#[test]
fn a_programs_control_characters_are_shown_not_sent_to_the_terminal() {
    let mut command = nestprobe();
    command.args(["probe", "--"]).arg(fixture()).args(["escapes", "10"]);
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    for (stream, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
        let raw: Vec<u8> =
            bytes.iter().copied().filter(|&b| b < 0x20 && b != b'\n' && b != b'\t' || b == 0x7f).collect();
        assert!(raw.is_empty(), "{stream} carries raw control bytes {raw:?}");
    }
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("\\u{1b}["), "the escape is not shown visibly: {text}");
}
