// Reads all of stdin, then toml::from_str::<toml::Value> (toml 1.x, default settings).
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
    let text = match std::str::from_utf8(&data) {
        Ok(t) => t,
        Err(e) => fail("std::str::Utf8Error", &e.to_string()),
    };
    if let Err(e) = toml::from_str::<toml::Value>(text) {
        // Display renders a multi-line source snippet; message() is the error itself.
        fail("toml::de::Error", &format!("{} (bytes {:?})", e.message(), e.span()));
    }
}
