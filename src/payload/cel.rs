//! CEL (Common Expression Language) expressions: parentheses around a literal (`((1))`) and list
//! literals in list literals (`[[1]]`). One level is one pair of parentheses or brackets.
//! `unclosed` opens parentheses and never closes them.

use super::class::FormatClass;
use super::shape::Shape;
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

pub struct Cel;

const PAREN: Level = Level { open: b"(", empty: b"(1)", close: b")" };
const LIST: Level = Level { open: b"[", empty: b"[1]", close: b"]" };

impl Syntax for Cel {
    fn name(&self) -> &'static str {
        "cel"
    }

    fn title(&self) -> &'static str {
        "CEL"
    }

    fn class(&self) -> FormatClass {
        FormatClass::QueryLanguages
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Paren, Shape::Array, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Array => nest(&LIST, depth),
            Shape::Unclosed => unclosed(&PAREN, depth),
            _ => nest(&PAREN, depth),
        }
    }
}
