//! The catalog job: `list`, `setup`, `run`, `merge` and `render`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{bail, Result};
use serde::Serialize;

use crate::catalog::{Catalog, Entry, EnvironmentSpec, Parser, Readiness, HOST};
use crate::child_env::EnvMode;
use crate::cli::{Format, ListArgs, MergeArgs, RenderArgs, RunArgs, SetupArgs, TrialArgs};
use crate::commands::{exit, gate_status, print_json, undecidable, warn_if_aslr_stays_on};
use crate::environment;
use crate::interrupt::{self, Interrupted};
use crate::launcher::Launcher;
use crate::outcome::FailureKind;
use crate::output::{self, RunProgress};
use crate::payload::Shape;
use crate::probe::{probe, Finding, ProbeResult, ProbeSpec, ProbeStatus};
use crate::report;
use crate::results::{
    write_atomically, write_if_changed, Environment, EnvironmentInfo, ParserRecord, Results, Status,
};
use crate::search::Hint;
use crate::sweep;
use crate::task;
use crate::trial::{aslr_can_be_disabled, TrialConfig, TrialReport};
use crate::units::Limit;

const MIB: u64 = 1024 * 1024;
/// The extra stack sizes of the sweep in a catalog run (the run's own stack is the third).
const SWEEP_STACKS: [Limit; 2] = [Limit::Bytes(MIB), Limit::Bytes(64 * MIB)];

#[derive(Serialize)]
struct ListRow<'a> {
    /// `id`, or `id@environment` outside the host: what `--only` takes.
    key: String,
    id: &'a str,
    environment: &'a str,
    language: &'a str,
    library: &'a str,
    readiness: Readiness,
    note: &'a str,
}

pub fn list(args: &ListArgs) -> Result<ExitCode> {
    let catalog = Catalog::load(&args.catalog.catalog)?;
    if let Some(count) = args.shards {
        return crate::shard::list(&catalog, args, count.into());
    }
    let rows: Vec<ListRow> = crate::shard::select(&catalog, &args.catalog)?
        .into_iter()
        .map(|entry| ListRow {
            key: entry.key(),
            id: &entry.id,
            environment: &entry.environment,
            language: &entry.language,
            library: &entry.library,
            readiness: catalog.readiness(entry, &args.catalog.build_dir),
            note: &entry.note,
        })
        .collect();
    match args.format {
        Format::Json => print_json(&rows)?,
        Format::Text => {
            for row in &rows {
                let state = match &row.readiness {
                    Readiness::Ready => "ready".to_string(),
                    Readiness::NeedsBuild => "needs build".to_string(),
                    Readiness::Missing(why) => format!("not installed ({why})"),
                };
                println!("{:<37} {:<12} {:<26} {state}", row.key, row.language, row.library);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn setup(args: &SetupArgs) -> Result<ExitCode> {
    let catalog = Catalog::load(&args.catalog.catalog)?;
    let entries = crate::shard::select(&catalog, &args.catalog)?;
    let mut failures = Vec::new();
    // The host's rows first, then each environment's, in catalog order.
    let mut environments: Vec<Option<&EnvironmentSpec>> = vec![None];
    for entry in &entries {
        let environment = catalog.environment_of(entry);
        if !environments.contains(&environment) {
            environments.push(environment);
        }
    }
    for environment in environments {
        let rows: Vec<&Entry> =
            entries.iter().copied().filter(|e| catalog.environment_of(e) == environment).collect();
        if rows.is_empty() {
            continue;
        }
        let launcher = match environment {
            None => Launcher::host(),
            Some(environment) => match make_environment(&catalog, environment, args.dry_run) {
                Ok(launcher) => launcher,
                Err(error) if error.is::<Interrupted>() => return Err(error),
                Err(error) => {
                    failures.push(format!("environment {} ({error:#})", environment.id));
                    continue;
                }
            },
        };
        let root = environment.map(|e| e.root.as_path());
        set_up_rows(&catalog, &rows, &launcher, root, &args.catalog.build_dir, args.dry_run, &mut failures)?;
    }
    if !args.dry_run {
        // What setup is for: every row's toolchain there. A row whose packages went in but whose
        // check still fails would otherwise only show up as skipped at the end of a long run.
        for entry in &entries {
            if let Readiness::Missing(why) = catalog.readiness(entry, &args.catalog.build_dir) {
                failures.push(format!("{} still not ready: {why}", entry.key()));
            }
        }
    }
    if failures.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        bail!("setup incomplete: {}", failures.join(", "))
    }
}

/// Makes an environment's root with its setup script (which does nothing when the root is there).
fn make_environment(catalog: &Catalog, environment: &EnvironmentSpec, dry_run: bool) -> Result<Launcher> {
    let folder = catalog.path.parent().unwrap_or(Path::new("."));
    if let Some(script) = &environment.setup {
        if dry_run {
            println!("(cd {} && ROOT={} sh {script})", folder.display(), environment.root.display());
        } else {
            if !nix::unistd::geteuid().is_root() {
                bail!("making its root needs root (run `sudo nestprobe setup`)");
            }
            output::info(format_args!(
                "nestprobe: making environment {} in {} ({script})",
                environment.id,
                environment.root.display()
            ));
            let mut command = Command::new("sh");
            command.arg(script).current_dir(folder).env("ROOT", &environment.root).stdin(Stdio::null());
            let status = task::run(&mut command, script, task::SETUP_TIMEOUT)?;
            if !status.success() {
                bail!("{script} exited with {status}");
            }
        }
    }
    if dry_run && !environment.is_ready() {
        // Nothing runs in a dry run: the root only names where its packages would go.
        return Ok(Launcher::host());
    }
    if !environment.is_ready() {
        bail!("{} is not a finished root (no .nestprobe-ready in it)", environment.root.display());
    }
    Launcher::jail(&environment.root, &[])
}

/// Installs the rows' packages and runs their setup scripts, on the host (`root` None) or inside a
/// root. A dry run only prints what would run: every package, for a root not made yet.
fn set_up_rows(
    catalog: &Catalog,
    rows: &[&Entry],
    launcher: &Launcher,
    root: Option<&Path>,
    build_root: &Path,
    dry_run: bool,
    failures: &mut Vec<String>,
) -> Result<()> {
    let mut packages: Vec<String> = rows.iter().flat_map(|e| e.apt.iter().cloned()).collect();
    packages.sort();
    packages.dedup();
    let missing = crate::catalog::missing_packages(root, &packages);
    let inside = root.map(|root| format!(" (in {})", root.display())).unwrap_or_default();
    let scripts: Vec<&Entry> = rows.iter().copied().filter(|e| e.setup.is_some()).collect();
    if dry_run {
        if !missing.is_empty() {
            println!("apt-get install -y {}{inside}", missing.join(" "));
        }
        for entry in scripts {
            println!(
                "(cd {} && sh {}){inside}",
                catalog.source_dir(entry).display(),
                entry.setup.as_deref().unwrap_or("")
            );
        }
        return Ok(());
    }
    if !missing.is_empty() {
        output::info(format_args!(
            "nestprobe: installing {} packages{inside}: {}",
            missing.len(),
            missing.join(" ")
        ));
        apt(launcher, &["update", "-qq"])?;
        if let Err(error) = apt_install(launcher, &missing) {
            if error.is::<Interrupted>() {
                return Err(error);
            }
            // One unavailable package must not keep the others out: retry them one by one.
            for package in &missing {
                match apt_install(launcher, std::slice::from_ref(package)) {
                    Err(error) if error.is::<Interrupted>() => return Err(error),
                    Err(_) => failures.push(format!("apt package {package}{inside}")),
                    Ok(()) => {}
                }
            }
        }
    }
    for entry in scripts {
        let script = entry.setup.as_deref().unwrap_or_default();
        output::info(format_args!("nestprobe: setting up {} ({script})", entry.key()));
        let command = if root.is_some() {
            // Inside the root the script sees the parser's folder where its commands do.
            Parser::new(catalog, entry, build_root).and_then(|parser| parser.shell(&format!("sh {script}")))
        } else {
            let mut command = Command::new("sh");
            command.arg(script).current_dir(catalog.source_dir(entry)).stdin(Stdio::null());
            Ok(command)
        };
        let ran = command.and_then(|mut command| {
            task::run(&mut command, &format!("{}'s {script}", entry.key()), task::SETUP_TIMEOUT)
        });
        match ran {
            Ok(status) if status.success() => {}
            Ok(status) => failures.push(format!("{} ({script}: {status})", entry.key())),
            Err(error) if error.is::<Interrupted>() => return Err(error),
            Err(error) => failures.push(format!("{} ({error:#})", entry.key())),
        }
    }
    Ok(())
}

/// apt-get as root (through sudo when we are not root), on the host or inside a root.
fn apt(launcher: &Launcher, args: &[&str]) -> Result<()> {
    let mut command = if nix::unistd::geteuid().is_root() {
        Command::new("apt-get")
    } else if launcher.root().is_some() {
        bail!("installing packages in an environment's root needs root (run `sudo nestprobe setup`)");
    } else {
        let mut sudo = Command::new("sudo");
        sudo.arg("apt-get");
        sudo
    };
    if launcher.root().is_some() {
        command.env_clear().env("PATH", crate::child_env::FIXED_PATH).env("LANG", "C.UTF-8");
    }
    command.args(args).env("DEBIAN_FRONTEND", "noninteractive").stdin(Stdio::null());
    launcher.prepare(&mut command, None)?;
    let status = task::run(&mut command, "apt-get", task::SETUP_TIMEOUT)?;
    if !status.success() {
        bail!("apt-get {} failed ({status})", args.join(" "));
    }
    Ok(())
}

fn apt_install(launcher: &Launcher, packages: &[String]) -> Result<()> {
    let mut args = vec!["install", "-y", "-q", "--no-install-recommends", "-o", "DPkg::Lock::Timeout=600"];
    args.extend(packages.iter().map(String::as_str));
    // Debian mirrors sometimes fail a download once; a second try usually works.
    match apt(launcher, &args) {
        Err(error) if !error.is::<Interrupted>() => apt(launcher, &args),
        other => other,
    }
}

/// Options every parser of a run is probed with.
struct RunOptions<'a> {
    trial: &'a TrialArgs,
    quick: bool,
    /// The resident cap of each child, shared out among the parsers probed at once.
    max_rss: Option<u64>,
}

pub fn run(args: &RunArgs) -> Result<ExitCode> {
    let catalog = Catalog::load(&args.catalog.catalog)?;
    let entries = crate::shard::select(&catalog, &args.catalog)?;
    let expectations = args.gate.expectations();
    if let Some(status) = undecidable(&expectations, args.trial.max_depth) {
        return Ok(status);
    }
    warn_if_aslr_stays_on(!args.trial.aslr);
    let results_path = args.out.join("results.json");
    // Earlier results that cannot be read are an error, not something to overwrite.
    let previous = Results::load_if_exists(&results_path)?;
    let baseline = match (&args.baseline, args.cold) {
        (_, true) => None,
        (Some(path), false) => Some(Results::load(path)?),
        (None, false) => previous.clone(),
    };
    let jobs = args.jobs.unwrap_or_else(environment::cpus).max(1);
    let max_rss = args.trial.max_rss.resolve(jobs.min(entries.len()));
    let options = RunOptions { trial: &args.trial, quick: args.quick, max_rss };
    let build_root = &args.catalog.build_dir;

    let environment = Environment {
        os: environment::os_name(),
        kernel: environment::kernel(),
        arch: environment::arch(),
        cpus: environment::cpus(),
        stack_bytes: args.trial.stack.bytes(),
        memory_bytes: args.trial.memory.and_then(Limit::bytes),
        max_rss_bytes: max_rss,
        max_depth: args.trial.max_depth,
        timeout_seconds: args.trial.timeout.as_secs_f64(),
        aslr_disabled: !args.trial.aslr && aslr_can_be_disabled(),
        env_mode: if args.trial.inherit_env { EnvMode::Inherit } else { EnvMode::Fixed },
        nestprobe_version: env!("CARGO_PKG_VERSION").to_string(),
        date: environment::today(),
    };
    let environments = describe_environments(&catalog);
    // The file that holds what this run measured: written again as each parser finishes, so that
    // an interrupted run (even by SIGKILL) keeps it, and a second run resumes from it as hints.
    let target = args.json_only.clone().unwrap_or_else(|| results_path.clone());
    let assemble = |measured: Vec<ParserRecord>| -> Results {
        if args.json_only.is_some() {
            return Results {
                environment: environment.clone(),
                environments: environments.clone(),
                parsers: measured,
            };
        }
        // Parsers not probed (yet) keep their previous record (or get a "not measured" row).
        let parsers = catalog
            .entries
            .iter()
            .map(|entry| {
                let key = entry.key();
                measured
                    .iter()
                    .find(|r| r.key() == key)
                    .or_else(|| previous.as_ref().and_then(|p| p.find(&key)))
                    .cloned()
                    .unwrap_or_else(|| ParserRecord::unmeasured(entry, Status::Skipped, "not measured yet"))
            })
            .collect();
        Results { environment: environment.clone(), environments: environments.clone(), parsers }
    };

    // The rows that took longest last time start first, so that no long row is left to run alone
    // at the end while the other jobs sit idle.
    let costs = crate::shard::row_costs(&entries, previous.as_ref());
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(costs[i]));
    let finished = AtomicUsize::new(0);
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<Option<ParserRecord>>> = Mutex::new(vec![None; entries.len()]);
    let progress = RunProgress::new(entries.len());
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(entries.len()) {
            scope.spawn(|| {
                while let Some(&index) = order.get(next.fetch_add(1, Ordering::SeqCst)) {
                    if interrupt::requested() {
                        break;
                    }
                    let entry = entries[index];
                    let key = entry.key();
                    let working = progress.start(&key);
                    let hints = baseline.as_ref().and_then(|b| b.find(&key));
                    let record = match Parser::new(&catalog, entry, build_root) {
                        Ok(parser) => measure(&parser, &options, hints),
                        Err(error) => {
                            Some(ParserRecord::unmeasured(entry, Status::ProbeFailed, format!("{error:#}")))
                        }
                    };
                    let done = finished.fetch_add(1, Ordering::SeqCst) + 1;
                    drop(working);
                    if let Some(record) = &record {
                        let line = format!(
                            "[{done:>2}/{}] {:<28} {}",
                            entries.len(),
                            record.key(),
                            report::summary(record)
                        );
                        progress.finished(line);
                    }
                    let mut records = records.lock().expect("no worker panics");
                    records[index] = record;
                    let so_far = records.iter().flatten().cloned().collect();
                    if let Err(error) = write_atomically(&target, &assemble(so_far).to_json()) {
                        output::always(format_args!("nestprobe: warning: {error:#}"));
                    }
                }
            });
        }
    });
    drop(progress);
    let measured: Vec<ParserRecord> =
        records.into_inner().expect("no worker panics").into_iter().flatten().collect();
    let violations = crate::gate::catalog_violations(&measured, &expectations);

    let results = assemble(measured);
    if args.json_only.is_some() {
        write_atomically(&target, &results.to_json())?;
        output::info(format_args!("nestprobe: wrote {}", target.display()));
    } else {
        publish(results, previous.clone(), &args.out, &args.readme)?;
    }
    if interrupt::requested() {
        return Err(Interrupted.into());
    }
    Ok(ExitCode::from(gate_status(&violations, exit::MEASURED)))
}

/// The host and each environment of the catalog, described once for results.json.
fn describe_environments(catalog: &Catalog) -> BTreeMap<String, EnvironmentInfo> {
    let mut described = BTreeMap::from([(HOST.to_string(), EnvironmentInfo::host())]);
    for spec in &catalog.environments {
        let os = environment::os_release_name(&spec.root).unwrap_or_else(|| "not made yet".to_string());
        described.insert(
            spec.id.clone(),
            EnvironmentInfo { name: spec.name.clone(), os, root: Some(spec.root.clone()) },
        );
    }
    described
}

/// Builds and probes one parser. `None` only when interrupted before it finished.
fn measure(parser: &Parser, options: &RunOptions, baseline: Option<&ParserRecord>) -> Option<ParserRecord> {
    let entry = parser.entry;
    let record = |status, reason: String| Some(ParserRecord::unmeasured(entry, status, reason));
    if let Readiness::Missing(why) = parser.readiness() {
        return record(
            Status::Skipped,
            format!("toolchain not installed: {why} (run `nestprobe setup --only {}`)", entry.key()),
        );
    }
    match parser.build() {
        Err(error) if error.is::<Interrupted>() => return None,
        Err(error) => return record(Status::BuildFailed, format!("{error:#}")),
        Ok(()) => {}
    }
    let Ok(version) = parser.version() else { return None };
    if let Some(before) = &entry.before {
        match parser.hook("before", before) {
            Err(error) if error.is::<Interrupted>() => return None,
            Err(error) => return record(Status::ProbeFailed, format!("{error:#}")),
            Ok(()) => {}
        }
    }
    let probed = probe_all(parser, options, baseline);
    if let Some(after) = &entry.after {
        if let Err(error) = parser.hook("after", after) {
            output::always(format_args!("nestprobe: warning: {}: {error:#}", entry.key()));
        }
    }
    match probed {
        Err(error) if error.is::<Interrupted>() => None,
        Err(error) => {
            let mut failed = ParserRecord::unmeasured(entry, Status::ProbeFailed, format!("{error:#}"));
            failed.version = version;
            Some(failed)
        }
        Ok(mut measured) => {
            measured.version = version;
            Some(measured)
        }
    }
}

fn probe_all(parser: &Parser, options: &RunOptions, baseline: Option<&ParserRecord>) -> Result<ParserRecord> {
    let entry = parser.entry;
    let mut run_settings = options.trial.trial_config(parser.argv(), parser.child_env());
    run_settings.max_rss = options.max_rss;
    let trial = parser.trial_config(run_settings)?;
    let max_depth = options.trial.max_depth;
    let spec_for = |shape: Shape, stack: Limit, previous: Option<&ProbeResult>| ProbeSpec {
        trial: TrialConfig { stack, ..trial.clone() },
        // The catalog's own argv, placeholders and all: no path of this machine in the results.
        command: entry.run.clone(),
        format: entry.format,
        shape,
        max_depth,
        // A previous result hints only where it was exact and measured the same way.
        hint: previous
            .filter(|p| p.max_depth == max_depth && p.stack_bytes == stack.bytes() && p.shape == shape)
            .and_then(|p| match p.status {
                ProbeStatus::Exact => Some(match p.accepted_seconds {
                    Some(took) if p.min_failing_depth.is_none() && took > p.timeout_seconds => {
                        Hint::NoLimitSlowly
                    }
                    _ => Hint::from_min_failing(p.min_failing_depth),
                }),
                ProbeStatus::Slow => p.max_accepted_depth.map(Hint::Slow),
                ProbeStatus::Unstable => match p.boundary_window {
                    [Some(lowest_failing), Some(highest_passing)] => {
                        Some(Hint::Unstable { lowest_failing, highest_passing })
                    }
                    _ => None,
                },
                ProbeStatus::InputNotRead => None,
            }),
        repeat: 1,
    };
    let mut quiet = |_: u64, _: &TrialReport| {};
    let stack = options.trial.stack;
    let format = entry.format;
    let main_shape = format.main_shape();
    let main = probe(&spec_for(main_shape, stack, baseline.and_then(|b| b.result.as_ref())), &mut quiet)?;
    // A probe measured for the first time starts where the main one failed: many parsers have one
    // configured limit for every shape and stack, found then in two trials instead of a search.
    let guessed = |mut spec: ProbeSpec| {
        spec.hint = spec.hint.or(main.exact_failing_depth().map(Hint::Guess));
        spec
    };
    let mut record = ParserRecord::unmeasured(entry, Status::Measured, "");
    // Probes after the main one that could not be made: said in the record, the rest kept.
    let mut notes: Vec<String> = Vec::new();
    // A parser that runs out of time rather than into a limit: more probes would time the machine
    // again (each costing minutes), not tell anything about nesting; only the unclosed input, which
    // can still crash it, is worth probing.
    // Likewise one stopped by the memory cap: every further probe would fill memory again.
    let time_bound = match main.finding() {
        Finding::Slow(..) => true,
        Finding::FailsAt(_, failure) => {
            matches!(failure.kind, FailureKind::Timeout | FailureKind::OutOfMemory)
        }
        _ => false,
    };
    if !options.quick {
        // The second nesting (mappings where the main one is sequences), if the format has one.
        if main_shape != Shape::Object && format.has(Shape::Object) && !time_bound {
            let previous = baseline.and_then(|b| b.object.as_ref());
            let spec = guessed(spec_for(Shape::Object, stack, previous));
            record.object = secondary(probe(&spec, &mut quiet), &mut notes)?;
        }
        let previous = baseline.and_then(|b| b.unclosed.as_ref());
        let mut unclosed = spec_for(Shape::Unclosed, stack, previous);
        if let (None, Finding::Slow(depth, _)) = (unclosed.hint, main.finding()) {
            // Reading unclosed input costs what reading the closed one did: start from where the
            // main probe ran out of time instead of timing the machine over a whole search.
            unclosed.hint = Some(Hint::Slow(depth));
        }
        record.unclosed = secondary(probe(&unclosed, &mut quiet), &mut notes)?;
        let mut probes = vec![main.clone()];
        for sweep_stack in SWEEP_STACKS {
            // More stack cannot make a parser fail that took the maximum depth with less.
            let implied = (main.finding() == Finding::NoLimit && sweep_stack > stack) || time_bound;
            if implied {
                continue;
            }
            let previous = baseline
                .and_then(|b| b.sweep.as_ref())
                .and_then(|s| s.probes.iter().find(|p| p.stack_bytes == sweep_stack.bytes()));
            let spec = guessed(spec_for(main_shape, sweep_stack, previous));
            probes.extend(secondary(probe(&spec, &mut quiet), &mut notes)?);
        }
        record.sweep = Some(sweep::from_probes(main.command.clone(), probes));
    }
    record.result = Some(main);
    record.reason = (!notes.is_empty()).then(|| notes.join("; "));
    Ok(record)
}

/// A probe after the main one: its error (other than an interruption) becomes a note, not the loss
/// of everything measured before it.
fn secondary(probed: Result<ProbeResult>, notes: &mut Vec<String>) -> Result<Option<ProbeResult>> {
    match probed {
        Ok(result) => Ok(Some(result)),
        Err(error) if error.is::<Interrupted>() => Err(error),
        Err(error) => {
            notes.push(format!("{error:#}"));
            Ok(None)
        }
    }
}

pub fn merge(args: &MergeArgs) -> Result<ExitCode> {
    let catalog = Catalog::load(&args.catalog)?;
    let mut inputs = Vec::new();
    for path in &args.inputs {
        inputs.push(Results::load(path)?);
    }
    let results_path = args.out.join("results.json");
    let previous = Results::load_if_exists(&results_path)?;
    let environment = inputs.iter().map(|r| r.environment.clone()).next().expect("clap requires an input");
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
    let parsers = catalog
        .entries
        .iter()
        .map(|entry| {
            let key = entry.key();
            inputs.iter().rev().find_map(|r| r.find(&key)).cloned().unwrap_or_else(|| {
                ParserRecord::unmeasured(entry, Status::Skipped, "no result from this run")
            })
        })
        .collect();
    publish(Results { environment, environments, parsers }, previous, &args.out, &args.readme)?;
    Ok(ExitCode::SUCCESS)
}

pub fn render(args: &RenderArgs) -> Result<ExitCode> {
    let results = Results::load(&args.results)?;
    report::write_all(&results, &args.out, &args.readme)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes results.json and regenerates every report from it. When nothing measured changed since
/// the previous results, the previous file is kept as it is, so a second run changes nothing.
fn publish(results: Results, previous: Option<Results>, out: &Path, readme: &Path) -> Result<()> {
    let results_path: PathBuf = out.join("results.json");
    // (A run rewrites results.json as each parser finishes; this puts back the previous file when
    // nothing measured changed.)
    let results = match previous {
        Some(previous) if previous.same_facts(&results) => {
            write_if_changed(&results_path, &previous.to_json())?;
            output::info(format_args!(
                "nestprobe: no measured fact changed; {} kept as it was",
                results_path.display()
            ));
            previous
        }
        _ => {
            write_atomically(&results_path, &results.to_json())?;
            output::info(format_args!("nestprobe: wrote {}", results_path.display()));
            results
        }
    };
    report::write_all(&results, out, readme)
}
