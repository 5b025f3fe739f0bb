//! Text from parsers is untrusted: a hostile stderr line, version or note must come out of
//! `nestprobe render` as text in results.md and results.html, never as markup.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::{committed_results, first_failing};
use serde_json::Value;

const SCRIPT: &str = "<script>alert(1)</script>";

/// The committed results.json with the first parser that failed made hostile, and measured again
/// in an environment whose name is hostile too (a copy, so the grouped layout is exercised).
fn hostile_results() -> (Value, String) {
    let mut results = committed_results();
    let record = first_failing(&mut results);
    let id = record["id"].as_str().unwrap().to_string();
    record["version"] = format!("1.0 {SCRIPT} | `rm -rf`").into();
    record["note"] = "pipe | in a note, `ticks`, <img src=x onerror=alert(2)>\nsecond line".into();
    record["result"]["failure"]["stderr"] = format!("Error: {SCRIPT} | `x` </script><!--").into();
    // A documented limit no catalog would accept: a count that is markup, a source that is script.
    record["documented"] =
        serde_json::json!({ "depth": 5, "counts": SCRIPT, "source": "javascript:alert(3)//|x" });
    let mut copy = record.clone();
    copy["environment"] = "evil".into();
    results["parsers"].as_array_mut().unwrap().push(copy);
    results["environments"]["evil"] =
        serde_json::json!({ "name": format!("Evil | {SCRIPT} `x`"), "os": "<b>os</b>", "root": "/opt/<i>" });
    (results, id)
}

fn render(results: &Value, dir: &Path) {
    let input = dir.join("in.json");
    fs::write(&input, serde_json::to_string_pretty(results).unwrap()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_nestprobe"))
        .arg("render")
        .arg("--results")
        .arg(&input)
        .arg("--out")
        .arg(dir)
        .arg("--readme")
        .arg(dir.join("no-readme.md"))
        .output()
        .unwrap();
    assert!(out.status.success(), "render failed: {}", String::from_utf8_lossy(&out.stderr));
}

/// Pipes that split cells: not preceded by a backslash (escaped backslashes counted).
fn cell_separators(line: &str) -> usize {
    let mut count = 0;
    let mut backslashes = 0;
    for c in line.chars() {
        match c {
            '\\' => backslashes += 1,
            '|' if backslashes % 2 == 0 => {
                count += 1;
                backslashes = 0;
            }
            _ => backslashes = 0,
        }
    }
    count
}

#[test]
fn hostile_parser_text_is_escaped_in_results_md_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let (results, id) = hostile_results();
    render(&results, dir.path());

    let md = fs::read_to_string(dir.path().join("results.md")).unwrap();
    assert!(!md.contains("<script"), "raw <script> in results.md");
    assert!(!md.contains("<img"), "raw <img> in results.md");
    assert!(
        md.contains("1.0 &lt;script>alert(1)&lt;/script> \\| \\`rm -rf\\`"),
        "version not escaped:\n{md}"
    );
    // The note is in the format's detail file, escaped the same way.
    for detail in fs::read_dir(dir.path().join("results")).unwrap() {
        let detail = fs::read_to_string(detail.unwrap().path()).unwrap();
        assert!(!detail.contains("<script") && !detail.contains("<img"), "raw markup in a detail file");
    }
    let details = fs::read_to_string(dir.path().join("results/json.md")).unwrap();
    assert!(
        details.contains("pipe \\| in a note, \\`ticks\\`, &lt;img src=x onerror=alert(2)> second line"),
        "note not escaped:\n{details}"
    );
    assert!(md.contains("Evil \\| &lt;script>alert(1)&lt;/script> \\`x\\`"), "environment name not escaped");
    assert!(!md.contains("<b>") && !md.contains("<i>"));
    // After the crash lists, one table per payload format, each with a header and a separator
    // line, and a line per record (a parser measured in two environments has a line in each).
    let tables = &md[md.find("\n| Language").expect("a format's table")..];
    let rows: Vec<&str> = tables.lines().filter(|l| l.starts_with('|')).collect();
    let parsers = results["parsers"].as_array().unwrap();
    let format = |p: &Value| p["format"].as_str().unwrap_or("json").to_string();
    let is_product = |p: &&Value| !p["product"].is_null();
    let is_service = |p: &&Value| !p["service"].is_null() && p["product"].is_null();
    let libraries = parsers.iter().filter(|p| !is_product(p) && !is_service(p));
    let formats: std::collections::BTreeSet<String> = libraries.map(format).collect();
    // Services and products are in a table each (after the formats'), not in their format's.
    let services_table = usize::from(parsers.iter().any(|p| is_service(&p)));
    let products_table = usize::from(parsers.iter().any(|p| is_product(&p)));
    assert_eq!(rows.len(), parsers.len() + 2 * (formats.len() + services_table + products_table));
    // Every table row, the crash lists' too, still has as many cells as its table's header.
    let mut header = 0;
    for row in md.lines().filter(|l| l.starts_with('|')) {
        if row.starts_with("|--") {
            continue;
        }
        let headers =
            ["| Language", "| Depth", "| Library", "| Verdict", "| Service", "| Product", "| Advisory"];
        if headers.iter().any(|h| row.starts_with(h)) {
            header = cell_separators(row);
        }
        assert_eq!(cell_separators(row), header, "row split differently: {row}");
    }

    let html = fs::read_to_string(dir.path().join("results.html")).unwrap();
    // Only the page's own three scripts; the hostile ones are text.
    assert_eq!(html.matches("<script").count(), 3, "a parser-supplied <script> got through");
    assert_eq!(html.matches("</script>").count(), 3);
    assert!(!html.contains("<img"));
    assert!(!html.contains("javascript:"), "a documented source that is script got through");
    assert!(!md.contains("javascript:"), "a documented source that is script got through");
    assert!(!html.contains("<!--"), "a comment opener from stderr got through");
    let row = html.split(&format!("data-id=\"{id}\"")).nth(1).unwrap().split("</tr>").next().unwrap();
    assert!(row.contains("1.0 &lt;script&gt;alert(1)&lt;/script&gt; | `rm -rf`"), "version: {row}");
    // The whole error and the note are in the row's detail, under it.
    let detail =
        html.split(&format!("data-for=\"{id}\"")).nth(1).unwrap().split("</div></td></tr>").next().unwrap();
    assert!(
        detail.contains("Error: &lt;script&gt;alert(1)&lt;/script&gt; | `x` &lt;/script&gt;&lt;!--"),
        "stderr: {detail}"
    );
    assert!(detail.contains("&lt;img src=x onerror=alert(2)&gt;"), "note: {detail}");
    let copy = html.split(&format!("data-id=\"{id}@evil\"")).nth(1).unwrap().split("</tr>").next().unwrap();
    assert!(copy.contains("Evil | &lt;script&gt;alert(1)&lt;/script&gt; `x`"), "environment: {copy}");
    assert!(html.contains("<option value=\"evil\">Evil | &lt;script&gt;"), "environment filter");
    // The data island carries the same text, with <, > and & as \u escapes, and parses back.
    let island = html.split("id=\"nestprobe-data\">").nth(1).unwrap().split("</script>").next().unwrap();
    assert!(island.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"));
    let data: Value = serde_json::from_str(island).unwrap();
    let text = data["rows"].as_array().unwrap().iter().find(|r| r["id"] == id.as_str()).unwrap()["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains(&format!("1.0 {SCRIPT} | `rm -rf`")), "{text}");
    assert!(text.contains(&format!("Error: {SCRIPT} | `x` </script><!--")), "{text}");
}

/// The job summary (`probe --summary`, what the GitHub Action appends to $GITHUB_STEP_SUMMARY) gets
/// the parser's own hostile stderr as text too.
#[test]
fn a_hostile_stderr_is_escaped_in_the_job_summary() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("summary.md");
    let program = "import sys\ndata = sys.stdin.read()\nif data.count('[') > 5:\n    \
                   sys.stderr.write('Error: <script>alert(1)</script> | `x` </script><!--\\n')\n    sys.exit(1)\n";
    let output = Command::new(env!("CARGO_BIN_EXE_nestprobe"))
        .args(["probe", "--max-depth", "100", "--summary"])
        .arg(&summary)
        .args(["--", "python3", "-c", program])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = fs::read_to_string(&summary).unwrap();
    assert!(text.contains("&lt;script>alert(1)&lt;/script>") && !text.contains(SCRIPT), "{text}");
    assert!(!text.contains("| `x`") && text.contains("\\|"), "{text}");
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with('|')).collect();
    let cells = |line: &str| line.replace("\\|", "").matches('|').count();
    assert!(rows.iter().all(|r| cells(r) == cells(rows[0])), "{text}");
}
