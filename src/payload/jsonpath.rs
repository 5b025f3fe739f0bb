//! JSONPath: filters whose condition is the current node filtered again (`$[?(@[?(@)])]`), in the
//! parenthesised filter syntax jsonpath-ng and jsonpath-rust both accept. One level is one filter.
//! `unclosed` opens filters and never closes them.

use super::class::FormatClass;
use super::shape::{Shape, ShapeInfo};
use super::syntax::{Piece, Syntax};

/// Filters in filters: JSONPath `$[?(@[?(@)])]`, JMESPath `[?[?@]]`
pub(super) const FILTER_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("filter", "Filters"));

pub struct JsonPath;

impl Syntax for JsonPath {
    fn name(&self) -> &'static str {
        "jsonpath"
    }

    fn title(&self) -> &'static str {
        "JSONPath"
    }

    fn class(&self) -> FormatClass {
        FormatClass::QueryLanguages
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Filter, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        let closed = shape != Shape::Unclosed;
        vec![
            Piece::run(b"$", 1),
            Piece::run(b"[?(@", depth),
            Piece::run(b")]", if closed { depth } else { 0 }),
        ]
    }
}
