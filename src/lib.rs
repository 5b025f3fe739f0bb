//! nestprobe measures how deeply nested input (JSON, YAML, XML, MessagePack, …) a parser program can
//! take before it fails, and how it fails. The binary is a thin shell over this library; see README.md.

pub mod catalog;
pub mod child_env;
pub mod cli;
pub mod commands;
pub mod docs;
pub mod environment;
pub mod gate;
pub mod interrupt;
pub mod job;
pub mod launcher;
pub mod memory;
pub mod outcome;
pub mod output;
pub mod payload;
pub mod probe;
pub mod process;
pub mod report;
pub mod results;
pub mod search;
pub mod shard;
pub mod sweep;
pub mod task;
pub mod trial;
pub mod units;
