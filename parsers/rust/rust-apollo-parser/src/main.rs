// Reads all of stdin, parses it with apollo-parser's Parser::new(text).parse() (default recursion
// limit) into its syntax tree; the tree's first error, if any, is the library's error (exit 1). A
// stack overflow aborts the process as it would.
// Then, in main as before: protocol::parsed(), the serializer through protocol::serialize!, the drop,
// protocol::finished(). Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, text};
use apollo_parser::cst::CstNode;

fn main() {
    let data = protocol::input(protocol::Takes::All);
    let tree = apollo_parser::Parser::new(text(&data)).parse();
    if let Some(error) = tree.errors().next() {
        fail("apollo_parser::Error", error.message());
    }
    protocol::parsed();
    if let Some(output) = protocol::serialize!(tree.document().syntax().to_string()) {
        protocol::serialized(output);
    }
    drop(tree);
    protocol::finished();
}
