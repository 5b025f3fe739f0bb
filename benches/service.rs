//! `cargo bench --bench service`: what one trial costs through each transport, for the same parser
//! library: a fresh process per trial (its command-line row) against one request to a running
//! server (its service row, warm: one server for every trial). The same payloads, one after
//! another, timed by the trial's wall clock; the server's start and warm-up are left out (the first
//! trial of a warm service pays them). Medians and their ratio, per pair.
//!
//! Environment: `NESTPROBE_BENCH_PAIRS=library-row:service-row,…` (default: the pairs below that are
//! built or can be), `NESTPROBE_BENCH_TRIALS` (default 30), `NESTPROBE_BENCH_DEPTH` (default 100),
//! `NESTPROBE_BUILD_DIR`, `NESTPROBE_CATALOG` (as for the search benchmark).

use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use nestprobe::catalog::{Catalog, Parser, Pattern, Readiness, Selector};
use nestprobe::payload::{Payload, Shape};
use nestprobe::probe::transport::service::ServiceState;
use nestprobe::probe::transport::Transport;
use nestprobe::sys::trial::TrialConfig;

/// A library's command-line row and a service row parsing with it.
#[path = "common/paths.rs"]
mod paths;

const PAIRS: &[(&str, &str)] = &[
    ("python-json@host", "python-flask@host"),
    ("python-json@host", "python-flask-gunicorn@host"),
    ("python-json@host", "python-aiohttp@host"),
    ("cpp-rapidjson@host", "cpp-httplib-rapidjson@host"),
    ("go-encoding-json@host", "go-net-http-json@host"),
    ("java-jackson@host", "java-jetty-jackson@host"),
    ("js-json-parse@host", "js-express@host"),
    ("rust-serde-json@host", "rust-axum@host"),
];

const TIMEOUT: Duration = Duration::from_secs(10);

fn main() -> Result<()> {
    let catalog_path = paths::catalog();
    let build_root = paths::build_root();
    let trials: usize = std::env::var("NESTPROBE_BENCH_TRIALS").map_or(Ok(30), |t| t.parse())?;
    let depth: u64 = std::env::var("NESTPROBE_BENCH_DEPTH").map_or(Ok(100), |t| t.parse())?;
    let pairs: Vec<(String, String)> = match std::env::var("NESTPROBE_BENCH_PAIRS") {
        Ok(text) => text
            .split(',')
            .filter_map(|pair| pair.split_once(':'))
            .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
            .collect(),
        Err(_) => PAIRS.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect(),
    };
    let catalog = Catalog::load(&catalog_path)?;
    println!(
        "nestprobe service benchmark: {} CPUs; {trials} trials a transport at depth {depth}, one after another",
        nestprobe::host::cpus()
    );
    println!(
        "{:<22} {:<28} {:>12} {:>12} {:>8}",
        "library row", "service row", "process", "service", "ratio"
    );
    for (library, service) in pairs {
        match bench_pair(&catalog, &build_root, &library, &service, trials, depth) {
            Ok((process, request)) => println!(
                "{library:<22} {service:<28} {:>9.1} ms {:>9.1} ms {:>7.1}x",
                process * 1e3,
                request * 1e3,
                process / request
            ),
            Err(error) => println!("{library:<22} {service:<28} left out: {error:#}"),
        }
    }
    Ok(())
}

/// The median wall time of one trial through each transport.
fn bench_pair(
    catalog: &Catalog,
    build_root: &std::path::Path,
    library: &str,
    service: &str,
    trials: usize,
    depth: u64,
) -> Result<(f64, f64)> {
    let process = ready(catalog, build_root, library)?;
    let server = ready(catalog, build_root, service)?;
    let process_trial = trial_config(&process)?;
    let server_trial = trial_config(&server)?;
    let transport = nestprobe::run::service::transport(server.entry, &server_trial)?
        .ok_or_else(|| anyhow!("{service} is not a service row"))?
        .in_state(ServiceState::Warm);
    let payload = |parser: &Parser| Payload::new(parser.entry.format, Shape::Array, depth);
    let processes = time(&process_trial, payload(&process), trials)?;
    // The first request starts and warms the server: not a trial's cost.
    transport.run(payload(&server), TIMEOUT)?;
    let requests = time(&transport, payload(&server), trials)?;
    transport.stop();
    Ok((median(processes), median(requests)))
}

/// A row, built if it needs to be.
fn ready<'a>(catalog: &'a Catalog, build_root: &std::path::Path, key: &str) -> Result<Parser<'a>> {
    let pattern: Pattern = key.parse().map_err(|e| anyhow!("{key}: {e}"))?;
    let entries = catalog.select(&Selector::new(vec![pattern]))?;
    let entry = entries.first().with_context(|| format!("no row {key}"))?;
    let parser = Parser::new(catalog, entry, build_root)?;
    match parser.readiness() {
        Readiness::Missing(why) => return Err(anyhow!("{key}: {why}")),
        Readiness::NeedsBuild => parser.build()?,
        Readiness::Ready => {}
    }
    Ok(parser)
}

fn trial_config(parser: &Parser) -> Result<TrialConfig> {
    parser
        .trial_config(TrialConfig { timeout: TIMEOUT, ..TrialConfig::new(parser.argv(), parser.child_env()) })
}

/// Seconds of each of `trials` trials of `payload`.
fn time(transport: &dyn Transport, payload: Payload, trials: usize) -> Result<Vec<f64>> {
    (0..trials)
        .map(|_| {
            let started = Instant::now();
            transport.run(payload, TIMEOUT)?;
            Ok(started.elapsed().as_secs_f64())
        })
        .collect()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
