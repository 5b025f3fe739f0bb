//! Regenerating every report at once: each exporter's files written only where they changed, stale
//! badges removed, the README's marked blocks and the figures of the README and docs/findings.md
//! updated.

use std::path::{Path, PathBuf};

use anyhow::Result;

use super::exporters;
use super::markdown::readme;
use super::markdown::template::fill_values;
use super::model::files::BADGES_DIR;
use crate::results::{output, write_if_changed, Results};
use crate::untrusted::printable;

/// What [`write_all`] did to the files under `out`.
#[derive(Debug, Default)]
pub struct Written {
    /// Files whose contents changed (or that are new).
    pub changed: Vec<PathBuf>,
    /// Files that were already as generated.
    pub unchanged: usize,
    /// Badges of rows that left the catalog.
    pub removed: Vec<PathBuf>,
}

impl std::fmt::Display for Written {
    /// `reports: 3 changed (results.md, results.html, README.md), 211 unchanged`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const NAMED: usize = 4;
        let names = |paths: &[PathBuf]| {
            let mut names: Vec<String> = paths.iter().take(NAMED).map(|p| p.display().to_string()).collect();
            if paths.len() > NAMED {
                names.push(format!("{} more", paths.len() - NAMED));
            }
            names.join(", ")
        };
        match self.changed.len() {
            0 => write!(f, "reports unchanged ({} files)", self.unchanged)?,
            n => write!(f, "reports: {n} written ({}), {} unchanged", names(&self.changed), self.unchanged)?,
        }
        if !self.removed.is_empty() {
            write!(f, "; {} stale badges removed ({})", self.removed.len(), names(&self.removed))?;
        }
        Ok(())
    }
}

/// Regenerates every report under `out`, and the marked blocks of `readme` when it exists.
pub fn write_all(results: &Results, out: &Path, readme: &Path) -> Result<Written> {
    let mut done = Written::default();
    let mut written = std::collections::HashSet::new();
    for exporter in exporters() {
        for (relative, contents) in exporter.files(results)? {
            // The last guard: text that reached a report unchecked (a results file written by hand)
            // shows its control characters as escapes; no exporter writes any on purpose.
            let contents = printable(&contents);
            let path = out.join(&relative);
            if write_if_changed(&path, &contents)? {
                done.changed.push(path.clone());
            } else {
                done.unchanged += 1;
            }
            written.insert(path);
        }
    }
    // A row that left the catalog (or moved to another environment) leaves no badge behind.
    let badges = out.join(BADGES_DIR);
    for entry in std::fs::read_dir(&badges).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "svg") && !written.contains(&path) {
            std::fs::remove_file(&path)
                .map_err(|e| anyhow::anyhow!("cannot remove the stale badge {}: {e}", path.display()))?;
            done.removed.push(path);
        }
    }
    if readme.exists() {
        if readme::update(readme, results, out)? {
            done.changed.push(readme.to_path_buf());
        } else {
            done.unchanged += 1;
        }
    }
    for page in DOCS_WITH_FIGURES.map(|page| readme.parent().unwrap_or(Path::new("")).join(page)) {
        if !page.exists() {
            continue;
        }
        if update_figures(&page, results)? {
            done.changed.push(page);
        } else {
            done.unchanged += 1;
        }
    }
    Ok(done)
}

/// Hand-written pages beside the README whose figures are read from the results (`markdown/template.rs`).
const DOCS_WITH_FIGURES: [&str; 1] = ["docs/findings.md"];

/// Rewrites the marked figures of a hand-written page; returns whether it changed.
fn update_figures(page: &Path, results: &Results) -> Result<bool> {
    // Checked before it is read: reading a FIFO would block.
    let target = output::write_target(page)?;
    let text = std::fs::read_to_string(target)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", page.display()))?;
    write_if_changed(page, &fill_values(&text, &page.display().to_string(), results)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::render::chart;

    #[test]
    fn badges_of_rows_no_longer_in_the_results_are_removed_and_nothing_else() {
        let out = tempfile::tempdir().unwrap();
        let results = chart::tests::sample();
        std::fs::create_dir_all(out.path().join(BADGES_DIR)).unwrap();
        let stale = out.path().join(BADGES_DIR).join("gone-parser.svg");
        let other = out.path().join(BADGES_DIR).join("notes.txt");
        std::fs::write(&stale, "<svg/>").unwrap();
        std::fs::write(&other, "kept").unwrap();
        write_all(&results, out.path(), &out.path().join("README.md")).unwrap();
        assert!(!stale.exists());
        assert!(other.exists());
        let first = &results.parsers[0];
        assert!(out.path().join(BADGES_DIR).join(crate::report::model::files::badge_file(first)).exists());
    }
}
