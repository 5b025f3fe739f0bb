//! `nestprobe history` against a fake npm registry holding 32 releases of a fixture library whose
//! limit changes twice (1.0.0–1.2.x crash at 50, 1.3.0–2.0.x clean error at 30, 2.1.0 on no
//! limit), one release that does not build in the middle and one at the end, a pre-release and a
//! deprecated release. The program is a small Python script that reads the library's "version"
//! from its build.

mod common;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::Output;

use common::*;
use serde_json::{json, Value};

/// The library: its crash, then a clean error at a shallower depth, then no limit.
const RULES: &str = r#"if release < (1, 3, 0):
    if deepest >= 50:
        os.kill(os.getpid(), signal.SIGSEGV)
elif release < (2, 1, 0) and deepest >= 30:
    sys.exit("fixture-lib: nested too deeply")
"#;

/// Every release in publication order: (version, what the registry says of it).
fn releases() -> Vec<(String, Value)> {
    let mut versions: Vec<String> = Vec::new();
    for (line, patches) in
        [("1.0", 6), ("1.1", 4), ("1.2", 3), ("1.3", 5), ("1.4", 1), ("1.5", 4), ("2.0", 3), ("2.1", 4)]
    {
        versions.extend((0..patches).map(|patch| format!("{line}.{patch}")));
    }
    versions.splice(26..26, ["1.6.0-beta.1".to_string()]);
    versions.extend(["2.2.0", "2.3.0", "2.4.0", "3.0.0-rc.1"].map(String::from));
    versions
        .into_iter()
        .map(|version| {
            let manifest = if version == "2.4.0" { json!({"deprecated": "broken"}) } else { json!({}) };
            (version, manifest)
        })
        .collect()
}

/// The releases whose build fails: one the search meets in the middle, and the newest.
const NOT_BUILDING: [&str; 2] = ["1.5.3", "2.3.0"];

/// How the fixture row's build gets its release.
#[derive(Clone, Copy, PartialEq)]
enum Installs {
    /// Its build command names the pin (`{package}`), as pip rows do.
    ThroughBuild,
    /// From the lockfile beside its program, as npm rows do (`npm ci`); `npm` is the test's own,
    /// which writes the release it is asked for into package-lock.json.
    FromLockfile,
}

/// The test's npm: `install --package-lock-only … NAME@VERSION` writes NAME@VERSION into
/// package-lock.json where it runs, and logs its arguments.
const FAKE_NPM: &str = r#"#!/bin/sh
echo "$*" >> "$NPM_LOG"
for argument; do case $argument in -*) ;; *@*) release=$argument ;; esac; done
printf '%s\n' "$release" > package-lock.json
"#;

struct Setup {
    dir: tempfile::TempDir,
    registry: FakeRegistry,
    installs: Installs,
}

impl Setup {
    fn new() -> Setup {
        Setup::installing(Installs::ThroughBuild)
    }

    fn installing(installs: Installs) -> Setup {
        let dir = tempfile::tempdir().unwrap();
        let releases = releases();
        let time: serde_json::Map<String, Value> = releases
            .iter()
            .enumerate()
            .map(|(at, (version, _))| (version.clone(), json!(format!("20{:02}-01-01T00:00:00.000Z", at))))
            .collect();
        let versions: serde_json::Map<String, Value> = releases.into_iter().collect();
        let document = json!({"name": "fixture-lib", "versions": versions, "time": time});
        write(&dir.path().join("registry/npm/fixture-lib"), &document.to_string());
        write(&dir.path().join("parsers/fixture/prog.py"), &release_program(RULES));
        let builds = dir.path().join("builds.log");
        let failing: Vec<String> = NOT_BUILDING.iter().map(|v| format!("*@{v}")).collect();
        // What the build installs: the pin it names, or what the lockfile beside it holds.
        let release = match installs {
            Installs::ThroughBuild => "{package}".to_string(),
            Installs::FromLockfile => {
                write(&dir.path().join("parsers/fixture/package-lock.json"), "fixture-lib@2.2.0\n");
                write(&dir.path().join("bin/npm"), FAKE_NPM);
                fs::set_permissions(dir.path().join("bin/npm"), fs::Permissions::from_mode(0o755)).unwrap();
                "$(cat package-lock.json)".to_string()
            }
        };
        let catalog = format!(
            r#"[[parser]]
id = "fixture"
language = "Python"
library = "fixture-lib"
package = {{ registry = "npm", name = "fixture-lib", version = "2.2.0" }}
build = 'echo "{release}" >> {builds}; case "{release}" in {failing}) echo "error: no such release" >&2; exit 1;; esac; echo "{release}" > "$BUILD/lib"'
run = ["python3", "{{dir}}/prog.py"]
version = 'cat "$BUILD/lib"'
"#,
            builds = builds.display(),
            failing = failing.join("|"),
        );
        write(&dir.path().join("parsers/catalog.toml"), &catalog);
        let registry = FakeRegistry::serve(&dir.path().join("registry"));
        Setup { dir, registry, installs }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// `nestprobe SUBCOMMAND` on the fixture's catalog, results and build folders, shallow.
    fn nestprobe(&self, subcommand: &str, args: &[&str]) -> Output {
        let mut command = nestprobe();
        command
            .arg(subcommand)
            .args(args)
            .args(["--max-depth", "1000", "--catalog"])
            .arg(self.path("parsers/catalog.toml"));
        command.arg("--build-dir").arg(self.path("build")).arg("--out").arg(self.path("out"));
        self.registry.point(&mut command);
        if self.installs == Installs::FromLockfile {
            let path = std::env::var_os("PATH").unwrap_or_default();
            let mut paths = vec![self.path("bin")];
            paths.extend(std::env::split_paths(&path));
            command.env("PATH", std::env::join_paths(paths).unwrap()).env("NPM_LOG", self.path("npm.log"));
        }
        run(command)
    }

    fn builds(&self) -> Vec<String> {
        fs::read_to_string(self.path("builds.log")).unwrap_or_default().lines().map(String::from).collect()
    }

    fn record(&self) -> Value {
        let results: Value =
            serde_json::from_str(&fs::read_to_string(self.path("out/results.json")).unwrap()).unwrap();
        results["parsers"][0].clone()
    }
}

fn ceil_log2(n: usize) -> usize {
    n.next_power_of_two().trailing_zeros() as usize
}

fn versions(history: &[Value], matching: impl Fn(&Value) -> bool) -> Vec<&str> {
    history.iter().filter(|r| matching(r)).map(|r| r["version"].as_str().unwrap()).collect()
}

#[test]
fn history_names_both_releases_that_changed_the_limit_in_few_probes() {
    if !python_provided() {
        return;
    }
    let setup = Setup::new();
    fs::create_dir_all(setup.path("out")).unwrap();
    let output = setup.nestprobe("run", &["--quick"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert_eq!(setup.record()["result"]["status"], "exact", "{}", setup.record());
    fs::remove_file(setup.path("builds.log")).unwrap();

    let output = setup.nestprobe("history", &["fixture", "--format", "json"]);
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // The pre-releases and the deprecated 2.4.0 are not searched.
    let searched = 32;
    assert!(
        stderr.contains(&format!("fixture: {searched} releases of fixture-lib to search, 1.0.0 to 2.3.0")),
        "{stderr}"
    );
    let history: Vec<Value> = serde_json::from_slice(&output.stdout).expect("stdout is JSON");
    assert_eq!(versions(&history, |r| r["changed"] == true), ["1.3.0", "2.1.0"], "{history:#?}");
    let at = |version: &str| {
        history.iter().find(|r| r["version"] == version).unwrap_or_else(|| panic!("{version} not probed"))
    };
    assert_eq!((at("1.0.0")["outcome"].as_str(), at("1.0.0")["depth"].as_u64()), (Some("crash"), Some(50)));
    assert_eq!(
        (at("1.3.0")["outcome"].as_str(), at("1.3.0")["depth"].as_u64()),
        (Some("clean error"), Some(30))
    );
    assert_eq!(at("2.1.0")["outcome"], "no limit");
    assert!(at("2.1.0")["depth"].is_null());
    // Each change is named between neighbours: the release before it was measured too.
    assert_eq!(at("1.2.2")["outcome"], "crash");
    assert_eq!(at("2.0.2")["outcome"], "clean error");
    // Releases that do not build are said so, never a limit, and stepped around.
    let not_built = versions(&history, |r| r["outcome"] == "not built");
    assert_eq!(not_built, NOT_BUILDING, "{history:#?}");
    assert!(at("2.3.0")["reason"].as_str().unwrap().contains("error: no such release"), "{history:#?}");
    assert_eq!(at("2.2.0")["outcome"], "no limit");
    assert!(history
        .iter()
        .all(|r| !["1.6.0-beta.1", "2.4.0", "3.0.0-rc.1"].contains(&r["version"].as_str().unwrap())));
    // About changes × log2(releases) probes, not all of them; each release built once, in order.
    let measured = history.len() - not_built.len();
    assert!(measured <= 2 * ceil_log2(searched) + 2, "{measured} releases measured of {searched}");
    assert!(history.len() < searched / 2, "{} probed", history.len());
    assert_eq!(setup.builds().len(), history.len(), "{:?}", setup.builds());
    assert!(
        stderr.contains(&format!("probed {} of {searched} releases; changed in 1.3.0, 2.1.0", history.len())),
        "{stderr}"
    );
    // Each release in a build folder of its own.
    assert!(setup.path("build/history/1.3.0/fixture").is_dir());

    // Stored in the row's record, shown in its details, and kept by the next run.
    let stored = setup.record()["history"].clone();
    assert_eq!(stored.as_array().unwrap().len(), history.len());
    assert_eq!(stored[0]["published"], "2000-01-01T00:00:00.000Z");
    // results.md's per-format details file holds the row's notes and releases.
    let markdown: String = fs::read_dir(setup.path("out/results"))
        .unwrap()
        .map(|entry| fs::read_to_string(entry.unwrap().path()).unwrap())
        .collect();
    let line = "1.0.0–1.2.2 crash at 50 → 1.3.0–2.0.2 clean error at 30 → 2.1.0–2.2.0 no limit (not built: 1.5.3, 2.3.0)";
    assert!(markdown.contains(line), "{markdown}");
    assert!(fs::read_to_string(setup.path("out/results.html")).unwrap().contains(line));
    let output = setup.nestprobe("run", &["--quick"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert_eq!(setup.record()["history"], stored);
}

#[test]
fn since_searches_the_later_releases_and_the_text_marks_the_change() {
    if !python_provided() {
        return;
    }
    let setup = Setup::new();
    fs::create_dir_all(setup.path("out")).unwrap();
    assert_eq!(setup.nestprobe("run", &["--quick"]).status.code(), Some(0));
    let output = setup.nestprobe("history", &["fixture", "--since", "2.0.0"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert!(
        stderr_of(&output).contains("9 releases of fixture-lib to search, 2.0.0 to 2.3.0"),
        "{}",
        stderr_of(&output)
    );
    let line = |version: &str| {
        stdout.lines().find(|l| l.starts_with(&format!("{version} "))).unwrap_or_else(|| panic!("{stdout}"))
    };
    assert!(line("2.0.0").contains("clean error at 30") && !line("2.0.0").contains("changed"), "{stdout}");
    assert!(line("2.1.0").contains("no limit") && line("2.1.0").ends_with("(changed)"), "{stdout}");
    assert!(line("2.3.0").contains("not built: "), "{stdout}");
    assert!(!stdout.contains("1.3.0"), "{stdout}");

    // A release the registry does not search is a usage error.
    let unknown = setup.nestprobe("history", &["fixture", "--since", "1.6.0-beta.1"]);
    assert_eq!(unknown.status.code(), Some(2), "{}", stderr_of(&unknown));
    assert!(stderr_of(&unknown).contains("fixture-lib has no such release"), "{}", stderr_of(&unknown));
}

#[test]
fn a_row_installing_from_its_lockfile_is_searched_in_copies_with_the_lockfile_moved() {
    if !python_provided() {
        return;
    }
    let setup = Setup::installing(Installs::FromLockfile);
    fs::create_dir_all(setup.path("out")).unwrap();
    let output = setup.nestprobe("run", &["--quick"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert_eq!(setup.record()["version"], "fixture-lib@2.2.0", "{}", setup.record());

    let output = setup.nestprobe("history", &["fixture", "--format", "json", "--since", "1.2.0"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let history: Vec<Value> = serde_json::from_slice(&output.stdout).expect("stdout is JSON");
    assert_eq!(versions(&history, |r| r["changed"] == true), ["1.3.0", "2.1.0"], "{history:#?}");
    let not_built = versions(&history, |r| r["outcome"] == "not built");
    assert!(
        not_built.contains(&"2.3.0") && not_built.iter().all(|v| NOT_BUILDING.contains(v)),
        "{history:#?}"
    );
    // Each release's lockfile was moved by npm, told of the registry the releases came from, in a
    // copy of the program; the checkout's lockfile is as it was.
    let npm = fs::read_to_string(setup.path("npm.log")).unwrap();
    assert_eq!(npm.lines().count(), history.len(), "{npm}");
    assert!(npm.lines().all(|line| line.starts_with("install --package-lock-only")), "{npm}");
    assert!(npm.contains(&format!("--registry={}/npm/", setup.registry.url)), "{npm}");
    assert!(npm.contains("fixture-lib@1.3.0"), "{npm}");
    let copy = setup.path("build/history/1.3.0/program/parsers/fixture");
    assert_eq!(fs::read_to_string(copy.join("package-lock.json")).unwrap(), "fixture-lib@1.3.0\n");
    assert!(copy.join("prog.py").is_file());
    let checkout = fs::read_to_string(setup.path("parsers/fixture/package-lock.json")).unwrap();
    assert_eq!(checkout, "fixture-lib@2.2.0\n");
}
