// Reads all of stdin, then yaml_rust2::YamlLoader::load_from_str (default settings).
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
    match yaml_rust2::YamlLoader::load_from_str(text) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => {
            fail("yaml_rust2::ScanError", &e.to_string());
        }
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: Vec<yaml_rust2::Yaml>) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!({
        let mut out = String::new();
        value.iter().try_for_each(|doc| yaml_rust2::YamlEmitter::new(&mut out).dump(doc)).map(|()| out)
    }) {
        protocol::serialized(output.unwrap_or_else(|e| fail("yaml_rust2::EmitError", &format!("{e:?}"))));
    }
    drop(value);
    protocol::finished_phase()
}
