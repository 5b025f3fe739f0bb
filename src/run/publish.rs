//! What becomes of a run's records: results.json written (kept as it was when no fact changed), the
//! reports regenerated; and the same for `merge` (shards of CI) and `render`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use crate::catalog::Catalog;
use crate::report;
use crate::results::sameness;
use crate::results::{write_atomically, write_if_changed, ParserRecord, Results, Status};
use crate::run::unmeasured;
use crate::ui::messages;

/// What `merge` is asked to do.
pub struct MergeOptions {
    /// results.json files; later files win for the same row.
    pub inputs: Vec<PathBuf>,
    /// Rows no input has keep their record from the results.json merged into, instead of becoming
    /// "no result from this run".
    pub keep: bool,
    pub catalog: PathBuf,
    pub out: PathBuf,
    pub readme: PathBuf,
}

/// Merges per-shard results into `out`'s results.json, in catalog order, and regenerates the
/// reports; rows no input measured are "skipped", or keep their record with `keep`. A row that the
/// latest input skipped keeps a measured record (of an earlier input, or of `out`'s results.json),
/// with the reason why it was not measured again.
pub fn merge(args: &MergeOptions) -> Result<()> {
    let catalog = Catalog::load(&args.catalog)?;
    let mut inputs = Vec::new();
    for path in &args.inputs {
        inputs.push(Results::load(path)?);
    }
    let results_path = args.out.join("results.json");
    let previous = Results::load_if_exists(&results_path)?;
    let Some(environment) = inputs.first().map(|r| r.environment.clone()) else {
        bail!("nothing to merge: no results.json given");
    };
    let mut environments = BTreeMap::new();
    for input in &inputs {
        for (id, info) in &input.environments {
            // A job with no row of an environment describes its root as it saw it (not made,
            // say): the job that measured the rows has the description that goes with them.
            let has_rows = input.parsers.iter().any(|record| &record.environment == id);
            if has_rows || !environments.contains_key(id) {
                environments.insert(id.clone(), info.clone());
            }
        }
    }
    let kept = previous.as_ref().filter(|_| args.keep);
    let mut dropped = Vec::new();
    let parsers = catalog
        .entries
        .iter()
        .map(|entry| {
            let key = entry.key();
            let committed = previous.as_ref().and_then(|p| p.find(&key));
            let found: Vec<&ParserRecord> = inputs.iter().filter_map(|r| r.find(&key)).collect();
            if let Some(skipped) = found.last().filter(|r| r.status == Status::Skipped) {
                // A shard that could not measure the row (its toolchain missing there) does not undo
                // a measurement: the latest one, of another file or the results merged into.
                let mut earlier = found.iter().rev().copied().chain(committed);
                if let Some(measured) = earlier.find(|r| r.status == Status::Measured) {
                    return measured.not_measured_again(skipped.reason.as_deref().unwrap_or("skipped"));
                }
            }
            let merged = found.last().copied().or_else(|| kept.and(committed));
            merged.cloned().unwrap_or_else(|| {
                if committed.is_some_and(|c| c.status == Status::Measured) {
                    dropped.push(key);
                }
                unmeasured(entry, Status::Skipped, "no result from this run")
            })
        })
        .collect();
    if !dropped.is_empty() {
        // What CI's shards want (a row no job measured says so), and a surprise when a file of a
        // few rows is merged into the whole catalog's results.
        let path = results_path.display();
        match dropped.as_slice() {
            [row] => messages::warn(format_args!(
                "{row}, measured in {path}, has no result in the files merged and becomes \"no result from this run\" (`merge --keep` keeps its record)"
            )),
            rows => messages::warn(format_args!(
                "{} rows measured in {path} ({}{}) have no result in the files merged and become \"no result from this run\" (`merge --keep` keeps their records)",
                rows.len(),
                rows[..rows.len().min(3)].join(", "),
                if rows.len() > 3 { ", …" } else { "" }
            )),
        }
    }
    publish(
        Results::new(environment, environments, parsers),
        previous,
        Noise::Confirmed,
        &args.out,
        &args.readme,
    )
}

/// Regenerates every report from `results` (a results.json) into `out` and `readme`.
pub fn render(results: &Path, out: &Path, readme: &Path) -> Result<()> {
    let written = report::regenerate::write_all(&Results::load(results)?, out, readme)?;
    messages::info(written);
    Ok(())
}

/// What becomes of a new record that is the same fact as its `previous` one (`sameness`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Noise {
    /// The previous record is kept: the regeneration changes nothing.
    Confirmed,
    /// The new record is written (`run --remeasure`).
    Written,
}

/// Writes results.json and regenerates every report from it. When nothing measured changed since
/// the `previous` results, that file is kept as it is, so a second run changes nothing.
pub fn publish(
    results: Results,
    previous: Option<Results>,
    noise: Noise,
    out: &Path,
    readme: &Path,
) -> Result<()> {
    let results_path: PathBuf = out.join("results.json");
    let results = match &previous {
        Some(previous) if noise == Noise::Confirmed => confirm_noise(previous, results),
        _ => results,
    };
    // (A run rewrites results.json as each parser finishes; this puts back the previous file when
    // nothing measured changed.)
    let results = match previous {
        Some(mut previous) if previous.same_facts(&results) => {
            let mut located = 0;
            for record in &mut previous.parsers {
                if let Some(measured) = results.find(&record.key()) {
                    located += sameness::take_crash_sites(record, measured);
                }
            }
            write_if_changed(&results_path, &previous.to_json())?;
            match located {
                0 => messages::info(format_args!(
                    "no measured fact changed; {} kept as it was",
                    results_path.display()
                )),
                n => messages::info(format_args!(
                    "no measured fact changed; {} kept, with where {n} crashes happened added",
                    results_path.display()
                )),
            }
            previous
        }
        _ => {
            write_atomically(&results_path, &results.to_json())?;
            messages::info(format_args!("wrote {}", results_path.display()));
            results
        }
    };
    messages::info(report::regenerate::write_all(&results, out, readme)?);
    Ok(())
}

/// `results` with every row whose new measurement is the committed fact again (`sameness`) kept as
/// committed; the real changes are told, with both values.
fn confirm_noise(previous: &Results, results: Results) -> Results {
    let (results, changes) = sameness::reconcile(previous, results);
    for (key, change) in &changes {
        messages::info(format_args!("{key}: {} changed: {} → {}", change.what, change.was, change.now));
    }
    results
}
