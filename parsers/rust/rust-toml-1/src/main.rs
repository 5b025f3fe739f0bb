// Reads all of stdin, then toml::from_str::<toml::Value> (toml 1.x, default settings).
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// the serializer through protocol::serialize!, then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::All);
    let text = match std::str::from_utf8(&data) {
        Ok(t) => t,
        Err(e) => fail("std::str::Utf8Error", &e.to_string()),
    };
    match toml::from_str::<toml::Value>(text) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => {
            // Display renders a multi-line source snippet; message() is the error itself.
            fail("toml::de::Error", &format!("{} (bytes {:?})", e.message(), e.span()));
        }
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: toml::Value) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!(toml::to_string(&value)) {
        protocol::serialized(output.unwrap_or_else(|e| fail("toml::ser::Error", &e.to_string())));
    }
    drop(value);
    protocol::finished_phase()
}
