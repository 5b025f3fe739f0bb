//! Bad input gets one clear line, never a panic or an endless loop (issue #37, items 11–13): options
//! out of their documented bounds, catalog rows that would leave their folder or break a file name,
//! parser folders holding FIFOs or devices, hostile versions, names and messages, results files whose
//! ids would write outside `--out`.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// The control characters a hostile program or catalog puts in its text: ESC sequences (clear the
/// screen, retitle the window), BEL, BS, CR and the right-to-left override.
const CONTROLS: [char; 6] = ['\u{1b}', '\u{7}', '\u{8}', '\r', '\u{202e}', '\u{9b}'];

/// `printf` arguments that print all of [`CONTROLS`] around some words.
const HOSTILE_PRINTF: &str = r"printf '1.0\033]0;owned\007\033[2J\010\015\342\200\256reversed\302\233x\n'";

fn assert_usage_error(output: &Output, says: &[&str], what: &str) {
    let stderr = stderr_of(output);
    assert_eq!(output.status.code(), Some(2), "{what}: {stderr}");
    assert!(stderr.starts_with("nestprobe: error: "), "{what}: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{what}: not one line: {stderr}");
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    for word in says {
        assert!(stderr.contains(word), "{what} should say {word:?}: {stderr}");
    }
}

fn assert_no_controls(text: &str, what: &str) {
    if let Some(c) = text.chars().find(|c| CONTROLS.contains(c)) {
        let at = text.find(c).unwrap();
        let around = &text[at.saturating_sub(60)..(at + 60).min(text.len())];
        panic!("{what} holds {c:?}: …{around:?}…");
    }
}

#[test]
fn timeouts_above_a_day_and_depths_above_the_bound_are_usage_errors_naming_it() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["--timeout", "1e19"], &["--timeout", "more than a day (24h)"]),
        (&["--timeout", "1e30"], &["--timeout", "more than a day (24h)"]),
        (&["--timeout", "25h"], &["more than a day (24h)"]),
        (&["--timeout", "99999999999999999999999d"], &["more than a day (24h)"]),
        (&["--max-depth", "18446744073709551615"], &["--max-depth", "at most 100,000,000"]),
        (&["--max-depth", "100000001"], &["at most 100,000,000"]),
        (&["--hint", "18446744073709551615"], &["--hint", "100,000,000"]),
        (&["--hint", "slow:18446744073709551615"], &["100,000,000"]),
        (&["--expect-max-depth", "18446744073709551615"], &["at most 100,000,000"]),
    ];
    for (options, says) in cases {
        for subcommand in ["probe", "sweep", "run"] {
            if subcommand != "probe" && options[0] != "--timeout" && options[0] != "--max-depth" {
                continue;
            }
            let mut command = nestprobe();
            command.arg(subcommand).args(*options);
            if subcommand != "run" {
                command.args(["--", "true"]);
            }
            let started = Instant::now();
            let output = run(command);
            assert_usage_error(&output, says, &format!("{subcommand} {options:?}"));
            assert!(started.elapsed() < Duration::from_secs(10), "{subcommand} {options:?} searched");
        }
    }
    // The bounds themselves are accepted, and `--help` documents both.
    let mut command = nestprobe();
    command.args(["probe", "--format", "json", "--timeout", "24h", "--max-depth", "100000000"]);
    command.args(["--hint", "50", "--", "sh", "-c", "cat >/dev/null; exit 1"]);
    let output = run(command);
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    let help = String::from_utf8(
        run({
            let mut command = nestprobe();
            command.args(["probe", "--help"]);
            command
        })
        .stdout,
    )
    .unwrap();
    assert!(help.contains("at most a day (24h)") && help.contains("at most 100,000,000"), "{help}");
}

#[test]
fn a_catalog_timeout_above_a_day_is_a_usage_error_naming_the_row() {
    for timeout in ["1e30", "1e19", "100000d"] {
        let workspace =
            Workspace::new(&[Row::new("slowpoke").set("run", vec!["cat"]).set("timeout", timeout)]);
        for subcommand in [&["list"][..], &["run", "--quick"]] {
            let output = workspace.nestprobe(subcommand);
            assert_usage_error(&output, &["parser `slowpoke`", "more than a day (24h)"], timeout);
        }
        assert!(!workspace.path("results.json").exists());
    }
}

#[test]
fn a_bad_documented_limit_is_a_usage_error_naming_the_row_and_the_field() {
    let claim = |depth: i64, counts: &str, source: &str| {
        let mut table = toml::value::Table::new();
        table.insert("depth".into(), depth.into());
        table.insert("counts".into(), counts.into());
        table.insert("source".into(), source.into());
        toml::Value::Table(table)
    };
    let cases = [
        (claim(0, "nesting", "https://example.org/limit"), "`documented.depth`"),
        (claim(32, "Captures!", "https://example.org/limit"), "`documented.counts`"),
        (claim(32, "nesting", "javascript:alert(1)"), "`documented.source`"),
    ];
    for (documented, field) in cases {
        let workspace =
            Workspace::new(&[Row::new("claimant").set("run", vec!["cat"]).set("documented", documented)]);
        let output = workspace.nestprobe(&["list"]);
        assert_usage_error(&output, &["parser `claimant`", field], field);
    }
    // A field the claim does not have is refused with the line and column, like any other.
    let mut unknown = toml::value::Table::new();
    unknown.insert("depth".into(), 32.into());
    unknown.insert("source".into(), "https://example.org".into());
    unknown.insert("limit".into(), 3.into());
    let workspace = Workspace::new(&[Row::new("claimant")
        .set("run", vec!["cat"])
        .set("documented", toml::Value::Table(unknown))]);
    assert_usage_error(&workspace.nestprobe(&["list"]), &["limit"], "an unknown field");
}

#[test]
fn catalog_rows_whose_ids_or_programs_would_leave_their_folder_are_refused_at_load() {
    let long_id = "a".repeat(252);
    let cases: Vec<(Row, &str)> = vec![
        (Row::new("escape").set("run", vec!["cat"]).set("program", ".."), "`program`"),
        (Row::new("escape").set("run", vec!["cat"]).set("program", "../other"), "`program`"),
        (Row::new("escape").set("run", vec!["cat"]).set("program", "/tmp"), "`program`"),
        (Row::new("escape").set("run", vec!["cat"]).set("program", "."), "`program`"),
        (Row::new(&long_id).set("run", vec!["cat"]), "252 bytes long, more than 100"),
        (Row::new("-dash").set("run", vec!["cat"]), "must be lowercase letters"),
        (Row::new(".hidden").set("run", vec!["cat"]), "must be lowercase letters"),
        (Row::new("Upper").set("run", vec!["cat"]), "must be lowercase letters"),
        (Row::new("bad\u{1b}[2Jid").set("run", vec!["cat"]), "\\u{1b}"),
    ];
    for (row, says) in cases {
        let dir = tempfile::tempdir().unwrap();
        let catalog = dir.path().join("parsers/catalog.toml");
        fs::create_dir_all(catalog.parent().unwrap()).unwrap();
        // (Not `Workspace`, which makes each row's folder: these ids name none.)
        fs::write(&catalog, catalog_text(&[row])).unwrap();
        for subcommand in [&["list"][..], &["run", "--quick"]] {
            let mut command = nestprobe();
            command.current_dir(dir.path()).args(subcommand);
            let output = run(command);
            assert_usage_error(&output, &["parsers/catalog.toml: parser `", says], says);
            assert_no_controls(&stderr_of(&output), "the error");
        }
        assert!(!dir.path().join("results.json").exists() && !dir.path().join("badges").exists());
    }
    // Ids may have dots and underscores, up to 100 bytes.
    let id = format!("{}.x_y", "b".repeat(96));
    let workspace = Workspace::new(&[Row::new(&id).set("run", vec!["cat"])]);
    let output = workspace.nestprobe(&["list"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
}

/// `run` of `workspace` that must end within `limit`; killed (and the test failed) if it does not.
fn run_within(workspace: &Workspace, args: &[&str], limit: Duration) -> Output {
    let mut child = workspace.command(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            let output = child.wait_with_output().unwrap();
            panic!("{args:?} still running after {limit:?}: {}", stderr_of(&output));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_fifo_or_device_in_a_parsers_folder_is_refused_never_opened() {
    let good = Row::fixture("good", &["limit", "50"]);
    let workspace = Workspace::new(&[
        Row::fixture("with-fifo", &["limit", "50"]),
        Row::fixture("with-device", &["limit", "50"]),
        // A link back up into its own folder is followed once, not for ever.
        Row::fixture("with-loop", &["limit", "50"]),
        good,
    ]);
    nix::unistd::mkfifo(&workspace.path("parsers/with-fifo/pipe"), nix::sys::stat::Mode::S_IRWXU).unwrap();
    std::os::unix::fs::symlink("/dev/zero", workspace.path("parsers/with-device/zero")).unwrap();
    fs::create_dir(workspace.path("parsers/with-loop/sub")).unwrap();
    std::os::unix::fs::symlink("..", workspace.path("parsers/with-loop/sub/up")).unwrap();
    std::os::unix::fs::symlink("../sub", workspace.path("parsers/with-loop/sub/again")).unwrap();

    let output = run_within(&workspace, &["run", "--quick", "--max-depth", "100"], Duration::from_secs(60));
    let stderr = stderr_of(&output);
    assert!(output.status.success(), "{stderr}");
    let results = workspace.results();
    for (id, what) in
        [("with-fifo", "with-fifo/pipe is a FIFO"), ("with-device", "with-device/zero is a device")]
    {
        let record = record(&results, id);
        assert_eq!(record["status"], "build-failed", "{record:#}");
        let reason = record["reason"].as_str().unwrap();
        assert!(reason.contains(what) && reason.contains("only files, folders and links"), "{reason}");
        assert!(!reason.contains(workspace.root().to_str().unwrap()), "a path of this machine: {reason}");
        assert_eq!(stderr.lines().filter(|l| l.contains(what)).count(), 1, "{stderr}");
    }
    for id in ["with-loop", "good"] {
        assert_eq!(record(&results, id)["result"]["min_failing_depth"], 51, "{id}");
    }
}

#[test]
fn control_characters_in_versions_names_and_messages_never_reach_reports_or_the_terminal() {
    let workspace = Workspace::new(&[
        Row::fixture("hostile", &["limit", "50"])
            .set("version", HOSTILE_PRINTF)
            .set("library", "lib\u{1b}[31mred\u{202e}")
            .set("note", "note\u{7}\u{8}\r"),
        Row::fixture("huge-version", &["limit", "60"])
            .set("version", "head -c 20000000 /dev/zero | tr '\\0' 'v'; echo"),
        // It fails at depth 1 with a hostile error line: the reason and the terminal line quote it.
        Row::new("hostile-stderr").set(
            "run",
            vec![
                "sh",
                "-c",
                &format!("cat >/dev/null; {} >&2; exit 1", HOSTILE_PRINTF.replace("1.0", "error")),
            ],
        ),
    ]);
    let output = run_within(&workspace, &["run", "--quick", "--max-depth", "100"], Duration::from_secs(120));
    let stderr = stderr_of(&output);
    assert!(output.status.success(), "{stderr}");
    assert_no_controls(&stderr, "the terminal");
    let results = workspace.results();
    let hostile = record(&results, "hostile");
    let version = hostile["version"].as_str().unwrap();
    assert!(version.starts_with("1.0\\u{1b}]0;owned"), "{version}");
    assert_no_controls(version, "the version");
    assert_no_controls(hostile["library"].as_str().unwrap(), "the library");
    let huge = record(&results, "huge-version")["version"].as_str().unwrap().to_string();
    assert!(huge.len() <= 200 + '…'.len_utf8() && huge.ends_with('…'), "{} bytes", huge.len());
    let reason = record(&results, "hostile-stderr")["reason"].as_str().unwrap();
    assert!(reason.contains("error\\u{1b}]0;owned"), "{reason}");
    assert_no_controls(reason, "the reason");

    let text = |path: &Path| fs::read_to_string(path).unwrap();
    for report in ["results.md", "results.html", "README.md"] {
        let report_text = text(&workspace.path(report));
        assert_no_controls(&report_text, report);
        assert!(report_text.len() < 1_000_000, "{report}: {} bytes", report_text.len());
    }
    for badge in fs::read_dir(workspace.path("badges")).unwrap().flatten() {
        assert_no_controls(&text(&badge.path()), &badge.path().display().to_string());
    }
    // The same text rendered again from results.json comes out as clean.
    let output = workspace.nestprobe(&["render"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_no_controls(&text(&workspace.path("results.html")), "results.html rendered again");
}

/// A results file (the committed one's first record, under `id`) rendered into `out`.
fn render_with_id(dir: &Path, id: &str) -> Output {
    let mut results = committed_results();
    let parsers = results["parsers"].as_array_mut().unwrap();
    parsers.truncate(1);
    parsers[0]["id"] = id.into();
    let input = dir.join("in.json");
    fs::write(&input, serde_json::to_string_pretty(&results).unwrap()).unwrap();
    let out = dir.join("a/b/out");
    fs::create_dir_all(&out).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_nestprobe"));
    command.arg("render").arg("--results").arg(&input).arg("--out").arg(&out);
    run(command)
}

#[test]
fn render_writes_nothing_outside_out_whatever_ids_results_json_holds() {
    for id in ["../../../escaped", "/tmp/nestprobe-absolute", "a/b", "..", &"x".repeat(252), "evil\u{1b}[2J"]
    {
        let dir = tempfile::tempdir().unwrap();
        let output = render_with_id(dir.path(), id);
        assert_usage_error(&output, &["in.json", "a parser record's id"], id);
        assert_no_controls(&stderr_of(&output), "the error");
        // Nothing written: not beside --out, not inside it.
        let mut written = Vec::new();
        let mut stack = vec![dir.path().to_path_buf()];
        while let Some(folder) = stack.pop() {
            for entry in fs::read_dir(&folder).unwrap().flatten() {
                if entry.path().is_dir() {
                    stack.push(entry.path());
                } else {
                    written.push(entry.path());
                }
            }
        }
        assert_eq!(written, [dir.path().join("in.json")], "{id}");
    }
    assert!(!Path::new("/tmp/nestprobe-absolute.svg").exists());
    // A good id renders.
    let dir = tempfile::tempdir().unwrap();
    let output = render_with_id(dir.path(), "fine.id_1");
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert!(dir.path().join("a/b/out/badges/fine.id_1.svg").exists());
}

#[test]
fn a_catalog_or_results_file_that_is_a_fifo_or_device_is_refused_unopened() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("catalog.toml");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
    let cases: [&[&str]; 3] = [
        &["list", "--catalog", fifo.to_str().unwrap()],
        &["render", "--results", fifo.to_str().unwrap(), "--out", dir.path().to_str().unwrap()],
        &["render", "--results", "/dev/zero", "--out", dir.path().to_str().unwrap()],
    ];
    for args in cases {
        let mut child = nestprobe().args(args).stderr(Stdio::piped()).spawn().unwrap();
        let started = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > Duration::from_secs(20) {
                child.kill().unwrap();
                panic!("{args:?} blocked");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let output = child.wait_with_output().unwrap();
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
        assert!(stderr.contains("not a regular file"), "{stderr}");
    }
}

#[test]
fn a_results_file_with_control_characters_renders_without_them() {
    let hostile = "x\u{1b}]0;owned\u{7}\u{1b}[2J\u{8}\r\u{202e}\u{9b}y";
    let mut results = committed_results();
    let record = first_failing(&mut results);
    for field in ["library", "language", "version", "note"] {
        record[field] = format!("{field} {hostile}").into();
    }
    record["result"]["failure"]["stderr"] = format!("Error: {hostile}").into();
    results["environment"]["os"] = format!("os {hostile}").into();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.json");
    fs::write(&input, serde_json::to_string_pretty(&results).unwrap()).unwrap();
    let out = dir.path().join("out");
    let mut command = nestprobe();
    command.arg("render").arg("--results").arg(&input).arg("--out").arg(&out);
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let mut files = vec![];
    let mut stack = vec![out.clone()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap().flatten() {
            if entry.path().is_dir() {
                stack.push(entry.path());
            } else {
                files.push(entry.path());
            }
        }
    }
    assert!(files.len() > 5, "{files:?}");
    for file in files {
        assert_no_controls(&fs::read_to_string(&file).unwrap(), &file.display().to_string());
    }
}

#[test]
fn jobs_of_zero_and_repeats_beyond_the_bound_are_usage_errors_in_every_subcommand() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["run", "-j", "0"], &["--jobs", "must be at least 1, got 0"]),
        (&["run", "--jobs", "0"], &["--jobs", "must be at least 1, got 0"]),
        (&["probe", "-j", "0", "--", "true"], &["--jobs", "must be at least 1, got 0"]),
        (&["probe", "--repeat", "1001", "--", "true"], &["--repeat", "must be at most 1,000, got 1001"]),
        (&["sweep", "--repeat", "99999999999", "--", "true"], &["--repeat", "at most 1,000"]),
        (&["probe", "--repeat", "0", "--", "true"], &["--repeat", "must be at least 1"]),
    ];
    let workspace = Workspace::new(&[Row::new("one").set("run", vec!["/bin/true"])]);
    for (args, says) in cases {
        let started = Instant::now();
        let output = workspace.nestprobe(args);
        assert_usage_error(&output, says, &format!("{args:?}"));
        assert!(started.elapsed() < Duration::from_secs(10), "{args:?} measured something");
    }
    assert!(!workspace.path("results.json").exists(), "a refused run wrote results");
}

#[test]
fn an_only_that_matches_no_catalog_row_is_a_usage_error_naming_the_typo() {
    let rows =
        [Row::new("c-one").set("run", vec!["/bin/true"]), Row::new("c-two").set("run", vec!["/bin/true"])];
    let workspace = Workspace::new(&rows);
    for args in [
        &["run", "--only", "c-one,c-onne"][..],
        &["run", "--only", "c-one", "--only", "c-onne"],
        &["list", "--only", "c-onne"],
        &["setup", "--dry-run", "--only", "c-onne"],
        &["run", "--only", "c-one@debian13x,c-onne"],
    ] {
        let output = workspace.nestprobe(args);
        let typo = args.last().unwrap().split(',').find(|name| *name != "c-one").unwrap();
        assert_usage_error(&output, &[&format!("no catalog row matches '{typo}'")], &format!("{args:?}"));
    }
    assert!(!workspace.path("results.json").exists(), "a refused run wrote results");
    // Names that match are taken, in every environment or in one.
    let output = workspace.nestprobe(&["list", "--only", "c-two,c-one@host", "--format", "json"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let listed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let keys: Vec<&str> = listed.as_array().unwrap().iter().map(|row| row["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["c-one", "c-two"]);
    // An empty name is refused by clap before the catalog is read.
    assert_usage_error(
        &workspace.nestprobe(&["list", "--only", "c-one,"]),
        &["--only", "empty name"],
        "empty",
    );
}
