//! Trustworthy numbers: parser programs that misbehave on purpose (random outcomes, non-monotone,
//! not reading their input, slow, leaving descendants that escape the process group) get honest
//! answers, and a catalog run gives the same boundaries wherever the checkout is and whatever the
//! caller's environment.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;

/// `nestprobe probe --format json [options] -- argv`: exit status and the one JSON object printed.
fn probe(options: &[&str], argv: &[&str]) -> (i32, Value) {
    let mut command = nestprobe();
    command.args(["probe", "--format", "json"]).args(options).arg("--").args(argv);
    let output = run(command);
    let value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON value ({e}):\n{}\n{}",
            String::from_utf8_lossy(&output.stdout),
            stderr_of(&output)
        )
    });
    (output.status.code().expect("nestprobe exits"), value)
}

fn fixture_path() -> &'static str {
    fixture().to_str().unwrap()
}

/// One table of misbehaving programs and what `probe` must say about each.
#[test]
fn misbehaving_programs_get_honest_statuses() {
    struct Case {
        mode: &'static [&'static str],
        options: &'static [&'static str],
        exit: i32,
        status: &'static str,
    }
    let cases = [
        // Exits 0 or 1 at random above depth 1: never an exact number.
        Case {
            mode: &["random"],
            options: &["--repeat", "8", "--max-depth", "100000"],
            exit: 3,
            status: "unstable",
        },
        // Accepts odd depths only: a plain bisection would call it exact.
        Case { mode: &["odd"], options: &[], exit: 3, status: "unstable" },
        // Exits 0 without reading: not parsing anything.
        Case { mode: &["noread"], options: &[], exit: 3, status: "input-not-read" },
        // The control: a clean limit is exact.
        Case { mode: &["limit", "300"], options: &[], exit: 0, status: "exact" },
    ];
    for case in cases {
        let mut argv = vec![fixture_path()];
        argv.extend(case.mode);
        let (exit, result) = probe(case.options, &argv);
        assert_eq!(
            (exit, result["status"].as_str().unwrap()),
            (case.exit, case.status),
            "{:?}: {result:#}",
            case.mode
        );
        if case.status != "exact" {
            assert_eq!(result["min_failing_depth"], Value::Null, "{:?}: {result:#}", case.mode);
        }
    }
}

#[test]
fn unstable_results_name_the_depths_and_outcomes_seen() {
    let (exit, result) = probe(&[], &[fixture_path(), "odd"]);
    assert_eq!(exit, 3);
    let sightings = result["sightings"].as_array().expect("sightings");
    assert!(!sightings.is_empty(), "{result:#}");
    let outcomes: Vec<&str> = sightings
        .iter()
        .flat_map(|s| s["outcomes"].as_array().unwrap())
        .map(|o| o.as_str().unwrap())
        .collect();
    assert!(outcomes.iter().any(|o| o.starts_with("accepted")), "{outcomes:?}");
    assert!(outcomes.iter().any(|o| o.contains("ParityError")), "{outcomes:?}");
    let mut command = nestprobe();
    command.args(["probe", "--", fixture_path(), "odd"]);
    let text = String::from_utf8(run(command).stdout).unwrap();
    assert!(text.contains("UNSTABLE") && !text.contains("clean error at depth"), "{text}");
}

#[test]
fn a_program_that_does_not_read_its_input_is_reported_as_such() {
    let (_, result) = probe(&[], &[fixture_path(), "noread"]);
    assert_eq!(result["input_not_read_at"], 1, "{result:#}");
    let mut command = nestprobe();
    command.args(["probe", "--", fixture_path(), "noread"]);
    let output = run(command);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("without reading its whole input") && !text.contains("no failure"), "{text}");
}

#[test]
fn a_parser_that_fails_at_depth_one_still_prints_one_json_object() {
    let (exit, result) = probe(&[], &[fixture_path(), "limit", "0"]);
    assert_eq!(exit, 1);
    let error = result["error"].as_str().expect("an error field");
    assert!(error.contains("cannot parse even depth 1"), "{error}");
    assert_eq!(result["command"][1], "limit");
}

#[test]
fn a_slow_parser_is_slow_not_limited() {
    // 500 µs per level: past 2000 levels over the 1 s timeout; the maximum takes 1.5 s, within the
    // retry's 4 s.
    let (exit, result) =
        probe(&["--timeout", "1s", "--max-depth", "3000"], &[fixture_path(), "crawl", "500"]);
    assert_eq!(exit, 0, "{result:#}");
    assert_eq!(result["min_failing_depth"], Value::Null, "{result:#}");
    assert_eq!(result["max_accepted_depth"], 3000);
    assert_eq!(result["slow"], true);
    assert!(result["accepted_seconds"].as_f64().unwrap() >= 1.5, "{result:#}");
}

#[test]
fn a_parser_that_only_gets_slower_is_reported_slow_with_no_boundary() {
    // 1 ms per level: past about 1000 levels it misses the 1 s timeout, past 4000 the retry's 4 s.
    let (exit, result) =
        probe(&["--timeout", "1s", "--max-depth", "10000"], &[fixture_path(), "crawl", "1000"]);
    assert_eq!(exit, 0, "{result:#}");
    assert_eq!(result["status"], "slow", "{result:#}");
    assert_eq!(result["min_failing_depth"], Value::Null, "{result:#}");
    let deepest = result["max_accepted_depth"].as_u64().unwrap();
    assert!((900..=4000).contains(&deepest), "{result:#}");
    assert!(result["accepted_seconds"].as_f64().unwrap() >= 0.9, "{result:#}");
    // Where it crosses the timeout is not narrowed further than a factor of two: depth 1, the
    // maximum and a few splits to get there, then 1 with the longer timeout; the maximum's timeout
    // is not waited out again (an exact bisection and its checks take 16 or more).
    assert!(u64_of(&result, "trials") <= 9, "{result:#}");
    let mut command = nestprobe();
    command.args(["probe", "--timeout", "1s", "--max-depth", "10000", "--", fixture_path(), "crawl", "1000"]);
    let text = String::from_utf8(run(command).stdout).unwrap();
    assert!(
        text.contains(": exhausts time: ") && text.contains("too slow to reach 10,000 in time"),
        "{text}"
    );
}

#[test]
fn no_limit_measured_before_holds_when_the_maximum_depth_takes_about_the_timeout() {
    // Above depth 1000 every run takes 1.5 s: the 1 s timeout cuts the first trial at the maximum,
    // the retry's 4 s lets it finish; no search for a limit that is not there.
    let (exit, warm) = probe(
        &["--timeout", "1s", "--max-depth", "3000", "--hint", "none"],
        &[fixture_path(), "slow", "1000"],
    );
    assert_eq!(exit, 0, "{warm:#}");
    assert_eq!((warm["status"].as_str(), warm["max_accepted_depth"].as_u64()), (Some("exact"), Some(3000)));
    assert_eq!(warm["min_failing_depth"], Value::Null);
    assert_eq!((warm["trials"].as_u64(), warm["search"].as_str()), (Some(2), Some("confirmed")), "{warm:#}");
    assert_eq!(warm["slow"], true);
}

#[test]
fn a_slow_parser_measured_before_is_confirmed_in_two_trials() {
    let options = ["--timeout", "1s", "--max-depth", "10000"];
    let (_, cold) = probe(&options, &[fixture_path(), "crawl", "1000"]);
    assert_eq!(cold["status"], "slow", "{cold:#}");
    let deepest = cold["max_accepted_depth"].as_u64().unwrap();
    let hint = format!("slow:{deepest}");
    let (exit, warm) =
        probe(&[&options[..], &["--hint", &hint]].concat(), &[fixture_path(), "crawl", "1000"]);
    assert_eq!(exit, 0, "{warm:#}");
    assert_eq!(warm["status"], "slow", "{warm:#}");
    assert_eq!(warm["max_accepted_depth"], deepest);
    // The depth it finished and depth 1 (what any trial costs): at 1 ms a level the maximum needs
    // 10 s, more than the retry's 4 s, so it is not run only to be killed.
    assert_eq!(warm["trials"], 2, "{warm:#}");
    assert!(warm["trials"].as_u64() < cold["trials"].as_u64());
    // A hint it no longer finishes (9 s a trial, over the retry's 4 s) is searched again.
    let (_, again) =
        probe(&[&options[..], &["--hint", "slow:9000"]].concat(), &[fixture_path(), "crawl", "1000"]);
    assert_eq!(again["status"], "slow", "{again:#}");
    assert!(again["max_accepted_depth"].as_u64().unwrap() <= 4000, "{again:#}");
}

#[test]
fn an_unstable_result_measured_before_is_confirmed_where_it_disagreed_or_searched_again() {
    // Odd depths pass, even ones fail: 2 failing below 3 passing disagrees again at once.
    let (exit, warm) =
        probe(&["--max-depth", "1000", "--hint", "unstable:2-3"], &[fixture_path(), "odd", "0"]);
    assert_eq!(exit, 3, "{warm:#}");
    assert_eq!((warm["status"].as_str(), warm["search"].as_str()), (Some("unstable"), Some("confirmed")));
    assert_eq!((u64_of(&warm, "trials"), &warm["boundary_window"]), (2, &serde_json::json!([2, 3])));
    // A parser that is steady now gets its exact boundary, found from the old window.
    let (exit, steady) = probe(&["--hint", "unstable:50-60"], &[fixture_path(), "limit", "100"]);
    assert_eq!(exit, 0, "{steady:#}");
    assert_eq!((steady["status"].as_str(), steady["search"].as_str()), (Some("exact"), Some("re-searched")));
    assert_eq!(steady["min_failing_depth"], 101, "{steady:#}");
}

/// The fixture at 1 ms a level and at 20 µs a level with `hint` (1 s timeout, maximum 10,000): the
/// slow one confirmed as slow, its result returned; the fast one (the maximum in 0.2 s) re-searched
/// to no limit, not taken as slow.
fn confirmed_slow_and_a_faster_parser_re_searched(hint: &str) -> Value {
    let options = ["--timeout", "1s", "--max-depth", "10000", "--hint", hint];
    let (exit, slow) = probe(&options, &[fixture_path(), "crawl", "1000"]);
    assert_eq!(exit, 0, "{slow:#}");
    assert_eq!(
        (slow["status"].as_str(), slow["search"].as_str()),
        (Some("slow"), Some("confirmed")),
        "{slow:#}"
    );
    let (exit, faster) = probe(&options, &[fixture_path(), "crawl", "20"]);
    assert_eq!(exit, 0, "{faster:#}");
    assert_eq!((faster["status"].as_str(), faster["search"].as_str()), (Some("exact"), Some("re-searched")));
    assert_eq!((u64_of(&faster, "max_accepted_depth"), &faster["min_failing_depth"]), (10000, &Value::Null));
    slow
}

#[test]
fn an_unstable_window_where_time_ran_out_that_now_finishes_is_confirmed_slow_without_a_search() {
    // 1 ms a level: 600 levels finish in 0.6 s of the 1 s timeout, every time here; a busier
    // machine ran out of time there once. Three runs at the window, the longer timeout's run and
    // depth 1: the maximum (10 s at this rate) cannot finish, so it is slow, not searched for. At
    // 20 µs a level the window and everything up to the maximum finish quickly: no limit.
    let warm = confirmed_slow_and_a_faster_parser_re_searched("unstable-timeout:600-600");
    assert_eq!((u64_of(&warm, "max_accepted_depth"), u64_of(&warm, "trials")), (600, 5), "{warm:#}");
}

#[test]
fn a_parser_that_finishes_the_maximum_only_with_the_longer_timeout_has_no_limit() {
    // Above depth 2900 every run takes 1.5 s: the search's bracket ends at the maximum itself.
    let (exit, result) =
        probe(&["--timeout", "1s", "--max-depth", "3000"], &[fixture_path(), "slow", "2900"]);
    assert_eq!(exit, 0, "{result:#}");
    assert_eq!(
        (result["status"].as_str(), result["max_accepted_depth"].as_u64()),
        (Some("exact"), Some(3000))
    );
    assert_eq!(
        (&result["min_failing_depth"], &result["slow"]),
        (&Value::Null, &Value::Bool(true)),
        "{result:#}"
    );
}

#[test]
fn a_slow_depth_that_now_finishes_in_time_still_shows_the_maximum_cannot_and_a_faster_parser_is_re_searched()
{
    // 1 ms per level: 800 levels take 0.8 s (within the 1 s timeout); at that rate the maximum
    // (10000) needs 10 s, more than the retry's 4 s: it is not run only to be killed.
    // 20 µs per level: the maximum (0.2 s) may finish even within the normal timeout, so it is run
    // (with the retry's 4 s), and does: not slow any more, no limit. (One that could only finish
    // within the retry's time is confirmed slow: that is the same fact.)
    let warm = confirmed_slow_and_a_faster_parser_re_searched("slow:800");
    assert_eq!((u64_of(&warm, "max_accepted_depth"), u64_of(&warm, "trials")), (800, 2), "{warm:#}");
    assert_eq!(warm["boundary_window"], serde_json::json!([null, 800]), "{warm:#}");
    assert!(warm["elapsed_seconds"].as_f64().unwrap() < 3.0, "the maximum waited out the retry: {warm:#}");
}

#[test]
fn a_hint_off_by_k_levels_costs_about_two_log_k_trials_verification_included() {
    let log2_ceil = |k: u64| 64 - (k - 1).leading_zeros() as u64;
    for (limit, k) in [(1003, 3), (990, 10), (1001, 1), (1100, 100), (700, 300)] {
        // One trial at a time: this counts the trials of the search itself.
        let (exit, result) =
            probe(&["--jobs", "1", "--hint", "1001"], &[fixture_path(), "limit", &limit.to_string()]);
        assert_eq!(exit, 0, "{result:#}");
        assert_eq!(result["min_failing_depth"], limit + 1, "{result:#}");
        assert_eq!(result["search"], "re-searched", "{result:#}");
        let trials = result["trials"].as_u64().unwrap();
        assert!(trials <= 2 * log2_ceil(k) + 4, "off by {k}: {trials} trials");
    }
}

#[test]
fn descendants_that_leave_the_group_holding_the_pipes_do_not_stretch_a_trial() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let escapee = fixtures_dir().join("escapee.sh");
    let pid_env = format!("PIDFILE={}", pids.display());
    for (mode, limit, failing) in [("limit", "100", 101), ("early", "10", 11)] {
        let started = Instant::now();
        let (exit, result) = probe(
            &["--timeout", "2s", "--env", &pid_env],
            &[escapee.to_str().unwrap(), fixture_path(), mode, limit],
        );
        let elapsed = started.elapsed();
        assert_eq!(exit, 0, "{result:#}");
        assert_eq!(result["min_failing_depth"], failing, "{result:#}");
        // About 15 trials, each served at most 200 ms after its program has gone.
        assert!(elapsed < Duration::from_secs(12), "{mode}: took {elapsed:?}");
    }
    for pid in fs::read_to_string(&pids).unwrap().split_whitespace() {
        let _ = Command::new("kill").arg(pid).status();
    }
}

/// A catalog of one stack-bound parser (the recursive fixture, copied in by its build), at `root`.
fn stack_bound_catalog(root: &Path) -> std::path::PathBuf {
    let row = Row::new("recursive")
        .set("library", "recursive descent")
        .set("build", format!("cp \"{}\" \"$BUILD/parse\"", fixture().display()))
        .set("run", vec!["{build}/parse", "recursive"]);
    let catalog = root.join("parsers/catalog.toml");
    write_catalog_file(&catalog, &[], &[row]);
    catalog
}

fn run_catalog(root: &Path, extra_env: &[(String, String)], options: &[&str]) -> Value {
    let catalog = stack_bound_catalog(root);
    let mut command = nestprobe();
    command
        .current_dir(root)
        .arg("run")
        .arg("--catalog")
        .arg(&catalog)
        .args([
            "--quick",
            "--cold",
            "--jobs",
            "1",
            "--max-depth",
            "200000",
            "--out",
            "out",
            "--readme",
            "none.md",
        ])
        .arg("--build-dir")
        .arg(root.join("build"))
        .args(options)
        .envs(extra_env.iter().cloned());
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = fs::read_to_string(root.join("out/results.json")).unwrap();
    assert!(!text.contains(root.to_str().unwrap()), "results.json holds a path of this machine");
    let results: Value = serde_json::from_str(&text).unwrap();
    results["parsers"][0]["result"].clone()
}

#[test]
fn the_same_catalog_gives_the_same_stack_bound_boundary_from_any_path_and_environment() {
    let short = tempfile::tempdir().unwrap();
    let long_parent = tempfile::tempdir().unwrap();
    let long = long_parent.path().join("a-checkout-folder-name-that-is-over-forty-characters-longer/x");
    fs::create_dir_all(&long).unwrap();
    let bulky: Vec<(String, String)> =
        (0..64).map(|i| (format!("NESTPROBE_TEST_BULK_{i}"), "x".repeat(128))).collect();

    let here = run_catalog(short.path(), &[], &[]);
    let there = run_catalog(&long, &bulky, &[]);
    let depth = here["min_failing_depth"].as_u64().expect("a stack-bound boundary");
    assert_eq!(there["min_failing_depth"].as_u64(), Some(depth), "{here:#}\n{there:#}");
    assert_eq!(here["command"], serde_json::json!(["{build}/parse", "recursive"]));
    assert_eq!(here["env"]["mode"], "fixed");
    assert_eq!(here["env"]["vars"]["BUILD"], "{build}");

    // The control: the caller's environment (8 KiB more of it) does move a stack-bound boundary.
    let inherited = run_catalog(&long, &bulky, &["--inherit-env"]);
    assert_eq!(inherited["env"]["mode"], "inherit");
    assert_ne!(inherited["min_failing_depth"].as_u64(), Some(depth), "{inherited:#}");
}

fn catalog_command(workspace: &Workspace, args: &[&str]) -> Command {
    let mut command = workspace.command(args);
    command.args(["--readme", "none.md"]);
    command
}

/// A row whose program exits 1 past `limit` levels.
fn limit_row(id: &str, limit: u32) -> Row {
    Row::fixture(id, &["limit", &limit.to_string()])
}

#[test]
fn sigterm_during_a_build_stops_the_run_at_once_and_keeps_what_was_measured() {
    let workspace =
        Workspace::new(&[limit_row("quick", 100), limit_row("slow-build", 100).set("build", "sleep 60")]);
    let first = run(catalog_command(&workspace, &["run", "--quick", "--only", "quick"]));
    assert!(first.status.success(), "{}", stderr_of(&first));
    let mut child = catalog_command(&workspace, &["run", "--quick", "--only", "slow-build"]).spawn().unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let signalled = Instant::now();
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), nix::sys::signal::Signal::SIGTERM)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(signalled.elapsed() < Duration::from_secs(2), "took {:?}", signalled.elapsed());
    assert_eq!(status.code(), Some(130));
    let results = workspace.results();
    assert_eq!(results["parsers"][0]["result"]["min_failing_depth"], 101, "{results:#}");
    let sleeping = Command::new("pgrep").args(["-f", "^sleep 60$"]).output().unwrap();
    assert!(sleeping.stdout.is_empty(), "the build's sleep outlived nestprobe");
}

#[test]
fn a_failed_build_names_its_first_error_and_its_log_and_keeps_the_table_whole() {
    let build = "printf \"p.c: In function main:\\np.c:3:5: error: expected | before }\\n  3 | }\\n    | ;\\n\" >&2; exit 1";
    let broken = Row::new("broken").set("build", build).set("run", vec!["{build}/parse"]);
    let workspace = Workspace::new(&[broken, limit_row("fine", 50)]);
    let output = run(catalog_command(&workspace, &["run", "--quick"]));
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = workspace.results();
    let reason = results["parsers"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("p.c:3:5: error: expected | before }"), "{reason}");
    assert!(reason.contains("(full log: target/parsers/broken/build.log)"), "{reason}");
    let table = fs::read_to_string(workspace.path("results.md")).unwrap();
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with('|')).collect();
    let cells = |line: &str| line.replace("\\|", "").matches('|').count();
    assert!(rows.iter().all(|r| cells(r) == cells(rows[0])), "{table}");
}

#[test]
fn a_foreign_results_file_is_refused_and_left_alone() {
    let workspace = Workspace::new(&[limit_row("fine", 50)]);
    fs::write(workspace.path("results.json"), "{\"not\": \"ours\"}").unwrap();
    let output = run(catalog_command(&workspace, &["run", "--quick"]));
    assert!(!output.status.success());
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("results.json is not a nestprobe results file") && stderr.lines().count() == 1,
        "{stderr}"
    );
    assert_eq!(fs::read_to_string(workspace.path("results.json")).unwrap(), "{\"not\": \"ours\"}");
}

#[test]
fn rows_measured_with_other_settings_are_marked_not_hidden_under_one_header() {
    let workspace = Workspace::new(&[limit_row("a", 50), limit_row("b", 60)]);
    let first = run(catalog_command(&workspace, &["run", "--quick"]));
    assert!(first.status.success(), "{}", stderr_of(&first));
    let table = fs::read_to_string(workspace.path("results.md")).unwrap();
    assert!(!table.contains('⚠'), "{table}");
    let second = run(catalog_command(&workspace, &["run", "--quick", "--stack", "1MiB", "--only", "b"]));
    assert!(second.status.success(), "{}", stderr_of(&second));
    let table = fs::read_to_string(workspace.path("results.md")).unwrap();
    assert!(table.contains("stack limit 1 MiB"), "{table}");
    let marked: Vec<&str> = table.lines().filter(|l| l.contains("⚠ measured with stack 8 MiB")).collect();
    assert_eq!(marked.len(), 1, "{table}");
    assert!(marked[0].contains("| a "), "{table}");
}

#[test]
fn paths_of_this_machine_in_what_a_parser_prints_are_recorded_as_placeholders() {
    // A Python program whose traceback names its own file, its $BUILD and its $HOME.
    let program = "import os, sys\ndata = sys.stdin.read()\nif data.count('[') > 40:\n    \
                   raise ValueError('too deep for ' + os.environ['BUILD'] + ' and ' + os.environ['HOME'])\n";
    let workspace = Workspace::new(&[Row::new("py").set("run", vec!["/usr/bin/python3", "{dir}/parse.py"])]);
    fs::write(workspace.path("parsers/py/parse.py"), program).unwrap();
    let mut command = catalog_command(&workspace, &["run", "--quick"]);
    command.arg("--max-depth").arg("1000");
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = fs::read_to_string(workspace.path("results.json")).unwrap();
    assert!(
        !text.contains("/tmp/nestprobe-") && !text.contains(workspace.root().to_str().unwrap()),
        "{text}"
    );
    let results: Value = serde_json::from_str(&text).unwrap();
    let stderr = results["parsers"][0]["result"]["failure"]["stderr"].as_str().unwrap();
    assert!(
        stderr.contains("{dir}/parse.py") && stderr.contains("too deep for {build} and {home}"),
        "{stderr}"
    );
}

#[test]
fn a_runtime_abort_that_exits_1_is_a_crash_when_the_catalog_names_its_message() {
    let aborts = limit_row("aborts-with-1", 50).set("fatal_stderr", vec!["DepthError: nesting"]);
    let workspace = Workspace::new(&[aborts, limit_row("plain", 50)]);
    let output = run(catalog_command(&workspace, &["run", "--quick"]));
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = workspace.results();
    let failure = |i: usize| results["parsers"][i]["result"]["failure"].clone();
    assert_eq!((failure(0)["kind"].as_str(), failure(0)["exit_code"].as_i64()), (Some("crash"), Some(1)));
    assert_eq!(failure(1)["kind"], "error");
}

#[test]
fn results_are_written_as_each_parser_finishes_so_even_sigkill_keeps_them() {
    let hang = Row::fixture("hangs", &["hang", "10"]).set("timeout", "60s");
    let workspace = Workspace::new(&[limit_row("quick", 100), hang]);
    let mut child = catalog_command(&workspace, &["run", "--quick", "--jobs", "1"]).spawn().unwrap();
    let results = workspace.path("results.json");
    let started = Instant::now();
    while !fs::read_to_string(&results).is_ok_and(|t| t.contains("\"min_failing_depth\": 101")) {
        assert!(started.elapsed() < Duration::from_secs(30), "the first parser's result never appeared");
        std::thread::sleep(Duration::from_millis(100));
    }
    child.kill().unwrap(); // SIGKILL: no handler runs
    child.wait().unwrap();
    let kept: Value = serde_json::from_str(&fs::read_to_string(&results).unwrap()).unwrap();
    assert_eq!(kept["parsers"][0]["result"]["min_failing_depth"], 101);
    assert_eq!(kept["parsers"][1]["status"], "skipped");
    let _ = Command::new("pkill").args(["-f", &format!("{} hang 10", fixture_path())]).status();
    // The next run resumes from what was kept: the boundary measured before the kill is only
    // confirmed (two trials), not searched again. (--json-only shows this run's own record: a run
    // that changed no fact keeps results.json as it was.)
    let output =
        run(catalog_command(&workspace, &["run", "--quick", "--only", "quick", "--json-only", "again.json"]));
    assert!(output.status.success(), "{}", stderr_of(&output));
    let resumed: Value = workspace.read_json("again.json");
    let result = &resumed["parsers"][0]["result"];
    assert_eq!(
        (result["min_failing_depth"].as_u64(), result["trials"].as_u64()),
        (Some(101), Some(2)),
        "{result}"
    );
    assert_eq!(result["search"], "confirmed");
}

#[test]
fn invalid_input_accepted_at_depth_one_is_a_finding_not_an_error() {
    let program = "import sys\nsys.exit(1 if sys.stdin.read().count('[') > 50 else 0)\n";
    let (exit, result) = probe(&["--shape", "unclosed", "--max-depth", "1000"], &["python3", "-c", program]);
    assert_eq!(exit, 0, "{result:#}");
    assert_eq!(
        (result["min_failing_depth"].as_u64(), result["max_accepted_depth"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(result["failure"]["kind"], "accepted", "{result:#}");
}
