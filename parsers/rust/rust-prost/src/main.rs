// Reads all of stdin, decodes it with prost into a message whose field 1 is a message of the same
// type (written here with prost's derive, no protoc), with prost's default decoding (its recursion
// limit on). Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// Then, in main as before: protocol::parsed(), the serializer through protocol::serialize!, the drop,
// protocol::finished(). Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;
use prost::Message;

#[derive(Clone, PartialEq, prost::Message)]
struct Nested {
    #[prost(message, optional, boxed, tag = "1")]
    inner: Option<Box<Nested>>,
}

fn main() {
    let data = protocol::input(protocol::Takes::All);
    let message = Nested::decode(&data[..]).unwrap_or_else(|e| fail("prost::DecodeError", &e.to_string()));
    protocol::parsed();
    // `encode` into a Vec, not `encode_to_vec` (prost 0.8 and later): the program builds with the
    // releases before it too (`advisories --measure`, `history`).
    if let Some(output) = protocol::serialize!({
        let mut output = Vec::new();
        message.encode(&mut output).map(|()| output)
    }) {
        protocol::serialized(output);
    }
    drop(message);
    protocol::finished();
}
