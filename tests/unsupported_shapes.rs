//! A shape a parser rejects whatever the depth (a key type it does not take, say) is never shown as a
//! limit: `run` records it as not supported, with the parser's error.

mod common;

use std::fs;

use common::*;

/// A run of one row whose program is `script` (run by sh), shallow, with `more` arguments; it must
/// succeed.
fn run_script(id: &str, script: &str, more: &[&str]) -> (Workspace, std::process::Output) {
    let workspace = Workspace::new(&[Row::new(id).set("run", vec!["/bin/sh", "-c", script])]);
    let mut args = vec!["run", "--max-depth", "1000", "--readme", "none.md"];
    args.extend_from_slice(more);
    let output = workspace.nestprobe(&args);
    assert!(output.status.success(), "{}", stderr_of(&output));
    (workspace, output)
}

#[test]
fn a_shape_rejected_at_the_first_depths_is_not_supported_not_a_limit() {
    // Takes any nesting of arrays, and rejects every mapping with a key (like a library that wants
    // integer keys and is given strings).
    let script = r#"grep -q '"a"' && { echo 'TypeError: keys must be integers' >&2; exit 1; }; exit 0"#;
    let (workspace, output) = run_script("picky", script, &["--timings"]);

    let results = workspace.results();
    let record = &results["parsers"][0];
    assert!(record["result"]["min_failing_depth"].is_null(), "arrays have no limit: {record:#}");
    assert!(record["object"].is_null(), "no limit is reported for the object shape: {record:#}");
    let unsupported = &record["unsupported_shapes"][0];
    assert_eq!(unsupported["shape"], "object", "{record:#}");
    assert_eq!(unsupported["depth"], 2, "{record:#}");
    assert_eq!(unsupported["error"], "TypeError: keys must be integers");
    // --timings: where the run's time went, on stdout; the record keeps its own.
    let timings = String::from_utf8_lossy(&output.stdout);
    assert!(timings.contains("picky") && timings.contains("% of it in probes"), "{timings}");
    assert!(record["timings"]["probe_seconds"].as_f64().is_some_and(|s| s > 0.0), "{record:#}");
    let details = fs::read_to_string(workspace.path("results/json.md")).unwrap();
    assert!(details.contains("shape not supported: TypeError: keys must be integers"), "{details}");
}

#[test]
fn a_run_measures_the_further_nestings_of_markdown_and_asn1() {
    // A "renderer" whose only limit is on emphasis: more than 200 delimiters (100 levels of
    // `*a _a … a_ a*`, two delimiters a level) is an error. Block quotes and lists have none.
    let inline = r#"n=$(tr -cd '*_' | wc -c); [ "$n" -gt 200 ] && { echo 'InlineError: emphasis nested deeper than 100' >&2; exit 1; }; exit 0"#;
    // A DER-only decoder: BER's indefinite length (`30 80`) is refused at any depth.
    let der =
        r#"od -An -tx1 -v | grep -q ' 30 80' && { echo 'DerError: indefinite length' >&2; exit 1; }; exit 0"#;
    let workspace = Workspace::new(&[
        Row::new("renderer").set("format", "markdown").set("run", vec!["/bin/sh", "-c", inline]),
        Row::new("der-only").set("format", "asn1").set("run", vec!["/bin/sh", "-c", der]),
    ]);
    let output = workspace.nestprobe(&["run", "--max-depth", "1000", "--readme", "none.md"]);
    assert!(output.status.success(), "{}", stderr_of(&output));

    let results = workspace.results();
    let record =
        |id: &str| results["parsers"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap().clone();
    let renderer = record("renderer");
    assert!(renderer["result"]["min_failing_depth"].is_null(), "quotes have no limit: {renderer:#}");
    let inline = &renderer["more_shapes"][0];
    assert_eq!(inline["shape"], "inline", "{renderer:#}");
    assert_eq!(u64_of(inline, "min_failing_depth"), 101, "{renderer:#}");
    assert_eq!(inline["failure"]["stderr"], "InlineError: emphasis nested deeper than 100");

    let der = record("der-only");
    assert!(der["result"]["min_failing_depth"].is_null(), "definite lengths have no limit: {der:#}");
    // No result for the shape it refuses; SEQUENCEs around a NULL, measured for every ASN.1 row.
    let more: Vec<&str> =
        der["more_shapes"].as_array().unwrap().iter().map(|r| r["shape"].as_str().unwrap()).collect();
    assert_eq!(more, ["null-inside"], "{der:#}");
    assert!(der["more_shapes"][0]["min_failing_depth"].is_null(), "{der:#}");
    let unsupported = &der["unsupported_shapes"][0];
    assert_eq!(unsupported["shape"], "indefinite", "{der:#}");
    // Depth 1 is the innermost, empty SEQUENCE alone (`30 00`): DER still.
    assert_eq!(unsupported["depth"], 2, "{der:#}");

    let markdown = fs::read_to_string(workspace.path("results/markdown.md")).unwrap();
    assert!(markdown.contains("| inline | whole run |"), "{markdown}");
    let asn1 = fs::read_to_string(workspace.path("results/asn1.md")).unwrap();
    assert!(
        asn1.contains("| indefinite | whole run | — | shape not supported: DerError: indefinite length |"),
        "{asn1}"
    );
}

#[test]
fn a_program_refusing_the_main_nesting_is_measured_in_the_next_one_it_parses() {
    // Refuses an array inside an array whatever the depth (like cssselect's grammar and `:not()`
    // inside `:not()`), and limits mappings to 50 levels.
    let script = r#"input=$(cat); case $input in
        *'[['*) echo 'SyntaxError: nested arrays' >&2; exit 1 ;;
    esac
    n=$(printf %s "$input" | tr -cd '{' | wc -c)
    [ "$n" -gt 50 ] && { echo 'DepthError: nested deeper than 50' >&2; exit 1; }; exit 0"#;
    let (workspace, _) = run_script("no-nested-arrays", script, &[]);

    let results = workspace.results();
    let record = &results["parsers"][0];
    assert_eq!(record["status"], "measured", "{record:#}");
    assert_eq!(record["result"]["shape"], "object", "{record:#}");
    assert_eq!(u64_of(&record["result"], "min_failing_depth"), 51, "{record:#}");
    assert!(record["object"].is_null(), "the main result is the object one, not measured twice: {record:#}");
    let unsupported = &record["unsupported_shapes"][0];
    assert_eq!(unsupported["shape"], "array", "{record:#}");
    assert_eq!(unsupported["depth"], 2, "{record:#}");
    assert_eq!(unsupported["error"], "SyntaxError: nested arrays");
    // The sweep is of the shape the row was measured in.
    let sweep = record["sweep"]["probes"].as_array().expect("a sweep");
    assert!(sweep.iter().all(|probe| probe["shape"] == "object"), "{record:#}");

    // The summary table says which nesting its number is of.
    let summary = fs::read_to_string(workspace.path("results.md")).unwrap();
    assert!(summary.contains("| 51 in Objects |"), "{summary}");
    let details = fs::read_to_string(workspace.path("results/json.md")).unwrap();
    assert!(details.contains("shape not supported: SyntaxError: nested arrays"), "{details}");
}

#[test]
fn a_program_parsing_no_shape_fails_with_the_main_shapes_error_and_no_path_of_the_machine() {
    // Fails at once, naming a file in its own folder (an import error in a release without the API).
    let script =
        r#"cat >/dev/null; echo "ImportError: cannot import name 'parse' from $PWD/lib.py" >&2; exit 1"#;
    let (workspace, _) = run_script("broken", script, &[]);

    let results = workspace.results();
    let record = &results["parsers"][0];
    assert_eq!(record["status"], "probe-failed", "{record:#}");
    let reason = record["reason"].as_str().unwrap();
    assert!(reason.contains("cannot parse even depth 1 (json `[]`)"), "the main shape's error: {reason}");
    assert!(reason.contains("from {dir}/lib.py"), "{reason}");
    let text = serde_json::to_string(&results).unwrap();
    assert!(!text.contains(&workspace.path("").to_string_lossy().into_owned()), "{reason}");
}
