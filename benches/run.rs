//! `cargo bench --bench run`: a whole `nestprobe run --quick` (main shape only, as the original study
//! measured) against the original study's driver, on the study's rows, side by side in one run:
//!
//! - **reference**: the original driver, `python3 test_parser.py PROGRAM…` from its checkout, when
//!   one is beside this repository (`../bad_json_parsers`, or `NESTPROBE_ORIGINAL_DRIVER=<its
//!   folder>`); otherwise benches/original_driver.py, its emulation with the same mechanics (one
//!   Python process per row, one `Popen` per trial, the same search). One row after another, each
//!   with the row's program, environment and folder; hooks such as PostgreSQL's start are not
//!   counted against it. For context, the same bisection through nestprobe's own supervision
//!   (benches/common/reference.rs) is timed too;
//! - **cold**: `run --quick --cold`, no previous results (parsers already built), 1 job and 2 jobs;
//! - **warm**: `run --quick` given the cold run's results.json as its baseline, 1 job and 2 jobs;
//! - **floors**: what no warm run can go under: the trials it cannot skip (one at the maximum depth
//!   per row with no limit, the pair n-1 accepted, n failing at each boundary; the reference runs
//!   them too), as their probes took in the warm 1-job run; one after another, and on 2 CPUs packed
//!   perfectly (half of it, or its longest row). Each mode's closing line says what it spent beyond
//!   its own trials: the run's start-up, checks, versions, hooks and writing.
//!
//! Every nestprobe mode is the real binary with its own bookkeeping (build checks, versions, hooks,
//! writing results), so the ratios are what a user waits for. The rows are built first if needed.
//!
//! Environment: `NESTPROBE_BENCH_ONLY=key,key` (default: the study's rows on this machine),
//! `NESTPROBE_BUILD_DIR`, `NESTPROBE_CATALOG` (as for the search benchmark).

#[path = "common/paths.rs"]
mod paths;
#[path = "common/reference.rs"]
mod reference;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use nestprobe::catalog::{Catalog, Hook, Parser, Pattern, Readiness, Selector};
use nestprobe::host;
use nestprobe::sys::trial::TrialConfig;
use nestprobe::units::Limit;

/// The rows of the original study (bad_json_parsers), measured on this machine.
const STUDY_ROWS: &[&str] = &[
    "csharp-system-text-json@host",
    "csharp-newtonsoft@host",
    "ruby-json@host",
    "ruby-oj@host",
    "rust-serde-json@host",
    "jq@host",
    "php-json-decode@host",
    "perl-json-pp@host",
    "python-json@host",
    "c-jansson@host",
    "js-json-parse@host",
    "java-gson@host",
    "java-jackson@host",
    "go-encoding-json@host",
    "go-jsoniter@host",
    "postgresql-json@host",
    "d-std-json@host",
    "cpp-rapidjson@host",
    "nim-std-json@host",
    "ocaml-yojson@host",
    "cpp-nlohmann@host",
    "haskell-aeson@host",
];

const MAX_DEPTH: u64 = 5_000_000;
const STACK: Limit = Limit::Bytes(8 * 1024 * 1024);

/// One way of measuring every row: its wall time and trials.
struct Mode {
    name: &'static str,
    seconds: f64,
    trials: Option<u64>,
    kind: Kind,
}

/// What a mode is, as the report pairs them: each warm run with the floor of its number of jobs.
enum Kind {
    /// The original driver, or its bisection: the 1.00 the ratios are to.
    Reference,
    /// A `nestprobe run`; `trial_seconds`, its trials' own seconds (its probes' `elapsed_seconds`).
    Run { jobs: usize, warm: bool, trial_seconds: f64 },
    /// What no warm run with `jobs` jobs can go under (`None`: a part of a floor, for context).
    Floor { jobs: Option<usize> },
}

/// What a nestprobe run measured: its rows, their main probes' trials and the seconds those trials
/// took (each probe's `elapsed_seconds`: its trials one after another, nothing of the run around
/// them), and of those the one trial at the maximum depth of the rows with no limit (which every
/// mode, the reference too, runs once per such row).
struct Measured {
    rows: usize,
    trials: u64,
    trial_seconds: f64,
    longest_row: f64,
    no_limit_rows: usize,
    no_limit_seconds: f64,
}

fn main() -> Result<()> {
    let root = paths::root();
    let catalog_path = paths::catalog();
    let build_root = paths::build_root();
    let only: Vec<String> = match std::env::var("NESTPROBE_BENCH_ONLY") {
        Ok(list) => list.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect(),
        Err(_) => STUDY_ROWS.iter().map(|s| s.to_string()).collect(),
    };
    let catalog = Catalog::load(&catalog_path)?;
    let mut ready = Vec::new();
    let selector = Selector::new(only.iter().filter_map(|name| name.parse::<Pattern>().ok()).collect());
    for entry in catalog.select(&selector)? {
        let parser = Parser::new(&catalog, entry, &build_root)?;
        match parser.readiness() {
            Readiness::Missing(why) => eprintln!("bench: left out {}: {why}", entry.key()),
            Readiness::NeedsBuild => {
                eprintln!("bench: building {}", entry.key());
                match parser.build() {
                    Ok(()) => ready.push(parser),
                    Err(error) => eprintln!("bench: left out {}: {error:#}", entry.key()),
                }
            }
            Readiness::Ready => ready.push(parser),
        }
    }
    if ready.is_empty() {
        bail!("no row of {} is installed here (nestprobe setup --only …)", only.join(","));
    }
    let keys: Vec<String> = ready.iter().map(|p| p.entry.key()).collect();
    // `id@environment`, the host's too: a bare id would select the row in every environment, and
    // the runs would measure the Debian 13 rows besides the ones the reference measured.
    let selectors: Vec<String> = ready.iter().map(|p| p.entry.selector()).collect();
    let scratch = tempfile::tempdir()?;
    let nestprobe = Nestprobe {
        catalog: &catalog_path,
        build_dir: &build_root,
        selectors: selectors.join(","),
        rows: ready.len(),
        out: scratch.path(),
    };

    // The references' children get the stack limit nestprobe gives its own (the original study
    // relied on the shell's default, the same 8 MiB on Debian).
    rlimit::Resource::STACK.set(STACK.bytes().context("a stack limit")?, rlimit::Resource::STACK.get()?.1)?;
    let started = Instant::now();
    let mut modes = vec![reference(&root, &ready)?, supervised_bisection(&ready)?];
    for (name, jobs) in [("nestprobe cold, 1 job", 1), ("nestprobe cold, 2 jobs", 2)] {
        modes.push(nestprobe.run(name, jobs, None)?);
    }
    // The warm runs confirm what the first cold run found, as a regeneration confirms the committed
    // results.
    let baseline = nestprobe.out_of("nestprobe cold, 1 job").join("results.json");
    for (name, jobs) in [("nestprobe warm, 1 job", 1), ("nestprobe warm, 2 jobs", 2)] {
        modes.push(nestprobe.run(name, jobs, Some(&baseline))?);
    }
    // The floor of a warm run is the trials it cannot skip, as they ran in the warm 1-job run: one
    // at the maximum per row with no limit, the pair at each boundary (an exact limit is n-1
    // accepted, n failing). What a mode takes beyond it is the run's own cost: start-up, checks,
    // versions, hooks, writing results.
    let warm = measured_in(&nestprobe.out_of("nestprobe warm, 1 job").join("results.json"))?;
    let floors = [
        Mode {
            name: "floor, 1 job: the trials a warm run needs (one at the maximum per row with no limit, the pair at each boundary), as timed in warm, 1 job",
            seconds: warm.trial_seconds,
            trials: Some(warm.trials),
            kind: Kind::Floor { jobs: Some(1) },
        },
        Mode {
            name: "floor, 2 jobs: those trials on 2 CPUs, packed perfectly, not slowing each other",
            seconds: (warm.trial_seconds / 2.0).max(warm.longest_row),
            trials: Some(warm.trials),
            kind: Kind::Floor { jobs: Some(2) },
        },
        Mode {
            name: "of those, the no-limit rows' trials at the maximum alone",
            seconds: warm.no_limit_seconds,
            trials: Some(warm.no_limit_rows as u64),
            kind: Kind::Floor { jobs: None },
        },
    ];
    print!("{}", report(&keys, &modes, &floors, started.elapsed().as_secs_f64()));
    Ok(())
}

/// The original driver when it is beside the repository, else benches/original_driver.py, its
/// emulation in Python with the same mechanics: each run as the study ran it, once per row with the
/// row's program, environment and folder (the row's hooks, such as PostgreSQL's start, around it
/// and not counted against it).
fn reference(root: &Path, rows: &[Parser]) -> Result<Mode> {
    let beside = std::env::var_os("NESTPROBE_ORIGINAL_DRIVER")
        .map_or_else(|| root.join("../bad_json_parsers"), PathBuf::from);
    let (name, driver) = if beside.join("test_parser.py").is_file() {
        ("original driver", beside.join("test_parser.py"))
    } else {
        ("original driver (emulated)", root.join("benches/original_driver.py"))
    };
    eprintln!("bench: {name}, {}", driver.display());
    let (mut seconds, mut trials) = (0.0, Some(0));
    for parser in rows {
        let entry = parser.entry;
        if parser.environment.is_some() {
            bail!("{}: the reference drives host rows only", entry.key());
        }
        parser.hook(Hook::Before)?;
        let mut command = Command::new("python3");
        command.arg(&driver).args(parser.argv()).current_dir(&parser.dir).env_clear();
        command.envs(parser.child_env().vars().map(|(name, value)| (name, value.clone())));
        let started = Instant::now();
        let output = command.output();
        seconds += started.elapsed().as_secs_f64();
        parser.hook(Hook::After)?;
        let output = output.with_context(|| format!("{}: starting python3", entry.key()))?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        if !output.status.success() {
            bail!("{}: the reference failed ({}): {}", entry.key(), output.status, stderr.trim());
        }
        // The emulation says how many trials it ran; the original logs one line per trial's end.
        let counted =
            stderr.lines().find_map(|line| line.strip_prefix("trials: ")?.trim().parse::<u64>().ok());
        let logged = stderr.lines().filter(|line| line.contains("Command exited with")).count() as u64;
        let ran = counted.or((logged > 0).then_some(logged));
        trials = trials.zip(ran).map(|(sum, ran)| sum + ran);
        eprintln!(
            "bench: reference {:<28} {:>9} in {} trials",
            entry.key(),
            // The original logs the program's output at depth 1 and the maximum first; the answer is last.
            String::from_utf8_lossy(&output.stdout).lines().last().unwrap_or("").trim(),
            ran.map_or("?".into(), |n| n.to_string())
        );
    }
    Ok(Mode { name, seconds, trials, kind: Kind::Reference })
}

/// The reference's blind bisection through nestprobe's own supervision (benches/common/reference.rs):
/// what the original's search costs without its per-trial Python, for context.
fn supervised_bisection(rows: &[Parser]) -> Result<Mode> {
    let (mut seconds, mut trials) = (0.0, 0);
    for parser in rows {
        let entry = parser.entry;
        let trial = parser.trial_config(TrialConfig {
            stack: STACK,
            ..TrialConfig::new(parser.argv(), parser.child_env())
        })?;
        parser.hook(Hook::Before)?;
        let started = Instant::now();
        let searched = reference::blind_bisection(&trial, MAX_DEPTH);
        seconds += started.elapsed().as_secs_f64();
        parser.hook(Hook::After)?;
        let (_, n) = searched.with_context(|| entry.key())?;
        trials += u64::from(n);
    }
    Ok(Mode {
        name: "its bisection through nestprobe's supervision",
        seconds,
        trials: Some(trials),
        kind: Kind::Reference,
    })
}

/// The real binary, run on the selected rows.
struct Nestprobe<'a> {
    catalog: &'a Path,
    build_dir: &'a Path,
    /// The `--only` list: exactly the rows the reference measured.
    selectors: String,
    rows: usize,
    out: &'a Path,
}

impl Nestprobe<'_> {
    /// Where the mode called `name` writes its results (and its README, were there one).
    fn out_of(&self, name: &str) -> PathBuf {
        self.out.join(name.replace([' ', ','], "-"))
    }

    /// One run of the rows: cold without a baseline, else confirming it.
    fn run(&self, name: &'static str, jobs: usize, baseline: Option<&Path>) -> Result<Mode> {
        let out = self.out_of(name);
        std::fs::create_dir_all(&out)?;
        let mut command = Command::new(env!("CARGO_BIN_EXE_nestprobe"));
        command
            .args(["run", "--quick", "--quiet", "--only", &self.selectors, "--jobs", &jobs.to_string()])
            .arg("--catalog")
            .arg(self.catalog)
            .arg("--build-dir")
            .arg(self.build_dir)
            .arg("--out")
            .arg(&out);
        match baseline {
            None => command.arg("--cold"),
            Some(baseline) => command.arg("--baseline").arg(baseline),
        };
        eprintln!("bench: {name}");
        let started = Instant::now();
        let status = command.status()?;
        let seconds = started.elapsed().as_secs_f64();
        // Exit 4 is a failed expectation of the catalog (a row's expect-*), not a failed run.
        if !matches!(status.code(), Some(0 | 4)) {
            bail!("{name}: nestprobe run failed: {status}");
        }
        let measured = measured_in(&out.join("results.json"))?;
        if measured.rows != self.rows {
            bail!("{name}: measured {} rows where the reference measured {}", measured.rows, self.rows);
        }
        let kind = Kind::Run { jobs, warm: baseline.is_some(), trial_seconds: measured.trial_seconds };
        Ok(Mode { name, seconds, trials: Some(measured.trials), kind })
    }
}

/// What a results.json of the selected rows measured (its other rows are "not measured yet").
fn measured_in(path: &Path) -> Result<Measured> {
    let results: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path)?)?;
    let rows = results["parsers"].as_array().context("results.json without parsers")?;
    let mains: Vec<&serde_json::Value> =
        rows.iter().map(|row| &row["result"]).filter(|main| main["trials"].is_u64()).collect();
    let probe_seconds: Vec<f64> = mains.iter().filter_map(|main| main["elapsed_seconds"].as_f64()).collect();
    let no_limit: Vec<f64> = mains
        .iter()
        .filter(|main| main["failure"].is_null() && main["max_accepted_depth"] == main["max_depth"])
        .filter_map(|main| main["accepted_seconds"].as_f64())
        .collect();
    Ok(Measured {
        rows: mains.len(),
        trials: mains.iter().filter_map(|main| main["trials"].as_u64()).sum(),
        trial_seconds: probe_seconds.iter().sum(),
        longest_row: probe_seconds.iter().copied().fold(0.0, f64::max),
        no_limit_rows: no_limit.len(),
        no_limit_seconds: no_limit.iter().sum(),
    })
}

fn report(keys: &[String], modes: &[Mode], floors: &[Mode], elapsed: f64) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "nestprobe run benchmark, {}: {}, kernel {}, {} CPUs",
        host::today(),
        host::os_name(),
        host::kernel(),
        host::cpus()
    );
    let _ =
        writeln!(out, "{} rows of the original study, `run --quick`, parsers built, one run\n", keys.len());
    let reference = modes[0].seconds;
    let _ = writeln!(out, "| | wall | trials | ratio to the original driver |");
    let _ = writeln!(out, "|---|---|---|---|");
    for mode in modes.iter().chain(floors) {
        let trials = mode.trials.map_or("–".to_string(), |t| t.to_string());
        let _ = writeln!(
            out,
            "| {} | {:.1} s | {trials} | {:.2} |",
            mode.name,
            mode.seconds,
            mode.seconds / reference
        );
    }
    // Each nestprobe mode against its own trials (what is left is the run's own cost around them:
    // start-up, checks, versions, hooks, writing results), and against the floor of its number of
    // jobs: a warm run's least, and a cold run's too (a cold search runs the same unskippable
    // trials, so what it spends above the floor is its search and its own cost).
    let _ = writeln!(out);
    for mode in modes {
        let Kind::Run { jobs, warm, trial_seconds } = mode.kind else { continue };
        let floor =
            floors.iter().find(|floor| matches!(floor.kind, Kind::Floor { jobs: Some(of) } if of == jobs));
        // With 2 jobs the trials' seconds are both CPUs': a CPU's share is half of them.
        let cpus = jobs as f64;
        let _ = writeln!(
            out,
            "{}: {:.1} s of trials ({:.1} s a CPU), {:.1} s beyond them{}",
            mode.name,
            trial_seconds,
            trial_seconds / cpus,
            mode.seconds - trial_seconds / cpus,
            floor
                .map(|floor| if warm {
                    format!("; {:.2}x its floor", mode.seconds / floor.seconds)
                } else {
                    format!(
                        "; {:.2}x the floor of its jobs, which alone is {:.2} of the original driver: \
                         {:.1} s above it are the search's other trials and the run's own cost",
                        mode.seconds / floor.seconds,
                        floor.seconds / reference,
                        mode.seconds - floor.seconds
                    )
                })
                .unwrap_or_default()
        );
    }
    let _ = writeln!(out, "\nrows: {}", keys.join(", "));
    let _ = writeln!(out, "benchmark wall time {elapsed:.0} s");
    out
}
