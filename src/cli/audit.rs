//! `nestprobe audit`'s arguments.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::{values, BuildDirArgs, TrialArgs};

/// What `audit` writes on stdout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AuditFormat {
    Text,
    Json,
    Sarif,
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Lockfiles, SBOMs (CycloneDX, SPDX JSON), dpkg status files, or folders: a folder's lockfiles,
    /// or a system root's var/lib/dpkg/status [default: the lockfiles in the current folder]
    #[arg(value_parser = values::path, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The atlas to match against [default: $NESTPROBE_RESULTS, else the results.json of the
    /// nestprobe checkout this binary was built from, else ./results.json]
    #[arg(value_parser = values::path, long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// The catalog whose rows name their packages, for a results.json written before it had them
    /// [default: parsers/catalog.toml beside the results, where it exists]
    #[arg(value_parser = values::path, long, value_name = "FILE")]
    pub catalog: Option<PathBuf>,
    /// Output format: a table to read, JSON for tools, or SARIF 2.1.0 for code scanning (each
    /// result at the lockfile's line)
    #[arg(long, value_enum, default_value_t = AuditFormat::Text)]
    pub format: AuditFormat,
    /// Also write the findings as JUnit XML to this file
    #[arg(value_parser = values::path, long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Exit 4 when a locked release has one of these outcomes (comma-separated: crash,
    /// exhausts-memory, exhausts-time, unstable, clean-error, no-limit, flattened, server-error,
    /// refused-by-size, unresponsive; `unmeasured`: a release the atlas did not measure)
    #[arg(long, value_name = "OUTCOMES", value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(crate::audit::output::OUTCOMES))]
    pub fail_on: Vec<String>,
    /// Exit 4 when a locked release fails at a depth below N
    #[arg(long, value_name = "N", value_parser = values::depth)]
    pub min_depth: Option<u64>,
    /// Measure each locked npm, PyPI or crates.io release the atlas has not measured, with its
    /// row's program (as `history` does), caching what it measured under --build-dir
    #[arg(long)]
    pub measure: bool,
    #[command(flatten)]
    pub build: BuildDirArgs,
    #[command(flatten)]
    pub trial: TrialArgs,
}
