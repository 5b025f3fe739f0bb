// Reads all of stdin, then pomsky::Expr::parse_and_compile(expression, default options) (to a regex
// in the default flavor), the whole input as the expression; exit 0 when it compiled. The first
// diagnostic is the error line (exit 1); a stack overflow aborts (SIGABRT) as it would. pomsky is
// rulex under its current name (rust-rulex measures the last release as rulex). Input, phases and
// exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

use pomsky::Expr;

fn main() {
    let data = protocol::language_input();
    let source = protocol::text(&data);
    match Expr::parse_and_compile(source, Default::default()) {
        (Some(regex), _warnings, _tests) => {
            protocol::compiled();
            std::hint::black_box(regex);
        }
        (None, diagnostics, _tests) => {
            let first = diagnostics.into_iter().next().map(|d| d.msg);
            fail("pomsky::Diagnostic", first.as_deref().unwrap_or("no diagnostic"));
        }
    }
    protocol::finished();
}
