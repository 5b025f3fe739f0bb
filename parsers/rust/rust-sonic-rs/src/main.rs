// Reads all of stdin, then sonic_rs::from_slice into a sonic_rs::Value (sonic-rs, default settings).
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// the serializer through protocol::serialize!, then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::All);
    match sonic_rs::from_slice::<sonic_rs::Value>(&data) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => fail("sonic_rs::Error", &e.to_string()),
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: sonic_rs::Value) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!(sonic_rs::to_string(&value)) {
        protocol::serialized(output.unwrap_or_else(|e| fail("sonic_rs::Error", &e.to_string())));
    }
    drop(value);
    protocol::finished_phase()
}
