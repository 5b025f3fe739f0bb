//! Regular expressions: capturing groups in groups (`((a))`), non-capturing groups in
//! non-capturing groups (`(?:(?:a))`), alternations whose last branch is the next group
//! (`(a|(a|(a)))`), quantified groups in quantified groups (`((a)*)*`) and character classes in
//! character classes (`[[[a]]]`, the nesting of Oniguruma's, Java's, ICU's and Rust's set syntax;
//! engines without nested sets read `[[a]]` as one flat class and a literal `]`). One level is one group or class;
//! the subject a program matches in its `run` phase is `a`, which every shape matches. `unclosed`
//! opens groups and never closes them.

use super::class::FormatClass;
use super::shape::{Shape, ShapeInfo};
use super::syntax::{Piece, Syntax};

/// Capturing groups in capturing groups: regex `((((a))))`
pub(super) const GROUP_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("group", "Groups"));
/// Non-capturing groups in non-capturing groups: regex `(?:(?:a))`
pub(super) const NONCAPTURE_SHAPE: Shape =
    Shape::declare(&ShapeInfo::valid("noncapture", "Non-capturing groups"));
/// Groups whose last alternative is the next group, the innermost `(a)`: regex `(a|(a|(a)))`
pub(super) const ALTERNATION_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("alternation", "Alternations"));
/// Starred groups in starred groups: regex `((a)*)*`; the backtracking it invites is a matter
/// for `run`, the nesting for `compile`
pub(super) const QUANTIFIED_SHAPE: Shape =
    Shape::declare(&ShapeInfo::valid("quantified", "Quantified groups"));
/// Character classes in character classes: regex `[[[a]]]`, the nesting Oniguruma's class parser
/// (prs_cc) recursed over without a limit
pub(super) const CHAR_CLASS_SHAPE: Shape =
    Shape::declare(&ShapeInfo::valid("char-class", "Classes in classes"));

pub struct Regex;

impl Syntax for Regex {
    fn name(&self) -> &'static str {
        "regex"
    }

    fn title(&self) -> &'static str {
        "Regular expressions"
    }

    fn class(&self) -> FormatClass {
        FormatClass::Patterns
    }

    fn shapes(&self) -> &'static [Shape] {
        &[
            Shape::Group,
            Shape::Noncapture,
            Shape::Alternation,
            Shape::Quantified,
            Shape::CharClass,
            Shape::Unclosed,
        ]
    }

    /// Alternation, quantifiers and classes in classes: the other nestings regex engines cap or
    /// crash on.
    fn more_shapes(&self) -> &'static [Shape] {
        &[Shape::Alternation, Shape::Quantified, Shape::CharClass]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Noncapture => {
                vec![Piece::run(b"(?:", depth), Piece::run(b"a", 1), Piece::run(b")", depth)]
            }
            Shape::Alternation => {
                vec![Piece::run(b"(a|", depth - 1), Piece::run(b"(a)", 1), Piece::run(b")", depth - 1)]
            }
            Shape::Quantified => vec![Piece::run(b"(", depth), Piece::run(b"a", 1), Piece::run(b")*", depth)],
            Shape::CharClass => vec![Piece::run(b"[", depth), Piece::run(b"a", 1), Piece::run(b"]", depth)],
            Shape::Unclosed => vec![Piece::run(b"(", depth)],
            _ => vec![Piece::run(b"(", depth), Piece::run(b"a", 1), Piece::run(b")", depth)],
        }
    }
}
