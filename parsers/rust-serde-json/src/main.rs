// Reads all of stdin, then serde_json::from_slice::<serde_json::Value> with default settings
// (recursion limit left on). Catches the returned Err (exit 1); a stack overflow aborts as it would.
use std::io::Read;

fn main() {
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        eprintln!("std::io::Error: {}", e);
        std::process::exit(1);
    }
    match serde_json::from_slice::<serde_json::Value>(&data) {
        Ok(_) => {}
        Err(e) => {
            let msg: String = e.to_string().replace('\n', " ").chars().take(200).collect();
            eprintln!("serde_json::Error: {}", msg);
            std::process::exit(1);
        }
    }
}
