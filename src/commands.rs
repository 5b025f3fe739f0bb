//! One function per subcommand: glue between the parsed command line, the core and the exporters.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{Cli, Command, Format, ProbeArgs, SweepArgs};
use crate::probe::probe;
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

fn probe_command(args: &ProbeArgs) -> Result<ExitCode> {
    warn_if_aslr_stays_on(!args.trial.aslr);
    let mut progress = trial_printer(args.verbose);
    let result = probe(&args.spec(), &mut progress)?;
    match args.format {
        Format::Json => print_json(&result)?,
        Format::Text => print!("{}", text::probe(&result)),
    }
    Ok(ExitCode::SUCCESS)
}

fn sweep_command(args: &SweepArgs) -> Result<ExitCode> {
    warn_if_aslr_stays_on(!args.probe.trial.aslr);
    let mut progress = trial_printer(args.probe.verbose);
    let result = sweep(&args.probe.spec(), &args.stacks, &mut progress)?;
    match args.probe.format {
        Format::Json => print_json(&result)?,
        Format::Text => print!("{}", text::sweep(&result)),
    }
    Ok(ExitCode::SUCCESS)
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
