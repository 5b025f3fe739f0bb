//! Shared helpers for the integration tests: the real binary and fixture programs built on demand.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;

/// Whether the machine provides what a test needs (gdb, a PID namespace, Chromium, an oracle…).
/// Where it does not, the test is skipped with what to install, said past libtest's capture so a
/// plain `cargo test` shows it; with NESTPROBE_TEST_STRICT set (CI sets it: .ci/run installs and
/// enables all of them) a missing need fails the test instead.
pub fn provided(need: &str, present: bool, how: &str) -> bool {
    if present {
        return true;
    }
    assert!(
        std::env::var_os("NESTPROBE_TEST_STRICT").is_none(),
        "this machine lacks {need} ({how}), which NESTPROBE_TEST_STRICT requires"
    );
    use std::io::Write;
    let test = std::thread::current().name().unwrap_or("a test").to_owned();
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: no {need} ({how})");
    false
}

/// gdb, which names the function a crash recursed in.
pub fn gdb_provided() -> bool {
    provided("gdb", Path::new("/usr/bin/gdb").exists(), "apt-get install gdb")
}

pub fn nestprobe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_nestprobe"))
}

pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The misbehaving parser program (tests/fixtures/fixture.c), compiled once per test binary.
pub fn fixture() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fixture-{}", std::process::id()));
        compile_fixture(&out, &[]);
        out
    })
}

/// Compiles the fixture program to `out`, with `extra` compiler flags (e.g. `-static`).
pub fn compile_fixture(out: &Path, extra: &[&str]) {
    // -O1 keeps the recursive parser's frames real (no tail-call or inlining into a loop).
    let status = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
        .args(extra)
        .args(["-O1", "-fno-optimize-sibling-calls", "-fno-inline", "-o"])
        .arg(out)
        .arg(fixtures_dir().join("fixture.c"))
        .status()
        .expect("a C compiler (cc) is needed to build the test fixtures");
    assert!(status.success(), "building the fixture ({extra:?}) failed");
}

/// Runs `nestprobe probe --format json [options] -- <fixture> <mode args…>` and returns the JSON.
pub fn probe_fixture(options: &[&str], fixture_args: &[&str]) -> Value {
    let mut command = nestprobe();
    command.args(["probe", "--format", "json"]).args(options).arg("--").arg(fixture()).args(fixture_args);
    run_json(command)
}

pub fn run_json(mut command: Command) -> Value {
    let output = command.output().expect("nestprobe runs");
    assert!(
        output.status.success(),
        "nestprobe failed: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!("stdout is not one JSON value ({e}):\n{}", String::from_utf8_lossy(&output.stdout))
    })
}

pub fn run(mut command: Command) -> Output {
    command.output().expect("nestprobe runs")
}

pub fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn u64_of(value: &Value, field: &str) -> u64 {
    value[field].as_u64().unwrap_or_else(|| panic!("{field} is not a number in {value:#}"))
}

mod fake_registry;
pub mod hostile;
pub mod schemas;
#[allow(unused_imports)]
pub use fake_registry::{python_provided, release_program, write, FakeRegistry};
mod workspace;
#[allow(unused_imports)]
pub use workspace::{catalog_text, record, write_catalog_file, Environment, Row, Workspace};

/// The committed results.json, parsed: real records of every kind to build test inputs from.
pub fn committed_results() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("results.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The first record of `results` whose main result failed.
pub fn first_failing(results: &mut Value) -> &mut Value {
    results["parsers"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|r| r["result"]["failure"].is_object())
        .expect("a parser that fails in results.json")
}

/// A generated file's text without what says when and how each fact was last confirmed (results.json's
/// `confirmed`, results.md's Confirmations section, the README's line): every run rewrites those,
/// and they are never facts.
pub fn without_confirmations(name: &str, bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes).into_owned();
    if name.ends_with(".json") {
        let Ok(mut value) = serde_json::from_str::<Value>(&text) else { return text };
        if let Some(parsers) = value.get_mut("parsers").and_then(Value::as_array_mut) {
            for record in parsers.iter_mut().filter_map(Value::as_object_mut) {
                record.remove("confirmed");
            }
        }
        return value.to_string();
    }
    // results.html: each row's detail says when it was last confirmed.
    let mut text = text;
    while let Some(at) = text.find("<dt>Confirmed</dt>") {
        let end = text[at..].find("</dd>").map_or(text.len(), |end| at + end + "</dd>".len());
        text.replace_range(at..end, "");
    }
    let text = match text.find("## Confirmations") {
        Some(at) => match text[at..].find("\n\n- Rows") {
            Some(end) => format!("{}{}", &text[..at], &text[at + end..]),
            None => text,
        },
        None => text,
    };
    text.lines().filter(|line| !line.starts_with("The last run measured")).collect::<Vec<_>>().join("\n")
}
