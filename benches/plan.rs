//! `cargo bench --bench plan`: a full run's plan replayed from a results.json (the committed one,
//! or `NESTPROBE_RESULTS`) without running anything (src/run/replay.rs): for every catalog row the
//! probes `run` would make, by kind of work, with the trials and seconds each costs searched from
//! scratch (`run --cold`), confirmed (`run --full`), and with reuse (a run where nothing changed:
//! every row's version asked, and only the rotation's share of the facts confirmed). Seconds are
//! the records' own (row time, summed over the jobs); the wall estimate divides by the jobs
//! (`NESTPROBE_BENCH_JOBS`, default the CPUs).

#[path = "common/paths.rs"]
#[allow(dead_code)] // (its build folder: the plan builds and runs nothing)
mod paths;

use std::path::PathBuf;

use anyhow::Result;
use nestprobe::catalog::{Catalog, Selector};
use nestprobe::results::Results;
use nestprobe::run::replay::{replay, WorkCost};
use nestprobe::run::rotation::CONFIRM_WITHIN_RUNS;
use nestprobe::units::Limit;

fn main() -> Result<()> {
    let results_path = std::env::var_os("NESTPROBE_RESULTS")
        .map_or_else(|| paths::root().join("results.json"), PathBuf::from);
    let jobs: f64 = std::env::var("NESTPROBE_BENCH_JOBS")
        .ok()
        .and_then(|jobs| jobs.parse().ok())
        .unwrap_or_else(nestprobe::host::cpus) as f64;
    let catalog = Catalog::load(&paths::catalog())?;
    let results = Results::load(&results_path)?;
    let stack = Limit::Bytes(results.environment.settings.stack_bytes.unwrap_or(8 << 20));
    let entries = catalog.select(&Selector::default())?;
    let replayed = replay(&entries, &results, stack);
    println!(
        "plan of a full run from {}: {} rows with a record, {} without (each a search of unknown length)",
        results_path.display(),
        replayed.rows,
        replayed.unknown_rows
    );
    println!(
        "{:<22} {:>7} {:>14} {:>11} {:>15} {:>12}",
        "work", "probes", "search trials", "search s", "confirm trials", "confirm s"
    );
    let mut kinds: Vec<(&String, &WorkCost)> = replayed.work.iter().collect();
    kinds.sort_by(|a, b| b.1.confirm_seconds.total_cmp(&a.1.confirm_seconds));
    let line = |name: &str, cost: &WorkCost| {
        println!(
            "{name:<22} {:>7} {:>14} {:>11.0} {:>15} {:>12.0}",
            cost.probes, cost.search_trials, cost.search_seconds, cost.confirm_trials, cost.confirm_seconds
        )
    };
    for (name, cost) in kinds {
        line(name, cost);
    }
    let total = replayed.total();
    line("all", &total);
    let share = 1.0 / CONFIRM_WITHIN_RUNS as f64;
    let minutes = |seconds: f64| seconds / jobs / 60.0;
    let overhead = replayed.overhead_seconds;
    println!("rows' other work (builds found up to date, versions, hooks, checks): {overhead:.0} s");
    let nothing_changed =
        |share: f64| minutes(share * (total.confirm_seconds + overhead) + replayed.reuse_overhead_seconds);
    println!(
        "wall estimate on {jobs} jobs: --cold {:.1} min, --full {:.1} min, nothing changed (1/{CONFIRM_WITHIN_RUNS} of the facts confirmed, every version asked) {:.1} min",
        minutes(total.search_seconds + overhead),
        minutes(total.confirm_seconds + overhead),
        nothing_changed(share),
    );
    // The rotation's trade-off: a smaller share per run is a longer wait before a fact that
    // nothing changed is confirmed again.
    let bounds: Vec<String> = [4, 6, 8, 10, 12, 16]
        .iter()
        .map(|&k| format!("K={k} {:.1} min", nothing_changed(1.0 / k as f64)))
        .collect();
    println!("nothing changed, every fact confirmed within K runs: {}", bounds.join(", "));
    println!(
        "(of which asking every row's version and checking its toolchain: {:.1} min)",
        minutes(replayed.reuse_overhead_seconds)
    );
    Ok(())
}
