// Reads all of stdin, renders it with pulldown-cmark (Parser::new, default options, then
// html::push_html), prints the nesting it built ("built depth: N", parsers/README.md; counted from
// the HTML's tags), exits 0. A Markdown text is never an error; a stack overflow aborts the process
// as it would.
// Optional last argument, the phase (parsers/README.md, "Phases"; no "built depth" line then): the
// text is parsed alone, Parser::new's events collected into a Vec (the parser is an iterator: the
// block structure is built in Parser::new, the inlines as the events are drawn); `parse` forgets
// the Vec and exits 0; `free` drops it, then exits 0. No `serialize`: without a phase the program
// streams the events straight into html::push_html and keeps no value to write back. Without it:
// as before.
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
fn phase() -> Option<String> {
    let phase = std::env::args().skip(1).last();
    if let Some(p) = &phase {
        if !["parse", "free"].contains(&p.as_str()) {
            eprintln!("unknown phase: {p} (parse, free)");
            std::process::exit(2);
        }
    }
    phase
}

/// Parses into a Vec of events, then does the phase and exits (kept out of main).
#[inline(never)]
fn phased(text: &str, phase: Option<&str>) -> ! {
    let events: Vec<pulldown_cmark::Event> = pulldown_cmark::Parser::new(text).collect();
    match phase {
        Some("parse") => std::mem::forget(events),
        _ => drop(events), // "free"
    }
    std::process::exit(0);
}

fn main() {
    let phase = phase();
    let data = input();
    if phase.is_some() {
        phased(text(&data), phase.as_deref());
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new(text(&data)));
    eprintln!("built depth: {}", html_text_depth(&html));
}
