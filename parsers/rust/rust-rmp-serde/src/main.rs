// Reads all of stdin, then rmp_serde::from_slice::<rmpv::Value> (default Deserializer settings).
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// the serializer through protocol::serialize!, then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::All);
    match rmp_serde::from_slice::<rmpv::Value>(&data) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => {
            fail("rmp_serde::decode::Error", &e.to_string());
        }
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: rmpv::Value) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!(rmp_serde::to_vec(&value)) {
        protocol::serialized(output.unwrap_or_else(|e| fail("rmp_serde::encode::Error", &e.to_string())));
    }
    drop(value);
    protocol::finished_phase()
}
