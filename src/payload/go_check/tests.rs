//! The Go payloads (gob streams, build constraints, composite literals) checked against Go's own
//! encoding/gob, go/build/constraint and go/parser: `go_oracle.go`, run with the machine's Go. One
//! run for all payloads: `FORMAT SHAPE DEPTH HEX` lines in, a spine or `error …` per line out.
//! Without Go the test is skipped with a message, unless NESTPROBE_TEST_STRICT is set (CI installs
//! golang-go and sets it).

use crate::payload::{Payload, PayloadFormat, Shape};

const ORACLE: &str = include_str!("go_oracle.go");

/// The spine Go should find at `depth`; parentheses vanish from go/build/constraint's tree, and a
/// refused payload only has to be refused.
fn expected(shape: Shape, depth: u64) -> String {
    let level = match shape {
        Shape::Array => "S",
        Shape::Object => "M",
        Shape::Negation => "N",
        Shape::CompositeLiteral => "L",
        Shape::Paren => return "accepted".into(),
        _ => unreachable!("no spine for {shape}"),
    };
    level.repeat(depth as usize)
}

#[test]
fn go_payloads_against_go() {
    let go = std::process::Command::new("go").arg("version").output();
    if !go.is_ok_and(|out| out.status.success()) {
        let message = "no Go toolchain (apt-get install golang-go)";
        assert!(std::env::var_os("NESTPROBE_TEST_STRICT").is_none(), "{message}");
        eprintln!("skipped: {message}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("main.go"), ORACLE).unwrap();
    // Depths past the widths where gob's ids take a second and a third byte (levels 32, 64).
    let depths: Vec<u64> = (1..=40).chain([63, 64, 65, 200, 20_000]).collect();
    let mut payloads = Vec::new();
    for (name, shapes) in [
        ("gob", &[Shape::Array, Shape::Object, Shape::Unclosed][..]),
        ("build-constraint", &[Shape::Negation, Shape::Paren, Shape::Unclosed][..]),
        ("code", &[Shape::CompositeLiteral][..]),
    ] {
        let format: PayloadFormat = name.parse().unwrap();
        for &shape in shapes {
            // gob's ignore path refuses more than 10,000 levels of slices (Go 1.17.12 and later);
            // the others are only checked at the small depths.
            let deepest = if name == "gob" && shape == Shape::Object { 20_000 } else { 200 };
            payloads
                .extend(depths.iter().filter(|&&d| d <= deepest).map(|&d| Payload::new(format, shape, d)));
        }
    }
    let input: String = payloads
        .iter()
        .map(|p| {
            let hex: String = p.to_vec().iter().map(|b| format!("{b:02x}")).collect();
            format!("{} {} {} {hex}\n", p.format, p.shape, p.depth)
        })
        .collect();
    let output = std::process::Command::new("go")
        .args(["run", "main.go"])
        .current_dir(dir.path())
        .env("GO111MODULE", "off")
        .env("GOCACHE", dir.path().join("cache"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let lines: Vec<String> = String::from_utf8(output.stdout).unwrap().lines().map(String::from).collect();
    assert_eq!(lines.len(), payloads.len(), "{}", String::from_utf8_lossy(&output.stderr));
    for (payload, line) in payloads.iter().zip(lines) {
        let what = format!("{} {} at {}", payload.format, payload.shape, payload.depth);
        if payload.shape.must_be_accepted() {
            assert_eq!(line, expected(payload.shape, payload.depth), "{what}");
        } else {
            assert!(line.starts_with("error"), "{what} was accepted: {line}");
        }
    }
}
