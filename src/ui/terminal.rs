//! Text from parser programs (their stderr, in outcomes and errors) is untrusted: printed raw, an
//! escape sequence would clear the screen or retitle the window, a NUL or a carriage return would
//! hide what came before. Everything nestprobe writes as text for a terminal goes through
//! [`visible`] first; JSON, markdown and HTML escape such bytes in their own way.

use std::borrow::Cow;

/// `text` with every control character (but newline and tab) and every bidirectional-override
/// character written as a visible escape (`\u{1b}`, `\0`, `\r`), so it shows instead of acting.
pub fn visible(text: &str) -> Cow<'_, str> {
    crate::untrusted::printable(text)
}
