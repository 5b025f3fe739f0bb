//! Every line nestprobe writes on stderr goes out here: made visible (a line can quote a parser's
//! output), printed above the progress bars so that they do not tear, and held back by `--quiet`
//! unless it must be seen. The bars hang off the one [`MultiProgress`] here for the same reason.

use std::fmt::Display;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use indicatif::{MultiProgress, ProgressDrawTarget};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Set once, from the command line, before anything is printed.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::SeqCst);
}

pub(super) fn quiet() -> bool {
    QUIET.load(Ordering::SeqCst)
}

/// Every bar hangs off this one, so lines printed while bars are drawn do not tear them. Only
/// used when progress is drawn: otherwise indicatif is never touched (nothing to set up, and no
/// memory: a probe at depth five million must stay small).
pub(super) fn bars() -> Option<&'static MultiProgress> {
    static BARS: OnceLock<MultiProgress> = OnceLock::new();
    drawn().then(|| BARS.get_or_init(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr())))
}

/// Whether progress is drawn at all: not with --quiet, and only on a terminal.
fn drawn() -> bool {
    static TERMINAL: OnceLock<bool> = OnceLock::new();
    !quiet() && *TERMINAL.get_or_init(|| std::io::stderr().is_terminal())
}

/// A line of its own (progress lines of `run`, trial lines of `-v`), shown unless `--quiet`.
pub(super) fn plain(text: impl Display) {
    if !quiet() {
        line(text);
    }
}

/// One line on stderr, whatever `--quiet` says.
pub(super) fn line(text: impl Display) {
    let text = text.to_string();
    let shown = super::terminal::visible(&text);
    match bars() {
        Some(bars) => bars.suspend(|| eprintln!("{shown}")),
        None => eprintln!("{shown}"),
    }
}
