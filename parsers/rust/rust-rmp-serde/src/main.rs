// Reads all of stdin, then rmp_serde::from_slice::<rmpv::Value> (default Deserializer settings).
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
    if let Err(e) = rmp_serde::from_slice::<rmpv::Value>(&data) {
        fail("rmp_serde::decode::Error", &e.to_string());
    }
}
