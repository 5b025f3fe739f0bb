// Reads all of stdin, then roxmltree::Document::parse (default ParsingOptions) into a read-only DOM.
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` forgets the Document and
// exits 0; `free` drops it, then exits 0. roxmltree has no writer: no `serialize`. Without it: the
// Document is dropped as the `if let` ends and main returns (as before).
use std::io::Read;

fn fail(kind: &str, msg: &str) -> ! {
    let msg: String = msg.replace(['\n', '\r'], " ").chars().take(200).collect();
    eprintln!("{kind}: {msg}");
    std::process::exit(1);
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
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    let text = match std::str::from_utf8(&data) {
        Ok(t) => t,
        Err(e) => fail("std::str::Utf8Error", &e.to_string()),
    };
    if phase.is_some() {
        phased(text, phase.as_deref());
    }
    if let Err(e) = roxmltree::Document::parse(text) {
        fail("roxmltree::Error", &e.to_string());
    }
}

/// Parses, then does the phase and exits (kept out of main, so main's frame is as before).
#[inline(never)]
fn phased(text: &str, phase: Option<&str>) -> ! {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| fail("roxmltree::Error", &e.to_string()));
    match phase {
        Some("parse") => std::mem::forget(doc),
        _ => drop(doc), // "free"
    }
    std::process::exit(0);
}
