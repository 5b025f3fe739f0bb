//! S-expressions: lists in lists, `((()))`, their only nesting (`array`, the generic name for a
//! sequence).

use super::shape::Shape;
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

pub struct Sexp;

const LIST: Level = Level { open: b"(", empty: b"()", close: b")" };

impl Syntax for Sexp {
    fn name(&self) -> &'static str {
        "sexp"
    }

    fn title(&self) -> &'static str {
        "S-expressions"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Unclosed => unclosed(&LIST, depth),
            _ => nest(&LIST, depth),
        }
    }
}
