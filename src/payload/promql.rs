//! PromQL (Prometheus) and MetricsQL (VictoriaMetrics, a superset): the query a monitoring server's
//! users send to `/api/v1/query`. Parentheses around a scalar (`((1))`) and calls of a function in
//! its own argument (`abs(abs(vector(1)))`: `abs` takes and gives an instant vector, so every level
//! is valid). One level is one pair of parentheses or one call. `unclosed` opens parentheses and
//! never closes them.

use super::class::FormatClass;
use super::shape::Shape;
use super::syntax::{Piece, Syntax};

pub struct PromQl;

impl Syntax for PromQl {
    fn name(&self) -> &'static str {
        "promql"
    }

    fn title(&self) -> &'static str {
        "PromQL"
    }

    fn class(&self) -> FormatClass {
        FormatClass::QueryLanguages
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Paren, Shape::Call, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Call => {
                vec![
                    Piece::run(b"abs(", depth - 1),
                    Piece::run(b"abs(vector(1))", 1),
                    Piece::run(b")", depth - 1),
                ]
            }
            Shape::Unclosed => vec![Piece::run(b"(", depth)],
            _ => vec![Piece::run(b"(", depth), Piece::run(b"1", 1), Piece::run(b")", depth)],
        }
    }
}
