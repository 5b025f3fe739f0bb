//! Outputs other tools read (issue #34): JUnit XML and SARIF 2.1.0 from `probe` and `run`, checked
//! against the schemas vendored in tests/schemas/, and results.csv read back.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::schemas::{assert_valid_junit, assert_valid_sarif};
use common::*;
use serde_json::Value;

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn probe_writes_junit_and_sarif_that_their_schemas_accept() {
    let dir = tempfile::tempdir().unwrap();
    let (junit, sarif) = (dir.path().join("probe.xml"), dir.path().join("probe.sarif"));
    let mut command = nestprobe();
    command
        .args(["probe", "--jobs", "1", "--junit"])
        .arg(&junit)
        .arg("--sarif")
        .arg(&sarif)
        .args(["--sarif-location", "parsers/mine.c", "--"])
        .arg(fixture())
        .args(["abort", "100"]);
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));

    assert_valid_junit(&junit);
    let xml = fs::read_to_string(&junit).unwrap();
    let document = roxmltree::Document::parse(&xml).unwrap();
    let failure = document.descendants().find(|n| n.has_tag_name("failure")).expect("a failing test case");
    assert_eq!(failure.attribute("type"), Some("crash"));
    assert!(failure.attribute("message").unwrap().contains("crash (SIGABRT) at depth 101"), "{xml}");

    assert_valid_sarif(&sarif);
    let log = read_json(&sarif);
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{log:#}");
    let result = &results[0];
    assert_eq!(result["level"], "error");
    assert_eq!(result["properties"]["depth"], 101);
    let text = result["message"]["text"].as_str().unwrap();
    assert!(text.contains("at depth 101") && text.contains("phase: the whole program"), "{text}");
    assert_eq!(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "parsers/mine.c");
}

#[test]
fn a_clean_error_is_a_passing_test_and_no_sarif_result() {
    let dir = tempfile::tempdir().unwrap();
    let (junit, sarif) = (dir.path().join("probe.xml"), dir.path().join("probe.sarif"));
    let mut command = nestprobe();
    command.env("GITHUB_WORKFLOW_REF", "octo/parser/.github/workflows/depth.yml@refs/heads/main");
    command.args(["probe", "--jobs", "1", "--junit"]).arg(&junit).arg("--sarif").arg(&sarif).arg("--");
    command.arg(fixture()).args(["limit", "100"]);
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_valid_junit(&junit);
    let xml = fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("failures=\"0\"") && !xml.contains("<failure"), "{xml}");
    assert_valid_sarif(&sarif);
    assert_eq!(read_json(&sarif)["runs"][0]["results"], serde_json::json!([]));

    // Outside GitHub Actions, SARIF needs a location: one line, a usage error.
    let mut command = nestprobe();
    command.env_remove("GITHUB_WORKFLOW_REF");
    command.args(["probe", "--sarif"]).arg(&sarif).arg("--").arg(fixture()).args(["limit", "100"]);
    let output = run(command);
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--sarif-location"), "{stderr}");
}

#[test]
fn run_writes_junit_sarif_and_a_csv_of_the_atlas() {
    let workspace = Workspace::new(&[
        Row::fixture("limited", &["limit", "200"]),
        Row::fixture("later", &["later", "300"]).set("phases", vec!["parse", "free", "serialize"]),
    ]);
    let mut command = workspace.command(&["run", "--max-depth", "10000", "--jobs", "1"]);
    command.env("GITHUB_WORKFLOW_REF", "octo/parser/.github/workflows/depth.yml@refs/heads/main");
    command.args(["--junit", "out.xml", "--sarif", "out.sarif"]);
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));

    assert_valid_junit(&workspace.path("out.xml"));
    let xml = fs::read_to_string(workspace.path("out.xml")).unwrap();
    let document = roxmltree::Document::parse(&xml).unwrap();
    let cases: Vec<_> = document.descendants().filter(|n| n.has_tag_name("testcase")).collect();
    let failing: Vec<&str> = cases
        .iter()
        .filter(|c| c.children().any(|n| n.has_tag_name("failure")))
        .map(|c| c.attribute("name").unwrap())
        .collect();
    assert_eq!(failing.len(), 2, "free and serialize of `later`: {xml}");
    assert!(failing.iter().all(|name| name.starts_with("later 1.0 (array shape, ")), "{failing:?}");

    assert_valid_sarif(&workspace.path("out.sarif"));
    let log = workspace.read_json("out.sarif");
    let results = log["runs"][0]["results"].as_array().unwrap();
    let mut phases: Vec<(&str, u64)> = results
        .iter()
        .map(|r| (r["properties"]["phase"].as_str().unwrap(), r["properties"]["depth"].as_u64().unwrap()))
        .collect();
    phases.sort();
    assert_eq!(phases, [("free", 601), ("serialize", 301)], "{log:#}");
    for result in results {
        assert_eq!(result["level"], "error");
        let uri = &result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
        assert_eq!(uri, ".github/workflows/depth.yml");
        assert!(result["message"]["text"].as_str().unwrap().starts_with("later 1.0 "), "{result:#}");
    }

    // results.csv beside results.json: one line per probe, read back as a table.
    let mut reader = csv::Reader::from_path(workspace.path("results.csv")).unwrap();
    let headers = reader.headers().unwrap().clone();
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let lines: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let serialize = lines
        .iter()
        .find(|line| &line[column("key")] == "later" && &line[column("phase")] == "serialize")
        .expect("a line for later's serialize phase");
    assert_eq!(&serialize[column("min_failing_depth")], "301");
    assert_eq!(&serialize[column("outcome")], "crash");
    assert_eq!(&serialize[column("signal")], "SIGABRT");
    let limited = lines.iter().find(|line| &line[column("key")] == "limited").unwrap();
    assert_eq!((&limited[column("outcome")], &limited[column("min_failing_depth")]), ("in-control", "201"));
    // `render` writes the same table from results.json alone.
    let table = fs::read(workspace.path("results.csv")).unwrap();
    fs::remove_file(workspace.path("results.csv")).unwrap();
    assert!(workspace.nestprobe(&["render"]).status.success());
    assert_eq!(fs::read(workspace.path("results.csv")).unwrap(), table);
}

#[test]
fn the_action_writes_the_sarif_it_uploads_even_when_the_gate_fails() {
    let dir = tempfile::tempdir().unwrap();
    let (sarif, junit) = (dir.path().join("depth.sarif"), dir.path().join("depth.xml"));
    let output = Command::new("bash")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/action.sh"))
        .env_remove("GITHUB_ACTIONS")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env("NESTPROBE", env!("CARGO_BIN_EXE_nestprobe"))
        .env("GITHUB_WORKFLOW_REF", "octo/parser/.github/workflows/depth.yml@refs/heads/main")
        .env("NESTPROBE_COMMAND", format!("'{}' abort 50", fixture().display()))
        .env("NESTPROBE_FAIL_ON", "crash")
        .env("NESTPROBE_ARGS", "--jobs 1")
        .env("NESTPROBE_SARIF", &sarif)
        .env("NESTPROBE_JUNIT", &junit)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4), "{}", stderr_of(&output));
    assert_valid_sarif(&sarif);
    assert_valid_junit(&junit);
    let log = read_json(&sarif);
    let result = &log["runs"][0]["results"][0];
    assert_eq!(result["level"], "error", "{log:#}");
    assert_eq!(
        result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        ".github/workflows/depth.yml"
    );
    // The upload step runs after a failed gate too, and the Action documents the permission.
    let action = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("action.yml")).unwrap();
    assert!(action.contains("github/codeql-action/upload-sarif") && action.contains("always()"), "{action}");
    assert!(action.contains("security-events: write"), "{action}");
}
