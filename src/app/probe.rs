//! `probe` and `sweep`: one parser program, from the command line.

use anyhow::Result;

use super::exit::Ending;
use super::{undecidable, warn_if_aslr_stays_on, workflow_ref};
use crate::cli::options::UsageError;
use crate::cli::{Format, ProbeArgs, ProbeCommandArgs, SweepArgs};
use crate::probe::{probe as probe_program, sweep::sweep as sweep_program, ProbeSpec};
use crate::report::exports::{self, Exports};
use crate::report::{badges, summary, text};
use crate::results::probe_result::{ProbeResult, ProbeStatus};
use crate::results::{output, write_atomically, Versioned};
use crate::sys::containment;
use crate::ui::progress::ProbeProgress;
use crate::ui::stdout;

pub fn probe(command: &ProbeCommandArgs) -> Result<Ending> {
    let args = &command.probe;
    let expectations = command.gate.expectations();
    if let Some(ending) = undecidable(&expectations, args.trial.max_depth) {
        return Ok(ending);
    }
    let exports = match command.exports.exports(workflow_ref().as_deref()) {
        Ok(exports) => exports,
        Err(usage) => return Ok(Ending::Usage(usage.0)),
    };
    let spec = match checked_spec(args)? {
        Ok(spec) => spec,
        Err(usage) => return Ok(usage),
    };
    // Refused before the probe, not after it: an output that is not a regular file.
    for path in command.badge.iter().chain(&command.summary) {
        output::write_target(path)?;
    }
    warn_if_aslr_stays_on(!args.trial.aslr);
    let mut progress = ProbeProgress::new(args.verbose);
    let probed = probe_program(&spec, &mut progress);
    drop(progress);
    let mut result = match probed {
        Ok(result) => result,
        Err(error) => return no_result(command, &spec, &exports, error),
    };
    crate::probe::locate_crash(&spec, &mut result);
    match args.format {
        Format::Json => stdout::json(&Versioned::contained(&result, containment::current()))?,
        Format::Text => stdout::text(&text::probe(&result))?,
    }
    let violations = expectations.violations(&result);
    if let Some(path) = &command.badge {
        let label = badge_label(command, result.payload_format.name());
        write_atomically(path, &badges::probe_badge(&label, Some(&result), !violations.is_empty())?)?;
    }
    if let Some(path) = &command.summary {
        summary::write(path, &summary::probe(&result, &expectations, &violations))?;
    }
    exports.write(&[exports::probe_case(&result)])?;
    Ok(Ending::of_measurement(violations, reliable([&result])))
}

/// The probe's spec, or the usage error that keeps it from being made.
fn checked_spec(args: &ProbeArgs) -> Result<Result<ProbeSpec, Ending>> {
    match args.spec() {
        Ok(spec) => Ok(Ok(spec)),
        Err(error) => match error.downcast::<UsageError>() {
            Ok(usage) => Ok(Err(Ending::Usage(usage.0))),
            Err(error) => Err(error),
        },
    }
}

/// No result: the files asked for say so rather than keeping an old one, and `--format json` still
/// prints one object.
fn no_result(
    command: &ProbeCommandArgs,
    spec: &ProbeSpec,
    exports: &Exports,
    error: anyhow::Error,
) -> Result<Ending> {
    let ending = Ending::from(error);
    let Ending::Failed(error) = &ending else { return Ok(ending) };
    exports.write(&[exports::unprobed_case(&spec.command, spec.format, format!("{error:#}"))])?;
    if let Some(path) = &command.badge {
        let label = badge_label(command, spec.format.name());
        write_atomically(path, &badges::probe_badge(&label, None, false)?)?;
    }
    if let Some(path) = &command.summary {
        summary::write(path, &summary::unmeasured(&spec.command, &format!("{error:#}")))?;
    }
    if command.probe.format == Format::Json {
        stdout::json(&Versioned::new(
            &serde_json::json!({ "command": spec.command, "error": format!("{error:#}") }),
        ))?;
    }
    Ok(ending)
}

fn badge_label(command: &ProbeCommandArgs, format: &str) -> String {
    command.badge_label.clone().unwrap_or_else(|| format!("nested {format}"))
}

pub fn sweep(args: &SweepArgs) -> Result<Ending> {
    let spec = match checked_spec(&args.probe)? {
        Ok(spec) => spec,
        Err(usage) => return Ok(usage),
    };
    warn_if_aslr_stays_on(!args.probe.trial.aslr);
    let mut progress = ProbeProgress::new(args.probe.verbose);
    let swept = sweep_program(&spec, &args.stacks, &mut progress);
    drop(progress);
    let result = swept?;
    match args.probe.format {
        Format::Json => stdout::json(&Versioned::contained(&result, containment::current()))?,
        Format::Text => stdout::text(&text::sweep(&result))?,
    }
    Ok(Ending::of_measurement(Vec::new(), reliable(&result.probes)))
}

/// Whether every probe has an answer: an exact boundary, no limit, or slow.
fn reliable<'a>(results: impl IntoIterator<Item = &'a ProbeResult>) -> bool {
    results.into_iter().all(|r| matches!(r.status, ProbeStatus::Exact | ProbeStatus::Slow))
}
