// Reads all of stdin, then json5::from_str into a serde_json::Value (the json5 crate is serde-only;
// serde_json::Value is the usual dynamic target).
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
    match json5::from_str::<serde_json::Value>(&text) {
        Ok(_value) => {}
        Err(e) => fail("json5::Error", &e.to_string()),
    }
}
