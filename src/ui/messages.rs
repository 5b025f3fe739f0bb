//! Lines on stderr, each with the `nestprobe: ` prefix written here once (like ripgrep's
//! messages.rs). `--quiet` silences informational lines; warnings, errors and failed expectations
//! are always shown. While progress bars are drawn, lines are printed above them without tearing.

use std::fmt::Display;
use std::sync::atomic::{AtomicBool, Ordering};

const PREFIX: &str = "nestprobe: ";

static QUIET: AtomicBool = AtomicBool::new(false);

/// Set once, from the command line, before anything is printed.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::SeqCst);
}

pub fn quiet() -> bool {
    QUIET.load(Ordering::SeqCst)
}

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

/// A line of its own (progress lines of `run`, trial lines of `-v`), shown unless `--quiet`.
pub fn plain(text: impl Display) {
    if !quiet() {
        line(text);
    }
}

/// Every line on stderr: a message can quote a parser's output (an error line, a build log).
fn line(text: impl Display) {
    let text = text.to_string();
    let shown = crate::ui::terminal::visible(&text);
    crate::ui::progress::above_bars(|| eprintln!("{shown}"));
}
