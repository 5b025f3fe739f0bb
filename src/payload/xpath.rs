//! XPath 1.0: predicates in predicates (`/a[a[a]]`) and parentheses around a number (`((1))`). One
//! level is one predicate (`/a[a[a]]` has two, and selects the root of a document at least three
//! elements deep) or one pair of parentheses. `unclosed` opens predicates and never closes them.

use super::class::FormatClass;
use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, Level, Piece, Syntax};

/// Predicates in predicates: XPath `/a[a[a[a]]]`
pub(super) const PREDICATE_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("predicate", "Predicates"));

pub struct XPath;

const PAREN: Level = Level { open: b"(", empty: b"(1)", close: b")" };

impl Syntax for XPath {
    fn name(&self) -> &'static str {
        "xpath"
    }

    fn title(&self) -> &'static str {
        "XPath"
    }

    fn class(&self) -> FormatClass {
        FormatClass::QueryLanguages
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Predicate, Shape::Paren, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Paren => nest(&PAREN, depth),
            Shape::Unclosed => vec![Piece::run(b"/a", 1), Piece::run(b"[a", depth)],
            _ => vec![Piece::run(b"/a", 1), Piece::run(b"[a", depth), Piece::run(b"]", depth)],
        }
    }
}
