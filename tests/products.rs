//! `probe --serve tcp://127.0.0.1:{port} --client CMD -- SERVER`: a product that speaks its own
//! protocol, asked through its own client (issue #53). The server (tests/fixtures/line_server.py)
//! dies or refuses past a depth; its client (line_client.py) says what it answered. What the client
//! does on its own (not found, hanging) is named apart; nothing either started outlives the probe.

mod common;

use std::time::{Duration, Instant};

use common::hostile::{assert_none_left, marker};
use common::*;
use serde_json::Value;

fn fixture(name: &str) -> String {
    fixtures_dir().join(name).display().to_string()
}

/// `probe --format json --serve tcp://127.0.0.1:{port} --client CLIENT OPTIONS -- python3
/// line_server.py MODE LIMIT MARK`: its exit status, JSON (if any) and stderr; afterwards nothing
/// the server or the client started is left.
fn probe(
    test: &str,
    client: &str,
    options: &[&str],
    mode: &str,
    limit: &str,
) -> (Option<i32>, Value, String) {
    let mark = marker(test, mode);
    let mut command = nestprobe();
    command.args(["probe", "--format", "json", "--max-depth", "1000", "--timeout", "2s"]);
    command.args(["--serve", "tcp://127.0.0.1:{port}", "--client", client]).args(options);
    command.args(["--", "python3", &fixture("line_server.py"), mode, limit, &mark]);
    let output = run(command);
    assert_none_left(&mark, mode);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    (output.status.code(), serde_json::from_str(&text).unwrap_or(Value::Null), stderr_of(&output))
}

fn client() -> String {
    format!("python3 {} {}", fixture("line_client.py"), "{port}")
}

#[test]
fn a_server_that_dies_past_a_depth_is_a_crash_and_its_refusal_the_products_clean_error() {
    let (_, died, stderr) = probe("client-die", &client(), &[], "die", "100");
    assert_eq!(died["failure"]["kind"], "crash", "{died:#} {stderr}");
    assert_eq!(died["failure"]["service"]["died"], "service", "{died:#}");
    assert_eq!(died["failure"]["signal_name"], "SIGSEGV", "{died:#}");
    assert_eq!(died["min_failing_depth"], 101, "{died:#}");
    assert!(died["service"]["url"].as_str().unwrap().starts_with("client: "), "{died:#}");
    let (_, refused, stderr) = probe("client-limit", &client(), &["--state", "warm"], "limit", "100");
    assert_eq!(refused["failure"]["kind"], "error", "{refused:#} {stderr}");
    assert!(refused["failure"]["stderr"].as_str().unwrap().contains("ERR too deep"), "{refused:#}");
    assert_eq!(refused["min_failing_depth"], 101, "{refused:#}");
    assert_eq!(refused["service"]["state"], "warm", "{refused:#}");
}

#[test]
fn a_wrong_answer_the_client_declares_is_its_own_outcome_never_a_clean_error() {
    let (_, wrong, stderr) =
        probe("client-wrong", &client(), &["--client-wrong-status", "4"], "wrong", "100");
    assert_eq!(wrong["failure"]["kind"], "wrong-answer", "{wrong:#} {stderr}");
    assert_eq!(wrong["min_failing_depth"], 101, "{wrong:#}");
    // Undeclared, the same exit status is the client's own failure: the probe names it and stops.
    let (status, _, stderr) = probe("client-undeclared", &client(), &[], "wrong", "100");
    assert_eq!(status, Some(1), "{stderr}");
    assert!(stderr.contains("exited with status 4") && stderr.contains("the client's own limit"), "{stderr}");
}

#[test]
fn a_client_not_found_a_client_that_hangs_and_a_server_that_never_listens_are_one_line_each() {
    let hang = format!("python3 {} hang", fixture("line_client.py"));
    for (test, client, mode, says) in [
        ("no-client", "no-such-client-nestprobe {port}".to_string(), "limit", "cannot find the client"),
        ("hang", hang, "limit", "the client's own limit, not the product's"),
        ("never", client(), "never", "did not listen on 127.0.0.1:"),
    ] {
        let started = Instant::now();
        let (status, _, stderr) = probe(test, &client, &["--start-timeout", "2s"], mode, "100");
        assert!(started.elapsed() < Duration::from_secs(30), "{test}: took {:?}", started.elapsed());
        assert!(matches!(status, Some(1 | 2)), "{test}: {status:?} {stderr}");
        assert!(stderr.contains(says), "{test}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{test}: {stderr}");
    }
}

#[test]
fn a_client_needs_a_server_command() {
    let mut command = nestprobe();
    command.args(["probe", "--serve", "tcp://127.0.0.1:{port}", "--client", "true"]);
    let output = run(command);
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

#[test]
fn a_helper_the_server_ran_and_that_ended_before_the_request_is_no_worker_death() {
    // RabbitMQ's boot runs helpers (an `erl` that starts epmd, epmd's own first fork) that end
    // before its port opens: orphans its reaper holds as zombies. They did not die of a request.
    let mark = marker("client-zombie", "limit");
    let server = format!(
        "(sh -c 'exit 3' &); (sh -c 'kill -9 $$' &); sleep 0.5; exec python3 {} limit 100 {mark}",
        fixture("line_server.py")
    );
    let mut command = nestprobe();
    command.args(["probe", "--format", "json", "--max-depth", "1000", "--timeout", "2s"]);
    command.args(["--serve", "tcp://127.0.0.1:{port}", "--client", &client(), "--", "sh", "-c", &server]);
    let output = run(command);
    assert_none_left(&mark, "limit");
    let result: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    assert_eq!(result["failure"]["kind"], "error", "{result:#} {}", stderr_of(&output));
    assert_eq!(result["min_failing_depth"], 101, "{result:#}");
}

#[test]
fn a_server_s_runtime_that_printed_its_crashing_goroutine_names_the_function() {
    // Go's fatal stack overflow exits 2 and lists every goroutine after the crashing one: more
    // than the tail of stderr a death keeps. Its first words name the recursion.
    let (_, died, stderr) = probe("client-gofatal", &client(), &[], "gofatal", "100");
    assert_eq!(died["failure"]["service"]["died"], "service", "{died:#} {stderr}");
    assert_eq!(died["failure"]["exit_code"], 2, "{died:#}");
    assert_eq!(died["min_failing_depth"], 101, "{died:#}");
    let site = &died["crashed_in"];
    assert_eq!(site["printed_by_runtime"], true, "{died:#}");
    assert_eq!(site["cycle"], serde_json::json!(["main.parseArray", "main.parseValue"]), "{site:#}");
}
