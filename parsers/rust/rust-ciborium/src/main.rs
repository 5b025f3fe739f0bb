// Reads all of stdin, then ciborium::de::from_reader::<ciborium::Value> (default recursion limit).
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` forgets the value and
// ends at once (process::exit(0)); `free` drops it, then exits 0; `serialize` writes it back with
// ciborium::ser::into_writer (an Err is exit 1), then ends as `parse`. Without it: the value is
// dropped where it was before, in main. Unknown phase: exit 2.
use std::io::Read;

fn fail(kind: &str, msg: &str) -> ! {
    let msg: String = msg.replace(['\n', '\r'], " ").chars().take(200).collect();
    eprintln!("{kind}: {msg}");
    std::process::exit(1);
}

fn main() {
    let phase = phase();
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    match ciborium::de::from_reader::<ciborium::Value, _>(&data[..]) {
        Ok(value) => {
            if let Some(phase) = phase.as_deref() {
                after_parse(phase, value);
            }
        }
        Err(e) => {
            fail("ciborium::de::Error", &e.to_string());
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
fn after_parse(phase: &str, value: ciborium::Value) -> ! {
    match phase {
        "parse" => std::mem::forget(value),
        "free" => drop(value),
        _ => {
            // "serialize" (checked in `phase`): the text is made, then left to the exit.
            let size: usize = {
                let mut out = Vec::new();
                ciborium::ser::into_writer(&value, &mut out)
                    .unwrap_or_else(|e| fail("ciborium::ser::Error", &e.to_string()));
                out.len()
            };
            std::hint::black_box(size);
            std::mem::forget(value);
        }
    }
    std::process::exit(0);
}
