//! The page's crash view, rendered from the one crash list ([`crate::report::model::crashes`]): its
//! two tables (the crash list, then what only exhausts time or memory) under headings whose counts
//! are [`crate::report::model::counts`]'s, and the data the page's script filters its lines by.
//! The page has one per stack a reader can choose ([`StackView`]), the run's own shown first.

use std::fmt::Write;

use serde::Serialize;

use crate::report::model::counts::{rows, Counts};
use crate::report::model::crashes::{CrashLine, CrashList, Loss};
use crate::report::model::view::{depth_figure, environment_name, short_environment_name};
use crate::report::render::markup::escape_html;
use crate::results::{ParserRecord, Results};
use crate::units::thousands;

/// What an empty cell shows.
const DASH: &str = "—";

/// Which stack a part of the page is of (src/report/model/stacks.rs). The run's own keeps the ids
/// and links it always had; another's carry its key (`crashes-128KiB`, `#view=table&stack=128KiB`),
/// so that a link made at a stack stays at it.
#[derive(Clone, Copy, Debug)]
pub struct StackView<'a> {
    /// The stack's name in a link: `128KiB`.
    pub key: &'a str,
    /// Whether it is the run's own stack (8 MiB).
    pub run: bool,
}

impl StackView<'_> {
    /// An element id of this stack's part: `crashes`, `crashes-128KiB`.
    pub fn id(&self, base: &str) -> String {
        if self.run {
            base.to_string()
        } else {
            format!("{base}-{}", self.key)
        }
    }

    /// What a link's fragment adds to stay at this stack: nothing, `&stack=128KiB` (escaped).
    pub fn link(&self) -> String {
        if self.run {
            String::new()
        } else {
            format!("&amp;stack={}", self.key)
        }
    }
}

/// What the script needs per line of the crash view: the same filter keys as a row's.
#[derive(Serialize)]
pub struct LineData {
    /// The line's element id (`line-3`; `line-128KiB-3` at another stack than the run's).
    id: String,
    /// The stack whose crash view it is in: `8MiB`, `128KiB`.
    stack: String,
    /// The key of its row.
    row: String,
    format: String,
    /// Its format's class, as a row's.
    class: &'static str,
    environment: String,
    language: String,
    /// The line's loss, as the outcome filter keys it: `crash`, `timeout` or `out-of-memory`.
    outcome: &'static str,
    /// Its phase; empty for the whole run.
    phase: &'static str,
    /// Its phase loses control sooner than the parse.
    sooner: bool,
    /// Its row was measured in phases.
    phased: bool,
    text: String,
    /// The advisories that cover it (the advisory filter); none: no advisory known.
    advisories: Vec<String>,
}

/// The crash view's lines at `stack`, numbered as their elements are: the crash list's, then the
/// others'; `search_text` is what the search box looks in for a row.
pub fn line_data(
    list: &CrashList,
    stack: StackView,
    search_text: impl Fn(&ParserRecord) -> String,
) -> Vec<LineData> {
    (list.crashes.iter().chain(&list.exhausts).enumerate())
        .map(|(i, line)| LineData {
            id: format!("{}-{i}", stack.id("line")),
            stack: stack.key.to_string(),
            row: line.record.key(),
            format: line.record.format.to_string(),
            class: line.record.family().key(),
            environment: line.record.environment.clone(),
            language: line.record.language.clone(),
            outcome: line.loss.class().key(),
            phase: line.phase().map_or("", |p| p.name()),
            sooner: line.sooner,
            phased: !line.record.phases.is_empty(),
            text: format!("{} {}", search_text(line.record), line.function.as_deref().unwrap_or("")),
            advisories: super::advisories::line_keys(line),
        })
        .collect()
}

/// Title and class of each column of the crash view's two lists.
const LINE_COLUMNS: [(&str, &str); 10] = [
    ("Library", "lib"),
    ("Version", "ver"),
    ("Format", "fmt"),
    ("Environment", "environment"),
    ("Phase", "phase-name"),
    ("Shape", "shape"),
    ("Depth", "num"),
    ("How", "how"),
    ("Function that recursed", "function"),
    ("Advisory", "advisory"),
];

/// The crash view at `stack`: the crash list, then the rows that only exhaust time or memory, each
/// heading counting rows as every output does. In a block of its own, which the script shows while
/// its stack is chosen.
pub fn crash_section(
    html: &mut String,
    results: &Results,
    list: &CrashList,
    counts: &Counts,
    stack: StackView,
) {
    let _ = write!(
        html,
        "<div class=\"at-stack\" data-stack=\"{}\"{}>\n<h2>Crashes: {} of {} measured ({} libraries), in {}</h2>\n\
         <p class=\"lead\">Where parsers lose control: each probe that ends in a signal, an abort, a \
         runtime's fatal error or another abnormal exit, by the depth where it does; a library's other \
         lines follow its first. <i>Phase</i>: <i>whole run</i> is the program as it always runs; \
         <i>free</i> and <i>serialize</i> run after the parse. A library links to its row in the table \
         of every row.</p>\n",
        stack.key,
        if stack.run { "" } else { " hidden" },
        rows(counts.rows_crashing),
        counts.rows_measured,
        counts.libraries_crashing,
        plural(counts.crash_lines, "line")
    );
    line_table(html, results, stack, "crashes", &list.crashes, 0);
    let _ = write!(
        html,
        "<div id=\"{}\">\n<h3>Exhausts time or memory: {} (not counted as crashes), in {}</h3>\n\
         <p class=\"lead\">Rows that never crash but run out of time or memory.</p>\n",
        stack.id("exhausts-list"),
        rows(counts.rows_exhausting),
        plural(counts.exhaust_lines, "line")
    );
    line_table(html, results, stack, "exhausts", &list.exhausts, list.crashes.len());
    html.push_str("</div>\n</div>\n");
}

/// `1 line`, `2 lines`.
fn plural(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// One list of the crash view; its lines numbered from `first`, as the data island numbers them.
fn line_table(
    html: &mut String,
    results: &Results,
    stack: StackView,
    id: &str,
    lines: &[CrashLine],
    first: usize,
) {
    let _ = write!(html, "<table id=\"{}\" class=\"lines\">\n<thead><tr>", stack.id(id));
    for (title, class) in LINE_COLUMNS {
        let _ = write!(html, "<th scope=\"col\" class=\"{class}\">{title}</th>");
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for (i, line) in lines.iter().enumerate() {
        line_row(html, results, stack, line, first + i);
    }
    html.push_str("</tbody>\n</table>\n");
}

fn line_row(html: &mut String, results: &Results, stack: StackView, line: &CrashLine, number: usize) {
    let record = line.record;
    let key = record.key();
    let first = if line.first_of_library { " first" } else { "" };
    let _ = write!(
        html,
        "<tr class=\"line{first}\" id=\"{}-{number}\" data-row=\"{}\" data-stack=\"{}\"><td class=\"lib\" data-label=\"Library\">\
         <a href=\"#view=table&amp;open={}{}\" title=\"this row in the table of every row\">{}</a></td>",
        stack.id("line"),
        escape_html(&key),
        stack.key,
        escape_html(&key.replace('@', "%40")),
        stack.link(),
        escape_html(&format!("{} {}", record.language, record.library))
    );
    let version = record.version.as_deref().unwrap_or(DASH);
    let _ = write!(
        html,
        "<td class=\"ver\" data-label=\"Version\"><span class=\"clip\" title=\"{0}\">{0}</span></td>",
        escape_html(version)
    );
    labelled_cell(html, "fmt", "Format", &record.format.to_string());
    let environment = short_environment_name(environment_name(results, &record.environment));
    labelled_cell(html, "environment", "Environment", environment);
    let sooner = if line.sooner {
        " <span class=\"sooner\" title=\"this phase loses control at a smaller depth than the parse\">sooner than the parse</span>"
    } else {
        ""
    };
    let _ = write!(html, "<td class=\"phase-name\" data-label=\"Phase\">{}{sooner}</td>", line.phase_name());
    labelled_cell(html, "shape", "Shape", line.shape());
    let depth = line
        .result()
        .map_or_else(|| thousands(line.depth), |result| depth_figure(record, result, line.depth));
    labelled_cell(html, "num", "Depth", &depth);
    let _ = write!(
        html,
        "<td class=\"how\" data-label=\"How\"><span class=\"badge o-{}\">{}</span></td>",
        line.loss.class().key(),
        escape_html(&line.how)
    );
    match &line.function {
        Some(function) => {
            // Long names break between their parts, not inside a word.
            let breakable = escape_html(function).replace("::", "::<wbr>").replace('.', ".<wbr>");
            let _ = write!(html, "<td class=\"function\" data-label=\"Function\">{breakable}</td>");
        }
        None if line.loss == Loss::Crash => labelled_cell(html, "function muted", "Function", "not located"),
        None => labelled_cell(html, "function muted", "Function", DASH),
    }
    // The advisory that covers the line, or "no advisory known".
    let advisory = crate::report::model::advisories::advisory_words(line);
    let muted =
        if advisory == crate::report::model::advisories::NO_ADVISORY { "advisory muted" } else { "advisory" };
    labelled_cell(html, muted, "Advisory", &advisory);
    html.push_str("</tr>\n");
}

/// A cell that says what it is when the list is shown as cards (a phone).
fn labelled_cell(html: &mut String, class: &str, label: &str, text: &str) {
    let _ = write!(html, "<td class=\"{class}\" data-label=\"{label}\">{}</td>", escape_html(text));
}
