//! Supervision of misbehaving parser programs: whatever a program does, a trial ends with nothing of
//! it left running, a program that stops itself is seen at once, and its untrusted output cannot act
//! on the user's terminal.

mod common;

use std::fs;

use common::*;

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
    // proves they were started (by pids of their own PID namespace, maybe), /proc that none of
    // them is still there (the fixture binary is this test process's own: nothing else runs it).
    let started = fs::read_to_string(&pids).unwrap().lines().count();
    assert!(started >= 2, "the fixture started no daemons: {started}");
    let mut wanted = fixture().as_os_str().as_encoded_bytes().to_vec();
    wanted.extend_from_slice(b"\0daemon\0");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    let daemons = || -> Vec<String> {
        fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter(|entry| fs::read(entry.path().join("cmdline")).is_ok_and(|c| c.starts_with(&wanted)))
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect()
    };
    while !daemons().is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(daemons().is_empty(), "daemons left running after the probe: {:?}", daemons());
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
