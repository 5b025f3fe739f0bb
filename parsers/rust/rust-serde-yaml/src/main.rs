// Reads all of stdin, then serde_yaml::from_slice::<serde_yaml::Value> (default settings).
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// the serializer through protocol::serialize!, then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::All);
    match serde_yaml::from_slice::<serde_yaml::Value>(&data) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => {
            fail("serde_yaml::Error", &e.to_string());
        }
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: serde_yaml::Value) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!(serde_yaml::to_string(&value)) {
        protocol::serialized(output.unwrap_or_else(|e| fail("serde_yaml::Error", &e.to_string())));
    }
    drop(value);
    protocol::finished_phase()
}
