// Reads all of stdin, parses it with async-graphql-parser's parse_query (a pest grammar) into its
// executable document. Catches the returned Err (exit 1); a stack overflow aborts the process as it
// would.
// Then, in main as before: protocol::parsed(), the drop, protocol::finished().
// Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, text};

fn main() {
    let data = protocol::input(protocol::Takes::NoSerialize);
    let document = async_graphql_parser::parse_query(text(&data))
        .unwrap_or_else(|e| fail("async_graphql_parser::Error", &e.to_string()));
    protocol::parsed();
    drop(document);
    protocol::finished();
}
