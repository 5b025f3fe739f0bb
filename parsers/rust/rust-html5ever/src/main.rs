// Reads all of stdin, parses it with html5ever's parse_document into markup5ever_rcdom's RcDom
// (default options), prints the nesting it built ("built depth: N", parsers/README.md; the tree
// walked with an explicit stack), exits 0. html5ever recovers from every parse error; an io::Error
// is exit 1; a stack overflow aborts the process as it would.
// Optional argument, the phase (parsers/README.md, "Phases"): `parse` forgets the DOM and exits 0;
// `free` drops it (RcDom's nodes release their children), then exits 0.
use html5ever::tendril::TendrilSink;
use markup5ever_rcdom::{NodeData, RcDom};
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

/// The phase asked for (parsers/README.md, "Phases"), if any; exit 2 on an unknown one.
fn phase() -> Option<String> {
    let phase = std::env::args().nth(1);
    if let Some(p) = &phase {
        if !["parse", "free", "serialize"].contains(&p.as_str()) {
            eprintln!("unknown phase: {p} (parse, free or serialize)");
            std::process::exit(2);
        }
    }
    phase
}
fn main() {
    let phase = phase();
    let data = input();
    let dom = html5ever::parse_document(RcDom::default(), Default::default())
        .from_utf8()
        .read_from(&mut &data[..])
        .unwrap_or_else(|e| fail("std::io::Error", &e.to_string()));
    match phase.as_deref() {
        Some("parse") => std::mem::forget(dom),
        Some("free") => drop(dom),
        _ => {
            let mut stack = vec![(dom.document.clone(), 0usize, 0usize)];
            let mut deepest = 0;
            while let Some((node, mut divs, mut bolds)) = stack.pop() {
                if let NodeData::Element { name, .. } = &node.data {
                    divs += usize::from(&*name.local == "div");
                    bolds += usize::from(&*name.local == "b");
                    deepest = deepest.max(divs).max(bolds);
                }
                stack.extend(node.children.borrow().iter().map(|child| (child.clone(), divs, bolds)));
            }
            eprintln!("built depth: {deepest}");
            return;
        }
    }
    std::process::exit(0);
}
