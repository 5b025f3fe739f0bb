//! `probe --serve`: a server started once under nestprobe's supervision, one request a trial, and
//! how a service fails in the one vocabulary (issue #48). The servers are tests/fixtures/server.py,
//! each misbehaving past a depth in one way; nothing they start may outlive the probe.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::hostile::{assert_none_left, marked, marker};
use common::*;
use serde_json::Value;

fn server_py() -> String {
    fixtures_dir().join("server.py").display().to_string()
}

/// `probe --serve http://127.0.0.1:{port}/parse --format json OPTIONS -- python3 server.py MODE LIMIT
/// MARK`, its JSON and how long it took; afterwards nothing the server started is left.
fn serve(test: &str, options: &[&str], mode: &str, limit: &str) -> (Value, Duration) {
    serve_counting(test, options, mode, limit, None)
}

/// [`serve`], each start of the server appended to `starts` where given.
fn serve_counting(
    test: &str,
    options: &[&str],
    mode: &str,
    limit: &str,
    starts: Option<&std::path::Path>,
) -> (Value, Duration) {
    let mark = marker(test, mode);
    let mut command = nestprobe();
    command.args(["probe", "--format", "json", "--serve", "http://127.0.0.1:{port}/parse"]);
    command.arg("--max-depth").arg("1000").args(options);
    if !options.contains(&"--timeout") {
        command.args(["--timeout", "2s"]);
    }
    command.args(["--", "python3", &server_py(), mode, limit, &mark]);
    command.args(starts);
    let started = Instant::now();
    let output = run(command);
    let took = started.elapsed();
    assert_none_left(&mark, mode);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{text}\n{}", stderr_of(&output)));
    (value, took)
}

/// The failure's kind, what died, its HTTP status and the smallest failing depth.
fn failed(result: &Value) -> (String, Value, Value, Value) {
    let failure = &result["failure"];
    let kind = failure["kind"].as_str().unwrap_or("none").to_string();
    (
        kind,
        failure["service"]["died"].clone(),
        failure["service"]["http_status"].clone(),
        result["min_failing_depth"].clone(),
    )
}

#[test]
fn a_service_that_dies_past_a_depth_is_a_crash_and_is_started_again_for_every_trial_after() {
    let (result, _) = serve("died", &[], "die", "100");
    assert_eq!(failed(&result), ("crash".into(), "service".into(), Value::Null, 101.into()), "{result:#}");
    assert_eq!(result["failure"]["signal_name"], "SIGSEGV", "{result:#}");
    assert_eq!(result["status"], "exact", "{result:#}");
    // The boundary was verified on both sides: the service was started again after each death.
    assert!(result["trials"].as_u64().unwrap() >= 10, "{result:#}");
    assert_eq!(result["service"]["state"], "cold", "{result:#}");
    assert_eq!(result["service"]["started"], true, "{result:#}");
}

#[test]
fn a_pre_forked_worker_killed_by_a_request_is_a_worker_death_and_the_service_lives_on() {
    let (result, _) = serve("worker", &["--state", "warm"], "prefork", "100");
    assert_eq!(failed(&result), ("crash".into(), "worker".into(), Value::Null, 101.into()), "{result:#}");
    // Where the kernel says how the worker ended (Linux 6.15 and later), its signal is named.
    if !result["failure"]["signal_name"].is_null() {
        assert_eq!(result["failure"]["signal_name"], "SIGSEGV", "{result:#}");
    }
}

#[test]
fn a_body_refused_by_its_size_is_not_a_nesting_limit() {
    // 1,000 bytes: a JSON array of 500 levels is 1,000 bytes, of 501 levels 1,002.
    let (result, _) = serve("cap", &[], "cap", "1000");
    assert_eq!(
        failed(&result),
        ("refused-by-size".into(), Value::Null, 413.into(), 501.into()),
        "{result:#}"
    );
    assert_eq!(result["payload_bytes"], 1002, "{result:#}");
}

#[test]
fn a_4xx_is_the_frameworks_clean_error_and_a_5xx_a_server_error() {
    let (clean, _) = serve("clean", &[], "limit", "100");
    assert_eq!(failed(&clean), ("error".into(), Value::Null, 400.into(), 101.into()), "{clean:#}");
    assert!(clean["failure"]["stderr"].as_str().unwrap().contains("DepthError"), "{clean:#}");
    let (error, _) = serve("server-error", &[], "error", "100");
    assert_eq!(failed(&error), ("server-error".into(), Value::Null, 500.into(), 101.into()), "{error:#}");
}

#[test]
fn a_request_never_answered_exhausts_time_and_a_service_that_stops_answering_is_unresponsive() {
    let (hang, _) = serve("hang", &["--timeout", "0.5s"], "hang", "100");
    assert_eq!(failed(&hang), ("timeout".into(), Value::Null, Value::Null, 101.into()), "{hang:#}");
    let (wedge, _) = serve("wedge", &["--timeout", "0.5s"], "wedge", "100");
    assert_eq!(failed(&wedge), ("unresponsive".into(), Value::Null, Value::Null, 101.into()), "{wedge:#}");
}

#[test]
fn the_state_each_trial_meets_is_defined_cold_or_warm() {
    // Its limit doubles once it has answered 200 requests: a fresh server for every trial never
    // gets there; a warmed one (300 valid requests after each start) always has.
    let (cold, _) = serve("cold", &["--state", "cold"], "warms", "100");
    assert_eq!(cold["min_failing_depth"], 101, "{cold:#}");
    let (warm, _) = serve("warm", &["--state", "warm"], "warms", "100");
    assert_eq!(warm["min_failing_depth"], 201, "{warm:#}");
    assert!(warm["service"]["how"].as_str().unwrap().contains("300 valid requests"), "{warm:#}");
}

#[test]
fn a_cold_search_starts_from_one_reused_servers_boundary_and_measures_on_fresh_servers_only() {
    // A search from nothing first runs on one server reused from request to request (requests
    // that cost no start); the cold trials, each on a fresh server, start from what it showed.
    let dir = tempfile::tempdir().unwrap();
    let starts = dir.path().join("starts");
    let (result, _) = serve_counting("reused", &[], "limit", "100", Some(&starts));
    assert_eq!(result["min_failing_depth"], 101, "{result:#}");
    assert_eq!(result["status"], "exact", "{result:#}");
    let started = std::fs::read_to_string(&starts).unwrap().lines().count() as u64;
    let trials = result["trials"].as_u64().unwrap();
    // The reused server, then the cold trials at 101 and 100 and the verification's three (each
    // side again, one below): six starts, where a fresh server for each of its trials made one a trial.
    assert!(started <= 6, "{started} starts in {trials} trials: {result:#}");
    assert!(started + 3 <= trials, "{started} starts in {trials} trials: {result:#}");
    // The fact is still the fresh server's: one its first request leaves warmer shows the reused
    // server 201, and every cold trial meets a fresh one all the same.
    let (first, _) = serve("first", &[], "first", "100");
    assert_eq!(first["min_failing_depth"], 101, "{first:#}");
    assert_eq!(first["service"]["state"], "cold", "{first:#}");
    // A warm probe's trials share one server: the warmer limit.
    let (warm, _) = serve("first-warm", &["--state", "warm"], "first", "100");
    assert_eq!(warm["min_failing_depth"], 201, "{warm:#}");
}

#[test]
fn a_server_that_never_listens_exits_listens_elsewhere_or_leaves_a_daemon_is_one_line_and_leaves_nothing() {
    // The start timeout decides only the first two: the others end when their command does, and a
    // start timeout as short would measure how long python3 (a pyenv shim's chain of processes
    // here) takes to start on a busy machine, not what the server did.
    for (mode, start_timeout, says) in [
        ("never", "2s", "did not listen on 127.0.0.1:"),
        ("elsewhere", "2s", "did not listen on 127.0.0.1:"),
        ("exit", "15s", "exited before it listened (exit status: 3)"),
        // Its daemon keeps the port, but the server nestprobe started is gone: a launcher, told so
        // at the start whatever the timing; the daemon dies with the probe (a PID namespace, or the
        // subreaper), and the port is free again.
        ("daemon", "15s", "the command exited and left a server running: run the server in the foreground"),
    ] {
        let mark = marker("never", mode);
        let mut command = nestprobe();
        command.args(["probe", "--start-timeout", start_timeout, "--serve", "http://127.0.0.1:{port}/"]);
        command.args(["--", "python3", &server_py(), mode, "0", &mark]);
        let started = Instant::now();
        let output = run(command);
        assert!(started.elapsed() < Duration::from_secs(20), "{mode}: took {:?}", started.elapsed());
        assert_eq!(output.status.code(), Some(1), "{mode}: {}", stderr_of(&output));
        let stderr = stderr_of(&output);
        assert!(stderr.contains(says) && stderr.lines().count() == 1, "{mode}: {stderr}");
        assert_none_left(&mark, mode);
    }
}

#[test]
fn a_service_running_elsewhere_is_probed_until_its_first_death_and_that_is_said() {
    let mark = marker("elsewhere", "die");
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let mut server = Command::new("python3")
        .args([&server_py(), "die", "100", &mark])
        .env("PORT", port.to_string())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let url = format!("http://127.0.0.1:{port}/parse");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut command = nestprobe();
    command.args(["probe", "--max-depth", "1000", "--serve", &url]);
    let output = run(command);
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    let stderr = stderr_of(&output);
    assert!(stderr.contains("cannot start it again"), "{stderr}");
    assert!(marked(&mark).is_empty());
}

#[test]
fn service_options_that_do_not_fit_are_refused_in_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["--serve", "https://127.0.0.1:{port}/", "--", "true"], "only http://"),
        (&["--serve", "http://10.0.0.1:80/"], "--remote"),
        (&["--serve", "http://127.0.0.1:{port}/"], "needs a server command"),
        (&["--serve", "http://127.0.0.1:8080/", "--", "true"], "`{port}`"),
        (&["--serve", "http://127.0.0.1:8080/", "--phase", "serialize"], "route of its own"),
        (&["--serve", "http://127.0.0.1:{port}/", "--body", "{}", "--", "true"], "{payload}"),
        (&["--ready", "/health", "--", "true"], "--serve"),
        (
            &[
                "--payload",
                "cbor",
                "--serve",
                "http://127.0.0.1:{port}/",
                "--body",
                r#"{"q": "{payload}"}"#,
                "--",
                "true",
            ],
            "binary",
        ),
    ];
    for (args, says) in cases {
        let mut command = nestprobe();
        command.arg("probe").args(*args);
        let output = run(command);
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
}

#[test]
fn a_service_row_is_measured_cold_warm_and_through_its_echo_route() {
    let mark = marker("row", "warms");
    let mut serve = toml::map::Map::new();
    for (key, value) in [
        ("framework", "http.server"),
        ("server", "HTTPServer (one process)"),
        ("parser", "a count of brackets"),
        ("path", "/parse"),
        ("echo", "/echo"),
    ] {
        serve.insert(key.into(), value.into());
    }
    let run = vec!["python3".to_string(), server_py(), "warms".into(), "100".into(), mark.clone()];
    let workspace = Workspace::new(&[Row::new("fixture-service")
        .set("run", run)
        .set("phases", vec!["serialize"])
        .set("serve", toml::Value::Table(serve))]);
    let output =
        workspace.nestprobe(&["run", "--max-depth", "1000", "--timeout", "2s", "--readme", "none.md"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_none_left(&mark, "row");
    let results = workspace.results();
    let row = record(&results, "fixture-service");
    assert_eq!(row["service"]["framework"], "http.server", "{row:#}");
    // A fresh server for every trial never answers 200 requests; a warmed one has.
    assert_eq!(row["result"]["min_failing_depth"], 101, "{row:#}");
    assert_eq!(row["result"]["service"]["state"], "cold", "{row:#}");
    assert_eq!(row["warm"]["min_failing_depth"], 201, "{row:#}");
    assert_eq!(row["warm"]["service"]["state"], "warm", "{row:#}");
    let serialize = &row["phases"][0];
    assert_eq!(
        (serialize["phase"].as_str(), serialize["service"]["path"].as_str()),
        (Some("serialize"), Some("/echo"))
    );
    assert_eq!(serialize["min_failing_depth"], 101, "{row:#}");
    // A service row gets no other shape: it is measured as it is deployed. Its request threads
    // take RLIMIT_STACK (CPython's, under glibc): it is swept at the deployment stacks, each a
    // server started with that stack.
    assert!(row["object"].is_null(), "{row:#}");
    let stack = row["result"]["service"]["stack"].as_str().unwrap_or_default();
    assert!(stack.starts_with("RLIMIT_STACK"), "{row:#}");
    let swept: Vec<u64> =
        row["sweep"]["probes"].as_array().unwrap().iter().filter_map(|p| p["stack_bytes"].as_u64()).collect();
    assert!(swept.contains(&(128 << 10)) && swept.contains(&(8 << 20)), "{swept:?}");
}

#[test]
fn a_service_row_whose_threads_take_rlimit_stack_is_swept_with_its_server_at_each_stack() {
    // Its limit is its RLIMIT_STACK in 64 KiB units: where each stack's probe fails says which
    // stack its server was started with.
    let mark = marker("row", "stack");
    let mut serve = toml::map::Map::new();
    for (key, value) in
        [("framework", "http.server"), ("server", "HTTPServer"), ("parser", "a count"), ("path", "/")]
    {
        serve.insert(key.into(), value.into());
    }
    let run = vec!["python3".to_string(), server_py(), "stack".into(), "0".into(), mark.clone()];
    let workspace =
        Workspace::new(&[Row::new("fixture-stack").set("run", run).set("serve", toml::Value::Table(serve))]);
    let output =
        workspace.nestprobe(&["run", "--max-depth", "1000", "--timeout", "2s", "--readme", "none.md"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_none_left(&mark, "stack");
    let results = workspace.results();
    let row = record(&results, "fixture-stack");
    assert_eq!(row["result"]["min_failing_depth"], 129, "{row:#}");
    let probes = row["sweep"]["probes"].as_array().unwrap();
    for probe in probes {
        let stack = probe["stack_bytes"].as_u64().unwrap();
        let limit = stack / 65536 + 1;
        let expected = if limit <= 1000 { Value::from(limit) } else { Value::Null };
        assert_eq!(probe["min_failing_depth"], expected, "{probe:#}");
    }
    assert!(probes.len() >= 5, "{row:#}");
}
