//! Issue #37, "What was measured is never lost or overwritten by something else": a second command
//! on a folder in use refuses at once; a killed run's leftovers go; outputs are written only as
//! regular files; a row this run cannot measure, or a shard skipped, keeps what was measured.

mod common;

use std::fs;
use std::os::unix::fs::{symlink, FileTypeExt};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;

const OUT_LOCK: &str = ".nestprobe-out.lock";
const BUILD_LOCK: &str = ".nestprobe-build.lock";
/// How a record kept from an earlier run says so.
const KEPT: &str = "the last run could not measure it again";

fn limit_row(id: &str) -> Row {
    Row::fixture(id, &["limit", "100"])
}

/// `run --quick --max-depth 1000 ARGS` in the workspace, which must succeed.
fn quick_run(workspace: &Workspace, args: &[&str]) -> Output {
    let output = workspace.nestprobe(&[&["run", "--quick", "--max-depth", "1000"], args].concat());
    assert!(output.status.success(), "{}", stderr_of(&output));
    output
}

/// Waits up to `limit` for `child` to end; kills it and fails if it does not.
fn ended_within(child: &mut Child, limit: Duration, what: &str) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Runs `command` (output captured), which must end within 20 s.
fn output_within_20s(mut command: Command, what: &str) -> (i32, String) {
    let mut child = command.stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    let status = ended_within(&mut child, Duration::from_secs(20), what);
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    (status.code().unwrap_or(-1), stderr)
}

#[test]
fn a_second_command_on_a_folder_in_use_refuses_at_once_naming_the_lock_and_the_holder() {
    // The first run holds --out and the build folder while its row builds for a minute.
    let workspace = Workspace::new(&[limit_row("held").set("build", "sleep 60")]);
    let mut first = workspace
        .command(&["run", "--quick", "--build-dir", "build"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = first.id();
    let started = Instant::now();
    for lock in [workspace.path(OUT_LOCK), workspace.path("build").join(BUILD_LOCK)] {
        while fs::read_to_string(&lock).ok() != Some(format!("{pid}\n")) {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{} never named the first run",
                lock.display()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let refused = |args: &[&str], lock: &str| {
        let output = workspace.nestprobe(args);
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(lock) && stderr.contains(&format!("(pid {pid})")), "{args:?}: {stderr}");
    };
    // The same --out, whatever else differs; the same build folder, whatever the --out.
    refused(&["run", "--quick", "--build-dir", "other-build"], OUT_LOCK);
    refused(&["merge", "results.json"], OUT_LOCK);
    refused(&["render"], OUT_LOCK);
    refused(
        &["run", "--quick", "--build-dir", "build", "--out", "elsewhere"],
        &format!("build/{BUILD_LOCK}"),
    );
    refused(&["setup", "--build-dir", "build"], &format!("build/{BUILD_LOCK}"));
    // Refused before anything was measured or written.
    assert!(!workspace.path("elsewhere/results.json").exists());
    assert!(!workspace.path("other-build/held").exists());

    // SAFETY: kill only sends a signal, to the child this test started.
    assert_eq!(unsafe { libc::kill(pid as i32, libc::SIGINT) }, 0);
    ended_within(&mut first, Duration::from_secs(30), "the interrupted first run");
    // It leaves the folders as it found them, free for the next command.
    assert!(!workspace.path(OUT_LOCK).exists() && !workspace.path("build").join(BUILD_LOCK).exists());
    workspace.write_catalog(&[limit_row("held")]);
    quick_run(&workspace, &["--build-dir", "build"]);
}

#[test]
fn a_run_removes_the_temporary_files_a_killed_run_left_and_its_lock_file_does_not_block() {
    let workspace = Workspace::new(&[limit_row("limit")]);
    fs::create_dir_all(workspace.path("badges")).unwrap();
    // What a run killed by SIGKILL mid-write leaves: its lock file, naming it, and the temporary
    // files of the writes it did not finish (a pid no process has: pid_max is at most 2^22).
    fs::write(workspace.path(OUT_LOCK), "99999999\n").unwrap();
    let left = [".nestprobe-tmp-99999999-a1B2c3", "badges/.nestprobe-tmp-99999999-x9Y8z7"];
    for name in left {
        fs::write(workspace.path(name), "{\"half\": ").unwrap();
    }
    fs::write(workspace.path(".tmp-not-ours"), "kept").unwrap();

    quick_run(&workspace, &[]);
    for name in left {
        assert!(!workspace.path(name).exists(), "{name} is still there");
    }
    assert!(workspace.path(".tmp-not-ours").exists(), "a file nestprobe did not write was removed");
    assert!(!workspace.path(OUT_LOCK).exists());
    let ours = |dir: &Path| {
        fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(".nestprobe"))
            .count()
    };
    assert_eq!(ours(workspace.root()) + ours(&workspace.path("badges")), 0);
    assert_eq!(record(&workspace.results(), "limit")["result"]["min_failing_depth"], 101);
}

#[test]
fn a_badge_is_written_through_a_symlink_and_a_fifo_is_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let probe = |output: &str, option: &str| {
        let mut command = nestprobe();
        command.current_dir(dir.path()).args(["probe", "--max-depth", "1000", option, output]);
        command.arg("--").arg(fixture()).args(["limit", "100"]);
        command
    };
    // A dangling relative link: its target is made, the link kept.
    symlink("badges/real.svg", dir.path().join("link.svg")).unwrap();
    let (code, stderr) = output_within_20s(probe("link.svg", "--badge"), "probe --badge link.svg");
    assert_eq!(code, 0, "{stderr}");
    assert!(fs::symlink_metadata(dir.path().join("link.svg")).unwrap().file_type().is_symlink());
    let badge = fs::read_to_string(dir.path().join("badges/real.svg")).unwrap();
    assert!(badge.starts_with("<svg") && badge.contains("101"), "{badge}");

    let fifo = dir.path().join("badge.svg");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
    let (code, stderr) = output_within_20s(probe("badge.svg", "--badge"), "probe --badge FIFO");
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("badge.svg is a FIFO, not a regular file"), "{stderr}");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());

    // A summary through a link to a device is refused too (appending to /dev/null would be harmless
    // if it were not).
    symlink("/dev/null", dir.path().join("summary.md")).unwrap();
    let (code, stderr) = output_within_20s(probe("summary.md", "--summary"), "probe --summary device");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("leads to /dev/null, which is a character device"), "{stderr}");
}

#[test]
fn reports_are_written_through_symlinks_and_a_fifo_among_them_is_refused_without_blocking() {
    let workspace = Workspace::new(&[limit_row("limit")]);
    quick_run(&workspace, &[]);
    let out = workspace.path("out");
    fs::create_dir_all(&out).unwrap();
    symlink("../published/table.md", out.join("results.md")).unwrap();
    let render = || {
        let mut command = workspace.command(&["render", "--out", "out", "--readme", "none.md"]);
        command.arg("--results").arg(workspace.path("results.json"));
        command
    };
    let (code, stderr) = output_within_20s(render(), "render");
    assert_eq!(code, 0, "{stderr}");
    assert!(fs::symlink_metadata(out.join("results.md")).unwrap().file_type().is_symlink());
    let table = fs::read_to_string(workspace.path("published/table.md")).unwrap();
    assert!(table.contains("| limit"), "{table}");

    // (The page was written by the render before: a FIFO in its place now.)
    fs::remove_file(out.join("results.html")).unwrap();
    nix::unistd::mkfifo(&out.join("results.html"), nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
    let (code, stderr) = output_within_20s(render(), "render into a FIFO");
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("results.html is a FIFO"), "{stderr}");
    assert!(fs::symlink_metadata(out.join("results.html")).unwrap().file_type().is_fifo());
}

#[test]
fn a_row_this_run_cannot_measure_keeps_its_earlier_record_with_the_reason() {
    let workspace = Workspace::new(&[limit_row("kept"), limit_row("never")]);
    quick_run(&workspace, &["--only", "kept"]);
    let before = record(&workspace.results(), "kept").clone();
    assert_eq!(before["result"]["min_failing_depth"], 101);

    let expect_kept = |why: &str| {
        let results = workspace.results();
        let kept = record(&results, "kept");
        assert_eq!(kept["status"], "measured", "{kept:#}");
        assert_eq!(kept["result"], before["result"], "{kept:#}");
        let reason = kept["reason"].as_str().unwrap_or_default();
        assert!(reason.contains(KEPT) && reason.contains(why), "{reason}");
        assert_eq!(reason.lines().count(), 1, "{reason}");
    };
    // Its toolchain check fails on this machine now.
    let broken = [limit_row("kept").set("check", "exit 1"), limit_row("never").set("check", "exit 1")];
    workspace.write_catalog(&broken);
    let output = quick_run(&workspace, &[]);
    expect_kept("toolchain check failed: exit 1");
    // The run says so on its line of the row.
    let stderr = stderr_of(&output);
    assert!(stderr.lines().any(|l| l.contains("kept") && l.contains("kept from an earlier run")), "{stderr}");
    // A row never measured is skipped, as before.
    assert_eq!(record(&workspace.results(), "never")["status"], "skipped");

    // Its build folder cannot be written: where the build's stamp goes is a folder.
    workspace.write_catalog(&[limit_row("kept"), limit_row("never")]);
    let stamp = workspace.path("target/parsers/kept/.nestprobe-built");
    fs::remove_file(&stamp).unwrap();
    fs::create_dir(&stamp).unwrap();
    quick_run(&workspace, &["--only", "kept"]);
    expect_kept("cannot write");
    fs::remove_dir(&stamp).unwrap();

    // The build folder is not a folder.
    fs::write(workspace.path("not-a-folder"), "").unwrap();
    let output = quick_run(&workspace, &["--only", "kept", "--build-dir", "not-a-folder"]);
    assert!(stderr_of(&output).contains("--build-dir is not usable"), "{}", stderr_of(&output));
    expect_kept("not-a-folder");

    // Measured again, the record has no such reason.
    quick_run(&workspace, &["--only", "kept"]);
    assert_eq!(record(&workspace.results(), "kept")["reason"], Value::Null);
}

#[test]
fn merge_never_replaces_a_measured_record_by_a_skipped_one_from_a_shard() {
    let workspace = Workspace::new(&[limit_row("row")]);
    quick_run(&workspace, &["--json-only", "measured.json"]);
    // A shard on a machine without the toolchain, and nothing measured in its --out.
    workspace.write_catalog(&[limit_row("row").set("check", "exit 1")]);
    quick_run(&workspace, &["--json-only", "skipped.json", "--out", "empty"]);
    assert_eq!(record(&workspace.read_json("skipped.json"), "row")["status"], "skipped");

    let expect_measured = || {
        let results = workspace.results();
        let merged = record(&results, "row");
        assert_eq!(merged["status"], "measured", "{merged:#}");
        assert_eq!(merged["result"]["min_failing_depth"], 101, "{merged:#}");
        let reason = merged["reason"].as_str().unwrap_or_default();
        assert!(reason.contains(KEPT) && reason.contains("toolchain check failed"), "{reason}");
    };
    // The skipped shard after the measured one…
    let output = workspace.nestprobe(&["merge", "measured.json", "skipped.json"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    expect_measured();
    // …or alone, merged into results that have the row measured.
    let output = workspace.nestprobe(&["merge", "skipped.json"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    expect_measured();
}
