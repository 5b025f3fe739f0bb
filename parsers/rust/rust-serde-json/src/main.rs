// Reads all of stdin, then parses a serde_json::Value. By default with serde_json::from_slice and
// its default settings (recursion limit on); with the `unbounded` feature (the catalog's
// rust-serde-json-unbounded row) with the documented opt-out: feature "unbounded_depth" plus
// Deserializer::disable_recursion_limit. Catches the returned Err (exit 1); a stack overflow aborts
// as it would.
// Then, in main as before: protocol::parsed(), serde_json::to_string through protocol::serialize!,
// the drop, protocol::finished(). Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

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
    let data = protocol::input(protocol::Takes::All);
    let value = match parse(&data) {
        Ok(value) => value,
        Err(e) => fail("serde_json::Error", &e.to_string()),
    };
    protocol::parsed();
    if let Some(output) = protocol::serialize!(serde_json::to_string(&value)) {
        protocol::serialized(output.unwrap_or_else(|e| fail("serde_json::Error", &e.to_string())));
    }
    drop(value);
    protocol::finished();
}
