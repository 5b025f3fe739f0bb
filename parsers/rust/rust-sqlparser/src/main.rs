// Reads all of stdin and parses it with sqlparser-rs's Parser::parse_sql(&GenericDialect, …) (its default
// settings: recursion limit 50, default features) into a Vec<Statement>: the compile. Catches the returned
// Err (ParserError, RecursionLimitExceeded among them: exit 1); a stack overflow aborts the process as it
// would. sqlparser runs nothing: phase `run` writes each statement back to SQL text with its Display.
// Then, in main: protocol::compiled(), the run through protocol::run!, the drop, protocol::finished().
// Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, text};
use sqlparser::dialect::GenericDialect;
use sqlparser::parser::Parser;

fn main() {
    let data = protocol::language_input();
    let statements = Parser::parse_sql(&GenericDialect {}, text(&data))
        .unwrap_or_else(|e| fail("sqlparser::parser::ParserError", &e.to_string()));
    protocol::compiled();
    if let Some(output) = protocol::run!(statements.iter().map(|s| s.to_string()).collect::<Vec<_>>()) {
        std::hint::black_box(&output);
    }
    drop(statements);
    protocol::finished();
}
