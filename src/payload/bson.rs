//! BSON: documents in documents, `{a: {a: {}}}` (`object`), or a document holding arrays of arrays
//! (`array`; a BSON array is a document keyed "0", "1", …, and the outermost value must be a
//! document). Each level is its int32 size, the element's type byte and key, the inner document and
//! a 0x00 terminator; a level's size is 8 bytes more than the one inside it, so the headers are
//! spelled per level. `unclosed` is the `object` payload without its last byte.

use super::shape::Shape;
use super::syntax::{Piece, Syntax};

pub struct Bson;

/// The empty document (or array): its own size, then the terminator.
const EMPTY: &[u8] = &[5, 0, 0, 0, 0];
/// Size header, type byte, one-letter key and its NUL, terminator.
const LEVEL_BYTES: u64 = 4 + 3 + 1;

/// Size of the document at `level` (1: the innermost, empty).
fn size(level: u64) -> u64 {
    EMPTY.len() as u64 + LEVEL_BYTES * (level - 1)
}

fn header(level: u64, element: [u8; 3], out: &mut Vec<u8>) {
    let size = i32::try_from(size(level)).expect("max_depth keeps sizes within int32");
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(&element);
}

/// An embedded document under key "a".
fn document(level: u64, out: &mut Vec<u8>) {
    header(level, [0x03, b'a', 0], out);
}

/// An array under key "0".
fn array(level: u64, out: &mut Vec<u8>) {
    header(level, [0x04, b'0', 0], out);
}

impl Syntax for Bson {
    fn name(&self) -> &'static str {
        "bson"
    }

    fn title(&self) -> &'static str {
        "BSON"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Object, Shape::Array, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        let spell = if shape == Shape::Array { array } else { document };
        let headers = Piece::Levels { top: depth, bottom: 2, bytes: 7 * (depth - 1), spell };
        match (shape, depth) {
            (Shape::Unclosed, 1) => vec![Piece::run(&EMPTY[..4], 1)],
            (Shape::Unclosed, _) => vec![headers, Piece::run(EMPTY, 1), Piece::run(&[0], depth - 2)],
            _ => vec![headers, Piece::run(EMPTY, 1), Piece::run(&[0], depth - 1)],
        }
    }

    fn is_binary(&self) -> bool {
        true
    }

    /// The outermost size must fit in an int32.
    fn max_depth(&self) -> u64 {
        (i32::MAX as u64 - EMPTY.len() as u64) / LEVEL_BYTES + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deepest_payload_still_has_int32_sizes() {
        let deepest = Bson.max_depth();
        assert!(size(deepest) <= i32::MAX as u64);
        assert!(size(deepest + 1) > i32::MAX as u64);
    }
}
