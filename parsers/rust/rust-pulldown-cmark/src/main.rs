// Reads all of stdin, renders it with pulldown-cmark (Parser::new, default options, then
// html::push_html), prints the nesting it built ("built depth: N", parsers/README.md; counted from
// the HTML's tags), exits 0. A Markdown text is never an error; a stack overflow aborts the process
// as it would.
// With a phase, phased() (an #[inline(never)] function of its own) parses alone, Parser::new's
// events collected into a Vec: protocol::parsed(), the drop; no `serialize` (without a phase the
// events stream straight into push_html and no value is kept). The built depth is counted by
// protocol::html_text_depth. Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::text;

/// Parses into a Vec of events, then does the phase and exits (kept out of main).
#[inline(never)]
fn phased(text: &str) -> ! {
    let events: Vec<pulldown_cmark::Event> = pulldown_cmark::Parser::new(text).collect();
    protocol::parsed();
    drop(events);
    protocol::finished_phase()
}

fn main() {
    let data = protocol::input(protocol::Takes::NoSerialize);
    if protocol::phased() {
        phased(text(&data));
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new(text(&data)));
    protocol::built(protocol::html_text_depth(&html));
}
