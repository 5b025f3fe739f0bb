// Reads all of stdin, then serde_json_wasm::from_slice into a serde_json::Value (the tree type a
// contract would deserialize untyped input into; serde_json's own parser and its limit are not
// involved: only the Value's Deserialize impl); exit 0 when it parsed. Phases `parse` (the value
// never dropped) and `free` (dropped, recursively, as any Rust tree is). The returned error is the
// error line (exit 1); a stack overflow aborts (SIGABRT) as it would. The same call compiles
// against 0.5.1, RUSTSEC-2024-0012's affected side. Input, phases and exit statuses:
// ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, Takes};

fn main() {
    let data = protocol::input(Takes::NoSerialize);
    match serde_json_wasm::from_slice::<serde_json::Value>(&data) {
        Ok(value) => {
            std::hint::black_box(&value);
            protocol::parsed();
            drop(value);
        }
        Err(e) => fail("serde_json_wasm::de::Error", &e.to_string()),
    }
    protocol::finished();
}
