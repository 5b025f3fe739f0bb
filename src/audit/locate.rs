//! Where in a lockfile a package is written: the line a reader reports (SARIF points there). The
//! format crates give the packages, not their places, so each reader finds its entry's line in the
//! text by what the entry starts with.

/// The 1-based line of byte offset `at`.
pub fn line_at(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The line of the first occurrence of `needle`, else of none (line 1: the file itself).
pub fn line_of(text: &str, needle: &str) -> usize {
    text.find(needle).map_or(1, |at| line_at(text, at))
}

/// The line of each `[[package]]` table's `name = "…"` by (name, version), read in one pass:
/// Cargo.lock, poetry.lock and uv.lock write `name` and then `version` on the next line.
pub fn toml_packages(text: &str) -> std::collections::HashMap<(String, String), usize> {
    let mut lines = std::collections::HashMap::new();
    let mut previous: Option<(usize, &str)> = None;
    for (at, line) in text.lines().enumerate() {
        let quoted = |key: &str| line.strip_prefix(key)?.strip_prefix(" = \"")?.strip_suffix('"');
        if let (Some((name_line, name)), Some(version)) = (previous, quoted("version")) {
            lines.entry((name.to_string(), version.to_string())).or_insert(name_line);
        }
        previous = quoted("name").map(|name| (at + 1, name));
    }
    lines
}

/// The line of the first line that starts (after its indentation) with one of `prefixes`.
pub fn line_starting(text: &str, prefixes: &[String]) -> usize {
    text.lines()
        .position(|line| prefixes.iter().any(|prefix| line.trim_start().starts_with(prefix.as_str())))
        .map_or(1, |at| at + 1)
}

/// The line of the first line that `header` accepts and whose block (the lines after it that are
/// indented) holds a line `detail` accepts: a yarn.lock entry by its name and its version line.
pub fn block_line(text: &str, header: impl Fn(&str) -> bool, detail: impl Fn(&str) -> bool) -> usize {
    let mut open: Option<usize> = None;
    for (at, line) in text.lines().enumerate() {
        let indented = line.starts_with([' ', '\t']);
        if !indented && !line.trim().is_empty() {
            open = header(line).then_some(at + 1);
        } else if let Some(start) = open {
            if detail(line.trim()) {
                return start;
            }
        }
    }
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_count_from_one() {
        let text = "a\nb = 1\nc\n";
        assert_eq!(line_of(text, "b = 1"), 2);
        assert_eq!(line_of(text, "missing"), 1);
        let yarn = "x@^1:\n  version \"1.0.0\"\n\nx@^2:\n  version \"2.0.0\"\n";
        assert_eq!(block_line(yarn, |l| l.starts_with("x@"), |l| l == "version \"2.0.0\""), 4);
    }
}
