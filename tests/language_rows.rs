//! Rows of the language formats (regex, SQL, query languages, code) through `run`, on a catalog of
//! fixture programs (tests/fixtures/language.sh): each lands under its class heading, a clean limit
//! reads as one, and a crash in the `run` phase after a clean compile is in the crash list.

mod common;

use std::fs;

use common::*;

/// A row of `format` running language.sh with `args` (opener, limit, crash depth in `run`).
fn language_row(id: &str, format: &str, args: &[&str]) -> Row {
    let script = fixtures_dir().join("language.sh").display().to_string();
    let run: Vec<String> =
        ["sh".to_string(), script].into_iter().chain(args.iter().map(|a| a.to_string())).collect();
    Row::new(id).set("run", run).set("format", format).set("phases", vec!["run"])
}

#[test]
fn a_row_per_class_lands_under_its_heading_and_a_crash_in_run_alone_is_listed() {
    let workspace = Workspace::new(&[
        language_row("regex-limit", "regex", &["(", "100", "0"]),
        language_row("sql-limit", "sql", &["(", "200", "0"]),
        language_row("jq-run-crash", "jq", &["(", "0", "50"]),
        language_row("code-limit", "code", &["(", "300", "0"]),
    ]);
    let output = workspace.nestprobe(&["run", "--max-depth", "2000"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = workspace.results();

    // The main result is the compile: a clean limit where the program has one.
    let regex = record(&results, "regex-limit");
    assert_eq!(regex["format"], "regex", "{regex:#}");
    assert_eq!(u64_of(&regex["result"], "min_failing_depth"), 101, "{regex:#}");
    assert_eq!(regex["result"]["failure"]["kind"], "error", "{regex:#}");
    assert_eq!(regex["phases"][0]["phase"], "run", "{regex:#}");

    // Compiling takes every depth tried; running crashes from 50 levels on.
    let jq = record(&results, "jq-run-crash");
    assert!(jq["result"]["min_failing_depth"].is_null(), "{jq:#}");
    let run = &jq["phases"][0];
    assert_eq!(run["phase"], "run", "{jq:#}");
    assert_eq!(u64_of(run, "min_failing_depth"), 50, "{jq:#}");
    assert_eq!(run["failure"]["signal_name"], "SIGSEGV", "{jq:#}");

    let table = fs::read_to_string(workspace.path("results.md")).unwrap();
    let headings: Vec<&str> =
        table.lines().filter(|l| l.starts_with("## ") || l.starts_with("### ")).collect();
    let sections: Vec<&str> = headings.into_iter().skip_while(|h| !h.starts_with("## Patterns")).collect();
    assert_eq!(
        sections,
        [
            "## Patterns",
            "### Regular expressions",
            "## SQL",
            "### SQL",
            "## Query languages",
            "### jq",
            "## Code",
            "### Source code"
        ],
        "{table}"
    );
    // The crash list: the run phase's crash, labelled with its phase and its format.
    let readme = fs::read_to_string(workspace.path("README.md")).unwrap();
    let crash = readme.lines().find(|l| l.starts_with("| 50 | ") && l.contains("| jq · paren | run |"));
    assert!(crash.is_some(), "{readme}");
    let details = fs::read_to_string(workspace.path("results/regex.md")).unwrap();
    // A language row's main result is its compile.
    assert!(details.contains("| group | compile | 101 |"), "{details}");
}
