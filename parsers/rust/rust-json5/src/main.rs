// Reads all of stdin, then json5::from_str into a serde_json::Value (the json5 crate is serde-only;
// serde_json::Value is the usual dynamic target).
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// the serializer through protocol::serialize!, then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::All);
    let text = match String::from_utf8(data) {
        Ok(text) => text,
        Err(e) => fail("std::string::FromUtf8Error", &e.to_string()),
    };
    match json5::from_str::<serde_json::Value>(&text) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => fail("json5::Error", &e.to_string()),
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: serde_json::Value) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!(json5::to_string(&value)) {
        protocol::serialized(output.unwrap_or_else(|e| fail("json5::Error", &e.to_string())));
    }
    drop(value);
    protocol::finished_phase()
}
