// Reads all of stdin, decodes it with der-parser's parse_der (generic: every constructed value
// decoded into a BerObject tree); trailing bytes are an error. Catches the returned Err (exit 1); a
// stack overflow aborts the process as it would.
// Then, in main as before: protocol::parsed(), the drop, protocol::finished().
// Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::NoSerialize);
    let object = match der_parser::parse_der(&data) {
        Ok((rest, _)) if !rest.is_empty() => fail("der_parser::Error", &format!("{} bytes after the value", rest.len())),
        Ok((_, object)) => object,
        Err(e) => fail("der_parser::BerError", &e.to_string()),
    };
    protocol::parsed();
    drop(object);
    protocol::finished();
}
