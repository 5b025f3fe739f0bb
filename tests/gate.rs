//! Expectations as exit statuses, the single-parser badge and summary, the Action's script, and
//! what `probe` and `run` print on stderr when it is not a terminal.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use common::*;

const EXPECTATION_FAILED: i32 = 4;

/// `nestprobe probe [options] -- <fixture> <mode args…>`, with stderr a pipe (not a terminal).
fn probe(options: &[&str], fixture_args: &[&str]) -> Output {
    let mut command = nestprobe();
    command.arg("probe").args(options).arg("--").arg(fixture()).args(fixture_args);
    run(command)
}

fn expectation_lines(output: &Output) -> Vec<String> {
    stderr_of(output)
        .lines()
        .filter(|l| l.starts_with("nestprobe: expectation failed: "))
        .map(String::from)
        .collect()
}

#[test]
fn a_crash_fails_fail_on_crash_with_status_4_and_one_line() {
    let output = probe(&["--fail-on", "crash"], &["abort", "300"]);
    assert_eq!(output.status.code(), Some(EXPECTATION_FAILED), "{}", stderr_of(&output));
    assert_eq!(
        expectation_lines(&output),
        ["nestprobe: expectation failed: crash (SIGABRT) at depth 301 (--fail-on crash)"]
    );
    // The result is printed as usual.
    assert!(String::from_utf8_lossy(&output.stdout).contains("crash (SIGABRT) at depth 301"));

    // Other outcomes named: the crash is not one of them.
    let output = probe(&["--fail-on", "timeout,unstable,out-of-memory,no-limit"], &["abort", "300"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert!(expectation_lines(&output).is_empty());
}

#[test]
fn depth_expectations_against_a_limit_of_100() {
    let ok = probe(&["--expect-min-depth", "64", "--expect-max-depth", "100"], &["limit", "100"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr_of(&ok));
    assert_eq!(stderr_of(&ok), "");

    let too_shallow = probe(&["--expect-min-depth", "128"], &["limit", "100"]);
    assert_eq!(too_shallow.status.code(), Some(EXPECTATION_FAILED));
    assert_eq!(
        expectation_lines(&too_shallow),
        ["nestprobe: expectation failed: clean error at depth 101, below 128 (--expect-min-depth 128)"]
    );

    let too_deep = probe(&["--expect-max-depth", "64", "--expect-min-depth", "200"], &["limit", "100"]);
    assert_eq!(too_deep.status.code(), Some(EXPECTATION_FAILED));
    assert_eq!(expectation_lines(&too_deep).len(), 2, "{}", stderr_of(&too_deep));
    assert!(stderr_of(&too_deep).contains("accepts depth 100, deeper than 64 (--expect-max-depth 64)"));
}

#[test]
fn no_limit_fails_expect_max_depth_and_fail_on_no_limit() {
    let output = probe(
        &["--max-depth", "2000", "--fail-on", "no-limit", "--expect-max-depth", "1000"],
        &["limit", "5000"],
    );
    assert_eq!(output.status.code(), Some(EXPECTATION_FAILED));
    assert_eq!(
        expectation_lines(&output),
        [
            "nestprobe: expectation failed: no limit up to depth 2,000 (--fail-on no-limit)",
            "nestprobe: expectation failed: no limit up to depth 2,000, deeper than 1,000 (--expect-max-depth 1000)",
        ]
    );
}

#[test]
fn expectations_that_cannot_be_checked_are_a_usage_error() {
    let output = probe(&["--max-depth", "1000", "--expect-max-depth", "1000"], &["limit", "10"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("raise --max-depth"), "{}", stderr_of(&output));
    let output = probe(&["--fail-on", "segfault"], &["limit", "10"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn an_unstable_result_with_fail_on_unstable_exits_4_and_without_it_3() {
    let plain = probe(&["--max-depth", "64"], &["odd"]);
    assert_eq!(plain.status.code(), Some(3), "{}", stderr_of(&plain));
    let gated = probe(&["--max-depth", "64", "--fail-on", "unstable"], &["odd"]);
    assert_eq!(gated.status.code(), Some(EXPECTATION_FAILED), "{}", stderr_of(&gated));
    assert_eq!(expectation_lines(&gated).len(), 1);
}

#[test]
fn badge_and_summary_of_one_probe() {
    let dir = tempfile::tempdir().unwrap();
    let badge = dir.path().join("out/badge.svg");
    let summary = dir.path().join("summary.md");
    let args = |label: &str| {
        vec![
            "--badge".to_string(),
            badge.display().to_string(),
            "--badge-label".into(),
            label.into(),
            "--summary".into(),
            summary.display().to_string(),
            "--fail-on".into(),
            "crash".into(),
        ]
    };
    let first = args("my parser");
    let first: Vec<&str> = first.iter().map(String::as_str).collect();
    assert_eq!(probe(&first, &["abort", "300"]).status.code(), Some(EXPECTATION_FAILED));
    let svg = fs::read_to_string(&badge).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("my parser"), "{svg}");
    assert!(svg.contains("crash (SIGABRT) at 301"), "{svg}");
    let text = fs::read_to_string(&summary).unwrap();
    assert!(text.contains("| Outcome | **crash (SIGABRT) at depth 301** |"), "{text}");
    assert!(text.contains("| Payload | json, array shape |"), "{text}");
    assert!(text.contains("| Settings | stack 8 MiB, timeout 10 s, ASLR "), "{text}");
    assert!(text.contains("| Expectations | **failed**: crash (SIGABRT) at depth 301 (--fail-on crash) |"));

    // A second probe appends its table and replaces the badge.
    let second = args("limit");
    let second: Vec<&str> = second.iter().map(String::as_str).collect();
    assert_eq!(probe(&second, &["limit", "100"]).status.code(), Some(0));
    let text = fs::read_to_string(&summary).unwrap();
    assert_eq!(text.matches("#### nestprobe").count(), 2, "{text}");
    assert!(text.contains("crash (SIGABRT)") && text.contains("| Outcome | clean error at depth 101 |"));
    assert!(text.contains("| Expectations | met: --fail-on crash |"), "{text}");
    let svg = fs::read_to_string(&badge).unwrap();
    assert!(svg.contains("clean error at 101") && !svg.contains("SIGABRT"), "{svg}");
}

#[test]
fn the_badge_of_a_probe_reads_like_the_catalog_badge() {
    // The catalog's badge for the same fixture (tests/catalog_run.rs runs one) says "clean error at
    // 129" for a limit of 128; the single-parser badge uses the same words and colour.
    let dir = tempfile::tempdir().unwrap();
    let badge = dir.path().join("b.svg");
    let output = probe(&["--badge", badge.to_str().unwrap()], &["limit", "128"]);
    assert!(output.status.success());
    let svg = fs::read_to_string(&badge).unwrap();
    assert!(svg.contains("nested json") && svg.contains("clean error at 129"), "{svg}");
    assert!(svg.contains("#4c1"), "brightgreen, as in the catalog badges: {svg}");
}

// ---- stderr when it is not a terminal, and --quiet ----

#[test]
fn no_progress_bytes_when_stderr_is_not_a_terminal() {
    let output = probe(&["--max-depth", "5000"], &["limit", "100"]);
    assert!(output.status.success());
    // Nothing at all: no progress, no escape sequences, no carriage returns.
    assert_eq!(stderr_of(&output), "");
    // -v prints exactly one line per trial, nothing else.
    let verbose = probe(&["-v", "--format", "json", "--max-depth", "5000"], &["limit", "100"]);
    let result: serde_json::Value = serde_json::from_slice(&verbose.stdout).unwrap();
    let stderr = stderr_of(&verbose);
    assert!(!stderr.contains('\r') && !stderr.contains('\x1b'), "{stderr:?}");
    assert_eq!(stderr.lines().count() as u64, u64_of(&result, "trials"), "{stderr}");
    assert!(stderr.lines().all(|l| l.trim_start().starts_with("depth ")), "{stderr}");
}

#[test]
fn quiet_silences_everything_but_failed_expectations() {
    let quiet_verbose = probe(&["-q", "-v"], &["limit", "100"]);
    assert!(quiet_verbose.status.success());
    assert_eq!(stderr_of(&quiet_verbose), "");
    // The older word `error` still works; the failure names it in the outcome words.
    let gated = probe(&["--quiet", "--fail-on", "error"], &["limit", "100"]);
    assert_eq!(gated.status.code(), Some(EXPECTATION_FAILED));
    assert_eq!(
        stderr_of(&gated),
        "nestprobe: expectation failed: clean error at depth 101 (--fail-on clean-error)\n"
    );
}

/// A catalog of two fixture parsers, one that aborts.
fn catalog_workspace() -> Workspace {
    Workspace::new(&[
        Row::fixture("fixture-limit", &["limit", "128"]).set("library", "limit fixture"),
        Row::fixture("fixture-abort", &["abort", "300"])
            .set("library", "abort fixture")
            .set("version", "echo 2.0"),
    ])
}

fn run_catalog(workspace: &Workspace, args: &[&str]) -> Output {
    let mut command = workspace.command(&["run", "--quick", "--jobs", "2", "--max-depth", "5000"]);
    command.args(args);
    run(command)
}

#[test]
fn run_applies_expectations_to_every_measured_parser() {
    let workspace = catalog_workspace();
    let output = run_catalog(&workspace, &["--fail-on", "crash", "--expect-min-depth", "200"]);
    assert_eq!(output.status.code(), Some(EXPECTATION_FAILED), "{}", stderr_of(&output));
    let mut lines = expectation_lines(&output);
    lines.sort();
    assert_eq!(
        lines,
        [
            "nestprobe: expectation failed: fixture-abort: crash (SIGABRT) at depth 301 (--fail-on crash)",
            "nestprobe: expectation failed: fixture-limit: clean error at depth 129, below 200 (--expect-min-depth 200)",
        ]
    );
    // The results are written all the same.
    assert!(workspace.path("results.json").exists());
    // Without stderr being a terminal, only whole lines: per parser, then what was written.
    let stderr = stderr_of(&output);
    assert!(!stderr.contains('\r') && !stderr.contains('\x1b'), "{stderr:?}");
    assert_eq!(stderr.lines().filter(|l| l.starts_with('[')).count(), 2, "{stderr}");

    // An expectation --max-depth cannot decide stops the run before anything is probed.
    let undecidable = run_catalog(&workspace, &["--expect-max-depth", "5000"]);
    assert_eq!(undecidable.status.code(), Some(2), "{}", stderr_of(&undecidable));

    let quiet = run_catalog(&workspace, &["--quiet"]);
    assert_eq!(quiet.status.code(), Some(0), "{}", stderr_of(&quiet));
    assert_eq!(stderr_of(&quiet), "");
}

// ---- the Action's script ----

fn action_script(env: &[(&str, &str)], summary: &Path) -> Output {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/action.sh");
    let mut command = Command::new("bash");
    command
        .arg(script)
        .env_remove("GITHUB_ACTIONS")
        .env("NESTPROBE", env!("CARGO_BIN_EXE_nestprobe"))
        .env("GITHUB_STEP_SUMMARY", summary)
        .envs(env.iter().copied());
    command.output().expect("bash runs")
}

#[test]
fn the_action_script_builds_the_command_line_and_passes_the_status_on() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("step-summary.md");
    fs::write(&summary, "").unwrap();
    let badge = dir.path().join("badge.svg");
    let fixture = fixture().display().to_string();

    // Quoted words stay one argument: the fixture sees `limit` and `100`.
    let command = format!("'{fixture}' limit \"100\"");
    let output = action_script(
        &[
            ("NESTPROBE_COMMAND", &command),
            ("NESTPROBE_EXPECT_MIN_DEPTH", "64"),
            // `timeout`: an older word, still taken, shown as `exhausts-time`.
            ("NESTPROBE_FAIL_ON", "crash,timeout"),
            ("NESTPROBE_PAYLOAD", "json"),
            ("NESTPROBE_BADGE", badge.to_str().unwrap()),
            ("NESTPROBE_ARGS", "--max-depth 10000 --badge-label 'my parser'"),
        ],
        &summary,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let text = fs::read_to_string(&summary).unwrap();
    assert!(text.contains("| Outcome | clean error at depth 101 |"), "{text}");
    assert!(
        text.contains("| Expectations | met: --fail-on crash,exhausts-time, --expect-min-depth 64 |"),
        "{text}"
    );
    assert!(text.contains("maximum depth 10,000"), "{text}");
    assert!(fs::read_to_string(&badge).unwrap().contains("my parser"));

    // A failed expectation: exit 4, and the summary says why.
    let output =
        action_script(&[("NESTPROBE_COMMAND", &command), ("NESTPROBE_EXPECT_MIN_DEPTH", "128")], &summary);
    assert_eq!(output.status.code(), Some(EXPECTATION_FAILED), "{}", stderr_of(&output));
    let text = fs::read_to_string(&summary).unwrap();
    assert_eq!(text.matches("#### nestprobe").count(), 2, "{text}");
    assert!(
        text.contains("**failed**: clean error at depth 101, below 128 (--expect-min-depth 128)"),
        "{text}"
    );

    // A crash with fail-on crash; under GitHub Actions the status is also an annotation.
    let abort = format!("{fixture} abort 300");
    let output = action_script(
        &[("NESTPROBE_COMMAND", &abort), ("NESTPROBE_FAIL_ON", "crash"), ("GITHUB_ACTIONS", "true")],
        &summary,
    );
    assert_eq!(output.status.code(), Some(EXPECTATION_FAILED));
    let annotations = String::from_utf8_lossy(&output.stdout);
    assert!(annotations.contains("::error title=nestprobe (exit status 4)::"), "{annotations}");
    // The annotation says which expectation failed, and the badge is not green.
    assert!(
        annotations.contains("::error title=nestprobe expectation failed::crash (SIGABRT) at depth 301"),
        "{annotations}"
    );
    let output = action_script(
        &[
            ("NESTPROBE_COMMAND", &command),
            ("NESTPROBE_EXPECT_MIN_DEPTH", "128"),
            ("NESTPROBE_BADGE", badge.to_str().unwrap()),
        ],
        &summary,
    );
    assert_eq!(output.status.code(), Some(EXPECTATION_FAILED));
    let failed_badge = fs::read_to_string(&badge).unwrap();
    assert!(failed_badge.contains("clean error at 101 (expectation failed)"), "{failed_badge}");
    assert!(!failed_badge.contains("#4c1"), "a failed gate's badge is not green: {failed_badge}");

    // No command, or a wrong option: a usage error.
    assert_eq!(action_script(&[], &summary).status.code(), Some(2));
    let output = action_script(&[("NESTPROBE_COMMAND", &abort), ("NESTPROBE_FAIL_ON", "segfault")], &summary);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn no_result_still_writes_the_badge_and_summary_saying_so() {
    let dir = tempfile::tempdir().unwrap();
    let (badge, summary) = (dir.path().join("b.svg"), dir.path().join("s.md"));
    fs::write(&badge, "an old badge").unwrap();
    let output = probe(
        &["--badge", badge.to_str().unwrap(), "--summary", summary.to_str().unwrap(), "--fail-on", "error"],
        &["limit", "0"],
    );
    // Depth 1 fails: no measurement (1), not a failed expectation.
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    assert!(expectation_lines(&output).is_empty());
    assert!(fs::read_to_string(&badge).unwrap().contains("not measured"));
    let text = fs::read_to_string(&summary).unwrap();
    assert!(text.contains("| Outcome | **not measured**: the program cannot parse even depth 1"), "{text}");
}
