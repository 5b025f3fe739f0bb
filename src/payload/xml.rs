//! XML: elements in elements, `<a><a/></a>`. XML has no sequences or mappings, so its shapes are
//! `element` and `unclosed`.

use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

/// Elements in elements: XML `<a><a>…<a/></a></a>`, HTML `<div><div>…</div></div>`
pub(super) const ELEMENT_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("element", "Elements"));

pub struct Xml;

const ELEMENT: Level = Level { open: b"<a>", empty: b"<a/>", close: b"</a>" };

impl Syntax for Xml {
    fn name(&self) -> &'static str {
        "xml"
    }

    fn title(&self) -> &'static str {
        "XML"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Element, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Unclosed => unclosed(&ELEMENT, depth),
            _ => nest(&ELEMENT, depth),
        }
    }
}
