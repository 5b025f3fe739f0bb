// Reads all of stdin, decodes it with der-parser's parse_der (generic: every constructed value
// decoded into a BerObject tree); trailing bytes are an error. Catches the returned Err (exit 1); a
// stack overflow aborts the process as it would.
// Optional argument, the phase (parsers/README.md, "Phases"): `parse` forgets the tree and exits 0;
// `free` drops it, then exits 0.
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
    let object = match der_parser::parse_der(&data) {
        Ok((rest, _)) if !rest.is_empty() => fail("der_parser::Error", &format!("{} bytes after the value", rest.len())),
        Ok((_, object)) => object,
        Err(e) => fail("der_parser::BerError", &e.to_string()),
    };
    match phase.as_deref() {
        Some("parse") => std::mem::forget(object),
        Some("free") => drop(object),
        _ => return,
    }
    std::process::exit(0);
}
