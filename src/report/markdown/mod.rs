//! The Markdown outputs: results.md, `results/<format>.md`, the README's generated blocks and the
//! figures of hand-written prose, with the cells and lists they share.

pub mod advisories;
pub mod cells;
pub mod confirmations;
pub mod documented;
pub mod format_details;
pub mod lists;
pub mod products;
pub mod readme;
pub mod results_md;
pub mod stacks;
pub mod template;

pub use format_details::FormatDetails;
pub use results_md::ResultsTable;
