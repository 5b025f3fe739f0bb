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
pub struct SetupLog {
    pub path: PathBuf,
}

impl SetupLog {
    /// The log in `build_dir`, emptied (a dry run writes nothing).
    pub fn new(build_dir: &Path, dry_run: bool) -> Result<SetupLog> {
        let path = build_dir.join("setup.log");
        if !dry_run {
            std::fs::create_dir_all(build_dir)
                .with_context(|| format!("cannot create {}", build_dir.display()))?;
            std::fs::write(&path, "").with_context(|| format!("cannot write {}", path.display()))?;
        }
        Ok(SetupLog { path })
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
            "  {what}: {} ({})",
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
