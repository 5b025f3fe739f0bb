//! `nestprobe outdated` against a fake registry (`common::FakeRegistry`): a folder laid out as npm's
//! registry API, PyPI's JSON API and the crates.io sparse index. The real registries are never
//! contacted: every test names all three addresses.

mod common;

use std::fs;
use std::path::Path;
use std::process::Output;

use common::*;
use serde_json::{json, Value};

/// The fixture library's releases on each registry: an old pin, a newer release in its series, a
/// withdrawn one after it, a pre-release after that and a newer series.
fn fake_registry(folder: &Path) {
    let npm = json!({
        "name": "fixture-lib",
        "versions": {"1.0.0": {}, "1.1.0": {}, "1.2.0": {"deprecated": "broken"}, "1.3.0-beta.1": {}, "2.0.0": {}},
        "time": {"1.0.0": "2020-01-01T00:00:00.000Z", "1.1.0": "2021-01-01T00:00:00.000Z",
                 "1.2.0": "2022-01-01T00:00:00.000Z", "2.0.0": "2023-05-06T07:08:09.000Z"}
    });
    write(&folder.join("npm/fixture-lib"), &npm.to_string());
    // A scoped name is asked for as @scope%2flib, which the server reads as @scope/lib.
    let scoped = json!({"versions": {"1.0.0": {}}, "time": {"1.0.0": "2020-02-02T00:00:00.000Z"}});
    write(&folder.join("npm/@scope/lib"), &scoped.to_string());
    let file = |yanked: bool, date: &str| json!({"yanked": yanked, "upload_time_iso_8601": date});
    let pypi = json!({"releases": {
        "1.0": [file(false, "2020-01-01T00:00:00Z")],
        "1.1": [file(false, "2021-03-04T00:00:00Z")],
        "1.2": [file(true, "2022-01-01T00:00:00Z")],
        "2.0rc1": [file(false, "2023-01-01T00:00:00Z")]
    }});
    write(&folder.join("pypi/pypi/fixture-lib/json"), &pypi.to_string());
    // A library whose pinned 1.0 was yanked and whose newest, 1.1, needs a Python no one has: pip
    // installs 0.9.
    let needs = |requires: &str, yanked: bool| json!({"yanked": yanked, "upload_time_iso_8601": "2024-01-01T00:00:00Z", "requires_python": requires});
    let held = json!({"releases": {
        "0.9": [needs(">=3", false)], "1.0": [needs(">=3", true)], "1.1": [needs(">=99", false)]
    }});
    write(&folder.join("pypi/pypi/held-lib/json"), &held.to_string());
    let crates: Vec<String> = [
        ("0.5.1", false),
        ("0.5.2", false),
        ("0.5.3", true),
        ("0.6.0-alpha.1", false),
        ("0.8.0", false),
    ]
    .iter()
    .map(|(version, yanked)| {
        json!({"name": "fixture-lib", "vers": version, "yanked": yanked, "pubtime": "2024-07-08T00:00:00Z"})
            .to_string()
    })
    .collect();
    write(&folder.join("crates/fi/xt/fixture-lib"), &(crates.join("\n") + "\n"));
    // What a registry answers that is not its API.
    write(&folder.join("crates/ga/rb/garbage-lib"), "<html>not an index</html>\n");
}

fn row(id: &str, package: &str) -> String {
    format!("[[parser]]\nid = \"{id}\"\nlanguage = \"C\"\nlibrary = \"{id}\"\nrun = [\"true\"]\nversion = \"true\"\n{package}\n")
}

const CATALOG: &[(&str, &str)] = &[
    ("npm-old", "# Old on purpose: stays in 1.x.\npackage = { registry = \"npm\", name = \"fixture-lib\", version = \"1.0.0\", series = \"1\" }  # the 1.x pin\nbuild = 'npm install {package}'"),
    ("npm-current", "package = { registry = \"npm\", name = \"fixture-lib\", version = \"2.0.0\" }"),
    ("npm-scoped", "package = { registry = \"npm\", name = \"@scope/lib\", version = \"1.0.0\" }"),
    ("pypi-old", "package = { registry = \"pypi\", name = \"fixture-lib\", version = \"1.0\" }\nbuild = 'pip install \"{package}\"'"),
    ("crates-old", "package = { registry = \"crates\", name = \"fixture-lib\", version = \"0.5.1\", series = \"0.5\" }"),
    ("apt-row", "apt = [\"libfixture\"]"),
];

/// A temporary catalog of the rows above beside a fake registry, and its server.
struct Setup {
    dir: tempfile::TempDir,
    server: FakeRegistry,
}

impl Setup {
    fn new(rows: &[(&str, &str)]) -> Setup {
        let dir = tempfile::tempdir().unwrap();
        fake_registry(&dir.path().join("registry"));
        let text: Vec<String> = rows.iter().map(|(id, package)| row(id, package)).collect();
        write(
            &dir.path().join("parsers/catalog.toml"),
            &format!("# The test's catalog.\n\n{}", text.join("\n")),
        );
        let server = FakeRegistry::serve(&dir.path().join("registry"));
        Setup { dir, server }
    }

    fn catalog(&self) -> std::path::PathBuf {
        self.dir.path().join("parsers/catalog.toml")
    }

    fn outdated(&self, args: &[&str]) -> Output {
        let mut command = nestprobe();
        command.arg("outdated").arg("--catalog").arg(self.catalog()).args(args);
        self.server.point(&mut command);
        run(command)
    }

    fn outdated_json(&self) -> (Vec<Value>, Output) {
        let output = self.outdated(&["--format", "json"]);
        let lines: Value = serde_json::from_slice(&output.stdout).expect("stdout is JSON");
        (lines.as_array().unwrap().clone(), output)
    }
}

fn by_id<'a>(lines: &'a [Value], id: &str) -> &'a Value {
    lines.iter().find(|line| line["id"] == id).unwrap_or_else(|| panic!("no line for {id}: {lines:?}"))
}

#[test]
fn outdated_lists_the_newest_release_in_series_and_overall() {
    if !python_provided() {
        return;
    }
    let setup = Setup::new(CATALOG);
    let (lines, output) = setup.outdated_json();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    // Rows without a package (Debian's) are not registry pins.
    assert_eq!(lines.len(), 5, "{lines:?}");
    // The deprecated 1.2.0 and the 1.3.0 beta are skipped; the 1.x series holds the row.
    let npm = by_id(&lines, "npm-old");
    assert_eq!((npm["newest_in_series"].as_str(), npm["newest"].as_str()), (Some("1.1.0"), Some("2.0.0")));
    assert_eq!(npm["newest_date"], "2023-05-06T07:08:09.000Z");
    assert_eq!((npm["behind"].as_bool(), npm["major_behind"].as_bool()), (Some(true), Some(true)));
    assert_eq!(by_id(&lines, "npm-current")["behind"], false);
    assert_eq!(by_id(&lines, "npm-scoped")["newest"], "1.0.0");
    // PyPI: the yanked 1.2 and the 2.0rc1 pre-release are skipped.
    let pypi = by_id(&lines, "pypi-old");
    assert_eq!((pypi["newest_in_series"].as_str(), pypi["newest"].as_str()), (Some("1.1"), Some("1.1")));
    assert_eq!(pypi["major_behind"], false);
    let crates = by_id(&lines, "crates-old");
    assert_eq!(
        (crates["newest_in_series"].as_str(), crates["newest"].as_str()),
        (Some("0.5.2"), Some("0.8.0"))
    );
    assert!(stderr_of(&output).contains("3 of 5 rows behind their registry's newest release in their series"));

    let text = setup.outdated(&["--only", "npm-old,pypi-old"]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert_eq!(text.status.code(), Some(0), "{}", stderr_of(&text));
    let npm_line = stdout.lines().find(|l| l.starts_with("npm-old ")).unwrap_or_else(|| panic!("{stdout}"));
    for shown in ["npm", "fixture-lib", "1.0.0", "1.1.0", "2.0.0", "2023-05-06", "behind"] {
        assert!(npm_line.contains(shown), "{shown} in {npm_line:?}");
    }
    assert!(
        stdout.ends_with("2 of 2 rows behind their registry's newest release in their series\n"),
        "{stdout}"
    );
}

#[test]
fn bump_moves_the_pins_in_their_series_keeping_the_catalog_as_written() {
    if !python_provided() {
        return;
    }
    let setup = Setup::new(CATALOG);
    let before = fs::read_to_string(setup.catalog()).unwrap();
    let output = setup.outdated(&["--bump"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let stderr = stderr_of(&output);
    assert!(stderr.contains("npm-old: fixture-lib 1.0.0 -> 1.1.0"), "{stderr}");
    let after = fs::read_to_string(setup.catalog()).unwrap();
    let expected = before
        .replace("version = \"1.0.0\", series = \"1\" }", "version = \"1.1.0\", series = \"1\" }")
        .replace("version = \"1.0\" }", "version = \"1.1\" }")
        .replace("version = \"0.5.1\", series = \"0.5\"", "version = \"0.5.2\", series = \"0.5\"");
    // Only the three versions moved: comments, order and the other rows are as written.
    assert_eq!(after, expected);
    assert!(after.contains("# Old on purpose: stays in 1.x.\n") && after.contains("}  # the 1.x pin\n"));

    let (lines, output) = setup.outdated_json();
    assert_eq!(output.status.code(), Some(0));
    assert!(lines.iter().all(|line| line["behind"] == false), "{lines:?}");
    assert!(stderr_of(&output).contains("0 of 5 rows behind"), "{}", stderr_of(&output));
    // The moved pin is what the build installs.
    let catalog = nestprobe::catalog::Catalog::load(&setup.catalog()).unwrap();
    let pypi = catalog.entries.iter().find(|e| e.id == "pypi-old").unwrap();
    assert_eq!(pypi.build.as_deref(), Some("pip install \"fixture-lib==1.1\""));
}

#[test]
fn a_registry_that_fails_is_one_line_and_the_other_rows_are_still_checked() {
    if !python_provided() {
        return;
    }
    let rows = [
        CATALOG[3],
        ("missing", "package = { registry = \"npm\", name = \"no-such-lib\", version = \"1.0.0\" }"),
        ("garbage", "package = { registry = \"crates\", name = \"garbage-lib\", version = \"1.0.0\" }"),
    ];
    let setup = Setup::new(&rows);
    let output = setup.outdated(&[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    let line_of = |id: &str| {
        stdout.lines().find(|l| l.starts_with(&format!("{id} "))).unwrap_or_else(|| panic!("{stdout}"))
    };
    assert!(line_of("missing").contains("registry error: GET http://127.0.0.1:"), "{stdout}");
    assert!(line_of("missing").contains("/npm/no-such-lib: http status: 404"), "{stdout}");
    assert!(
        line_of("garbage")
            .contains("/crates/ga/rb/garbage-lib: unexpected answer: not one JSON object a line"),
        "{stdout}"
    );
    assert!(line_of("pypi-old").contains("1.1") && line_of("pypi-old").contains("behind"), "{stdout}");
    assert!(stdout.contains("1 of 3 rows behind"), "{stdout}");
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    assert!(stderr.contains("2 of 3 rows could not be checked"), "{stderr}");
}

#[test]
fn a_pin_whose_lockfile_cannot_move_stays_with_its_manifest() {
    if !python_provided() {
        return;
    }
    let rows = [CATALOG[3], CATALOG[4]];
    let setup = Setup::new(&rows);
    // The crates row's program: a manifest cargo refuses before it asks any registry (no
    // [package]), so `cargo update` fails here whatever the network.
    let program = setup.dir.path().join("parsers/crates-old");
    let manifest = "[dependencies]\nfixture-lib = \"=0.5.1\"\n";
    write(&program.join("Cargo.toml"), manifest);
    write(&program.join("Cargo.lock"), "version = 3\n");
    let before = fs::read_to_string(setup.catalog()).unwrap();
    let output = setup.outdated(&["--bump"]);
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("crates-old: fixture-lib stays at 0.5.1: its lockfile did not move"), "{stderr}");
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    // The PyPI pin (no lockfile) moved; the crates pin and its manifest are as they were.
    let after = fs::read_to_string(setup.catalog()).unwrap();
    assert_eq!(after, before.replace("version = \"1.0\" }", "version = \"1.1\" }"));
    assert_eq!(fs::read_to_string(program.join("Cargo.toml")).unwrap(), manifest);
}

#[test]
fn a_pypi_pin_follows_what_pip_installs_on_the_rows_python() {
    if !python_provided() || !Path::new("/usr/bin/python3").exists() {
        return;
    }
    let held = "package = { registry = \"pypi\", name = \"held-lib\", version = \"1.0\" }\nbuild = 'pip install \"{package}\"'";
    let setup = Setup::new(&[("pypi-held", held)]);
    let (lines, output) = setup.outdated_json();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let line = by_id(&lines, "pypi-held");
    // 1.1 is newer, but its Requires-Python turns pip away; the pinned 1.0 was yanked: 0.9 is what
    // `pip install held-lib` gives, and the pin goes there.
    assert_eq!((line["newest_in_series"].as_str(), line["newest"].as_str()), (Some("0.9"), Some("1.1")));
    assert_eq!((line["behind"].as_bool(), line["pinned_withdrawn"].as_bool()), (Some(true), Some(true)));
    let why = line["held_back"].as_str().unwrap_or_default();
    assert!(why.starts_with("1.1 needs Python >=99; the rows' is 3."), "{line}");
    let text = setup.outdated(&[]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(stdout.contains("withdrawn  (held back: 1.1 needs Python >=99"), "{stdout}");
    let bumped = setup.outdated(&["--bump"]);
    assert_eq!(bumped.status.code(), Some(0), "{}", stderr_of(&bumped));
    let catalog = fs::read_to_string(setup.catalog()).unwrap();
    assert!(catalog.contains("name = \"held-lib\", version = \"0.9\" }"), "{catalog}");
}
