// Reads all of stdin, parses it with html5ever's parse_document into markup5ever_rcdom's RcDom
// (default options), prints the nesting it built ("built depth: N", parsers/README.md; the tree
// walked with an explicit stack), exits 0. html5ever recovers from every parse error; an io::Error
// is exit 1; a stack overflow aborts the process as it would.
// Then, in main as before: protocol::parsed(); with a phase (`free`) the drop (RcDom's nodes
// release their children) and the end; without one the walk and protocol::built. Input, phases and
// exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;
use html5ever::tendril::TendrilSink;
use markup5ever_rcdom::{NodeData, RcDom};

fn main() {
    let data = protocol::input(protocol::Takes::NoSerialize);
    let dom = html5ever::parse_document(RcDom::default(), Default::default())
        .from_utf8()
        .read_from(&mut &data[..])
        .unwrap_or_else(|e| fail("std::io::Error", &e.to_string()));
    protocol::parsed();
    if protocol::phased() {
        drop(dom);
        protocol::finished_phase();
    }
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
    protocol::built(deepest);
}
