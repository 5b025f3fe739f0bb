//! Verdicts a busy machine cannot fake (issue #47): with a busy loop on every CPU beside them, ten
//! probes in a row of each case give the same verdict every time — a program that hides from the
//! timeout's kill in its helper's process group, a fast program that crashes deeper than a stale
//! `slow` hint, and a CPU-bound parser whose work fits the timeout only on an idle machine (judged
//! on its own time: its wall time less what it waited for a CPU), as a program and as a service.
//!
//! A test binary of its own: the load would disturb other tests' timing.

mod common;

use std::process::{Child, Command};

use std::time::Duration;

use common::hostile::*;
use common::*;
use serde_json::Value;

/// How many probes in a row must agree.
const RUNS: usize = 10;

/// One test at a time: each sets its own load, which another's would add to.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Busy loops, killed when dropped.
struct Load(Vec<Child>);

impl Load {
    /// `per_cpu` busy loops for every CPU of the machine.
    fn start(per_cpu: usize) -> Load {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        let loops = (0..cpus * per_cpu)
            .map(|_| Command::new("sh").args(["-c", "while :; do :; done"]).spawn().expect("sh"))
            .collect();
        // Let the scheduler see them before the first trial.
        std::thread::sleep(Duration::from_millis(200));
        Load(loops)
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// `probe --format json` of `program args` with `options`, in containment `mode`.
fn probe(mode: &str, options: &[&str], program: &std::path::Path, args: &[&str]) -> Value {
    let mut command = nestprobe();
    command.env("NESTPROBE_CONTAINMENT", mode);
    command.args(["probe", "--format", "json"]).args(options).arg("--").arg(program).args(args);
    run_json(command)
}

/// The verdict as one line: status, failure kind and smallest failing depth.
fn verdict(result: &Value) -> String {
    format!("{} {} {}", result["status"], result["failure"]["kind"], result["min_failing_depth"])
}

#[test]
fn a_program_hiding_in_its_helpers_group_is_out_of_time_at_the_same_depth_every_time() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let _load = Load::start(1);
    for mode in modes() {
        for run in 0..RUNS {
            let mark = marker("join-load", mode);
            let options = ["--timeout", "0.3s", "--max-depth", "32"];
            let result = probe(mode, &options, hostile(), &["join-group", "10", &mark]);
            assert_eq!(verdict(&result), r#""exact" "timeout" 11"#, "{mode}, run {run}: {result:#}");
            assert_none_left(&mark, mode);
        }
    }
}

#[test]
fn a_stale_slow_hint_never_hides_a_crash() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let _load = Load::start(1);
    for mode in modes() {
        for run in 0..RUNS {
            // Fast at every depth; SIGSEGV past 100,000 levels (200 kB). The hint says it was slow at
            // 50,000: the trial there takes no time, which is no evidence of slowness.
            let options = ["--timeout", "1s", "--hint", "slow:50000"];
            let result = probe(mode, &options, fixture(), &["segv", "100000"]);
            assert_eq!(verdict(&result), r#""exact" "crash" 100001"#, "{mode}, run {run}: {result:#}");
            assert_eq!(result["failure"]["signal_name"], "SIGSEGV", "{result:#}");
        }
    }
}

#[test]
fn a_parser_whose_work_fits_the_timeout_has_no_limit_however_busy_the_machine() {
    // 0.4 ms of CPU a level: 0.4 s at the maximum, 1,000, within the 1 s timeout on an idle machine.
    // Two busy loops a CPU leave a trial about 40 % of one: a wall time near 1 s, and more at times.
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let _load = Load::start(2);
    for run in 0..RUNS {
        let options = ["--timeout", "1s", "--max-depth", "1000"];
        let result = probe("subreaper", &options, fixture(), &["spin", "400"]);
        assert_eq!(verdict(&result), r#""exact" null null"#, "run {run}: {result:#}");
        assert_eq!(result["max_accepted_depth"], 1000, "run {run}: {result:#}");
        // Not "no limit (a depth took longer than the timeout)": no trial needed the longer one.
        assert_eq!(result["slow"], false, "run {run}: {result:#}");
    }
}

#[test]
fn a_service_whose_work_fits_the_timeout_has_no_limit_however_busy_the_machine() {
    // The same work in a server (tests/fixtures/server.py `spin`), one request a trial: the
    // request's deadline is the server's own time, its queue wait during the request not counted.
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let _load = Load::start(2);
    let server = fixtures_dir().join("server.py");
    for run in 0..RUNS {
        let mark = marker("serve-load", "spin");
        let mut command = nestprobe();
        command.args(["probe", "--format", "json", "--serve", "http://127.0.0.1:{port}/parse"]);
        command.args(["--timeout", "1s", "--max-depth", "1000", "--start-timeout", "60s", "--"]);
        command.arg("python3").arg(&server).args(["spin", "400", &mark]);
        let result = run_json(command);
        assert_none_left(&mark, "spin");
        assert_eq!(verdict(&result), r#""exact" null null"#, "run {run}: {result:#}");
        assert_eq!(result["max_accepted_depth"], 1000, "run {run}: {result:#}");
        assert_eq!(result["slow"], false, "run {run}: {result:#}");
    }
}
