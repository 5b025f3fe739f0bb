// Reads all of stdin, then str::parse into a tinyjson::JsonValue (tinyjson, default settings).
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
    match text.parse::<tinyjson::JsonValue>() {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => fail("tinyjson::JsonParseError", &e.to_string()),
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: tinyjson::JsonValue) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!(value.stringify()) {
        protocol::serialized(output.unwrap_or_else(|e| fail("tinyjson::JsonGenerateError", &e.to_string())));
    }
    drop(value);
    protocol::finished_phase()
}
