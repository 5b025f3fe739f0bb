// Reads all of stdin, decodes it with the bson crate's Document::from_reader (documents and arrays
// all the way down). Catches the returned Err (exit 1); a stack overflow aborts the process as it
// would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` forgets the Document and
// exits 0; `free` drops it, then exits 0. No `serialize`: linking bson's serializer in
// (Document::to_writer or bson::to_vec) changes how rustc compiles the decoder (its recursion then
// overflows 8 MiB at 4,002 levels instead of 4,519), so the program without a phase would no longer
// be the one it was. Without it: the Document is dropped at once and main returns (as before).
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
fn phase(allowed: &[&str]) -> Option<String> {
    let phase = std::env::args().skip(1).last();
    if let Some(p) = &phase {
        if !allowed.contains(&p.as_str()) {
            eprintln!("unknown phase: {p} ({})", allowed.join(", "));
            std::process::exit(2);
        }
    }
    phase
}

fn main() {
    let phase = phase(&["parse", "free"]);
    let data = input();
    match bson::Document::from_reader(&mut &data[..]) {
        Err(e) => fail("bson::de::Error", &e.to_string()),
        Ok(doc) => {
            if phase.is_some() {
                phased(doc, phase.as_deref());
            }
        }
    }
}

/// Does the phase and exits (kept out of main; the one decode call above serves both).
#[inline(never)]
fn phased(doc: bson::Document, phase: Option<&str>) -> ! {
    match phase {
        Some("parse") => std::mem::forget(doc),
        _ => drop(doc), // "free"
    }
    std::process::exit(0);
}
