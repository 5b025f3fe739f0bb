// Reads all of stdin, parses it with graphql-parser's parse_query (into an owned AST). Catches the
// returned Err (exit 1); a stack overflow aborts the process as it would.
// Then, in main as before: protocol::parsed(), the serializer through protocol::serialize!, the drop,
// protocol::finished(). Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, text};

fn main() {
    let data = protocol::input(protocol::Takes::All);
    let document = graphql_parser::query::parse_query::<String>(text(&data))
        .unwrap_or_else(|e| fail("graphql_parser::query::ParseError", &e.to_string()));
    protocol::parsed();
    if let Some(output) = protocol::serialize!(document.to_string()) {
        protocol::serialized(output);
    }
    drop(document);
    protocol::finished();
}
