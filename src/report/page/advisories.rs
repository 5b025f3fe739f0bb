//! The page's advisories: a section listing every advisory with its verdict, the releases measured
//! on each side of its fix and their depths, its rows and a link to its source; and the advisory
//! filter's options and keys (a row's advisories, a crash line's covering ones).

use std::fmt::Write;

use crate::report::model::advisories::{advisories_of, summary};
use crate::report::model::crashes::CrashLine;
use crate::report::render::markup::escape_html;
use crate::results::advisory::{MeasuredRelease, Verdict};
use crate::results::{ParserRecord, Results};

/// The filter's value for what no advisory covers.
pub const NONE: &str = "none";

/// A row's advisory ids, as the filter keys them.
pub fn row_keys(record: &ParserRecord) -> Vec<String> {
    record.advisories.iter().map(|advisory| advisory.id.clone()).collect()
}

/// The ids of the advisories that cover a crash line, as the filter keys them.
pub fn line_keys(line: &CrashLine) -> Vec<String> {
    advisories_of(line).iter().map(|advisory| advisory.id.clone()).collect()
}

/// The filter's options: any advisory, none known, then each advisory by its id.
pub fn options(results: &Results) -> Vec<(String, String)> {
    let mut options = vec![
        ("any".to_string(), "with an advisory".to_string()),
        (NONE.to_string(), "no advisory known".to_string()),
    ];
    options.extend(results.advisories.iter().map(|a| (a.id.clone(), format!("{} ({})", a.id, a.package))));
    options
}

/// The section; nothing when no advisory is tracked.
pub fn html_section(html: &mut String, results: &Results) {
    if results.advisories.is_empty() {
        return;
    }
    let _ = write!(
        html,
        "<section id=\"advisories\">\n<h2>Advisories: {}</h2>\n<p class=\"lead\">Published advisories about deep \
         nesting in the rows' libraries. <i>Affected</i> is the last affected release measured, <i>fixed</i> the \
         first fixed one (or the row's own release). The Advisory filter above shows each one's rows and crash \
         lines, or the crashes no advisory covers.</p>\n",
        escape_html(&summary(results))
    );
    html.push_str(
        "<table class=\"lines\" id=\"advisory-list\">\n<thead><tr><th scope=\"col\">Advisory</th>\
         <th scope=\"col\">Package</th><th scope=\"col\">Verdict</th><th scope=\"col\">Affected</th>\
         <th scope=\"col\">Fixed</th><th scope=\"col\">Rows</th><th scope=\"col\">Why</th></tr></thead>\n<tbody>\n",
    );
    let release = |release: &Option<MeasuredRelease>| {
        release.as_ref().map_or("—".to_string(), |r| escape_html(&r.phrase()))
    };
    for advisory in &results.advisories {
        let badge = match advisory.verdict {
            Verdict::Reproduced | Verdict::FixHolds => "o-clean-error",
            Verdict::FixDoesNotHold => "o-crash",
            Verdict::NotReproduced | Verdict::NotMeasurable => "o-not-measured",
        };
        let fixed =
            advisory.fixed.as_deref().map_or("no fix".to_string(), |fixed| format!("fixed in {fixed}"));
        let _ = writeln!(
            html,
            "<tr data-advisory=\"{}\"><td>{}</td><td>{} ({}), {}</td>\
             <td><span class=\"badge {badge}\">{}</span></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape_html(&advisory.id),
            match advisory.source_link() {
                Some(link) => format!("<a href=\"{}\" rel=\"noreferrer\">{}</a>", escape_html(link), escape_html(&advisory.id)),
                None => escape_html(&advisory.id),
            },
            escape_html(&advisory.package),
            escape_html(&advisory.ecosystem),
            escape_html(&fixed),
            advisory.verdict.text(),
            release(&advisory.affected_release),
            release(&advisory.fixed_release),
            escape_html(&advisory.rows.join(", ")),
            escape_html(&advisory.why),
        );
    }
    html.push_str("</tbody>\n</table>\n</section>\n");
}
