//! Environments: a child started inside a root file system is probed exactly like a host child
//! (its stack limit, ASLR setting, signals, exit status and peak memory are its own), and a catalog
//! row measured in the host and in a root gives one record per environment.
//!
//! The root here is a tiny one made by the test: dash, the libraries it links, and a marker file.
//! The fixture parser is linked statically and lives in the host's /tmp, which the launcher shares
//! with the root at the same path, so the very same argv runs on both sides.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use common::*;
use serde_json::Value;

const MARKER: &str = "nestprobe-test-root";

/// Entering a root needs root, or an unprivileged user namespace; without either the launcher
/// cannot work here, and the tests are skipped saying so (in CI they fail: see `provided`).
fn can_enter_roots() -> bool {
    let can = nix::unistd::geteuid().is_root()
        || Command::new("unshare").args(["-Urm", "true"]).status().is_ok_and(|s| s.success());
    provided(
        "root or user namespaces",
        can,
        "run as root, or allow user namespaces: sysctl kernel.apparmor_restrict_unprivileged_userns=0",
    )
}

/// The fixture program, linked statically (the root has no C library of its own for it), in a
/// folder of the host's /tmp.
fn static_fixture() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = PathBuf::from(format!("/tmp/nestprobe-envtest-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let out = dir.join("fx");
        // The root has no C library of its own for it (libc6-dev has libc.a).
        compile_fixture(&out, &["-static"]);
        out
    })
}

/// A root file system with /bin/sh (dash and its libraries), an os-release and a marker file.
fn mini_root(dir: &Path) -> PathBuf {
    let root = dir.join("root");
    for folder in ["tmp", "proc", "dev", "sys", "etc", "usr/bin"] {
        fs::create_dir_all(root.join(folder)).unwrap();
    }
    std::os::unix::fs::symlink("usr/bin", root.join("bin")).unwrap();
    let dash = fs::canonicalize("/bin/sh").unwrap();
    copy_into(&root, &dash, Path::new("/usr/bin/sh"));
    let ldd = Command::new("ldd").arg(&dash).output().expect("ldd runs");
    for line in String::from_utf8_lossy(&ldd.stdout).lines() {
        // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x…)" or "/lib64/ld-linux-x86-64.so.2 (0x…)"
        let path = line.split("=>").last().unwrap().trim().split(' ').next().unwrap();
        if path.starts_with('/') {
            copy_into(&root, &fs::canonicalize(path).unwrap(), Path::new(path));
        }
    }
    fs::write(root.join("etc/os-release"), "PRETTY_NAME=\"Mini 1\"\nVERSION_ID=\"1\"\n").unwrap();
    fs::write(root.join(MARKER), "").unwrap();
    root
}

fn copy_into(root: &Path, from: &Path, at: &Path) {
    let to = root.join(at.strip_prefix("/").unwrap());
    fs::create_dir_all(to.parent().unwrap()).unwrap();
    fs::copy(from, &to).unwrap();
}

fn probe_json(args: &[&str]) -> Value {
    let mut command = nestprobe();
    command.args(["probe", "--format", "json"]).args(args);
    run_json(command)
}

fn mounts() -> usize {
    fs::read_to_string("/proc/self/mountinfo").unwrap().lines().count()
}

#[test]
fn a_child_in_a_root_has_its_own_limits_aslr_setting_signals_and_memory() {
    if !can_enter_roots() {
        return;
    }
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let root = mini_root(dir.path());
    let root = root.to_str().unwrap();
    let fixture = static_fixture().to_str().unwrap();
    let mounts_before = mounts();

    // The same program and argv on the host and in the root: the same stack-bound boundary.
    let host = probe_json(&["--stack", "1MiB", "--", fixture, "recursive"]);
    let inside = probe_json(&["--root", root, "--stack", "1MiB", "--", fixture, "recursive"]);
    assert_eq!(host["status"], "exact");
    assert_eq!(inside["status"], "exact");
    assert_eq!(inside["min_failing_depth"], host["min_failing_depth"], "host {host}\nroot {inside}");
    assert_eq!(inside["failure"]["signal_name"], "SIGSEGV");
    assert!(inside["peak_rss_bytes"].as_u64().unwrap() > 0);

    // The stack limit reaches the child inside: four times the stack, about four times the depth.
    let bigger = probe_json(&["--root", root, "--stack", "4MiB", "--", fixture, "recursive"]);
    let (small, big) =
        (inside["min_failing_depth"].as_u64().unwrap(), bigger["min_failing_depth"].as_u64().unwrap());
    assert!(big > 3 * small && big < 5 * small, "1 MiB: {small}, 4 MiB: {big}");

    // It really runs inside (the marker is only there), with ASLR off unless --aslr.
    let script = format!(
        "[ -e /{MARKER} ] || exit 7; read p </proc/self/personality; [ \"$p\" = \"$WANT\" ] || exit 9; \
         exec {fixture} limit 100"
    );
    let checked = probe_json(&["--root", root, "--env", "WANT=00040000", "--", "/bin/sh", "-c", &script]);
    assert_eq!(checked["min_failing_depth"], 101, "{checked}");
    assert_eq!(checked["failure"]["kind"], "error");
    let randomised =
        probe_json(&["--root", root, "--aslr", "--env", "WANT=00000000", "--", "/bin/sh", "-c", &script]);
    assert_eq!(randomised["min_failing_depth"], 101, "{randomised}");
    // On the host the marker is missing: the script exits 7 at once, so there is nothing to measure.
    let mut on_host = nestprobe();
    on_host.args(["probe", "--env", "WANT=00040000", "--", "/bin/sh", "-c", &script]);
    let output = run(on_host);
    assert!(!output.status.success());
    assert!(
        stderr_of(&output).contains("exit 7") || stderr_of(&output).contains("status 7"),
        "{}",
        stderr_of(&output)
    );

    // Nothing was left mounted on the host.
    assert_eq!(mounts(), mounts_before);
}

#[test]
fn a_crash_in_a_root_is_located_by_the_roots_own_debugger_inside_it() {
    if !can_enter_roots() {
        return;
    }
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let root = mini_root(dir.path());
    let fixture = static_fixture().to_str().unwrap();
    let probe = |root: &Path| probe_json(&["--root", root.to_str().unwrap(), "--", fixture, "abort", "300"]);

    // Without a gdb in the root the site is unknown, and says why.
    let without = probe(&root);
    assert_eq!(without["failure"]["signal_name"], "SIGABRT", "{without:#}");
    assert_eq!(without["crashed_in"]["unknown"], "no debugger (gdb) inside the environment's root");

    // A stand-in for the root's gdb (the marker file is only inside the root): it runs the program
    // after `--args` on its stdin, then prints the backtrace gdb would.
    let gdb = root.join("usr/bin/gdb");
    fs::write(
        &gdb,
        format!(
            "#!/bin/sh\n[ -e /{MARKER} ] || exit 3\nwhile [ \"$1\" != --args ]; do shift; done; shift\n\"$@\"\n\
             echo 'Program received signal SIGABRT, Aborted.'\n\
             for n in 0 1 2 3; do echo \"#$n  0x0000000000401136 in recurse_in_root ()\"; done\n"
        ),
    )
    .unwrap();
    fs::set_permissions(&gdb, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let with = probe(&root);
    assert_eq!(with["min_failing_depth"], without["min_failing_depth"], "{with:#}");
    assert_eq!(with["crashed_in"]["cycle"], serde_json::json!(["recurse_in_root"]), "{with:#}");
}

/// A probe in a root names that root where its exports say where it ran (a CI reporter showing
/// "host" for a Debian 13 root would mislead).
#[test]
fn the_exports_of_a_probe_in_a_root_name_the_root() {
    if !can_enter_roots() {
        return;
    }
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let root = mini_root(dir.path());
    let (junit, sarif) = (dir.path().join("probe.xml"), dir.path().join("probe.sarif"));
    let mut command = nestprobe();
    command
        .args(["probe", "--jobs", "1", "--root"])
        .arg(&root)
        .arg("--junit")
        .arg(&junit)
        .arg("--sarif")
        .arg(&sarif);
    command.args(["--sarif-location", "parsers/mine.c", "--"]).arg(static_fixture()).args(["abort", "50"]);
    let output = run(command);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let named = format!("root {}", root.display());
    let xml = fs::read_to_string(&junit).unwrap();
    assert!(xml.contains(&named) && !xml.contains(", host)"), "{xml}");
    let log: Value = serde_json::from_str(&fs::read_to_string(&sarif).unwrap()).unwrap();
    assert_eq!(log["runs"][0]["results"][0]["properties"]["environment"], named.as_str(), "{log:#}");
}

#[test]
fn a_missing_or_foreign_root_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = nestprobe();
    command.args(["probe", "--root"]).arg(dir.path()).args(["--", "/bin/true"]);
    let output = run(command);
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr_of(&output);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("is not a root file system"), "{stderr}");
}

/// A workspace whose one parser row is measured on the host and in the mini root. The program
/// takes 100 levels on the host and 200 in the root (its build, run inside too, says where; a
/// helper in the language folder says how many).
fn environment_workspace(ready: bool) -> (Workspace, PathBuf) {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let root = mini_root(dir.path());
    if ready {
        fs::write(root.join(".nestprobe-ready"), "").unwrap();
    }
    let fixture = static_fixture().display();
    let row = Row::new("where")
        .set("language", "Shell")
        .set("library", "where fixture")
        .set("environments", vec!["host", "mini"])
        .set("variant", "-O1")
        .set("build", format!("if [ -e /{MARKER} ]; then echo root; else echo host; fi > \"$BUILD/where\""))
        .set("run", vec!["/bin/sh", "{dir}/parse.sh"])
        .set("version", ". /etc/os-release; echo \"$VERSION_ID\"");
    let mini = Environment { id: "mini", name: "Mini 1", root: &root };
    let workspace = Workspace::with_environments(dir, &[mini], &[row]);
    // The limits live in a helper beside the program's folder, as the catalog's languages share
    // theirs (parsers/python/protocol.py): found on the host and inside the root alike.
    fs::write(workspace.path("parsers/limits.sh"), "root_limit=200\nhost_limit=100\n").unwrap();
    fs::write(
        workspace.path("parsers/where/parse.sh"),
        format!(
            ". \"${{0%/*}}/../limits.sh\"\nread where <\"$BUILD/where\"\n\
             if [ \"$where\" = root ]; then exec {fixture} limit \"$root_limit\"; fi\n\
             exec {fixture} limit \"$host_limit\"\n"
        ),
    )
    .unwrap();
    (workspace, root)
}

#[test]
fn a_row_in_two_environments_gives_one_record_each() {
    if !can_enter_roots() {
        return;
    }
    let (workspace, root) = environment_workspace(true);
    let listed = workspace.nestprobe(&["list", "--format", "json"]);
    let listed: Value = serde_json::from_slice(&listed.stdout).unwrap();
    let keys: Vec<&str> = listed.as_array().unwrap().iter().map(|r| r["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["where", "where@mini"]);

    let output = workspace.nestprobe(&["run", "--quick"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results: Value = workspace.results();
    let records = results["parsers"].as_array().unwrap();
    assert_eq!(records.len(), 2);
    let host = &records[0];
    let inside = &records[1];
    assert_eq!((host["id"].as_str(), host["environment"].as_str()), (Some("where"), Some("host")));
    assert_eq!((inside["id"].as_str(), inside["environment"].as_str()), (Some("where"), Some("mini")));
    assert_eq!(host["result"]["min_failing_depth"], 101);
    assert_eq!(inside["result"]["min_failing_depth"], 201, "{inside:#}");
    assert_eq!(inside["version"], "1", "the version command ran inside");
    assert_eq!(inside["variant"], "-O1");
    // Each environment is described once, the root by its own os-release.
    assert_eq!(results["environments"]["mini"]["name"], "Mini 1");
    assert_eq!(results["environments"]["mini"]["os"], "Mini 1");
    assert_eq!(results["environments"]["mini"]["root"], root.to_str().unwrap());
    assert!(results["environments"]["host"]["os"].as_str().is_some_and(|os| !os.is_empty()));
    // Its build ran inside too, into the real build folder.
    let built = fs::read_to_string(workspace.path("target/parsers/where@mini/where")).unwrap();
    assert_eq!(built.trim(), "root");

    // One environment of a row can be run alone, by its key; the other record is kept.
    fs::write(workspace.path("parsers/where/parse.sh"), "exit 1\n").unwrap();
    let output = workspace.nestprobe(&["run", "--quick", "--only", "where@mini"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let again: Value = workspace.results();
    assert_eq!(again["parsers"][0]["result"]["min_failing_depth"], 101);
    assert_eq!(again["parsers"][1]["status"], "probe-failed", "{}", again["parsers"][1]);
}

#[test]
fn a_row_whose_root_is_not_made_yet_keeps_an_honest_row() {
    let (workspace, _root) = environment_workspace(false);
    let output = workspace.nestprobe(&["run", "--quick", "--only", "where@mini"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let results: Value = workspace.results();
    let inside = &results["parsers"][1];
    assert_eq!(inside["status"], "skipped");
    assert!(inside["reason"].as_str().unwrap().contains("environment `mini` not made yet"), "{inside}");
}

#[test]
fn a_dry_run_setup_lists_every_package_of_a_root_not_made_yet() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("not-made");
    let later = Environment { id: "later", name: "Later 1", root: &root };
    let row = Row::new("both")
        .set("language", "Shell")
        .set("library", "both fixture")
        .set("environments", vec!["host", "later"])
        .set("apt", vec!["dash", "coreutils"])
        .set("run", vec!["/bin/true"]);
    let workspace = Workspace::with_environments(dir, &[later], &[row]);
    let output = workspace.nestprobe(&["setup", "--dry-run"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let printed = String::from_utf8_lossy(&output.stdout);
    // The host has both (any Debian does); the root has nothing yet, so it needs them all.
    assert_eq!(
        printed.trim(),
        format!("apt-get install -y coreutils dash (in {})", root.display()),
        "{printed}"
    );
    assert!(!root.exists(), "a dry run made something");
}

#[test]
fn a_row_in_a_root_is_built_again_when_its_program_changes() {
    if !can_enter_roots() {
        return;
    }
    let (workspace, _root) = environment_workspace(true);
    let output = workspace.nestprobe(&["run", "--quick", "--only", "where@mini"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(workspace.results()["parsers"][1]["result"]["min_failing_depth"], 201);
    // What the build made is gone and the program changed: only a new build brings it back (inside
    // the root the program's folder is a mount point, empty on the host's side).
    fs::remove_file(workspace.path("target/parsers/where@mini/where")).unwrap();
    let program = workspace.path("parsers/where/parse.sh");
    let changed = format!("# changed\n{}", fs::read_to_string(&program).unwrap());
    fs::write(&program, changed).unwrap();
    let output = workspace.nestprobe(&["run", "--quick", "--only", "where@mini"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let built = fs::read_to_string(workspace.path("target/parsers/where@mini/where")).unwrap();
    assert_eq!(built.trim(), "root", "built again inside the root");
    assert_eq!(workspace.results()["parsers"][1]["result"]["min_failing_depth"], 201);

    // So does a change of the language folder's shared files (the protocol helper a program
    // includes from `..`), and nothing else of it: not the catalog file.
    fs::remove_file(workspace.path("target/parsers/where@mini/where")).unwrap();
    fs::write(workspace.path("parsers/protocol.sh"), "# the helper, changed\n").unwrap();
    let output = workspace.nestprobe(&["run", "--quick", "--only", "where@mini"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert!(
        workspace.path("target/parsers/where@mini/where").exists(),
        "built again after its helper changed"
    );
}

#[test]
fn a_bare_command_in_a_root_is_found_on_the_roots_fixed_path_and_named() {
    if !can_enter_roots() {
        return;
    }
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let root = mini_root(dir.path());
    // A shell only the root has: the host's PATH cannot be where it is found.
    fs::copy(root.join("usr/bin/sh"), root.join("usr/bin/rootonly-sh")).unwrap();
    let script = format!("[ -e /{MARKER} ] || exit 7; exec {} limit 100", static_fixture().display());
    let result = probe_json(&["--root", root.to_str().unwrap(), "--", "rootonly-sh", "-c", &script]);
    assert_eq!(result["program"], "/usr/bin/rootonly-sh", "{result:#}");
    assert_eq!(result["command"][0], "rootonly-sh");
    assert_eq!(result["min_failing_depth"], 101, "{result:#}");
}
