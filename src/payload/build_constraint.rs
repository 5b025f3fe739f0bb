//! Go build constraints: a `//go:build` line whose expression nests negations of parenthesized
//! expressions (`//go:build !(!(a))`) or parentheses (`//go:build ((a))`), the nesting
//! go/build/constraint's recursive-descent parser recursed over without bound (GO-2024-3107). A
//! doubled `!` is refused by the grammar itself ("double negation not allowed"), so each negation
//! holds a parenthesized expression. One level is one `!(…)` or one pair of parentheses.
//! `unclosed` opens parentheses and never closes them.

use super::class::FormatClass;
use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

/// Negations of parenthesized expressions: Go `//go:build !(!(a))`
pub(super) const NEGATION_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("negation", "Negations !(…)"));

pub struct BuildConstraint;

const LINE: &[u8] = b"//go:build ";
const NEGATION: Level = Level { open: b"!(", empty: b"!(a)", close: b")" };
const PAREN: Level = Level { open: b"(", empty: b"(a)", close: b")" };

impl Syntax for BuildConstraint {
    fn name(&self) -> &'static str {
        "build-constraint"
    }

    fn title(&self) -> &'static str {
        "Go build constraints"
    }

    fn class(&self) -> FormatClass {
        FormatClass::Code
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Negation, Shape::Paren, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        let nesting = match shape {
            Shape::Paren => nest(&PAREN, depth),
            Shape::Unclosed => unclosed(&PAREN, depth),
            _ => nest(&NEGATION, depth),
        };
        let mut pieces = vec![Piece::run(LINE, 1)];
        pieces.extend(nesting);
        pieces
    }
}
