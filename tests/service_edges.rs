//! `probe --serve` at its edges (issue #54): Ctrl-C while a server starts, a service already
//! running, an IPv6 loopback URL, the death's own words, a readiness URL that answers otherwise, a
//! launcher that backgrounds its server, an HTML error page. The servers are tests/fixtures/server.py;
//! nothing they start may outlive the probe.

mod common;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::hostile::{assert_none_left, marker};
use common::*;
use serde_json::Value;

fn server_py() -> String {
    fixtures_dir().join("server.py").display().to_string()
}

/// `probe --serve URL OPTIONS -- python3 server.py MODE LIMIT MARK`.
fn probe_served(url: &str, options: &[&str], mode: &str, limit: &str, mark: &str) -> Command {
    let mut command = nestprobe();
    command.args(["probe", "--max-depth", "1000", "--timeout", "2s", "--serve", url]).args(options);
    command.args(["--", "python3", &server_py(), mode, limit, mark]);
    command
}

fn json_of(output: &std::process::Output) -> Value {
    let text = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(&text).unwrap_or_else(|_| panic!("{text}\n{}", stderr_of(output)))
}

/// server.py MODE LIMIT run by the test itself on `host` (a service nestprobe did not start),
/// once it accepts connections.
fn running_server(host: &str, mode: &str, limit: &str, mark: &str) -> (Child, u16) {
    let port = TcpListener::bind((host, 0)).unwrap().local_addr().unwrap().port();
    let server = Command::new("python3")
        .args([&server_py(), mode, limit, mark])
        .env("PORT", port.to_string())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let address = SocketAddr::new(host.parse().unwrap(), port);
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(address).is_err() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    (server, port)
}

#[test]
fn ctrl_c_at_any_moment_of_a_server_s_start_is_an_interrupt_and_leaves_nothing() {
    // Each cold trial starts a server that takes half a second to listen: most of these moments
    // land in a start, the others in a request.
    for (n, delay) in [50, 200, 450, 700, 1100, 1600].into_iter().enumerate() {
        for signal in [libc::SIGINT, libc::SIGTERM] {
            let mark = marker("interrupt", &format!("{n}-{signal}"));
            let mut command = probe_served("http://127.0.0.1:{port}/parse", &[], "slow", "100", &mark);
            let child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
            std::thread::sleep(Duration::from_millis(delay));
            assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
            let output = child.wait_with_output().unwrap();
            let stderr = stderr_of(&output);
            assert_eq!(output.status.code(), Some(130), "after {delay} ms, signal {signal}: {stderr}");
            assert!(stderr.contains("interrupted") && !stderr.contains("server"), "{delay} ms: {stderr}");
            assert_none_left(&mark, &format!("interrupted after {delay} ms"));
        }
    }
}

#[test]
fn a_running_service_is_named_by_its_url_and_nothing_nestprobe_did_not_control_is_claimed() {
    let mark = marker("running", "error");
    let (mut server, port) = running_server("127.0.0.1", "error", "100", &mark);
    let url = format!("http://127.0.0.1:{port}/parse");
    let probe = |format: &str| {
        let mut command = nestprobe();
        command.args(["probe", "--format", format, "--max-depth", "1000", "--serve", &url]);
        run(command)
    };
    let (text, json) = (probe("text"), probe("json"));
    let _ = server.kill();
    let _ = server.wait();
    let line = String::from_utf8_lossy(&text.stdout).into_owned();
    assert!(line.starts_with(&format!("{url}: server error (HTTP 500) at depth 101")), "{line}");
    for claim in ["stack 8", "ASLR off", "ASLR on", "resident cap", "peak RSS", "fixed environment"] {
        assert!(!line.contains(claim), "claims `{claim}`: {line}");
    }
    assert!(line.contains("a running service"), "{line}");
    let result = json_of(&json);
    let service = &result["service"];
    assert_eq!(service["started"], false, "{result:#}");
    assert_eq!(service["state"], "running", "{result:#}");
    assert!(service["how"].as_str().unwrap().starts_with("a running service"), "{result:#}");
    assert!(result["containment"].is_null(), "no containment is claimed: {result:#}");
    assert!(result["peak_rss_bytes"].is_null() && result["max_rss_bytes"].is_null(), "{result:#}");
    assert_eq!(result["aslr_disabled"], false, "{result:#}");
}

#[test]
fn an_ipv6_loopback_url_reaches_its_server_there() {
    if TcpListener::bind("[::1]:0").is_err() {
        eprintln!("skipped: this machine has no IPv6 loopback");
        return;
    }
    // Started by nestprobe: it listens on ::1 only; a request to 127.0.0.1 would find nobody.
    let mark = marker("ipv6", "started");
    let output = run(probe_served("http://[::1]:{port}/parse", &["--format", "json"], "ipv6", "100", &mark));
    assert_none_left(&mark, "ipv6");
    let result = json_of(&output);
    assert_eq!(result["min_failing_depth"], 101, "{result:#}");
    assert_eq!(result["failure"]["service"]["http_status"], 400, "{result:#}");
    // Running already, on ::1 only.
    let mark = marker("ipv6", "running");
    let (mut server, port) = running_server("::1", "ipv6", "100", &mark);
    let mut command = nestprobe();
    let url = format!("http://[::1]:{port}/parse");
    command.args(["probe", "--format", "json", "--max-depth", "1000", "--serve", &url]);
    let output = run(command);
    let _ = server.kill();
    let _ = server.wait();
    let result = json_of(&output);
    assert_eq!(result["min_failing_depth"], 101, "{result:#}");
}

#[test]
fn a_service_death_is_told_by_the_line_it_printed_as_it_died() {
    // It logs some kilobytes at its start and a line per request; as it dies it prints a line of
    // noise longer than what is kept, then its fatal line.
    let mark = marker("words", "logs");
    let output = run(probe_served("http://127.0.0.1:{port}/parse", &[], "logs", "100", &mark));
    assert_none_left(&mark, "logs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.ends_with(": Fatal error: stack overflow in parse_value at depth 101"),
        "{first}\n{}",
        stderr_of(&output)
    );
    let mark = marker("words", "json");
    let output =
        run(probe_served("http://127.0.0.1:{port}/parse", &["--format", "json"], "logs", "100", &mark));
    assert_none_left(&mark, "logs");
    let result = json_of(&output);
    let stderr = result["failure"]["stderr"].as_str().unwrap_or_default();
    assert!(!stderr.contains("Listening"), "the startup log is not the death's: {result:#}");
    assert!(stderr.lines().all(|line| !line.starts_with('x') || line.len() > 100), "{result:#}");
    assert!(stderr.contains("Fatal error: stack overflow in parse_value at depth 101"), "{result:#}");
}

#[test]
fn a_readiness_url_that_answers_otherwise_is_said_with_its_answer() {
    let mark = marker("ready", "404");
    let options = ["--ready", "/404", "--start-timeout", "2s"];
    let output = run(probe_served("http://127.0.0.1:{port}/parse", &options, "limit", "100", &mark));
    assert_none_left(&mark, "ready");
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("/404 answered HTTP 404 (no such route: /404)"), "{stderr}");
    assert!(!stderr.contains("did not listen"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

#[test]
fn a_launcher_that_backgrounds_its_server_and_exits_is_told_to_run_it_in_the_foreground() {
    let launcher = "the command exited and left a server running: run the server in the foreground";
    let mark = marker("launcher", "sh");
    let script = format!("python3 {} die 100 {mark} & sleep 1; exit 0", server_py());
    let mut command = nestprobe();
    command.args([
        "probe",
        "--max-depth",
        "1000",
        "--timeout",
        "2s",
        "--serve",
        "http://127.0.0.1:{port}/parse",
    ]);
    command.args(["--", "sh", "-c", &script]);
    let output = run(command);
    assert_none_left(&mark, "launcher");
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(launcher) && !stderr.contains("died"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
}

#[test]
fn a_server_error_s_snippet_is_its_page_s_text_not_its_markup() {
    let mark = marker("html", "500");
    let output =
        run(probe_served("http://127.0.0.1:{port}/parse", &["--format", "json"], "html", "100", &mark));
    assert_none_left(&mark, "html");
    let result = json_of(&output);
    let snippet = result["failure"]["stderr"].as_str().unwrap_or_default();
    assert!(snippet.starts_with("500 Internal Server Error"), "{result:#}");
    assert!(!snippet.contains('<'), "{result:#}");
}

#[test]
fn the_help_says_each_sentence_apart() {
    let output = run({
        let mut command = nestprobe();
        command.args(["probe", "--help"]);
        command
    });
    let help = String::from_utf8_lossy(&output.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("the file that ran. With --serve"), "{help}");
}

/// tests/fixtures/server.c, built with symbols once per test binary.
fn c_server() -> std::path::PathBuf {
    let out =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("server-{}", std::process::id()));
    let status = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
        .args(["-g", "-O0", "-o"])
        .arg(&out)
        .arg(fixtures_dir().join("server.c"))
        .status()
        .expect("a C compiler (cc) is needed to build the test fixtures");
    assert!(status.success(), "building server.c failed");
    out
}

#[test]
fn where_a_service_or_its_worker_died_is_named_by_the_function_that_crashed() {
    if !gdb_provided() {
        return;
    }
    let server = c_server();
    // A single process (its own death) cold, and a pre-forking master's worker warm.
    for (mode, state, died) in [("single", "cold", "service"), ("prefork", "warm", "worker")] {
        let mut command = nestprobe();
        command.args([
            "probe",
            "--format",
            "json",
            "--max-depth",
            "200000",
            "--timeout",
            "5s",
            "--state",
            state,
        ]);
        let mark = marker("crash-site", mode);
        command.args(["--serve", "http://127.0.0.1:{port}/", "--"]).arg(&server).args([mode, &mark]);
        let output = run(command);
        assert_none_left(&mark, mode);
        let result = json_of(&output);
        assert_eq!(result["failure"]["service"]["died"], died, "{mode}: {result:#}");
        let site = &result["crashed_in"];
        assert!(site["unknown"].is_null(), "{mode}: {site:#}");
        assert_eq!(site["frames"][0], "parse_nested", "{mode}: {site:#}");
        assert_eq!(site["cycle"], serde_json::json!(["parse_nested"]), "{mode}: {site:#}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(!text.contains("gdb"), "{text}");
    }
}

#[test]
fn a_server_whose_runtime_exits_of_the_request_is_located_by_the_frames_it_printed() {
    // Go's fatal stack overflow: exit status 2 and the overflowing goroutine's frames among
    // others'. No debugger is needed: the runtime said where.
    let mark = marker("crash-site", "gofatal");
    let output =
        run(probe_served("http://127.0.0.1:{port}/parse", &["--format", "json"], "gofatal", "100", &mark));
    assert_none_left(&mark, "gofatal");
    let result = json_of(&output);
    assert_eq!(result["min_failing_depth"], 101, "{result:#}");
    assert_eq!(result["failure"]["exit_code"], 2, "{result:#}");
    assert_eq!(result["failure"]["service"]["died"], "service", "{result:#}");
    let site = &result["crashed_in"];
    assert_eq!(site["printed_by_runtime"], true, "{site:#}");
    assert_eq!(site["frames"][0], "main.parseValue", "{site:#}");
    assert_eq!(site["cycle"], serde_json::json!(["main.parseValue"]), "{site:#}");
}

#[test]
fn a_request_that_hangs_its_server_idle_is_not_waited_on_again_with_a_longer_timeout() {
    // Every request past 100 levels is never answered, its handler asleep: a timeout's retry with
    // four times the timeout would wait for nothing.
    let mark = marker("hang", "idle");
    let output = run(probe_served("http://127.0.0.1:{port}/parse", &["--verbose"], "hang", "100", &mark));
    assert_none_left(&mark, "hang");
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), stderr_of(&output));
    assert!(stdout.contains("exhausts time at depth 101"), "{stdout}\n{stderr}");
    let waits: Vec<f64> = stderr
        .lines()
        .filter(|line| line.contains("exhausts time ("))
        .filter_map(|line| line.rsplit('(').next()?.trim_end_matches(" s)").parse().ok())
        .collect();
    assert!(!waits.is_empty(), "{stderr}");
    // The timeout is 2 s; a retry with the longer one would wait 8 s.
    assert!(waits.iter().all(|&wait| wait < 6.0), "{waits:?}\n{stderr}");
}
