// Reads all of stdin, then parses a serde_json::Value. By default with serde_json::from_slice and
// its default settings (recursion limit on); with the `unbounded` feature (the catalog's
// rust-serde-json-unbounded row) with the documented opt-out: feature "unbounded_depth" plus
// Deserializer::disable_recursion_limit. Catches the returned Err (exit 1); a stack overflow aborts
// as it would.
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
