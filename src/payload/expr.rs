//! Expr (expr-lang/expr, formerly antonmedv/expr) expressions: parentheses around a literal (`((1))`)
//! and array literals in array literals (`[[1]]`), spelled as CEL's are. One level is one pair of
//! parentheses or brackets.
//! `unclosed` opens parentheses and never closes them.

use super::class::FormatClass;
use super::shape::Shape;
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

pub struct Expr;

const PAREN: Level = Level { open: b"(", empty: b"(1)", close: b")" };
const LIST: Level = Level { open: b"[", empty: b"[1]", close: b"]" };

impl Syntax for Expr {
    fn name(&self) -> &'static str {
        "expr"
    }

    fn title(&self) -> &'static str {
        "Expr (expr-lang)"
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
