// Reads all of stdin, decodes it with the bson crate's Document::from_reader (documents and arrays
// all the way down). Catches the returned Err (exit 1); a stack overflow aborts the process as it
// would.
// No `serialize`: linking bson's serializer in (Document::to_writer or bson::to_vec) changes how
// rustc compiles the decoder (its recursion then overflows 8 MiB at 4,002 levels instead of 4,519),
// so the program without a phase would no longer be the one it was. With a phase, phased() (an
// #[inline(never)] function of its own, the one decode call above serving both) does
// protocol::parsed(), the drop, and ends. Input, phases and exit statuses: ../protocol.rs.
#[path = "../../protocol.rs"]
mod protocol;
use protocol::fail;

fn main() {
    let data = protocol::input(protocol::Takes::NoSerialize);
    match bson::Document::from_reader(&mut &data[..]) {
        Err(e) => fail("bson::de::Error", &e.to_string()),
        Ok(doc) => {
            if protocol::phased() {
                phased(doc);
            }
        }
    }
}

/// Does the phase and exits (kept out of main; the one decode call above serves both).
#[inline(never)]
fn phased(doc: bson::Document) -> ! {
    protocol::parsed();
    drop(doc);
    protocol::finished_phase()
}
