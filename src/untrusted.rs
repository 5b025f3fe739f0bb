//! Text that comes from outside nestprobe — catalog rows, results files, what parser programs print
//! (versions, stderr) — checked or cleaned once where it enters: ids that become file names, lines
//! that go into every report, characters a terminal would obey. A check that fails is
//! [`InvalidInput`]: a usage error (exit status 2), one line naming the input and the reason.

use std::borrow::Cow;

/// The longest id of a row (or environment) in bytes: ids become file names (`badges/<id>.svg`,
/// build folders), which must stay well under the 255 bytes a file name may have.
pub const MAX_ID_BYTES: usize = 100;

/// The longest line kept from a program's output where one line is recorded (a version), in bytes;
/// longer ones are cut and end with `…`.
pub const MAX_LINE_BYTES: usize = 200;

/// Input that nestprobe refuses (a catalog row, a results file): the command was asked for
/// something wrong, as with a bad option, so it ends with exit status 2.
#[derive(Debug)]
pub struct InvalidInput(pub String);

impl std::fmt::Display for InvalidInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidInput {}

/// Why `id` cannot name a row, if it cannot: it must be `[a-z0-9][a-z0-9._-]*` and at most
/// [`MAX_ID_BYTES`] long, so that as a file name it stays inside its folder (no `/`, no `..`, no
/// leading dot or dash) and fits.
pub fn check_id(id: &str) -> Result<(), String> {
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '_' | '-');
    let starts_well = id.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit());
    if !starts_well || !id.chars().all(allowed) {
        return Err(format!(
            "id {:?} must be lowercase letters, digits, `.`, `_` and `-`, starting with a letter or digit",
            printable(id)
        ));
    }
    if id.len() > MAX_ID_BYTES {
        return Err(format!("id {:?}… is {} bytes long, more than {MAX_ID_BYTES}", &id[..20], id.len()));
    }
    Ok(())
}

/// Whether a terminal would act on `c` rather than show it: control characters (C0 and C1: ESC,
/// BEL, BS, CR, NUL, …) but newline and tab, and the bidirectional marks, embeddings, overrides and
/// isolates that reorder what follows them.
pub fn acts(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character a terminal would act on written as a visible escape (`\u{1b}`,
/// `\r`), so it shows instead of acting, in a terminal, a table or a page.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if acts(c) {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// One line of a program's output made fit for every report: printable, and cut at `max_bytes`
/// (on a character boundary) with `…` when longer.
pub fn short_line(line: &str, max_bytes: usize) -> String {
    let line = printable(line.trim());
    if line.len() <= max_bytes {
        return line.into_owned();
    }
    let mut end = max_bytes;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &line[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_short_file_names_that_stay_in_their_folder() {
        for good in ["c-x", "json-c", "python3.12", "a_b", "0x", "x".repeat(MAX_ID_BYTES).as_str()] {
            assert_eq!(check_id(good), Ok(()), "{good}");
        }
        for bad in ["", "..", ".hidden", "-x", "_x", "a/b", "../x", "A", "c x", "ü", "a\u{1b}b"] {
            assert!(check_id(bad).is_err(), "{bad:?}");
        }
        let long = "x".repeat(MAX_ID_BYTES + 1);
        assert!(check_id(&long).unwrap_err().contains("101 bytes long, more than 100"));
        assert!(check_id("a\u{1b}[2J").unwrap_err().contains("\\u{1b}"));
    }

    #[test]
    fn control_characters_are_shown_not_obeyed() {
        assert_eq!(printable("plain text\n\twith a tab"), "plain text\n\twith a tab");
        assert!(matches!(printable("plain"), Cow::Borrowed(_)));
        assert_eq!(printable("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(printable("nul\0 bell\u{7} bs\u{8} cr\r"), "nul\\u{0} bell\\u{7} bs\\u{8} cr\\r");
        assert_eq!(printable("c1\u{9b}2J"), "c1\\u{9b}2J");
        assert_eq!(printable("rtl\u{202e}txt\u{2067}"), "rtl\\u{202e}txt\\u{2067}");
        assert_eq!(printable("ünïcödé ✓"), "ünïcödé ✓");
    }

    #[test]
    fn long_lines_are_cut_on_a_character_boundary() {
        assert_eq!(short_line("  1.2.3 \n", 200), "1.2.3");
        let long = "é".repeat(150);
        let cut = short_line(&long, MAX_LINE_BYTES);
        assert!(cut.ends_with('…') && cut.len() <= MAX_LINE_BYTES + '…'.len_utf8(), "{cut}");
        assert_eq!(short_line("v\u{1b}[31m1", 200), "v\\u{1b}[31m1");
    }
}
