//! SQL: a parenthesised expression (`SELECT ((1))`), subqueries in the FROM clause of subqueries
//! (`SELECT * FROM (SELECT * FROM (SELECT 1) AS t) AS t`: every subquery has its alias, which
//! PostgreSQL before 16 requires; SQLite and DuckDB accept it too) and `CASE` in `CASE` (the simple
//! form `CASE 1 WHEN 1 THEN … END`, since PostgreSQL wants a boolean after a bare `WHEN`). One level
//! is one pair of parentheses, one subquery, one `CASE` or one call of `abs` on its own
//! result (`SELECT abs(abs(1))`: ClickHouse checks its syntax tree's depth, and recurses doing it). `unclosed` opens parentheses after
//! `SELECT ` and never closes them.

use super::class::FormatClass;
use super::shape::{Shape, ShapeInfo};
use super::syntax::{Piece, Syntax};

/// Subqueries in the FROM clause of subqueries: SQL `SELECT * FROM (SELECT * FROM (SELECT 1) AS t) AS t`
pub(super) const SUBQUERY_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("subquery", "Subqueries"));
/// `CASE` expressions in `CASE` expressions: SQL `SELECT CASE 1 WHEN 1 THEN CASE 1 WHEN 1 THEN 1 END END`
pub(super) const CASE_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("case", "CASE"));

pub struct Sql;

impl Syntax for Sql {
    fn name(&self) -> &'static str {
        "sql"
    }

    fn title(&self) -> &'static str {
        "SQL"
    }

    fn class(&self) -> FormatClass {
        FormatClass::Sql
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Paren, Shape::Subquery, Shape::Case, Shape::Call, Shape::Unclosed]
    }

    /// `CASE`: its own grammar rule, recursed into apart from parentheses.
    fn more_shapes(&self) -> &'static [Shape] {
        &[Shape::Case]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Subquery => vec![
                Piece::run(b"SELECT * FROM (", depth),
                Piece::run(b"SELECT 1", 1),
                Piece::run(b") AS t", depth),
            ],
            Shape::Case => vec![
                Piece::run(b"SELECT ", 1),
                Piece::run(b"CASE 1 WHEN 1 THEN ", depth),
                Piece::run(b"1", 1),
                Piece::run(b" END", depth),
            ],
            Shape::Call => vec![
                Piece::run(b"SELECT ", 1),
                Piece::run(b"abs(", depth),
                Piece::run(b"1", 1),
                Piece::run(b")", depth),
            ],
            Shape::Unclosed => vec![Piece::run(b"SELECT ", 1), Piece::run(b"(", depth)],
            _ => vec![
                Piece::run(b"SELECT ", 1),
                Piece::run(b"(", depth),
                Piece::run(b"1", 1),
                Piece::run(b")", depth),
            ],
        }
    }
}
