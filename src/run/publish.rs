//! What becomes of a run's records: results.json written (kept as it was when no fact changed), the
//! reports regenerated; and the same for `merge` (shards of CI) and `render`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use crate::advisories::attach::{attach, load_for};
use crate::advisories::Advisory;
use crate::catalog::{packages, Catalog};
use crate::report;
use crate::results::{merge, sameness};
use crate::results::{write_atomically, write_if_changed, Results, Status};
use crate::run::unmeasured::unmeasured;
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
    let advisories = load_for(&catalog)?;
    let inputs = args.inputs.iter().map(|path| Results::load(path)).collect::<Result<Vec<_>>>()?;
    let results_path = args.out.join("results.json");
    let previous = Results::load_if_exists(&results_path)?;
    let rows =
        catalog.entries.iter().map(|entry| unmeasured(entry, Status::Skipped, "no result from this run"));
    let Some(merged) = merge::merge(rows.collect(), &inputs, previous.as_ref(), args.keep) else {
        bail!("nothing to merge: no results.json given");
    };
    warn_dropped(&merged.dropped, &results_path);
    publish(merged.results, previous, Noise::Confirmed, &catalog, &advisories, &args.out, &args.readme)
}

/// Warns of the rows measured in `results_path` that the merge left without a result.
fn warn_dropped(dropped: &[String], results_path: &Path) {
    let path = results_path.display();
    match dropped {
        [] => {}
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

/// Regenerates every report from `results` (a results.json) into `out` and `readme`. With a
/// `catalog`, each record's packages are filled from it first (derived, not measured), and written
/// back when `results` is `out`'s own results.json.
pub fn render(results: &Path, catalog: Option<&Catalog>, out: &Path, readme: &Path) -> Result<()> {
    let mut loaded = Results::load(results)?;
    if let Some(catalog) = catalog {
        packages::fill(catalog, &mut loaded);
        // The advisories' verdicts are derived too: a verdict's wording or an advisory file
        // changed since the last run shows without measuring anything.
        attach(&mut loaded, &load_for(catalog)?, catalog);
        let own = out.join("results.json");
        let same_file = |a: &Path, b: &Path| {
            a.canonicalize().ok().zip(b.canonicalize().ok()).is_some_and(|(a, b)| a == b)
        };
        if same_file(results, &own) && write_if_changed(&own, &loaded.to_json())? {
            messages::info(format_args!("wrote {} (its rows' packages and advisories)", own.display()));
        }
    }
    let written = report::regenerate::write_all(&loaded, out, readme)?;
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
    catalog: &Catalog,
    advisories: &[Advisory],
    out: &Path,
    readme: &Path,
) -> Result<()> {
    let results_path: PathBuf = out.join("results.json");
    let mut results = results;
    packages::fill(catalog, &mut results);
    let mut results = match &previous {
        Some(previous) if noise == Noise::Confirmed => confirm_noise(previous, results),
        _ => results,
    };
    // Each row's advisories and their verdicts, from the catalog's advisories and these records.
    attach(&mut results, advisories, catalog);
    // (A run rewrites results.json as each parser finishes; this puts back the previous file when
    // nothing measured changed.)
    let results = match previous {
        Some(mut previous) if previous.same_facts(&results) => {
            packages::fill(catalog, &mut previous);
            let mut located = 0;
            for record in &mut previous.parsers {
                if let Some(measured) = results.find(&record.key()) {
                    located += sameness::take_crash_sites(record, measured);
                    // When the facts were last confirmed is not a fact, but the rotation reads it:
                    // kept facts get this run's confirmation.
                    if measured.confirmed.is_some() {
                        record.confirmed = measured.confirmed.clone();
                    }
                }
            }
            attach(&mut previous, advisories, catalog);
            write_if_changed(&results_path, &previous.to_json())?;
            match located {
                0 => messages::info(format_args!(
                    "no measured fact changed; {} kept as it was (but when its facts were last confirmed)",
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
