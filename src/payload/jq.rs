//! jq filters: parentheses around the identity filter (`(((.)))`) and array constructors in array
//! constructors (`[[[.]]]`). One level is one pair of parentheses or brackets. `unclosed` opens
//! parentheses and never closes them.

use super::class::FormatClass;
use super::shape::Shape;
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

pub struct Jq;

const PAREN: Level = Level { open: b"(", empty: b"(.)", close: b")" };
const ARRAY: Level = Level { open: b"[", empty: b"[.]", close: b"]" };

impl Syntax for Jq {
    fn name(&self) -> &'static str {
        "jq"
    }

    fn title(&self) -> &'static str {
        "jq"
    }

    fn class(&self) -> FormatClass {
        FormatClass::QueryLanguages
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Paren, Shape::Array, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Array => nest(&ARRAY, depth),
            Shape::Unclosed => unclosed(&PAREN, depth),
            _ => nest(&PAREN, depth),
        }
    }
}
