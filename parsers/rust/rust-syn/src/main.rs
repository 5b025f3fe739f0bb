// Reads all of stdin, then parses it as one Rust expression with syn::parse_str::<syn::Expr> (feature
// "full": `((1))` parentheses, `[[1]]` arrays and `{{}}` block expressions are all expressions; no wrapping).
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would. Phase compile only: syn
// builds the syntax tree, nothing runs. Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::language_input();
    match syn::parse_str::<syn::Expr>(protocol::text(&data)) {
        Ok(expr) => {
            protocol::compiled();
            drop(expr);
        }
        Err(e) => fail("syn::Error", &e.to_string()),
    }
    protocol::finished();
}
