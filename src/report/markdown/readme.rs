//! The README's generated blocks, between marker comments: the badges and the results table; and
//! the figures its prose quotes.

use std::fmt::Write;
use std::fs;
use std::path::Path;

use anyhow::{bail, Context, Result};

use super::template::fill_values;
use super::{documented, format_details, lists, results_md};
use crate::payload::{FormatClass, PayloadFormat};
use crate::report::model::counts::counts;
use crate::report::model::files::{
    charted_classes, class_badge_file, class_results_file, crash_badge_file, has_sweep, results_file,
    sweep_file, BADGES_DIR, CHARTS_DIR,
};
use crate::report::model::groups::{environments_of, lowest_limits};
use crate::report::model::overview::class_summary;
use crate::report::model::view::{display_name, environment_name, other_shape_words};
use crate::report::render::markup::escape_markdown;
use crate::results::HOST;
use crate::results::{output, write_if_changed, Results};

const BADGES: (&str, &str) = ("<!-- nestprobe:badges:start -->", "<!-- nestprobe:badges:end -->");
const TABLE: (&str, &str) = ("<!-- nestprobe:table:start -->", "<!-- nestprobe:table:end -->");

/// Rewrites the marked blocks of the README; returns whether the file changed.
pub fn update(readme: &Path, results: &Results, out: &Path) -> Result<bool> {
    // Checked before it is read: reading a FIFO would block.
    let target = output::write_target(readme)?;
    let text = fs::read_to_string(target).with_context(|| format!("cannot read {}", readme.display()))?;
    // Links in the README are relative to the README's folder.
    let base = relative_prefix(readme, out);
    let updated = replace_block(&text, BADGES, &badge_block(results, &base))
        .with_context(|| format!("in {}", readme.display()))?;
    let updated = replace_block(&updated, TABLE, &summary_block(results, &base))
        .with_context(|| format!("in {}", readme.display()))?;
    // The figures quoted in the README's own prose.
    let updated = fill_values(&updated, &readme.display().to_string(), results)?;
    write_if_changed(readme, &updated)
}

/// The README's results: a summary, not the table (results.md has every row). The glossary of
/// outcome words; the crash list and the rows that exhaust time or memory; per format how many rows
/// were measured, crash and exhaust, and the lowest limits; what changes between the host and each
/// other environment; the charts.
pub fn summary_block(results: &Results, base: &str) -> String {
    let mut block = format!("{}\n", results_md::environment_line(&results.environment));
    let environments = environments_of(results);
    if environments.len() > 1 {
        let items: Vec<String> =
            environments.iter().map(|key| results_md::environment_item(results, key)).collect();
        let _ = writeln!(block, "\nEnvironments: {}.", items.join("; "));
    }
    let _ = write!(block, "\n{}\n", lists::glossary());
    block.push_str(&lists::crash_and_exhaust_lists(results, "####"));
    formats_table(&mut block, results, base, &environments);
    class_lines(&mut block, results);
    let _ = write!(block, "\n{}", documented::markdown(results, "####"));
    for key in environments.iter().filter(|k| *k != HOST) {
        let _ = write!(block, "\n{}", results_md::environment_changes(results, key));
    }
    charts(&mut block, results, base);
    let _ = writeln!(
        block,
        "\nEvery row: [results.md]({base}results.md); to filter and sort: [results.html]({base}results.html); \
         every measured fact: [results.json]({base}results.json)."
    );
    block
}

/// One line per format: how many rows were measured, crash and exhaust, the lowest clean limits
/// and links.
fn formats_table(block: &mut String, results: &Results, base: &str, environments: &[String]) {
    let esc = escape_markdown;
    block.push_str(
        "\n| Format | Rows measured | Crash (rows) | Exhausts time or memory (rows) | Lowest limits | More |\n\
         |---|---|---|---|---|---|\n",
    );
    for format in by_class(results) {
        let subset = results.of_format(format);
        let count = counts(&subset);
        let mut counted = format!("{} of {}", count.rows_measured, count.rows);
        for key in environments.iter().filter(|k| *k != HOST) {
            let count = subset.parsers.iter().filter(|r| &r.environment == key).count();
            if count > 0 {
                let _ = write!(counted, " · {count} in {}", esc(environment_name(results, key)));
            }
        }
        let lowest: Vec<String> = lowest_limits(&subset)
            .iter()
            .filter_map(|r| {
                let depth = r.result.as_ref()?.exact_failing_depth()?;
                let name = esc(&display_name(results, r));
                let shape = esc(&other_shape_words(r));
                Some(format!("{name} {}{shape}", crate::units::thousands(depth)))
            })
            .collect();
        let mut more = format!("[table]({base}results.md#{})", results_md::section_anchor(format));
        let _ = write!(more, " · [every result]({base}{})", format_details::details_file(format));
        let _ = write!(more, " · [chart]({base}{CHARTS_DIR}/{})", results_file(format));
        if has_sweep(&subset) {
            let _ = write!(more, " · [why]({base}{CHARTS_DIR}/{})", sweep_file(format));
        }
        let _ = writeln!(
            block,
            "| {} | {counted} | {} | {} | {} | {more} |",
            format.title(),
            count.rows_crashing,
            count.rows_exhausting,
            if lowest.is_empty() { "—".to_string() } else { lowest.join(", ") },
        );
    }
}

/// The first format's chart shown, the other data formats' folded away, then each class of
/// languages' charts folded under its heading.
fn charts(block: &mut String, results: &Results, base: &str) {
    let formats = by_class(results);
    let Some((first, others)) = formats.split_first() else { return };
    let _ = writeln!(block, "\n![{} results]({base}{CHARTS_DIR}/{})", first.title(), results_file(*first));
    // (A class of several formats opens with its own chart, every row of the class in one.)
    let folded =
        |block: &mut String, summary: &str, formats: &[PayloadFormat], whole: Option<FormatClass>| {
            if formats.is_empty() {
                return;
            }
            let names: Vec<&str> = formats.iter().map(|f| f.title()).collect();
            let _ = writeln!(block, "\n<details><summary>{summary}{}</summary>\n", names.join(", "));
            if let Some(class) = whole {
                let _ = writeln!(
                    block,
                    "![{} results]({base}{CHARTS_DIR}/{})\n",
                    class.title(),
                    class_results_file(class)
                );
            }
            for format in formats {
                let _ = writeln!(
                    block,
                    "![{} results]({base}{CHARTS_DIR}/{})\n",
                    format.title(),
                    results_file(*format)
                );
            }
            block.push_str("</details>\n");
        };
    let same_class: Vec<PayloadFormat> =
        others.iter().copied().filter(|f| f.class() == first.class()).collect();
    folded(block, "The charts of ", &same_class, None);
    let charted = charted_classes(results);
    for class in results.classes().into_iter().filter(|c| *c != first.class()) {
        let of_class: Vec<PayloadFormat> = others.iter().copied().filter(|f| f.class() == class).collect();
        let whole = charted.contains(&class).then_some(class);
        folded(block, &format!("{}: the charts of ", class.title()), &of_class, whole);
    }
}

/// The formats measured, data formats first, then each class of languages (a class's formats in
/// the order their rows appear).
fn by_class(results: &Results) -> Vec<PayloadFormat> {
    let mut formats = results.formats();
    formats.sort_by_key(|format| format.class());
    formats
}

/// A line per class of languages measured: its rows by outcome (data formats have the table).
fn class_lines(block: &mut String, results: &Results) {
    let classes: Vec<FormatClass> =
        results.classes().into_iter().filter(|class| class.heading().is_some()).collect();
    if classes.is_empty() {
        return;
    }
    block.push('\n');
    for class in classes {
        let _ = writeln!(block, "- **{}**: {}.", class.title(), class_summary(results, class));
    }
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
        BADGES_DIR, BADGES_DIR
    );
    for format in by_class(results) {
        let _ = write!(block, " ![{}]({base}{}/{})", format.title(), BADGES_DIR, crash_badge_file(format));
    }
    for class in results.classes().into_iter().filter(|class| class.heading().is_some()) {
        let _ = write!(block, " ![{}]({base}{}/{})", class.title(), BADGES_DIR, class_badge_file(class));
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
    use crate::report::tests::two_environments;

    #[test]
    fn the_summary_opens_with_the_words_and_the_crash_list_and_counts_rows() {
        let block = summary_block(&two_environments(), "");
        let words = block.find("**Words**").unwrap();
        let crashes = block.find("#### Crashes: 3 rows of 8 measured (2 libraries)").unwrap();
        let formats = block.find("| Format | Rows measured |").unwrap();
        assert!(words < crashes && crashes < formats, "{block}");
        assert!(
            block.contains("| JSON | 8 of 9 · 2 in Debian 13 (trixie) | 3 | 1 | Rust serde_json 129, Python json 995, Python json · Debian 13 1,000 |"),
            "{block}"
        );
        // The same crash in two environments: two rows, one under the other.
        assert!(
            block.contains(
                "| 87,289 | C recursive-parser 1.0 | JSON · array | whole run | Debian 12 | SIGSEGV | not located |\n\
                 | 87,289 | C recursive-parser 1.0 | JSON · array | whole run | Debian 13 | SIGSEGV | not located |"
            ),
            "{block}"
        );
        assert!(
            block.contains(
                "| 30,000 | Java Jackson databind 1.0 | JSON · array | whole run | Debian 12 | exit 134 |"
            ),
            "{block}"
        );
        // Exhausting time is listed apart, not as a crash.
        assert!(block.contains("#### Exhausts time or memory: 1 row (not counted as crashes)"), "{block}");
        assert!(
            block.contains("**Debian 12 (bookworm) → Debian 13 (trixie)**: 2 libraries measured in both; 1 fails differently:"),
            "{block}"
        );
        assert!(
            block.contains("| Python json | clean error at 995 (1.0) | clean error at 1,000 (2.0) |"),
            "{block}"
        );
        assert!(block.contains("![JSON results](charts/results.svg)"));
    }

    #[test]
    fn one_environment_has_no_change_section() {
        let block = summary_block(&crate::report::render::chart::tests::sample(), "out/");
        assert!(!block.contains(" → "), "{block}");
        assert!(
            block.contains("[table](out/results.md#json) · [every result](out/results/json.md)"),
            "{block}"
        );
    }

    #[test]
    fn blocks_are_replaced_between_markers_and_idempotently() {
        let text = "intro\n<!-- nestprobe:table:start -->\nold\n<!-- nestprobe:table:end -->\noutro\n";
        let once = replace_block(text, TABLE, "new\n").unwrap();
        assert_eq!(once, "intro\n<!-- nestprobe:table:start -->\nnew\n<!-- nestprobe:table:end -->\noutro\n");
        assert_eq!(replace_block(&once, TABLE, "new\n").unwrap(), once);
        assert!(replace_block("no markers", TABLE, "x").unwrap_err().to_string().contains("not found"));
    }
}
