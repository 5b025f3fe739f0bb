// Reads all of stdin, then jiter::JsonValue::parse(data, allow_inf_nan = false) (jiter, the strict-JSON default).
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` forgets the value and
// ends at once (process::exit(0)); `free` drops it, then exits 0; no `serialize`: the library has
// no serializer of its own. Without it: the value is dropped at the end of its match arm in main,
// as before. Unknown phase: exit 2.
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
    match jiter::JsonValue::parse(&data, false) {
        Ok(value) => {
            if let Some(phase) = phase.as_deref() {
                after_parse(phase, value);
            }
        }
        Err(e) => fail("jiter::JsonError", &e.to_string()),
    }
}

/// The phase, the optional last argument (parsers/README.md, "Phases"); an unknown one is exit 2.
fn phase() -> Option<String> {
    let phase = std::env::args().skip(1).last();
    if let Some(p) = &phase {
        if !matches!(p.as_str(), "parse" | "free") {
            eprintln!("unknown phase: {p} (parse or free)");
            std::process::exit(2);
        }
    }
    phase
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(phase: &str, value: jiter::JsonValue<'_>) -> ! {
    match phase {
        "parse" => std::mem::forget(value),
        "free" => drop(value),
        _ => unreachable!("checked in `phase`"),
    }
    std::process::exit(0);
}
