// Reads all of stdin, then parses a serde_json::Value with the recursion limit switched off
// (feature "unbounded_depth" + Deserializer::disable_recursion_limit, the documented opt-out).
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
use serde::Deserialize;
use std::io::Read;

fn parse(data: &[u8]) -> Result<serde_json::Value, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(data);
    de.disable_recursion_limit();
    let value = serde_json::Value::deserialize(&mut de)?;
    de.end()?; // reject trailing characters, as serde_json::from_slice does
    Ok(value)
}

fn main() {
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        eprintln!("std::io::Error: {}", e);
        std::process::exit(1);
    }
    if let Err(e) = parse(&data) {
        let msg: String = e.to_string().replace('\n', " ").chars().take(200).collect();
        eprintln!("serde_json::Error: {}", msg);
        std::process::exit(1);
    }
}
