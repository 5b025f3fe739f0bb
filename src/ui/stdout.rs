//! What nestprobe prints on stdout: results as text or JSON, lists, generated files. A reader that
//! closes the pipe early (`nestprobe list | head -1`) ends the output quietly, as with ripgrep and
//! hyperfine: nothing more is written, and the command still ends with its own exit status.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;

static CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes `bytes` to stdout; a closed pipe is not an error (later writes are skipped).
pub fn write(bytes: &[u8]) -> Result<()> {
    if CLOSED.load(Ordering::SeqCst) {
        return Ok(());
    }
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
            CLOSED.store(true, Ordering::SeqCst);
            Ok(())
        }
        other => Ok(other?),
    }
}

/// Text for a person: what a parser printed in it is shown, not obeyed by the terminal.
pub fn text(shown: &str) -> Result<()> {
    write(crate::ui::terminal::visible(shown).as_bytes())
}

/// One line of text, like [`text`].
pub fn line(shown: impl std::fmt::Display) -> Result<()> {
    text(&format!("{shown}\n"))
}

/// A value as pretty JSON, then a newline.
pub fn json(value: &impl serde::Serialize) -> Result<()> {
    let mut text = serde_json::to_string_pretty(value)?;
    text.push('\n');
    write(text.as_bytes())
}
