// Reads all of stdin, then miniserde::json::from_str into a miniserde::json::Value (miniserde, default settings).
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
    let text = match String::from_utf8(data) {
        Ok(text) => text,
        Err(e) => fail("std::string::FromUtf8Error", &e.to_string()),
    };
    match miniserde::json::from_str::<miniserde::json::Value>(&text) {
        Ok(_value) => {}
        Err(e) => fail("miniserde::Error", &e.to_string()),
    }
}
