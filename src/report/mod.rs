//! Everything that turns results into something to read: terminal text, the markdown table, badges,
//! charts and the README block. File exporters share one trait and are all regenerated from
//! results.json alone, so the same results always give the same bytes.

// The view model every output reads, computed once; what outputs write with (escaping, the charts'
// drawing); then one folder or file per output, each listed in `exporters()` when `render` writes it.
pub mod model;
pub mod render;

pub mod charts;
pub mod exports;
pub mod markdown;
pub mod page;
pub mod terminal;

// Writing every output at once.
pub mod regenerate;

// (The layers above name a record's class and how it reads by these paths.)
pub use model::{class, view};

#[cfg(test)]
pub(crate) mod tests;

use std::path::PathBuf;

use anyhow::Result;

use crate::results::Results;

/// Produces files (relative paths under the output folder) from results.
pub trait Exporter {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>>;
}

/// The exporters a catalog run regenerates.
fn exporters() -> Vec<Box<dyn Exporter>> {
    vec![
        Box::new(markdown::ResultsTable),
        Box::new(markdown::FormatDetails),
        Box::new(exports::Badges),
        Box::new(charts::ResultsChart),
        Box::new(charts::SweepChart),
        Box::new(page::ResultsPage),
        Box::new(exports::ResultsCsv),
    ]
}
