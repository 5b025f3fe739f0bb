//! A run's plan replayed from a results.json without running anything (`cargo bench --bench plan`):
//! for every catalog row, the probes `run` would make after reading the record (the main probe,
//! then `probes::probes_after_main`), each priced three ways by what the record says it took: searched
//! from scratch (`--cold`), confirmed (`--full`, or a fact due on the rotation), reused (nothing
//! changed: no probe at all, only the row's version asked).

use std::collections::BTreeMap;

use crate::catalog::Entry;
use crate::results::probe_result::{Finding, ProbeResult, SearchMode};
use crate::results::work_timing::work_name;
use crate::results::{ParserRecord, Results};
use crate::run::costs;
use crate::run::probes::{self, Start};
use crate::units::Limit;

/// The work name of a service's warm state (src/results/work_timing.rs).
const WARM: &str = "service warm";

/// What one kind of work would cost over a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WorkCost {
    pub probes: u64,
    /// Trials and seconds searching from scratch.
    pub search_trials: u64,
    pub search_seconds: f64,
    /// Trials and seconds confirming the record's answer.
    pub confirm_trials: u64,
    pub confirm_seconds: f64,
}

/// The replayed run.
#[derive(Debug, Default)]
pub struct Replay {
    /// By kind of work (`main`, `sweep 128 KiB`, `service cold`, …).
    pub work: BTreeMap<String, WorkCost>,
    /// Rows with a measured record, and rows without (each costs a search of unknown length).
    pub rows: usize,
    pub unknown_rows: usize,
    /// What rows cost besides probes (builds found up to date, versions, hooks, checks), by the
    /// records' timings.
    pub overhead_seconds: f64,
    /// The part of the overhead that is asking versions and checking toolchains: what a row whose
    /// facts are all reused still costs.
    pub reuse_overhead_seconds: f64,
}

impl Replay {
    pub fn total(&self) -> WorkCost {
        self.work.values().fold(WorkCost::default(), |mut sum, cost| {
            sum.probes += cost.probes;
            sum.search_trials += cost.search_trials;
            sum.search_seconds += cost.search_seconds;
            sum.confirm_trials += cost.confirm_trials;
            sum.confirm_seconds += cost.confirm_seconds;
            sum
        })
    }
}

/// Replays the plan of a run of `entries` against `results` at the run's `stack`.
pub fn replay(entries: &[&Entry], results: &Results, stack: Limit) -> Replay {
    let mut replay = Replay::default();
    for entry in entries {
        let Some(record) = results.find(&entry.key()).filter(|record| record.result.is_some()) else {
            replay.unknown_rows += 1;
            continue;
        };
        replay.rows += 1;
        if let Some(timings) = &record.timings {
            let asking = timings.version_seconds + timings.readiness_seconds;
            replay.overhead_seconds += asking + timings.build_seconds + timings.hooks_seconds;
            replay.reuse_overhead_seconds += asking;
        }
        for (work, probe) in planned(entry, record, stack) {
            // A service's trials each meet a fresh server (but the warm state's, which is warmed
            // once): a confirming trial costs a start too, as each of the probe's trials did.
            let fresh_server_each_trial = entry.serve.is_some() && work != WARM;
            let cost = replay.work.entry(work).or_default();
            cost.probes += 1;
            cost.search_trials += u64::from(probe.trials);
            cost.search_seconds += probe.elapsed_seconds.max(0.0);
            let trials = confirmation_trials(probe);
            cost.confirm_trials += trials;
            let mut seconds = costs::confirmation_seconds(probe);
            if fresh_server_each_trial && probe.trials > 0 {
                let per_trial = probe.elapsed_seconds.max(0.0) / f64::from(probe.trials);
                seconds = seconds.max(per_trial * trials as f64).min(probe.elapsed_seconds.max(0.0));
            }
            cost.confirm_seconds += seconds;
        }
    }
    replay
}

/// The probes a run of `entry` makes with `record` as its baseline, each with the record's result
/// that prices it: the main probe, then the plan's (the sweep at the run's own stack is the main
/// probe's result, not a probe).
fn planned<'a>(entry: &Entry, record: &'a ParserRecord, stack: Limit) -> Vec<(String, &'a ProbeResult)> {
    let service = entry.serve.is_some();
    let Some(main) = record.result.as_ref() else { return Vec::new() };
    let mut probes = vec![(
        work_name(crate::results::part::Part::Main { shape: main.shape }, stack, stack, service),
        main,
    )];
    let refused: Vec<_> = record.unsupported_shapes.iter().map(|u| u.shape).collect();
    for planned in probes::probes_after_main(entry, main, &refused, Some(record), stack, false) {
        if planned.start == Start::MainResult {
            continue;
        }
        if let Some(previous) = planned.previous {
            probes.push((work_name(planned.part, planned.stack, stack, service), previous));
        }
    }
    probes
}

/// The trials confirming a result takes: one where nothing failed up to the maximum, else one on
/// each side of the boundary (a result found by confirming records the trials it took).
fn confirmation_trials(probe: &ProbeResult) -> u64 {
    match (probe.search, probe.finding()) {
        (SearchMode::Confirmed, _) => u64::from(probe.trials),
        (_, Finding::NoLimit) => 1,
        _ => 2.min(u64::from(probe.trials)),
    }
}
