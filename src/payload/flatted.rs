//! flatted's text (the npm package's `stringify`, JSON that survives cycles): every array and object
//! is stored once in a top-level list and refers to the values it holds by their index, written as
//! a string. A chain of nested values is a list in which each entry names the next: `array` at
//! depth 3 is `[["1"],["2"],[]]`, what `stringify([[[]]])` writes, and `object` is
//! `[{"a":"1"},{"a":"2"},{}]`. The JSON itself is one level deep; the nesting is in the references,
//! which `parse` revives (recursively before 3.4.0: GHSA-25h7-pfq9-p65f). `unclosed` is the `array`
//! list without its closing bracket.

use super::shape::Shape;
use super::syntax::{digits_up_to, Piece, Speller, Syntax};

pub struct Flatted;

/// Entry `index` of the list, naming entry `index + 1`, with its comma: `["1"],`.
fn array_entry(index: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(format!("[\"{}\"],", index + 1).as_bytes());
}

/// The same for objects: `{"a":"1"},`.
fn object_entry(index: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(format!("{{\"a\":\"{}\"}},", index + 1).as_bytes());
}

impl Syntax for Flatted {
    fn name(&self) -> &'static str {
        "flatted"
    }

    fn title(&self) -> &'static str {
        "flatted (JSON with references)"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        // Entries 0 to depth − 2 name the next one (`["k"],`: 5 bytes and k's digits, k from 1 to
        // depth − 1); the last entry is empty.
        let (spell, fixed, last): (Speller, u64, &'static [u8]) = match shape {
            Shape::Object => (object_entry, 9, b"{}"),
            _ => (array_entry, 5, b"[]"),
        };
        let links = depth - 1;
        let mut pieces = vec![
            Piece::run(b"[", 1),
            Piece::Lines { count: links, bytes: fixed * links + digits_up_to(links), spell },
            Piece::run(last, 1),
        ];
        if shape != Shape::Unclosed {
            pieces.push(Piece::run(b"]", 1));
        }
        pieces
    }
}
