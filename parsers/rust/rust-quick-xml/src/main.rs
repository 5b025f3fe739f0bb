// Reads all of stdin, then reads every event with quick_xml::Reader::from_reader (default config) until Eof (quick-xml has no DOM).
// Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
use std::io::Read;

fn fail(kind: &str, msg: &str) -> ! {
    let msg: String = msg.replace(['\n', '\r'], " ").chars().take(200).collect();
    eprintln!("{kind}: {msg}");
    std::process::exit(1);
}

fn main() {
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    let mut reader = quick_xml::Reader::from_reader(&data[..]);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(_) => buf.clear(),
            Err(e) => fail("quick_xml::Error", &e.to_string()),
        }
    }
}
