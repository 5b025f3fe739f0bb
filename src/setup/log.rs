//! setup's log: each step's output kept for when it fails.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::Instant;

use anyhow::{Context, Result};

use super::builds::whole_seconds;
use crate::sys::task;
use crate::ui::messages;

/// Where the output of setup's steps goes: a person wants to see what is being installed, not
/// apt's and dpkg's thousands of lines; the log keeps them for when a step fails.
///
/// An environment with a root is set up beside the host, so it has a log of its own
/// (`setup-debian13.log`), and its steps' lines say where they ran.
pub struct SetupLog {
    pub path: PathBuf,
    /// ` (debian13)`, after each step's name; empty for the host's.
    place: String,
}

impl SetupLog {
    /// The host's log in `build_dir`, emptied (a dry run writes nothing).
    pub fn new(build_dir: &Path, dry_run: bool) -> Result<SetupLog> {
        SetupLog::create(build_dir.join("setup.log"), String::new(), dry_run)
    }

    /// The log of environment `id`, beside the host's.
    pub fn of_environment(build_dir: &Path, id: &str, dry_run: bool) -> Result<SetupLog> {
        SetupLog::create(build_dir.join(format!("setup-{id}.log")), format!(" ({id})"), dry_run)
    }

    fn create(path: PathBuf, place: String, dry_run: bool) -> Result<SetupLog> {
        if !dry_run {
            let folder = path.parent().unwrap_or(Path::new("."));
            std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
            std::fs::write(&path, "").with_context(|| format!("cannot write {}", path.display()))?;
        }
        Ok(SetupLog { path, place })
    }

    /// Runs one step with its output appended to the log; says on stderr what runs and how long
    /// it took.
    pub fn run(&self, command: &mut Command, what: &str) -> Result<ExitStatus> {
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&self.path)
            .with_context(|| format!("cannot write {}", self.path.display()))?;
        writeln!(file, "== {what}")?;
        command.stdout(file.try_clone()?).stderr(file);
        let started = Instant::now();
        let status = task::run(command, what, task::SETUP_TIMEOUT)?;
        messages::info(format_args!(
            "  {what}{}: {} ({})",
            self.place,
            if status.success() { "done" } else { "failed" },
            whole_seconds(started.elapsed().as_secs_f64())
        ));
        Ok(status)
    }

    /// The last lines of the log, for an error message.
    pub fn tail(&self) -> String {
        let text = std::fs::read_to_string(&self.path).unwrap_or_default();
        let lines: Vec<&str> =
            text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with("== ")).collect();
        lines[lines.len().saturating_sub(3)..].join(" / ")
    }
}
