//! Source code: the bare nested expression or statement, which each parser program wraps in what
//! its language needs (an expression statement, a function body, a class, a package clause) and
//! says so in its note. Parentheses around a literal (`((1))`), array or list literals in array
//! literals (`[[1]]`) and blocks in blocks (`{{{}}}`, a statement in C, Java, JavaScript, Go and
//! Rust). `composite-literal` is Go's composite literal whose elements are literal values with their
//! type elided (`T{{{}}}`): the path go/parser recursed over without bound until Go 1.22.7
//! (GO-2024-3105: parseLiteralValue → parseElementList → parseElement → parseValue, which the 2022
//! limit on expressions did not count); C++ reads it as braced initialization, most other languages
//! refuse it. A language without one of these (Python has no bare blocks) reports the shape as not
//! supported, not as a limit. One level is one pair of parentheses, brackets or braces. `unclosed`
//! opens parentheses and never closes them.

use super::class::FormatClass;
use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

/// Blocks in blocks: code `{{{}}}`, wrapped in a function body by each program
pub(super) const BLOCK_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("block", "Blocks"));

/// Literal values in a composite literal, their types elided: Go `T{{{}}}`
pub(super) const COMPOSITE_LITERAL_SHAPE: Shape =
    Shape::declare(&ShapeInfo::valid("composite-literal", "Composite literals"));

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
        &[Shape::Paren, Shape::Array, Shape::Block, Shape::CompositeLiteral, Shape::Unclosed]
    }

    /// Blocks: statements recurse in another part of a compiler than expressions do. Composite
    /// literals: literal values recurse in another part of Go's parser (and C++'s initializers).
    fn more_shapes(&self) -> &'static [Shape] {
        &[Shape::Block, Shape::CompositeLiteral]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Array => nest(&ARRAY, depth),
            Shape::Block => nest(&BLOCK, depth),
            Shape::CompositeLiteral => {
                let mut pieces = vec![Piece::run(b"T", 1)];
                pieces.extend(nest(&BLOCK, depth));
                pieces
            }
            Shape::Unclosed => unclosed(&PAREN, depth),
            _ => nest(&PAREN, depth),
        }
    }
}
