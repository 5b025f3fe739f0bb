//! The detail of one row of results.html, shown on demand under it: every probe of the row (each
//! shape, each phase, each stack of the sweep) with its outcome, payload, memory and where it
//! crashed, the whole error, the command, how its time grew, the same library in the other
//! environments, and what the last run changed. Server-rendered and escaped like the rest of the
//! page; the script only shows and hides it. At another stack than the run's, the script says
//! above it what the sweep measured there (a line of text it sets, never markup) and marks that
//! stack's probe.

use std::fmt::Write as _;

use crate::report::model::confirmations;
use crate::report::model::release_timeline::history_line;
use crate::report::model::stacks::key;
use crate::report::model::view::{environment_name, peak_memory, record_phrase, shell_words};
use crate::report::render::markup::escape_html;
use crate::results::part::Part;
use crate::results::probe_result::ProbeResult;
use crate::results::{ParserRecord, Results};
use crate::units::{format_bytes, thousands, Limit};

/// The hidden row under `record`'s row, spanning `columns` columns.
pub fn row(html: &mut String, results: &Results, record: &ParserRecord, columns: usize) {
    let key = record.key();
    let _ = write!(
        html,
        "<tr class=\"detail\" data-for=\"{}\" hidden><td colspan=\"{columns}\"><div class=\"detail\">",
        escape_html(&key)
    );
    html.push_str("<p class=\"stack-line\" hidden></p>");
    facts(html, results, record);
    probes(html, record);
    html.push_str("</div></td></tr>\n");
}

/// The row's own facts, as a definition list.
fn facts(html: &mut String, results: &Results, record: &ParserRecord) {
    html.push_str("<dl>");
    let mut item = |term: &str, value: &str, class: &str| {
        if !value.is_empty() {
            let _ = write!(html, "<dt>{term}</dt><dd class=\"{class}\">{}</dd>", escape_html(value));
        }
    };
    item("Library", &format!("{} ({})", record.library, record.language), "");
    item("Version", record.shown_version().as_deref().unwrap_or(""), "");
    item("Build", record.variant.as_deref().unwrap_or(""), "");
    item("Environment", environment_name(results, &record.environment), "");
    item("Note", &record.note, "");
    if let (Some(confirmed), Some(age)) = (&record.confirmed, confirmations::age(results, record)) {
        // A reused fact is never shown as measured that day: when and where it last was.
        let when = if age == "today" {
            "the day of the last run".to_string()
        } else {
            format!("{age} before the last run")
        };
        let text = format!("{when} ({}; the last run {} it)", confirmed.machine, confirmed.how.name());
        item("Confirmed", &text, "");
    }
    if let Some(result) = &record.result {
        item("Command", &shell_words(&result.command), "code");
        item("Error", result.failure.as_ref().map_or("", |f| f.stderr.as_str()), "code pre");
        if let Some(growth) = result.growth {
            let how = if growth.superlinear() {
                "super-linear: doubling the depth more than triples the time"
            } else {
                ""
            };
            let text = format!(
                "time ∝ depth^{:.1} over {} depths from {} to {}{}",
                growth.exponent,
                growth.depths,
                thousands(growth.from_depth),
                thousands(growth.to_depth),
                if how.is_empty() { String::new() } else { format!(" ({how})") }
            );
            item("Time", &text, "");
        }
    }
    item("Not measured", record.reason.as_deref().unwrap_or(""), "");
    for unsupported in &record.unsupported_shapes {
        item(&format!("{} shape", unsupported.shape), &format!("not supported: {}", unsupported.error), "");
    }
    let elsewhere: Vec<String> = results
        .parsers
        .iter()
        .filter(|other| other.id == record.id && other.environment != record.environment)
        .map(|other| {
            format!(
                "{}: {} ({})",
                environment_name(results, &other.environment),
                record_phrase(other),
                other.version.as_deref().unwrap_or("?")
            )
        })
        .collect();
    item("Elsewhere", &elsewhere.join("; "), "");
    let changes: Vec<String> =
        record.changes.iter().map(|c| format!("{}: {} → {}", probe_label(c.what), c.was, c.now)).collect();
    item("Last change", &changes.join("; "), "");
    item("Releases", &history_line(record).unwrap_or_default(), "");
    item("Advisories", &crate::report::model::advisories::row_line(results, record).unwrap_or_default(), "");
    html.push_str("</dl>");
}

/// A probe's (or a change's) label, from its part: `array shape`, `unclosed input`, `free phase`.
fn probe_label(part: Part) -> String {
    match part {
        Part::Main { .. } | Part::SecondShape { .. } | Part::FurtherShape { .. } => format!("{part} shape"),
        Part::Phase { .. } => format!("{part} phase"),
        Part::Unclosed => format!("{part} input"),
        Part::Warm { .. } => "warm server".into(),
        Part::Sweep | Part::Row => part.to_string(),
    }
}

/// Every probe of the row, one line each.
fn probes(html: &mut String, record: &ParserRecord) {
    // The sweep's probes say their stack (`data-stack`), for the script to mark the chosen one.
    let mut lines: Vec<(String, &ProbeResult, Option<u64>)> =
        record.parts().map(|(part, result)| (probe_label(part), result, None)).collect();
    if let Some(sweep) = &record.sweep {
        let stack = |r: &ProbeResult| {
            r.settings.stack_bytes.map_or("unlimited".into(), |b| Limit::Bytes(b).to_string())
        };
        lines.extend(sweep.probes.iter().map(|r| (format!("stack {}", stack(r)), r, r.settings.stack_bytes)));
    }
    if lines.is_empty() {
        return;
    }
    html.push_str(
        "<table class=\"probes\"><thead><tr><th>Probe</th><th>Outcome</th><th>Payload</th><th>Memory</th>\
         <th>Trials</th><th>Where it crashed</th></tr></thead><tbody>",
    );
    for (what, result, stack) in lines {
        let payload = result.payload_bytes.map(format_bytes).unwrap_or_default();
        let memory = peak_memory(result).unwrap_or_default();
        let site = result.crashed_in.as_ref().map(|s| s.summary()).unwrap_or_default();
        let stack = stack.map(|bytes| format!(" data-stack=\"{}\"", key(bytes))).unwrap_or_default();
        let _ = write!(
            html,
            "<tr{stack}><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"code\">{}</td></tr>",
            escape_html(&what),
            escape_html(&crate::report::model::class::phrase(record, result)),
            escape_html(&payload),
            escape_html(&memory),
            result.trials,
            escape_html(&site)
        );
    }
    html.push_str("</tbody></table>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::Shape;
    use crate::results::phase::Phase;

    #[test]
    fn probe_labels_name_the_real_shape_and_phase() {
        assert_eq!(probe_label(Part::Main { shape: Shape::Selection }), "selection shape");
        assert_eq!(probe_label(Part::SecondShape { shape: Shape::List }), "list shape");
        assert_eq!(probe_label(Part::Phase { phase: Phase::Serialize }), "serialize phase");
        assert_eq!(probe_label(Part::Unclosed), "unclosed input");
        assert_eq!(probe_label(Part::Sweep), "sweep");
    }
}
