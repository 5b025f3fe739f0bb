// Reads all of stdin, then serde_cbor::from_slice::<serde_cbor::Value> (the default Deserializer:
// its recursion limit of 128, which counts tags since 0.10.2). Catches the returned Err (exit 1); a
// stack overflow aborts the process as it would.
// With a phase, after_parse() takes the value: protocol::parsed(), the serializer through
// protocol::serialize!, then the drop. Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::All);
    match serde_cbor::from_slice::<serde_cbor::Value>(&data) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => {
            fail("serde_cbor::Error", &e.to_string());
        }
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: serde_cbor::Value) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!(serde_cbor::to_vec(&value)) {
        protocol::serialized(output.unwrap_or_else(|e| fail("serde_cbor::Error", &e.to_string())));
    }
    drop(value);
    protocol::finished_phase()
}
