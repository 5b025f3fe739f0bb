//! Every escaping the reports do, one function per markup language: text from parsers, the catalog
//! or results.json is untrusted, and reaches a report only through one of these.

use serde::Serialize;

use crate::untrusted::{acts, printable};

/// Text safe between tags and inside double- or single-quoted attributes.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Text that got here unchecked still shows its control characters instead of carrying them.
    for c in printable(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Text safe in XML 1.0: escaped, and the control characters it cannot hold at all (a program's
/// stderr may have escape sequences, bells, NULs) replaced.
pub fn escape_xml(text: &str) -> String {
    let allowed = |c: char| !c.is_control() || matches!(c, '\t' | '\n' | '\r');
    escape_html(&text.chars().map(|c| if allowed(c) { c } else { '\u{FFFD}' }).collect::<String>())
}

/// JSON that can sit inside `<script type="application/json">`: no `<`, `>` or `&` survives, so no
/// `</script>` or `<!--` can end or bend the element early; JSON.parse reads the `\u` escapes back.
pub fn json_for_script<T: Serialize>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("page data serializes");
    let json = json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026");
    // JSON escapes C0 controls itself; C1 controls and bidirectional overrides (only ever inside
    // strings) are escaped too, so the page holds none raw.
    json.chars().fold(String::with_capacity(json.len()), |mut out, c| {
        if acts(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
        out
    })
}

/// The longest a table cell's text may be in the markdown outputs (README block, results.md).
pub const MAX_CELL: usize = 160;

/// `text` cut to at most `max` characters at a word boundary, with `…` where it was cut (C++
/// names and stderr run long); a single word longer than `max` is cut inside it.
pub fn cut_at_word(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    // Room for the `…`.
    let head: String = text.chars().take(max.saturating_sub(1)).collect();
    let at_word = match head.rfind(char::is_whitespace) {
        Some(at) if at > 0 => head[..at].trim_end(),
        _ => head.as_str(),
    };
    format!("{at_word}…")
}

/// Makes text from parsers, the catalog or results.json (all untrusted: stderr lines, versions,
/// notes) safe in a markdown table cell: it stays one cell on one line and shows as typed, never as
/// markup or HTML. Backslashes are doubled so the text cannot cancel the escapes added here, and `|`
/// is escaped everywhere since GFM splits cells at it even inside code spans.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            '&' => out.push_str("&amp;"),
            '|' => out.push_str("\\|"),
            '`' => out.push_str("\\`"),
            '<' => out.push_str("&lt;"),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\r' | '\n' => out.push(' '),
            // Any other control character shows as its escape (`\u{1b}`), backslash doubled.
            c if acts(c) => out.push_str(&c.escape_default().to_string().replace('\\', "\\\\")),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_cut_at_a_word_boundary() {
        assert_eq!(cut_at_word("short", 10), "short");
        assert_eq!(cut_at_word("parse_value → parse_array (recursing)", 20), "parse_value →…");
        assert_eq!(cut_at_word("averyveryverylongword", 8), "averyve…");
        let long = "word ".repeat(100);
        let cut = cut_at_word(&long, MAX_CELL);
        assert!(cut.chars().count() <= MAX_CELL && cut.ends_with("word…"), "{cut}");
    }

    #[test]
    fn escaping_html_and_script_data() {
        assert_eq!(
            escape_html("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
        let json = json_for_script(&["</script><!--", "a&b"]);
        assert_eq!(json, r#"["\u003c/script\u003e\u003c!--","a\u0026b"]"#);
        let back: Vec<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, ["</script><!--", "a&b"]);
        // Control characters show as escapes, in text and in the page's data alike.
        assert_eq!(escape_html("a\u{1b}[2J\u{202e}b"), "a\\u{1b}[2J\\u{202e}b");
        let json = json_for_script(&["\u{1b}\u{9b}\u{202e}"]);
        assert_eq!(json, r#"["\u001b\u009b\u202e"]"#);
        assert_eq!(serde_json::from_str::<Vec<String>>(&json).unwrap(), ["\u{1b}\u{9b}\u{202e}"]);
    }

    #[test]
    fn control_characters_are_replaced_and_markup_escaped() {
        assert_eq!(escape_xml("a<b>&\"\u{1b}[2J\u{0}\t\n"), "a&lt;b&gt;&amp;&quot;\u{FFFD}[2J\u{FFFD}\t\n");
    }

    #[test]
    fn cells_escape_untrusted_text() {
        assert_eq!(escape_markdown("plain 1.2.3-4+deb12u1 (runtime)"), "plain 1.2.3-4+deb12u1 (runtime)");
        assert_eq!(escape_markdown("a|b"), "a\\|b");
        assert_eq!(escape_markdown("`code`"), "\\`code\\`");
        assert_eq!(escape_markdown("<script>alert(1)</script>"), "&lt;script>alert(1)&lt;/script>");
        assert_eq!(escape_markdown("one\ntwo\r\nthree\rfour"), "one two three four");
        assert_eq!(escape_markdown("&lt;"), "&amp;lt;");
        // A backslash in the text cannot swallow the escape of the pipe after it.
        assert_eq!(escape_markdown("a\\|b"), "a\\\\\\|b");
        // Control characters show as their escapes (backslash doubled, so it shows as typed).
        assert_eq!(escape_markdown("v\u{1b}[31m\u{7}\u{202e}"), "v\\\\u{1b}[31m\\\\u{7}\\\\u{202e}");
    }
}
