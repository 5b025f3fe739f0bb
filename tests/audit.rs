//! `nestprobe audit` (issue #52): every lockfile format read from a realistic file (tests/fixtures/
//! audit/, written from real projects' shapes) and this repository's own Cargo.lock, matched against
//! a small atlas of real records (tests/fixtures/audit/atlas.json); the gate's exit statuses; SARIF
//! and JUnit checked against their schemas; a broken lockfile is one line and exit 2.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::schemas::{assert_valid_junit, assert_valid_sarif};
use common::*;
use serde_json::Value;

fn audit_dir() -> PathBuf {
    fixtures_dir().join("audit")
}

fn audit(args: &[&str]) -> Command {
    let mut command = nestprobe();
    command.arg("audit").arg("--results").arg(audit_dir().join("atlas.json")).args(args);
    command
}

fn audit_json(file: &str) -> Value {
    let mut command = audit(&["--format", "json"]);
    command.arg(audit_dir().join(file));
    run_json(command)
}

/// The dependency of `report` named `name`.
fn dependency<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["dependencies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == name)
        .unwrap_or_else(|| panic!("{name} is not reported: {report:#}"))
}

/// The line a dependency is reported at, in its file.
fn line_text(dependency: &Value) -> String {
    let text = fs::read_to_string(dependency["file"].as_str().unwrap()).unwrap();
    let line = dependency["line"].as_u64().unwrap() as usize;
    text.lines().nth(line - 1).unwrap_or_default().to_string()
}

#[test]
fn every_format_is_read_and_each_dependency_points_at_its_own_line() {
    // (file, dependencies the fixture atlas holds, dependencies it does not)
    let cases: &[(&str, &[&str], u64)] = &[
        ("cargo/Cargo.lock", &["toml", "serde_json"], 2),
        ("npm-v1/package-lock.json", &["yaml", "bson"], 2),
        ("npm-v2/package-lock.json", &["yaml", "bson"], 0),
        ("npm-v3/package-lock.json", &["bson"], 2),
        ("yarn-v1/yarn.lock", &["yaml", "bson"], 2),
        ("yarn-berry/yarn.lock", &["yaml", "bson"], 1),
        ("pnpm-v6/pnpm-lock.yaml", &["yaml", "bson"], 0),
        ("pnpm-v9/pnpm-lock.yaml", &["yaml", "bson"], 1),
        ("pip/requirements.txt", &["cbor2", "msgpack", "pyyaml"], 0),
        ("poetry/poetry.lock", &["cbor2", "pyyaml"], 0),
        ("uv/uv.lock", &["cbor2", "pyyaml"], 0),
        ("pipenv/Pipfile.lock", &["msgpack", "pyyaml"], 0),
        ("go/go.mod", &["github.com/vektah/gqlparser/v2", "gopkg.in/yaml.v3"], 3),
        ("go/go.sum", &["github.com/vektah/gqlparser/v2", "gopkg.in/yaml.v3"], 2),
        ("ruby/Gemfile.lock", &["oj"], 4),
        ("php/composer.lock", &["league/commonmark"], 1),
        ("sbom/bom.cdx.json", &["toml", "yaml", "libyaml-0-2"], 0),
        ("sbom/image.spdx.json", &["pyyaml", "oj"], 0),
        ("dpkg-root", &["libyaml-0-2", "python3-yaml"], 1),
    ];
    for (file, held, not_held) in cases {
        let report = audit_json(file);
        let names: Vec<&str> =
            report["dependencies"].as_array().unwrap().iter().map(|d| d["name"].as_str().unwrap()).collect();
        let mut expected = held.to_vec();
        let mut found = names.clone();
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "{file}: {report:#}");
        assert_eq!(report["not_in_atlas"], *not_held, "{file}");
        for name in *held {
            let dependency = dependency(&report, name);
            // The line names the package (by its last path part, in any case: PyYAML, BurntSushi).
            let short = name.rsplit('/').find(|part| !part.starts_with('v') || part.len() > 3).unwrap();
            assert!(
                line_text(dependency).to_lowercase().contains(&short.to_lowercase()),
                "{file}: {name} is reported at line {}: {:?}",
                dependency["line"],
                line_text(dependency)
            );
            let keys: Vec<&String> = dependency.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["ecosystem", "file", "findings", "line", "name", "purl", "version"], "{file}");
            for finding in dependency["findings"].as_array().unwrap() {
                let keys: Vec<&String> = finding.as_object().unwrap().keys().collect();
                assert_eq!(
                    keys,
                    ["advisories", "depth", "exact_release", "outcome", "release_measured", "row", "upgrade"],
                    "{file}"
                );
            }
        }
    }
}

/// The fixture atlas's record of `row`.
fn record(row: &str) -> Value {
    let atlas: Value =
        serde_json::from_str(&fs::read_to_string(audit_dir().join("atlas.json")).unwrap()).unwrap();
    atlas["parsers"].as_array().unwrap().iter().find(|r| r["id"] == row).unwrap().clone()
}

#[test]
fn a_measured_release_is_exact_with_its_rows_answer_and_the_upgrade_that_changes_it() {
    let report = audit_json("cargo/Cargo.lock");
    let toml = dependency(&report, "toml");
    assert_eq!(toml["purl"], "pkg:cargo/toml@0.5.11");
    let findings = toml["findings"].as_array().unwrap();
    // The 0.8 row measured another release: the locked one's row answers alone.
    assert_eq!(findings.len(), 1, "{findings:#?}");
    let row = record("rust-toml-0-5");
    assert_eq!(findings[0]["row"], "rust-toml-0-5");
    assert_eq!(findings[0]["exact_release"], true);
    assert_eq!(findings[0]["release_measured"], "0.5.11");
    assert_eq!(findings[0]["outcome"], "crash");
    assert_eq!(findings[0]["depth"], row["result"]["min_failing_depth"]);
    let upgrade = findings[0]["upgrade"].as_str().unwrap();
    assert!(upgrade.starts_with("toml 0.5.11 → 0.8.23: clean error at "), "{upgrade}");
    assert!(upgrade.contains("instead of crash"), "{upgrade}");
}

#[test]
fn a_release_only_history_measured_is_exact_and_one_nobody_measured_says_so() {
    // bson 6.10.3 is in js-bson's history, not its pin (7.3.4).
    let history = audit_json("npm-v1/package-lock.json");
    let finding = &dependency(&history, "bson")["findings"][0];
    assert_eq!(finding["exact_release"], true);
    assert_eq!(finding["release_measured"], "6.10.3");
    assert_eq!(finding["outcome"], "clean error");
    assert!(finding["upgrade"].as_str().unwrap().contains("6.10.3 → 7.3.0: no limit"), "{finding:#}");
    // bson 6.5.0: neither pinned nor in the history. The pin's answer is given as the pin's.
    let unmeasured = audit_json("npm-v2/package-lock.json");
    let finding = &dependency(&unmeasured, "bson")["findings"][0];
    assert_eq!(finding["exact_release"], false);
    assert_eq!(finding["release_measured"], "7.3.4");
    assert_eq!(finding["upgrade"], Value::Null);
    let text = run(audit(&[audit_dir().join("npm-v2/package-lock.json").to_str().unwrap()]));
    let table = String::from_utf8_lossy(&text.stdout);
    assert!(table.contains("not measured at this release (7.3.4: no limit)"), "{table}");
    assert!(table.contains("history: 6.4.0 and 6.6.0 on either side both clean error"), "{table}");
}

#[test]
fn debian_packages_match_by_source_and_by_the_library_they_carry() {
    let report = audit_json("dpkg-root");
    // libyaml-0-2 is the runtime of the row's libyaml-dev: the same source, the same version.
    let libyaml = &dependency(&report, "libyaml-0-2")["findings"][0];
    assert_eq!(
        (libyaml["row"].as_str(), libyaml["exact_release"].as_bool()),
        (Some("c-libyaml"), Some(true))
    );
    let yaml = &dependency(&report, "python3-yaml")["findings"][0];
    assert_eq!((yaml["row"].as_str(), yaml["exact_release"].as_bool()), (Some("python-pyyaml"), Some(true)));
    // A removed package (`deinstall ok config-files`) is not installed.
    assert!(report["dependencies"].as_array().unwrap().iter().all(|d| d["name"] != "ruby-oj"));
    // PyPI's pyyaml 6.0 is what Debian's python3-yaml 6.0-3 carries.
    let pipenv = audit_json("pipenv/Pipfile.lock");
    let carried = &dependency(&pipenv, "pyyaml")["findings"][0];
    assert_eq!(
        (carried["row"].as_str(), carried["exact_release"].as_bool()),
        (Some("python-pyyaml"), Some(true))
    );
}

#[test]
fn fail_on_crash_fails_only_on_a_locked_crashing_release() {
    let crashing =
        run(audit(&["--fail-on", "crash", audit_dir().join("cargo/Cargo.lock").to_str().unwrap()]));
    assert_eq!(crashing.status.code(), Some(4), "{}", stderr_of(&crashing));
    let stderr = stderr_of(&crashing);
    assert!(stderr.contains("Cargo.lock:39: toml 0.5.11: crash"), "{stderr}");
    // serde_json's crashing row is an opt-in build (feature unbounded_depth): shown, not gated.
    assert!(!stderr.contains("serde_json"), "{stderr}");
    let clean = run(audit(&["--fail-on", "crash", audit_dir().join("clean/Cargo.lock").to_str().unwrap()]));
    assert_eq!(clean.status.code(), Some(0), "{}", stderr_of(&clean));
    // A release the atlas did not measure fails only when `unmeasured` is named.
    let lockfile = audit_dir().join("npm-v2/package-lock.json");
    let lockfile = lockfile.to_str().unwrap();
    assert_eq!(run(audit(&["--fail-on", "crash,clean-error", lockfile])).status.code(), Some(4));
    assert_eq!(run(audit(&["--fail-on", "crash", lockfile])).status.code(), Some(0));
    assert_eq!(run(audit(&["--fail-on", "unmeasured", lockfile])).status.code(), Some(4));
    // --min-depth: toml 0.8.23 fails at 80.
    let clean = audit_dir().join("clean/Cargo.lock");
    assert_eq!(run(audit(&["--min-depth", "100", clean.to_str().unwrap()])).status.code(), Some(4));
    assert_eq!(run(audit(&["--min-depth", "50", clean.to_str().unwrap()])).status.code(), Some(0));
}

#[test]
fn sarif_validates_and_points_at_the_lockfiles_line_and_junit_validates() {
    let dir = tempfile::tempdir().unwrap();
    let lockfile = audit_dir().join("cargo/Cargo.lock");
    let junit = dir.path().join("audit.xml");
    let mut command = audit(&["--format", "sarif", "--fail-on", "crash", "--junit", junit.to_str().unwrap()]);
    let output = run({
        command.arg(&lockfile);
        command
    });
    assert_eq!(output.status.code(), Some(4), "{}", stderr_of(&output));
    let sarif_file = dir.path().join("audit.sarif");
    fs::write(&sarif_file, &output.stdout).unwrap();
    assert_valid_sarif(&sarif_file);
    let log: Value = serde_json::from_slice(&output.stdout).unwrap();
    let results = log["runs"][0]["results"].as_array().unwrap();
    let crash =
        results.iter().find(|r| r["ruleId"] == "dependency-crashes-on-nesting").expect("a crash result");
    assert_eq!(crash["level"], "error");
    let location = &crash["locations"][0]["physicalLocation"];
    assert!(location["artifactLocation"]["uri"].as_str().unwrap().ends_with("cargo/Cargo.lock"));
    let line = location["region"]["startLine"].as_u64().unwrap() as usize;
    assert_eq!(fs::read_to_string(&lockfile).unwrap().lines().nth(line - 1), Some("name = \"toml\""));
    assert_valid_junit(&junit);
    let xml = fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("failures=\"1\""), "{xml}");
}

#[test]
fn a_broken_lockfile_is_one_line_naming_it_and_where_and_exit_2() {
    let output = run(audit(&[audit_dir().join("broken/Cargo.lock").to_str().unwrap()]));
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("broken/Cargo.lock") && stderr.contains("line 6"), "{stderr}");
    // A file audit does not read: refused with the list of what it reads.
    let output = run(audit(&[audit_dir().join("atlas.json").to_str().unwrap()]));
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("not a file audit reads") && stderr.contains("Cargo.lock, package-lock.json"),
        "{stderr}"
    );
    // A folder without a lockfile, a missing file.
    let empty = tempfile::tempdir().unwrap();
    assert_eq!(run(audit(&[empty.path().to_str().unwrap()])).status.code(), Some(2));
    assert_eq!(run(audit(&["no-such/Cargo.lock"])).status.code(), Some(2));
}

#[test]
fn without_a_path_the_current_folders_lockfiles_are_read() {
    let mut command = audit(&["--format", "json"]);
    command.current_dir(audit_dir().join("go"));
    let report = run_json(command);
    // go.mod, not go.sum beside it (the same modules).
    let files: Vec<&str> =
        report["dependencies"].as_array().unwrap().iter().map(|d| d["file"].as_str().unwrap()).collect();
    assert!(!files.is_empty() && files.iter().all(|f| f.ends_with("go.mod")), "{files:?}");
}

#[test]
fn this_repositorys_own_cargo_lock_is_read_whole_and_matched_at_its_releases() {
    let lockfile = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock");
    let text = fs::read_to_string(&lockfile).unwrap();
    // Every package from a registry (the crate itself has no `source`).
    let locked = text.matches("\nsource = \"registry+").count();
    let mut command = audit(&["--format", "json"]);
    command.arg(&lockfile);
    let report = run_json(command);
    let held = report["dependencies"].as_array().unwrap();
    assert_eq!(held.len() as u64 + report["not_in_atlas"].as_u64().unwrap(), locked as u64);
    // serde_json is a dependency and a row of the atlas; each finding is exact exactly when the row
    // measured the locked release.
    let serde_json = dependency(&report, "serde_json");
    for finding in serde_json["findings"].as_array().unwrap() {
        assert_eq!(
            finding["exact_release"],
            finding["release_measured"] == serde_json["version"],
            "{finding:#}"
        );
    }
}

#[test]
fn the_actions_audit_input_gates_on_the_lockfile_and_writes_the_sarif() {
    let dir = tempfile::tempdir().unwrap();
    let sarif = dir.path().join("audit.sarif");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/action.sh");
    let action = |lockfile: &str| {
        Command::new("bash")
            .arg(&script)
            .current_dir(audit_dir())
            .env_remove("GITHUB_ACTIONS")
            .env("NESTPROBE", env!("CARGO_BIN_EXE_nestprobe"))
            // (The action's own results.json: here the fixture atlas.)
            .env("GITHUB_ACTION_PATH", audit_dir().join("action-root"))
            .env("NESTPROBE_AUDIT", lockfile)
            .env("NESTPROBE_FAIL_ON", "crash")
            .env("NESTPROBE_SARIF", &sarif)
            .output()
            .unwrap()
    };
    let failing = action("cargo/Cargo.lock");
    assert_eq!(failing.status.code(), Some(4), "{}", stderr_of(&failing));
    assert!(stderr_of(&failing).contains("toml 0.5.11: crash"), "{}", stderr_of(&failing));
    assert_valid_sarif(&sarif);
    assert_eq!(action("clean/Cargo.lock").status.code(), Some(0));
}

/// The fixture library of `--measure`: crashes at 50 before 1.3.0, no limit from it on (the release
/// is what its build wrote).
const MEASURED_RULES: &str = "if release < (1, 3, 0) and deepest >= 50:
    os.kill(os.getpid(), signal.SIGSEGV)
";

#[test]
fn measure_builds_the_locked_release_with_the_rows_program_reports_it_exact_and_caches_it() {
    if !python_provided() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name);
    write(&path("parsers/fixture/prog.py"), &release_program(MEASURED_RULES));
    let builds = path("builds.log");
    let catalog = format!(
        r#"[[parser]]
id = "fixture"
language = "Python"
library = "fixture-lib"
package = {{ registry = "npm", name = "fixture-lib", version = "2.2.0" }}
build = 'echo "{{package}}" >> {builds}; echo "{{package}}" > "$BUILD/lib"'
run = ["python3", "{{dir}}/prog.py"]
version = 'cat "$BUILD/lib" | cut -d@ -f2'
"#,
        builds = builds.display()
    );
    write(&path("parsers/catalog.toml"), &catalog);
    let lock = r#"{"name": "app", "lockfileVersion": 3, "packages": {"": {"name": "app"},
  "node_modules/fixture-lib": {"version": "1.1.0"}}}"#;
    write(&path("app/package-lock.json"), lock);
    let shallow = ["--max-depth", "1000"];
    let mut run_catalog = nestprobe();
    run_catalog.args(["run", "--quick"]).args(shallow).arg("--catalog").arg(path("parsers/catalog.toml"));
    run_catalog.arg("--build-dir").arg(path("build")).arg("--out").arg(path("out"));
    let ran = run(run_catalog);
    assert_eq!(ran.status.code(), Some(0), "{}", stderr_of(&ran));
    let audit_measuring = |measure: bool| {
        let mut command = nestprobe();
        command.args(["audit", "--format", "json"]).args(shallow);
        command
            .arg("--results")
            .arg(path("out/results.json"))
            .arg("--catalog")
            .arg(path("parsers/catalog.toml"));
        command.arg("--build-dir").arg(path("build")).arg(path("app/package-lock.json"));
        if measure {
            command.arg("--measure");
        }
        run_json(command)
    };
    // Without --measure: the row measured 2.2.0, not the locked 1.1.0.
    let unmeasured = audit_measuring(false);
    let finding = &dependency(&unmeasured, "fixture-lib")["findings"][0];
    assert_eq!(
        (finding["exact_release"].as_bool(), finding["release_measured"].as_str()),
        (Some(false), Some("2.2.0"))
    );
    let measured = audit_measuring(true);
    let finding = &dependency(&measured, "fixture-lib")["findings"][0];
    assert_eq!(finding["exact_release"], true, "{finding:#}");
    assert_eq!(finding["release_measured"], "1.1.0");
    assert_eq!((finding["outcome"].as_str(), finding["depth"].as_u64()), (Some("crash"), Some(50)));
    assert!(finding["upgrade"].as_str().unwrap().contains("1.1.0 → 2.2.0: no limit"), "{finding:#}");
    let built = fs::read_to_string(&builds).unwrap();
    assert_eq!(built.lines().filter(|l| l.ends_with("@1.1.0")).count(), 1, "{built}");
    // Measured once: the second audit reads its cache.
    assert_eq!(audit_measuring(true)["dependencies"], measured["dependencies"]);
    assert_eq!(fs::read_to_string(&builds).unwrap(), built);
}

#[test]
fn render_names_each_records_packages_from_the_catalog() {
    let dir = tempfile::tempdir().unwrap();
    let mut atlas: Value =
        serde_json::from_str(&fs::read_to_string(audit_dir().join("atlas.json")).unwrap()).unwrap();
    for record in atlas["parsers"].as_array_mut().unwrap() {
        record.as_object_mut().unwrap().remove("packages");
    }
    let results = dir.path().join("results.json");
    fs::write(&results, serde_json::to_string_pretty(&atlas).unwrap()).unwrap();
    let mut command = nestprobe();
    command.args(["render", "--quiet", "--results"]).arg(&results).arg("--out").arg(dir.path());
    command.arg("--catalog").arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("parsers/catalog.toml"));
    let output = run(command);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let rendered: Value = serde_json::from_str(&fs::read_to_string(&results).unwrap()).unwrap();
    let packages = |id: &str| -> Vec<String> {
        let record = rendered["parsers"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap();
        record["packages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["purl"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(packages("rust-toml-0-5"), ["pkg:cargo/toml@0.5.11"]);
    let pyyaml = rendered["parsers"].as_array().unwrap().iter().find(|r| r["id"] == "python-pyyaml").unwrap();
    assert_eq!(pyyaml["packages"][0]["upstream"]["purl"], "pkg:pypi/pyyaml@6.0");
    assert_eq!(pyyaml["packages"][0]["source"], "pyyaml");
}
