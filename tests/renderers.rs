//! Outcomes that are not failures: a renderer that accepts every depth but flattens the nesting
//! (it says what it built, `built depth: N`), and a parser whose time grows super-linearly.

mod common;

use common::*;
use serde_json::Value;

#[test]
fn a_program_that_builds_fewer_levels_than_it_was_given_is_flattened_not_unlimited() {
    let result = probe_fixture(&["--max-depth", "2000"], &["flatten", "256"]);
    assert!(result["min_failing_depth"].is_null(), "{result:#}");
    assert_eq!(u64_of(&result, "max_accepted_depth"), 2000);
    assert_eq!(u64_of(&result, "flattened_to"), 256, "{result:#}");
    let mut command = nestprobe();
    command.args(["probe", "--max-depth", "2000", "--"]).arg(fixture()).args(["flatten", "256"]);
    let output = run(command);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("built only 256 levels: flattened"), "{text}");
    // One that builds everything it is given is an ordinary no-limit result.
    let result = probe_fixture(&["--max-depth", "200"], &["flatten", "256"]);
    assert!(result.get("flattened_to").is_none(), "{result:#}");
}

#[test]
fn quadratic_time_gets_an_exponent_and_linear_time_is_not_marked() {
    // 240 ns × depth²: 0.06 s at 500 levels, 0.24 s at 1,000, 0.96 s at 2,000, 3.84 s at 4,000.
    // Times are the machine's: at a load of 10 on 2 CPUs a trial's start-up varied by a few hundred
    // ms and the fit once said 1.1. A second probe is taken then; a classification that is wrong
    // fails both.
    let exponent_of = || {
        let square = probe_fixture(&["--max-depth", "4000"], &["square", "240"]);
        square["growth"]["exponent"].as_f64().unwrap_or_else(|| panic!("no growth: {square:#}"))
    };
    let first = exponent_of();
    let exponent = if first > 1.585 { first } else { exponent_of() };
    assert!(exponent > 1.585, "depth^{first}, then depth^{exponent}");
    // 250 µs per level: 1 s at 4,000 levels.
    let linear = probe_fixture(&["--max-depth", "4000"], &["crawl", "250"]);
    let exponent = linear["growth"]["exponent"].as_f64().unwrap_or_else(|| panic!("no growth: {linear:#}"));
    assert!(exponent < 1.585, "{linear:#}");
}

#[test]
fn run_quick_measures_the_boundary_alone_without_sampling_how_the_time_grows() {
    // 250 µs per level: the maximum, 4,000 levels, takes 1 s; without a limit the search ran only
    // depth 1 and the maximum, too few depths for an exponent.
    let row = || Row::fixture("crawler", &["crawl", "250"]);
    let sampled = Workspace::new(&[row()]);
    let output = sampled.nestprobe(&["run", "--max-depth", "4000", "--jobs", "1", "--cold"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let full = sampled.results()["parsers"][0]["result"].clone();
    assert!(full["growth"]["exponent"].is_f64(), "{full:#}");
    let quick = Workspace::new(&[row()]);
    let output = quick.nestprobe(&["run", "--quick", "--max-depth", "4000", "--jobs", "1", "--cold"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let boundary_only = quick.results()["parsers"][0]["result"].clone();
    assert!(boundary_only["min_failing_depth"].is_null(), "{boundary_only:#}");
    assert!(boundary_only.get("growth").is_none_or(Value::is_null), "{boundary_only:#}");
    assert!(u64_of(&boundary_only, "trials") < u64_of(&full, "trials"), "{boundary_only:#} vs {full:#}");
}

#[test]
fn the_shared_built_depth_counters_count_quotes_lists_and_emphasis() {
    // Two block quotes around three levels of emphasis (em, em, strong) and a list of one: 3.
    let html = "<blockquote><blockquote><p><em>a <em>b <strong>c</strong></em></em></p>\
                <ul><li>d</li></ul></blockquote></blockquote>";
    let parsers = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("parsers");
    let helpers: [(&str, &str, String); 3] = [
        ("python3", "-c", format!("import sys; sys.path.insert(0, {:?}); import protocol; print(protocol.html_text_depth(sys.argv[1]))", parsers.join("python").display().to_string())),
        ("ruby", "-e", format!("require {:?}; puts Protocol.html_text_depth(ARGV[0])", parsers.join("ruby/protocol.rb").display().to_string())),
        ("php", "-r", format!("require {:?}; echo protocol\\html_text_depth($argv[1]), \"\\n\";", parsers.join("php/protocol.php").display().to_string())),
    ];
    let mut checked = 0;
    for (interpreter, flag, code) in helpers {
        let mut command = std::process::Command::new(interpreter);
        command.args([flag, code.as_str()]);
        if interpreter == "php" {
            command.arg("--");
        }
        let Ok(output) = command.arg(html).output() else { continue };
        assert!(output.status.success(), "{interpreter}: {}", String::from_utf8_lossy(&output.stderr));
        assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "3", "{interpreter}");
        checked += 1;
    }
    assert!(checked >= 1, "python3 at least");
}
