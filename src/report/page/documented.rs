//! The documented limits ([`crate::report::model::documented`]) as the page's section.

use std::fmt::Write;

use crate::report::model::documented::{claim_text, claims, heading, tally, Verdict, LEAD};
use crate::report::model::view::{environment_name, library_name, short_environment_name};
use crate::report::render::markup::escape_html;
use crate::results::Results;

/// The block as the page's section.
pub fn html_section(html: &mut String, results: &Results) {
    let claims = claims(results);
    let tally = tally(results, &claims);
    let _ = write!(
        html,
        "<section id=\"documented\">\n<h2>{}</h2>\n<p class=\"lead\">{}</p>\n",
        escape_html(&heading(&tally)),
        escape_html(&LEAD.replace('`', ""))
    );
    if !claims.is_empty() {
        html.push_str(
            "<table class=\"lines\" id=\"documented-limits\">\n<thead><tr><th scope=\"col\">Verdict</th>\
             <th scope=\"col\">Library</th><th scope=\"col\">Environment</th><th scope=\"col\">Documented</th>\
             <th scope=\"col\">Measured</th><th scope=\"col\">Source</th></tr></thead>\n<tbody>\n",
        );
        for claim in &claims {
            let environment = short_environment_name(environment_name(results, &claim.record.environment));
            let verdict = match claim.verdict {
                Verdict::Holds => "o-clean-error",
                Verdict::DoesNotHold => "o-crash",
                Verdict::NotMeasured => "o-not-measured",
            };
            let _ = writeln!(
                html,
                "<tr data-row=\"{}\"><td><span class=\"badge {verdict}\">{}</span></td><td>{}</td><td>{}</td>\
                 <td>{}</td><td>{}</td><td>{}</td></tr>",
                escape_html(&claim.record.key()),
                claim.verdict.text(),
                escape_html(&library_name(results, claim.record)),
                escape_html(environment),
                escape_html(&claim_text(claim.documented)),
                escape_html(&claim.measured),
                claim.documented.source_link().map_or("—".to_string(), |link| format!(
                    "<a href=\"{}\" rel=\"noreferrer\">documentation</a>",
                    escape_html(link)
                )),
            );
        }
        html.push_str("</tbody>\n</table>\n");
    }
    html.push_str("</section>\n");
}
