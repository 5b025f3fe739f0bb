//! Pomsky (formerly rulex) expressions, a language that compiles to regexes: groups in groups
//! around a string literal (`(('a'))`). One level is one pair of parentheses.
//! `unclosed` opens groups and never closes them.

use super::class::FormatClass;
use super::shape::Shape;
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

pub struct Pomsky;

const GROUP: Level = Level { open: b"(", empty: b"('a')", close: b")" };

impl Syntax for Pomsky {
    fn name(&self) -> &'static str {
        "pomsky"
    }

    fn title(&self) -> &'static str {
        "Pomsky (rulex) expressions"
    }

    fn class(&self) -> FormatClass {
        FormatClass::Patterns
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Group, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Unclosed => unclosed(&GROUP, depth),
            _ => nest(&GROUP, depth),
        }
    }
}
