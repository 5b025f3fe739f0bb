//! The crate's layers depend one way (README, "Architecture"): each top-level module of src/ uses
//! only modules of a lower layer, so there is no import cycle; inside a folder, no two files import
//! each other, directly or round a circle; in report/, the view model names no output and no output
//! names another; only `cli` and `app` see clap; only `ui` prints. Read from the source, so a new
//! `use` that breaks a rule fails here.

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
    ("package", 1),
    ("results", 2),
    ("sys", 3),
    ("probe", 4),
    ("gate", 5),
    ("catalog", 5),
    ("report", 6),
    ("ui", 6),
    // The advisories' verdicts read outcomes as the reports word them; runs and merges attach them.
    ("advisories", 7),
    ("run", 8),
    ("audit", 8),
    ("setup", 9),
    // Above setup: it converts `setup`'s arguments into `SetupOptions`, as it does every command's.
    ("cli", 10),
    ("app", 11),
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

/// The file's code without its unit tests (tests may reach anywhere): everything from the first
/// `#[cfg(test)]` on, but for one that only declares a file of tests (`#[cfg(test)] mod tests;`, a
/// file left out by itself), after which the code goes on.
fn without_tests(text: &str) -> String {
    let mut code = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        code.push_str(&rest[..at]);
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        let item = after.trim_start_matches("pub(crate) ").trim_start_matches("pub ");
        let declared = item.strip_prefix("mod ").and_then(|name| {
            let len = name.find(|c: char| !is_ident_char(c)).unwrap_or(name.len());
            name[len..].strip_prefix(';')
        });
        match declared {
            Some(next) => rest = next,
            None => return code,
        }
    }
    code.push_str(rest);
    code
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
        let mut used = used_modules(&without_tests(&text));
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
    // A declared file of tests is left out, not the code after it.
    assert_eq!(without_tests("mod a;\n#[cfg(test)]\npub(crate) mod tests;\nuse b;\n"), "mod a;\n\nuse b;\n");
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

// Inside a folder, files name each other by `use super::x` or `crate::folder::x`; two files that
// do so both ways (directly or round a circle) are one room in two files. A folder's mod.rs counts
// as a file of its folder, except where it only declares its children, re-exports them
// (`pub use child::X`) or lists them in a registry (`&json::Json`, `Box::new(html::ResultsPage)`).

/// A file of src/ as the cycle check reads it: its module path (`src/report/html.rs` →
/// `report::html`, `src/report/mod.rs` → `report`) and its code without unit tests.
struct SourceFile {
    module: Vec<String>,
    is_mod_rs: bool,
    code: String,
}

impl SourceFile {
    /// A made-up file for the checkers' own tests: `path` its module path, a `mod.rs` when it
    /// declares modules.
    fn fake(path: &str, code: &str) -> SourceFile {
        SourceFile {
            module: path.split("::").map(String::from).collect(),
            is_mod_rs: code.contains("pub mod"),
            code: code.to_string(),
        }
    }
}

fn source_tree() -> Vec<SourceFile> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    source_files(&src, &mut paths);
    let mut files = Vec::new();
    for path in paths {
        let relative = path.strip_prefix(&src).unwrap().with_extension("");
        let mut module: Vec<String> =
            relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        if module == ["lib"] || module == ["main"] {
            continue;
        }
        let is_mod_rs = module.last().is_some_and(|m| m == "mod");
        if is_mod_rs {
            module.pop();
        }
        let code = without_tests(&fs::read_to_string(&path).unwrap());
        files.push(SourceFile { module, is_mod_rs, code });
    }
    files
}

/// The code without comments, and a mod.rs's without its re-exports (`pub use child::X;`).
fn code_to_read(file: &SourceFile) -> String {
    let mut kept = String::new();
    let mut in_reexport = false;
    for line in file.code.lines() {
        let line = line.find("//").map_or(line, |at| &line[..at]);
        let trimmed = line.trim_start();
        in_reexport |=
            file.is_mod_rs && (trimmed.starts_with("pub use ") || trimmed.starts_with("pub(crate) use "));
        if !in_reexport {
            kept.push_str(line);
            kept.push('\n');
        }
        in_reexport &= !line.contains(';');
    }
    kept
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a use tree at the start of `text` names (`a::{b, c::d as e}` → `a::b`, `a::c::d`), and
/// how many bytes it took.
fn use_tree(text: &str) -> (Vec<Vec<String>>, usize) {
    if text.starts_with('{') {
        let mut paths = Vec::new();
        let mut at = 1;
        loop {
            at += text[at..].len()
                - text[at..].trim_start_matches(|c: char| c == ',' || c.is_whitespace()).len();
            if at >= text.len() || text[at..].starts_with('}') {
                return (paths, (at + 1).min(text.len()));
            }
            let (inner, used) = use_tree(&text[at..]);
            paths.extend(inner);
            // (Something that is not a path, say a stray character, is stepped over.)
            at += if used > 0 { used } else { text[at..].chars().next().map_or(1, char::len_utf8) };
            // An alias names nothing more.
            if let Some(alias) = text[at..].trim_start().strip_prefix("as ") {
                let alias = alias.trim_start();
                let name = alias.find(|c: char| !is_ident_char(c)).unwrap_or(alias.len());
                at = text.len() - alias.len() + name;
            }
        }
    }
    let len = text.find(|c: char| !is_ident_char(c)).unwrap_or(text.len());
    if len == 0 {
        // A glob (`*`) names the module itself.
        return (vec![vec![]], usize::from(text.starts_with('*')));
    }
    let ident = text[..len].to_string();
    match text[len..].strip_prefix("::") {
        Some(rest) => {
            let (inner, used) = use_tree(rest);
            let paths = inner.into_iter().map(|tail| [vec![ident.clone()], tail].concat()).collect();
            (paths, len + 2 + used)
        }
        None => (vec![vec![ident]], len),
    }
}

/// Whether a mod.rs names its child `path` only to list it in a registry: `&json::Json,`,
/// `Box::new(html::ResultsPage)`.
fn is_registry_entry(before: &str, path: &[String], after: &str) -> bool {
    let listed = before.ends_with('&') || before.ends_with("Box::new(");
    let a_value = path.len() == 2 && path[1].starts_with(|c: char| c.is_ascii_uppercase());
    listed && a_value && (after.starts_with(',') || after.starts_with(')'))
}

/// `base` followed by `tail`, each `super` going one module up.
fn resolve(mut base: Vec<String>, tail: &[String]) -> Vec<String> {
    for segment in tail {
        match segment.as_str() {
            "super" => {
                base.pop();
            }
            "self" => {}
            name => base.push(name.to_string()),
        }
    }
    base
}

/// Every path into the crate the file names (`super::x` in src/report/html.rs → `report::x`); in a
/// mod.rs also its children's, but for re-exports and registry entries.
fn named_paths(file: &SourceFile, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let code = code_to_read(file);
    let parent = file.module[..file.module.len().saturating_sub(1)].to_vec();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = code[at..].find(is_ident_char) {
        let start = at + offset;
        let len = code[start..].find(|c: char| !is_ident_char(c)).unwrap_or(code.len() - start);
        let (word, before) = (&code[start..start + len], &code[..start]);
        at = start + len;
        let base = match word {
            "crate" => vec![],
            "self" => file.module.clone(),
            "super" => parent.clone(),
            child if file.is_mod_rs && children.contains(child) => {
                [file.module.clone(), vec![child.into()]].concat()
            }
            _ => continue,
        };
        let fresh = !before.ends_with("::") && !before.ends_with(is_ident_char);
        let Some(rest) = code[at..].strip_prefix("::").filter(|_| fresh) else { continue };
        let (paths, used) = use_tree(rest);
        at += 2 + used;
        for tail in paths {
            let spoken = [vec![word.to_string()], tail.clone()].concat();
            if !children.contains(word) || !is_registry_entry(before, &spoken, &code[at..]) {
                found.push(resolve(base.clone(), &tail));
            }
        }
    }
    found
}

/// For each folder (`src/report`), which of its files (`html.rs`, `mod.rs`, `chart/`) name which: a
/// subfolder is one file of its parent, whatever file of it does the naming.
fn sibling_edges(files: &[SourceFile]) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let modules: BTreeSet<&[String]> = files.iter().map(|f| f.module.as_slice()).collect();
    let folders: BTreeSet<&[String]> =
        files.iter().filter(|f| f.is_mod_rs).map(|f| f.module.as_slice()).collect();
    let mut edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in files {
        let children: BTreeSet<String> = modules
            .iter()
            .filter(|m| m.len() == file.module.len() + 1 && m.starts_with(&file.module))
            .map(|m| m[file.module.len()].clone())
            .collect();
        for path in named_paths(file, &children) {
            // The module the path names: its longest prefix that is a module (`report::view::label`
            // → `report::view`).
            let target = (0..=path.len())
                .rev()
                .map(|n| &path[..n])
                .find(|p| p.is_empty() || modules.contains(p))
                .unwrap();
            let common = file.module.iter().zip(target).take_while(|(a, b)| a == b).count();
            if file.module.len() == common && target.len() == common {
                continue;
            }
            let node = |module: &[String]| match module.get(common) {
                Some(name) if folders.contains(&module[..=common]) => format!("{name}/"),
                Some(name) => format!("{name}.rs"),
                None if common == 0 => "lib.rs".into(),
                None => "mod.rs".into(),
            };
            let folder = if common == 0 {
                "src".to_string()
            } else {
                format!("src/{}", file.module[..common].join("/"))
            };
            edges.entry(folder).or_default().entry(node(&file.module)).or_default().insert(node(target));
        }
    }
    edges
}

/// The circles among each folder's files, each as its shortest loop from its first file:
/// `src/report: detail.rs → html.rs → detail.rs`.
fn cycles(edges: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>) -> Vec<String> {
    let mut found = Vec::new();
    for (folder, graph) in edges {
        let next = |node: &String| graph.get(node).into_iter().flatten();
        let mut seen: BTreeSet<&String> = BTreeSet::new();
        for start in graph.keys() {
            if seen.contains(start) {
                continue;
            }
            // Breadth first from `start`: the first way back to it is its shortest loop.
            let mut came_from: BTreeMap<&String, &String> = BTreeMap::new();
            let mut queue = std::collections::VecDeque::from([start]);
            let mut back = None;
            while let Some(node) = queue.pop_front() {
                for to in next(node) {
                    if to == start {
                        back = Some(node);
                        break;
                    }
                    if !came_from.contains_key(to) {
                        came_from.insert(to, node);
                        queue.push_back(to);
                    }
                }
                if back.is_some() {
                    break;
                }
            }
            let Some(mut node) = back else { continue };
            let mut circle = vec![start];
            while node != start {
                circle.push(node);
                node = came_from[node];
            }
            circle[1..].reverse();
            circle.push(start);
            seen.extend(circle.iter().copied());
            let names: Vec<&str> = circle.iter().map(|n| n.as_str()).collect();
            found.push(format!("{folder}: {}", names.join(" → ")));
        }
    }
    found
}

#[test]
fn no_import_cycle_between_sibling_files() {
    let files = source_tree();
    assert!(files.len() >= 50, "the source was not read: {} files", files.len());
    let found = cycles(&sibling_edges(&files));
    assert!(
        found.is_empty(),
        "files of one folder that import each other (move what both need to a file of its own):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_cycle_checker_follows_uses_and_spares_declarations_and_registries() {
    let file = SourceFile::fake;
    let mut files = vec![
        file(
            "report",
            "pub mod html;\npub mod detail;\npub mod view;\npub use view::label;\n\
             fn exporters() -> Vec<Box<dyn Exporter>> { vec![Box::new(html::Page)] }",
        ),
        file(
            "report::html",
            "use super::{detail, view::label as name, Exporter};\n// super::view in a comment",
        ),
        file("report::detail", "use crate::{report::view::label, results::Record};"),
        file("report::view", "use crate::results::Record;"),
        file("results", ""),
    ];
    assert_eq!(cycles(&sibling_edges(&files)), Vec::<String>::new());
    let edges = sibling_edges(&files);
    let report = &edges["src/report"];
    assert_eq!(report["html.rs"], BTreeSet::from(["detail.rs".into(), "view.rs".into(), "mod.rs".into()]));
    assert_eq!(report["detail.rs"], BTreeSet::from(["view.rs".into()]));
    assert!(!report.contains_key("mod.rs"), "a registry and a re-export are no uses: {report:?}");
    // detail → html → detail, and a mod.rs that calls a child which uses it.
    files[2].code.push_str("\nfn f() { crate::report::html::row(); }");
    files[0].code.push_str("\nfn g() { view::label(); }");
    files[3].code.push_str("\nuse super::super::report::Exporter;");
    assert_eq!(
        cycles(&sibling_edges(&files)),
        ["src/report: detail.rs → html.rs → detail.rs", "src/report: mod.rs → view.rs → mod.rs"]
    );
}

// report/ is one folder (or file) per output over one view model: `model/` is what every output
// reads, computed once, and names nothing else of report/; `render/` is what outputs write with
// (escaping, the charts' drawing) and names only the model; every other part is an output, which
// names the model, `render/` and the `Exporter` trait of report/mod.rs, never another output.
// Above them all, report/mod.rs (the trait and the registry, `exporters()`) and regenerate.rs
// (writing every output at once) may name any part.

/// The parts of report/ that are no output, and the other parts each may name.
const REPORT_SHARED: &[(&str, &[&str])] = &[("model", &[]), ("render", &["model"])];
/// The files of report/ above its outputs (report/mod.rs is the part `""`).
const REPORT_TOP: &[&str] = &["", "regenerate"];

/// The part of report/ a module is in (`report::page::html` → `page`, `report` → `""`).
fn report_part(module: &[String]) -> &str {
    module.get(1).map_or("", String::as_str)
}

/// Whether a part of report/ may name `path` (a path into the crate, resolved to `target`).
fn report_part_may_name(part: &str, path: &[String], target: &[String]) -> bool {
    if target.first().is_none_or(|m| m != "report") || REPORT_TOP.contains(&part) {
        return true;
    }
    let named = report_part(target);
    if named == part {
        return true;
    }
    match REPORT_SHARED.iter().find(|(shared, _)| *shared == part) {
        Some((_, may)) => may.contains(&named),
        // An output: the shared parts, and of report/mod.rs only the trait it implements.
        None => {
            REPORT_SHARED.iter().any(|(shared, _)| *shared == named)
                || (named.is_empty() && path == ["report", "Exporter"])
        }
    }
}

/// What in report/ names a part it may not: `src/report/page/html.rs names report::markdown::results_md`.
fn report_rule_breaks(files: &[SourceFile]) -> Vec<String> {
    let modules: BTreeSet<&[String]> = files.iter().map(|f| f.module.as_slice()).collect();
    let mut found = BTreeSet::new();
    for file in files.iter().filter(|f| f.module.first().is_some_and(|m| m == "report")) {
        // Read with a mod.rs's re-exports too: `pub use` of another output is naming it.
        let read = SourceFile { module: file.module.clone(), is_mod_rs: false, code: file.code.clone() };
        let part = report_part(&file.module);
        for path in named_paths(&read, &BTreeSet::new()) {
            let target = (0..=path.len())
                .rev()
                .map(|n| &path[..n])
                .find(|p| p.is_empty() || modules.contains(p))
                .unwrap();
            if !report_part_may_name(part, &path, target) {
                let file_name = if file.is_mod_rs { "/mod.rs" } else { ".rs" };
                found.insert(format!("src/{}{file_name} names {}", file.module.join("/"), target.join("::")));
            }
        }
    }
    found.into_iter().collect()
}

#[test]
fn report_s_model_names_no_output_and_no_output_names_another() {
    let files = source_tree();
    let parts: BTreeSet<&str> = files
        .iter()
        .filter(|f| f.module.first().is_some_and(|m| m == "report"))
        .map(|f| report_part(&f.module))
        .collect();
    for (shared, _) in REPORT_SHARED {
        assert!(parts.contains(shared), "src/report/{shared}/ is gone: say where the model went here");
    }
    let found = report_rule_breaks(&files);
    assert!(
        found.is_empty(),
        "report/: the model names no other part, render/ only the model, an output only the model, \
         render/ and `Exporter` (move what two outputs share to model/ or render/):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_report_checker_sees_an_output_naming_another_and_the_model_naming_an_output() {
    let file = SourceFile::fake;
    let mut files = vec![
        file(
            "report",
            "pub mod model;\npub mod render;\npub mod page;\npub mod markdown;\npub mod regenerate;\n\
             fn exporters() -> Vec<Box<dyn Exporter>> { vec![Box::new(page::Page)] }",
        ),
        file("report::model", "pub mod view;\npub mod files;"),
        file("report::model::view", "use super::files::DIR;\nuse crate::results::Record;"),
        file("report::model::files", ""),
        file("report::render", "pub mod markup;"),
        file("report::render::markup", "use crate::report::model::view;"),
        file("report::page", "pub mod html;\npub use html::Page;"),
        file(
            "report::page::html",
            "use super::super::model::{files::DIR, view};\nuse crate::report::{render::markup, Exporter};",
        ),
        file("report::markdown", "pub mod table;\npub mod cells;"),
        file("report::markdown::table", "use super::cells;\nuse crate::report::model::view;"),
        file("report::markdown::cells", ""),
        file("report::regenerate", "use super::{exporters, markdown::table, page};"),
        file("results", ""),
    ];
    assert_eq!(report_rule_breaks(&files), Vec::<String>::new());
    // The model naming an output, an output another (also by a re-export), render/ an output, an
    // output the report's registry.
    files[2].code.push_str("\nfn f() { crate::report::page::html::row(); }");
    files[7].code.push_str("\nuse crate::report::markdown::{cells::cell, table};");
    files[6].code.push_str("\npub use crate::report::markdown::table::Table;");
    files[5].code.push_str("\nuse super::super::page;");
    files[10].code.push_str("\nfn g() { super::super::exporters(); }");
    assert_eq!(
        report_rule_breaks(&files),
        [
            "src/report/markdown/cells.rs names report",
            "src/report/model/view.rs names report::page::html",
            "src/report/page/html.rs names report::markdown::cells",
            "src/report/page/html.rs names report::markdown::table",
            "src/report/page/mod.rs names report::markdown::table",
            "src/report/render/markup.rs names report::page",
        ]
    );
}
