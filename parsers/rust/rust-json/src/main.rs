// Reads all of stdin as UTF-8 text, then json::parse (json-rust, its own JsonValue DOM), defaults.
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` forgets the value and
// ends at once (process::exit(0)); `free` drops it, then exits 0; `serialize` writes it back with
// value.dump() (an Err is exit 1), then ends as `parse`. Without it: the value is dropped at the
// end of its match arm in main, as before. Unknown phase: exit 2.
use std::io::Read;

fn main() {
    let phase = phase();
    let mut data = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut data) {
        eprintln!("std::io::Error: {}", e);
        std::process::exit(1);
    }
    match json::parse(&data) {
        Ok(value) => {
            if let Some(phase) = phase.as_deref() {
                after_parse(phase, value);
            }
        }
        Err(e) => {
            let msg: String = e.to_string().replace('\n', " ").chars().take(200).collect();
            eprintln!("json::Error: {}", msg);
            std::process::exit(1);
        }
    }
}

/// The phase, the optional last argument (parsers/README.md, "Phases"); an unknown one is exit 2.
fn phase() -> Option<String> {
    let phase = std::env::args().skip(1).last();
    if let Some(p) = &phase {
        if !matches!(p.as_str(), "parse" | "free" | "serialize") {
            eprintln!("unknown phase: {p} (parse, free or serialize)");
            std::process::exit(2);
        }
    }
    phase
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(phase: &str, value: json::JsonValue) -> ! {
    match phase {
        "parse" => std::mem::forget(value),
        "free" => drop(value),
        _ => {
            // "serialize" (checked in `phase`): the text is used, then left to the exit.
            let text: String = value.dump();
            std::hint::black_box(text.len());
            std::mem::forget((text, value));
        }
    }
    std::process::exit(0);
}
