// Reads all of stdin, then miniserde::json::from_str into a miniserde::json::Value (miniserde, default settings).
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
    match miniserde::json::from_str::<miniserde::json::Value>(&text) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => fail("miniserde::Error", &e.to_string()),
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: miniserde::json::Value) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!(miniserde::json::to_string(&value)) {
        protocol::serialized(output);
    }
    drop(value);
    protocol::finished_phase()
}
