//! `run`, `merge` and `render`: the catalog's results.

use std::time::Instant;

use anyhow::Result;

use super::exit::Ending;
use super::{undecidable, warn_if_aslr_stays_on, workflow_ref};
use crate::cli::{MergeArgs, RenderArgs, RunArgs};
use crate::report;
use crate::results::Results;
use crate::run::publish::{self, MergeOptions};
use crate::sys::interrupt;
use crate::ui::{messages, stdout};

pub fn run(args: &RunArgs) -> Result<Ending> {
    let options = args.options();
    if let Some(ending) = undecidable(&options.expectations, options.trial.max_depth) {
        return Ok(ending);
    }
    let exports = match args.exports.exports(workflow_ref().as_deref()) {
        Ok(exports) => exports,
        Err(usage) => return Ok(Ending::Usage(usage.0)),
    };
    warn_if_aslr_stays_on(!options.trial.aslr);
    let started = Instant::now();
    let outcome = crate::run::run(&options)?;
    if let Some(path) = &options.json_only {
        messages::info(format_args!("wrote {}", path.display()));
    }
    // From the results the run wrote: every row of them, as the reports show them.
    let written = options.json_only.clone().unwrap_or_else(|| options.out.join("results.json"));
    exports.write(&report::exports::cases(&Results::load(&written)?))?;
    messages::info(format_args!(
        "{} in {}",
        report::run_summary(&outcome.measured),
        humantime::format_duration(std::time::Duration::from_secs(started.elapsed().as_secs()))
    ));
    if args.timings {
        stdout::text(&report::timings::table(&outcome.measured, outcome.writing_seconds))?;
    }
    if interrupt::requested() {
        return Ok(Ending::Interrupted);
    }
    Ok(Ending::of_measurement(outcome.violations, true))
}

pub fn merge(args: &MergeArgs) -> Result<Ending> {
    publish::merge(&MergeOptions {
        inputs: args.inputs.clone(),
        keep: args.keep,
        catalog: args.catalog.clone(),
        out: args.out.clone(),
        readme: crate::cli::readme_in(&args.readme, &args.out),
    })?;
    Ok(Ending::Done)
}

pub fn render(args: &RenderArgs) -> Result<Ending> {
    publish::render(&args.results, &args.out, &crate::cli::readme_in(&args.readme, &args.out))?;
    Ok(Ending::Done)
}
