//! EDN (extensible data notation): vectors `[[]]`, maps `{0 {}}` (any value may be a key, and
//! whitespace separates them).

use super::shape::Shape;
use super::syntax::{mixed, nest, unclosed, Level, Piece, Syntax};

pub struct Edn;

const VECTOR: Level = Level { open: b"[", empty: b"[]", close: b"]" };
const MAP: Level = Level { open: b"{0 ", empty: b"{}", close: b"}" };

impl Syntax for Edn {
    fn name(&self) -> &'static str {
        "edn"
    }

    fn title(&self) -> &'static str {
        "EDN"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Mixed, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Object => nest(&MAP, depth),
            Shape::Mixed => mixed(&VECTOR, &MAP, depth),
            Shape::Unclosed => unclosed(&VECTOR, depth),
            _ => nest(&VECTOR, depth),
        }
    }
}
