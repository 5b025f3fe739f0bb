//! `probe` runs what the user means (issue #34): a bare command is the caller's, `--inherit-env`
//! passes PATH and HOME, and a program declares which exit statuses are its library's clean error.

mod common;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use common::*;

/// Writes an executable shell script `name` into `dir` that runs `body`.
fn script(dir: &Path, name: &str, body: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// `PATH` with `dir` first.
fn path_with(dir: &Path) -> std::ffi::OsString {
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&rest))).unwrap()
}

#[test]
fn a_bare_name_runs_the_first_one_on_the_callers_path_and_the_result_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("ran");
    let wrapper = script(
        dir.path(),
        "python3",
        &format!("echo ran >> '{}'\nexec '{}' limit 100", record.display(), fixture().display()),
    );
    let mut command = nestprobe();
    command.env("PATH", path_with(dir.path()));
    command.args(["probe", "--format", "json", "--jobs", "1", "--", "python3"]);
    let json = run_json(command);
    assert_eq!(json["program"], wrapper.to_str().unwrap(), "{json:#}");
    assert_eq!(json["command"], serde_json::json!(["python3"]));
    assert_eq!(u64_of(&json, "min_failing_depth"), 101, "{json:#}");
    let runs = fs::read_to_string(&record).expect("the wrapper on the caller's PATH ran");
    assert!(runs.lines().count() >= 3, "{runs}");

    // The text result names the file too.
    let mut text = nestprobe();
    text.env("PATH", path_with(dir.path())).args(["probe", "--jobs", "1", "--", "python3"]);
    let output = run(text);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains(&format!("ran: {}", wrapper.display())), "{stdout}");

    // A name found nowhere says so in one line.
    let mut missing = nestprobe();
    missing.env("PATH", dir.path()).args(["probe", "--", "nestprobe-no-such-program"]);
    let output = run(missing);
    let stderr = stderr_of(&output);
    assert!(!output.status.success());
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot find the program `nestprobe-no-such-program` on PATH"), "{stderr}");
}

#[test]
fn inherit_env_passes_the_callers_path_and_home() {
    let dir = tempfile::tempdir().unwrap();
    let seen = dir.path().join("seen");
    let home = dir.path().join("caller-home");
    fs::create_dir(&home).unwrap();
    script(
        dir.path(),
        "parser",
        &format!(
            "printf '%s\\n%s\\n' \"$PATH\" \"$HOME\" > '{}'\nexec '{}' limit 20",
            seen.display(),
            fixture().display()
        ),
    );
    let caller_path = path_with(dir.path());
    let seen_by_child = |extra: &[&str]| {
        let mut command = nestprobe();
        command.env("PATH", &caller_path).env("HOME", &home);
        command.args(["probe", "--jobs", "1"]).args(extra).args(["--", "parser"]);
        let output = run(command);
        assert!(output.status.success(), "{}", stderr_of(&output));
        let text = fs::read_to_string(&seen).unwrap();
        let lines: Vec<String> = text.lines().map(String::from).collect();
        (lines[0].clone(), lines[1].clone())
    };
    let (path, child_home) = seen_by_child(&["--inherit-env"]);
    assert_eq!(path, caller_path.to_str().unwrap());
    assert_eq!(child_home, home.to_str().unwrap());
    // Without it, the fixed environment: its own PATH and a scratch HOME.
    let (path, child_home) = seen_by_child(&[]);
    assert_eq!(path, "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
    assert_ne!(child_home, home.to_str().unwrap());
}

#[test]
fn a_declared_error_status_is_a_clean_error_but_a_signal_or_a_runtimes_fatal_error_stays_a_crash() {
    let declared = probe_fixture(&["--error-status", "1,5", "--jobs", "1"], &["exit5", "100"]);
    assert_eq!(u64_of(&declared, "min_failing_depth"), 101, "{declared:#}");
    assert_eq!(declared["failure"]["kind"], "error", "{declared:#}");
    assert_eq!(declared["failure"]["exit_code"], 5);
    assert_eq!(declared["error_status"], serde_json::json!([1, 5]));

    // Undeclared, `probe` says what it was: a status of its own, not a guess (issue #46).
    let undeclared = probe_fixture(&["--jobs", "1"], &["exit5", "100"]);
    assert_eq!(undeclared["failure"]["kind"], "undeclared-status", "{undeclared:#}");
    assert!(undeclared.get("error_status").is_none(), "{undeclared:#}");

    let signal = probe_fixture(&["--error-status", "1,5", "--jobs", "1"], &["abort", "100"]);
    assert_eq!(signal["failure"]["kind"], "crash", "{signal:#}");
    assert_eq!(signal["failure"]["signal_name"], "SIGABRT");

    // Go's runtime exits 2 when a goroutine's stack runs out: still a crash with 2 declared.
    let go = probe_fixture(&["--error-status", "1,2", "--jobs", "1"], &["goexit", "100"]);
    assert_eq!(go["failure"]["kind"], "crash", "{go:#}");
    assert_eq!(go["failure"]["exit_code"], 2);

    for wrong in ["0", "1,x", "256"] {
        let output = run({
            let mut command = nestprobe();
            command.args(["probe", "--error-status", wrong, "--", "true"]);
            command
        });
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{wrong}: {stderr}");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(first.contains("--error-status") && first.contains("exit status"), "{wrong}: {stderr}");
    }
}

#[test]
fn a_catalog_row_declares_its_error_statuses() {
    let workspace = Workspace::new(&[
        Row::fixture("five", &["exit5", "40"]).set("error_status", vec![1, 5]),
        Row::fixture("zero", &["exit5", "40"]).set("error_status", vec![0]),
    ]);
    let output = workspace.nestprobe(&["list"]);
    let stderr = stderr_of(&output);
    assert!(!output.status.success() && stderr.contains("exit status 0 means accepted"), "{stderr}");

    workspace.write_catalog(&[Row::fixture("five", &["exit5", "40"]).set("error_status", vec![1, 5])]);
    let output = workspace.nestprobe(&["run", "--quick", "--jobs", "1", "--json-only", "five.json"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = workspace.read_json("five.json");
    let result = &record(&results, "five")["result"];
    assert_eq!(result["failure"]["kind"], "error", "{result:#}");
    assert_eq!(result["failure"]["exit_code"], 5);
    // Catalog rows run on the fixed PATH: no program is looked up for them.
    assert!(result.get("program").is_none(), "{result:#}");
}
