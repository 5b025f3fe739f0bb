//! Conventions of the built-in catalog that keep its numbers the same on every machine (README:
//! "Same on every machine"). They are about the catalog's rows, so they read the real one.

use std::path::Path;

use nestprobe::catalog::Catalog;

fn catalog() -> Catalog {
    Catalog::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("parsers/catalog.toml"))
        .expect("the catalog loads")
}

/// HotSpot compiles hot methods in the background while the parse recurses; where compiled frames
/// replace interpreted ones then depends on thread timing, and the boundary moved by up to a fifth
/// from run to run. `-Xbatch` compiles in the foreground, at the same calls every run. (A service
/// row runs its JVM as deployed: its cold and warm states are what it measures.)
#[test]
fn every_jvm_row_compiles_in_the_foreground() {
    let jvm_rows: Vec<_> = catalog()
        .entries
        .into_iter()
        .filter(|e| e.serve.is_none() && e.run.first().is_some_and(|p| p == "java"))
        .collect();
    assert!(jvm_rows.len() >= 15, "{} JVM rows", jvm_rows.len());
    for entry in jvm_rows {
        assert_eq!(entry.run.get(1).map(String::as_str), Some("-Xbatch"), "{}: {:?}", entry.id, entry.run);
    }
}

/// No row runs a JVM through a launcher script, where the flag above could not be given.
#[test]
fn no_row_starts_the_jvm_through_a_wrapper_script() {
    for entry in catalog().entries {
        let program = entry.run.first().map(String::as_str).unwrap_or_default();
        assert!(
            !["/usr/bin/rhino", "rhino", "groovy", "clojure", "scala"].contains(&program),
            "{}: {:?}",
            entry.id,
            entry.run
        );
    }
}

/// The npm libraries' rows run on one pinned Node.js (js/node.sh, installed by js/setup-node.sh
/// from the npm registry) on the host, whatever node the machine has; a root keeps its own.
#[test]
fn every_host_node_row_runs_the_pinned_node() {
    let launcher = Path::new(env!("CARGO_MANIFEST_DIR")).join("parsers/js/node.sh");
    let script = std::fs::read_to_string(&launcher).expect("js/node.sh");
    let setup = std::fs::read_to_string(launcher.with_file_name("setup-node.sh")).expect("js/setup-node.sh");
    let pinned = default_node(&setup);
    // The launcher runs the build the setup installs (by default, the pinned one), and says which.
    assert_eq!(default_node(&script), pinned, "{script}");
    assert!(script.contains("pinned=/opt/nestprobe/node-$version/bin/node"), "{script}");
    // V8 optimises in the foreground, as the JVM rows compile: at the same calls every run.
    let execs: Vec<&str> = script.lines().filter(|l| l.trim_start().starts_with("exec ")).collect();
    assert!(
        !execs.is_empty() && execs.iter().all(|l| l.contains("--no-concurrent-recompilation")),
        "{execs:?}"
    );
    for entry in catalog().entries {
        let runs_node =
            entry.run.iter().any(|a| a == "node" || a.ends_with("/node") || a.ends_with("/nodejs"));
        assert!(!runs_node, "{} runs the machine's node instead of js/node.sh: {:?}", entry.id, entry.run);
        if entry.run.iter().any(|a| a.ends_with("node.sh")) {
            assert!(
                entry.setup.as_deref().is_some_and(|s| s.contains("setup-node.sh")),
                "{}: no setup-node.sh (pinned {pinned})",
                entry.id
            );
        }
    }
}

/// The release a Node.js script runs or installs when no environment names another:
/// `version=${NESTPROBE_NODE:-20.20.2}`.
fn default_node(script: &str) -> String {
    let line = script.lines().find_map(|l| l.strip_prefix("version=")).expect("version=");
    let default = line.strip_prefix("${NESTPROBE_NODE:-").and_then(|l| l.strip_suffix('}'));
    default.expect("version=${NESTPROBE_NODE:-<release>}").to_string()
}

/// A root-less environment's NESTPROBE_NODE (the newest major, `node26`) is what js/node.sh runs:
/// that release's node when it is installed, else a message naming where it should be, never the
/// pinned 20.x in its stead; the environment's name says the release, and its rows run node.sh.
#[test]
fn node_sh_runs_the_release_an_environment_names() {
    let launcher = Path::new(env!("CARGO_MANIFEST_DIR")).join("parsers/js/node.sh");
    let node = |release: Option<&str>| {
        let mut command = std::process::Command::new("sh");
        command.arg(&launcher).args(["-p", "process.versions.node"]).env_clear().env("PATH", "/usr/bin:/bin");
        if let Some(release) = release {
            command.env("NESTPROBE_NODE", release);
        }
        command.output().expect("sh runs")
    };
    let catalog = catalog();
    let runtimes: Vec<_> =
        catalog.environments.iter().filter(|e| e.env.contains_key("NESTPROBE_NODE")).collect();
    assert!(!runtimes.is_empty(), "no environment names a Node.js release");
    for environment in runtimes {
        let release = &environment.env["NESTPROBE_NODE"];
        assert!(environment.root().is_none(), "{}: a runtime axis, not a root", environment.id);
        assert!(
            environment.name.contains(release.as_str()),
            "{} is not named by its release",
            environment.id
        );
        let output = node(Some(release));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.success() {
            assert_eq!(stdout.trim(), release.as_str(), "{stderr}");
        } else {
            assert_eq!(output.status.code(), Some(127), "{stderr}");
            let path = format!("/opt/nestprobe/node-{release}/bin/node");
            assert!(stderr.contains(&format!("Node.js {release} is not installed ({path})")), "{stderr}");
        }
        for entry in catalog.entries.iter().filter(|e| e.environment == environment.id) {
            assert!(entry.run.iter().any(|a| a.ends_with("node.sh")), "{} does not run node.sh", entry.key());
        }
    }
    // A value that is not a release is refused, not made into a path.
    for bad in ["../../bin/sh", "26.12.1/x", "..", "v26"] {
        let output = node(Some(bad));
        assert_eq!(output.status.code(), Some(127), "{bad:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("is not a Node.js release"), "{bad:?}");
    }
}
