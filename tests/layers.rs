//! The crate's layers depend one way (README, "Architecture"): each top-level module of src/ uses
//! only modules of a lower layer, so there is no import cycle; only `cli` and `app` see clap; only
//! `ui` prints. Read from the source, so a new `use` that breaks a rule fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Lower numbers are lower layers. A module may use modules of a strictly lower layer only.
const LAYERS: &[(&str, u8)] = &[
    ("units", 0),
    ("host", 0),
    ("untrusted", 0),
    ("lock", 0),
    ("payload", 1),
    ("registry", 1),
    ("results", 2),
    ("sys", 3),
    ("probe", 4),
    ("gate", 5),
    ("catalog", 5),
    ("report", 6),
    ("ui", 6),
    ("run", 7),
    ("setup", 8),
    ("cli", 8),
    ("app", 9),
];

fn source_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            source_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("tests.rs") {
            // (A `tests.rs` is a module of unit tests, which may reach anywhere.)
            found.push(path);
        }
    }
}

/// The top-level module a file of src/ belongs to (`src/run/pool.rs` → `run`).
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
    first.trim_end_matches(".rs").to_string()
}

/// The file's code without its unit tests (tests may reach anywhere).
fn without_tests(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |at| &text[..at])
}

/// Every `crate::<module>` the code names, also inside `use crate::{a, b::c}` groups.
fn used_modules(code: &str) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    let word =
        |text: &str| text.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect::<String>();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            used.extend(group.split(',').map(|item| word(item.trim())).filter(|w| !w.is_empty()));
        } else {
            used.insert(word(rest));
        }
    }
    used
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let module = module_of(&src, &file);
        if module == "lib" || module == "main" {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        let mut used = used_modules(without_tests(&text));
        used.remove(&module);
        graph.entry(module).or_default().extend(used);
    }
    graph
}

fn layer(module: &str) -> u8 {
    LAYERS.iter().find(|(name, _)| *name == module).map(|&(_, layer)| layer).unwrap_or_else(|| {
        panic!("src/{module} has no layer: add it to LAYERS here and to the README's Architecture")
    })
}

#[test]
fn every_module_uses_only_lower_layers() {
    let graph = graph();
    assert!(graph.len() >= 10, "the source was not read: {graph:?}");
    let mut wrong = Vec::new();
    for (module, used) in &graph {
        for other in used {
            if layer(other) >= layer(module) {
                wrong.push(format!(
                    "{module} (layer {}) uses {other} (layer {})",
                    layer(module),
                    layer(other)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "dependencies that run the wrong way:\n{}", wrong.join("\n"));
}

#[test]
fn the_checker_sees_uses_in_groups_and_paths() {
    let code =
        "use crate::{run::plan, ui};\nuse crate::probe::ProbeSpec;\nlet x = crate::units::thousands(1);";
    let used: Vec<String> = used_modules(code).into_iter().collect();
    assert_eq!(used, ["probe", "run", "ui", "units"]);
    assert_eq!(without_tests("a\n#[cfg(test)]\nmod tests { crate::app }"), "a\n");
}

#[test]
fn only_cli_and_app_see_clap_and_only_ui_prints() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&src, &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let module = module_of(&src, &file);
        let text = fs::read_to_string(&file).unwrap();
        let code = without_tests(&text);
        if !["cli", "app", "main"].contains(&module.as_str()) && code.contains("clap") {
            wrong.push(format!("{} names clap", file.display()));
        }
        let prints = ["println!", "eprintln!", "print!(", "eprint!("].iter().any(|p| code.contains(p));
        if module != "ui" && prints {
            wrong.push(format!("{} prints by itself (use ui::messages or ui::stdout)", file.display()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
