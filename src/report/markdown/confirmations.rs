//! results.md's "Confirmations" section: how old each row's last confirmation is, and how the last
//! run got its facts. A reused fact is never presented as measured that day.

use std::fmt::Write;

use crate::report::model::confirmations::{by_age, summary};
use crate::results::confirmed::{age_phrase, How};
use crate::results::Results;

/// The section, or nothing for results without confirmations.
pub fn markdown(results: &Results) -> String {
    let Some(line) = summary(results) else { return String::new() };
    let mut text = format!("## Confirmations\n\n{line}. Each measured row by how long before the last run it was last confirmed (a row not marked was reused by that run):\n\n");
    for (days, keys) in by_age(results) {
        let Some(days) = days else {
            let rows: Vec<String> = keys.iter().map(|(key, _)| format!("`{key}`")).collect();
            let _ = writeln!(
                text,
                "- not recorded (measured before confirmations were; the next run measures them again): {}",
                rows.join(", ")
            );
            continue;
        };
        let rows: Vec<String> = keys
            .iter()
            .map(|(key, how)| match how {
                How::Reused => format!("`{key}`"),
                how => format!("`{key}` ({})", how.name()),
            })
            .collect();
        let age = if days == 0 { "that day".to_string() } else { format!("{} before", age_phrase(days)) };
        let _ = writeln!(text, "- {age}: {}", rows.join(", "));
    }
    text.push('\n');
    text
}
