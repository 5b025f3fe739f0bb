//! results.html: the atlas as one self-contained web page. Every row of results.md, filterable by
//! format, class, language, outcome and phase and sortable by depth, with both charts inline.
//! Nothing is fetched: the CSS, the script and the charts are in the page, and its
//! Content-Security-Policy forbids any request, so it works from `file://`, an artifact download or
//! a static host alike (a documented limit's source is a link to follow, never a fetch).
//!
//! Every string that comes from results.json (parser stderr, versions, notes, even names) is
//! untrusted: it reaches the page only through [`escape_html`] (markup) or [`json_for_script`] (data
//! for the script, which only ever assigns it with `textContent`).
//!
//! Two views: the crash list (the default: [`crate::report::model::crashes`]'s list as
//! [`super::crashes`] renders it, where each parser loses control, by depth, with the function that
//! recursed) and the table of every row; every count on the page is
//! [`crate::report::model::counts`]'s. The script reads the URL fragment
//! (`#view=table&format=json&outcome=crash&sort=depth&dir=desc`; an empty one is the crash list, one
//! without `view` the table, as links made before the crash list meant) and keeps it in step with
//! the controls, so a view can be linked to; the browser test drives it that way.
//!
//! The stack chosen (`#stack=128KiB`; 8 MiB, the run's own, by default) shows the atlas as
//! [`crate::report::model::stacks::at_stack`] reads it there: each row as its stack sweep measured
//! it, never extrapolated. The page carries each stack's counts, crash view and the rows' outcome
//! cells, rendered and escaped here like the rest (the cells as `<template>`s where they differ
//! from the run's), and the script swaps them; the charts stay the run's, and say so.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;
use std::path::PathBuf;

use anyhow::Result;
use serde::Serialize;

use super::crashes::{crash_section, line_data, LineData, StackView};
use super::documented;
use super::table::{cell, error_text, format_of, outcome_cells, table, why, COLUMNS, DASH};
use crate::payload::PayloadFormat;
use crate::report::model::class::{losing_sooner, Class};
use crate::report::model::counts::{counts, row_class, rows, Counts};
use crate::report::model::crashes::{crash_list, losing_depth, losses};
use crate::report::model::files::{charted_classes, has_sweep};
use crate::report::model::groups::{environments_of, groups_by_depth};
use crate::report::model::stacks::{
    at_stack, choices, depends_on_stack, key as stack_key, label as stack_label,
};
use crate::report::model::view::{environment_name, environment_sentence, result_outcome};
use crate::report::render::chart;
use crate::report::render::markup::{escape_html, json_for_script};
use crate::report::Exporter;
use crate::results::phase::Phase;
use crate::results::probe_result::Finding;
use crate::results::stacks::{DeployedStack, RUN_STACK};
use crate::results::{ParserRecord, Results, Status};
use crate::units::format_bytes;

pub const RESULTS_HTML: &str = "results.html";

pub struct ResultsPage;

impl Exporter for ResultsPage {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>> {
        Ok(vec![(PathBuf::from(RESULTS_HTML), page(results)?)])
    }
}

/// What the script needs per row: the filter keys, the sort keys and the text the search box matches.
#[derive(Serialize)]
struct RowData {
    /// The record's key: its id, with `@<environment>` outside the host.
    id: String,
    format: String,
    /// Its format's class (`data`, `patterns`, `sql`, `query-languages`, `code`).
    class: &'static str,
    /// The environment's key (`host`, `debian13`).
    environment: String,
    language: String,
    library: String,
    outcome: &'static str,
    /// The depth where it loses control, in any part; else its smallest failing depth; null for no
    /// limit and for unmeasured rows (told apart by `outcome`).
    depth: Option<u64>,
    /// Position in the grouped order (by language, then as in results.md).
    group_order: usize,
    /// Library, version, note and error line: what the search box looks in.
    text: String,
    /// Whether the row was measured in phases after the parse.
    phased: bool,
    /// The phases where it loses control at all.
    loses_in: Vec<&'static str>,
    /// The phase after the parse where it loses control sooner than in its main result, if one does.
    sooner_in: Option<&'static str>,
    /// The row at each stack but the run's, by its key (`128KiB`); null where it is left out there
    /// (a service, measured only as it is deployed).
    at: BTreeMap<String, Option<RowAt>>,
    /// The ids of the advisories about its library (the advisory filter).
    advisories: Vec<String>,
}

/// A row at another stack than the run's: its figures as the filters and sorting read them, as
/// [`at_stack`] has it.
#[derive(Debug, PartialEq, Serialize)]
struct RowAt {
    outcome: &'static str,
    depth: Option<u64>,
    phased: bool,
    loses_in: Vec<&'static str>,
    sooner_in: Option<&'static str>,
    /// Its outcome cells there: the number of their `<template id="cells-N">`; null where they are
    /// the run's (a row measured nowhere).
    cells: Option<usize>,
    /// What the sweep measured there, in a few words (`SIGSEGV at 892`, `not measured at this
    /// stack`), for the row's detail; empty for a row measured nowhere.
    said: String,
}

/// A stack the reader can choose.
#[derive(Serialize)]
struct StackData {
    /// Its name in a link: `128KiB`.
    key: String,
    /// `128 KiB`.
    size: String,
    /// What runs on it: `musl (Alpine) threads`.
    uses: &'static str,
}

#[derive(Serialize)]
struct PageData {
    rows: Vec<RowData>,
    /// The crash view's lines at every stack (each says its stack).
    lines: Vec<LineData>,
    stacks: Vec<StackData>,
    /// The key of the run's own stack (8 MiB), the default.
    run_stack: String,
    /// The column where a row's outcome cells begin (after the cells naming what was measured).
    outcome_column: usize,
}

/// The atlas at one stack a reader can choose: [`at_stack`]'s results there.
struct AtStack {
    stack: &'static DeployedStack,
    key: String,
    results: Results,
    /// Each row's place in `results` by its key (a service is left out at another stack).
    rows: HashMap<String, usize>,
}

impl AtStack {
    fn new(results: &Results, stack: &'static DeployedStack) -> AtStack {
        let results = at_stack(results, stack.bytes);
        let rows = results.parsers.iter().enumerate().map(|(i, record)| (record.key(), i)).collect();
        AtStack { stack, key: stack_key(stack.bytes), results, rows }
    }

    fn view(&self) -> StackView<'_> {
        StackView { key: &self.key, run: self.stack.bytes == RUN_STACK }
    }
}

/// The records grouped by language (alphabetically), each group in table order, a library's other
/// environments right after it.
fn grouped(results: &Results) -> Vec<&ParserRecord> {
    let mut records: Vec<&ParserRecord> =
        groups_by_depth(results).into_iter().flat_map(|g| g.records).collect();
    // Stable: table order survives inside each language.
    records.sort_by(|a, b| a.language.cmp(&b.language));
    records
}

fn row_data(
    results: &Results,
    record: &ParserRecord,
    group_order: usize,
    at: BTreeMap<String, Option<RowAt>>,
) -> RowData {
    let figures = row_figures(results, record, None, String::new());
    RowData {
        id: record.key(),
        format: format_of(record),
        class: record.family().key(),
        environment: record.environment.clone(),
        language: record.language.clone(),
        library: record.library.clone(),
        outcome: figures.outcome,
        depth: figures.depth,
        group_order,
        text: search_text(results, record),
        phased: figures.phased,
        loses_in: figures.loses_in,
        sooner_in: figures.sooner_in,
        at,
        advisories: super::advisories::row_keys(record),
    }
}

/// What the filters and sorting read of a row in `results` (the run's, or [`at_stack`]'s).
fn row_figures(results: &Results, record: &ParserRecord, cells: Option<usize>, said: String) -> RowAt {
    let mut loses_in: Vec<&'static str> =
        losses(results, record).iter().filter_map(|l| l.phase()).map(|p| p.name()).collect();
    loses_in.dedup();
    RowAt {
        outcome: row_class(results, record).key(),
        // Where it loses control; else where the bar of the chart ends: the exact failing depth, or
        // the deepest depth a slow parser finished; none for no limit or no exact answer.
        depth: losing_depth(results, record).or_else(|| {
            record.result.as_ref().and_then(|r| match r.finding() {
                Finding::Slow(deepest, _) => Some(deepest),
                _ => r.exact_failing_depth(),
            })
        }),
        phased: !record.phases.is_empty(),
        loses_in,
        sooner_in: losing_sooner(record).and_then(|p| p.phase).map(|p| p.name()),
        cells,
        said,
    }
}

/// The outcome cells of a row at another stack than the run's, and the templates they are drawn
/// from (one per distinct markup: every row not measured there shares one).
#[derive(Default)]
struct StackCells {
    templates: Vec<String>,
    numbers: HashMap<String, usize>,
}

impl StackCells {
    /// The number of the template of `cells`, made if it is new.
    fn number(&mut self, cells: String) -> usize {
        if let Some(&number) = self.numbers.get(&cells) {
            return number;
        }
        self.templates.push(cells.clone());
        self.numbers.insert(cells, self.templates.len() - 1);
        self.templates.len() - 1
    }

    fn html(&self, html: &mut String) {
        html.push_str("<div id=\"stack-cells\" hidden>\n");
        for (number, cells) in self.templates.iter().enumerate() {
            let _ = writeln!(html, "<template id=\"cells-{number}\">{cells}</template>");
        }
        html.push_str("</div>\n");
    }
}

/// `record` at another stack than the run's, as the script reads it (`None`: left out there).
/// Its outcome cells are the sweep's probe there (or say it was not measured there), the sweep's
/// verdict beside them; where the row was measured nowhere, the run's.
fn row_at(at: &AtStack, record: &ParserRecord, cells: &mut StackCells) -> Option<RowAt> {
    let there = &at.results.parsers[*at.rows.get(&record.key())?];
    if record.status != Status::Measured {
        return Some(row_figures(&at.results, there, None, String::new()));
    }
    let mut html = String::new();
    let said = match &there.result {
        Some(result) => {
            // The sweep's verdict (and the `±` of a stack-bound depth) is the row's, at every stack.
            let shown = ParserRecord { sweep: record.sweep.clone(), ..there.clone() };
            outcome_cells(&mut html, &shown, result, false);
            result_outcome(&shown, result)
        }
        None => {
            not_measured_here(&mut html, record);
            "not measured at this stack".to_string()
        }
    };
    Some(row_figures(&at.results, there, Some(cells.number(html)), said))
}

/// The outcome cells of a row the sweep has no probe of at the stack chosen.
fn not_measured_here(html: &mut String, record: &ParserRecord) {
    let _ = write!(
        html,
        "<td class=\"num\">{DASH}</td><td><span class=\"badge o-not-measured\" title=\"the stack sweep \
         has no probe of this row at this stack\">not measured at this stack</span></td>"
    );
    cell(html, "", DASH);
    cell(html, "", DASH);
    cell(html, "why", &why(record));
    cell(html, "num", DASH);
}

/// Library, environment, build, version, note and error line: what the search box looks in.
fn search_text(results: &Results, record: &ParserRecord) -> String {
    let version = record.shown_version().unwrap_or_default();
    [
        record.library.as_str(),
        environment_name(results, &record.environment),
        record.variant.as_deref().unwrap_or(""),
        version.as_str(),
        record.note.as_str(),
        error_text(record).unwrap_or(""),
    ]
    .join(" ")
}

fn page(results: &Results) -> Result<String> {
    let records = grouped(results);
    // The atlas at each stack a reader can choose, the run's own among them (as it is).
    // The run's first: its parts of the page keep the place, ids and line numbers they had.
    let mut stacks: Vec<AtStack> = choices().iter().map(|stack| AtStack::new(results, stack)).collect();
    stacks.sort_by_key(|at| !at.view().run);
    let lists: Vec<_> = stacks.iter().map(|at| crash_list(&at.results)).collect();
    let mut cells = StackCells::default();
    let rows = records
        .iter()
        .enumerate()
        .map(|(i, record)| {
            let at = stacks
                .iter()
                .filter(|at| !at.view().run)
                .map(|at| (at.key.clone(), row_at(at, record, &mut cells)))
                .collect();
            row_data(results, record, i, at)
        })
        .collect();
    let data = PageData {
        rows,
        lines: stacks
            .iter()
            .zip(&lists)
            .flat_map(|(at, list)| line_data(list, at.view(), |record| search_text(results, record)))
            .collect(),
        stacks: choices()
            .iter()
            .map(|stack| StackData {
                key: stack_key(stack.bytes),
                size: format_bytes(stack.bytes),
                uses: stack.uses,
            })
            .collect(),
        run_stack: stack_key(RUN_STACK),
        outcome_column: COLUMNS.iter().position(|(_, key, _)| *key == "depth").unwrap_or(0),
    };

    let mut html = String::with_capacity(128 * 1024);
    html.push_str(HEAD);
    let _ = writeln!(
        html,
        "<header>\n<h1>How deeply nested input can each parser take?</h1>\n<p class=\"env\">{}</p>",
        escape_html(&environment_sentence(&results.environment, str::to_string))
    );
    for at in &stacks {
        summary_chips(&mut html, &counts(&at.results), at.view());
    }
    html.push_str("</header>\n<main>\n");
    controls(&mut html, results);
    stack_notes(&mut html, results, &stacks);
    html.push_str("<section id=\"crash-view\">\n");
    for (at, list) in stacks.iter().zip(&lists) {
        crash_section(&mut html, &at.results, list, &counts(&at.results), at.view());
    }
    html.push_str("</section>\n<section id=\"table-view\">\n");
    table(&mut html, results, &records);
    cells.html(&mut html);
    html.push_str(LEGEND);
    html.push_str("</section>\n");
    documented::html_section(&mut html, results);
    super::advisories::html_section(&mut html, results);
    charts(&mut html, results)?;
    html.push_str("</main>\n");
    let _ = writeln!(
        html,
        "<footer>Generated by <code>nestprobe</code> {} from results.json; do not edit by hand.</footer>",
        escape_html(&results.environment.nestprobe_version)
    );
    let _ = writeln!(
        html,
        "<script type=\"application/json\" id=\"nestprobe-data\">{}</script>",
        json_for_script(&data)
    );
    let _ = writeln!(html, "<script>\n{SCRIPT}</script>\n</body>\n</html>");
    Ok(html)
}

/// The rows under each outcome at `stack` (counted as every output counts them), as links that set
/// the outcome filter (and keep the stack).
fn summary_chips(html: &mut String, counts: &Counts, stack: StackView) {
    let (hidden, link) = (if stack.run { "" } else { " hidden" }, stack.link());
    let _ = write!(
        html,
        "<p class=\"chips at-stack\" data-stack=\"{}\"{hidden}><span class=\"unit\">Rows (a library in one environment):</span> \
         <a class=\"chip all\" href=\"#view=table{link}\">{}</a>",
        stack.key,
        rows(counts.rows)
    );
    for outcome in Class::ALL {
        let count = counts.of(outcome);
        if count > 0 {
            let (key, label) = (outcome.key(), outcome.text());
            let _ =
                write!(html, " <a class=\"chip o-{key}\" href=\"#outcome={key}{link}\">{count} {label}</a>");
        }
    }
    html.push_str("</p>\n");
}

/// The line under the controls at each stack: how many rows' depth depends on the stack, and that
/// at another than the run's each row is what the sweep measured there, not an extrapolation.
fn stack_notes(html: &mut String, results: &Results, stacks: &[AtStack]) {
    let depends = results.parsers.iter().filter(|record| depends_on_stack(record)).count();
    let depends = match depends {
        1 => "1 row's depth depends on the stack".to_string(),
        n => format!("{n} rows' depth depends on the stack"),
    };
    for at in stacks {
        let view = at.view();
        let text = if view.run {
            format!(
                "Stack {}, the run's own: {depends}. Choose another to see each row as the stack sweep \
                 measured it there (measured, not extrapolated).",
                format_bytes(at.stack.bytes)
            )
        } else {
            let measured = at.results.parsers.iter().filter(|r| r.status == Status::Measured).count();
            format!(
                "Stack {}: {measured} of {} rows as the stack sweep measured them there, not extrapolated; \
                 {depends}. Other shapes and phases are measured at {} only.",
                format_bytes(at.stack.bytes),
                results.parsers.len(),
                format_bytes(RUN_STACK)
            )
        };
        let _ = writeln!(
            html,
            "<p class=\"stack-note at-stack\" data-stack=\"{}\"{}>{}</p>",
            at.key,
            if view.run { "" } else { " hidden" },
            escape_html(&text)
        );
    }
}

fn select<'a>(
    html: &mut String,
    id: &str,
    label: &str,
    all: &str,
    options: impl IntoIterator<Item = (&'a str, &'a str)>,
) {
    let _ = write!(html, "<label>{label} <select id=\"{id}\"><option value=\"\">{all}</option>");
    for (value, text) in options {
        let _ = write!(html, "<option value=\"{}\">{}</option>", escape_html(value), escape_html(text));
    }
    html.push_str("</select></label>\n");
}

fn controls(html: &mut String, results: &Results) {
    let formats: BTreeSet<String> = results.parsers.iter().map(format_of).collect();
    let languages: BTreeSet<&str> = results.parsers.iter().map(|r| r.language.as_str()).collect();
    html.push_str("<form id=\"controls\">\n");
    html.push_str(
        "<label>View <select id=\"view\"><option value=\"crashes\">where parsers lose control</option>\
         <option value=\"table\">every row</option></select></label>\n",
    );
    html.push_str("<label>Stack <select id=\"stack\">");
    for stack in choices() {
        let selected = if stack.bytes == RUN_STACK { " selected" } else { "" };
        let _ = write!(
            html,
            "<option value=\"{}\"{selected}>{}</option>",
            stack_key(stack.bytes),
            escape_html(&stack_label(stack))
        );
    }
    html.push_str("</select></label>\n");
    select(html, "format", "Format", "all formats", formats.iter().map(|f| (f.as_str(), f.as_str())));
    let classes = results.classes();
    select(html, "class", "Class", "all classes", classes.iter().map(|c| (c.key(), c.title())));
    select(html, "language", "Language", "all languages", languages.iter().map(|&l| (l, l)));
    let environments = environments_of(results);
    select(
        html,
        "environment",
        "Environment",
        "all environments",
        environments.iter().map(|key| (key.as_str(), environment_name(results, key))),
    );
    // A service's outcomes only where a row has one: a catalog of programs lists what programs do.
    let seen: BTreeSet<&str> =
        results.parsers.iter().map(|record| row_class(results, record).key()).collect();
    let outcomes = Class::ALL.into_iter().filter(|c| !c.of_services_only() || seen.contains(c.key()));
    select(html, "outcome", "Outcome", "all outcomes", outcomes.map(|c| (c.key(), c.text())));
    // After the parse (or the compile): the rows measured in phases, those that lose control in
    // one at all, and those that lose control there sooner than in the parse; only the phases some
    // row was measured in.
    let options = phase_options(results);
    select(html, "phase", "Phase", "any phase", options.iter().map(|(k, t)| (k.as_str(), t.as_str())));
    let advisories = super::advisories::options(results);
    select(
        html,
        "advisory",
        "Advisory",
        "any or none",
        advisories.iter().map(|(k, t)| (k.as_str(), t.as_str())),
    );
    html.push_str(
        "<label>Sort <select id=\"sort\">\
         <option value=\"language\">by language</option>\
         <option value=\"depth\">by depth, least first</option>\
         <option value=\"depth-desc\">by depth, most first</option>\
         <option value=\"library\">by library</option>\
         </select></label>\n\
         <label>Search <input id=\"q\" type=\"search\" placeholder=\"library, version, error…\"></label>\n\
         <output id=\"count\">",
    );
    let _ = write!(html, "{0} of {0} rows", results.parsers.len());
    html.push_str("</output>\n</form>\n");
}

/// The phase filter's options: `measured` when some row was measured in phases, then for each phase
/// after the parse or compile that some row has, losing control there at all and sooner.
fn phase_options(results: &Results) -> Vec<(String, String)> {
    let measured: BTreeSet<Phase> =
        results.parsers.iter().flat_map(|r| r.phases.iter().filter_map(|p| p.phase)).collect();
    let mut options = Vec::new();
    if !measured.is_empty() {
        options.push(("measured".to_string(), "measured in phases".to_string()));
    }
    for phase in Phase::ALL.into_iter().filter(|p| !p.is_front_end() && measured.contains(p)) {
        let name = phase.name();
        let front = if phase == Phase::Run { "the compile" } else { "the parse" };
        options.push((name.to_string(), format!("loses control in {name}")));
        options.push((format!("{name}-sooner"), format!("loses control in {name}, sooner than {front}")));
    }
    options
}

fn charts(html: &mut String, results: &Results) -> Result<()> {
    // The charts are the run's: at another stack, they say so rather than pass for it.
    let _ = writeln!(
        html,
        "<p class=\"charts-note\" id=\"charts-stack\" hidden>The charts below are at {0}, the run's own \
         stack, whatever stack is chosen above; the table, the counts and the crash list are at the \
         stack chosen.</p>",
        format_bytes(RUN_STACK)
    );
    html.push_str("<section class=\"charts\" id=\"charts\">\n");
    // Each chart is a document of its own; inline, only its <svg> element is wanted. It carries its
    // own title. (plotters escapes the text it writes.)
    // A figure says its format: the page shows the charts of the formats its filters leave rows of.
    let mut figure = |format: PayloadFormat, svg: String| {
        let start = svg.find("<svg").unwrap_or(0);
        let _ = writeln!(
            html,
            "<figure data-format=\"{format}\" data-class=\"{}\">\n{}\n</figure>",
            format.class().key(),
            svg[start..].trim_end()
        );
    };
    for format in results.formats() {
        let subset = results.of_format(format);
        figure(format, chart::results_svg(&subset)?);
        if has_sweep(&subset) {
            figure(format, chart::sweep_svg(&subset)?);
        }
    }
    // A class of several formats has a chart of its own too, shown while a row of it is.
    for class in charted_classes(results) {
        let svg = chart::results_svg(&results.of_class(class))?;
        let start = svg.find("<svg").unwrap_or(0);
        let _ =
            writeln!(html, "<figure data-class=\"{}\">\n{}\n</figure>", class.key(), svg[start..].trim_end());
    }
    html.push_str("</section>\n");
    Ok(())
}

const HEAD: &str = concat!(
    r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'none'; base-uri 'none'">
<title>nestprobe: how deeply nested input can each parser take?</title>
<script>
"##,
    include_str!("errors.js"),
    r##"</script>
<style>
"##,
    include_str!("page.css"),
    r##"</style>
</head>
<body>
<pre id="js-errors" hidden></pre>
"##
);

const LEGEND: &str = include_str!("legend.html");

/// Filters and sorting. Rows are server-rendered; the script only hides and reorders them, and reads
/// its data from the JSON island, so no untrusted text is ever parsed as markup.
const SCRIPT: &str = include_str!("page.js");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::render::chart::tests::sample;

    /// The text from `start` to the end of `end`, which must both be there.
    fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
        let from = html.find(start).unwrap_or_else(|| panic!("{start:?} missing"));
        let to = from + html[from..].find(end).unwrap_or_else(|| panic!("{end:?} missing")) + end.len();
        &html[from..to]
    }

    #[test]
    fn environments_are_a_column_and_a_filter_and_rows_are_keyed() {
        let results = crate::report::tests::two_environments();
        let html = page(&results).unwrap();
        let environment = between(&html, "<select id=\"environment\">", "</select>");
        assert!(
            environment.contains("<option value=\"host\">Debian 12 (bookworm)</option>"),
            "{environment}"
        );
        assert!(
            environment.contains("<option value=\"debian13\">Debian 13 (trixie)</option>"),
            "{environment}"
        );
        let table = between(&html, "<table id=\"atlas\"", "</tbody>\n</table>");
        assert!(!table.contains("one-env"), "the environment column is hidden");
        let row = between(table, "data-id=\"python-json@debian13\"", "</tr>");
        assert!(row.contains("data-environment=\"debian13\""), "{row}");
        assert!(row.contains("<td class=\"environment\">Debian 13</td>"), "{row}");
        assert!(row.contains("href=\"badges/python-json@debian13.svg\""), "{row}");
        // The host's row comes right before it; every row id is unique.
        let ids: Vec<&str> = table
            .split("<tr class=\"parser\"")
            .skip(1)
            .map(|tr| tr.split("data-id=\"").nth(1).unwrap().split('"').next().unwrap())
            .collect();
        let at = ids.iter().position(|id| *id == "python-json").unwrap();
        assert_eq!(ids[at + 1], "python-json@debian13");
        assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), results.parsers.len());
    }

    /// The page's header, controls, crash view and table, as a reviewable snapshot (the charts have
    /// their own).
    #[test]
    fn html_page_structure_snapshot() {
        let html = page(&sample()).unwrap();
        let parts = [
            between(&html, "<header>", "</header>"),
            between(&html, "<form id=\"controls\"", "</form>"),
            between(&html, "<p class=\"stack-note", "<section id=\"crash-view\">"),
            between(&html, "<section id=\"crash-view\">", "</section>"),
            between(&html, "<table id=\"atlas\"", "</tbody>\n</table>"),
        ];
        insta::assert_snapshot!("results_page", parts.join("\n"));
    }

    /// A row whose parse has no limit but whose serializer crashes (nlohmann/json): a line of the
    /// crash view naming the function, sorted and filtered by where it loses control.
    #[test]
    fn a_crash_after_the_parse_is_a_crash_line_and_the_rows_depth() {
        use crate::results::crash_site::CrashSite;
        use crate::results::outcome::{Failure, FailureKind};
        use crate::results::phase::Phase;
        let mut results = sample();
        let record = results.parsers.iter_mut().find(|r| r.id == "c-unbounded").unwrap();
        let mut serialize = record.result.clone().unwrap();
        serialize.phase = Some(Phase::Serialize);
        serialize.min_failing_depth = Some(87_361);
        serialize.failure = Some(Failure {
            kind: FailureKind::Crash,
            exit_code: None,
            signal: Some(11),
            signal_name: Some("SIGSEGV".into()),
            stderr: String::new(),
            peak_rss_bytes: None,
            service: None,
        });
        serialize.crashed_in = Some(CrashSite {
            cycle: vec!["nlohmann::detail::serializer<json>::dump(json const&, bool)".into()],
            ..CrashSite::default()
        });
        record.phases = vec![serialize];
        let html = page(&results).unwrap();
        let island = between(&html, "<script type=\"application/json\" id=\"nestprobe-data\">", "</script>");
        let json = island.split_once('>').unwrap().1.trim_end_matches("</script>");
        let data: serde_json::Value = serde_json::from_str(json).unwrap();
        let row = data["rows"].as_array().unwrap().iter().find(|r| r["id"] == "c-unbounded").unwrap();
        assert_eq!(row["depth"], 87_361, "sorted by where it loses control, not by its parse's none");
        assert_eq!(row["loses_in"], serde_json::json!(["serialize"]));
        assert_eq!(row["sooner_in"], "serialize");
        let line = data["lines"].as_array().unwrap().iter().find(|l| l["row"] == "c-unbounded").unwrap();
        assert_eq!(
            (&line["phase"], &line["outcome"], &line["sooner"]),
            (&"serialize".into(), &"crash".into(), &true.into())
        );
        let id = line["id"].as_str().unwrap();
        let tr = between(&html, &format!("id=\"{id}\""), "</tr>");
        assert!(tr.contains("nlohmann::<wbr>detail::<wbr>serializer::<wbr>dump</td>"), "{tr}");
        assert!(tr.contains(">serialize <span class=\"sooner\""), "{tr}");
        assert!(tr.contains(">87,361 ±</td>") && tr.contains(">SIGSEGV</span>"), "{tr}");
        // In the crash list, not among what only exhausts time or memory.
        let crashes = between(&html, "<table id=\"crashes\"", "</table>");
        assert!(crashes.contains(&format!("id=\"{id}\"")));
    }

    /// The data island, parsed.
    fn island(html: &str) -> serde_json::Value {
        let island = between(html, "<script type=\"application/json\" id=\"nestprobe-data\">", "</script>");
        let json = island.split_once('>').unwrap().1.trim_end_matches("</script>");
        serde_json::from_str(json).unwrap()
    }

    /// The markup of `<template id="cells-N">`.
    fn template(html: &str, number: &serde_json::Value) -> String {
        let number = number.as_u64().unwrap_or_else(|| panic!("no cells: {number}"));
        between(html, &format!("<template id=\"cells-{number}\">"), "</template>").to_string()
    }

    #[test]
    fn the_stack_selector_offers_each_deployed_stack_by_what_runs_on_it_the_runs_own_chosen() {
        let html = page(&sample()).unwrap();
        let select = between(&html, "<select id=\"stack\">", "</select>");
        let values: Vec<&str> =
            select.split("<option value=\"").skip(1).map(|o| o.split('"').next().unwrap()).collect();
        assert_eq!(values, ["128KiB", "512KiB", "1MiB", "2MiB", "8MiB"]);
        assert!(
            select.contains("<option value=\"128KiB\">128 KiB — musl (Alpine) threads</option>"),
            "{select}"
        );
        assert!(
            select.contains("<option value=\"8MiB\" selected>8 MiB — Linux main thread</option>"),
            "{select}"
        );
        let data = island(&html);
        assert_eq!(data["run_stack"], "8MiB");
        assert_eq!(
            data["stacks"][0],
            serde_json::json!({"key": "128KiB", "size": "128 KiB", "uses": "musl (Alpine) threads"})
        );
        // The note under it: the rows whose depth depends on the stack (c-stack, java-abort, js-slow),
        // and at another stack how many the sweep measured there.
        let note = between(&html, "<p class=\"stack-note at-stack\" data-stack=\"8MiB\">", "</p>");
        assert!(note.contains("3 rows&#39; depth depends on the stack"), "{note}");
        let note = between(&html, "<p class=\"stack-note at-stack\" data-stack=\"1MiB\" hidden>", "</p>");
        assert!(
            note.contains("6 of 7 rows as the stack sweep measured them there, not extrapolated"),
            "{note}"
        );
        let note = between(&html, "<p class=\"stack-note at-stack\" data-stack=\"128KiB\" hidden>", "</p>");
        assert!(note.contains("0 of 7 rows"), "{note}");
        // The charts are the run's, and say so while another stack is chosen.
        assert!(html
            .contains("<p class=\"charts-note\" id=\"charts-stack\" hidden>The charts below are at 8 MiB"));
    }

    /// At 1 MiB the sample's sweeps measured every row: a row whose depth depends on the stack is its
    /// probe there, one whose depth does not keeps its depth and outcome; at 128 KiB, which they did
    /// not measure, every measured row says so; a row measured nowhere keeps its cells.
    #[test]
    fn each_row_at_another_stack_is_its_sweeps_probe_there_and_never_an_extrapolation() {
        let html = page(&sample()).unwrap();
        let data = island(&html);
        let row = |id: &str| data["rows"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap().clone();

        let stack = row("c-stack");
        assert_eq!((&stack["outcome"], &stack["depth"]), (&"crash".into(), &87_289.into()));
        let small = &stack["at"]["1MiB"];
        assert_eq!((&small["outcome"], &small["depth"]), (&"crash".into(), &10_900.into()));
        assert_eq!(small["said"], "SIGSEGV at 10,900");
        let cells = template(&html, &small["cells"]);
        assert!(cells.starts_with("<template id=\"cells-"), "{cells}");
        assert!(cells.contains(">10,900 ±</td>") && cells.contains(">SIGSEGV</span>"), "{cells}");
        assert!(
            cells.contains("<td class=\"why\">stack (96 B/level)</td>"),
            "the sweep's verdict stays: {cells}"
        );
        assert!(!cells.contains("badge-link"), "a badge is of the run's figures: {cells}");

        // serde_json fails at 129 at every stack: the same depth and outcome.
        let same = row("rust-serde-json");
        let there = &same["at"]["1MiB"];
        assert_eq!((&there["outcome"], &there["depth"]), (&same["outcome"], &same["depth"]));
        let cells = template(&html, &there["cells"]);
        let run = between(&html, "data-id=\"rust-serde-json\"", "</tr>");
        let depth_cell = |cells: &str| {
            cells.split("<td class=\"num\"").nth(1).unwrap().split("</td>").next().unwrap().to_string()
        };
        assert!(
            depth_cell(&cells).contains(">129") && depth_cell(run).contains(">129</a>"),
            "{cells}\n{run}"
        );

        // Nothing measured at 128 KiB: not measured at this stack, not the run's figure.
        let unmeasured = &stack["at"]["128KiB"];
        assert_eq!(
            (&unmeasured["outcome"], &unmeasured["depth"]),
            (&"not-measured".into(), &serde_json::Value::Null)
        );
        assert_eq!(unmeasured["said"], "not measured at this stack");
        let cells = template(&html, &unmeasured["cells"]);
        assert!(cells.contains(">not measured at this stack</span>") && !cells.contains("87,289"), "{cells}");
        // A row's cells not measured at several stacks are one template.
        assert_eq!(stack["at"]["512KiB"]["cells"], unmeasured["cells"]);
        assert_eq!(stack["at"]["2MiB"]["cells"], unmeasured["cells"]);

        // A row measured nowhere keeps its cells and its reason.
        let skipped = row("go-skipped");
        assert_eq!(skipped["at"]["1MiB"]["cells"], serde_json::Value::Null);
        assert_eq!(skipped["at"]["1MiB"]["outcome"], "not-measured");
        assert_eq!(skipped["at"]["1MiB"]["said"], "", "its detail says why it was not measured");
    }

    /// A service is measured as it is deployed: at another stack it is left out (null), at the run's
    /// it is a row like any other.
    #[test]
    fn a_service_is_left_out_at_another_stack() {
        let mut results = sample();
        let record = results.parsers.iter_mut().find(|r| r.id == "python-json").unwrap();
        record.service = Some(crate::results::service::ServiceFacts {
            framework: "Flask".into(),
            server: "Werkzeug development server".into(),
            parser: "json (CPython)".into(),
            library_row: None,
        });
        let html = page(&results).unwrap();
        let data = island(&html);
        let row = data["rows"].as_array().unwrap().iter().find(|r| r["id"] == "python-json").unwrap();
        assert_eq!(row["outcome"], "clean-error");
        assert_eq!(row["at"]["1MiB"], serde_json::Value::Null);
        assert!(row["at"].as_object().unwrap().contains_key("1MiB"));
        let chips = between(&html, "<p class=\"chips at-stack\" data-stack=\"1MiB\" hidden>", "</p>");
        assert!(chips.contains(">6 rows</a>"), "{chips}");
    }

    /// Each stack has its counts and its crash view, whose ids and links carry the stack (the run's
    /// keep theirs), and the data island's lines say their stack.
    #[test]
    fn each_stack_has_its_counts_and_crash_view() {
        let html = page(&sample()).unwrap();
        let chips = between(&html, "<p class=\"chips at-stack\" data-stack=\"1MiB\" hidden>", "</p>");
        assert!(chips.contains("href=\"#outcome=crash&amp;stack=1MiB\">2 crash</a>"), "{chips}");
        assert!(chips.contains("href=\"#view=table&amp;stack=1MiB\">7 rows</a>"), "{chips}");
        let chips = between(&html, "<p class=\"chips at-stack\" data-stack=\"128KiB\" hidden>", "</p>");
        assert!(chips.contains(">7 not measured</a>") && !chips.contains("o-crash"), "{chips}");
        let run = between(&html, "<div class=\"at-stack\" data-stack=\"8MiB\">", "</table>");
        assert!(run.contains("<table id=\"crashes\"") && run.contains("id=\"line-0\""), "{run}");
        let small = between(&html, "<div class=\"at-stack\" data-stack=\"1MiB\" hidden>", "</table>");
        assert!(
            small.contains("<h2>Crashes: 2 rows of 6 measured (2 libraries), in 2 lines</h2>"),
            "{small}"
        );
        assert!(small.contains("<table id=\"crashes-1MiB\""), "{small}");
        let line = between(small, "id=\"line-1MiB-0\"", "</tr>");
        assert!(line.contains("href=\"#view=table&amp;open=java-abort&amp;stack=1MiB\""), "{line}");
        assert!(line.contains(">4,000"), "Jackson at 1 MiB: {line}");
        let data = island(&html);
        let lines = data["lines"].as_array().unwrap();
        assert!(lines
            .iter()
            .any(|l| l["id"] == "line-1MiB-0" && l["stack"] == "1MiB" && l["row"] == "java-abort"));
        assert!(lines.iter().any(|l| l["id"] == "line-0" && l["stack"] == "8MiB"));
        assert!(lines.iter().all(|l| l["stack"] != "128KiB"), "nothing measured at 128 KiB crashes there");
    }

    /// A sweep probe's stderr reaches the cells at its stack as text, like every string of
    /// results.json.
    #[test]
    fn a_hostile_sweep_probe_stays_text_at_its_stack() {
        use crate::results::outcome::{Failure, FailureKind};
        let mut results = sample();
        let record = results.parsers.iter_mut().find(|r| r.id == "java-abort").unwrap();
        let attack = "<img src=x onerror=alert(1)></template><script>alert(2)</script>";
        record.sweep.as_mut().unwrap().probes[0].failure = Some(Failure {
            kind: FailureKind::Crash,
            exit_code: Some(3),
            signal: None,
            signal_name: None,
            stderr: format!("Exception in thread \"main\" java.lang.StackOverflowError {attack}"),
            peak_rss_bytes: None,
            service: None,
        });
        let html = page(&results).unwrap();
        assert!(!html.contains("<img") && !html.contains("<script>alert"), "hostile text became markup");
        assert_eq!(html.matches("</template>").count(), html.matches("<template ").count());
    }

    #[test]
    fn html_page_is_self_contained_and_complete() {
        let results = sample();
        let html = page(&results).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
        assert!(html.ends_with("</body>\n</html>\n"));
        assert!(html.contains("Content-Security-Policy\" content=\"default-src 'none';"));
        // Nothing to fetch: no external resource of any kind.
        for needle in [" src=", "<link", "@import", "url(", "https://", "<iframe"] {
            assert!(!html.contains(needle), "{needle:?} in the page");
        }
        // The only http:// is the SVG namespace of the two inline charts.
        assert_eq!(html.matches("http://").count(), 2);
        assert_eq!(html.matches("http://www.w3.org/2000/svg").count(), 2);
        assert_eq!(html.matches("<svg ").count(), 2);
        assert!(!html.contains("<?xml"));
        // Our three scripts: the error hook, the data island, the filters.
        assert_eq!(html.matches("<script").count(), 3);
        // One row per parser, and the data island describes the same rows in the same order.
        let row_ids: Vec<&str> = html
            .split("<tr class=\"parser\"")
            .skip(1)
            .map(|tr| tr.split("data-id=\"").nth(1).unwrap().split('"').next().unwrap())
            .collect();
        assert_eq!(row_ids.len(), results.parsers.len());
        let island = between(&html, "<script type=\"application/json\" id=\"nestprobe-data\">", "</script>");
        let json = island.split_once('>').unwrap().1.trim_end_matches("</script>");
        let data: serde_json::Value = serde_json::from_str(json).unwrap();
        let data_ids: Vec<&str> =
            data["rows"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
        assert_eq!(row_ids, data_ids);
        // Grouped by language, alphabetically; table order inside a language (C: 87,289 < no limit).
        let languages: Vec<&str> =
            data["rows"].as_array().unwrap().iter().map(|r| r["language"].as_str().unwrap()).collect();
        let mut sorted_languages = languages.clone();
        sorted_languages.sort();
        assert_eq!(languages, sorted_languages);
        assert_eq!(&data_ids[..2], ["c-stack", "c-unbounded"]);
        let outcome = |id: &str| {
            data["rows"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap()["outcome"].clone()
        };
        assert_eq!(outcome("c-stack"), "crash");
        assert_eq!(outcome("java-abort"), "crash");
        assert_eq!(outcome("js-slow"), "timeout");
        assert_eq!(outcome("c-unbounded"), "no-limit");
        assert_eq!(outcome("go-skipped"), "not-measured");
        assert_eq!(outcome("python-json"), "clean-error");
        assert!(data["rows"].as_array().unwrap().iter().all(|r| r["format"] == "json"));
    }
}
