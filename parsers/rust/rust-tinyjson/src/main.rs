// Reads all of stdin, then str::parse into a tinyjson::JsonValue (tinyjson, default settings).
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` forgets the value and
// ends at once (process::exit(0)); `free` drops it, then exits 0; `serialize` writes it back with
// JsonValue::stringify (an Err is exit 1), then ends as `parse`. Without it: the value is dropped
// at the end of its match arm in main, as before. Unknown phase: exit 2.
use std::io::Read;

fn fail(kind: &str, msg: &str) -> ! {
    let msg: String = msg.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(200).collect();
    eprintln!("{kind}: {msg}");
    std::process::exit(1);
}

fn main() {
    let phase = phase();
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    let text = match String::from_utf8(data) {
        Ok(text) => text,
        Err(e) => fail("std::string::FromUtf8Error", &e.to_string()),
    };
    match text.parse::<tinyjson::JsonValue>() {
        Ok(value) => {
            if let Some(phase) = phase.as_deref() {
                after_parse(phase, value);
            }
        }
        Err(e) => fail("tinyjson::JsonParseError", &e.to_string()),
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
fn after_parse(phase: &str, value: tinyjson::JsonValue) -> ! {
    match phase {
        "parse" => std::mem::forget(value),
        "free" => drop(value),
        _ => {
            // "serialize" (checked in `phase`): the text is used, then left to the exit.
            let text: String =
                value.stringify().unwrap_or_else(|e| fail("tinyjson::JsonGenerateError", &e.to_string()));
            std::hint::black_box(text.len());
            std::mem::forget((text, value));
        }
    }
    std::process::exit(0);
}
