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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_not_obeyed() {
        assert_eq!(visible("plain text\n\twith a tab"), "plain text\n\twith a tab");
        assert!(matches!(visible("plain"), Cow::Borrowed(_)));
        assert_eq!(visible("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(visible("nul\0 bell\u{7} cr\r"), "nul\\u{0} bell\\u{7} cr\\r");
        assert_eq!(visible("c1\u{9b}2J"), "c1\\u{9b}2J");
        assert_eq!(visible("rtl\u{202e}txt"), "rtl\\u{202e}txt");
        assert_eq!(visible("ünïcödé ✓"), "ünïcödé ✓");
    }
}
