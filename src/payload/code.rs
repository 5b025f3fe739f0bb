//! Source code: the bare nested expression or statement, which each parser program wraps in what
//! its language needs (an expression statement, a function body, a class, a package clause) and
//! says so in its note. Parentheses around a literal (`((1))`), array or list literals in array
//! literals (`[[1]]`) and blocks in blocks (`{{{}}}`, a statement in C, Java, JavaScript, Go and
//! Rust). A language without one of these (Python has no bare blocks) reports the shape as not
//! supported, not as a limit. One level is one pair of parentheses, brackets or braces. `unclosed`
//! opens parentheses and never closes them.

use super::class::FormatClass;
use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

/// Blocks in blocks: code `{{{}}}`, wrapped in a function body by each program
pub(super) const BLOCK_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("block", "Blocks"));

pub struct Code;

const PAREN: Level = Level { open: b"(", empty: b"(1)", close: b")" };
const ARRAY: Level = Level { open: b"[", empty: b"[1]", close: b"]" };
const BLOCK: Level = Level { open: b"{", empty: b"{}", close: b"}" };

impl Syntax for Code {
    fn name(&self) -> &'static str {
        "code"
    }

    fn title(&self) -> &'static str {
        "Source code"
    }

    fn class(&self) -> FormatClass {
        FormatClass::Code
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Paren, Shape::Array, Shape::Block, Shape::Unclosed]
    }

    /// Blocks: statements recurse in another part of a compiler than expressions do.
    fn more_shapes(&self) -> &'static [Shape] {
        &[Shape::Block]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Array => nest(&ARRAY, depth),
            Shape::Block => nest(&BLOCK, depth),
            Shape::Unclosed => unclosed(&PAREN, depth),
            _ => nest(&PAREN, depth),
        }
    }
}
