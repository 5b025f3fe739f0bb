//! Issue 4: nesting shapes, stack sweeps, deterministic boundaries and repeats, on fixtures.

mod common;

use common::*;

#[test]
fn objects_and_mixed_nesting_are_probed_like_arrays() {
    for shape in ["object", "mixed"] {
        let result = probe_fixture(&["--shape", shape], &["limit", "300"]);
        assert_eq!(result["shape"], shape);
        assert_eq!(u64_of(&result, "min_failing_depth"), 301, "{result:#}");
        assert_eq!(result["failure"]["kind"], "error");
    }
    let object = probe_fixture(&["--shape", "object"], &["limit", "300"]);
    // Depth 301: 300 openers `{"a":`, the innermost `{`, then 301 closing braces.
    assert_eq!(u64_of(&object, "payload_bytes"), 300 * 5 + 1 + 301);
}

#[test]
fn unclosed_input_that_is_always_rejected_cleanly_has_no_failure() {
    let result = probe_fixture(&["--shape", "unclosed", "--max-depth", "100000"], &["limit", "300"]);
    assert_eq!(result["min_failing_depth"], serde_json::Value::Null, "{result:#}");
    assert_eq!(result["failure"], serde_json::Value::Null);
    assert_eq!(u64_of(&result, "max_accepted_depth"), 100_000);
}

#[test]
fn unclosed_input_finds_where_rejecting_turns_into_a_crash() {
    let result = probe_fixture(&["--shape", "unclosed"], &["abort", "300"]);
    assert_eq!(u64_of(&result, "min_failing_depth"), 301, "{result:#}");
    assert_eq!(result["failure"]["signal_name"], "SIGABRT");
    assert_eq!(u64_of(&result, "payload_bytes"), 301);
}

#[test]
fn a_stack_sweep_tells_a_fixed_limit_from_a_stack_bound_one() {
    let run_sweep = |args: &[&str]| {
        let mut command = nestprobe();
        command
            .args(["sweep", "--format", "json", "--stacks", "1MiB,4MiB,16MiB", "--"])
            .arg(fixture())
            .args(args);
        run_json(command)
    };
    let fixed = run_sweep(&["limit", "500"]);
    assert_eq!(fixed["verdict"], "fixed", "{fixed:#}");
    assert_eq!(fixed["bytes_per_level"], serde_json::Value::Null);
    assert_eq!(fixed["probes"].as_array().unwrap().len(), 3);

    let stack = run_sweep(&["recursive"]);
    assert_eq!(stack["verdict"], "stack", "{stack:#}");
    let per_level = u64_of(&stack, "bytes_per_level");
    // Each level of the fixture's recursion keeps a 256-byte frame plus call overhead.
    assert!((256..1024).contains(&per_level), "{per_level} bytes per level");
    let depths: Vec<u64> =
        stack["probes"].as_array().unwrap().iter().map(|p| u64_of(p, "min_failing_depth")).collect();
    assert!(depths.windows(2).all(|w| w[1] > w[0] * 3), "{depths:?}");

    let mut unbounded = nestprobe();
    unbounded.args(["sweep", "--format", "json", "--max-depth", "20000", "--stacks", "1MiB,8MiB", "--"]);
    unbounded.arg(fixture()).args(["limit", "1000000"]);
    assert_eq!(run_json(unbounded)["verdict"], "unbounded");
}

#[test]
fn stack_overflow_boundaries_repeat_exactly_with_randomisation_off() {
    let first = probe_fixture(&["--stack", "2MiB"], &["recursive"]);
    let aslr_off = first["aslr_disabled"] == true;
    if !provided(
        "address-space control",
        aslr_off,
        "personality(ADDR_NO_RANDOMIZE) refused: allow it in the container's seccomp profile",
    ) {
        return;
    }
    let again = probe_fixture(&["--stack", "2MiB", "--repeat", "3"], &["recursive"]);
    assert_eq!(first["min_failing_depth"], again["min_failing_depth"]);
    assert_eq!(again["unstable"], false, "{again:#}");
    let failing = u64_of(&again, "min_failing_depth");
    assert_eq!(again["boundary_window"], serde_json::json!([failing, failing - 1]));
}

#[test]
fn repeats_report_the_window_and_stay_stable_for_a_fixed_limit() {
    let result = probe_fixture(&["--repeat", "3"], &["limit", "128"]);
    assert_eq!(result["unstable"], false);
    assert_eq!(result["boundary_window"], serde_json::json!([129, 128]));
    // The first search plus two confirmations of two trials each.
    let cold = probe_fixture(&[], &["limit", "128"]);
    assert_eq!(u64_of(&result, "trials"), u64_of(&cold, "trials") + 4);
}

#[test]
fn peak_memory_and_time_at_the_deepest_accepted_depth_are_reported() {
    let result = probe_fixture(&[], &["limit", "1000"]);
    let rss = u64_of(&result, "peak_rss_bytes");
    assert!(rss > 100 * 1024 && rss < 512 * 1024 * 1024, "{rss}");
    assert!(result["accepted_seconds"].as_f64().unwrap() >= 0.0);
}

/// #55: a catalog run probes the sweep's smaller stacks largest first, each from the boundary of
/// the stack probed before it scaled by the stacks' ratio: the same depth as a search from scratch
/// at that stack (`probe --stack`), in fewer trials.
#[test]
fn a_sweeps_smaller_stacks_start_from_what_the_larger_one_showed() {
    let workspace = Workspace::new(&[Row::fixture("recursive", &["recursive"])]);
    let output = workspace.nestprobe(&["run", "--jobs", "1"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results = workspace.results();
    let sweep = &record(&results, "recursive")["sweep"];
    assert_eq!(sweep["verdict"], "stack", "{sweep:#}");
    let (mut scaled_trials, mut cold_trials) = (0, 0);
    for probe in sweep["probes"].as_array().unwrap() {
        let stack = u64_of(probe, "stack_bytes");
        if stack >= 8 << 20 {
            continue;
        }
        let cold = probe_fixture(&["--stack", &format!("{}KiB", stack >> 10)], &["recursive"]);
        let depth = u64_of(probe, "min_failing_depth");
        assert_eq!(depth, u64_of(&cold, "min_failing_depth"), "at {stack} bytes: {probe:#} vs {cold:#}");
        assert_eq!(probe["search"], "cold", "a search from an estimate is a search: {probe:#}");
        scaled_trials += u64_of(probe, "trials");
        cold_trials += u64_of(&cold, "trials");
    }
    assert!(scaled_trials < cold_trials, "{scaled_trials} trials from the larger stacks, {cold_trials} cold");
}
