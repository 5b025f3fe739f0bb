// Reads all of stdin, then compiles it as a CEL expression with the cel crate's Program::compile
// (its default Parser); the returned Err is the error line (exit 1). Phase `run` executes the
// program once in a default Context (no variables); its Err is the error line too. A stack
// overflow aborts the process as it would. Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, run, text};

fn main() {
    let data = protocol::language_input();
    let text = text(&data);
    let program = cel::Program::compile(text).unwrap_or_else(|e| fail("cel::ParseErrors", &e.to_string()));
    protocol::compiled();
    if let Some(Err(e)) = run!(program.execute(&cel::Context::default())) {
        fail("cel::ExecutionError", &e.to_string());
    }
    drop(program);
    protocol::finished();
}
