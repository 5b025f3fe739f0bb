// Reads all of stdin, then rulex::Rulex::parse(expression, default options) and compile(default
// options) (to a regex in the default flavor), the whole input as the expression; exit 0 when it
// compiled. A returned error is the error line (exit 1); a stack overflow aborts (SIGABRT) as it
// would. The same calls compile against 0.3.0, the advisory's affected side (parse_and_compile's
// arguments differ between the two). Input, phases and exit statuses: ../protocol.rs.
#![allow(deprecated)] // 0.4.4 deprecates the whole crate in favour of pomsky.

#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::language_input();
    let source = protocol::text(&data);
    let parsed = match rulex::Rulex::parse(source, Default::default()) {
        Ok(parsed) => parsed,
        Err(e) => fail("rulex::ParseError", &e.to_string()),
    };
    match parsed.compile(Default::default()) {
        Ok(regex) => {
            protocol::compiled();
            std::hint::black_box(regex);
        }
        Err(e) => fail("rulex::CompileError", &e.to_string()),
    }
    protocol::finished();
}
