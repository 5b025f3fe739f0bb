// Reads all of stdin, renders it with comrak's markdown_to_html (default Options), prints the
// nesting it built ("built depth: N", parsers/README.md; counted from the HTML's tags), exits 0. A
// Markdown text is never an error; a stack overflow aborts the process as it would.
// With a phase, phased() (an #[inline(never)] function of its own, so main's frame is as before)
// parses alone (comrak::parse_document, what markdown_to_html does first): protocol::parsed(), in
// phase `serialize` comrak::format_html (into a String: comrak 0.40+ writes to a fmt::Write, as
// markdown_to_html does) through protocol::serialize!, then the arena goes out of
// scope (the nodes borrow it: it cannot be moved into drop). The built depth is counted
// by protocol::html_text_depth. Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, text};

fn main() {
    let data = protocol::input(protocol::Takes::All);
    if protocol::phased() {
        phased(text(&data));
    }
    let html = comrak::markdown_to_html(text(&data), &comrak::Options::default());
    protocol::built(protocol::html_text_depth(&html));
}

/// Parses, then does the phase and exits (kept out of main, so main's frame is as before). The
/// nodes borrow the arena, so it cannot be moved into `drop`: it goes out of scope (`free`); the
/// exits of `parse` and `serialize` leave it as it is.
#[inline(never)]
fn phased(text: &str) -> ! {
    let options = comrak::Options::default();
    {
        let arena = comrak::Arena::new();
        let root = comrak::parse_document(&arena, text, &options);
        protocol::parsed();
        let mut out = String::new();
        if let Some(result) = protocol::serialize!(comrak::format_html(root, &options, &mut out)) {
            result.unwrap_or_else(|e| fail("std::fmt::Error", &e.to_string()));
            protocol::serialized(out);
        }
        // the arena (with every node) is dropped here
    }
    protocol::finished_phase()
}
