// Reads all of stdin, then jiter::JsonValue::parse(data, allow_inf_nan = false) (jiter, the strict-JSON default).
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::NoSerialize);
    match jiter::JsonValue::parse(&data, false) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => fail("jiter::JsonError", &e.to_string()),
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: jiter::JsonValue<'_>) -> ! {
    protocol::parsed();
    drop(value);
    protocol::finished_phase()
}
