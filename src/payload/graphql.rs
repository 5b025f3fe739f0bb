//! GraphQL: selection sets in selection sets (`{a{a{a}}}`, the query shorthand) and list values in
//! list values as an argument (`{f(a:[[[]]])}`). `typename` ends its selections in `__typename`
//! (`{a{a{__typename}}}`): a query a server validates and executes at every depth, against a schema
//! whose `a` returns a type with a field `a` of its own type (the innermost `a` of `selection`
//! selects an object without a selection set, which validation refuses). `unclosed` opens selection
//! sets and never closes them.

use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, unclosed, Level, Piece, Syntax};

/// Selection sets in selection sets: GraphQL `{a{a{…}}}`
pub(super) const SELECTION_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("selection", "Selections"));

/// Selection sets down to `__typename`: GraphQL `{a{a{__typename}}}`, valid and executable
pub(super) const TYPENAME_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("typename", "Down to __typename"));

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
        &[Shape::Selection, Shape::Array, Shape::Typename, Shape::Unclosed]
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
            Shape::Typename => vec![
                Piece::run(b"{a", depth - 1),
                Piece::run(b"{__typename}", 1),
                Piece::run(b"}", depth - 1),
            ],
            _ => nest(&SELECTION, depth),
        }
    }
}
