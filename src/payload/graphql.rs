//! GraphQL: selection sets in selection sets (`{a{a{a}}}`, the query shorthand) and list values in
//! list values as an argument (`{f(a:[[[]]])}`). `unclosed` opens selection sets and never closes
//! them.

use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

/// Selection sets in selection sets: GraphQL `{a{a{…}}}`
pub(super) const SELECTION_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("selection", "Selections"));

pub struct GraphQl;

const SELECTION: Level = Level { open: b"{a", empty: b"{a}", close: b"}" };

impl Syntax for GraphQl {
    fn name(&self) -> &'static str {
        "graphql"
    }

    fn title(&self) -> &'static str {
        "GraphQL"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Selection, Shape::Array, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Array => vec![
                Piece::run(b"{f(a:", 1),
                Piece::run(b"[", depth),
                Piece::run(b"]", depth),
                Piece::run(b")}", 1),
            ],
            Shape::Unclosed => unclosed(&SELECTION, depth),
            _ => nest(&SELECTION, depth),
        }
    }
}
