//! The protocol helper of the Rust programs (parsers/README.md, "The protocol helper"): the phase
//! argument, stdin, the error line and the exit statuses. A program includes it with
//!
//!     #[path = "../../protocol.rs"]
//!     mod protocol;
//!
//! (from its `src/main.rs`; inside an environment's root the language folder's files are copied
//! beside the program's folder, so the path holds there too). The program keeps its library calls
//! in `main` or in the `#[inline(never)]` phase function it always had; only input (before the
//! parse) and exits (after it) happen here, and the serializer runs in the program's own code
//! through [`serialize!`].
#![allow(dead_code, unused_macros, unused_imports)]

use std::io::Read;
use std::sync::atomic::{AtomicU8, Ordering};

static PHASE: AtomicU8 = AtomicU8::new(NONE);
const NONE: u8 = 0;
const PARSE: u8 = 1;
const FREE: u8 = 2;
const SERIALIZE: u8 = 3;
const COMPILE: u8 = 4;
const RUN: u8 = 5;

/// The phases a program takes (the argument of [`input`]).
pub enum Takes {
    All,
    NoSerialize,
    /// A program without phases (a streaming reader keeps no value): any argument is unknown.
    Nothing,
}

/// Reads the phase argument (an unknown one: one stderr line, exit 2, before stdin), then all of
/// stdin.
pub fn input(takes: Takes) -> Vec<u8> {
    let known: &[&str] = match takes {
        Takes::All => &["parse", "free", "serialize"],
        Takes::NoSerialize => &["parse", "free"],
        Takes::Nothing => &[],
    };
    if let Some(p) = std::env::args().skip(1).last() {
        let phase = match p.as_str() {
            "parse" => PARSE,
            "free" => FREE,
            "serialize" => SERIALIZE,
            _ => NONE,
        };
        if phase == NONE || !known.contains(&p.as_str()) {
            match known.split_last() {
                Some((last, rest)) => eprintln!("unknown phase: {p} ({} or {last})", rest.join(", ")),
                None => eprintln!("unknown phase: {p} (this program takes none)"),
            }
            std::process::exit(2);
        }
        PHASE.store(phase, Ordering::Relaxed);
    }
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    data
}

/// A language's program (regex, SQL, a query language, code): reads the phase argument, `compile`
/// or `run` (an unknown one: one stderr line, exit 2, before stdin), then all of stdin. A function
/// of its own, so that the data formats' programs, which call [`input`], are compiled as they were.
#[inline(never)]
pub fn language_input() -> Vec<u8> {
    if let Some(p) = std::env::args().skip(1).last() {
        let phase = match p.as_str() {
            "compile" => COMPILE,
            "run" => RUN,
            _ => {
                eprintln!("unknown phase: {p} (compile or run)");
                std::process::exit(2);
            }
        };
        PHASE.store(phase, Ordering::Relaxed);
    }
    let mut data = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut data) {
        fail("std::io::Error", &e.to_string());
    }
    data
}

/// The input as UTF-8 text (else the error line).
pub fn text(data: &[u8]) -> &str {
    std::str::from_utf8(data).unwrap_or_else(|e| fail("std::str::Utf8Error", &e.to_string()))
}

/// Whether a phase was given (for a program built differently with one than without).
pub fn phased() -> bool {
    PHASE.load(Ordering::Relaxed) != NONE
}

/// Whether the phase is `serialize` (see [`serialize!`]).
pub fn serializing() -> bool {
    PHASE.load(Ordering::Relaxed) == SERIALIZE
}

/// `<kind>: <message>` on stderr (runs of white space, line breaks among them, folded to one space;
/// cut at 200 characters), exit 1.
pub fn fail(kind: &str, msg: &str) -> ! {
    let msg: String = msg.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(200).collect();
    eprintln!("{kind}: {msg}");
    std::process::exit(1);
}

/// In phase `parse`: exit 0 at once, the value never dropped (`exit` runs no destructor).
pub fn parsed() {
    if PHASE.load(Ordering::Relaxed) == PARSE {
        std::process::exit(0);
    }
}

/// In phase `compile`: exit 0 at once, the compiled pattern, query or program never dropped;
/// without a phase the program goes on to its normal end, as a compile alone.
pub fn compiled() {
    if PHASE.load(Ordering::Relaxed) == COMPILE {
        std::process::exit(0);
    }
}

/// Whether the phase is `run` (see [`run!`]).
pub fn running() -> bool {
    PHASE.load(Ordering::Relaxed) == RUN
}

/// The run guard: `run!(expr)` evaluates `expr` (what the program runs once it compiled: match the
/// subject `a`, run the query, evaluate; in the program's own frame) only in phase `run`:
/// `Some(result)` there, `None` otherwise.
macro_rules! run {
    ($e:expr) => {
        if protocol::running() {
            Some($e)
        } else {
            None
        }
    };
}
pub(crate) use run;

/// The serialize guard: `serialize!(expr)` evaluates `expr` (the program's serializer call, in the
/// program's own frame) only in phase `serialize`: `Some(result)` there, `None` otherwise.
macro_rules! serialize {
    ($e:expr) => {
        if protocol::serializing() {
            Some($e)
        } else {
            None
        }
    };
}
pub(crate) use serialize;

/// After the serializer ran (phase `serialize`): the output is used, left to the exit, exit 0.
pub fn serialized<T>(output: T) -> ! {
    std::hint::black_box(&output);
    std::mem::forget(output);
    std::process::exit(0);
}

/// The end, after the program released its value: with a phase (`free`) exit 0; without one it
/// returns and `main` returns (Rust's normal end).
pub fn finished() {
    if phased() {
        std::process::exit(0);
    }
}

/// The end of a program's phase function (only called with a phase): exit 0.
pub fn finished_phase() -> ! {
    std::process::exit(0);
}

/// `built depth: N` (a renderer, without a phase).
pub fn built(depth: usize) {
    eprintln!("built depth: {depth}");
}

/// The deepest nesting of block quotes, lists or emphasis in rendered HTML, counted by scanning its
/// tags (no recursion).
pub fn html_text_depth(html: &str) -> usize {
    let (mut quotes, mut lists, mut emphasis, mut deepest) = (0usize, 0usize, 0usize, 0usize);
    for (at, _) in html.match_indices('<') {
        let tag = html[at + 1..].trim_start_matches('/');
        let closing = html[at + 1..].starts_with('/');
        let name: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
        let counter = match name.as_str() {
            "blockquote" => &mut quotes,
            "ul" | "ol" => &mut lists,
            "em" | "strong" => &mut emphasis,
            _ => continue,
        };
        if closing {
            *counter = counter.saturating_sub(1)
        } else {
            *counter += 1
        }
        deepest = deepest.max(quotes).max(lists).max(emphasis);
    }
    deepest
}
