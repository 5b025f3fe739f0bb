//! Lines on stderr, each with the `nestprobe: ` prefix written here once (like ripgrep's
//! messages.rs). `--quiet` silences informational lines; warnings, errors and failed expectations
//! are always shown. While progress bars are drawn, lines are printed above them without tearing.

use std::fmt::Display;

use super::stderr::{line, quiet};

const PREFIX: &str = "nestprobe: ";

/// An informational line: what was made or written, what is being installed.
pub fn info(message: impl Display) {
    if !quiet() {
        line(format_args!("{PREFIX}{message}"));
    }
}

/// Something the user should know that does not stop the command.
pub fn warn(message: impl Display) {
    line(format_args!("{PREFIX}warning: {message}"));
}

/// Why the command could not do what it was asked.
pub fn error(message: impl Display) {
    line(format_args!("{PREFIX}error: {message}"));
}

/// The last word of a command stopped by SIGINT or SIGTERM.
pub fn interrupted() {
    line(format_args!("{PREFIX}interrupted"));
}

/// One expectation (`--fail-on`, `--expect-min-depth`, `--expect-max-depth`) the result broke.
pub fn expectation_failed(message: impl Display) {
    line(format_args!("{PREFIX}expectation failed: {message}"));
}
