//! How a command ended, and the one place that turns that into the documented exit status and the
//! last words on stderr.

use std::process::ExitCode;

use crate::catalog::NoRowMatches;
use crate::cli::options::UsageError;
use crate::lock::Held;
use crate::results::output::NotARegularFile;
use crate::sys::interrupt;
use crate::ui::messages;
use crate::untrusted::InvalidInput;

/// How a command ended. Every subcommand returns one; [`Ending::finish`] maps it to the status the
/// README documents.
#[derive(Debug)]
pub enum Ending {
    /// Done: a result, a boundary found and verified, no limit up to the maximum, or a file made.
    Done,
    /// Measured, but no trustworthy number: outcomes disagreed (unstable), or the program exited 0
    /// without reading its whole input.
    Unreliable,
    /// Measured, but these expectations (`--fail-on`, `--expect-min-depth`, `--expect-max-depth`)
    /// failed. Takes precedence over `Unreliable`: an unstable result can break one too.
    ExpectationsFailed(Vec<String>),
    /// The command line was wrong.
    Usage(String),
    /// nestprobe could not do what it was asked (the program could not be started, fails even at
    /// depth 1, a file could not be read or written, …).
    Failed(anyhow::Error),
    /// Interrupted by SIGINT or SIGTERM; what was measured before is kept.
    Interrupted,
}

/// The documented exit statuses.
pub mod code {
    pub const DONE: u8 = 0;
    pub const FAILED: u8 = 1;
    pub const USAGE: u8 = 2;
    pub const UNRELIABLE: u8 = 3;
    pub const EXPECTATION_FAILED: u8 = 4;
    pub const INTERRUPTED: u8 = 130;
}

impl Ending {
    /// The ending of a measurement: its broken expectations first, then whether it is reliable.
    pub fn of_measurement(violations: Vec<String>, reliable: bool) -> Ending {
        match (violations.is_empty(), reliable) {
            (false, _) => Ending::ExpectationsFailed(violations),
            (true, true) => Ending::Done,
            (true, false) => Ending::Unreliable,
        }
    }

    pub fn code(&self) -> u8 {
        match self {
            Ending::Done => code::DONE,
            Ending::Failed(_) => code::FAILED,
            Ending::Usage(_) => code::USAGE,
            Ending::Unreliable => code::UNRELIABLE,
            Ending::ExpectationsFailed(_) => code::EXPECTATION_FAILED,
            Ending::Interrupted => code::INTERRUPTED,
        }
    }

    /// Says what the ending needs said on stderr, and gives the exit status.
    pub fn finish(self) -> ExitCode {
        let code = self.code();
        match self {
            Ending::Done | Ending::Unreliable => {}
            Ending::ExpectationsFailed(violations) => {
                violations.iter().for_each(messages::expectation_failed)
            }
            Ending::Usage(message) => messages::error(message),
            Ending::Failed(error) => messages::error(format_args!("{error:#}")),
            Ending::Interrupted => messages::interrupted(),
        }
        ExitCode::from(code)
    }
}

/// A command line the conversion in `cli` refused.
impl From<UsageError> for Ending {
    fn from(error: UsageError) -> Ending {
        Ending::Usage(error.to_string())
    }
}

/// An error of the core: an interruption if it stopped for Ctrl-C; a usage error if the input it
/// was given is wrong (a catalog row, a results file), or the command line named a row the catalog
/// does not have, a folder another nestprobe holds or an output that is not a regular file; else a
/// failure.
impl From<anyhow::Error> for Ending {
    fn from(error: anyhow::Error) -> Ending {
        if interrupt::is_interrupted(&error) {
            Ending::Interrupted
        } else if error.chain().any(|cause| cause.is::<InvalidInput>() || cause.is::<NoRowMatches>())
            || error.is::<Held>()
            || error.is::<NotARegularFile>()
        {
            Ending::Usage(format!("{error:#}"))
        } else {
            Ending::Failed(error)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectations_outrank_reliability() {
        assert_eq!(Ending::of_measurement(vec!["x".into()], false).code(), code::EXPECTATION_FAILED);
        assert_eq!(Ending::of_measurement(vec![], false).code(), code::UNRELIABLE);
        assert_eq!(Ending::of_measurement(vec![], true).code(), code::DONE);
    }

    #[test]
    fn a_held_folder_is_a_usage_error_even_inside_context() {
        let held =
            crate::lock::Held { path: "x/.lock".into(), folder: crate::lock::Folder::Out, holder: Some(7) };
        let ending = Ending::from(anyhow::Error::new(held).context("run"));
        assert_eq!(ending.code(), code::USAGE);
    }

    #[test]
    fn an_interruption_and_an_unknown_row_are_told_by_their_type_under_any_context() {
        let interrupted = anyhow::Error::new(interrupt::Interrupted).context("`build`").context("row x");
        assert_eq!(Ending::from(interrupted).code(), code::INTERRUPTED);
        let pattern = "nope".parse().unwrap();
        let typo = anyhow::Error::new(NoRowMatches { pattern, catalog: "c.toml".into() }).context("list");
        assert_eq!(Ending::from(typo).code(), code::USAGE);
        assert_eq!(Ending::from(anyhow::anyhow!("interrupted")).code(), code::FAILED);
        assert_eq!(Ending::from(UsageError::SarifWithoutLocation).code(), code::USAGE);
    }
}
