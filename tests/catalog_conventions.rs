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
/// from run to run. `-Xbatch` compiles in the foreground, at the same calls every run.
#[test]
fn every_jvm_row_compiles_in_the_foreground() {
    let jvm_rows: Vec<_> =
        catalog().entries.into_iter().filter(|e| e.run.first().is_some_and(|p| p == "java")).collect();
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
    let pinned = setup.lines().find_map(|l| l.strip_prefix("version=")).expect("setup-node.sh pins version=");
    // The launcher runs the build the setup installs, and says which.
    assert!(script.contains(&format!("/opt/nestprobe/node-{pinned}/bin/node")), "{script}");
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
