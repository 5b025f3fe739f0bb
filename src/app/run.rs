//! `run`, `merge` and `render`: the catalog's results.

use std::path::Path;
use std::time::Instant;

use anyhow::Result;

use super::exit::Ending;
use super::host_context::{warn_if_aslr_stays_on, workflow_ref};
use crate::cli::options::{RenderCommand, RunCommand};
use crate::cli::{MergeArgs, RenderArgs, RunArgs};
use crate::lock::{Folder, FolderLock};
use crate::report;
use crate::results::output;
use crate::results::Results;
use crate::run::publish;
use crate::ui::{messages, stdout};

pub fn run(args: &RunArgs) -> Result<Ending> {
    let RunCommand { options, exports, timings } = match args.command(workflow_ref().as_deref()) {
        Ok(command) => command,
        Err(usage) => return Ok(usage.into()),
    };
    // Held before anything is measured, until the run ends.
    let _out = match &options.json_only {
        Some(path) => {
            hold_out(path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")))?
        }
        None => hold_out(&options.out)?,
    };
    output::write_target(options.json_only.as_ref().unwrap_or(&options.out.join("results.json")))?;
    let _build = hold_build_dir(&options.build_dir)?;
    warn_if_aslr_stays_on(!options.trial.aslr);
    let started = Instant::now();
    let outcome = crate::run::run(&options)?;
    if let Some(path) = &options.json_only {
        messages::info(format_args!("wrote {}", path.display()));
    }
    // From the results the run wrote: every row of them, as the reports show them.
    let written = options.json_only.clone().unwrap_or_else(|| options.out.join("results.json"));
    let results = Results::load(&written)?;
    exports.write(&report::exports::cases(&results))?;
    let keys: Vec<String> = outcome.measured.iter().map(|record| record.key()).collect();
    messages::info(format_args!(
        "{} in {}",
        report::model::overview::run_summary(&results, &keys),
        humantime::format_duration(std::time::Duration::from_secs(started.elapsed().as_secs()))
    ));
    if timings {
        stdout::text(&report::terminal::timings::table(&outcome.measured, outcome.writing_seconds))?;
    }
    if outcome.interrupted {
        return Ok(Ending::Interrupted);
    }
    Ok(Ending::of_measurement(outcome.violations, true))
}

pub fn merge(args: &MergeArgs) -> Result<Ending> {
    let options = args.options();
    let _out = hold_out(&options.out)?;
    output::write_target(&options.out.join("results.json"))?;
    publish::merge(&options)?;
    Ok(Ending::Done)
}

pub fn render(args: &RenderArgs) -> Result<Ending> {
    let RenderCommand { results, catalog, out, readme } = args.command();
    let catalog = catalog.map(|path| crate::catalog::Catalog::load(&path)).transpose()?;
    let _out = hold_out(&out)?;
    publish::render(&results, catalog.as_ref(), &out, &readme)?;
    Ok(Ending::Done)
}

/// Holds the folder a command writes results and reports to, until the lock is dropped, and
/// removes the temporary files an earlier command, killed while writing, left there.
fn hold_out(out: &Path) -> Result<FolderLock> {
    let lock = FolderLock::acquire(out, Folder::Out)?;
    let dirs = [report::model::files::BADGES_DIR, report::model::files::CHARTS_DIR];
    for dir in [out.to_path_buf()].into_iter().chain(dirs.map(|dir| out.join(dir))) {
        let removed = output::remove_leftovers(&dir)?;
        if removed > 0 {
            messages::info(format_args!(
                "removed {removed} temporary files an interrupted run left in {}",
                dir.display()
            ));
        }
    }
    Ok(lock)
}

/// Holds the build folder for the run. A folder that cannot hold a lock file (not writable, not
/// a folder) is no reason to stop: each row then says why it could not be built or measured, and a
/// row measured before keeps its record.
fn hold_build_dir(build_dir: &Path) -> Result<Option<FolderLock>> {
    match FolderLock::acquire(build_dir, Folder::Build) {
        Ok(lock) => Ok(Some(lock)),
        Err(error) if error.is::<crate::lock::Held>() => Err(error),
        Err(error) => {
            messages::warn(format_args!("--build-dir is not usable: {error:#}"));
            Ok(None)
        }
    }
}
