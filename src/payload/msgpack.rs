//! MessagePack: a fixarray of one element per level (0x91) around an empty one (0x90); a fixmap of
//! one entry with the key "a" (0x81, fixstr 0xa1 0x61) around an empty one (0x80). A string key,
//! because libraries that build maps of strings reject any other by design (python-msgpack's
//! strict_map_key, cborg, vmihailenco/msgpack): an integer key would fail at depth 2 whatever the
//! nesting. Lengths come first, so there are no
//! closers, and `unclosed` is 0x91 × n: each array promises an element that never comes.

use super::shape::Shape;
use super::syntax::{mixed, nest, unclosed, Level, Piece, Syntax};

pub struct MessagePack;

const ARRAY: Level = Level { open: &[0x91], empty: &[0x90], close: b"" };
const MAP: Level = Level { open: &[0x81, 0xa1, b'a'], empty: &[0x80], close: b"" };

impl Syntax for MessagePack {
    fn name(&self) -> &'static str {
        "msgpack"
    }

    fn title(&self) -> &'static str {
        "MessagePack"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Mixed, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Object => nest(&MAP, depth),
            Shape::Mixed => mixed(&ARRAY, &MAP, depth),
            Shape::Unclosed => unclosed(&ARRAY, depth),
            _ => nest(&ARRAY, depth),
        }
    }

    fn is_binary(&self) -> bool {
        true
    }
}
