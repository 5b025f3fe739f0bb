//! The repository's root is what a visitor reads first (#45 item 4): the project's own files and its
//! few top-level outputs, each output family in a folder of its own (charts/, badges/, results/).
//! A file or folder that is not on the list below fails here, named, so a new output finds a folder
//! instead of spreading over the root.

mod common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use common::*;

/// Files the root may hold: the crate, the README, the action, the formatting rules, and the
/// outputs a reader opens first.
const FILES: &[&str] = &[
    ".gitignore",
    "Cargo.lock",
    // The method version: a hash of the verdict-deciding sources (src/run/fingerprint.rs), where cargo looks.
    "build.rs",
    "Cargo.toml",
    "README.md",
    "action.yml",
    "rustfmt.toml",
    "results.csv",
    "results.html",
    "results.json",
    "results.md",
];

/// Folders the root may hold.
const FOLDERS: &[&str] = &[
    ".ci", ".github", "badges", "benches", "charts", "docs", "examples", "parsers", "results", "scripts",
    "src", "tests",
];

/// The root's entries as git sees them: tracked, or new and not ignored (a local build's target/,
/// a lock file, a crash report are ignored). Without git (a copy of the sources), the folder itself,
/// but for target/ and what git keeps for itself.
fn root_entries(root: &Path) -> BTreeSet<String> {
    let listed = Command::new("git")
        .args(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|output| output.status.success());
    match listed {
        Some(output) => String::from_utf8_lossy(&output.stdout)
            .split('\0')
            .filter(|path| !path.is_empty())
            .map(|path| match path.split_once('/') {
                Some((folder, _)) => format!("{folder}/"),
                None => path.to_string(),
            })
            .collect(),
        None => std::fs::read_dir(root)
            .unwrap()
            .flatten()
            .filter(|entry| !matches!(entry.file_name().to_str(), Some("target" | ".git")))
            .map(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                if entry.path().is_dir() {
                    format!("{name}/")
                } else {
                    name
                }
            })
            .collect(),
    }
}

/// The entries that are on neither list.
fn strays(entries: &BTreeSet<String>) -> Vec<&str> {
    entries
        .iter()
        .map(String::as_str)
        .filter(|entry| match entry.strip_suffix('/') {
            Some(folder) => !FOLDERS.contains(&folder),
            None => !FILES.contains(entry),
        })
        .collect()
}

#[test]
fn the_root_holds_the_project_s_own_files_and_its_top_level_outputs_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let entries = root_entries(root);
    assert!(entries.contains("Cargo.toml") && entries.contains("src/"), "the root was not read: {entries:?}");
    let strays = strays(&entries);
    assert!(
        strays.is_empty(),
        "files at the repository's root that are not on its list (tests/root.rs): {}\n\
         An output goes in a folder of its own (charts/, badges/, results/); a file the project needs \
         at the root goes on the list.",
        strays.join(", ")
    );
}

#[test]
fn render_writes_only_listed_files_and_folders_at_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("results.json");
    std::fs::copy(committed, dir.path().join("results.json")).unwrap();
    let output = run({
        let mut command = nestprobe();
        command.current_dir(dir.path()).args(["render", "--quiet"]);
        command
    });
    assert!(output.status.success(), "{}", stderr_of(&output));
    let mut entries: BTreeSet<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_dir() {
                format!("{name}/")
            } else {
                name
            }
        })
        .collect();
    // (The lock `render` holds on its folder while it writes, ignored by git.)
    entries.remove(".nestprobe-out.lock");
    assert!(entries.contains("charts/") && entries.contains("results.html"), "{entries:?}");
    assert_eq!(strays(&entries), Vec::<&str>::new(), "render wrote these at the root");
}

#[test]
fn a_stray_file_or_folder_is_named() {
    let entries: BTreeSet<String> =
        ["Cargo.toml", "results-json.svg", "charts/", "out/", "results.md"].map(String::from).into();
    assert_eq!(strays(&entries), ["out/", "results-json.svg"]);
}
