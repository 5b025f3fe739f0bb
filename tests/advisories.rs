//! `nestprobe advisories` and the advisories in every output, through the real binary: the JSON
//! shape of the listing, a verdict over a row's measured release (a fix that holds at its limit, a
//! fixed release that still crashes), the crash list marking each crash with its advisory or "no
//! advisory known", loading errors as one line naming file and advisory; and the catalog's own
//! notes against its advisories' limits.

mod common;

use std::collections::BTreeSet;
use std::fs;

use common::*;
use serde_json::Value;

/// Advisories about two of the rows: `limited` fails cleanly at its fix's limit; `crashing`'s
/// release is past the fix, yet it crashes.
const ADVISORIES: &str = r#"
[[advisory]]
id = "GHSA-test-limit"
aliases = ["CVE-2099-0001"]
summary = "Deep arrays exhaust the stack"
published = "2099-01-01"
source = "https://example.org/GHSA-test-limit"
format = "json"
phase = "parse"
limit = 50
rows = ["limited"]
[[advisory.affected]]
ecosystem = "PyPI"
name = "limited"
ranges = [{ introduced = "0", fixed = "1.0" }]

[[advisory]]
id = "GHSA-test-crash"
summary = "Deep arrays exhaust the stack"
published = "2099-01-02"
source = "https://example.org/GHSA-test-crash"
format = "json"
rows = ["crashing"]
[[advisory.affected]]
ecosystem = "PyPI"
name = "crashing"
ranges = [{ introduced = "0", fixed = "0.9" }]
"#;

fn workspace() -> Workspace {
    let workspace = Workspace::new(&[
        Row::fixture("limited", &["limit", "50"]),
        Row::fixture("crashing", &["segv", "40"]),
        Row::fixture("unreported", &["segv", "30"]),
    ]);
    fs::create_dir_all(workspace.path("parsers/advisories")).unwrap();
    fs::write(workspace.path("parsers/advisories/test.toml"), ADVISORIES).unwrap();
    workspace
}

fn keys(value: &Value) -> BTreeSet<&str> {
    value.as_object().unwrap_or_else(|| panic!("not an object: {value}")).keys().map(String::as_str).collect()
}

#[test]
fn the_listing_has_its_json_shape_and_each_verdict_over_the_measured_releases() {
    let workspace = workspace();
    let run = workspace.nestprobe(&["run", "--quick"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let listed = run_json(workspace.command(&["advisories", "--format", "json"]));
    assert_eq!(keys(&listed), BTreeSet::from(["advisories"]));
    let advisories = listed["advisories"].as_array().unwrap();
    assert_eq!(advisories.len(), 2);
    let expected = BTreeSet::from([
        "id",
        "aliases",
        "package",
        "ecosystem",
        "fixed",
        "rows",
        "verdict",
        "affected_release",
        "fixed_release",
        "source",
    ]);
    for advisory in advisories {
        assert_eq!(keys(advisory), expected, "{advisory}");
        assert!(advisory["affected_release"].is_null(), "no affected release was measured: {advisory}");
        assert_eq!(keys(&advisory["fixed_release"]), BTreeSet::from(["version", "outcome", "depth"]));
    }
    let limit = &advisories[0];
    assert_eq!(limit["id"], "GHSA-test-limit");
    assert_eq!(limit["aliases"], serde_json::json!(["CVE-2099-0001"]));
    assert_eq!(
        (limit["package"].as_str(), limit["ecosystem"].as_str(), limit["fixed"].as_str()),
        (Some("limited"), Some("PyPI"), Some("1.0"))
    );
    assert_eq!(limit["verdict"], "fix holds");
    assert_eq!(
        limit["fixed_release"],
        serde_json::json!({"version": "1.0", "outcome": "clean error", "depth": 51})
    );
    // Fixed in 0.9, the row's 1.0 still crashes: a finding.
    let crash = &advisories[1];
    assert_eq!(crash["verdict"], "fix does not hold");
    assert_eq!(crash["fixed_release"]["outcome"], "crash");
    // One advisory by an alias, or a row's.
    let one = run_json(workspace.command(&["advisories", "--format", "json", "CVE-2099-0001"]));
    assert_eq!(one["advisories"].as_array().unwrap().len(), 1);
    let by_row = run_json(workspace.command(&["advisories", "--format", "json", "crashing"]));
    assert_eq!(by_row["advisories"][0]["id"], "GHSA-test-crash");
    let unknown = workspace.nestprobe(&["advisories", "GHSA-none"]);
    assert_eq!(unknown.status.code(), Some(2));

    // results.json keeps each advisory's verdict and each row's advisories.
    let results = workspace.results();
    assert_eq!(results["advisories"][1]["verdict"], "fix-does-not-hold");
    let row = record(&results, "limited");
    assert_eq!(
        row["advisories"],
        serde_json::json!([{"id": "GHSA-test-limit", "affected": false, "shape": "array", "phase": "parse"}])
    );
    assert!(record(&results, "unreported").get("advisories").is_none());

    // The crash list marks each crash; results.md lists the one no advisory covers.
    let markdown = fs::read_to_string(workspace.path("results.md")).unwrap();
    let crash_line = |row: &str| {
        markdown
            .lines()
            .find(|line| line.starts_with("| ") && line.contains(row) && line.contains("SIGSEGV"))
            .map(String::from)
    };
    assert!(crash_line("crashing").is_some_and(|line| line.ends_with("| GHSA-test-crash |")), "{markdown}");
    assert!(
        crash_line("unreported").is_some_and(|line| line.ends_with("| no advisory known |")),
        "{markdown}"
    );
    let unreported =
        markdown.split("## Crashes no advisory covers: 1").nth(1).expect("the unreported crashes");
    assert!(unreported.contains("| 31 | C unreported | 1.0 |"), "{unreported}");
    assert!(
        markdown.contains("## Advisories: 2 advisories tracked: 1 fix holds, 1 fix does not hold"),
        "{markdown}"
    );
    let page = fs::read_to_string(workspace.path("results.html")).unwrap();
    assert!(page.contains("<select id=\"advisory\">") && page.contains("<section id=\"advisories\">"));

    // Verdicts are derived: `render` brings them up to the advisory files as they are now,
    // measuring nothing. With the fix moved past the row's release, the crashing release is the
    // affected side: reproduced.
    fs::write(
        workspace.path("parsers/advisories/test.toml"),
        ADVISORIES.replace(r#"fixed = "0.9""#, r#"fixed = "2.0""#),
    )
    .unwrap();
    let render = workspace.nestprobe(&["render"]);
    assert!(render.status.success(), "{}", String::from_utf8_lossy(&render.stderr));
    let results = workspace.results();
    assert_eq!(results["advisories"][1]["verdict"], "reproduced", "{:#}", results["advisories"]);
    assert!(fs::read_to_string(workspace.path("results.md")).unwrap().contains("1 reproduced"));
}

#[test]
fn an_advisory_that_cannot_be_read_is_one_line_naming_file_and_advisory() {
    let workspace = workspace();
    let file = workspace.path("parsers/advisories/test.toml");
    let cases = [
        (
            ADVISORIES.replace("rows = [\"limited\"]", "rows = [\"nope\"]"),
            "GHSA-test-limit: unknown row `nope`",
        ),
        (
            ADVISORIES.replace("format = \"json\"\nphase", "format = \"json\"\nshape = \"spiral\"\nphase"),
            "GHSA-test-limit: unknown shape `spiral`",
        ),
        (
            ADVISORIES.replace("fixed = \"0.9\"", "fixed = \"0\""),
            "GHSA-test-crash: crashing: the range from 0 to 0 is empty",
        ),
        (
            ADVISORIES.replace("fixed = \"1.0\"", "fixed = \"one\""),
            "GHSA-test-limit: limited (PyPI): `one` is not a PyPI version",
        ),
        (ADVISORIES.replace("GHSA-test-crash", "GHSA-test-limit"), "GHSA-test-limit: given twice"),
    ];
    for (text, said) in cases {
        fs::write(&file, text).unwrap();
        for command in [&["advisories"][..], &["run", "--quick"][..]] {
            let output = workspace.nestprobe(command);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(2),
                "{command:?}: {stderr} {}",
                String::from_utf8_lossy(&output.stdout)
            );
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(
                stderr.contains("parsers/advisories/test.toml: ") && stderr.contains(said),
                "{said}: {stderr}"
            );
        }
        assert!(!workspace.path("results.json").exists(), "nothing was measured");
    }
}

/// A row whose catalog note says it has no depth option, or documents another limit, while it fails
/// cleanly at the limit an advisory's fix introduced: the note is wrong, and this fails.
#[test]
fn no_catalog_note_denies_a_limit_the_row_fails_cleanly_at() {
    use nestprobe::advisories::{attach::load_for, notes::contradictions};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalog = nestprobe::catalog::Catalog::load(&root.join("parsers/catalog.toml")).unwrap();
    let advisories = load_for(&catalog).unwrap();
    let mut results = nestprobe::results::Results::load(&root.join("results.json")).unwrap();
    // The claims are the catalog's (a record keeps the note of the run that measured it).
    for record in &mut results.parsers {
        if let Some(entry) = catalog.entries.iter().find(|entry| entry.key() == record.key()) {
            record.note = entry.note.clone();
            record.documented = entry.documented.clone();
        }
    }
    let found = contradictions(&results, &advisories);
    assert!(found.is_empty(), "notes the measurement contradicts:\n{}", found.join("\n"));
}
