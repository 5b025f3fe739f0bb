//! results.md's table of the depth at each stack software runs on, for the rows whose depth
//! depends on it (src/report/model/stacks.rs).

use std::fmt::Write;

use super::cells::why_cell;
use crate::report::model::stacks::{choices, depends_on_stack, probe_at};
use crate::report::model::view::{display_name, result_outcome};
use crate::report::render::markup::{cut_at_word, escape_markdown, MAX_CELL};
use crate::results::Results;
use crate::units::Limit;

/// The section, or nothing where no row's depth depends on the stack.
pub fn depths_at_each_stack(results: &Results, level: &str) -> String {
    let rows: Vec<_> = results.parsers.iter().filter(|record| depends_on_stack(record)).collect();
    if rows.is_empty() {
        return String::new();
    }
    let uses: Vec<String> =
        choices().iter().map(|stack| format!("{} ({})", Limit::Bytes(stack.bytes), stack.uses)).collect();
    let mut text = format!(
        "<a id=\"depth-at-each-stack\"></a>\n\n{level} Depth at each stack\n\nEvery row is measured at the stacks software runs on: {}. \
         These {} rows fail at another depth, or another way, on one of them: the depth a reader \
         deploying there meets. The page (results.html) redraws its table, counts and crash list for \
         the stack chosen (its charts stay at 8 MiB).\n\n",
        uses.join(", "),
        rows.len()
    );
    let mut columns = vec!["Library".to_string()];
    columns.extend(choices().iter().map(|stack| Limit::Bytes(stack.bytes).to_string()));
    columns.push("Why".into());
    let _ = writeln!(text, "| {} |\n|{}", columns.join(" | "), "---|".repeat(columns.len()));
    for record in rows {
        let mut cells = vec![escape_markdown(&display_name(results, record))];
        for stack in choices() {
            let cell = match probe_at(record, stack.bytes) {
                Some(probe) => escape_markdown(&result_outcome(record, probe)),
                None => "—".to_string(),
            };
            cells.push(cell);
        }
        cells.push(why_cell(record.sweep.as_ref()));
        let cells: Vec<String> = cells.into_iter().map(|cell| cut_at_word(&cell, MAX_CELL)).collect();
        let _ = writeln!(text, "| {} |", cells.join(" | "));
    }
    text.push('\n');
    text
}
