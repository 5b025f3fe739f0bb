//! The README's generated blocks, between marker comments: the badges and the results table; and
//! the figures its prose quotes.

use std::fmt::Write;
use std::fs;
use std::path::Path;

use anyhow::{bail, Context, Result};

use super::template::fill_values;
use super::{format_details, results_md};
use crate::payload::{FormatClass, PayloadFormat};
use crate::report::model::advisories::{library_advisory_words, summary as advisory_summary, unreported};
use crate::report::model::class::Word;
use crate::report::model::counts::counts;
use crate::report::model::counts::rows;
use crate::report::model::crashes::{by_library, crash_list};
use crate::report::model::documented::{claims, heading as documented_heading, tally};
use crate::report::model::files::{
    charted_classes, class_badge_file, class_results_file, crash_badge_file, has_sweep, results_file,
    sweep_file, BADGES_DIR, CHARTS_DIR,
};
use crate::report::model::groups::{environments_of, lowest_limits};
use crate::report::model::overview::changes;
use crate::report::model::overview::class_summary;
use crate::report::model::stacks::depends_on_stack;
use crate::report::model::view::{display_name, environment_name, other_shape_words};
use crate::report::render::markup::escape_markdown;
use crate::report::render::markup::{cut_at_word, MAX_CELL};
use crate::results::HOST;
use crate::results::{output, write_if_changed, Results};
use crate::units::thousands;

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

/// The README's results, short enough for a visitor's attention (results.md and the page have
/// everything): the environment, the outcome words in one line, the crash list one line per
/// library, a line for what exhausts time or memory, the formats' table, a line per family, a line
/// each for documented limits, other environments and other stacks, and the first chart.
pub fn summary_block(results: &Results, base: &str) -> String {
    let mut block = format!("{}\n", results_md::environment_line(&results.environment));
    let environments = environments_of(results);
    let words: Vec<String> = Word::ALL.iter().map(|word| format!("*{}*", word.text())).collect();
    let _ = writeln!(
        block,
        "\nThe outcome words ({}) are defined in [results.md]({base}results.md#words).",
        words.join(", ")
    );
    crash_summary(&mut block, results, base);
    formats_table(&mut block, results, base, &environments);
    class_lines(&mut block, results);
    confirmation_line(&mut block, results, base);
    let documented = documented_heading(&tally(results, &claims(results)));
    let _ = writeln!(block, "\n{documented}: [which]({base}results.md#documented-limits).");
    for key in environments.iter().filter(|k| *k != HOST) {
        let (both, changes) = changes(results, key);
        let _ = writeln!(
            block,
            "\n{} → {}: {both} libraries measured in both, {} fail differently: [which]({base}results.md#changes-{key}).",
            escape_markdown(environment_name(results, HOST)),
            escape_markdown(environment_name(results, key)),
            changes.len()
        );
    }
    let on_stacks = results.parsers.iter().filter(|record| depends_on_stack(record)).count();
    if on_stacks > 0 {
        let _ = writeln!(
            block,
            "\nOn the stacks software runs on (128 KiB musl threads to 8 MiB), {on_stacks} rows fail at another \
             depth or another way: [the depth at each stack]({base}results.md#depth-at-each-stack), or choose \
             yours on [the page]({base}results.html#stack=128KiB)."
        );
    }
    charts(&mut block, results, base);
    let _ = writeln!(
        block,
        "\nEvery row: [results.md]({base}results.md); to filter and sort: [results.html]({base}results.html); \
         every measured fact: [results.json]({base}results.json)."
    );
    block
}

/// The crash list one line per library: where it loses control least deep, how, the function that
/// recursed, and how many rows and which phases lose control; then the rows that exhaust time or
/// memory in a line.
fn crash_summary(block: &mut String, results: &Results, base: &str) {
    let counts = counts(results);
    let list = crash_list(results);
    let _ = writeln!(
        block,
        "\n#### Crashes: {} of {} measured ({} libraries)\n",
        rows(counts.rows_crashing),
        counts.rows_measured,
        counts.libraries_crashing
    );
    if list.crashes.is_empty() {
        block.push_str("No row crashes.\n");
    } else {
        let _ = writeln!(
            block,
            "One line per library, least deep first: where it loses control first, how, and the function \
             that recursed. Every row, phase and shape: [results.md]({base}results.md#crashes), or \
             [the page]({base}results.html#outcome=crash).\n\n\
             | Depth | Library | How | Function | Rows · phases | Advisory |\n|---|---|---|---|---|---|"
        );
        let cell = |value: &str| escape_markdown(&cut_at_word(value, MAX_CELL));
        for library in by_library(&list) {
            let line = library.lowest;
            let rows = if library.rows == 1 { "1 row".to_string() } else { format!("{} rows", library.rows) };
            let _ = writeln!(
                block,
                "| {} | {} | {} | {} | {rows} · {} | {} |",
                thousands(line.depth),
                cell(&line.library),
                cell(&line.how),
                line.function.as_deref().map_or("not located".to_string(), cell),
                library.phases.join(", "),
                cell(&library_advisory_words(&list, &line.library))
            );
        }
    }
    if !results.advisories.is_empty() {
        let _ = writeln!(
            block,
            "\nAdvisories: {} ([each]({base}results.md#advisories)); crashes no advisory covers: {} ([which]({base}results.md#unreported)).",
            advisory_summary(results),
            plural_lines(unreported(results).len())
        );
    }
    let _ = writeln!(
        block,
        "\nExhausts time or memory, not counted as crashes: {} ([which]({base}results.md#exhausts)).",
        rows(counts.rows_exhausting)
    );
}

/// `1 line`, `3 lines`.
fn plural_lines(count: usize) -> String {
    if count == 1 {
        "1 line".to_string()
    } else {
        format!("{count} lines")
    }
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

/// The first format's chart, then one line linking every other chart.
fn charts(block: &mut String, results: &Results, base: &str) {
    let formats = by_class(results);
    let Some((first, others)) = formats.split_first() else { return };
    let _ = writeln!(block, "\n![{} results]({base}{CHARTS_DIR}/{})", first.title(), results_file(*first));
    let mut links: Vec<String> = others
        .iter()
        .map(|format| format!("[{}]({base}{CHARTS_DIR}/{})", format.title(), results_file(*format)))
        .collect();
    links.extend(
        charted_classes(results)
            .into_iter()
            .map(|class| format!("[{}]({base}{CHARTS_DIR}/{})", class.title(), class_results_file(class))),
    );
    if !links.is_empty() {
        let _ = writeln!(block, "\nMore charts: {}.", links.join(" · "));
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

/// How the last run got its facts, and how old the oldest confirmation is (none for results
/// written before confirmations).
fn confirmation_line(block: &mut String, results: &Results, base: &str) {
    if let Some(line) = crate::report::model::confirmations::summary(results) {
        let _ = writeln!(block, "\n{line}: [when each was confirmed]({base}results.md#confirmations).");
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
    fn the_summary_opens_with_the_words_and_the_crash_list_one_line_per_library() {
        let block = summary_block(&two_environments(), "");
        let words = block.find("are defined in [results.md](results.md#words)").unwrap();
        let crashes = block.find("#### Crashes: 3 rows of 8 measured (2 libraries)").unwrap();
        let formats = block.find("| Format | Rows measured |").unwrap();
        assert!(words < crashes && crashes < formats, "{block}");
        assert!(
            block.contains("| JSON | 8 of 9 · 2 in Debian 13 (trixie) | 3 | 1 | Rust serde_json 129, Python json 995, Python json · Debian 13 1,000 |"),
            "{block}"
        );
        // The same crash in two environments: one line for the library, its two rows counted.
        assert!(
            block.contains("| 87,289 | C recursive-parser | SIGSEGV | not located | 2 rows · whole run | no advisory known |"),
            "{block}"
        );
        assert!(
            block.contains("| 30,000 | Java Jackson databind | exit 134 | not located | 1 row · whole run | no advisory known |"),
            "{block}"
        );
        // Exhausting time is a line of its own, not a crash.
        assert!(
            block.contains(
                "Exhausts time or memory, not counted as crashes: 1 row ([which](results.md#exhausts))."
            ),
            "{block}"
        );
        assert!(
            block.contains("Debian 12 (bookworm) → Debian 13 (trixie): 2 libraries measured in both, 1 fail differently: [which](results.md#changes-debian13)."),
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
