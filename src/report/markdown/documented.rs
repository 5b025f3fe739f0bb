//! The documented limits ([`crate::report::model::documented`]) as markdown: the block results.md and
//! the README open with.

use std::fmt::Write;

use crate::report::model::documented::{claim_text, claims, heading, tally, Verdict, LEAD};
use crate::report::model::view::{environment_name, library_name, short_environment_name};
use crate::report::render::markup::{cut_at_word, escape_markdown, MAX_CELL};
use crate::results::Results;

/// The block as markdown under a heading of `level` (`##`).
pub fn markdown(results: &Results, level: &str) -> String {
    let claims = claims(results);
    let tally = tally(results, &claims);
    let mut text = format!("<a id=\"documented-limits\"></a>\n\n{level} {}\n\n{LEAD}\n", heading(&tally));
    if claims.is_empty() {
        return text;
    }
    text.push_str(
        "\n| Verdict | Library | Environment | Documented | Measured | Source |\n|---|---|---|---|---|---|\n",
    );
    let cell = |value: &str| escape_markdown(&cut_at_word(value, MAX_CELL));
    for claim in &claims {
        let environment = short_environment_name(environment_name(results, &claim.record.environment));
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} | {} |",
            match claim.verdict {
                Verdict::DoesNotHold => format!("**{}**", claim.verdict.text()),
                verdict => verdict.text().to_string(),
            },
            cell(&library_name(results, claim.record)),
            cell(environment),
            cell(&claim_text(claim.documented)),
            cell(&claim.measured),
            // (An address the catalog would refuse, from a results file written by hand, is no link.)
            claim
                .documented
                .source_link()
                .map_or("—".to_string(), |link| format!("[documentation]({link})")),
        );
    }
    text
}
