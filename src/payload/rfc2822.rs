//! RFC 2822 (and RFC 5322) date-times, as mail headers carry them, with a comment in comments
//! before them: `(())Sat, 12 Jun 1993 13:25:19 GMT`. A comment may hold comments, and the grammar
//! allows one wherever folding white space goes, the start included. One level is one pair of
//! parentheses. `unclosed` opens comments and never closes them.

use super::shape::Shape;
use super::syntax::{Piece, Syntax};

pub struct Rfc2822;

const DATE: &[u8] = b"Sat, 12 Jun 1993 13:25:19 GMT";

impl Syntax for Rfc2822 {
    fn name(&self) -> &'static str {
        "rfc2822"
    }

    fn title(&self) -> &'static str {
        "RFC 2822 date-times (comments)"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Paren, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Unclosed => vec![Piece::run(b"(", depth)],
            _ => vec![Piece::run(b"(", depth), Piece::run(b")", depth), Piece::run(DATE, 1)],
        }
    }
}
