//! Hardening: nestprobe survives long runs, Ctrl-C, memory-hungry children and broken catalogs.
//!
//! The leak test counts this process's descriptors and children, so it runs alone: it takes the
//! write side of `EXCLUSIVE`, every other test the read side (they still run in parallel).

mod common;

use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::sync::{RwLock, RwLockReadGuard};
use std::thread;
use std::time::{Duration, Instant};

use common::*;
use nestprobe::payload::{Payload, PayloadFormat, Shape};
use nestprobe::results::outcome::Outcome;
use nestprobe::sys::child_env::ChildEnv;
use nestprobe::sys::trial::TrialConfig;
use serde_json::Value;

static EXCLUSIVE: RwLock<()> = RwLock::new(());

fn shared() -> RwLockReadGuard<'static, ()> {
    EXCLUSIVE.read().unwrap_or_else(|e| e.into_inner())
}

/// A private copy of the fixture, so scanning /proc for its path finds only this test's processes.
fn own_fixture(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    fs::copy(fixture(), &path).unwrap();
    path
}

/// Live (non-zombie) processes whose program is `program`.
fn processes_running(program: &Path) -> Vec<u32> {
    let wanted = program.as_os_str().as_encoded_bytes();
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(cmdline) = fs::read(entry.path().join("cmdline")) else { continue };
        let Ok(stat) = fs::read_to_string(entry.path().join("stat")) else { continue };
        let zombie = stat.rsplit(')').next().is_some_and(|rest| rest.trim_start().starts_with('Z'));
        if cmdline.split(|&b| b == 0).any(|arg| arg == wanted) && !zombie {
            found.push(pid);
        }
    }
    found
}

/// Waits up to a few seconds for processes killed a moment ago to disappear.
fn assert_none_left(program: &Path) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !processes_running(program).is_empty() && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(50));
    }
    assert!(processes_running(program).is_empty(), "left behind: {:?}", processes_running(program));
}

/// Children of this process, zombies included (from /proc/*/stat's ppid field).
fn children_of_this_process() -> Vec<String> {
    let me = std::process::id().to_string();
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = fs::read_to_string(entry.path().join("stat")) else { continue };
        let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
        if fields.get(1) == Some(&me.as_str()) {
            found.push(stat.trim().to_string());
        }
    }
    found
}

fn open_descriptors() -> usize {
    fs::read_dir("/proc/self/fd").unwrap().count()
}

#[test]
fn ten_thousand_trials_leak_no_descriptors_zombies_or_processes() {
    let _alone = EXCLUSIVE.write().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let program = own_fixture(dir.path(), "fixture-leaks");
    let home = tempfile::tempdir().unwrap();
    let config = |argv: Vec<&std::ffi::OsStr>| TrialConfig {
        timeout: Duration::from_secs(20),
        ..TrialConfig::new(argv.into_iter().map(Into::into).collect(), ChildEnv::fixed(home.path()))
    };
    let direct = config(vec![program.as_os_str(), "limit".as_ref(), "100".as_ref()]);
    // A wrapper that leaves a grandchild behind, holding stderr, as some runtimes' helpers do.
    let script = "\"$0\" sleep & exec \"$0\" limit 100";
    let wrapped = config(vec!["sh".as_ref(), "-c".as_ref(), script.as_ref(), program.as_os_str()]);

    let descriptors = open_descriptors();
    let started = Instant::now();
    for trial in 0..10_000u32 {
        let depth = if trial % 2 == 0 { 100 } else { 101 };
        let report = direct.run(Payload::new(PayloadFormat::JSON, Shape::Array, depth)).unwrap();
        match (depth, &report.outcome) {
            (100, Outcome::Accepted) | (101, Outcome::Error { .. }) => {}
            other => panic!("trial {trial}: unexpected {other:?}"),
        }
    }
    for trial in 0..100 {
        let report = wrapped.run(Payload::new(PayloadFormat::JSON, Shape::Array, 101)).unwrap();
        assert!(matches!(report.outcome, Outcome::Error { .. }), "wrapped trial {trial}: {report:?}");
    }
    eprintln!("10 100 trials in {:.1} s", started.elapsed().as_secs_f64());

    assert_eq!(open_descriptors(), descriptors, "file descriptors leaked");
    // No zombie left to reap: waitpid(-1) finds no child at all.
    let mut status = 0;
    // SAFETY: a plain waitpid on any child, without blocking.
    let rc = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
    let error = std::io::Error::last_os_error();
    assert_eq!((rc, error.raw_os_error()), (-1, Some(libc::ECHILD)), "a child was left unreaped");
    assert!(children_of_this_process().is_empty(), "children left: {:?}", children_of_this_process());
    // Neither the parsers nor their grandchildren outlive their trial.
    assert_none_left(&program);
}

/// A catalog of parser programs in a temporary folder, each row with its folder there.
fn write_catalog(dir: &Path, rows: &[Row]) -> PathBuf {
    let path = dir.join("catalog.toml");
    write_catalog_file(&path, &[], rows);
    path
}

/// A row whose program is `argv`.
fn runs(id: &str, argv: &[&str]) -> Row {
    Row::new(id).set("run", argv.to_vec())
}

/// `nestprobe run` on a temporary catalog, writing everything under `dir`.
fn run_command(dir: &Path, catalog: &Path, extra: &[&str]) -> Command {
    run_command_with_jobs(dir, catalog, 1, extra)
}

fn run_command_with_jobs(dir: &Path, catalog: &Path, jobs: usize, extra: &[&str]) -> Command {
    let mut command = nestprobe();
    command
        .arg("run")
        .arg("--catalog")
        .arg(catalog)
        .arg("--build-dir")
        .arg(dir.join("build"))
        .arg("--out")
        .arg(dir.join("out"))
        .arg("--readme")
        .arg(dir.join("out/README.md"))
        .args(["--quick", "--max-depth", "1000", "--jobs", &jobs.to_string()])
        .args(extra);
    command
}

fn record<'a>(results: &'a Value, id: &str) -> &'a Value {
    results["parsers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no record for {id} in {results:#}"))
}

fn load_json(path: &Path) -> Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not valid JSON ({e}):\n{text}", path.display()))
}

fn temporary_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".tmp"))
        .collect()
}

#[test]
fn ctrl_c_kills_the_running_children_and_keeps_the_results_already_measured() {
    let _shared = shared();
    let dir = tempfile::tempdir().unwrap();
    let program = own_fixture(dir.path(), "fixture-ctrl-c");
    let program_text = program.to_str().unwrap();
    let catalog = write_catalog(
        dir.path(),
        &[runs("good", &[program_text, "limit", "100"]), runs("hangs", &[program_text, "hang", "50"])],
    );
    let out = dir.path().join("out");

    // A first, complete run of `good` leaves results that the interrupted run must not damage.
    let first = run(run_command(dir.path(), &catalog, &["--only", "good"]));
    assert!(first.status.success(), "{}", stderr_of(&first));
    let before = load_json(&out.join("results.json"));
    assert_eq!(record(&before, "good")["status"], "measured");

    // Now the whole catalog, with a timeout long enough that only Ctrl-C ends `hangs` quickly.
    // Two jobs: rows start longest-first, and `hangs`, never measured, may well come first.
    let mut child = run_command_with_jobs(dir.path(), &catalog, 2, &["--cold", "--timeout", "120s"])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let (lines_tx, lines_rx) = mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    let reader = thread::spawn(move || {
        let mut all = Vec::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = lines_tx.send(line.clone());
            all.push(line);
        }
        all
    });
    // Wait until `good` is reported and a `hangs` child is running, then press Ctrl-C.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(Instant::now() < deadline, "`good` was never reported");
        if let Ok(line) = lines_rx.recv_timeout(Duration::from_millis(100)) {
            if line.contains("good") && line.contains("at depth 101") {
                break;
            }
        }
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while processes_running(&program).is_empty() {
        assert!(Instant::now() < deadline, "`hangs` never started");
        thread::sleep(Duration::from_millis(20));
    }
    thread::sleep(Duration::from_millis(200));
    let pressed = Instant::now();
    // SAFETY: kill(2) on the pid of our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let status = child.wait().unwrap();
    let stopped_in = pressed.elapsed();
    let stderr = reader.join().unwrap().join("\n");

    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(stopped_in < Duration::from_secs(10), "Ctrl-C took {stopped_in:?} to stop the run");
    assert!(stderr.lines().any(|l| l == "nestprobe: interrupted"), "{stderr}");
    assert_none_left(&program);

    // What was measured is kept, what was not stays unmeasured, and both files are whole.
    let after = load_json(&out.join("results.json"));
    let good = record(&after, "good");
    assert_eq!(good["status"], "measured", "{after:#}");
    assert_eq!(good["result"]["min_failing_depth"], 101, "{after:#}");
    let hangs = record(&after, "hangs");
    assert_ne!(hangs["status"], "measured", "{after:#}");
    assert!(hangs["result"].is_null(), "{after:#}");
    let markdown = fs::read_to_string(out.join("results.md")).unwrap();
    assert!(markdown.contains("good") && markdown.ends_with('\n'), "{markdown}");
    assert!(temporary_files(&out).is_empty(), "left over: {:?}", temporary_files(&out));
}

#[test]
fn ctrl_c_undoes_the_hooks_of_a_row_made_ready_but_never_probed() {
    let _shared = shared();
    let dir = tempfile::tempdir().unwrap();
    let program = own_fixture(dir.path(), "fixture-hooks");
    let program_text = program.to_str().unwrap();
    let log = dir.path().join("hooks.log");
    let log_text = log.to_str().unwrap();
    // One job: `hangs` (first in the catalog, neither measured before) probes until Ctrl-C, while
    // `hooked` is made ready beside it, its `before` hook run.
    let catalog = write_catalog(
        dir.path(),
        &[
            runs("hangs", &[program_text, "hang", "50"]),
            runs("hooked", &[program_text, "limit", "100"])
                .set("before", format!("echo before >> '{log_text}'"))
                .set("after", format!("echo after >> '{log_text}'")),
        ],
    );
    let mut child = run_command(dir.path(), &catalog, &["--cold", "--timeout", "120s"])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // Both at once: the next row's hook has run and `hangs` has a trial running (on a loaded
    // machine the hook can finish before the probe's first trial starts, or between two trials).
    let deadline = Instant::now() + Duration::from_secs(30);
    while !fs::read_to_string(&log).unwrap_or_default().contains("before")
        || processes_running(&program).is_empty()
    {
        assert!(
            Instant::now() < deadline,
            "the next row's `before` hook never ran beside a probe of `hangs`"
        );
        thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: kill(2) on the pid of our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130), "{stderr}");
    assert_none_left(&program);

    // `hooked` was never probed, and what its `before` hook set up was undone once.
    assert_eq!(fs::read_to_string(&log).unwrap(), "before\nafter\n");
    let results = load_json(&dir.path().join("out/results.json"));
    assert_ne!(record(&results, "hooked")["status"], "measured", "{results:#}");
    assert!(!stderr.contains("warning"), "an interrupted hook is no warning: {stderr}");
}

#[test]
fn a_before_hook_that_fails_or_is_interrupted_is_undone_by_its_after_hook() {
    let _shared = shared();
    let dir = tempfile::tempdir().unwrap();
    let program = own_fixture(dir.path(), "fixture-half-hooked");
    let program_text = program.to_str().unwrap();
    let log = dir.path().join("hooks.log");
    let log_text = log.to_str().unwrap();
    let hooked = |id: &str, before_ends: &str| {
        runs(id, &[program_text, "limit", "100"])
            .set("before", format!("echo before >> '{log_text}'; {before_ends}"))
            .set("after", format!("echo after >> '{log_text}'"))
    };
    // A `before` hook that set something up, then failed: undone, and the row says why.
    let catalog = write_catalog(dir.path(), &[hooked("failing", "exit 3")]);
    let output = run_command(dir.path(), &catalog, &["--cold"]).output().unwrap();
    assert_eq!(fs::read_to_string(&log).unwrap(), "before\nafter\n", "{}", stderr_of(&output));
    let results = load_json(&dir.path().join("out/results.json"));
    assert_eq!(record(&results, "failing")["status"], "probe-failed", "{results:#}");
    // One that Ctrl-C stops half way: undone too, whenever the interruption comes.
    fs::remove_file(&log).unwrap();
    let catalog = write_catalog(dir.path(), &[hooked("stopped", "sleep 300")]);
    let mut child = run_command(dir.path(), &catalog, &["--cold"])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !fs::read_to_string(&log).unwrap_or_default().contains("before") {
        assert!(Instant::now() < deadline, "the `before` hook never ran");
        thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: kill(2) on the pid of our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130), "{stderr}");
    assert_eq!(fs::read_to_string(&log).unwrap(), "before\nafter\n", "{stderr}");
}

#[test]
fn results_files_are_replaced_whole_even_when_the_run_is_killed() {
    let _shared = shared();
    let dir = tempfile::tempdir().unwrap();
    let program = own_fixture(dir.path(), "fixture-killed");
    let program_text = program.to_str().unwrap();
    // Each run finds other limits, so each one rewrites every file.
    let catalog_with_limits = |base: u32| {
        let rows: Vec<Row> = (0..6)
            .map(|i| runs(&format!("p{i}"), &[program_text, "limit", &(base + i).to_string()]))
            .collect();
        write_catalog(dir.path(), &rows)
    };
    let out = dir.path().join("out");
    let first = run(run_command(dir.path(), &catalog_with_limits(100), &[]));
    assert!(first.status.success(), "{}", stderr_of(&first));

    // SIGKILL (no handler, no cleanup) at many points of runs, writing included: each file must
    // then be either the previous version or a complete new one.
    for (round, delay_ms) in [5, 20, 40, 60, 80, 100, 130, 160, 200, 250, 300, 400].into_iter().enumerate() {
        let catalog = catalog_with_limits(200 + 10 * round as u32);
        let mut child = run_command(dir.path(), &catalog, &[]).stderr(Stdio::null()).spawn().unwrap();
        thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        child.wait().unwrap();
        let json = fs::read_to_string(out.join("results.json")).unwrap();
        let results: Value = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("killed after {delay_ms} ms: results.json is broken ({e})"));
        assert_eq!(results["parsers"].as_array().unwrap().len(), 6);
        let markdown = fs::read_to_string(out.join("results.md")).unwrap();
        assert!(
            markdown.ends_with('\n') && markdown.contains("p5"),
            "killed after {delay_ms} ms: results.md is broken:\n{markdown}"
        );
    }
    assert_none_left(&program);
}

#[test]
fn a_memory_cap_makes_an_allocating_parser_fail_where_it_passed_without() {
    let _shared = shared();
    // 64 KiB per level: 250 MiB at depth 4000 without a cap; 128 MiB of address space runs out
    // before depth 2048.
    let free = probe_fixture(&["--max-depth", "4000"], &["alloc", "64"]);
    assert!(free["min_failing_depth"].is_null(), "{free:#}");
    assert_eq!(u64_of(&free, "max_accepted_depth"), 4000);

    let capped = probe_fixture(&["--max-depth", "4000", "--memory", "128MiB"], &["alloc", "64"]);
    let failing = u64_of(&capped, "min_failing_depth");
    assert!((500..2048).contains(&failing), "{capped:#}");
    assert_eq!(capped["failure"]["kind"], "error", "{capped:#}");
    assert!(capped["failure"]["stderr"].as_str().unwrap().starts_with("MemoryError"), "{capped:#}");
    // The child's own memory stays under the cap at its deepest accepted depth.
    assert!(u64_of(&capped, "peak_rss_bytes") < 128 * 1024 * 1024, "{capped:#}");
}

#[test]
fn over_the_resident_cap_a_parser_fails_out_of_memory_at_a_depth_that_fits_the_cap() {
    let _shared = shared();
    // 64 KiB per level, touched: a 64 MiB resident cap is reached a little before depth 1024 (the
    // program's own few MiB come first). Address space is not capped: runtimes that reserve much
    // of it still start.
    const MIB: u64 = 1024 * 1024;
    let capped = probe_fixture(&["--max-depth", "4000", "--max-rss", "64MiB"], &["alloc", "64"]);
    assert_eq!(capped["status"], "exact", "{capped:#}");
    assert_eq!(capped["failure"]["kind"], "out-of-memory", "{capped:#}");
    let failing = u64_of(&capped, "min_failing_depth");
    assert!((896..=1024).contains(&failing), "{capped:#}");
    assert_eq!(u64_of(&capped, "max_rss_bytes"), 64 * MIB);
    assert_eq!(capped["memory_bytes"], Value::Null);
    // The peak seen is over the cap; the deepest accepted depth stayed under it.
    assert!(u64_of(&capped["failure"], "peak_rss_bytes") > 64 * MIB, "{capped:#}");
    assert!(u64_of(&capped, "peak_rss_bytes") <= 64 * MIB, "{capped:#}");

    // The text report says so, and names the cap.
    let mut command = nestprobe();
    command
        .args(["probe", "--max-depth", "4000", "--max-rss", "64MiB", "--"])
        .arg(fixture())
        .args(["alloc", "64"]);
    let output = run(command);
    let text = String::from_utf8_lossy(&output.stdout);
    // (Resident memory varies by a few pages between runs: the depth may differ by one or two.)
    let phrase = "exhausts memory (resident cap) at depth ";
    let at = text.find(phrase).map(|i| &text[i + phrase.len()..]).unwrap_or_else(|| panic!("{text}"));
    let depth: u64 = at.split(' ').next().unwrap().replace(',', "").parse().unwrap();
    assert!(depth.abs_diff(failing) <= 8, "{failing} then {text}");
    assert!(text.contains("resident cap 64 MiB"), "{text}");
}

#[test]
fn a_group_that_grows_past_the_resident_cap_is_killed_while_it_runs() {
    let _shared = shared();
    // A wrapper (the group's leader) whose child keeps 1 MiB per level and then holds on to it, as a
    // parser stuck deep in a huge input would: only the watchdog can end it before the timeout.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("hold.py");
    fs::write(
        &script,
        "import sys, time\nlevels = sys.stdin.read().count('[')\n\
         held = [bytes([1]) * (1 << 20) for _ in range(levels)]\ntime.sleep(60)\n",
    )
    .unwrap();
    let home = tempfile::tempdir().unwrap();
    let argv = ["sh", "-c", "python3 \"$0\"; exit $?", script.to_str().unwrap()];
    let config = TrialConfig {
        timeout: Duration::from_secs(30),
        max_rss: Some(64 << 20),
        ..TrialConfig::new(argv.iter().map(Into::into).collect(), ChildEnv::fixed(home.path()))
    };
    let report = config.run(Payload::new(PayloadFormat::JSON, Shape::Array, 500)).unwrap();
    match &report.outcome {
        Outcome::OverMemory { peak_bytes, cap_bytes, .. } => {
            assert_eq!(*cap_bytes, 64 << 20);
            assert!(*peak_bytes > 64 << 20 && *peak_bytes < 500 << 20, "{peak_bytes}");
        }
        other => panic!("not out of memory: {other:?}"),
    }
    assert!(report.wall < Duration::from_secs(5), "{:?}", report.wall);
    assert_none_left(&script);

    // Below the cap the same program is left alone until its timeout.
    let small = TrialConfig { timeout: Duration::from_millis(1500), ..config };
    let report = small.run(Payload::new(PayloadFormat::JSON, Shape::Array, 8)).unwrap();
    assert!(matches!(report.outcome, Outcome::Timeout { .. }), "{:?}", report.outcome);
    assert_none_left(&script);
}

#[test]
fn a_run_caps_resident_memory_by_default_shared_among_its_jobs() {
    let _shared = shared();
    const MIB: u64 = 1024 * 1024;
    let dir = tempfile::tempdir().unwrap();
    let program = fixture().to_str().unwrap();
    let catalog = write_catalog(
        dir.path(),
        &[runs("hog", &[program, "alloc", "128"]), runs("good", &[program, "limit", "100"])],
    );
    // By default: half of the machine's memory (at most), split between the two parsers run at once.
    let mut command = run_command_with_jobs(dir.path(), &catalog, 2, &["--json-only"]);
    command.arg(dir.path().join("auto.json"));
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = load_json(&dir.path().join("auto.json"));
    let cap = u64_of(&results["environment"], "max_rss_bytes");
    let meminfo = fs::read_to_string("/proc/meminfo").unwrap();
    let total_kib = meminfo.lines().find_map(|l| l.strip_prefix("MemTotal:")).unwrap();
    let total = total_kib.trim().trim_end_matches("kB").trim().parse::<u64>().unwrap() * 1024;
    assert!(cap >= 256 * MIB && cap <= total / 4, "{cap} of {total}");
    assert_eq!(cap % (64 * MIB), 0);
    for id in ["hog", "good"] {
        assert_eq!(u64_of(&record(&results, id)["result"], "max_rss_bytes"), cap, "{id}");
    }

    // An explicit cap: the hog fails out of memory, the other parser is measured as before.
    let mut command = run_command(dir.path(), &catalog, &["--max-rss", "64MiB", "--json-only"]);
    command.arg(dir.path().join("capped.json"));
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = load_json(&dir.path().join("capped.json"));
    assert_eq!(u64_of(&results["environment"], "max_rss_bytes"), 64 * MIB);
    let hog = &record(&results, "hog")["result"];
    assert_eq!(hog["failure"]["kind"], "out-of-memory", "{results:#}");
    assert!((448..=512).contains(&u64_of(hog, "min_failing_depth")), "{hog:#}");
    assert_eq!(u64_of(&record(&results, "good")["result"], "min_failing_depth"), 101);
}

/// The peak resident memory of a running process (VmHWM), in KiB.
/// The peak resident set so far beyond the pages mapped from files (the binary and its libraries,
/// a few MiB that grow with the code linked in, not with what nestprobe holds), in KiB.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        line.split_whitespace().nth(1)?.parse().ok()
    };
    Some(field("VmHWM:")?.saturating_sub(field("RssFile:")?))
}

#[test]
fn nestprobe_itself_stays_small_at_depth_five_million() {
    let _shared = shared();
    let mut child = nestprobe()
        .args(["probe", "--format", "json", "--max-depth", "5000000", "--"])
        .arg(fixture())
        .args(["limit", "1000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // VmHWM only grows, so its last reading before exit is nestprobe's own peak. The pages mapped
    // from its binary (RssFile, which grows too) are left out: they follow the code linked in, not
    // what nestprobe holds. (wait4's
    // ru_maxrss would not do: Linux charges a spawned child with its parent's peak RSS, here this
    // test harness's.)
    let pid = child.id();
    let sampler = thread::spawn(move || {
        let mut peak = 0;
        while let Some(kib) = peak_rss_kib(pid) {
            peak = peak.max(kib);
            thread::sleep(Duration::from_millis(5));
        }
        peak
    });
    let mut stdout = String::new();
    child.stdout.take().unwrap().read_to_string(&mut stdout).unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    let peak_mib = sampler.join().unwrap() as f64 / 1024.0;
    assert!(status.success(), "{stderr}");
    let result: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(u64_of(&result, "min_failing_depth"), 1001);
    // The cold search tries the maximum depth: a 10 MB payload, streamed in 64 KiB chunks, so
    // nestprobe never holds it whole.
    assert_eq!(u64_of(&result, "max_depth"), 5_000_000);
    assert!(peak_mib < 6.0, "nestprobe peaked at {peak_mib:.1} MiB, as if it held the 10 MB payload");
    // A forked child is charged its parent's resident set: the fixture's own peak is about 1 MiB,
    // and nothing like the 10 MB payload may be charged to it.
    let child_peak = u64_of(&result, "peak_rss_bytes") as f64 / (1024.0 * 1024.0);
    assert!(child_peak < 6.0, "the parser was charged {child_peak:.1} MiB");
}

#[test]
fn a_malformed_catalog_is_one_line_naming_file_line_and_column() {
    let _shared = shared();
    let dir = tempfile::tempdir().unwrap();
    let catalog = dir.path().join("catalog.toml");
    fs::write(&catalog, "[[parser]]\nid = \"x\"\nlanguage = \"C\"\nlibrary = \nrun = [\"true\"]\n").unwrap();
    let output = run(run_command(dir.path(), &catalog, &[]));
    assert!(!output.status.success());
    let stderr = stderr_of(&output);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let expected = format!("nestprobe: error: {}:4:", catalog.display());
    assert!(stderr.starts_with(&expected), "{stderr}");
    assert!(!dir.path().join("out/results.json").exists());
}

#[test]
fn broken_parsers_get_one_clear_line_each_and_the_run_goes_on() {
    let _shared = shared();
    let dir = tempfile::tempdir().unwrap();
    let program = fixture().to_str().unwrap();
    let good = [program, "limit", "100"];
    let catalog = write_catalog(
        dir.path(),
        &[
            runs("no-toolchain", &good).set("apt", vec!["nestprobe-no-such-package"]).set("check", "exit 1"),
            runs("build-fails", &good)
                .set("build", "echo 'parse.c:3:1: error: expected declaration' >&2; exit 3"),
            runs("fails-at-depth-1", &["false"]),
            runs("not-a-program", &["/nonexistent/nestprobe-parser"]),
            runs("fails-at-depth-2", &[program, "limit", "1"]),
            runs("good", &good),
        ],
    );
    let output = run(run_command(dir.path(), &catalog, &[]));
    let stderr = stderr_of(&output);
    assert!(output.status.success(), "{stderr}");

    let results = load_json(&dir.path().join("out/results.json"));
    let expect = |id: &str, status: &str, reason: &str| {
        let record = record(&results, id);
        assert_eq!(record["status"], status, "{id}: {record:#}");
        let text = record["reason"].as_str().unwrap_or_else(|| panic!("{id}: no reason"));
        assert!(text.contains(reason), "{id}: {text}");
        assert_eq!(text.lines().count(), 1, "{id}: reason is not one line: {text:?}");
        // One line on stderr says what happened to it.
        let lines: Vec<&str> = stderr.lines().filter(|l| l.contains(&format!(" {id} "))).collect();
        assert_eq!(lines.len(), 1, "{id}:\n{stderr}");
        assert!(lines[0].contains(reason), "{id}: {}", lines[0]);
    };
    expect("no-toolchain", "skipped", "toolchain not installed");
    expect("build-fails", "build-failed", "parse.c:3:1: error: expected declaration");
    expect("fails-at-depth-1", "probe-failed", "cannot parse even depth 1");
    expect("not-a-program", "probe-failed", "/nonexistent/nestprobe-parser");
    // No parser limits nesting to one level: an error that shallow is not shown as a limit.
    expect("fails-at-depth-2", "probe-failed", "cannot parse array nested 2 levels deep");
    let good = record(&results, "good");
    assert_eq!(good["status"], "measured", "{good:#}");
    assert_eq!(good["result"]["min_failing_depth"], 101);
}

#[test]
fn a_row_whose_folder_is_missing_says_so_instead_of_blaming_its_program() {
    let _shared = shared();
    let dir = tempfile::tempdir().unwrap();
    let catalog = write_catalog(dir.path(), &[runs("gone", &["cat"])]);
    // A fresh clone does not have an empty folder: git keeps none.
    fs::remove_dir(dir.path().join("gone")).unwrap();
    let output = run_command(dir.path(), &catalog, &[]).output().unwrap();
    let results = load_json(&dir.path().join("out/results.json"));
    let reason = record(&results, "gone")["reason"].as_str().unwrap_or_default().to_string();
    assert!(reason.contains("working folder") && reason.contains("does not exist"), "{reason}\n{output:?}");
}
