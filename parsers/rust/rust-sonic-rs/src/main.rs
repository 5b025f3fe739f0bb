// Reads all of stdin, then sonic_rs::from_slice into a sonic_rs::Value (sonic-rs, default settings).
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
use std::io::Read;

fn fail(kind: &str, msg: &str) -> ! {
    let msg: String = msg.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(200).collect();
    eprintln!("{kind}: {msg}");
    std::process::exit(1);
}

fn main() {
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    match sonic_rs::from_slice::<sonic_rs::Value>(&data) {
        Ok(_value) => {}
        Err(e) => fail("sonic_rs::Error", &e.to_string()),
    }
}
