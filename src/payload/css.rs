//! CSS selectors: `:not()` in `:not()` (`:not(:not(a))`) and `:is()` in `:is()` (`:is(:is(a))`),
//! the selector lists of Selectors Level 4. One level is one pseudo-class. `unclosed` opens
//! `:not(` and never closes it.

use super::class::FormatClass;
use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

/// Negations in negations: CSS `:not(:not(a))`
pub(super) const NOT_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("not", ":not()"));
/// Matches-any in matches-any: CSS `:is(:is(a))`
pub(super) const IS_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("is", ":is()"));

pub struct Css;

const NOT: Level = Level { open: b":not(", empty: b":not(a)", close: b")" };
const IS: Level = Level { open: b":is(", empty: b":is(a)", close: b")" };

impl Syntax for Css {
    fn name(&self) -> &'static str {
        "css"
    }

    fn title(&self) -> &'static str {
        "CSS selectors"
    }

    fn class(&self) -> FormatClass {
        FormatClass::QueryLanguages
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Not, Shape::Is, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Is => nest(&IS, depth),
            Shape::Unclosed => unclosed(&NOT, depth),
            _ => nest(&NOT, depth),
        }
    }
}
