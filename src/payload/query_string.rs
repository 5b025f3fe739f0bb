//! Query strings (application/x-www-form-urlencoded) with nested parameter keys, the convention of
//! Rack, PHP and Faraday: `a[a][a]=1` is the parameter `a` holding a mapping holding a mapping
//! holding "1". One level is one bracketed key, so depth 1 is `a[a]=1` (the outermost mapping, the
//! parameters themselves, is not counted, as TOML's implicit table is not). Every text is a valid
//! query string (an unbalanced bracket is part of a key), so there is no invalid shape.

use super::shape::Shape;
use super::syntax::{Piece, Syntax};

pub struct QueryString;

impl Syntax for QueryString {
    fn name(&self) -> &'static str {
        "query-string"
    }

    fn title(&self) -> &'static str {
        "Query strings"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Object]
    }

    fn pieces(&self, _shape: Shape, depth: u64) -> Vec<Piece> {
        vec![Piece::run(b"a", 1), Piece::run(b"[a]", depth), Piece::run(b"=1", 1)]
    }
}
