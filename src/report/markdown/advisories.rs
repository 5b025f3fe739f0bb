//! results.md's advisories: the crashes no advisory covers (least deep first, with the release
//! measured: what a maintainer or a researcher acts on), and every advisory with its verdict, the
//! releases measured on each side of its fix and their depths, and its source.

use std::fmt::Write;

use crate::report::model::advisories::{summary, unreported};
use crate::report::model::view::{environment_name, short_environment_name};
use crate::report::render::markup::{cut_at_word, escape_markdown, MAX_CELL};
use crate::results::advisory::MeasuredRelease;
use crate::results::Results;
use crate::units::thousands;

fn cell(value: &str) -> String {
    escape_markdown(&cut_at_word(value, MAX_CELL))
}

/// The crash list's lines no advisory covers, least deep first; nothing when no advisory is
/// tracked (nothing could cover them).
pub fn unreported_crashes(results: &Results, heading: &str) -> String {
    if results.advisories.is_empty() {
        return String::new();
    }
    let lines = unreported(results);
    let mut text =
        format!("<a id=\"unreported\"></a>\n\n{heading} Crashes no advisory covers: {}\n\n", lines.len());
    if lines.is_empty() {
        text.push_str("Every crash is covered by an advisory.\n\n");
        return text;
    }
    text.push_str(
        "Lines of the crash list that no tracked advisory describes (its shape and phase, in its \
         library), least deep first, with the release measured.\n\n\
         | Depth | Library | Release | Format · shape | Phase | Environment | How |\n|---|---|---|---|---|---|---|\n",
    );
    for line in lines {
        let environment = short_environment_name(environment_name(results, &line.record.environment));
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} · {} | {} | {} | {} |",
            thousands(line.depth),
            cell(&line.library),
            cell(line.record.version.as_deref().unwrap_or("?")),
            line.record.format.title(),
            line.shape(),
            line.phase_name(),
            cell(environment),
            cell(&line.how)
        );
    }
    text.push('\n');
    text
}

/// Every advisory: verdict, the releases measured on each side of its fix with their depths, its
/// rows, and a link to its source.
pub fn section(results: &Results, heading: &str) -> String {
    if results.advisories.is_empty() {
        return String::new();
    }
    let mut text = format!("<a id=\"advisories\"></a>\n\n{heading} Advisories: {}\n\n", summary(results));
    text.push_str(
        "Published advisories about deep nesting in the rows' libraries (parsers/advisories/). *Affected* \
         is the last affected release measured, *fixed* the first fixed one (or the row's own release). \
         *Reproduced*: the affected release loses control and the fixed one fails cleanly; *fix holds*: \
         a fixed release fails cleanly; *fix does not hold*: a fixed release still loses control.\n\n\
         | Advisory | Package | Verdict | Affected | Fixed | Rows | Why |\n|---|---|---|---|---|---|---|\n",
    );
    let release =
        |release: &Option<MeasuredRelease>| release.as_ref().map_or("—".to_string(), |r| cell(&r.phrase()));
    for advisory in &results.advisories {
        let fixed =
            advisory.fixed.as_deref().map_or("no fix".to_string(), |fixed| format!("fixed in {fixed}"));
        let _ = writeln!(
            text,
            "| {} | {} ({}), {} | {} | {} | {} | {} | {} |",
            match advisory.source_link() {
                Some(link) => format!("[{}]({link})", escape_markdown(&advisory.id)),
                None => escape_markdown(&advisory.id),
            },
            cell(&advisory.package),
            escape_markdown(&advisory.ecosystem),
            escape_markdown(&fixed),
            advisory.verdict.text(),
            release(&advisory.affected_release),
            release(&advisory.fixed_release),
            cell(&advisory.rows.join(", ")),
            cell(&advisory.why)
        );
    }
    text.push('\n');
    text
}
