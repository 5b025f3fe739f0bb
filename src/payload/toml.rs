//! TOML: a document is a table, so the nesting hangs under one key: `a=[[]]`, `a={a={}}` (inline
//! tables). The document's own table is not counted as a level.

use super::shape::Shape;
use super::syntax::{mixed, nest, unclosed, Level, Piece, Syntax};

pub struct Toml;

const ARRAY: Level = Level { open: b"[", empty: b"[]", close: b"]" };
const TABLE: Level = Level { open: b"{a=", empty: b"{}", close: b"}" };
const KEY: &[u8] = b"a=";

impl Syntax for Toml {
    fn name(&self) -> &'static str {
        "toml"
    }

    fn title(&self) -> &'static str {
        "TOML"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Mixed, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        let mut pieces = vec![Piece::run(KEY, 1)];
        pieces.extend(match shape {
            Shape::Object => nest(&TABLE, depth),
            Shape::Mixed => mixed(&ARRAY, &TABLE, depth),
            Shape::Unclosed => unclosed(&ARRAY, depth),
            _ => nest(&ARRAY, depth),
        });
        pieces
    }
}
