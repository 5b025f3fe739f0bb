//! Rows of the language formats (regex, SQL, query languages, code) through `run`, on a catalog of
//! fixture programs (tests/fixtures/language.sh): each lands under its class heading, a clean limit
//! reads as one, and a crash in the `run` phase after a clean compile is in the crash list; per
//! class, a summary line and a badge, the page's class filter, and documented limits judged.

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

/// `documented = { depth, counts, source }` as the catalog writes it.
fn documented(depth: i64, counts: &str) -> toml::Value {
    let mut claim = toml::value::Table::new();
    claim.insert("depth".into(), depth.into());
    claim.insert("counts".into(), counts.into());
    claim.insert("source".into(), "https://example.org/docs/limits".into());
    toml::Value::Table(claim)
}

#[test]
fn a_row_per_class_lands_under_its_heading_and_a_crash_in_run_alone_is_listed() {
    let workspace = Workspace::new(&[
        // Documented at 100 and failing cleanly at 101: the claim holds.
        language_row("regex-limit", "regex", &["(", "100", "0"])
            .set("documented", documented(100, "nesting")),
        // Documented at 250, failing at 201: a claim that does not hold.
        language_row("sql-limit", "sql", &["(", "200", "0"]).set("documented", documented(250, "nesting")),
        language_row("jq-run-crash", "jq", &["(", "0", "50"]),
        // A second query language: the class gets a chart of its own.
        language_row("cel-limit", "cel", &["(", "400", "0"]),
        // A limit on a count: its clean error is said as one.
        language_row("code-limit", "code", &["(", "300", "0"]).set("documented", documented(300, "tokens")),
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
            "### CEL",
            "## Code",
            "### Source code",
            "## Confirmations"
        ],
        "{table}"
    );
    // The crash list: the run phase's crash, labelled with its phase and its format.
    let readme = fs::read_to_string(workspace.path("README.md")).unwrap();
    let crash = table.lines().find(|l| l.starts_with("| 50 | ") && l.contains("| jq · paren | run |"));
    assert!(crash.is_some(), "{table}");
    // The README's, one line for the library, names the phase.
    assert!(
        readme.lines().any(|l| l.starts_with("| 50 | ") && l.ends_with("1 row · run | no advisory known |")),
        "{readme}"
    );
    let details = fs::read_to_string(workspace.path("results/regex.md")).unwrap();
    // A language row's main result is its compile.
    assert!(details.contains("| group | compile | 101 |"), "{details}");

    // Each class of languages in a line of rows by outcome, under its heading and in the README.
    assert!(
        table.contains("## Patterns\n\n1 regex engine measured of 1 row (1 library): 1 clean error.\n"),
        "{table}"
    );
    assert!(
        table.contains(
            "## Query languages\n\n2 query-language parsers measured of 2 rows (2 libraries): 1 clean error, 1 crash.\n"
        ),
        "{table}"
    );
    assert!(
        readme.contains("- **SQL**: 1 SQL parser measured of 1 row (1 library): 1 clean error."),
        "{readme}"
    );
    // A badge per class, counting its rows that crash, named in the README's badges.
    let badge = |name: &str| fs::read_to_string(workspace.path(&format!("badges/{name}"))).unwrap();
    assert!(
        badge("class-query-languages.svg").contains("1 of 2 rows"),
        "{}",
        badge("class-query-languages.svg")
    );
    assert!(badge("class-patterns.svg").contains("0 of 1 rows"), "{}", badge("class-patterns.svg"));
    assert!(readme.contains("![Query languages](badges/class-query-languages.svg)"), "{readme}");

    // Documented limits: the one that holds, the one that does not (a finding, listed first, with
    // what was measured), the count, and the row that documents none.
    assert!(
        table.contains(
            "## Documented limits, measured: 2 hold, 1 does not hold, 0 not measured; 2 rows document no limit\n"
        ),
        "{table}"
    );
    let finding = table.find("| **does not hold** | C sql-limit |").expect("the finding");
    let holds = table.find("| holds | C regex-limit |").expect("the claim that holds");
    assert!(finding < holds, "{table}");
    assert!(table.contains("| 250 levels of nesting | clean error at depth 201 |"), "{table}");
    assert!(table.contains("| at most 300 tokens | clean error (tokens) at 301 |"), "{table}");
    assert!(
        readme.contains("Documented limits, measured: 2 hold, 1 does not hold")
            && readme.contains("(results.md#documented-limits)"),
        "{readme}"
    );
    // The count is worded as one wherever the row's clean error is said, not as a nesting limit.
    assert!(badge("code-limit.svg").contains("clean error (tokens) at 301"), "{}", badge("code-limit.svg"));
    assert!(badge("regex-limit.svg").contains("clean error at 101"), "{}", badge("regex-limit.svg"));

    // The page: a class filter of the classes measured, and a phase filter of the phases some
    // row has (run here, never free or serialize).
    let page = fs::read_to_string(workspace.path("results.html")).unwrap();
    let select = |id: &str| {
        let from = page.find(&format!("<select id=\"{id}\">")).unwrap_or_else(|| panic!("no {id} filter"));
        page[from..from + page[from..].find("</select>").unwrap()].to_string()
    };
    let options = |id: &str| -> Vec<String> {
        select(id)
            .split("<option value=\"")
            .skip(1)
            .map(|o| o.split('"').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(options("class"), ["", "patterns", "sql", "query-languages", "code"], "{}", select("class"));
    assert_eq!(options("phase"), ["", "measured", "run", "run-sooner"], "{}", select("phase"));
    assert!(
        select("phase").contains(">loses control in run, sooner than the compile<"),
        "{}",
        select("phase")
    );
    assert!(page.contains("\"class\":\"query-languages\""), "the rows' data carry their class");
    assert!(page.contains("<figure data-format=\"jq\" data-class=\"query-languages\">"), "{page}");
    assert!(page.contains("<section id=\"documented\">"), "{page}");
    // A class of several formats has a chart of its own, in the page and linked from the README.
    let chart = fs::read_to_string(workspace.path("charts/results-class-query-languages.svg")).unwrap();
    assert!(chart.contains("How deeply nested query languages can each parser take?"), "{chart}");
    assert!(chart.contains("C cel-limit") && chart.contains("C jq-run-crash"), "{chart}");
    assert!(page.contains("<figure data-class=\"query-languages\">"), "{page}");
    assert!(readme.contains("[Query languages](charts/results-class-query-languages.svg)"), "{readme}");
    assert!(
        !workspace.path("charts/results-class-patterns.svg").exists(),
        "one format: its own chart is the class's"
    );
}
