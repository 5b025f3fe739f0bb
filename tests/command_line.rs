//! The command line as a person or a script meets it: usage errors are exit status 2 with one
//! `nestprobe: error:` prefix; a reader that closes the pipe early ends the output quietly; the
//! probed command may follow the options without `--`.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::*;

/// Runs `command` with stdout a pipe whose reader goes away after `keep` bytes (the catalog below
/// lists more than a pipe holds, so `list` meets the closed pipe whatever the timing).
fn with_stdout_closed_after(mut command: Command, keep: usize) -> (Option<i32>, String) {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("nestprobe runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut head = vec![0; keep];
    let _ = stdout.read_exact(&mut head);
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    (output.status.code(), stderr_of(&output))
}

/// A row that runs `true`: it parses nothing, but a catalog of them lists and sets up.
fn plain_row(id: &str) -> Row {
    Row::new(id).set("library", "l").set("run", vec!["true"]).set("version", "true")
}

fn catalog_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rows: Vec<Row> = (0..2000).map(|i| plain_row(&format!("row-{i}"))).collect();
    std::fs::write(dir.path().join("catalog.toml"), catalog_text(&rows)).unwrap();
    dir
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let dir = catalog_dir();
    let catalog = dir.path().join("catalog.toml");
    let catalog = catalog.to_str().unwrap();
    let build = dir.path().join("build");
    let build = build.to_str().unwrap();
    let fixture = fixture().to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["list", "--catalog", catalog, "--build-dir", build],
        vec!["list", "--catalog", catalog, "--build-dir", build, "--format", "json"],
        vec!["list", "--catalog", catalog, "--shards", "300"],
        vec!["list", "--catalog", catalog, "--shards", "300", "--format", "json"],
        vec!["setup", "--catalog", catalog, "--dry-run"],
        vec!["completions", "bash"],
        vec!["man"],
        vec!["--help"],
        vec!["probe", "--max-depth", "300", "--format", "json", "--", fixture, "limit", "200"],
        vec!["sweep", "--max-depth", "300", "--format", "json", "--", fixture, "limit", "200"],
    ];
    for args in commands {
        for keep in [0, 10] {
            let mut command = nestprobe();
            command.args(&args);
            let (code, stderr) = with_stdout_closed_after(command, keep);
            assert!(!stderr.contains("panicked") && !stderr.contains("Broken pipe"), "{args:?}: {stderr}");
            assert!(!stderr.contains("error"), "{args:?} (closed after {keep} bytes): {stderr}");
            assert_ne!(code, Some(101), "{args:?}");
            // The command's own status: these all succeed.
            assert_eq!(code, Some(0), "{args:?} (closed after {keep} bytes): {stderr}");
        }
    }
}

#[test]
fn every_usage_error_is_status_2_with_one_prefix() {
    let fixture = fixture().to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec![], "a subcommand is needed"),
        (vec!["probes"], "unrecognized subcommand"),
        (vec!["probe", "--no-such-option", "--", "true"], "--no-such-option"),
        (vec!["probe", "--max-depth", "0", "--", "true"], "must be at least 1, got 0"),
        (vec!["probe", "--max-depth", "ten", "--", "true"], "expected a whole number of at least 1"),
        (vec!["probe", "--repeat", "0", "--", "true"], "must be at least 1"),
        (vec!["probe", "--stack", "lots", "--", "true"], "--stack"),
        (
            vec!["probe", "--payload", "xml", "--shape", "array", "--", fixture, "size", "9"],
            "no `array` shape",
        ),
        (
            vec!["probe", "--expect-min-depth", "2000", "--max-depth", "1000", "--", "true"],
            "--expect-min-depth",
        ),
        (vec!["probe"], "CMD"),
        (vec!["run", "--out", ""], "expected a path, got an empty string"),
        (vec!["render", "--results", ""], "expected a path"),
        (vec!["merge"], "FILE"),
        (vec!["list", "--shards", "0"], "must be at least 1"),
    ];
    for (args, says) in cases {
        let output = run({
            let mut command = nestprobe();
            command.args(&args);
            command
        });
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("nestprobe: error: "), "{args:?}: {stderr}");
        assert_eq!(stderr.matches("error:").count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?} should say {says:?}: {stderr}");
    }
}

#[test]
fn the_probed_command_may_follow_the_options_without_a_separator() {
    let mut with = nestprobe();
    with.args(["probe", "--format", "json", "--max-depth", "500", "--"])
        .arg(fixture())
        .args(["limit", "200"]);
    let mut without = nestprobe();
    without.args(["probe", "--format", "json", "--max-depth", "500"]).arg(fixture()).args(["limit", "200"]);
    let (with, without) = (run_json(with), run_json(without));
    assert_eq!(u64_of(&with, "min_failing_depth"), 201);
    assert_eq!(with["min_failing_depth"], without["min_failing_depth"]);
    assert_eq!(with["command"], without["command"]);
    // Readers of the JSON can rely on its shape by its version.
    assert_eq!(with["schema_version"], 1);
}

#[test]
fn setup_shows_its_steps_and_keeps_their_output_in_a_log() {
    let dir = tempfile::tempdir().unwrap();
    let folder = |id: &str, script: &str| {
        std::fs::create_dir_all(dir.path().join(id)).unwrap();
        std::fs::write(dir.path().join(id).join("setup.sh"), script).unwrap();
        plain_row(id).set("apt", Vec::<String>::new()).set("setup", "setup.sh")
    };
    let rows = [
        folder("chatty", "for i in $(seq 500); do echo \"unpacking thing $i\"; done\n"),
        folder("broken", "echo 'E: Unable to locate package nothing-here' >&2; exit 100\n"),
    ];
    std::fs::write(dir.path().join("catalog.toml"), catalog_text(&rows)).unwrap();
    let build = dir.path().join("build");
    let setup = |only: &str| {
        let mut command = nestprobe();
        command.arg("setup").arg("--catalog").arg(dir.path().join("catalog.toml"));
        command.arg("--build-dir").arg(&build).args(["--only", only]);
        run(command)
    };

    let chatty = setup("chatty");
    let stderr = stderr_of(&chatty);
    assert!(chatty.status.success(), "{stderr}");
    assert!(!stderr.contains("unpacking thing") && stderr.lines().count() < 10, "{stderr}");
    assert!(stderr.contains("chatty's setup.sh: done"), "{stderr}");
    let log = std::fs::read_to_string(build.join("setup.log")).unwrap();
    assert!(log.contains("unpacking thing 500"), "{log}");

    let broken = setup("broken");
    let stderr = stderr_of(&broken);
    assert_eq!(broken.status.code(), Some(1), "{stderr}");
    // The failure names the row, the script's status and the last words of its output.
    assert!(stderr.contains("broken (setup.sh: exit status: 100: E: Unable to locate package"), "{stderr}");
}
