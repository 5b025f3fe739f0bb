// Reads all of stdin, decodes it with prost into a message whose field 1 is a message of the same
// type (written here with prost's derive, no protoc), with prost's default decoding (its recursion
// limit on). Catches the returned Err (exit 1); a stack overflow aborts the process as it would.
// Optional argument, the phase (parsers/README.md, "Phases"): `parse` forgets the message and exits
// 0; `free` drops it (a chain of boxes), then exits 0; `serialize` encodes it back, then exits 0.
use prost::Message;
use std::io::Read;

fn fail(kind: &str, msg: &str) -> ! {
    let msg: String = msg.replace(['\n', '\r'], " ").chars().take(200).collect();
    eprintln!("{kind}: {msg}");
    std::process::exit(1);
}

fn input() -> Vec<u8> {
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    data
}

/// The phase asked for (parsers/README.md, "Phases"), if any; exit 2 on an unknown one.
fn phase() -> Option<String> {
    let phase = std::env::args().nth(1);
    if let Some(p) = &phase {
        if !["parse", "free", "serialize"].contains(&p.as_str()) {
            eprintln!("unknown phase: {p} (parse, free or serialize)");
            std::process::exit(2);
        }
    }
    phase
}
#[derive(Clone, PartialEq, prost::Message)]
struct Nested {
    #[prost(message, optional, boxed, tag = "1")]
    inner: Option<Box<Nested>>,
}

fn main() {
    let phase = phase();
    let data = input();
    let message = Nested::decode(&data[..]).unwrap_or_else(|e| fail("prost::DecodeError", &e.to_string()));
    match phase.as_deref() {
        Some("parse") => std::mem::forget(message),
        Some("free") => drop(message),
        Some("serialize") => drop(std::hint::black_box(message.encode_to_vec())),
        _ => return,
    }
    std::process::exit(0);
}
