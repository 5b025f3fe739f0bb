//! `run`: probe the catalog's rows and publish what was measured. The loop reads in one screen:
//! plan (select, shard, order) → pool (workers send started/finished events) → one collector that
//! owns the records and writes results.json as rows finish (at most every 10 s) → publish.

mod bisect;
pub mod collect;
pub mod costs;
pub mod fingerprint;
pub mod history;
pub mod measure;
pub mod plan;
pub mod pool;
pub mod probes;
pub mod publish;
mod reason;
pub mod replay;
pub mod rotation;
pub mod service;
mod unmeasured;
pub use publish::Noise;
pub use unmeasured::unmeasured;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use anyhow::Result;

use crate::catalog::{Catalog, Entry, Parser};
use crate::gate::{self, Expectations};
use crate::host;
use crate::probe::options::TrialOptions;
use crate::results::confirmed::{Confirmed, How};
use crate::results::settings::EnvMode;
use crate::results::{Environment, EnvironmentInfo, ParserRecord, Results, Status, HOST};
use collect::{Assembly, Collector};
use costs::Work;
use fingerprint::RowFacts;
use measure::{MeasureOptions, Prepared};
use plan::Selection;

/// What `run` is asked to do.
pub struct RunOptions {
    pub catalog: PathBuf,
    pub selection: Selection,
    /// Where parsers are built (one folder per parser).
    pub build_dir: PathBuf,
    pub trial: TrialOptions,
    /// Parsers probed at once (default: the number of CPUs).
    pub jobs: Option<usize>,
    pub baseline: Baseline,
    /// Only the main probe of each row.
    pub quick: bool,
    /// Confirm every row, also those whose fingerprint did not change (`run --full`).
    pub full: bool,
    /// Whether a previous record is kept where the new one is the same fact (`sameness`).
    pub noise: Noise,
    pub expectations: Expectations,
    /// Write only this results.json, of the rows measured, and no reports (CI's shards).
    pub json_only: Option<PathBuf>,
    /// Where results.json and the reports go.
    pub out: PathBuf,
    pub readme: PathBuf,
}

/// The previous results whose boundaries a run confirms instead of searching.
pub enum Baseline {
    /// The results.json the run writes, if there is one.
    Previous,
    File(PathBuf),
    /// None: every boundary searched from scratch.
    Cold,
}

/// What a run came to.
pub struct RunOutcome {
    /// The records of the rows measured, in catalog order.
    pub measured: Vec<ParserRecord>,
    /// Expectations the measured rows broke, one line each.
    pub violations: Vec<String>,
    /// Seconds spent writing results.json as rows finished (the rows' own timings are in their records).
    pub writing_seconds: f64,
    /// Ctrl-C stopped the run: the rows it measured are written, the others were never started.
    pub interrupted: bool,
}

pub fn run(options: &RunOptions) -> Result<RunOutcome> {
    let catalog = Catalog::load(&options.catalog)?;
    // Advisories that cannot be read are refused before anything is measured, and those read now
    // are the ones attached at the end: files edited during a long run cannot fail it after the
    // measuring (the catalog too is the one read here).
    let advisories = crate::advisories::attach::load_for(&catalog)?;
    let rows = plan::select(&catalog, &options.selection)?;
    let results_path = options.out.join("results.json");
    // Earlier results that cannot be read are an error, not something to overwrite.
    let previous = Results::load_if_exists(&results_path)?;
    let baseline = match &options.baseline {
        Baseline::Previous => previous.clone(),
        Baseline::File(path) => Some(Results::load(path)?),
        Baseline::Cold => None,
    };
    let jobs = options.jobs.unwrap_or_else(host::cpus).clamp(1, rows.len().max(1));
    // Cores the parallel rows leave idle go to the trials inside each probe (`run -j 1`, or a run
    // of one row): the same answers, found in fewer rounds.
    let trials_at_once = (host::cpus() / jobs).max(1);
    let max_rss = options.trial.max_rss.resolve(jobs * trials_at_once);
    let measuring = MeasureOptions {
        trial: options.trial.clone(),
        quick: options.quick,
        max_rss,
        trials_at_once,
        shape: None,
        phase: None,
    };
    let assembly = Assembly {
        header: header(&options.trial, max_rss),
        environments: describe_environments(&catalog),
        catalog: options.json_only.is_none().then_some(catalog.entries.as_slice()),
        previous: previous.as_ref(),
    };
    let target = options.json_only.clone().unwrap_or_else(|| results_path.clone());
    let mut collector = Collector::new(&rows, assembly, target.clone());
    let rows_work = RowsWork {
        rows: &rows,
        catalog: &catalog,
        build_dir: &options.build_dir,
        measuring: &measuring,
        baseline: baseline.as_ref(),
        previous: previous.as_ref(),
        quick: options.quick,
        reuse: Reuse {
            full: options.full,
            due: rotation::due(&rows, baseline.as_ref(), costs::confirmation_cost),
            machine: machine(),
            settings: options.trial.settings(max_rss),
        },
    };
    // The rows' costs by what this run will do: confirm the baseline, or search as last time.
    let order = match &baseline {
        Some(baseline) if !options.full => costs::order(&rows, Some(baseline), Work::Reuse),
        Some(baseline) => costs::order(&rows, Some(baseline), Work::Confirm),
        None => costs::order(&rows, previous.as_ref(), Work::Search),
    };
    let pooled = pool::run(jobs, &order, &rows_work, |event| collector.hear(event));
    let (measured, assembly, writing_seconds) = collector.finish();
    let violations = gate::catalog_violations(&measured, &options.expectations);
    let mut results = assembly.results(measured.clone());
    crate::catalog::packages::fill(&catalog, &mut results);
    match &options.json_only {
        Some(path) => crate::results::write_atomically(path, &results.to_json())?,
        None => publish::publish(
            results,
            previous.clone(),
            options.noise,
            &catalog,
            &advisories,
            &options.out,
            &options.readme,
        )?,
    }
    Ok(RunOutcome { measured, violations, writing_seconds, interrupted: pooled.is_err() })
}

/// The rows of a run as the pool works on them: made ready ahead (builds left for their own turn),
/// then measured.
struct RowsWork<'a> {
    rows: &'a [&'a Entry],
    catalog: &'a Catalog,
    build_dir: &'a std::path::Path,
    measuring: &'a MeasureOptions,
    /// The results whose boundaries the run confirms.
    baseline: Option<&'a Results>,
    /// The results the run rewrites: with `--quick`, a row keeps the rest of its record from them.
    previous: Option<&'a Results>,
    quick: bool,
    reuse: Reuse,
}

/// What decides whether a row's record is reused, confirmed or measured.
struct Reuse {
    /// `run --full`: every row confirmed.
    full: bool,
    /// The rows the rotation confirms this run ([`rotation::due`]).
    due: BTreeSet<String>,
    /// This machine, as `confirmed.machine` names it.
    machine: String,
    /// The run's settings, part of every fingerprint.
    settings: crate::results::settings::Settings,
}

impl<'a> pool::RowWork for RowsWork<'a> {
    type Ready = Prepared<'a>;
    type Found = Option<ParserRecord>;

    fn prepare(&self, index: usize) -> Prepared<'a> {
        let entry = self.rows[index];
        match Parser::new(self.catalog, entry, self.build_dir) {
            Ok(parser) => measure::prepare(parser),
            // (Its build folder, or its environment's root, cannot be used here.)
            Err(error) => {
                Prepared::Unavailable(Box::new(unmeasured(entry, Status::ProbeFailed, format!("{error:#}"))))
            }
        }
    }

    fn work(&self, index: usize, ready: Prepared<'a>) -> Option<ParserRecord> {
        let key = self.rows[index].key();
        let before = self.previous.and_then(|p| p.find(&key));
        let ready = measure::build_if_needed(ready);
        // What this machine cannot measure now does not undo what was measured before.
        if let (Prepared::Unavailable(unavailable), Some(before)) = (&ready, before) {
            if before.status == Status::Measured {
                return Some(before.not_measured_again(unavailable.reason.as_deref().unwrap_or("")));
            }
        }
        let hints = self.baseline.and_then(|b| b.find(&key));
        let fingerprints = ready.reported().and_then(|(version, installed)| {
            let environment = fingerprint::environment_text(self.catalog, &self.rows[index].environment);
            let facts =
                RowFacts { version, installed, environment: &environment, settings: &self.reuse.settings };
            fingerprint::fingerprints(self.catalog, self.rows[index], &facts).ok()
        });
        // Nothing the committed facts depend on changed: reused, unless it is their turn to be
        // confirmed (or the run confirms all). A record without a fingerprint is measured again.
        let unchanged = hints.filter(|hints| {
            let committed = hints.confirmed.as_ref().and_then(|c| c.fingerprint.as_deref());
            hints.holds_facts()
                && committed
                    .zip(fingerprints.as_ref())
                    .is_some_and(|(committed, now)| now.unchanged(committed, hints))
        });
        let fingerprint = fingerprints.map(|fingerprints| fingerprints.current);
        if let Some(unchanged) = unchanged {
            if !self.reuse.full && !self.quick && !self.reuse.due.contains(&key) {
                let record = measure::reuse(ready, unchanged, fingerprint);
                return Some(record.with_history_of(before.unwrap_or(unchanged)));
            }
        }
        let how = if unchanged.is_some() { How::Confirmed } else { How::Measured };
        let record = measure::measure(ready, self.measuring, hints).map(|mut record| {
            if record.holds_facts() {
                record.confirmed = Some(Confirmed::now(how, self.reuse.machine.clone(), fingerprint));
            }
            record
        });
        // `--quick` measures the main shape alone: the rest of the row stays as it was. The
        // release history is `nestprobe history`'s alone: it stays whatever the run measured.
        match before {
            Some(before) if self.quick => record.map(|record| record.with_the_rest_of(before)),
            _ => record,
        }
        .map(|record| match before {
            Some(before) => record.with_history_of(before),
            None => record,
        })
    }

    fn abandon(&self, _: usize, ready: Prepared<'a>) {
        measure::abandon(ready);
    }
}

/// This machine, as a record's `confirmed.machine` names it.
fn machine() -> String {
    format!("{}, {}, {}, {} CPUs", host::os_name(), host::kernel(), host::arch(), host::cpus())
}

/// Where and how a run measures: this machine and the run's settings.
fn header(trial: &TrialOptions, max_rss: Option<u64>) -> Environment {
    Environment {
        os: host::os_name(),
        kernel: host::kernel(),
        arch: host::arch(),
        cpus: host::cpus(),
        settings: trial.settings(max_rss),
        env_mode: if trial.inherit_env { EnvMode::Inherit } else { EnvMode::Fixed },
        nestprobe_version: env!("CARGO_PKG_VERSION").to_string(),
        date: host::today(),
        containment: Some(crate::sys::containment::current()),
    }
}

/// The host and each environment of the catalog, described once for results.json.
fn describe_environments(catalog: &Catalog) -> BTreeMap<String, EnvironmentInfo> {
    let mut described = BTreeMap::from([(HOST.to_string(), EnvironmentInfo::host())]);
    for spec in &catalog.environments {
        let os = match spec.root() {
            Some(root) => host::os_release_name(root).unwrap_or_else(|| "not made yet".to_string()),
            None => host::os_name(),
        };
        described.insert(
            spec.id.clone(),
            EnvironmentInfo { name: spec.name.clone(), os, root: spec.root.clone(), env: spec.env.clone() },
        );
    }
    described
}
