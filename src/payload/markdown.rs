//! Markdown: block quotes in block quotes (`>>> a`), list items holding lists, each indented two
//! spaces more than its parent's (`- a` / `  - a` / `    - a`), and emphasis in emphasis, the
//! delimiters alternating so that each closes the level it should (`*a _a *a x a* a_ a*`). Every
//! text is valid Markdown, so there is no `unclosed` shape: a renderer never rejects, it can only
//! crash, hang or flatten.

use super::shape::{Shape, ShapeInfo};
use super::syntax::{Piece, Syntax};

/// Block quotes in block quotes: Markdown `>>>… a`
pub(super) const QUOTE_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("quote", "Quotes"));

/// List items holding lists, indented one level more each: Markdown `- a` / `  - a` / …
pub(super) const LIST_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("list", "Lists"));

pub struct Markdown;

/// One list item's text after its indentation.
const ITEM: &[u8] = b"- a\n";

/// Line `index` (0-based) of the list payload: the item at nesting level `index + 1`.
fn list_line(index: u64, out: &mut Vec<u8>) {
    out.resize(out.len() + 2 * index as usize, b' ');
    out.extend_from_slice(ITEM);
}

impl Syntax for Markdown {
    fn name(&self) -> &'static str {
        "markdown"
    }

    fn title(&self) -> &'static str {
        "Markdown"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Quote, Shape::List, Shape::Inline]
    }

    /// Emphasis in emphasis: the inline parser's nesting, where Markdown's quadratic bugs live.
    fn more_shapes(&self) -> &'static [Shape] {
        &[Shape::Inline]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::List => {
                // Σ (2k + 4) for k < depth.
                let bytes = depth * (depth - 1) + ITEM.len() as u64 * depth;
                vec![Piece::Lines { count: depth, bytes, spell: list_line }]
            }
            Shape::Inline => {
                // Two levels per unit: `*a _a ` opens them, ` a_ a*` closes them; an odd level is
                // one more `*` around the middle.
                let (pairs, odd) = (depth / 2, depth % 2);
                vec![
                    Piece::run(b"*a _a ", pairs),
                    Piece::run(b"*a ", odd),
                    Piece::run(b"x", 1),
                    Piece::run(b" a*", odd),
                    Piece::run(b" a_ a*", pairs),
                    Piece::run(b"\n", 1),
                ]
            }
            _ => vec![Piece::run(b">", depth), Piece::run(b" a\n", 1)],
        }
    }

    /// The list payload grows as depth² (400 MB at 20,000 levels): deeper ones take longer to
    /// write than a trial lasts.
    fn deepest_tried(&self, shape: Shape) -> u64 {
        match shape {
            Shape::List => 20_000,
            _ => u64::MAX,
        }
    }
}
