//! Every parser program leaves the protocol to its language's helper (parsers/README.md, "The
//! protocol helper"): no program reads stdin, names a phase, exits with a status of its own or
//! prints its built depth. Read from the real catalog's programs, comments left out.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use nestprobe::catalog::Catalog;

fn parsers() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("parsers")
}

/// How a language folder's sources write comments: line comment starts, and whether `/* … */`
/// blocks are comments too.
struct Comments {
    line: &'static [&'static str],
    blocks: bool,
}

fn comments(extension: &str) -> Option<Comments> {
    let c_like = Comments { line: &["//"], blocks: true };
    Some(match extension {
        "c" | "h" | "cpp" | "cc" | "hpp" | "go" | "rs" | "js" | "mjs" | "cjs" | "java" | "scala"
        | "groovy" | "d" | "vala" | "cs" | "swift" | "hx" | "m" | "jsonnet" | "pike" => c_like,
        "php" => Comments { line: &["//", "#"], blocks: true },
        "py" | "rb" | "pl" | "pm" | "r" | "R" | "tcl" | "raku" | "nim" | "cr" | "sh" => {
            Comments { line: &["#"], blocks: false }
        }
        "lua" | "hs" | "adb" | "ads" | "sql" => Comments { line: &["--"], blocks: false },
        "lisp" | "scm" | "rkt" | "clj" | "el" => Comments { line: &[";"], blocks: false },
        "erl" | "pro" => Comments { line: &["%"], blocks: false },
        "ml" | "pas" | "vim" => Comments { line: &["\""], blocks: false },
        _ => return None,
    })
}

/// The source without its comments (naively: a comment marker inside a string cuts the line
/// there too, which can only hide code from the checks below, never invent it).
fn code_of(source: &str, comments: &Comments) -> String {
    let mut text = source.to_string();
    if comments.blocks {
        while let Some(start) = text.find("/*") {
            let end = text[start..].find("*/").map_or(text.len(), |end| start + end + 2);
            text.replace_range(start..end, " ");
        }
    }
    text.lines()
        .map(|line| {
            let cut = comments.line.iter().filter_map(|marker| line.find(marker)).min().unwrap_or(line.len());
            &line[..cut]
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What only a language's helper may write, by what it does.
const PROTOCOL: &[(&str, &[&str])] = &[
    (
        "reads stdin",
        &[
            "sys.stdin",
            "process.stdin",
            "/dev/stdin",
            "readFileSync(0",
            "os.Stdin",
            "io::stdin",
            "std::cin",
            "stdin)",
            "<STDIN>",
            "STDIN.",
            "$stdin",
            "php://stdin",
            "io.read(",
            "io.stdin",
            "System.in",
        ],
    ),
    (
        "names a phase",
        &[
            "\"parse\"",
            "'parse'",
            "\"free\"",
            "'free'",
            "\"serialize\"",
            "'serialize'",
            "\"compile\"",
            "'compile'",
            "\"run\"",
            "'run'",
        ],
    ),
    (
        "exits with a status of its own",
        &[
            "sys.exit(",
            "os._exit(",
            "process.exit(",
            "reallyExit(",
            "os.Exit(",
            "process::exit(",
            "_exit(",
            "System.exit(",
            "halt(",
            "exit!(",
            "POSIX::_exit",
        ],
    ),
    ("prints its built depth", &["built depth"]),
];

/// Programs that keep the protocol themselves, and why (each was tried on its helper, or cannot
/// reach one): the list must stay true, so a program listed here that no longer offends fails too.
const KEPT: &[(&str, &str)] = &[
    ("c/c-jshon/parse.py", "a Python wrapper of the jshon CLI: the C folder's helper is a header, and a root gets only that folder's files"),
    ("c/jq/parse.py", "a Python wrapper of the jq and gojq CLIs (go-gojq runs it too) that turns each phase into a jq filter (halt, empty, .)"),
    ("js/js-mujs/parse.py", "mujs and njs (js-njs runs it too) cannot read a pipe, nor both write stderr and choose the exit status: their Python wrapper reads stdin and sets the status"),
    ("js/js-duktape/parse.c", "a C program embedding Duktape: the JavaScript folder's helper cannot serve it"),
    ("jsonnet/jsonnet-parsejson/parse.py", "hands its stdin to the jsonnet CLI as /dev/stdin; the rest is the helper's"),
    ("rust/rust-serde-json/src/main.rs", "on the helper, serde_json's unbounded_depth build moved its object boundary (15,885 to 15,418; Debian 13 12,786 to 14,168): the program is as it was until that is understood"),
    ("cpp/cpp-nlohmann/parse.cpp", "with the helper in its source, g++ 14 gave nlohmann's recursive dump a 96-byte frame instead of 112 and Debian 13's serialize boundary moved from 74,880 to 87,361"),
];

/// Language folders without a helper, and why.
const WITHOUT_HELPER: &[(&str, &str)] = &[
    (
        "raku",
        "loading a second file costs Rakudo seconds of compilation per start, and the row's one fact is time-bound",
    ),
    (
        "products",
        "a product is a server asked over HTTP or through its own client (redis-cli, mariadb, psql): no program of ours parses",
    ),
];

/// The helper files: `protocol.*` or `Protocol.*` in a language folder (or its `protocol/` package).
fn is_helper(path: &Path) -> bool {
    path.file_stem().and_then(|stem| stem.to_str()).is_some_and(|stem| stem.eq_ignore_ascii_case("protocol"))
}

fn sources(folder: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let skip = ["node_modules", "target", "vendor", "__pycache__"];
        if path.is_dir() && !skip.iter().any(|s| name == *s) {
            sources(&path, found);
        } else if path.is_file() && !is_helper(&path) {
            found.push(path);
        }
    }
}

#[test]
fn no_program_does_the_protocol_itself() {
    let catalog = Catalog::load(&parsers().join("catalog.toml")).expect("the catalog loads");
    // A service's program is a server: it keeps no stdin protocol (its routes may be named /parse).
    let programs = catalog.entries.iter().filter(|entry| entry.serve.is_none());
    let folders: BTreeSet<PathBuf> = programs.map(|entry| catalog.source_dir(entry)).collect();
    assert!(folders.len() >= 200, "{} program folders", folders.len());
    let mut found = Vec::new();
    for folder in &folders {
        sources(folder, &mut found);
    }
    let mut offences = Vec::new();
    for path in found {
        let Some(style) = path.extension().and_then(|e| e.to_str()).and_then(comments) else { continue };
        let Ok(source) = fs::read_to_string(&path) else { continue };
        let code = code_of(&source, &style);
        for (what, needles) in PROTOCOL {
            if let Some(needle) = needles.iter().find(|needle| code.contains(**needle)) {
                let shown = path.strip_prefix(parsers()).unwrap_or(&path).display().to_string();
                offences.push(format!("{shown} {what} ({needle})"));
            }
        }
    }
    let kept = |offence: &String| KEPT.iter().any(|(path, _)| offence.starts_with(&format!("{path} ")));
    let (listed, unlisted): (Vec<String>, Vec<String>) = offences.into_iter().partition(kept);
    assert!(
        unlisted.is_empty(),
        "{} programs do the protocol themselves:\n{}",
        unlisted.len(),
        unlisted.join("\n")
    );
    for (path, why) in KEPT {
        let still = listed.iter().any(|offence| offence.starts_with(&format!("{path} ")));
        assert!(still, "{path} is listed as keeping the protocol ({why}) but no longer does");
    }
}

#[test]
fn every_language_with_programs_has_one_helper() {
    let catalog = Catalog::load(&parsers().join("catalog.toml")).expect("the catalog loads");
    let languages: BTreeSet<PathBuf> = catalog.entries.iter().map(|entry| entry.folder.clone()).collect();
    let mut missing = Vec::new();
    for language in languages {
        let helpers: Vec<_> = fs::read_dir(&language)
            .unwrap()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| is_helper(path))
            .collect();
        let without = WITHOUT_HELPER.iter().any(|(name, _)| language.ends_with(name));
        if helpers.len() != usize::from(!without) {
            missing.push(format!("{}: {helpers:?}", language.display()));
        }
    }
    assert!(
        missing.is_empty(),
        "language folders without exactly one protocol helper:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_comment_stripper_keeps_code_and_drops_comments() {
    let c = comments("c").unwrap();
    assert_eq!(code_of("int x; /* reads stdin */ y(); // _exit(0)", &c).trim(), "int x;   y();");
    let py = comments("py").unwrap();
    assert_eq!(code_of("x = 1  # sys.exit(0)\nsys.stdin", &py), "x = 1  \nsys.stdin");
}
