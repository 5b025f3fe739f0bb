// Reads all of stdin, then ciborium::de::from_reader::<ciborium::Value> (default recursion limit).
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
    if let Err(e) = ciborium::de::from_reader::<ciborium::Value, _>(&data[..]) {
        fail("ciborium::de::Error", &e.to_string());
    }
}
