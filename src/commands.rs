//! One function per subcommand: glue between the parsed command line, the core and the exporters.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{Cli, Command, Format, ProbeArgs, SweepArgs};
use crate::interrupt::Interrupted;
use crate::probe::{probe, ProbeResult, ProbeStatus};
use crate::report::text;
use crate::sweep::sweep;
use crate::trial::{aslr_can_be_disabled, TrialReport};

pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Probe(args) => probe_command(&args),
        Command::Sweep(args) => sweep_command(&args),
        Command::List(args) => crate::job::list(&args),
        Command::Run(args) => crate::job::run(&args),
        Command::Setup(args) => crate::job::setup(&args),
        Command::Merge(args) => crate::job::merge(&args),
        Command::Render(args) => crate::job::render(&args),
        Command::Completions(args) => crate::docs::completions_command(&args),
        Command::Man(args) => crate::docs::man_command(&args),
    }
}

/// Exit statuses of `probe` and `sweep` (documented in the README).
pub mod exit {
    /// A result: the boundary was found and verified, or there was no failure up to the maximum.
    pub const MEASURED: u8 = 0;
    /// nestprobe could not measure: the program could not be started or fails even at depth 1.
    pub const ERROR: u8 = 1;
    /// The command line was wrong (clap's own status).
    pub const USAGE: u8 = 2;
    /// No trustworthy number: outcomes disagreed (unstable), or the program exited 0 without
    /// reading its whole input.
    pub const UNRELIABLE: u8 = 3;
    /// Interrupted by SIGINT or SIGTERM.
    pub const INTERRUPTED: u8 = 130;
}

fn probe_command(args: &ProbeArgs) -> Result<ExitCode> {
    warn_if_aslr_stays_on(!args.trial.aslr);
    let mut progress = trial_printer(args.verbose);
    let spec = args.spec()?;
    let result = match probe(&spec, &mut progress) {
        Ok(result) => result,
        Err(error) if args.format == Format::Json && !error.is::<Interrupted>() => {
            // `--format json` always prints one object, also when there is no result.
            print_json(&serde_json::json!({ "command": spec.command, "error": format!("{error:#}") }))?;
            eprintln!("nestprobe: error: {error:#}");
            return Ok(ExitCode::from(exit::ERROR));
        }
        Err(error) => return Err(error),
    };
    match args.format {
        Format::Json => print_json(&result)?,
        Format::Text => print!("{}", text::probe(&result)),
    }
    Ok(ExitCode::from(reliability_status([&result])))
}

fn sweep_command(args: &SweepArgs) -> Result<ExitCode> {
    warn_if_aslr_stays_on(!args.probe.trial.aslr);
    let mut progress = trial_printer(args.probe.verbose);
    let result = sweep(&args.probe.spec()?, &args.stacks, &mut progress)?;
    match args.probe.format {
        Format::Json => print_json(&result)?,
        Format::Text => print!("{}", text::sweep(&result)),
    }
    Ok(ExitCode::from(reliability_status(&result.probes)))
}

/// MEASURED when every probe has an exact answer, else UNRELIABLE.
fn reliability_status<'a>(results: impl IntoIterator<Item = &'a ProbeResult>) -> u8 {
    if results.into_iter().all(|r| r.status == ProbeStatus::Exact) {
        exit::MEASURED
    } else {
        exit::UNRELIABLE
    }
}

pub fn warn_if_aslr_stays_on(wanted_off: bool) {
    if wanted_off && !aslr_can_be_disabled() {
        eprintln!(
            "nestprobe: warning: this system does not allow disabling address-space randomisation; \
             stack-bound limits may vary between runs (use --repeat to see by how much)"
        );
    }
}

/// With `--verbose`, one stderr line per trial; otherwise nothing.
fn trial_printer(verbose: bool) -> impl FnMut(u64, &TrialReport) {
    move |depth, report| {
        if verbose {
            eprintln!(
                "  depth {depth:>9}: {} ({:.2} s)",
                report.outcome.describe(),
                report.wall.as_secs_f64()
            );
        }
    }
}

pub fn print_json(value: &impl serde::Serialize) -> Result<()> {
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}
