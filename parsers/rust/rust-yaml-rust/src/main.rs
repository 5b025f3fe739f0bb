// Reads all of stdin, then YamlLoader::load_from_str (default settings) of the crate the build's feature
// names: `yaml-rust` (the original yaml-rust) or `yaml-rust2` (its fork, the same API), used as `yaml`.
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// With a phase, after_parse() (the function it always was) takes the value: protocol::parsed(),
// the serializer through protocol::serialize!, then the drop. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

#[cfg(all(feature = "yaml-rust", not(feature = "yaml-rust2")))]
use yaml_rust as yaml;
#[cfg(all(feature = "yaml-rust", not(feature = "yaml-rust2")))]
const ERRORS: [&str; 2] = ["yaml_rust::ScanError", "yaml_rust::EmitError"];
#[cfg(all(feature = "yaml-rust2", not(feature = "yaml-rust")))]
use yaml_rust2 as yaml;
#[cfg(all(feature = "yaml-rust2", not(feature = "yaml-rust")))]
const ERRORS: [&str; 2] = ["yaml_rust2::ScanError", "yaml_rust2::EmitError"];
#[cfg(not(any(
    all(feature = "yaml-rust", not(feature = "yaml-rust2")),
    all(feature = "yaml-rust2", not(feature = "yaml-rust"))
)))]
compile_error!("build with exactly one of the features yaml-rust and yaml-rust2");

fn main() {
    let data = protocol::input(protocol::Takes::All);
    let text = match std::str::from_utf8(&data) {
        Ok(t) => t,
        Err(e) => fail("std::str::Utf8Error", &e.to_string()),
    };
    match yaml::YamlLoader::load_from_str(text) {
        Ok(value) => {
            if protocol::phased() {
                after_parse(value);
            }
        }
        Err(e) => {
            fail(ERRORS[0], &e.to_string());
        }
    }
}

/// What a phase does with the parsed value, then the program ends at once.
fn after_parse(value: Vec<yaml::Yaml>) -> ! {
    protocol::parsed();
    if let Some(output) = protocol::serialize!({
        let mut out = String::new();
        value.iter().try_for_each(|doc| yaml::YamlEmitter::new(&mut out).dump(doc)).map(|()| out)
    }) {
        protocol::serialized(output.unwrap_or_else(|e| fail(ERRORS[1], &format!("{e:?}"))));
    }
    drop(value);
    protocol::finished_phase()
}
