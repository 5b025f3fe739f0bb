// Reads all of stdin as UTF-8 text, then json::parse (json-rust, its own JsonValue DOM), defaults.
// Catches the returned Err (exit 1); a stack overflow aborts (SIGABRT) as it would.
use std::io::Read;

fn main() {
    let mut data = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut data) {
        eprintln!("std::io::Error: {}", e);
        std::process::exit(1);
    }
    match json::parse(&data) {
        Ok(_value) => {}
        Err(e) => {
            let msg: String = e.to_string().replace('\n', " ").chars().take(200).collect();
            eprintln!("json::Error: {}", msg);
            std::process::exit(1);
        }
    }
}
