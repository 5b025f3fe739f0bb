// Reads all of stdin, parses it with apollo-parser's Parser::new(text).parse() (default recursion
// limit) into its syntax tree; the tree's first error, if any, is the library's error (exit 1). A
// stack overflow aborts the process as it would.
// Optional argument, the phase (parsers/README.md, "Phases"): `parse` forgets the tree and exits 0;
// `free` drops it, then exits 0; `serialize` writes the document back as text, then exits 0.
use apollo_parser::cst::CstNode;
use std::io::Read;

fn fail(kind: &str, msg: &str) -> ! {
    let msg: String = msg.replace(['\n', '\r'], " ").chars().take(200).collect();
    eprintln!("{kind}: {msg}");
    std::process::exit(1);
}

fn input() -> Vec<u8> {
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    data
}

fn text(data: &[u8]) -> &str {
    std::str::from_utf8(data).unwrap_or_else(|e| fail("std::str::Utf8Error", &e.to_string()))
}

/// The phase asked for (parsers/README.md, "Phases"), if any; exit 2 on an unknown one.
fn phase() -> Option<String> {
    let phase = std::env::args().nth(1);
    if let Some(p) = &phase {
        if !["parse", "free", "serialize"].contains(&p.as_str()) {
            eprintln!("unknown phase: {p} (parse, free or serialize)");
            std::process::exit(2);
        }
    }
    phase
}
fn main() {
    let phase = phase();
    let data = input();
    let tree = apollo_parser::Parser::new(text(&data)).parse();
    if let Some(error) = tree.errors().next() {
        fail("apollo_parser::Error", error.message());
    }
    match phase.as_deref() {
        Some("parse") => std::mem::forget(tree),
        Some("free") => drop(tree),
        Some("serialize") => drop(std::hint::black_box(tree.document().syntax().to_string())),
        _ => return,
    }
    std::process::exit(0);
}
