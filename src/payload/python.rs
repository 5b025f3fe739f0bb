//! Python literals, as `ast.literal_eval` reads them: `[[]]`, `{0:{}}`.

use super::shape::Shape;
use super::syntax::{mixed, nest, unclosed, Level, Piece, Syntax};

pub struct Python;

const LIST: Level = Level { open: b"[", empty: b"[]", close: b"]" };
const DICT: Level = Level { open: b"{0:", empty: b"{}", close: b"}" };

impl Syntax for Python {
    fn name(&self) -> &'static str {
        "python"
    }

    fn title(&self) -> &'static str {
        "Python literals"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Mixed, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Object => nest(&DICT, depth),
            Shape::Mixed => mixed(&LIST, &DICT, depth),
            Shape::Unclosed => unclosed(&LIST, depth),
            _ => nest(&LIST, depth),
        }
    }
}
