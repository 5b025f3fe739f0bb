//! The page's table of every row: its columns, each row's naming, outcome and depth cells, the
//! badge a row links to. Every string from results.json goes through `escape_html`.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::detail;
use crate::report::model::class::{class_of, count_of, losing_sooner, phrase, Word};
use crate::report::model::counts::row_class;
use crate::report::model::files::{badge_file, BADGES_DIR};
use crate::report::model::groups::environments_of;
use crate::report::model::view::{
    depth_figure, environment_name, growth_note, other_shape_words, peak_memory, short_outcome,
};
use crate::report::render::markup::escape_html;
use crate::results::outcome::{error_line, FailureKind};
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::{ParserRecord, Results};
use crate::units::{format_bytes, thousands};

/// The input format a row measured, as the page's filter names it.
pub(super) fn format_of(record: &ParserRecord) -> String {
    record.format.to_string()
}

/// Title, sort key (for sortable columns) and class of each column.
pub(super) const COLUMNS: [(&str, &str, &str); 12] = [
    ("Language", "language", "lang"),
    ("Library", "library", ""),
    ("Environment", "", "environment"),
    ("Variant", "", "var"),
    ("Format", "", "fmt"),
    ("Version", "", ""),
    ("Fails at", "depth", "num"),
    ("How", "", ""),
    ("Second nesting", "", ""),
    ("Unclosed", "", ""),
    ("Why", "", ""),
    ("Memory", "", "num"),
];

pub(super) fn table(html: &mut String, results: &Results, records: &[&ParserRecord]) {
    // Grouped by language (the default order) until the script says otherwise: the language column
    // is then hidden, the group rows say it. A format or environment column with one value says
    // nothing either, nor a variant column with none.
    let formats: BTreeSet<String> = records.iter().map(|r| format_of(r)).collect();
    let mut classes = String::from("grouped");
    if formats.len() <= 1 {
        classes.push_str(" one-format");
    }
    if environments_of(results).len() <= 1 {
        classes.push_str(" one-env");
    }
    if records.iter().all(|r| r.variant.is_none()) {
        classes.push_str(" no-variant");
    }
    let _ = write!(html, "<table id=\"atlas\" class=\"{classes}\">\n<thead><tr>");
    for (title, key, class) in COLUMNS {
        let class = if class.is_empty() { String::new() } else { format!(" class=\"{class}\"") };
        if key.is_empty() {
            let _ = write!(html, "<th scope=\"col\"{class}>{title}</th>");
        } else {
            let sort = if key == "language" { " aria-sort=\"ascending\"" } else { "" };
            let _ = write!(
                html,
                "<th scope=\"col\"{class} data-sort=\"{key}\"{sort}><button type=\"button\">{title}</button></th>"
            );
        }
    }
    html.push_str("</tr></thead>\n<tbody id=\"rows\">\n");
    let mut language = None;
    for record in records {
        if language != Some(&record.language) {
            language = Some(&record.language);
            let _ = writeln!(
                html,
                "<tr class=\"group\" data-language=\"{0}\"><th colspan=\"{1}\" scope=\"colgroup\">{0}</th></tr>",
                escape_html(&record.language),
                COLUMNS.len()
            );
        }
        row(html, results, record);
    }
    html.push_str("</tbody>\n</table>\n");
}

/// What an empty cell shows.
pub(super) const DASH: &str = "—";

pub(super) fn row(html: &mut String, results: &Results, record: &ParserRecord) {
    let outcome = row_class(results, record).key();
    let key = record.key();
    let _ = write!(
        html,
        "<tr class=\"parser\" id=\"p-{}\" data-id=\"{}\" data-environment=\"{}\" data-outcome=\"{outcome}\">",
        escape_html(&key),
        escape_html(&key),
        escape_html(&record.environment)
    );
    naming_cells(html, results, record);
    match &record.result {
        Some(result) => outcome_cells(html, record, result, true),
        None => unmeasured_cells(html, record),
    }
    html.push_str("</tr>\n");
    // The note, the whole error, the command and every probe: under the row, on demand.
    detail::row(html, results, record, COLUMNS.len());
}

pub(super) fn cell(html: &mut String, class: &str, text: &str) {
    match class {
        "" => {
            let _ = write!(html, "<td>{}</td>", escape_html(text));
        }
        class => {
            let _ = write!(html, "<td class=\"{class}\">{}</td>", escape_html(text));
        }
    }
}

/// Long text clipped to one line; the whole of it is in the tooltip.
pub(super) fn clipped_cell(html: &mut String, class: &str, text: &str, full: &str) {
    let _ = write!(
        html,
        "<td class=\"{class}\"><span class=\"clip\" title=\"{}\">{}</span></td>",
        escape_html(full),
        escape_html(text)
    );
}

/// The cells that say what was measured: language, library, environment, variant, format, version.
pub(super) fn naming_cells(html: &mut String, results: &Results, record: &ParserRecord) {
    cell(html, "lang", &record.language);
    let study = if record.study {
        "<span class=\"study\" title=\"in the original bad_json_parsers study\"> †</span>"
    } else {
        ""
    };
    let _ = write!(html, "<td class=\"lib\">{}{study}</td>", escape_html(&record.library));
    // The release without its code name: the filter and the detail say the whole name.
    let environment = environment_name(results, &record.environment);
    cell(html, "environment", environment.split(" (").next().unwrap_or(environment));
    cell(html, "var", record.variant.as_deref().unwrap_or(""));
    cell(html, "fmt", &format_of(record));
    let version = record.shown_version().unwrap_or_else(|| DASH.to_string());
    clipped_cell(html, "ver", &version, &version);
}

/// The outcome cells of a row that has no result: its status, with the reason in the tooltip.
pub(super) fn unmeasured_cells(html: &mut String, record: &ParserRecord) {
    let _ = write!(html, "<td class=\"num\">{}</td>", badge_link(record, DASH));
    let reason = record.reason.as_deref().unwrap_or("");
    let _ = write!(
        html,
        "<td><span class=\"badge o-not-measured\" title=\"{}\">{}</span></td>",
        escape_html(reason),
        escape_html(record.status.name())
    );
    for class in ["", "", "", "num"] {
        cell(html, class, DASH);
    }
}

/// The outcome cells of a measured row: where and how it fails, the second shape, the unclosed
/// payload, why (the stack sweep's verdict) and the peak memory; the depth links to the row's badge
/// where `badge_linked` (the run's figures: a badge is of them).
pub(super) fn outcome_cells(
    html: &mut String,
    record: &ParserRecord,
    result: &ProbeResult,
    badge_linked: bool,
) {
    // The payload size is in the tooltip: one column less, and it is twice the depth anyway for arrays.
    let tooltip = match result.payload_bytes {
        Some(bytes) => format!("payload {}", format_bytes(bytes)),
        None => format!("no failure up to {}", thousands(result.settings.max_depth)),
    };
    let depth = main_depth_text(record, result);
    let depth = if badge_linked { badge_link(record, &depth) } else { escape_html(&depth) };
    let _ = write!(html, "<td class=\"num\" title=\"{tooltip}\">{depth}</td>");
    // A phase after the parse that loses control sooner is said beside the parse's outcome, so that
    // a row the phase filter shows says why.
    let phase = losing_sooner(record)
        .map(|_| format!(" <span class=\"phase\">{}</span>", escape_html(&short_outcome(record))))
        .unwrap_or_default();
    badge(html, record, result, "", &phase);
    match &record.object {
        Some(object) => badge(html, record, object, &depth_text(record, object), ""),
        None => cell(html, "", DASH),
    }
    match &record.unclosed {
        Some(unclosed) if unclosed.failure.is_some() => {
            badge(html, record, unclosed, &depth_text(record, unclosed), "")
        }
        Some(_) => cell(html, "muted", "rejected"),
        None => cell(html, "", DASH),
    }
    cell(html, "why", &why(record));
    cell(html, "num", &peak_memory(result).unwrap_or_else(|| DASH.to_string()));
}

/// The stack sweep's verdict, with the stack bytes per level where the stack sets the depth.
pub(super) fn why(record: &ParserRecord) -> String {
    record.sweep.as_ref().map_or_else(
        || DASH.to_string(),
        |s| match s.bytes_per_level {
            Some(bytes) => format!("{} ({bytes} B/level)", s.verdict.name()),
            None => s.verdict.name().to_string(),
        },
    )
}

/// `text` as a link to the record's badge, which lies beside the page (a path made of the key,
/// escaped like any text).
pub(super) fn badge_link(record: &ParserRecord, text: &str) -> String {
    format!(
        "<a class=\"badge-link\" href=\"{}/{}\" title=\"this result as a badge\">{}</a>",
        BADGES_DIR,
        escape_html(&badge_file(record)),
        escape_html(text)
    )
}

/// [`depth_text`] of a row's main result, with the shape it was measured in where the program
/// refused the format's main one.
pub(super) fn main_depth_text(record: &ParserRecord, result: &ProbeResult) -> String {
    depth_text(record, result) + &other_shape_words(record)
}

/// The smallest failing depth; `none` when there is none (the tooltip says up to where).
pub(super) fn depth_text(record: &ParserRecord, result: &ProbeResult) -> String {
    match result.finding() {
        Finding::FailsAt(depth, _) => depth_figure(record, result, depth),
        Finding::NoLimit => "none".to_string(),
        Finding::Flattened(built) => format!("flattened to {}", thousands(built)),
        Finding::Unstable { .. } | Finding::InputNotRead(_) => "—".to_string(),
        Finding::Slow(depth, _) => format!("> {}", thousands(depth)),
    }
}

/// An outcome as a coloured badge, short in the outcome words (`SIGSEGV`, `exit 134`: the colour
/// says crash; `exhausts time`), with the whole phrase as its tooltip, `prefix` (a depth) before it
/// and `after` (markup) after it.
pub(super) fn badge(
    html: &mut String,
    record: &ParserRecord,
    result: &ProbeResult,
    prefix: &str,
    after: &str,
) {
    let class = class_of(result);
    let short = match (result.finding(), &result.failure) {
        (Finding::Slow(..), Some(failure)) if result.crash_beyond_slow().is_some() => failure.how(),
        (Finding::FailsAt(_, failure), _) if failure.kind == FailureKind::Crash => failure.how(),
        (Finding::FailsAt(_, failure), _) if failure.kind == FailureKind::Error => {
            crate::results::word::clean_error(count_of(record, result))
        }
        (Finding::FailsAt(_, failure), _) => failure.kind.word().text().to_string(),
        (Finding::Flattened(built), _) => format!("{} to {}", Word::Flattened.text(), thousands(built)),
        (Finding::InputNotRead(_), _) => Word::InputNotRead.text().to_string(),
        _ => class.text().to_string(),
    };
    let (key, long) = (class.key(), phrase(record, result));
    let prefix = if prefix.is_empty() || result.failure.is_none() {
        String::new()
    } else {
        format!("<span class=\"d\">{}</span> ", escape_html(prefix))
    };
    // Super-linear time is a finding of its own, beside whatever ended the search.
    let growth = growth_note(result)
        .map(|note| {
            format!(
                " <span class=\"growth\" title=\"doubling the depth more than triples the time\">{}</span>",
                escape_html(&note)
            )
        })
        .unwrap_or_default();
    let _ = write!(
        html,
        "<td>{prefix}<span class=\"badge o-{key}\" title=\"{}\">{}</span>{growth}{after}</td>",
        escape_html(&long),
        escape_html(&short)
    );
}

/// The line of the main probe's stderr that names the error.
pub(super) fn error_text(record: &ParserRecord) -> Option<&str> {
    let failure = record.result.as_ref()?.failure.as_ref()?;
    error_line(&failure.stderr)
}
