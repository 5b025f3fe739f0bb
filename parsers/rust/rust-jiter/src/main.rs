// Reads all of stdin, then jiter::JsonValue::parse(data, allow_inf_nan = false) (jiter, the strict-JSON default).
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
    match jiter::JsonValue::parse(&data, false) {
        Ok(_value) => {}
        Err(e) => fail("jiter::JsonError", &e.to_string()),
    }
}
