// Reads all of stdin, then serde_yaml::from_slice::<serde_yaml::Value> (default settings).
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
    if let Err(e) = serde_yaml::from_slice::<serde_yaml::Value>(&data) {
        fail("serde_yaml::Error", &e.to_string());
    }
}
