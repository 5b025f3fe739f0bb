// Reads all of stdin, then lopdf::Document::load_mem, the whole input as a PDF file, and asks it for
// the document catalog; exit 0 when both succeed. load_mem skips an object it cannot parse and still
// returns the document (0.42.0's fix refuses objects nested over 100 levels that way), so the catalog
// is asked for: a file whose catalog was dropped fails as it would for a reader that opens it. The
// returned error is the error line (exit 1); a stack overflow aborts (SIGABRT) as it would. The same call compiles against 0.41.0, RUSTSEC-2026-0187's affected side. Phases `parse`
// (the document never dropped) and `free` (dropped). Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::{fail, Takes};

fn main() {
    let data = protocol::input(Takes::NoSerialize);
    match lopdf::Document::load_mem(&data) {
        Ok(document) => {
            if let Err(e) = document.catalog() {
                fail("lopdf::Error", &format!("the document has no catalog: {e}"));
            }
            std::hint::black_box(&document);
            protocol::parsed();
            drop(document);
        }
        Err(e) => fail("lopdf::Error", &e.to_string()),
    }
    protocol::finished();
}
