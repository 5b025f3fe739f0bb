// Reads all of stdin, parses it with async-graphql-parser's parse_query (a pest grammar) into its
// executable document. Catches the returned Err (exit 1); a stack overflow aborts the process as it
// would.
// Optional argument, the phase (parsers/README.md, "Phases"): `parse` forgets the document and
// exits 0; `free` drops it, then exits 0. (It has no printer: no `serialize`.)
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
    let document = async_graphql_parser::parse_query(text(&data))
        .unwrap_or_else(|e| fail("async_graphql_parser::Error", &e.to_string()));
    match phase.as_deref() {
        Some("parse") => std::mem::forget(document),
        Some("free") => drop(document),
        _ => return,
    }
    std::process::exit(0);
}
