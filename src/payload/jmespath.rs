//! JMESPath: parentheses around the current node (`((@))`) and filter projections whose condition
//! is the next one (`[?[?@]]`). One level is one pair of parentheses or one filter. `unclosed`
//! opens parentheses and never closes them.

use super::class::FormatClass;
use super::shape::Shape;
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

pub struct JmesPath;

const PAREN: Level = Level { open: b"(", empty: b"(@)", close: b")" };
const FILTER: Level = Level { open: b"[?", empty: b"[?@]", close: b"]" };

impl Syntax for JmesPath {
    fn name(&self) -> &'static str {
        "jmespath"
    }

    fn title(&self) -> &'static str {
        "JMESPath"
    }

    fn class(&self) -> FormatClass {
        FormatClass::QueryLanguages
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Paren, Shape::Filter, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Filter => nest(&FILTER, depth),
            Shape::Unclosed => unclosed(&PAREN, depth),
            _ => nest(&PAREN, depth),
        }
    }
}
