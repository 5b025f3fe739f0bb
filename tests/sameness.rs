//! The same-fact rules (src/results/sameness.rs) through `merge`, as CI uses them: a shard whose
//! records differ from the committed ones only by a machine's noise leaves every file as it was; a
//! real change is written, with both values.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::*;
use serde_json::{json, Value};

/// A committed state: results.json and its reports, from a real run of two fixture rows.
struct Committed {
    workspace: Workspace,
}

impl Committed {
    fn new() -> Committed {
        let workspace = Workspace::new(&[
            Row::fixture("deep", &["abort", "3000"]),
            Row::fixture("shallow", &["limit", "128"]),
        ]);
        let committed = Committed { workspace };
        assert!(committed.nestprobe(&["run", "--quick"]).status.success());
        // `deep` is stack-bound, as its sweep would say: the noise rule for such rows applies to it.
        let mut results = committed.results();
        record(&mut results, "deep")["sweep"] =
            json!({"command": ["x"], "verdict": "stack", "bytes_per_level": 2800, "probes": []});
        committed.commit(&results);
        committed
    }

    /// Makes `results` the committed state, written as nestprobe writes it, with its reports.
    fn commit(&self, results: &Value) {
        fs::write(self.path("results.json"), serde_json::to_string_pretty(results).unwrap()).unwrap();
        self.nestprobe(&["merge", "results.json"]);
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.workspace.path(relative)
    }

    fn nestprobe(&self, args: &[&str]) -> std::process::Output {
        let output = self.workspace.nestprobe(args);
        assert!(output.status.success(), "{}", stderr_of(&output));
        output
    }

    fn results(&self) -> Value {
        self.workspace.results()
    }

    /// Every generated file.
    fn snapshot(&self) -> Vec<(String, Vec<u8>)> {
        let mut files = Vec::new();
        for entry in walk(self.workspace.root()) {
            let name = entry.strip_prefix(self.workspace.root()).unwrap().display().to_string();
            if !name.starts_with("parsers") && !name.starts_with("target") && !name.starts_with("shard") {
                files.push((name, fs::read(&entry).unwrap()));
            }
        }
        files.sort();
        files
    }

    /// Merges a shard made of the committed results with `perturb` applied.
    fn merge_perturbed(&self, perturb: impl FnOnce(&mut Value)) -> std::process::Output {
        let mut shard = self.results();
        perturb(&mut shard);
        let file = self.path("shard.json");
        fs::write(&file, serde_json::to_string_pretty(&shard).unwrap()).unwrap();
        self.nestprobe(&["merge", file.to_str().unwrap()])
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

fn record<'a>(results: &'a mut Value, id: &str) -> &'a mut Value {
    results["parsers"].as_array_mut().unwrap().iter_mut().find(|p| p["id"] == id).unwrap()
}

/// Moves a result's exact boundary by `delta` levels.
fn move_boundary(result: &mut Value, delta: i64) {
    for field in ["min_failing_depth", "max_accepted_depth"] {
        result[field] = json!(result[field].as_i64().unwrap() + delta);
    }
    for at in 0..2 {
        result["boundary_window"][at] = json!(result["boundary_window"][at].as_i64().unwrap() + delta);
    }
    result["trials"] = json!(99);
    result["elapsed_seconds"] = json!(12.5);
}

#[test]
fn a_stack_bound_boundary_within_the_tolerance_is_confirmed_and_nothing_is_rewritten() {
    let committed = Committed::new();
    let before = committed.snapshot();
    // 3,001 ± 0.1 % is 4 levels.
    committed.merge_perturbed(|shard| move_boundary(&mut record(shard, "deep")["result"], 4));
    assert!(before == committed.snapshot(), "noise rewrote the committed files");
}

#[test]
fn a_real_change_is_written_with_both_values() {
    let committed = Committed::new();
    let output = committed.merge_perturbed(|shard| move_boundary(&mut record(shard, "deep")["result"], 5));
    let mut results = committed.results();
    let deep = record(&mut results, "deep");
    assert_eq!(deep["result"]["min_failing_depth"], 3006);
    assert_eq!(deep["changes"][0]["part"], "main", "{deep:#}");
    assert_eq!(deep["changes"][0]["shape"], "array", "{deep:#}");
    assert!(deep["changes"][0]["was"].as_str().unwrap().contains("3,001"), "{deep:#}");
    assert!(deep["changes"][0]["now"].as_str().unwrap().contains("3,006"), "{deep:#}");
    assert!(stderr_of(&output).contains("deep: array changed:"), "{}", stderr_of(&output));
    assert!(fs::read_to_string(committed.path("results.md")).unwrap().contains("3,006"));
}

#[test]
fn a_boundary_that_is_not_stack_bound_has_no_tolerance() {
    let committed = Committed::new();
    committed.merge_perturbed(|shard| move_boundary(&mut record(shard, "shallow")["result"], 1));
    let mut results = committed.results();
    assert_eq!(record(&mut results, "shallow")["result"]["min_failing_depth"], 130);
}

#[test]
fn time_or_memory_running_out_is_one_fact_whichever_ran_out_and_wherever() {
    let committed = Committed::new();
    // Committed: slow (time ran out past 2,000).
    let mut results = committed.results();
    let slow = &mut record(&mut results, "shallow")["result"];
    slow["status"] = json!("slow");
    slow["max_accepted_depth"] = json!(2000);
    slow["accepted_seconds"] = json!(8.0);
    slow["min_failing_depth"] = Value::Null;
    slow["failure"] = Value::Null;
    committed.commit(&results);
    let before = committed.snapshot();
    // A faster machine: out of memory at 9,000 instead, under another resident cap (a CI job runs
    // one row at a time, so its cap is twice this machine's).
    committed.merge_perturbed(|shard| {
        let result = &mut record(shard, "shallow")["result"];
        result["max_rss_bytes"] = json!(12_616_466_432_u64);
        result["status"] = json!("exact");
        result["max_accepted_depth"] = json!(8999);
        result["min_failing_depth"] = json!(9000);
        result["failure"] =
            json!({"kind": "out-of-memory", "exit_code": null, "signal": 9, "signal_name": "SIGKILL", "stderr": ""});
    });
    assert!(before == committed.snapshot(), "which resource ran out rewrote the committed files");
}

#[test]
fn unstable_windows_that_overlap_are_the_same_and_disjoint_ones_are_not() {
    let committed = Committed::new();
    let mut results = committed.results();
    let unstable = &mut record(&mut results, "shallow")["result"];
    unstable["status"] = json!("unstable");
    unstable["unstable"] = json!(true);
    unstable["boundary_window"] = json!([120, 140]);
    committed.commit(&results);
    let before = committed.snapshot();
    let window = |low: u64, high: u64| {
        move |shard: &mut Value| record(shard, "shallow")["result"]["boundary_window"] = json!([low, high])
    };
    committed.merge_perturbed(window(135, 150));
    assert!(before == committed.snapshot(), "an overlapping window rewrote the committed files");
    // One level beside the window is the same flip, moved by a JIT or a collector.
    committed.merge_perturbed(window(141, 141));
    assert!(before == committed.snapshot(), "a flip one level away rewrote the committed files");
    // An exact boundary inside the window is one sighting of the flip.
    committed.merge_perturbed(|shard| {
        let result = &mut record(shard, "shallow")["result"];
        result["status"] = json!("exact");
        result["unstable"] = json!(false);
        result["boundary_window"] = json!([130, 129]);
        result["min_failing_depth"] = json!(130);
        result["max_accepted_depth"] = json!(129);
    });
    assert!(before == committed.snapshot(), "an exact boundary inside the window rewrote the files");
    committed.merge_perturbed(window(200, 220));
    let mut results = committed.results();
    assert_eq!(record(&mut results, "shallow")["result"]["boundary_window"], json!([200, 220]));
}

#[test]
fn the_same_findings_by_another_command_take_the_new_command_and_report_no_change() {
    let committed = Committed::new();
    // A committed sweep of `shallow`: its main probe at one stack size.
    let mut results = committed.results();
    let shallow = record(&mut results, "shallow");
    let main = shallow["result"].clone();
    shallow["sweep"] = json!({"command": main["command"], "verdict": "fixed", "probes": [main]});
    committed.commit(&results);
    // The program was rewritten to run through a launcher (a pinned runtime, say): every probe's
    // command differs, every finding is the same.
    let command = json!(["/bin/sh", "launcher.sh", "parse"]);
    let output = committed.merge_perturbed(|shard| {
        let shallow = record(shard, "shallow");
        shallow["result"]["command"] = command.clone();
        shallow["sweep"]["command"] = command.clone();
        shallow["sweep"]["probes"][0]["command"] = command.clone();
    });
    let stderr = stderr_of(&output);
    assert!(!stderr.contains(" changed:"), "{stderr}");
    let mut results = committed.results();
    let shallow = record(&mut results, "shallow");
    assert_eq!(shallow["result"]["command"], command, "{shallow:#}");
    assert_eq!(shallow["sweep"]["probes"][0]["command"], command, "{shallow:#}");
    assert!(shallow["changes"].as_array().is_none_or(|c| c.is_empty()), "{shallow:#}");
}

#[test]
fn remeasure_writes_what_was_found_where_the_rules_would_keep_the_committed_record() {
    let committed = Committed::new();
    let mut results = committed.results();
    move_boundary(&mut record(&mut results, "deep")["result"], 2);
    committed.commit(&results);
    let run = ["run", "--quick", "--only", "deep"];
    let output = committed.nestprobe(&run);
    let mut results = committed.results();
    let deep = &record(&mut results, "deep")["result"];
    assert_eq!(deep["min_failing_depth"], 3003, "kept within the tolerance: {}", stderr_of(&output));
    let output = committed.nestprobe(&[&run[..], &["--remeasure"]].concat());
    let mut results = committed.results();
    let deep = record(&mut results, "deep");
    assert_eq!(deep["result"]["min_failing_depth"], 3001, "{}", stderr_of(&output));
    assert_eq!(deep["result"]["search"], "cold", "a remeasured boundary is searched from scratch: {deep:#}");
}

#[test]
fn reaching_the_maximum_only_with_more_time_is_the_same_fact_as_running_out_of_time() {
    let committed = Committed::new();
    // Committed: no limit, but the deepest depth took 25 s (the longer timeout), and a second shape.
    let mut results = committed.results();
    let row = record(&mut results, "shallow");
    let mut object = row["result"].clone();
    object["shape"] = json!("object");
    row["object"] = object;
    let main = &mut row["result"];
    main["max_accepted_depth"] = main["max_depth"].clone();
    main["min_failing_depth"] = Value::Null;
    main["failure"] = Value::Null;
    main["accepted_seconds"] = json!(25.0);
    main["slow"] = json!(true);
    committed.commit(&results);
    let before = committed.snapshot();
    // A machine twice as slow runs out of time at 1,048,576, and so skips the second shape.
    let ran_out = |shard: &mut Value| {
        let row = record(shard, "shallow");
        row["object"] = Value::Null;
        let main = &mut row["result"];
        main["status"] = json!("slow");
        main["max_accepted_depth"] = json!(1_048_576);
        main["accepted_seconds"] = json!(9.9);
        main["slow"] = json!(false);
    };
    committed.merge_perturbed(ran_out);
    assert!(before == committed.snapshot(), "a slower machine rewrote the committed files");
    // Where the maximum took less than the timeout, running out of time is news.
    let mut results = committed.results();
    let main = &mut record(&mut results, "shallow")["result"];
    main["accepted_seconds"] = json!(2.0);
    main["slow"] = json!(false);
    committed.commit(&results);
    committed.merge_perturbed(ran_out);
    let mut results = committed.results();
    assert_eq!(record(&mut results, "shallow")["result"]["status"], "slow");
}

#[test]
fn a_further_shape_is_kept_through_noise_and_its_real_change_is_written() {
    let committed = Committed::new();
    let mut results = committed.results();
    let shallow = record(&mut results, "shallow");
    let mut inline = shallow["result"].clone();
    inline["shape"] = json!("inline");
    shallow["more_shapes"] = json!([inline]);
    committed.commit(&results);
    let before = committed.snapshot();
    committed.merge_perturbed(|shard| {
        let inline = &mut record(shard, "shallow")["more_shapes"][0];
        inline["trials"] = json!(99);
        inline["elapsed_seconds"] = json!(12.5);
    });
    assert!(before == committed.snapshot(), "noise in a further shape rewrote the committed files");

    let output = committed.merge_perturbed(|shard| {
        move_boundary(&mut record(shard, "shallow")["more_shapes"][0], 1);
    });
    let mut results = committed.results();
    let shallow = record(&mut results, "shallow");
    assert_eq!(shallow["more_shapes"][0]["min_failing_depth"], 130, "{shallow:#}");
    assert_eq!(shallow["changes"][0]["part"], "further-shape", "{shallow:#}");
    assert_eq!(shallow["changes"][0]["shape"], "inline", "{shallow:#}");
    assert!(stderr_of(&output).contains("shallow: inline changed:"), "{}", stderr_of(&output));
}

#[test]
fn what_a_renderer_built_is_a_fact_even_where_time_ran_out() {
    let committed = Committed::new();
    // Committed: slow, and at the deepest depth it finished it built no nesting at all.
    let mut results = committed.results();
    let slow = &mut record(&mut results, "shallow")["result"];
    slow["status"] = json!("slow");
    slow["min_failing_depth"] = json!(null);
    slow["failure"] = json!(null);
    slow["max_accepted_depth"] = json!(2000);
    slow["flattened_to"] = json!(0);
    committed.commit(&results);
    // Slow again elsewhere, flattened the same: the same fact.
    let before = committed.snapshot();
    committed.merge_perturbed(|shard| record(shard, "shallow")["result"]["max_accepted_depth"] = json!(1500));
    assert!(before == committed.snapshot(), "noise rewrote the committed files");
    // Slow again, but every level of 1,500 built: what it builds changed.
    committed.merge_perturbed(|shard| {
        let slow = &mut record(shard, "shallow")["result"];
        slow["max_accepted_depth"] = json!(1500);
        slow["flattened_to"] = json!(null);
    });
    let mut results = committed.results();
    let shallow = record(&mut results, "shallow");
    assert!(shallow["result"]["flattened_to"].is_null(), "{shallow:#}");
    assert_eq!(shallow["changes"][0]["part"], "main", "{shallow:#}");
    assert_eq!(shallow["changes"][0]["shape"], "array", "{shallow:#}");
}

/// Makes `result`'s failure `kind` with this exit code and stderr.
fn fail_with(result: &mut Value, kind: &str, exit_code: i64, stderr: &str) {
    result["failure"] =
        json!({"kind": kind, "exit_code": exit_code, "signal": null, "signal_name": null, "stderr": stderr});
}

const SBCL_FATAL: &str =
    "fatal error encountered in SBCL pid 7:\nControl stack exhausted while pseudo-atomic";
const SBCL_HANDLED: &str =
    "CONTROL-STACK-EXHAUSTED: Control stack exhausted (no more space for function call frames)";

#[test]
fn a_runtime_saying_its_stack_ran_out_makes_a_boundary_stack_bound_whatever_the_sweep_says() {
    let committed = Committed::new();
    let mut results = committed.results();
    fail_with(&mut record(&mut results, "shallow")["result"], "error", 1, SBCL_HANDLED);
    committed.commit(&results);
    let before = committed.snapshot();
    // 129 ± 0.1 % is one level; `shallow` has no sweep saying `stack`.
    committed.merge_perturbed(|shard| move_boundary(&mut record(shard, "shallow")["result"], 1));
    assert!(before == committed.snapshot(), "a stack error one level on rewrote the committed files");
    committed.merge_perturbed(|shard| move_boundary(&mut record(shard, "shallow")["result"], 2));
    let mut results = committed.results();
    assert_eq!(record(&mut results, "shallow")["result"]["min_failing_depth"], 131);
}

/// Makes `result` an exact boundary at `failing` that fails as `kind` with `stderr`.
fn exact_at(result: &mut Value, failing: u64, kind: &str, stderr: &str) {
    result["status"] = json!("exact");
    result["unstable"] = json!(false);
    result.as_object_mut().unwrap().remove("sightings");
    result["min_failing_depth"] = json!(failing);
    result["max_accepted_depth"] = json!(failing - 1);
    result["boundary_window"] = json!([failing, failing - 1]);
    fail_with(result, kind, 1, stderr);
}

#[test]
fn a_boundary_seen_as_a_crash_and_as_a_handled_stack_error_is_a_window_that_later_runs_keep() {
    // `shallow` fails at 129; SBCL's fatal crash and its handled error, committed in either order.
    let crash = ("crash", SBCL_FATAL);
    let handled = ("error", SBCL_HANDLED);
    for (first, (second, at)) in [(crash, (handled, 130)), (handled, (crash, 128))] {
        let committed = Committed::new();
        let mut results = committed.results();
        exact_at(&mut record(&mut results, "shallow")["result"], 129, first.0, first.1);
        committed.commit(&results);
        let output = committed.merge_perturbed(|shard| {
            exact_at(&mut record(shard, "shallow")["result"], at, second.0, second.1);
        });
        let mut results = committed.results();
        let shallow = record(&mut results, "shallow");
        let result = &shallow["result"];
        assert_eq!((result["status"].as_str(), result["unstable"].as_bool()), (Some("unstable"), Some(true)));
        assert_eq!(result["boundary_window"], json!([at.min(129), at.max(129) - 1]), "{shallow:#}");
        assert_eq!(result["failure"]["kind"], "crash", "the crash is the lower failure: {shallow:#}");
        let outcomes = result["sightings"].to_string();
        assert!(outcomes.contains("crash (exit 1)") && outcomes.contains("accepted"), "{shallow:#}");
        assert!(shallow["changes"][0]["now"].as_str().unwrap().starts_with("unstable"), "{shallow:#}");
        assert!(stderr_of(&output).contains("shallow: array changed:"), "{}", stderr_of(&output));

        // Later runs inside the window, either way, change nothing.
        let before = committed.snapshot();
        for (kind, stderr, failing) in [("error", SBCL_HANDLED, 130), ("crash", SBCL_FATAL, 128)] {
            committed.merge_perturbed(|shard| {
                exact_at(&mut record(shard, "shallow")["result"], failing, kind, stderr);
            });
            assert!(before == committed.snapshot(), "{kind} at {failing} rewrote the window");
        }
        // So does a run, which finds the fixture's own clean error at 129 inside it.
        committed.nestprobe(&["run", "--quick", "--only", "shallow"]);
        // (Only when it was last confirmed changes: bookkeeping, not a fact.)
        let facts = |files: Vec<(String, Vec<u8>)>| -> Vec<(String, String)> {
            files
                .into_iter()
                .map(|(name, bytes)| {
                    let text = without_confirmations(&name, &bytes);
                    (name, text)
                })
                .collect()
        };
        assert!(facts(before.clone()) == facts(committed.snapshot()), "a run inside the window rewrote it");
    }
}

#[test]
fn a_clean_error_that_is_not_the_stack_beside_a_crash_is_news() {
    let committed = Committed::new();
    let mut results = committed.results();
    exact_at(&mut record(&mut results, "shallow")["result"], 129, "crash", SBCL_FATAL);
    committed.commit(&results);
    let output = committed.merge_perturbed(|shard| {
        exact_at(&mut record(shard, "shallow")["result"], 130, "error", "nesting too deep");
    });
    assert!(stderr_of(&output).contains("shallow: array changed:"), "{}", stderr_of(&output));
    let mut results = committed.results();
    assert_eq!(record(&mut results, "shallow")["result"]["failure"]["kind"], "error");
}

/// Makes a result one sighting of a parser: what one machine saw.
type Sighting = fn(&mut Value);

/// No limit: the maximum in 4.6 s of the 10 s timeout.
fn reached_the_maximum(result: &mut Value) {
    result["status"] = json!("exact");
    result["max_accepted_depth"] = result["max_depth"].clone();
    result["min_failing_depth"] = Value::Null;
    result["failure"] = Value::Null;
    result["payload_bytes"] = Value::Null;
    result["boundary_window"] = json!([null, result["max_depth"].clone()]);
    result["accepted_seconds"] = json!(4.573);
    result["slow"] = json!(false);
}

/// Slow: 22.3 s at 14,948.
fn ran_out_of_time(result: &mut Value) {
    result["status"] = json!("slow");
    result["max_accepted_depth"] = json!(14_948);
    result["min_failing_depth"] = Value::Null;
    result["failure"] = Value::Null;
    result["payload_bytes"] = Value::Null;
    result["accepted_seconds"] = json!(22.3);
}

#[test]
fn a_maximum_reached_around_the_timeout_and_running_out_of_time_are_one_fact_in_either_order() {
    // python-cmarkgfm@debian13's object shape: 20,000 levels in 4.6 s here, "slow: 22.3 s at
    // 14,948" on a slower machine.
    one_fact_in_either_order(reached_the_maximum, ran_out_of_time);
}

/// Each sighting committed and the other merged over it changes nothing, in either order (the
/// `shallow` row's main result, at the 10 s timeout the sightings' times are read against).
fn one_fact_in_either_order(a: Sighting, b: Sighting) {
    for (first, then) in [(a, b), (b, a)] {
        let committed = Committed::new();
        let mut results = committed.results();
        assert_eq!(record(&mut results, "shallow")["result"]["timeout_seconds"], 10.0);
        first(&mut record(&mut results, "shallow")["result"]);
        committed.commit(&results);
        let before = committed.snapshot();
        let output = committed.merge_perturbed(|shard| then(&mut record(shard, "shallow")["result"]));
        assert!(!stderr_of(&output).contains(" changed:"), "{}", stderr_of(&output));
        assert!(before == committed.snapshot(), "the other sighting rewrote the committed files");
    }
}

/// A clean error at 30,000 (a handled stack overflow), its depth below accepted in `seconds`.
fn clean_error_after(result: &mut Value, seconds: f64) {
    exact_at(result, 30_000, "error", "java.lang.StackOverflowError: null");
    result["payload_bytes"] = Value::Null;
    result["accepted_seconds"] = json!(seconds);
    result["slow"] = json!(false);
}

#[test]
fn a_clean_error_reached_around_the_timeout_beyond_a_slow_depth_is_the_same_fact_in_either_order() {
    // java-jdk-dom's entity references: "slow: 14.9 s at 5,897" on one machine, a handled
    // StackOverflowError at 12,417 after 5.2 s of the 10 s timeout on another.
    one_fact_in_either_order(ran_out_of_time, |result| clean_error_after(result, 5.2));
    // Reached quickly, it is a limit this machine sets, not its speed; a crash there is a crash;
    // a clean error shallower than the depth finished is another limit: each is news.
    let news: [Sighting; 3] = [
        |result| clean_error_after(result, 1.0),
        |result| {
            clean_error_after(result, 5.2);
            result["failure"] = json!({"kind": "crash", "exit_code": null, "signal": 11, "signal_name": "SIGSEGV", "stderr": ""});
        },
        |result| {
            clean_error_after(result, 5.2);
            exact_at(result, 10_000, "error", "java.lang.StackOverflowError: null");
        },
    ];
    for then in news {
        let committed = Committed::new();
        let mut results = committed.results();
        ran_out_of_time(&mut record(&mut results, "shallow")["result"]);
        committed.commit(&results);
        let output = committed.merge_perturbed(|shard| then(&mut record(shard, "shallow")["result"]));
        assert!(stderr_of(&output).contains("shallow: array changed:"), "{}", stderr_of(&output));
    }
}

/// Makes `result` slow at 2,000, with a crash by SIGSEGV deeper at `crash_depth` if any.
fn slow_with_crash(result: &mut Value, crash_depth: Option<u64>) {
    result["status"] = json!("slow");
    result["max_accepted_depth"] = json!(2000);
    result["min_failing_depth"] = Value::Null;
    result["payload_bytes"] = Value::Null;
    result["accepted_seconds"] = json!(12.0);
    result["boundary_window"] = json!([crash_depth, 2000]);
    result["failure"] = match crash_depth {
        Some(_) => {
            json!({"kind": "crash", "exit_code": null, "signal": 11, "signal_name": "SIGSEGV", "stderr": ""})
        }
        None => {
            json!({"kind": "timeout", "exit_code": null, "signal": null, "signal_name": null, "stderr": ""})
        }
    };
    match crash_depth {
        Some(depth) => result["crash_depth"] = json!(depth),
        None => drop(result.as_object_mut().unwrap().remove("crash_depth")),
    }
}

#[test]
fn a_crash_deeper_than_a_slow_depth_is_a_crash_to_the_same_fact_rules() {
    let committed = Committed::new();
    let mut results = committed.results();
    slow_with_crash(&mut record(&mut results, "shallow")["result"], Some(6000));
    committed.commit(&results);
    let before = committed.snapshot();
    // The same crash, a level on (a signal is the stack running out), or exact where a faster
    // machine finished the depth below it; a slower machine whose time ran out before the crash.
    committed.merge_perturbed(|shard| slow_with_crash(&mut record(shard, "shallow")["result"], Some(6006)));
    let exact = |shard: &mut Value| {
        let result = &mut record(shard, "shallow")["result"];
        result["status"] = json!("exact");
        result["min_failing_depth"] = json!(6000);
        result["max_accepted_depth"] = json!(5999);
        result["boundary_window"] = json!([6000, 5999]);
        result.as_object_mut().unwrap().remove("crash_depth");
    };
    committed.merge_perturbed(exact);
    committed.merge_perturbed(|shard| slow_with_crash(&mut record(shard, "shallow")["result"], None));
    assert!(before == committed.snapshot(), "the same crash rewrote the committed files");

    // Another crash depth is news; so is a crash where only the time ran out before.
    let output = committed
        .merge_perturbed(|shard| slow_with_crash(&mut record(shard, "shallow")["result"], Some(3000)));
    assert!(stderr_of(&output).contains("shallow: array changed:"), "{}", stderr_of(&output));
    slow_with_crash(&mut record(&mut results, "shallow")["result"], None);
    committed.commit(&results);
    let output = committed
        .merge_perturbed(|shard| slow_with_crash(&mut record(shard, "shallow")["result"], Some(6000)));
    let mut results = committed.results();
    let shallow = record(&mut results, "shallow");
    assert_eq!(shallow["result"]["crash_depth"], 6000, "{shallow:#}");
    assert!(shallow["changes"][0]["now"].as_str().unwrap().contains("crash (SIGSEGV) at depth 6,000"));
    assert!(stderr_of(&output).contains("shallow: array changed:"), "{}", stderr_of(&output));
}

#[test]
fn a_sweep_at_more_stacks_that_confirms_the_committed_ones_adds_them_without_a_change() {
    let committed = Committed::new();
    let mut results = committed.results();
    let shallow = record(&mut results, "shallow");
    let main = shallow["result"].clone();
    let at = |bytes: u64| {
        let mut probe = main.clone();
        probe["stack_bytes"] = json!(bytes);
        probe
    };
    shallow["sweep"] =
        json!({"command": main["command"], "verdict": "fixed", "probes": [at(1 << 20), at(8 << 20)]});
    committed.commit(&results);
    // This run probed the stacks software runs on too: 128 KiB and 2 MiB, the same limit.
    let output = committed.merge_perturbed(|shard| {
        let shallow = record(shard, "shallow");
        shallow["sweep"]["probes"] = json!([at(128 << 10), at(1 << 20), at(2 << 20), at(8 << 20)]);
    });
    let stderr = stderr_of(&output);
    assert!(!stderr.contains(" changed:"), "{stderr}");
    let mut results = committed.results();
    let shallow = record(&mut results, "shallow");
    let stacks: Vec<u64> = shallow["sweep"]["probes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["stack_bytes"].as_u64().unwrap())
        .collect();
    assert_eq!(stacks, [128 << 10, 1 << 20, 2 << 20, 8 << 20], "{shallow:#}");
    assert!(shallow["changes"].as_array().is_none_or(|c| c.is_empty()), "{shallow:#}");
}
