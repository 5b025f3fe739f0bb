// Reads all of stdin, then rustc_serialize::json::Json::from_str(text), the deprecated crate's JSON
// tree (RUSTSEC-2022-0004: every release recurses without a limit); exit 0 when it parsed. Phases
// `parse` (the value never dropped) and `free` (dropped, recursively, as any Rust tree is). The
// returned ParserError is the error line (exit 1); a stack overflow aborts (SIGABRT) as it would.
// Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, Takes};

use rustc_serialize::json::Json;

fn main() {
    let data = protocol::input(Takes::NoSerialize);
    let text = protocol::text(&data);
    match Json::from_str(text) {
        Ok(value) => {
            std::hint::black_box(&value);
            protocol::parsed();
            drop(value);
        }
        Err(e) => fail("rustc_serialize::json::ParserError", &e.to_string()),
    }
    protocol::finished();
}
