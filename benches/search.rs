//! `cargo bench --bench search`: how many trials and how much wall time nestprobe's search spends
//! on the catalog's parsers, three ways in one run:
//!
//! - **cold**: nestprobe with no hint (the first run on a machine);
//! - **warm**: nestprobe given the boundary the cold run just found (what a catalog run does when it
//!   regenerates results.json: two trials per bounded parser, one per unbounded);
//! - **reference**: the original study's script (`utils/binary_search.sh 1 5000000`): try 1, try
//!   5 000 000, then bisect blindly, one process per trial, pass = exit status 0.
//!
//! Every trial of every mode goes through the same `TrialConfig::run` (same limits, timeout and
//! payload buffer), so the difference is the search alone.
//!
//! Environment:
//! - `NESTPROBE_BENCH_ONLY=id,id`: only these parsers (default: every parser whose toolchain is
//!   installed; parsers not built yet are built first);
//! - `NESTPROBE_BUILD_DIR`: where the parsers are built (default `target/parsers`);
//! - `NESTPROBE_CATALOG`: the catalog (default `parsers/catalog.toml`);
//! - `NESTPROBE_BENCH_MAX_DEPTH`: the largest depth (default 5 000 000, as in the study).

#[path = "common/paths.rs"]
mod paths;
#[path = "common/reference.rs"]
mod reference;

use std::time::{Duration, Instant};

use anyhow::Result;
use nestprobe::catalog::{Catalog, Hook, Parser, Pattern, Readiness, Selector};
use nestprobe::host;
use nestprobe::payload::{PayloadFormat, Shape};
use nestprobe::probe::search::Hint;
use nestprobe::probe::{probe, ProbeSpec};
use nestprobe::results::probe_result::SearchMode;
use nestprobe::sys::trial::{TrialConfig, TrialReport};
use nestprobe::units::Limit;

const STACK: Limit = Limit::Bytes(8 * 1024 * 1024);
const TIMEOUT: Duration = Duration::from_secs(10);

/// Trials and wall time of one way of finding one parser's boundary.
#[derive(Clone, Copy, Default)]
struct Cost {
    trials: u32,
    seconds: f64,
}

struct Row {
    id: String,
    /// Smallest failing depth found by the cold search (None: no limit up to the maximum).
    boundary: Option<u64>,
    cold: Cost,
    warm: Cost,
    warm_confirmed: bool,
    reference: Cost,
    /// The reference found the same boundary as nestprobe.
    agree: bool,
    /// The cold search with [`SIDE_BY_SIDE`] trials at once (`probe --jobs`), and whether it found
    /// the same boundary.
    side: Cost,
    side_agrees: bool,
}

/// Trials at once in the side-by-side cold search.
const SIDE_BY_SIDE: usize = 2;

fn main() -> Result<()> {
    // `cargo bench` passes `--bench`; this benchmark takes no arguments.
    let catalog_path = paths::catalog();
    let build_root = paths::build_root();
    let max_depth: u64 = match std::env::var("NESTPROBE_BENCH_MAX_DEPTH") {
        Ok(text) => text.parse()?,
        Err(_) => 5_000_000,
    };
    let only: Vec<Pattern> = std::env::var("NESTPROBE_BENCH_ONLY")
        .map(|s| s.split(',').map(str::trim).filter_map(|s| s.parse().ok()).collect())
        .unwrap_or_default();

    let catalog = Catalog::load(&catalog_path)?;
    let entries = catalog.select(&Selector::new(only))?;
    // One shared payload buffer for the reference; `probe` builds its own, once per probe.
    let started = Instant::now();
    let mut rows = Vec::new();
    let mut left_out = Vec::new();
    for entry in entries {
        let parser = Parser::new(&catalog, entry, &build_root)?;
        match parser.readiness() {
            Readiness::Missing(why) => {
                left_out.push(format!("{}: {why}", entry.key()));
                continue;
            }
            Readiness::NeedsBuild => {
                eprintln!("bench: building {}", entry.key());
                if let Err(error) = parser.build() {
                    left_out.push(format!("{}: {error:#}", entry.key()));
                    continue;
                }
            }
            Readiness::Ready => {}
        }
        eprint!("bench: {:<28}", entry.key());
        match bench_parser(&parser, max_depth) {
            Ok(row) => {
                eprintln!(
                    " boundary {:>9}  cold {:>2} trials {:>6.1} s  warm {} {:>6.1} s  reference {:>2} {:>6.1} s",
                    depth_text(row.boundary),
                    row.cold.trials,
                    row.cold.seconds,
                    row.warm.trials,
                    row.warm.seconds,
                    row.reference.trials,
                    row.reference.seconds
                );
                rows.push(row);
            }
            Err(error) => {
                eprintln!(" left out: {error:#}");
                left_out.push(format!("{}: {error:#}", entry.key()));
            }
        }
    }
    print!("{}", report(&rows, &left_out, max_depth, started.elapsed()));
    Ok(())
}

fn bench_parser(parser: &Parser, max_depth: u64) -> Result<Row> {
    let entry = parser.entry;
    // The row's own settings (folder, environment, timeout, memory cap) as a catalog run has them.
    let trial = parser.trial_config(TrialConfig {
        stack: STACK,
        timeout: TIMEOUT,
        ..TrialConfig::new(parser.argv(), parser.child_env())
    })?;
    parser.hook(Hook::Before)?;
    let measured = measure(&trial, max_depth);
    parser.hook(Hook::After)?;
    let (cold, warm, warm_confirmed, boundary, reference, reference_boundary, (side, side_boundary)) =
        measured?;
    Ok(Row {
        id: entry.key(),
        boundary,
        cold,
        warm,
        warm_confirmed,
        reference,
        agree: reference_boundary == boundary,
        side,
        side_agrees: side_boundary == boundary,
    })
}

type Measured = (Cost, Cost, bool, Option<u64>, Cost, Option<u64>, (Cost, Option<u64>));

fn measure(trial: &TrialConfig, max_depth: u64) -> Result<Measured> {
    let spec = |hint| ProbeSpec {
        hint,
        ..ProbeSpec::new(trial.clone(), trial.command_line(), PayloadFormat::JSON, Shape::Array, max_depth)
    };
    let mut quiet = |_: u64, _: &TrialReport| {};

    let started = Instant::now();
    let cold = probe(&spec(None), &mut quiet)?;
    let cold_cost = Cost { trials: cold.trials, seconds: started.elapsed().as_secs_f64() };

    let started = Instant::now();
    let side = probe(&ProbeSpec { jobs: SIDE_BY_SIDE, ..spec(None) }, &mut quiet)?;
    let side_cost = Cost { trials: side.trials, seconds: started.elapsed().as_secs_f64() };

    let hint = Hint::from_min_failing(cold.min_failing_depth);
    let started = Instant::now();
    let warm = probe(&spec(Some(hint)), &mut quiet)?;
    let warm_cost = Cost { trials: warm.trials, seconds: started.elapsed().as_secs_f64() };

    let started = Instant::now();
    let (reference_boundary, trials) = reference::blind_bisection(trial, max_depth)?;
    let reference_cost = Cost { trials, seconds: started.elapsed().as_secs_f64() };

    Ok((
        cold_cost,
        warm_cost,
        warm.search == SearchMode::Confirmed,
        cold.min_failing_depth,
        reference_cost,
        reference_boundary,
        (side_cost, side.min_failing_depth),
    ))
}

fn depth_text(depth: Option<u64>) -> String {
    depth.map_or_else(|| "none".to_string(), |d| d.to_string())
}

fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 {
        format!("{:.1}×", a / b)
    } else {
        "n/a".to_string()
    }
}

/// The whole report, as plain text to paste into the README.
fn report(rows: &[Row], left_out: &[String], max_depth: u64, elapsed: Duration) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "nestprobe search benchmark, {}: {}, kernel {}, {} CPUs",
        host::today(),
        host::os_name(),
        host::kernel(),
        host::cpus()
    );
    let _ = writeln!(
        out,
        "{} parsers, array shape, depths 1..={max_depth}, stack 8 MiB, one process per trial\n",
        rows.len()
    );
    let _ = writeln!(
        out,
        "{:<26} {:>9} | {:>6} {:>8} | {:>6} {:>8} | {:>6} {:>8} | {:>5}",
        "parser", "fails at", "cold", "time", "warm", "time", "ref", "time", "same"
    );
    let _ = writeln!(out, "{}", "-".repeat(100));
    for row in rows {
        let warm_note = if row.warm_confirmed { " " } else { "!" };
        let _ = writeln!(
            out,
            "{:<26} {:>9} | {:>6} {:>7.2}s | {:>5}{warm_note} {:>7.2}s | {:>6} {:>7.2}s | {:>5}",
            row.id,
            depth_text(row.boundary),
            row.cold.trials,
            row.cold.seconds,
            row.warm.trials,
            row.warm.seconds,
            row.reference.trials,
            row.reference.seconds,
            if row.agree { "yes" } else { "NO" }
        );
    }
    let sum = |f: fn(&Row) -> Cost| {
        rows.iter().fold(Cost::default(), |acc, r| Cost {
            trials: acc.trials + f(r).trials,
            seconds: acc.seconds + f(r).seconds,
        })
    };
    let (cold, warm, reference) = (sum(|r| r.cold), sum(|r| r.warm), sum(|r| r.reference));
    let med = |f: fn(&Row) -> Cost| -> (f64, f64) {
        (
            median(rows.iter().map(|r| f64::from(f(r).trials)).collect()),
            median(rows.iter().map(|r| f(r).seconds).collect()),
        )
    };
    let (mc, mw, mr) = (med(|r| r.cold), med(|r| r.warm), med(|r| r.reference));
    let _ = writeln!(out, "{}", "-".repeat(100));
    let _ = writeln!(
        out,
        "{:<26} {:>9} | {:>6} {:>7.1}s | {:>6} {:>7.1}s | {:>6} {:>7.1}s |",
        "total",
        "",
        cold.trials,
        cold.seconds,
        warm.trials,
        warm.seconds,
        reference.trials,
        reference.seconds
    );
    let _ = writeln!(
        out,
        "{:<26} {:>9} | {:>6.1} {:>7.2}s | {:>6.1} {:>7.2}s | {:>6.1} {:>7.2}s |",
        "median per parser", "", mc.0, mc.1, mw.0, mw.1, mr.0, mr.1
    );
    let bounded = rows.iter().filter(|r| r.boundary.is_some()).count();
    let bounded_seconds = |f: fn(&Row) -> Cost| -> f64 {
        rows.iter().filter(|r| r.boundary.is_some()).map(|r| f(r).seconds).sum()
    };
    let (bounded_cold, bounded_warm) = (bounded_seconds(|r| r.cold), bounded_seconds(|r| r.warm));
    let expected_warm = 2 * bounded + (rows.len() - bounded);
    let unconfirmed: Vec<&str> = rows.iter().filter(|r| !r.warm_confirmed).map(|r| r.id.as_str()).collect();
    let disagree: Vec<&str> = rows.iter().filter(|r| !r.agree).map(|r| r.id.as_str()).collect();
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "trials:    reference / cold = {} ({} vs {}); cold / warm = {}",
        ratio(f64::from(reference.trials), f64::from(cold.trials)),
        reference.trials,
        cold.trials,
        ratio(f64::from(cold.trials), f64::from(warm.trials))
    );
    let _ = writeln!(
        out,
        "wall time: reference / cold = {}; cold / warm = {} (warm is {:.0}% of cold)",
        ratio(reference.seconds, cold.seconds),
        ratio(cold.seconds, warm.seconds),
        if cold.seconds > 0.0 { 100.0 * warm.seconds / cold.seconds } else { 0.0 }
    );
    let _ = writeln!(
        out,
        "           bounded only: cold {bounded_cold:.1} s, warm {bounded_warm:.1} s ({}); \
         unbounded: one warm trial at depth {max_depth}",
        ratio(bounded_cold, bounded_warm)
    );
    let _ = writeln!(
        out,
        "warm runs: {} trials for {bounded} bounded + {} unbounded parsers (2 + 1 each: {expected_warm}){}",
        warm.trials,
        rows.len() - bounded,
        if unconfirmed.is_empty() {
            String::new()
        } else {
            format!("; re-searched (!): {}", unconfirmed.join(", "))
        }
    );
    let bounded_side = bounded_seconds(|r| r.side);
    let side_differs: Vec<&str> = rows.iter().filter(|r| !r.side_agrees).map(|r| r.id.as_str()).collect();
    let _ = writeln!(
        out,
        "side by side: cold with {SIDE_BY_SIDE} trials at once (probe --jobs {SIDE_BY_SIDE}), bounded only: {bounded_side:.1} s \
         vs {bounded_cold:.1} s one by one ({:.0}%), {} trials vs {}; {}",
        if bounded_cold > 0.0 { 100.0 * bounded_side / bounded_cold } else { 0.0 },
        rows.iter().filter(|r| r.boundary.is_some()).map(|r| r.side.trials).sum::<u32>(),
        rows.iter().filter(|r| r.boundary.is_some()).map(|r| r.cold.trials).sum::<u32>(),
        if side_differs.is_empty() {
            "the same boundary on every parser".to_string()
        } else {
            format!("another boundary for {}", side_differs.join(", "))
        }
    );
    let _ = writeln!(
        out,
        "boundaries: {}",
        if disagree.is_empty() {
            "cold, warm and reference agree on every parser".to_string()
        } else {
            format!("the reference found another boundary for {}", disagree.join(", "))
        }
    );
    for line in left_out {
        let _ = writeln!(out, "left out: {line}");
    }
    let _ = writeln!(out, "benchmark wall time {:.0} s", elapsed.as_secs_f64());
    out
}
