//! What a run reuses and what it confirms (`confirmed` in results.json, src/run/rotation.rs): a
//! record whose program, library version or toolchain changed is measured again, an unchanged one
//! is reused except for the rotation's share, every record is confirmed within K runs, and
//! `run --full` confirms them all. On fixture rows, through the real binary.

mod common;

use std::collections::BTreeMap;
use std::fs;

use common::*;
use nestprobe::results::confirmed::CONFIRM_WITHIN_RUNS;
use nestprobe::results::Results;
use serde_json::Value;

/// A cheap row: the fixture's clean error past `limit`, its version and what it runs with from
/// echo.
fn row(id: &str, limit: u64) -> Row {
    Row::fixture(id, &["limit", &limit.to_string()]).set("installed", "echo toolchain 12")
}

fn run_ok(workspace: &Workspace, args: &[&str]) -> String {
    let output = workspace.nestprobe(&[&["run", "--jobs", "2"], args].concat());
    assert!(output.status.success(), "{}", stderr_of(&output));
    stderr_of(&output)
}

/// Each row's `confirmed.how` in the workspace's results.json.
fn how(workspace: &Workspace) -> BTreeMap<String, String> {
    let results = workspace.results();
    results["parsers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| {
            let how = record["confirmed"]["how"].as_str().unwrap_or("none").to_string();
            (record["id"].as_str().unwrap().to_string(), how)
        })
        .collect()
}

/// Makes `id`'s last confirmation the oldest, so the rotation's one turn is its.
fn make_oldest(workspace: &Workspace, id: &str) {
    let mut results = workspace.results();
    for record in results["parsers"].as_array_mut().unwrap() {
        if record["id"] == id {
            record["confirmed"]["at"] = "2000-01-01T00:00:00.000Z".into();
        }
    }
    fs::write(workspace.path("results.json"), serde_json::to_string_pretty(&results).unwrap()).unwrap();
}

#[test]
fn a_row_whose_program_library_or_toolchain_changed_is_measured_again_and_an_unchanged_one_reused() {
    let rows =
        [row("source", 20), row("library", 30), row("toolchain", 40), row("same", 50), row("turn", 60)];
    let workspace = Workspace::new(&rows);
    run_ok(&workspace, &[]);
    let first = workspace.results();
    assert!(how(&workspace).values().all(|how| how == "measured"), "{:?}", how(&workspace));
    for id in ["source", "same"] {
        let confirmed = &record(&first, id)["confirmed"];
        assert_eq!(confirmed["fingerprint"].as_str().unwrap().len(), 16, "{confirmed}");
        assert!(confirmed["machine"].as_str().unwrap().contains("CPUs"), "{confirmed}");
    }
    // (Five rows: the rotation confirms one a run, the one confirmed longest ago.)
    make_oldest(&workspace, "turn");
    fs::write(workspace.path("parsers/source/patch.txt"), "the program changed").unwrap();
    workspace.write_catalog(&[
        rows[0].clone(),
        rows[1].clone().set("version", "echo 1.1"),
        rows[2].clone().set("installed", "echo toolchain 13"),
        rows[3].clone(),
        rows[4].clone(),
    ]);
    let said = run_ok(&workspace, &[]);
    let how = how(&workspace);
    for id in ["source", "library", "toolchain"] {
        assert_eq!(how[id], "measured", "{id} changed: {how:?}");
    }
    assert_eq!(how["same"], "reused", "{how:?}");
    assert_eq!(how["turn"], "confirmed", "{how:?}");
    assert!(said.contains("rows measured 3, confirmed 1, reused 1"), "{said}");
    let second = workspace.results();
    // The reused record is the first run's, its last confirmation where and when it was.
    let (was, now) = (&record(&first, "same")["confirmed"], &record(&second, "same")["confirmed"]);
    assert_eq!((&was["at"], &was["fingerprint"]), (&now["at"], &now["fingerprint"]));
    assert_eq!(record(&first, "same")["result"], record(&second, "same")["result"]);
    // The changed ones have another fingerprint; the same facts.
    for id in ["source", "library", "toolchain"] {
        let (was, now) = (&record(&first, id)["confirmed"], &record(&second, id)["confirmed"]);
        assert_ne!(was["fingerprint"], now["fingerprint"], "{id}");
        assert_eq!(
            record(&second, id)["result"]["min_failing_depth"],
            record(&first, id)["result"]["min_failing_depth"]
        );
    }
    // results.md says how old each confirmation is, and which were reused.
    let table = fs::read_to_string(workspace.path("results.md")).unwrap();
    assert!(table.contains("## Confirmations"), "{table}");
    assert!(table.contains("measured 3 rows, confirmed 1 and reused 1"), "{table}");
    assert!(table.contains("`same`,") || table.contains("`same`\n"), "{table}");
    assert!(table.contains("`turn` (confirmed)") && table.contains("`source` (measured)"), "{table}");
    let readme = fs::read_to_string(workspace.path("README.md")).unwrap();
    assert!(readme.contains("The last run measured 3 rows, confirmed 1 and reused 1"), "{readme}");
}

#[test]
fn every_row_is_confirmed_within_k_runs_and_full_confirms_them_all() {
    // More rows than K: a share of two a run.
    let rows: Vec<Row> =
        (0..CONFIRM_WITHIN_RUNS + 1).map(|i| row(&format!("row{i}"), 10 + i as u64)).collect();
    let workspace = Workspace::new(&rows);
    run_ok(&workspace, &[]);
    let first = workspace.results();
    let mut confirmed: BTreeMap<String, usize> = BTreeMap::new();
    for run in 0..CONFIRM_WITHIN_RUNS {
        run_ok(&workspace, &[]);
        let how = how(&workspace);
        let reused = how.values().filter(|how| *how == "reused").count();
        assert!(reused >= rows.len() - 2, "run {run}: {how:?}");
        assert!(how.values().all(|how| how == "reused" || how == "confirmed"), "run {run}: {how:?}");
        for (id, how) in how {
            if how == "confirmed" {
                *confirmed.entry(id).or_default() += 1;
            }
        }
    }
    assert_eq!(confirmed.len(), rows.len(), "every row confirmed within K runs: {confirmed:?}");
    // No fact changed along the way.
    let facts = |results: &Value| -> Vec<Value> {
        results["parsers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["result"]["min_failing_depth"].clone())
            .collect()
    };
    assert_eq!(facts(&workspace.results()), facts(&first));
    run_ok(&workspace, &["--full"]);
    assert!(how(&workspace).values().all(|how| how == "confirmed"), "{:?}", how(&workspace));
    // results.json round-trips: read and written again, the same bytes (`confirmed` included).
    let text = fs::read_to_string(workspace.path("results.json")).unwrap();
    let results = Results::load(&workspace.path("results.json")).unwrap();
    assert!(results.parsers.iter().all(|r| r.confirmed.is_some()));
    assert_eq!(results.to_json(), text);
}

#[test]
fn a_program_that_parses_no_shape_is_reused_as_its_own_fact_and_another_failure_is_tried_again() {
    // A clean error past depth 1 in every shape: nothing about nesting can be measured, and the
    // same program says so on every run. A `before` hook that fails is this run's trouble.
    let rows = [row("shallow", 1), row("hooked", 50).set("before", "exit 3"), row("a", 30), row("b", 40)];
    let workspace = Workspace::new(&rows);
    workspace.nestprobe(&["run", "--jobs", "2"]);
    let first = workspace.results();
    let shallow = record(&first, "shallow");
    assert_eq!(shallow["status"], "probe-failed", "{shallow:#}");
    assert!(shallow["reason"].as_str().unwrap().contains("nested 2 levels deep"), "{shallow:#}");
    let refused = shallow["unsupported_shapes"].as_array().unwrap();
    assert!(!refused.is_empty() && refused.iter().all(|shape| shape["depth"] == 2), "{shallow:#}");
    assert_eq!(shallow["confirmed"]["how"], "measured", "{shallow:#}");
    assert_eq!(shallow["confirmed"]["fingerprint"].as_str().unwrap().len(), 16);
    let hooked = record(&first, "hooked");
    assert_eq!((&hooked["status"], &hooked["confirmed"]), (&Value::from("probe-failed"), &Value::Null));
    // Nothing changed: the refusal is reused (the rotation's one turn is another row's), the hook's
    // failure tried again; a change to the program measures it again.
    make_oldest(&workspace, "a");
    let said = stderr_of(&workspace.nestprobe(&["run", "--jobs", "2"]));
    assert_eq!(how(&workspace)["shallow"], "reused", "{said}");
    assert!(said.contains("shallow") && said.contains("(reused: nothing it depends on changed)"), "{said}");
    assert_eq!(record(&workspace.results(), "shallow")["unsupported_shapes"], shallow["unsupported_shapes"]);
    fs::write(workspace.path("parsers/shallow/patch.txt"), "the program changed").unwrap();
    workspace.nestprobe(&["run", "--jobs", "2"]);
    assert_eq!(how(&workspace)["shallow"], "measured");
}
