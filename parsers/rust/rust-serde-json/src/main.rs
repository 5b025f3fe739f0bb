// Reads all of stdin, then parses a serde_json::Value. By default with serde_json::from_slice and
// its default settings (recursion limit on); with the `unbounded` feature (the catalog's
// rust-serde-json-unbounded row) with the documented opt-out: feature "unbounded_depth" plus
// Deserializer::disable_recursion_limit. Catches the returned Err (exit 1); a stack overflow aborts
// as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` forgets the value and
// ends at once (process::exit(0)); `free` drops it (drop(value)), then exits 0; `serialize` writes it
// back with serde_json::to_string (an Err is exit 1), then ends as `parse`. Without it: parse, drop
// the value, return from main (as before). Unknown phase: exit 2.
use std::io::Read;

#[cfg(not(feature = "unbounded"))]
fn parse(data: &[u8]) -> Result<serde_json::Value, serde_json::Error> {
    serde_json::from_slice(data)
}

#[cfg(feature = "unbounded")]
fn parse(data: &[u8]) -> Result<serde_json::Value, serde_json::Error> {
    use serde::Deserialize;
    let mut de = serde_json::Deserializer::from_slice(data);
    de.disable_recursion_limit();
    let value = serde_json::Value::deserialize(&mut de)?;
    de.end()?; // reject trailing characters, as serde_json::from_slice does
    Ok(value)
}

fn fail(e: serde_json::Error) -> ! {
    let msg: String = e.to_string().replace('\n', " ").chars().take(200).collect();
    eprintln!("serde_json::Error: {}", msg);
    std::process::exit(1);
}

fn main() {
    let phase = std::env::args().skip(1).last();
    if let Some(p) = &phase {
        if !matches!(p.as_str(), "parse" | "free" | "serialize") {
            eprintln!("unknown phase: {} (parse, free or serialize)", p);
            std::process::exit(2);
        }
    }
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        eprintln!("std::io::Error: {}", e);
        std::process::exit(1);
    }
    let value = match parse(&data) {
        Ok(value) => value,
        Err(e) => fail(e),
    };
    match phase.as_deref() {
        Some("parse") => std::mem::forget(value),
        Some("free") => drop(value),
        Some(_) => match serde_json::to_string(&value) { // "serialize" (checked above)
            Ok(text) => {
                std::hint::black_box(text.len()); // the text is used, then left to the exit
                std::mem::forget((text, value));
            }
            Err(e) => fail(e),
        },
        None => return, // as before: the value is dropped on the way out of main
    }
    std::process::exit(0);
}
