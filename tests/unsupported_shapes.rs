//! A shape a parser rejects whatever the depth (a key type it does not take, say) is never shown as a
//! limit: `run` records it as not supported, with the parser's error.

mod common;

use std::fs;

use common::*;

#[test]
fn a_shape_rejected_at_the_first_depths_is_not_supported_not_a_limit() {
    // Takes any nesting of arrays, and rejects every mapping with a key (like a library that wants
    // integer keys and is given strings).
    let script = r#"grep -q '"a"' && { echo 'TypeError: keys must be integers' >&2; exit 1; }; exit 0"#;
    let workspace = Workspace::new(&[Row::new("picky").set("run", vec!["/bin/sh", "-c", script])]);
    let output = workspace.nestprobe(&["run", "--max-depth", "1000", "--readme", "none.md", "--timings"]);
    assert!(output.status.success(), "{}", stderr_of(&output));

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
    let table = fs::read_to_string(workspace.path("results.md")).unwrap();
    assert!(table.contains("shape not supported: TypeError: keys must be integers"), "{table}");
}
