//! From clap's arguments to the core's option structs, validated once; and the value parsers whose
//! messages clap would otherwise word for a programmer ("0 is not in 1..18446744073709551615").

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::{bail, Result};

use super::{CatalogArgs, ExportArgs, GateArgs, ProbeArgs, RunArgs, TrialArgs};
use crate::gate::Expectations;
use crate::probe::options::{TrialOptions, MAX_DEPTH_BOUND};
use crate::probe::ProbeSpec;
use crate::report::exports::Exports;
use crate::report::sarif::workflow_file;
use crate::run::plan::Selection;
use crate::run::{Baseline, Noise, RunOptions};
use crate::sys::child_env::{find_program, ChildEnv, Stage, FIXED_PATH};
use crate::sys::launcher::Launcher;
use crate::units::thousands;

/// A command line that parses but asks for something impossible (a shape the payload format does
/// not have, say): exit status 2, like clap's own errors.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A whole number of at least 1 (depths, repeats, shard counts).
pub fn at_least_one<T: FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        Ok(_) => Err(format!("must be at least 1, got {text}")),
        Err(_) => Err(format!("expected a whole number of at least 1, got {text:?}")),
    }
}

/// A depth: a whole number from 1 to [`MAX_DEPTH_BOUND`] (a deeper one would search for ever).
pub fn depth(text: &str) -> Result<u64, String> {
    let depth = at_least_one::<u64>(text)?;
    if depth > MAX_DEPTH_BOUND {
        return Err(format!(
            "must be at most {} (the deepest nestprobe tries), got {text}",
            thousands(MAX_DEPTH_BOUND)
        ));
    }
    Ok(depth)
}

/// A path that names something: an empty one would silently mean the current folder.
pub fn path(text: &str) -> Result<PathBuf, String> {
    if text.trim().is_empty() {
        Err("expected a path, got an empty string".into())
    } else {
        Ok(PathBuf::from(text))
    }
}

impl TrialArgs {
    pub fn options(&self) -> TrialOptions {
        TrialOptions {
            stack: self.stack,
            timeout: self.timeout,
            max_depth: self.max_depth,
            memory: self.memory,
            max_rss: self.max_rss,
            aslr: self.aslr,
            env: self.env.clone(),
            inherit_env: self.inherit_env,
        }
    }
}

impl GateArgs {
    pub fn expectations(&self) -> Expectations {
        Expectations {
            fail_on: self.fail_on.clone(),
            min_depth: self.expect_min_depth,
            max_depth: self.expect_max_depth,
        }
    }
}

impl ExportArgs {
    /// The files asked for. SARIF results need a repository file to point at: the one given, else
    /// the workflow file of GitHub Actions (`workflow_ref`: `GITHUB_WORKFLOW_REF`); outside Actions
    /// without `--sarif-location` it is a usage error.
    pub fn exports(&self, workflow_ref: Option<&str>) -> Result<Exports, UsageError> {
        let sarif = match &self.sarif {
            None => None,
            Some(path) => {
                let location = self.sarif_location.clone().or_else(|| workflow_ref.and_then(workflow_file));
                let location = location.ok_or_else(|| {
                    UsageError(
                        "--sarif needs --sarif-location FILE (a file of the repository for its results to \
                         point at) outside GitHub Actions"
                            .into(),
                    )
                })?;
                Some((path.clone(), location))
            }
        };
        Ok(Exports { junit: self.junit.clone(), sarif })
    }
}

impl ProbeArgs {
    /// The probe this command line asks for. A shape the payload format does not have (or a depth
    /// it cannot spell) is a usage error; a folder that cannot be made is not.
    pub fn spec(&self) -> Result<ProbeSpec> {
        let shape = self.shape.unwrap_or(self.payload.main_shape());
        self.payload.check(shape, self.trial.max_depth).map_err(UsageError)?;
        let stage = Stage::for_key(Path::new("probe"))?;
        let home = stage.dir("home")?;
        let options = self.trial.options();
        // Trials at once share the resident-memory budget as a run's parsers do.
        let jobs = self.jobs.unwrap_or_else(crate::host::cpus);
        let mut trial =
            options.trial_config(self.command.clone(), ChildEnv::fixed(&home), options.max_rss.resolve(jobs));
        // Results show the command as given, and the file that ran; the child runs it through
        // fixed-length links (paths inside an environment's root are the root's own, and stay as
        // they are).
        let command_line = trial.command_line();
        let program = self.program()?;
        match &self.root {
            Some(root) => trial.launcher = Launcher::jail(&crate::catalog::absolute(root), &[])?,
            None => {
                if let Some(found) = &program {
                    trial.argv[0] = found.clone().into_os_string();
                }
                trial.argv = stage.fixed_length_argv(&trial.argv)?;
            }
        }
        let mut spec = ProbeSpec::new(trial.clone(), command_line, self.payload, shape, options.max_depth);
        spec.program = program.map(|path| path.to_string_lossy().into_owned());
        spec.error_status = self.error_status.clone();
        spec.hint = self.hint;
        spec.repeat = self.repeat;
        spec.jobs = jobs;
        Ok(match self.phase {
            Some(phase) => spec.with_phase(phase),
            None => spec,
        })
    }
}

impl ProbeArgs {
    /// The file the command runs, when it names its program by a bare name: found on the caller's
    /// PATH (what `python3` means in their shell: a virtualenv's, pyenv's), or inside `--root` on
    /// the fixed PATH there (named by its path inside the root). A name found nowhere is an error.
    fn program(&self) -> Result<Option<PathBuf>> {
        let name = &self.command[0];
        if name.as_encoded_bytes().contains(&b'/') {
            return Ok(None);
        }
        let root = self.root.as_deref().map(crate::catalog::absolute);
        let (search_path, where_) = match &root {
            Some(root) => {
                (OsString::from(FIXED_PATH), format!("on the fixed PATH inside {}", root.display()))
            }
            None => (std::env::var_os("PATH").unwrap_or_default(), "on PATH".to_string()),
        };
        match find_program(name, &search_path, root.as_deref()) {
            Some(found) => Ok(Some(found)),
            None => bail!("cannot find the program `{}` {where_}", name.to_string_lossy()),
        }
    }
}

impl CatalogArgs {
    pub fn selection(&self) -> Selection {
        Selection { only: self.only.clone(), shard: self.shard, costs: self.costs.clone() }
    }
}

impl RunArgs {
    pub fn options(&self) -> RunOptions {
        RunOptions {
            catalog: self.catalog.catalog.clone(),
            selection: self.catalog.selection(),
            build_dir: self.catalog.build_dir.clone(),
            trial: self.trial.options(),
            jobs: self.jobs,
            baseline: match (&self.baseline, self.cold || self.remeasure) {
                (_, true) => Baseline::Cold,
                (Some(path), false) => Baseline::File(path.clone()),
                (None, false) => Baseline::Previous,
            },
            quick: self.quick,
            noise: if self.remeasure { Noise::Written } else { Noise::Confirmed },
            expectations: self.gate.expectations(),
            json_only: self.json_only.clone(),
            out: self.out.clone(),
            readme: super::readme_in(&self.readme, &self.out),
        }
    }
}
