// Reads all of stdin and cleans it with ammonia's default Builder: `clean` parses it with html5ever
// and sanitizes the tree into a Document, whose `to_string` serializes it (what ammonia::clean
// does in one call). Without a phase it prints the nesting the cleaned HTML keeps ("built depth:
// N", parsers/README.md: the deepest run of open `<div>` or `<b>` tags, the payloads' elements,
// counted by scanning the output, no recursion) and exits 0. ammonia recovers from every parse
// error, so nothing is exit 1; a stack overflow aborts the process as it would.
// Phases: `parse` ends after `clean` (the parse and the sanitizing walk), `free` drops the
// Document, `serialize` writes it back with `to_string` (where RUSTSEC-2019-0001 recursed). Input,
// phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::text;

fn main() {
    let data = protocol::input(protocol::Takes::All);
    let document = ammonia::Builder::default().clean(text(&data));
    protocol::parsed();
    if let Some(output) = protocol::serialize!(document.to_string()) {
        protocol::serialized(output);
    }
    if protocol::phased() {
        drop(document);
        protocol::finished();
        return;
    }
    protocol::built(depth(&document.to_string()));
}

/// The deepest nesting of `div` or of `b` elements in ammonia's output (which writes every tag
/// it keeps in lower case, without attributes the payloads do not have).
fn depth(html: &str) -> usize {
    let (mut divs, mut bolds, mut deepest) = (0usize, 0usize, 0usize);
    for tag in html.split('<').skip(1) {
        match tag.split('>').next().unwrap_or("") {
            "div" => divs += 1,
            "/div" => divs = divs.saturating_sub(1),
            "b" => bolds += 1,
            "/b" => bolds = bolds.saturating_sub(1),
            _ => {}
        }
        deepest = deepest.max(divs).max(bolds);
    }
    deepest
}
