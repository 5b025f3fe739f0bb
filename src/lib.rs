//! nestprobe measures how deeply nested JSON a parser program can take before it fails, and how it
//! fails. The binary is a thin shell over this library; see README.md for the tool itself.

pub mod catalog;
pub mod cli;
pub mod commands;
pub mod docs;
pub mod environment;
pub mod interrupt;
pub mod job;
pub mod outcome;
pub mod payload;
pub mod probe;
pub mod report;
pub mod results;
pub mod search;
pub mod sweep;
pub mod trial;
pub mod units;
