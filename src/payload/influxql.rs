//! InfluxQL (InfluxDB 1.x): a `SELECT` whose field expression is nested, from a measurement
//! (`SELECT ((v)) FROM m`: InfluxQL has no `SELECT` without `FROM`, and a measurement that holds no
//! points answers with no series, not an error). Parentheses, and calls of a function in its own
//! argument (`SELECT abs(abs(v)) FROM m`). `unclosed` opens parentheses after `SELECT ` and never
//! closes them.

use super::class::FormatClass;
use super::shape::Shape;
use super::syntax::{Piece, Syntax};

pub struct InfluxQl;

impl Syntax for InfluxQl {
    fn name(&self) -> &'static str {
        "influxql"
    }

    fn title(&self) -> &'static str {
        "InfluxQL"
    }

    fn class(&self) -> FormatClass {
        FormatClass::QueryLanguages
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Paren, Shape::Call, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Call => vec![
                Piece::run(b"SELECT ", 1),
                Piece::run(b"abs(", depth),
                Piece::run(b"v", 1),
                Piece::run(b")", depth),
                Piece::run(b" FROM m", 1),
            ],
            Shape::Unclosed => vec![Piece::run(b"SELECT ", 1), Piece::run(b"(", depth)],
            _ => vec![
                Piece::run(b"SELECT ", 1),
                Piece::run(b"(", depth),
                Piece::run(b"v", 1),
                Piece::run(b")", depth),
                Piece::run(b" FROM m", 1),
            ],
        }
    }
}
