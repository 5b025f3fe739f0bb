//! JSON (RFC 8259): `[[]]`, `{"a":{}}`.

use super::shape::Shape;
use super::syntax::{mixed, nest, unclosed, Level, Piece, Syntax};

pub struct Json;

const ARRAY: Level = Level { open: b"[", empty: b"[]", close: b"]" };
const OBJECT: Level = Level { open: b"{\"a\":", empty: b"{}", close: b"}" };

impl Syntax for Json {
    fn name(&self) -> &'static str {
        "json"
    }

    fn title(&self) -> &'static str {
        "JSON"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Mixed, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Object => nest(&OBJECT, depth),
            Shape::Mixed => mixed(&ARRAY, &OBJECT, depth),
            Shape::Unclosed => unclosed(&ARRAY, depth),
            _ => nest(&ARRAY, depth),
        }
    }
}
