// Reads all of stdin, then roxmltree::Document::parse (default ParsingOptions) into a read-only DOM.
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// With a phase, phased() (an #[inline(never)] function of its own, so main's frame is as before)
// parses again and does protocol::parsed(), the drop (roxmltree's nodes sit in one Vec), and ends;
// no `serialize` (roxmltree has no writer). Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, text};

fn main() {
    let data = protocol::input(protocol::Takes::NoSerialize);
    let text = text(&data);
    if protocol::phased() {
        phased(text);
    }
    if let Err(e) = roxmltree::Document::parse(text) {
        fail("roxmltree::Error", &e.to_string());
    }
}

#[inline(never)]
fn phased(text: &str) -> ! {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| fail("roxmltree::Error", &e.to_string()));
    protocol::parsed();
    drop(doc);
    protocol::finished_phase()
}
