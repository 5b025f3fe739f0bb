// Reads all of stdin as UTF-8 text, then json::parse (json-rust, its own JsonValue DOM), defaults.
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// the serializer through protocol::serialize!, then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = String::from_utf8(protocol::input(protocol::Takes::All))
        .unwrap_or_else(|e| fail("std::string::FromUtf8Error", &e.to_string()));
    match json::parse(&data) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => {
            fail("json::Error", &e.to_string());
        }
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: json::JsonValue) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!(value.dump()) {
        protocol::serialized(output);
    }
    drop(value);
    protocol::finished_phase()
}
