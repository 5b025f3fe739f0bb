//! Everything that turns results into something to read: terminal text, the markdown table, badges,
//! charts and the README block. File exporters share one trait and are all regenerated from
//! results.json alone, so the same results always give the same bytes.

// One file per output.
pub mod badges;
pub mod chart;
pub mod detail;
pub mod exports;
pub mod format_details;
pub mod html;
pub mod junit;
pub mod markdown;
pub mod page_crashes;
pub mod readme;
pub mod results_csv;
pub mod sarif;
pub mod summary;
pub mod template;
pub mod text;
pub mod timings;

// What the outputs share: a probe as the exports list it, a record's class, the records' grouping
// and order, escaping, facts across records, writing every output at once, how a record reads, and
// its release history in one line.
pub mod case;
pub mod cells;
pub mod class;
pub mod counts;
pub mod crashes;
pub mod documented;
pub mod groups;
pub mod lists;
pub mod markup;
pub mod overview;
pub mod recursed;
pub mod regenerate;
pub mod release_timeline;
pub mod values;
pub mod view;

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
        Box::new(format_details::FormatDetails),
        Box::new(badges::Badges),
        Box::new(chart::ResultsChart),
        Box::new(chart::SweepChart),
        Box::new(html::ResultsPage),
        Box::new(results_csv::ResultsCsv),
    ]
}
