// Reads all of stdin, then reads every event with quick_xml::Reader::from_reader (default config) until Eof (quick-xml has no DOM).
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// No phases (no value is kept). Input and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::Nothing);
    let mut reader = quick_xml::Reader::from_reader(&data[..]);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(_) => buf.clear(),
            Err(e) => fail("quick_xml::Error", &e.to_string()),
        }
    }
}
