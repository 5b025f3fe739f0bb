// Reads all of stdin, then compiles it as a JSONPath query (RFC 9535) with serde_json_path's
// JsonPath::parse; the returned Err is the error line (exit 1). Phase `run` queries the document
// {"a":1} with it once (`query(..).all()`). A stack overflow aborts the process as it would.
// Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, run, text};
use serde_json_path::JsonPath;

fn main() {
    let data = protocol::language_input();
    let text = text(&data);
    let path = JsonPath::parse(text).unwrap_or_else(|e| fail("serde_json_path::ParseError", &e.to_string()));
    protocol::compiled();
    run!({
        let doc = serde_json::json!({"a": 1});
        std::hint::black_box(path.query(&doc).all().len())
    });
    drop(path);
    protocol::finished();
}
