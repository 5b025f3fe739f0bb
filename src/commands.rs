//! One function per subcommand: glue between the parsed command line, the core and the exporters.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;

use crate::cli::{Cli, Command, Format, ProbeCommandArgs, SweepArgs};
use crate::gate::Expectations;
use crate::interrupt::Interrupted;
use crate::output::{self, ProbeProgress};
use crate::probe::{probe, ProbeResult, ProbeStatus};
use crate::report::{badges, summary, text};
use crate::results::write_atomically;
use crate::sweep::sweep;
use crate::trial::aslr_can_be_disabled;

pub fn run(cli: Cli) -> Result<ExitCode> {
    output::set_quiet(cli.quiet);
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
    /// Measured, but an expectation (`--fail-on`, `--expect-min-depth`, `--expect-max-depth`)
    /// failed. Takes precedence over UNRELIABLE: an unstable result can break one too.
    pub const EXPECTATION_FAILED: u8 = 4;
    /// Interrupted by SIGINT or SIGTERM.
    pub const INTERRUPTED: u8 = 130;
}

fn probe_command(command: &ProbeCommandArgs) -> Result<ExitCode> {
    let args = &command.probe;
    let expectations = command.gate.expectations();
    if let Some(status) = undecidable(&expectations, args.trial.max_depth) {
        return Ok(status);
    }
    warn_if_aslr_stays_on(!args.trial.aslr);
    let spec = args.spec()?;
    let mut progress = ProbeProgress::new(args.verbose);
    let probed = probe(&spec, &mut progress);
    drop(progress);
    let result = match probed {
        Ok(result) => result,
        Err(error) if !error.is::<Interrupted>() => {
            // The files asked for say that there is no result, rather than keeping an old one.
            let label = badge_label(command, spec.format.name());
            if let Some(path) = &command.badge {
                write_atomically(path, &badges::probe_badge(&label, None)?)?;
            }
            if let Some(path) = &command.summary {
                summary::write(path, &summary::unmeasured(&spec.command, &format!("{error:#}")))?;
            }
            if args.format == Format::Json {
                // `--format json` always prints one object, also when there is no result.
                print_json(&serde_json::json!({ "command": spec.command, "error": format!("{error:#}") }))?;
                eprintln!("nestprobe: error: {error:#}");
                return Ok(ExitCode::from(exit::ERROR));
            }
            return Err(error);
        }
        Err(error) => return Err(error),
    };
    match args.format {
        Format::Json => print_json(&result)?,
        Format::Text => print!("{}", text::probe(&result)),
    }
    let violations = expectations.violations(&result);
    if let Some(path) = &command.badge {
        let label = badge_label(command, result.payload_format.name());
        write_atomically(path, &badges::probe_badge(&label, Some(&result))?)?;
    }
    if let Some(path) = &command.summary {
        summary::write(path, &summary::probe(&result, &expectations, &violations))?;
    }
    Ok(ExitCode::from(gate_status(&violations, reliability_status([&result]))))
}

fn badge_label(command: &ProbeCommandArgs, format: &str) -> String {
    command.badge_label.clone().unwrap_or_else(|| format!("nested {format}"))
}

/// Prints each failed expectation on stderr; EXPECTATION_FAILED if there is one, else `status`.
pub fn gate_status(violations: &[String], status: u8) -> u8 {
    for violation in violations {
        output::always(format_args!("nestprobe: expectation failed: {violation}"));
    }
    if violations.is_empty() {
        status
    } else {
        exit::EXPECTATION_FAILED
    }
}

/// USAGE, after saying why, when `--max-depth` cannot decide the expectations; checked before
/// anything is probed.
pub fn undecidable(expectations: &Expectations, max_depth: u64) -> Option<ExitCode> {
    let message = expectations.check_decidable(max_depth).err()?;
    eprintln!("nestprobe: error: {message}");
    Some(ExitCode::from(exit::USAGE))
}

fn sweep_command(args: &SweepArgs) -> Result<ExitCode> {
    warn_if_aslr_stays_on(!args.probe.trial.aslr);
    let mut progress = ProbeProgress::new(args.probe.verbose);
    let swept = sweep(&args.probe.spec()?, &args.stacks, &mut progress);
    drop(progress);
    let result = swept?;
    match args.probe.format {
        Format::Json => print_json(&result)?,
        Format::Text => print!("{}", text::sweep(&result)),
    }
    Ok(ExitCode::from(reliability_status(&result.probes)))
}

/// MEASURED when every probe has an answer (an exact boundary, no limit, or slow), else UNRELIABLE.
fn reliability_status<'a>(results: impl IntoIterator<Item = &'a ProbeResult>) -> u8 {
    if results.into_iter().all(|r| matches!(r.status, ProbeStatus::Exact | ProbeStatus::Slow)) {
        exit::MEASURED
    } else {
        exit::UNRELIABLE
    }
}

pub fn warn_if_aslr_stays_on(wanted_off: bool) {
    if wanted_off && !aslr_can_be_disabled() {
        output::always(
            "nestprobe: warning: this system does not allow disabling address-space randomisation; \
             stack-bound limits may vary between runs (use --repeat to see by how much)",
        );
    }
}

pub fn print_json(value: &impl serde::Serialize) -> Result<()> {
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}
