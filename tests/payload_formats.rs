//! Payload formats (`--payload`) through the real binary, on the fixture: results name the format,
//! sizes match the library's, and a shape a format lacks is a one-line error.

mod common;

use common::*;
use nestprobe::payload::{Payload, PayloadFormat};

#[test]
fn a_yaml_probe_names_its_format_and_finds_the_fixtures_limit() {
    let result = probe_fixture(&["--payload", "yaml"], &["limit", "300"]);
    assert_eq!(result["payload_format"], "yaml", "{result:#}");
    assert_eq!(result["shape"], "array");
    assert_eq!(u64_of(&result, "min_failing_depth"), 301);
    // Flow sequences: `[` and `]` per level.
    assert_eq!(u64_of(&result, "payload_bytes"), 602);
}

#[test]
fn every_format_streams_payloads_of_the_size_the_library_computes() {
    // The `size` fixture fails as soon as the input is longer than the limit, whatever the format,
    // so its boundary is the first depth whose payload is longer: the bytes really written.
    const LIMIT: u64 = 1000;
    for format in PayloadFormat::all() {
        let shape = format.main_shape();
        let result = probe_fixture(&["--payload", format.name()], &["size", &LIMIT.to_string()]);
        assert_eq!(result["payload_format"], format.name(), "{result:#}");
        assert_eq!(result["shape"], shape.name());
        let expected = (1..).find(|&d| Payload::new(format, shape, d).len() > LIMIT).unwrap();
        assert_eq!(u64_of(&result, "min_failing_depth"), expected, "{format}: {result:#}");
        let bytes = u64_of(&result, "payload_bytes");
        assert!(bytes > LIMIT && bytes == Payload::new(format, shape, expected).len(), "{format}: {bytes}");
    }
}

#[test]
fn a_shape_the_format_lacks_is_a_one_line_error_naming_the_format() {
    let mut command = nestprobe();
    command.args(["probe", "--payload", "xml", "--shape", "array", "--"]).arg(fixture()).args(["size", "9"]);
    let output = run(command);
    // A command-line mistake: exit status 2, like every usage error.
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(
            "nestprobe: error: xml payloads have no `array` shape; their shapes: element, entity-ref, content-model, attributed, unclosed"
        ),
        "{stderr}"
    );
}

#[test]
fn failing_at_depth_one_shows_the_formats_depth_one_payload() {
    let mut command = nestprobe();
    command.args(["probe", "--payload", "cbor", "--"]).arg(fixture()).args(["size", "0"]);
    let stderr = stderr_of(&run(command));
    assert!(stderr.contains("cannot parse even depth 1 (cbor 80 (hex))"), "{stderr}");

    let mut command = nestprobe();
    command
        .args(["probe", "--payload", "toml", "--shape", "object", "--"])
        .arg(fixture())
        .args(["size", "0"]);
    let stderr = stderr_of(&run(command));
    assert!(stderr.contains("cannot parse even depth 1 (toml `a={}`)"), "{stderr}");
}

#[test]
fn a_sweep_probes_in_the_format_asked_for() {
    let mut command = nestprobe();
    command.args(["sweep", "--format", "json", "--payload", "msgpack", "--stacks", "1MiB,8MiB", "--"]);
    command.arg(fixture()).args(["size", "500"]);
    let sweep = run_json(command);
    assert_eq!(sweep["verdict"], "fixed", "{sweep:#}");
    for probe in sweep["probes"].as_array().unwrap() {
        assert_eq!(probe["payload_format"], "msgpack");
        // fixarrays: one byte per level.
        assert_eq!(u64_of(probe, "min_failing_depth"), 501);
    }
}
