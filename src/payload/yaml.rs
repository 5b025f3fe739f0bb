//! YAML in flow style: `[[]]`, `{a: {}}`. (Block style needs indentation that grows with depth.)

use super::shape::Shape;
use super::syntax::{mixed, nest, unclosed, Level, Piece, Syntax};

pub struct Yaml;

const SEQUENCE: Level = Level { open: b"[", empty: b"[]", close: b"]" };
// The space after `:` makes it a mapping indicator rather than part of a plain scalar.
const MAPPING: Level = Level { open: b"{a: ", empty: b"{}", close: b"}" };

impl Syntax for Yaml {
    fn name(&self) -> &'static str {
        "yaml"
    }

    fn title(&self) -> &'static str {
        "YAML"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Mixed, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Object => nest(&MAPPING, depth),
            Shape::Mixed => mixed(&SEQUENCE, &MAPPING, depth),
            Shape::Unclosed => unclosed(&SEQUENCE, depth),
            _ => nest(&SEQUENCE, depth),
        }
    }
}
