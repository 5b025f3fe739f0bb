// Reads all of stdin, decodes it with the bson crate's Document::from_reader (documents and arrays
// all the way down). Catches the returned Err (exit 1); a stack overflow aborts the process as it
// would.
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

fn main() {
    let data = input();
    if let Err(e) = bson::Document::from_reader(&mut &data[..]) {
        fail("bson::de::Error", &e.to_string());
    }
}
