// Reads all of stdin, then simd_json::to_owned_value (simd-json, default features: its OwnedValue DOM).
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// the serializer through protocol::serialize!, then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let mut data = protocol::input(protocol::Takes::All);
    match simd_json::to_owned_value(&mut data) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => fail("simd_json::Error", &e.to_string()),
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: simd_json::OwnedValue) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!({
        use simd_json::prelude::Writable;
        value.encode()
    }) {
        protocol::serialized(output);
    }
    drop(value);
    protocol::finished_phase()
}
