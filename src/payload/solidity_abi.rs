//! Solidity's human-readable ABI signatures, as `alloy_json_abi::JsonAbi::parse` and ethers' `parseAbi`
//! read them: a function whose one parameter is a tuple of a tuple of … a `uint256`
//! (`function f(((uint256)))`). One level is one tuple's parentheses; the parameter list's own
//! parentheses are not a level. `unclosed` opens tuples and never closes them.

use super::class::FormatClass;
use super::shape::Shape;
use super::syntax::{Piece, Syntax};

pub struct SolidityAbi;

impl Syntax for SolidityAbi {
    fn name(&self) -> &'static str {
        "solidity-abi"
    }

    fn title(&self) -> &'static str {
        "Solidity ABI signatures (tuples)"
    }

    /// Signatures are Solidity source, as Go's build constraints are Go's.
    fn class(&self) -> FormatClass {
        FormatClass::Code
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Paren, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        match shape {
            Shape::Unclosed => vec![Piece::run(b"function f(", 1), Piece::run(b"(", depth)],
            _ => vec![
                Piece::run(b"function f(", 1),
                Piece::run(b"(", depth),
                Piece::run(b"uint256", 1),
                Piece::run(b")", depth + 1),
            ],
        }
    }
}
