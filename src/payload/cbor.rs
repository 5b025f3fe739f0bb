//! CBOR (RFC 8949): a definite-length array of one item per level (0x81) around an empty one
//! (0x80); a map of one pair with the text key "a" (0xa1, 0x61 0x61) around an empty one (0xa0): a
//! string key, which every library accepts (cborg and others reject integer keys by design); tags
//! around tags (0xc6, tag 6, one byte) down to an empty array, the nesting serde_cbor did not count
//! (RUSTSEC-2019-0025). `unclosed` is 0x81 × n: each array promises an item that never comes.

use super::shape::{Shape, ShapeInfo};
use super::syntax::{mixed, nest, unclosed, Level, Piece, Syntax};

/// Semantic tags around semantic tags: CBOR `c6 c6 … 80`, the innermost level an empty array
pub(super) const TAG_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("tag", "Tags"));

pub struct Cbor;

const ARRAY: Level = Level { open: &[0x81], empty: &[0x80], close: b"" };
const MAP: Level = Level { open: &[0xa1, 0x61, b'a'], empty: &[0xa0], close: b"" };

impl Syntax for Cbor {
    fn name(&self) -> &'static str {
        "cbor"
    }

    fn title(&self) -> &'static str {
        "CBOR"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Mixed, Shape::Tag, Shape::Unclosed]
    }

    /// Tags: decoders count arrays and maps, and the tags between them are another recursion.
    fn more_shapes(&self) -> &'static [Shape] {
        &[Shape::Tag]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Object => nest(&MAP, depth),
            Shape::Mixed => mixed(&ARRAY, &MAP, depth),
            Shape::Tag => vec![Piece::run(&[0xc6], depth - 1), Piece::run(&[0x80], 1)],
            Shape::Unclosed => unclosed(&ARRAY, depth),
            _ => nest(&ARRAY, depth),
        }
    }

    fn is_binary(&self) -> bool {
        true
    }
}
