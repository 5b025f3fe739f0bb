// Reads all of stdin, then ciborium::de::from_reader::<ciborium::Value> (default recursion limit).
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// the serializer through protocol::serialize!, then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::All);
    match ciborium::de::from_reader::<ciborium::Value, _>(&data[..]) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => {
            fail("ciborium::de::Error", &e.to_string());
        }
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: ciborium::Value) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!({
        let mut out = Vec::new();
        ciborium::ser::into_writer(&value, &mut out).map(|()| out)
    }) {
        protocol::serialized(output.unwrap_or_else(|e| fail("ciborium::ser::Error", &e.to_string())));
    }
    drop(value);
    protocol::finished_phase()
}
