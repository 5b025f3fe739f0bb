//! The charts as files in charts/, drawn by [`crate::report::render::chart`]: a results chart per format and
//! per class of several formats, a sweep chart per format with a stack sweep.

use std::path::PathBuf;

use anyhow::Result;

use crate::report::model::files::{
    charted_classes, class_results_file, has_sweep, results_file, sweep_file, CHARTS_DIR,
};
use crate::report::render::chart::{results_svg, sweep_svg};
use crate::report::Exporter;
use crate::results::Results;

/// One results chart per payload format.
pub struct ResultsChart;

/// One sweep chart per payload format that has a parser with a stack sweep.
pub struct SweepChart;

impl Exporter for ResultsChart {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>> {
        let mut files = Vec::new();
        for format in results.formats() {
            files.push((
                PathBuf::from(CHARTS_DIR).join(results_file(format)),
                results_svg(&results.of_format(format))?,
            ));
        }
        for class in charted_classes(results) {
            files.push((
                PathBuf::from(CHARTS_DIR).join(class_results_file(class)),
                results_svg(&results.of_class(class))?,
            ));
        }
        Ok(files)
    }
}

impl Exporter for SweepChart {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>> {
        let mut files = Vec::new();
        for format in results.formats() {
            let subset = results.of_format(format);
            if has_sweep(&subset) {
                files.push((PathBuf::from(CHARTS_DIR).join(sweep_file(format)), sweep_svg(&subset)?));
            }
        }
        Ok(files)
    }
}
