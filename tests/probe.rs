//! `nestprobe probe` against parser programs that misbehave on purpose.

mod common;

use std::time::Instant;

use common::*;
use serde_json::Value;

fn assert_boundary(result: &Value, failing: u64) {
    assert_eq!(u64_of(result, "min_failing_depth"), failing, "{result:#}");
    assert_eq!(u64_of(result, "max_accepted_depth"), failing - 1, "{result:#}");
}

#[test]
fn a_hard_limit_with_a_clean_error_is_found_exactly() {
    let result = probe_fixture(&[], &["limit", "1000"]);
    assert_boundary(&result, 1001);
    let failure = &result["failure"];
    assert_eq!(failure["kind"], "error");
    assert_eq!(failure["exit_code"], 1);
    assert_eq!(failure["signal"], Value::Null);
    assert_eq!(failure["stderr"], "DepthError: nesting deeper than 1000");
    assert_eq!(u64_of(&result, "payload_bytes"), 2002);
    assert_eq!(result["shape"], "array");
    assert_eq!(u64_of(&result, "stack_bytes"), 8 * 1024 * 1024);
    assert_eq!(u64_of(&result, "max_depth"), 5_000_000);
    assert!(u64_of(&result, "trials") >= 3);
    assert!(result["elapsed_seconds"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_limit_the_error_message_names_is_found_in_few_trials() {
    // "DepthError: nesting deeper than 7777": not a round number, which a blind search would take
    // about 22 trials to find; the number in the message leads there in two after depth 1 and the
    // maximum, then the three verification trials.
    let result = probe_fixture(&["--jobs", "1"], &["limit", "7777"]);
    assert_boundary(&result, 7778);
    assert!(u64_of(&result, "trials") <= 8, "{result:#}");
}

#[test]
fn an_abort_is_a_crash_with_its_signal() {
    let result = probe_fixture(&[], &["abort", "300"]);
    assert_boundary(&result, 301);
    let failure = &result["failure"];
    assert_eq!(failure["kind"], "crash");
    assert_eq!(failure["signal"], 6);
    assert_eq!(failure["signal_name"], "SIGABRT");
    assert_eq!(failure["exit_code"], Value::Null);
    assert_eq!(failure["stderr"], "aborting at depth 301");
}

#[test]
fn another_exit_status_of_any_command_is_reported_as_itself_with_a_hint() {
    // `probe` does not know the command's statuses: exit 3, no signal and no runtime's fatal
    // message, is neither a crash nor a clean error until declared (issue #46: jq exits 4).
    let result = probe_fixture(&[], &["exit3", "50"]);
    assert_boundary(&result, 51);
    assert_eq!(result["failure"]["kind"], "undeclared-status");
    assert_eq!(result["failure"]["exit_code"], 3);
    assert_eq!(result["failure"]["signal"], Value::Null);
    let mut command = nestprobe();
    command.args(["probe", "--"]).arg(fixture()).args(["exit3", "50"]);
    let text = String::from_utf8(run(command).stdout).unwrap();
    assert!(text.contains("undeclared exit status 3 at depth 51"), "{text}");
    assert!(text.contains("--error-status 3"), "{text}");
    // Declared, it is the program's clean error.
    let declared = probe_fixture(&["--error-status", "1,3"], &["exit3", "50"]);
    assert_eq!(declared["failure"]["kind"], "error", "{declared:#}");
    // A catalog row's program keeps the protocol: there the same status is a crash.
    let workspace = Workspace::new(&[Row::fixture("exit3", &["exit3", "50"])]);
    let output = workspace.nestprobe(&["run", "--quick", "--max-depth", "1000", "--readme", "none.md"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = workspace.results();
    let row = &record(&results, "exit3")["result"];
    assert_eq!(
        (row["failure"]["kind"].as_str(), row["failure"]["exit_code"].as_u64()),
        (Some("crash"), Some(3))
    );
}

#[test]
fn a_hang_is_a_timeout_and_the_probe_still_finishes() {
    let started = Instant::now();
    let result = probe_fixture(&["--timeout", "300ms", "--max-depth", "1000"], &["hang", "20"]);
    assert_boundary(&result, 21);
    assert_eq!(result["failure"]["kind"], "timeout");
    // Every timed-out trial costs one timeout, plus a little; nothing waits for the hung child.
    let trials = u64_of(&result, "trials") as f64;
    assert!(started.elapsed().as_secs_f64() < trials * 0.3 + 30.0);
}

#[test]
fn a_flood_of_output_does_not_deadlock() {
    let result = probe_fixture(&["--max-depth", "100000"], &["flood", "500"]);
    assert_boundary(&result, 501);
    assert_eq!(result["failure"]["kind"], "error");
    // Only the head of stderr is kept.
    assert!(result["failure"]["stderr"].as_str().unwrap().len() <= 1024);
}

#[test]
fn a_child_that_stops_reading_early_is_classified_by_its_exit_status() {
    // 10 MB payloads at the maximum depth: the child exits after reading a few hundred bytes.
    let result = probe_fixture(&[], &["early", "700"]);
    assert_boundary(&result, 701);
    assert_eq!(result["failure"]["kind"], "error");
}

#[test]
fn a_grandchild_holding_the_pipes_is_killed_with_its_group() {
    let wrapper = fixtures_dir().join("grandchild.sh");
    // A sleeper this test alone starts: 300 s and a fraction no other process on the machine has
    // (a scan for any `sleep 300` found other tests' and other runs' sleepers).
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    let seconds = format!("300.{:09}{}", nanos, std::process::id());
    let started = Instant::now();
    let mut command = nestprobe();
    command.args(["probe", "--format", "json", "--timeout", "20s"]);
    command.args(["--env", &format!("GRANDCHILD_SLEEP={seconds}"), "--"]).arg(wrapper).arg(fixture());
    command.args(["limit", "100"]);
    let result = run_json(command);
    assert_boundary(&result, 101);
    // The grandchild sleeps 300 s holding stderr; the probe must not wait for it, not even once.
    assert!(started.elapsed().as_secs() < 20, "took {:?}", started.elapsed());
    // SIGKILL is delivered asynchronously: a killed sleeper may take a moment to leave /proc.
    let deadline = Instant::now() + std::time::Duration::from_secs(5);
    while !sleepers(&seconds).is_empty() && Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(sleepers(&seconds).is_empty(), "left behind: {:?}", sleepers(&seconds));
}

/// `sleep SECONDS` processes that are still alive.
fn sleepers(seconds: &str) -> Vec<u32> {
    let wanted = format!("sleep\x00{seconds}\x00").into_bytes();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else { continue };
        if cmdline == wanted {
            found.push(pid);
        }
    }
    found
}

#[test]
fn a_recursive_parser_overflows_and_doubling_the_stack_roughly_doubles_its_depth() {
    let at_8 = probe_fixture(&["--stack", "8MiB"], &["recursive"]);
    let at_16 = probe_fixture(&["--stack", "16MiB"], &["recursive"]);
    for result in [&at_8, &at_16] {
        assert_eq!(result["failure"]["kind"], "crash", "{result:#}");
        assert_eq!(result["failure"]["signal_name"], "SIGSEGV", "{result:#}");
    }
    let (d8, d16) = (u64_of(&at_8, "min_failing_depth"), u64_of(&at_16, "min_failing_depth"));
    let ratio = d16 as f64 / d8 as f64;
    assert!((1.8..2.2).contains(&ratio), "8 MiB: {d8}, 16 MiB: {d16}, ratio {ratio:.2}");
}

#[test]
fn python_stdlib_json_is_a_clean_error_at_its_recursion_limit() {
    let mut command = nestprobe();
    command.args([
        "probe",
        "--format",
        "json",
        "--",
        "python3",
        "-c",
        "import json,sys; json.load(sys.stdin)",
    ]);
    let result = run_json(command);
    assert_eq!(result["failure"]["kind"], "error", "{result:#}");
    assert!(result["failure"]["stderr"].as_str().unwrap().contains("Traceback"));
    // Check the boundary independently: one depth below passes, the boundary itself fails.
    let failing = u64_of(&result, "min_failing_depth");
    for (depth, want) in [(failing - 1, true), (failing, false)] {
        let payload = "[".repeat(depth as usize) + &"]".repeat(depth as usize);
        let mut child = std::process::Command::new("python3")
            .args(["-c", "import json,sys; json.load(sys.stdin)"])
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(payload.as_bytes()).unwrap();
        assert_eq!(child.wait().unwrap().success(), want, "depth {depth}");
    }
}

#[test]
fn a_known_boundary_is_confirmed_in_two_trials() {
    let result = probe_fixture(&["--hint", "1001"], &["limit", "1000"]);
    assert_boundary(&result, 1001);
    assert_eq!(u64_of(&result, "trials"), 2);
    assert_eq!(result["search"], "confirmed");
    let wrong = probe_fixture(&["--hint", "500"], &["limit", "1000"]);
    assert_boundary(&wrong, 1001);
    assert_eq!(wrong["search"], "re-searched");
}

#[test]
fn text_output_says_where_and_how_in_two_lines_and_where_it_crashed_in_a_third() {
    let output = run({
        let mut c = nestprobe();
        c.args(["probe", "--"]).arg(fixture()).args(["abort", "300"]);
        c
    });
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.contains("crash (SIGABRT) at depth 301"), "{text}");
    assert!(text.lines().nth(1).unwrap().starts_with("  where: "), "{text}");
}

#[test]
fn the_same_program_from_a_longer_path_has_the_same_boundary() {
    // The kernel copies argv onto the child's stack: 800 more characters of path are a few levels
    // of this fixture's recursion, unless the program runs through a link of a fixed length.
    let dir = tempfile::tempdir().unwrap();
    let short = dir.path().join("p");
    let long = dir.path().join(vec!["x".repeat(200); 4].join("/"));
    let mut depths = Vec::new();
    for folder in [&short, &long] {
        std::fs::create_dir_all(folder).unwrap();
        let program = folder.join("parse");
        std::fs::copy(fixture(), &program).unwrap();
        let mut command = nestprobe();
        command.args(["probe", "--format", "json", "--stack", "1MiB", "--"]).arg(&program).arg("recursive");
        let result = run_json(command);
        assert_eq!(result["command"][0], program.to_str().unwrap(), "results show the command as given");
        depths.push(u64_of(&result, "min_failing_depth"));
    }
    assert_eq!(depths[0], depths[1], "the boundary moved with the program's path");
}

#[test]
fn a_program_in_a_bin_folder_still_finds_its_installation_through_the_link() {
    // A venv's python reads ../pyvenv.cfg beside the path it was started by: the link must keep the
    // folder above `bin` in reach, as this script's ../installed does.
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("venv/bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::write(dir.path().join("venv/installed"), "").unwrap();
    let program = bin.join("parse");
    std::fs::write(
        &program,
        "#!/bin/sh\ncat >/dev/null\n[ -e \"$(dirname \"$0\")/../installed\" ] && exit 0\necho 'NotInstalled: no ../installed' >&2\nexit 1\n",
    )
    .unwrap();
    std::fs::set_permissions(&program, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let mut command = nestprobe();
    command.args(["probe", "--format", "json", "--max-depth", "50", "--"]).arg(&program);
    let result = run_json(command);
    assert_eq!(result["min_failing_depth"], Value::Null, "{result:#}");
    assert_eq!(u64_of(&result, "max_accepted_depth"), 50, "{result:#}");
}
