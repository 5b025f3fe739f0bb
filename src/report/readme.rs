//! The README's generated blocks, between marker comments: the badges and the results table.

use std::fmt::Write;
use std::fs;
use std::path::Path;

use anyhow::{bail, Context, Result};

use super::{badges, chart, markdown};
use crate::results::{write_if_changed, Results};

const BADGES: (&str, &str) = ("<!-- nestprobe:badges:start -->", "<!-- nestprobe:badges:end -->");
const TABLE: (&str, &str) = ("<!-- nestprobe:table:start -->", "<!-- nestprobe:table:end -->");

/// Rewrites the marked blocks of the README; returns whether the file changed.
pub fn update(readme: &Path, results: &Results, out: &Path) -> Result<bool> {
    let text = fs::read_to_string(readme).with_context(|| format!("cannot read {}", readme.display()))?;
    // Links in the README are relative to the README's folder.
    let base = relative_prefix(readme, out);
    let mut updated = replace_block(&text, BADGES, &badge_block(results, &base))
        .with_context(|| format!("in {}", readme.display()))?;
    let mut table = format!("{}\n", markdown::environment_line(&results.environment));
    for format in results.formats() {
        let subset = results.of_format(format);
        let _ = writeln!(
            table,
            "\n**{}**: {} [Table]({base}results.md#{}).\n\n![{} results]({base}{})",
            format.title(),
            markdown::format_summary(&subset),
            markdown::section_anchor(format),
            format.title(),
            chart::results_file(format)
        );
        if chart::has_sweep(&subset) {
            let _ = writeln!(
                table,
                "\n![why: smallest failing depth against stack size]({base}{})",
                chart::sweep_file(format)
            );
        }
    }
    let _ = writeln!(
        table,
        "\nEvery row: [results.md]({base}results.md); to filter and sort: [results.html]({base}results.html); \
         every measured fact: [results.json]({base}results.json)."
    );
    updated = replace_block(&updated, TABLE, &table).with_context(|| format!("in {}", readme.display()))?;
    write_if_changed(readme, &updated)
}

fn relative_prefix(readme: &Path, out: &Path) -> String {
    let readme_dir = readme.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match out.strip_prefix(readme_dir).ok().or_else(|| (out == Path::new(".")).then_some(Path::new(""))) {
        Some(rel) if rel.as_os_str().is_empty() => String::new(),
        Some(rel) => format!("{}/", rel.display()),
        None => format!("{}/", out.display()),
    }
}

fn badge_block(results: &Results, base: &str) -> String {
    let mut block = String::new();
    let _ = write!(
        block,
        "![crashes]({base}{}/crashes.svg) ![parsers]({base}{}/parsers.svg)",
        badges::DIR,
        badges::DIR
    );
    for format in results.formats() {
        let _ = write!(
            block,
            " ![{}]({base}{}/{})",
            format.title(),
            badges::DIR,
            badges::crash_badge_file(format)
        );
    }
    block.push('\n');
    block
}

/// Replaces what lies between the two markers (both kept). Markers missing → error naming them.
pub fn replace_block(text: &str, (start, end): (&str, &str), content: &str) -> Result<String> {
    let (Some(open), Some(close)) = (text.find(start), text.find(end)) else {
        bail!("markers `{start}` and `{end}` not found");
    };
    if close < open {
        bail!("marker `{end}` comes before `{start}`");
    }
    let body_start = open + start.len();
    Ok(format!("{}\n{}{}", &text[..body_start], content, &text[close..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_replaced_between_markers_and_idempotently() {
        let text = "intro\n<!-- nestprobe:table:start -->\nold\n<!-- nestprobe:table:end -->\noutro\n";
        let once = replace_block(text, TABLE, "new\n").unwrap();
        assert_eq!(once, "intro\n<!-- nestprobe:table:start -->\nnew\n<!-- nestprobe:table:end -->\noutro\n");
        assert_eq!(replace_block(&once, TABLE, "new\n").unwrap(), once);
        assert!(replace_block("no markers", TABLE, "x").unwrap_err().to_string().contains("not found"));
    }
}
