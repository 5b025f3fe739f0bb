//! A verdict comes from this run's own trials (issue #37, items 1–2): a `slow` result measured
//! before may choose where to look, never decide the verdict, and a crash deeper than where a
//! parser is slow is a crash, exact where the depth below it finished, else recorded beside `slow`.
//! The program is tests/fixtures/slow_then_crash.sh: slow from some depths on, crashing by SIGSEGV
//! deeper.

mod common;

use std::fs;

use common::*;
use serde_json::{json, Value};

fn slow_then_crash() -> String {
    fixtures_dir().join("slow_then_crash.sh").display().to_string()
}

/// `nestprobe probe --format json OPTIONS -- /bin/sh slow_then_crash.sh ARGS`.
fn probe(options: &[&str], args: &[&str]) -> Value {
    let mut command = nestprobe();
    command.args(["probe", "--format", "json"]).args(options).args(["--", "/bin/sh", &slow_then_crash()]);
    command.args(args);
    run_json(command)
}

/// A catalog row running the fixture with `args`.
fn row(id: &str, args: &[&str]) -> Row {
    let run: Vec<String> = ["/bin/sh".to_string(), slow_then_crash()]
        .into_iter()
        .chain(args.iter().map(|a| a.to_string()))
        .collect();
    Row::new(id).set("run", run)
}

/// `nestprobe run --quick --max-depth 1000 OPTIONS` in the workspace, which must succeed.
fn run_catalog(workspace: &Workspace, options: &[&str]) -> String {
    let mut command = workspace.command(&["run", "--quick", "--max-depth", "1000"]);
    command.args(options);
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    stderr_of(&output)
}

#[test]
fn a_committed_slow_result_of_a_program_that_now_crashes_is_that_crash_exact() {
    // It crashes by SIGSEGV from depth 300 on and is never slow.
    let workspace = Workspace::new(&[row("stale", &["300"])]);
    run_catalog(&workspace, &[]);
    // A stale record: slow at 200, which took 3 s of the 1 s timeout then.
    let mut results = workspace.results();
    let stale = &mut results["parsers"][0]["result"];
    assert_eq!(stale["min_failing_depth"], 300, "{stale:#}");
    for (field, value) in [
        ("status", json!("slow")),
        ("max_accepted_depth", json!(200)),
        ("min_failing_depth", Value::Null),
        ("failure", Value::Null),
        ("payload_bytes", Value::Null),
        ("accepted_seconds", json!(3.0)),
        ("boundary_window", json!([null, 200])),
        ("timeout_seconds", json!(1.0)),
    ] {
        stale[field] = value;
    }
    fs::write(workspace.path("results.json"), serde_json::to_string_pretty(&results).unwrap()).unwrap();

    let stderr = run_catalog(&workspace, &["--timeout", "1s"]);
    let results = workspace.results();
    let record = record(&results, "stale");
    let result = &record["result"];
    assert_eq!(
        (
            result["status"].as_str(),
            result["min_failing_depth"].as_u64(),
            result["max_accepted_depth"].as_u64()
        ),
        (Some("exact"), Some(300), Some(299)),
        "{result:#}"
    );
    assert_eq!(result["failure"]["signal_name"], "SIGSEGV", "{result:#}");
    assert!(result.get("crash_depth").is_none(), "{result:#}");
    assert_eq!(record["changes"][0]["now"], "crash (SIGSEGV) at depth 300", "{record:#}");
    assert!(stderr.contains("stale: array changed:"), "{stderr}");
}

#[test]
fn a_program_slow_at_shallow_depths_that_crashes_deeper_is_that_crash_where_the_depth_below_finishes() {
    // From depth 50 on it takes 1.5 s (over the 1 s timeout, within the retry's 4 s); from 300 on
    // it crashes at once.
    let result = probe(&["--timeout", "1s", "--max-depth", "1000"], &["300", "50:1.5"]);
    assert_eq!(
        (
            result["status"].as_str(),
            result["min_failing_depth"].as_u64(),
            result["max_accepted_depth"].as_u64()
        ),
        (Some("exact"), Some(300), Some(299)),
        "{result:#}"
    );
    assert_eq!((&result["failure"]["signal"], &result["slow"]), (&json!(11), &json!(true)), "{result:#}");
}

#[test]
fn a_crash_deeper_than_a_slow_parser_finishes_is_recorded_beside_slow_and_reported_as_a_crash() {
    // 0.8 s from depth 50 (within the retry's 2 s of a 0.5 s timeout), 3 s from 200 (not even
    // then), a crash at once from 600: the depth below the crash never finishes.
    let args = ["600", "50:0.8", "200:3"];
    let workspace = Workspace::new(&[row("crawler", &args)]);
    run_catalog(&workspace, &["--timeout", "0.5s"]);
    let results = workspace.results();
    let result = &record(&results, "crawler")["result"];
    assert_eq!(
        (result["status"].as_str(), result["crash_depth"].as_u64()),
        (Some("slow"), Some(600)),
        "{result:#}"
    );
    let finished = result["max_accepted_depth"].as_u64().unwrap();
    assert!((50..200).contains(&finished), "{result:#}");
    assert_eq!(result["failure"]["signal_name"], "SIGSEGV", "{result:#}");

    // The reports call it a crash: the table, the crash list in the README, the badges.
    let table = fs::read_to_string(workspace.path("results.md")).unwrap();
    assert!(table.contains("exhausts time, then **crash (SIGSEGV)** at 600"), "{table}");
    let crash_line = table.lines().find(|l| l.starts_with("| 600 | ")).unwrap_or_else(|| panic!("{table}"));
    assert!(crash_line.contains("| whole run |") && crash_line.contains("| SIGSEGV |"), "{crash_line}");
    let readme = fs::read_to_string(workspace.path("README.md")).unwrap();
    assert!(readme.lines().any(|l| l.starts_with("| 600 | ") && l.contains("| SIGSEGV |")), "{readme}");
    let badge = fs::read_to_string(workspace.path("badges/crashes.svg")).unwrap();
    assert!(badge.contains("1 of 1 rows"), "{badge}");
    let html = fs::read_to_string(workspace.path("results.html")).unwrap();
    assert!(html.contains("crash (SIGSEGV) at depth 600"), "the detail's tooltip");

    // Measured again from that record (150 levels in 0.1 s then: the depth to try, not the
    // verdict): 150 takes 0.8 s now, so the maximum cannot finish in time; the crash it recorded is
    // tried again, and the depth below it, which runs out of even the longer time.
    let again = &measured_again(&workspace, |result| {
        result["max_accepted_depth"] = json!(150);
        result["accepted_seconds"] = json!(0.1);
    });
    assert_eq!(
        (again["status"].as_str(), again["crash_depth"].as_u64(), again["max_accepted_depth"].as_u64()),
        (Some("slow"), Some(600), Some(150)),
        "{again:#}"
    );
    // 150, depth 1, 600 and 599: no search.
    assert_eq!(
        (again["trials"].as_u64(), again["search"].as_str()),
        (Some(4), Some("confirmed")),
        "{again:#}"
    );
}

/// The first row's main result after `edit` changed its committed record and a run at the 0.5 s
/// timeout measured again from it (written to again.json, results.json left as edited).
fn measured_again(workspace: &Workspace, edit: impl FnOnce(&mut Value)) -> Value {
    let mut results = workspace.results();
    edit(&mut results["parsers"][0]["result"]);
    fs::write(workspace.path("results.json"), serde_json::to_string_pretty(&results).unwrap()).unwrap();
    run_catalog(workspace, &["--timeout", "0.5s", "--json-only", "again.json"]);
    workspace.read_json("again.json")["parsers"][0]["result"].take()
}

#[test]
fn a_slow_record_from_before_crash_depth_that_saw_a_crash_deeper_is_searched_there() {
    // Slow (1.5 s, over the 1 s timeout, within the retry's 4 s) from depth 50 on, a crash at once
    // from 300: measured cold, a crash at 300.
    let workspace = Workspace::new(&[row("old", &["300", "50:1.5"])]);
    run_catalog(&workspace, &["--timeout", "1s"]);
    // As records were before `crash_depth`: slow at 200, the crash only as the window's failing end.
    let mut results = workspace.results();
    let old = &mut results["parsers"][0]["result"];
    assert_eq!(old["min_failing_depth"], 300, "{old:#}");
    for (field, value) in [
        ("status", json!("slow")),
        ("max_accepted_depth", json!(200)),
        ("min_failing_depth", Value::Null),
        ("accepted_seconds", json!(1.5)),
        ("boundary_window", json!([300, 200])),
    ] {
        old[field] = value;
    }
    old.as_object_mut().unwrap().remove("crash_depth");
    fs::write(workspace.path("results.json"), serde_json::to_string_pretty(&results).unwrap()).unwrap();
    // A warm run would confirm `slow` at a shallower depth and never reach the crash: the crash the
    // record saw is where it looks again, and the depth below it finishes with the longer timeout.
    run_catalog(&workspace, &["--timeout", "1s"]);
    let results = workspace.results();
    let result = &record(&results, "old")["result"];
    assert_eq!(
        (result["status"].as_str(), result["min_failing_depth"].as_u64()),
        (Some("exact"), Some(300)),
        "{result:#}"
    );
    assert_eq!(result["failure"]["signal_name"], "SIGSEGV", "{result:#}");
}

#[test]
fn a_slow_record_whose_crash_now_starts_lower_is_confirmed_there_without_a_search() {
    // As above: 0.8 s from depth 50, 3 s from 200, a crash at once from 600.
    let workspace = Workspace::new(&[row("crawler", &["600", "50:0.8", "200:3"])]);
    run_catalog(&workspace, &["--timeout", "0.5s"]);
    // The record saw its crash 100 levels deeper than where the program crashes now (a parser
    // whose frames grew): the crash is seen again at the recorded depth and at the one below it,
    // and the depths between the slow one and the crash, which run out of even the longer time,
    // are not searched (go-build-constraint's confirmation spent 1,090 s in such a search).
    let again = &measured_again(&workspace, |result| {
        assert_eq!(result["crash_depth"], 600, "{result:#}");
        result["crash_depth"] = json!(700);
        result["max_accepted_depth"] = json!(150);
        result["accepted_seconds"] = json!(0.1);
    });
    assert_eq!(
        (again["status"].as_str(), again["crash_depth"].as_u64(), again["max_accepted_depth"].as_u64()),
        (Some("slow"), Some(699), Some(150)),
        "{again:#}"
    );
    assert_eq!(again["failure"]["signal_name"], "SIGSEGV", "{again:#}");
    // 150, depth 1, 700 and 699.
    assert_eq!(
        (again["trials"].as_u64(), again["search"].as_str()),
        (Some(4), Some("confirmed")),
        "{again:#}"
    );
}
