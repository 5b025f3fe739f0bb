// Reads all of stdin, then simd_json::to_owned_value (simd-json, default features: its OwnedValue DOM).
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
    match simd_json::to_owned_value(&mut data) {
        Ok(_value) => {}
        Err(e) => fail("simd_json::Error", &e.to_string()),
    }
}
