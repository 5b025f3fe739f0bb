//! HTML: `div` elements in `div` elements, and `b` elements in `b` elements (formatting elements,
//! which HTML parsers track on a list of their own and may reopen or cap). Every text is valid
//! HTML as far as a parser is concerned, so there is no `unclosed` shape.

use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, Level, Piece, Syntax};

/// Inline (formatting) elements in inline elements: HTML `<b><b>…</b></b>`, Markdown emphasis
/// in emphasis `*a _a x a_ a*`
pub(super) const INLINE_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("inline", "Inline nesting"));

pub struct Html;

const DIV: Level = Level { open: b"<div>", empty: b"<div></div>", close: b"</div>" };
const BOLD: Level = Level { open: b"<b>", empty: b"<b></b>", close: b"</b>" };

impl Syntax for Html {
    fn name(&self) -> &'static str {
        "html"
    }

    fn title(&self) -> &'static str {
        "HTML"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Element, Shape::Inline]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Inline => nest(&BOLD, depth),
            _ => nest(&DIV, depth),
        }
    }
}
