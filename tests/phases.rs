//! Phases after the parse: a program asked to parse, free or serialize (its last argument), probed
//! by `probe --phase` and by `run` for every phase a catalog row declares.

mod common;

use std::fs;

use common::*;
use serde_json::Value;

#[test]
fn probe_passes_the_phase_as_the_last_argument_and_records_it() {
    let result = probe_fixture(&["--phase", "serialize", "--max-depth", "10000"], &["later", "300"]);
    assert_eq!(result["phase"], "serialize", "{result:#}");
    assert_eq!(result["command"].as_array().unwrap().last().unwrap(), "serialize");
    assert_eq!(u64_of(&result, "min_failing_depth"), 301);
    assert_eq!(result["failure"]["signal_name"], "SIGABRT");
    // Without a phase the same program parses every depth.
    let result = probe_fixture(&["--max-depth", "10000"], &["later", "300"]);
    assert!(result.get("phase").is_none(), "{result:#}");
    assert!(result["min_failing_depth"].is_null(), "{result:#}");
}

#[test]
fn run_measures_every_declared_phase_and_the_reports_name_the_weakest() {
    let workspace = Workspace::new(&[
        Row::fixture("later", &["later", "300"]).set("phases", vec!["parse", "free", "serialize"])
    ]);
    let output = workspace.nestprobe(&["run", "--max-depth", "10000"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = workspace.results();
    let record = &results["parsers"][0];
    assert!(record["result"]["min_failing_depth"].is_null(), "the program without a phase: {record:#}");
    let phases: Vec<(String, Value)> = record["phases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["phase"].as_str().unwrap().to_string(), p["min_failing_depth"].clone()))
        .collect();
    assert_eq!(
        phases,
        [
            ("parse".to_string(), Value::Null),
            ("free".to_string(), Value::from(601)),
            ("serialize".to_string(), Value::from(301))
        ]
    );
    let details = fs::read_to_string(workspace.path("results/json.md")).unwrap();
    // A crash by a signal is the stack running out: its last digits are the machine's.
    assert!(details.contains("| serialize | 301 ± | **crash (SIGABRT)** |"), "{details}");
    let table = fs::read_to_string(workspace.path("results.md")).unwrap();
    // The crash list: a line for each phase that loses control, the shallowest first.
    let serialize = table.lines().position(|l| l.starts_with("| 301 | ") && l.contains("| serialize |"));
    let free = table.lines().position(|l| l.starts_with("| 601 | ") && l.contains("| free |"));
    assert!(serialize.is_some() && serialize < free, "{table}");
    // The README's: the library's shallowest, and the phases that lose control.
    let readme = fs::read_to_string(workspace.path("README.md")).unwrap();
    assert!(
        readme
            .lines()
            .any(|l| l.starts_with("| 301 | ") && l.ends_with("serialize, free | no advisory known |")),
        "{readme}"
    );
}

#[test]
fn a_slow_parser_is_measured_in_its_phases_too_where_one_crashes_far_sooner() {
    // 40 µs a level: with a 1 s timeout (4 s for the retry) the program finishes some tens of
    // thousands of levels slowly and never the maximum; its parse alone takes 2 µs a level (the
    // maximum, 8 s, out of reach as well), its writer aborts past 1000.
    let workspace =
        Workspace::new(
            &[Row::fixture("crawler", &["crawl", "40"]).set("phases", vec!["parse", "serialize"])],
        );
    let output = workspace.nestprobe(&["run", "--max-depth", "4000000", "--timeout", "1s"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = workspace.results();
    let record = &results["parsers"][0];
    assert_eq!(record["result"]["status"], "slow", "{record:#}");
    let phases = record["phases"].as_array().unwrap();
    // The parse alone is twenty times faster: searched, not taken as slow where the whole
    // program was.
    assert_eq!(phases[0]["phase"], "parse");
    let finished = |result: &Value| u64_of(result, "max_accepted_depth");
    assert!(finished(&phases[0]) > 5 * finished(&record["result"]), "{record:#}");
    assert_eq!(phases[1]["phase"], "serialize");
    assert_eq!(u64_of(&phases[1], "min_failing_depth"), 1001, "{record:#}");
    assert_eq!(phases[1]["failure"]["signal_name"], "SIGABRT");
}

#[test]
fn a_crash_by_a_signal_names_the_function_that_recursed() {
    if !gdb_provided() {
        return;
    }
    let result = probe_fixture(&["--stack", "1MiB"], &["recursive"]);
    let site = &result["crashed_in"];
    let cycle: Vec<&str> = site["cycle"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
    assert!(cycle.contains(&"parse_array"), "{site:#}");
    let mut command = nestprobe();
    command.args(["probe", "--stack", "1MiB", "--"]).arg(fixture()).arg("recursive");
    let text = String::from_utf8(run(command).stdout).unwrap();
    assert!(text.contains("where: ") && text.contains("parse_array"), "{text}");
    // A clean error is not run under the debugger.
    let result = probe_fixture(&[], &["limit", "20"]);
    assert!(result.get("crashed_in").is_none(), "{result:#}");
}

#[test]
fn a_crash_the_debugger_does_not_see_at_the_failing_depth_is_located_a_little_deeper() {
    if !gdb_provided() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A gdb first on the PATH whose first run sees no crash (as at the very edge of the stack, where
    // the debugger's start-up makes the difference), then is the real one.
    let calls = dir.path().join("gdb-calls");
    let wrapper = dir.path().join("gdb");
    fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\necho run >>'{0}'\n[ \"$(wc -l <'{0}')\" -ge 2 ] && exec /usr/bin/gdb \"$@\"\nexit 0\n",
            calls.display()
        ),
    )
    .unwrap();
    fs::set_permissions(&wrapper, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let mut command = nestprobe();
    command
        .args(["probe", "--format", "json", "--stack", "1MiB", "--"])
        .arg(fixture())
        .arg("recursive")
        .env("PATH", format!("{}:{}", dir.path().display(), std::env::var("PATH").unwrap_or_default()));
    let result = run_json(command);
    assert_eq!(result["failure"]["signal_name"], "SIGSEGV", "{result:#}");
    assert_eq!(fs::read_to_string(&calls).unwrap().lines().count(), 2, "{result:#}");
    let site = &result["crashed_in"];
    assert!(site["cycle"].to_string().contains("parse_array"), "{site:#}");
}

#[test]
fn a_warm_run_keeps_where_a_confirmed_crash_was_and_looks_again_for_a_new_version() {
    if !gdb_provided() {
        return;
    }
    let workspace = Workspace::new(&[Row::fixture("recursive", &["recursive"])]);
    // A gdb first on the PATH that counts its runs, then is the real one.
    let calls = workspace.path("gdb-calls");
    let bin = workspace.path("bin");
    fs::create_dir_all(&bin).unwrap();
    let wrapper = bin.join("gdb");
    fs::write(&wrapper, format!("#!/bin/sh\necho run >>'{}'\nexec /usr/bin/gdb \"$@\"\n", calls.display()))
        .unwrap();
    fs::set_permissions(&wrapper, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let run = || {
        let mut command = workspace.command(&["run", "--quick", "--stack", "1MiB", "--jobs", "1"]);
        command.env("PATH", &path);
        let output = common::run(command);
        assert!(output.status.success(), "{}", stderr_of(&output));
        fs::read_to_string(&calls).unwrap_or_default().lines().count()
    };
    assert_eq!(run(), 1, "the cold run locates the crash");
    let site = workspace.results()["parsers"][0]["result"]["crashed_in"].clone();
    assert!(site["cycle"].to_string().contains("parse_array"), "{site:#}");
    assert_eq!(run(), 1, "a warm run confirming the same crash does not run the debugger again");
    let kept = workspace.results()["parsers"][0]["result"]["crashed_in"].clone();
    assert_eq!(kept, site);
    // A committed crash without a site (measured before sites were located): the warm run locates
    // it, and the committed record, the same fact, takes the site.
    let mut results = workspace.results();
    results["parsers"][0]["result"].as_object_mut().unwrap().remove("crashed_in");
    fs::write(workspace.path("results.json"), serde_json::to_string_pretty(&results).unwrap()).unwrap();
    assert_eq!(run(), 2, "a committed crash without a site is located");
    assert_eq!(workspace.results()["parsers"][0]["result"]["crashed_in"], site, "and the site is written");
    assert_eq!(run(), 2, "then it is known");
    // Results of another version: the crash is located again.
    let mut results = workspace.results();
    results["parsers"][0]["version"] = Value::from("0.0-another");
    fs::write(workspace.path("results.json"), serde_json::to_string(&results).unwrap()).unwrap();
    assert_eq!(run(), 3, "another version's crash site is not reused");
}

/// A phase's result: its smallest failing depth (None: no limit) and the signal, if one.
fn phase_result(phase: &str) -> (Option<u64>, Option<String>, Value) {
    let options = ["--phase", phase, "--stack", "1MiB", "--max-depth", "200000"];
    let result = probe_fixture(&options, &["tree", "0"]);
    let signal = result["failure"]["signal_name"].as_str().map(str::to_string);
    (result["min_failing_depth"].as_u64(), signal, result)
}

#[test]
fn an_iterative_parse_whose_free_and_writer_recurse_fails_in_those_phases_only() {
    let (parse, _, _) = phase_result("parse");
    assert_eq!(parse, None, "the parse is iterative: no limit");
    let (free, free_signal, free_result) = phase_result("free");
    let (serialize, serialize_signal, serialize_result) = phase_result("serialize");
    let (free, serialize) = (free.expect("free_tree overflows"), serialize.expect("write_tree overflows"));
    assert_eq!((free_signal.as_deref(), serialize_signal.as_deref()), (Some("SIGSEGV"), Some("SIGSEGV")));
    // free_tree's frames are bigger than write_tree's: it runs out of stack at a smaller depth.
    assert!(free < serialize, "free {free}, serialize {serialize}");
    if std::path::Path::new("/usr/bin/gdb").exists() {
        for (result, function) in [(&free_result, "free_tree"), (&serialize_result, "write_tree")] {
            assert_eq!(result["crashed_in"]["cycle"], serde_json::json!([function]), "{result:#}");
        }
    }
}

#[test]
fn a_runtime_that_gives_up_and_prints_its_frames_names_the_recursion() {
    let result = probe_fixture(&[], &["trace", "10"]);
    assert_eq!(result["failure"]["exit_code"], 3, "{result:#}");
    let site = &result["crashed_in"];
    assert_eq!(site["printed_by_runtime"], true, "{site:#}");
    assert_eq!(
        site["cycle"],
        serde_json::json!(["fixture.Parser.array", "fixture.Parser.value"]),
        "{site:#}"
    );
    let mut command = nestprobe();
    command.args(["probe", "--"]).arg(fixture()).args(["trace", "10"]);
    let text = String::from_utf8(run(command).stdout).unwrap();
    assert!(
        text.contains(
            "where: fixture.Parser.array → fixture.Parser.value (recursing) (the runtime's own trace)"
        ),
        "{text}"
    );
}
