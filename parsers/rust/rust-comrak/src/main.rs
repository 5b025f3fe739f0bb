// Reads all of stdin, renders it with comrak's markdown_to_html (default Options), prints the
// nesting it built ("built depth: N", parsers/README.md; counted from the HTML's tags), exits 0. A
// Markdown text is never an error; a stack overflow aborts the process as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"; no "built depth" line then): the
// text is parsed alone (what markdown_to_html does first: comrak::parse_document into an Arena,
// default Options); `parse` forgets the arena and exits 0; `free` drops the arena (the nodes with
// it), then exits 0; `serialize` renders the root with comrak::format_html into a Vec (an io::Error
// is exit 1), then exits 0. Without it: markdown_to_html as before.
use std::io::Read;

fn fail(kind: &str, msg: &str) -> ! {
    let msg: String = msg.replace(['\n', '\r'], " ").chars().take(200).collect();
    eprintln!("{kind}: {msg}");
    std::process::exit(1);
}

fn input() -> Vec<u8> {
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    data
}

fn text(data: &[u8]) -> &str {
    std::str::from_utf8(data).unwrap_or_else(|e| fail("std::str::Utf8Error", &e.to_string()))
}

/// The deepest nesting of <blockquote>, of <ul>/<ol>, or of <em>/<strong> (emphasis), in rendered
/// HTML: a scan with counters.
fn html_text_depth(html: &str) -> usize {
    let (mut quotes, mut lists, mut emphasis, mut deepest) = (0usize, 0usize, 0usize, 0usize);
    for (at, _) in html.match_indices('<') {
        let tag = html[at + 1..].trim_start_matches('/');
        let closing = html[at + 1..].starts_with('/');
        let name: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
        let counter = match name.as_str() {
            "blockquote" => &mut quotes,
            "ul" | "ol" => &mut lists,
            "em" | "strong" => &mut emphasis,
            _ => continue,
        };
        if closing { *counter = counter.saturating_sub(1) } else { *counter += 1 }
        deepest = deepest.max(quotes).max(lists).max(emphasis);
    }
    deepest
}

/// The phase asked for (parsers/README.md, "Phases"), if any; exit 2 on an unknown one.
fn phase(allowed: &[&str]) -> Option<String> {
    let phase = std::env::args().skip(1).last();
    if let Some(p) = &phase {
        if !allowed.contains(&p.as_str()) {
            eprintln!("unknown phase: {p} ({})", allowed.join(", "));
            std::process::exit(2);
        }
    }
    phase
}

fn main() {
    let phase = phase(&["parse", "free", "serialize"]);
    let data = input();
    if phase.is_some() {
        phased(text(&data), phase.as_deref());
    }
    let html = comrak::markdown_to_html(text(&data), &comrak::Options::default());
    eprintln!("built depth: {}", html_text_depth(&html));
}

/// Parses, then does the phase and exits (kept out of main, so main's frame is as before). The
/// nodes borrow the arena, so it cannot be moved: `free` lets it go out of scope, `parse` and
/// `serialize` hold it in a ManuallyDrop.
#[inline(never)]
fn phased(text: &str, phase: Option<&str>) -> ! {
    let options = comrak::Options::default();
    if phase == Some("free") {
        let arena = comrak::Arena::new();
        comrak::parse_document(&arena, text, &options);
        // the arena (with every node) is dropped here
    } else {
        let arena = std::mem::ManuallyDrop::new(comrak::Arena::new());
        let root = comrak::parse_document(&arena, text, &options);
        if phase == Some("serialize") {
            let mut out = Vec::new();
            if let Err(e) = comrak::format_html(root, &options, &mut out) {
                fail("std::io::Error", &e.to_string());
            }
            std::hint::black_box(out.len());
            std::mem::forget(out);
        }
    }
    std::process::exit(0);
}
