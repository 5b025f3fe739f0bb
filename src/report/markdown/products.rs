//! results.md's Products section: a row per product and environment, what an operator needs to
//! read of it: its release and interface, how a fresh and a warmed server failed, the request's
//! size at the failing depth, whether the process survived, and how its time grew where it has no
//! limit. Every result of every product is in results/products.md.

use std::fmt::Write;

use super::cells::{how_cell, library_cell, main_depth_cell};
use super::format_details::{row_anchor, PRODUCTS_FILE};
use crate::payload::FormatClass;
use crate::report::model::overview::class_summary;
use crate::report::model::products::{request_bytes, survived};
use crate::report::model::view::record_phrase;
use crate::report::render::markup::{cut_at_word, escape_markdown, MAX_CELL};
use crate::results::probe_result::ProbeResult;
use crate::results::{ParserRecord, Results};
use crate::units::{format_bytes, thousands};

const COLUMNS: [&str; 8] = [
    "Product",
    "Release",
    "Interface",
    "Fresh server",
    "Warm server",
    "Request at the failing depth",
    "Survived",
    "Time by depth",
];

/// The section, empty without product rows.
pub fn section(results: &Results) -> String {
    let products = results.of_class(FormatClass::Products);
    if products.parsers.is_empty() {
        return String::new();
    }
    let mut text = format!(
        "<a id=\"products\"></a>\n\n## Products\n\n{}. Each product is started as its package installs it, in a \
         minimal configuration of its own documentation (a fresh data folder, 127.0.0.1 only), and asked through \
         the interface its users use: an HTTP API, or its own client. *Survived*: whether the process outlived \
         the failing request. *Time by depth*: how its time grew with the depth it accepted (exponent 2: \
         quadratic), where it has no limit.\n\n",
        class_summary(results, FormatClass::Products)
    );
    let _ = writeln!(text, "| {} |\n|{}", COLUMNS.join(" | "), "---|".repeat(COLUMNS.len()));
    for record in &products.parsers {
        let cells: Vec<String> = row(record).into_iter().map(|cell| cut_at_word(&cell, MAX_CELL)).collect();
        let _ = writeln!(text, "| {} |", cells.join(" | "));
    }
    let _ = writeln!(text, "\nEvery result of every product: [{PRODUCTS_FILE}]({PRODUCTS_FILE}).\n");
    text
}

fn row(record: &ParserRecord) -> [String; 8] {
    let product = record.product.as_ref().expect("a product row");
    let outcome = |result: Option<&ProbeResult>| match result {
        Some(result) => format!("{}: {}", main_depth_cell(record, result), how_cell(record, result)),
        None => "—".to_string(),
    };
    let main = record.result.as_ref();
    [
        format!("{} [›]({}#{})", library_cell(record), PRODUCTS_FILE, row_anchor(record)),
        escape_markdown(product.release.as_deref().or(record.version.as_deref()).unwrap_or("?")),
        escape_markdown(&product.interface),
        match main {
            Some(_) => outcome(main),
            None => escape_markdown(&record_phrase(record)),
        },
        outcome(record.warm.as_ref()),
        main.and_then(|result| request_bytes(record, result))
            .map_or("—".into(), |bytes| format!("{} ({} bytes)", format_bytes(bytes), thousands(bytes))),
        main.and_then(survived).map_or("—".into(), |survived| survived.text().to_string()),
        main.filter(|result| grows_unbounded(result)).and_then(|result| result.growth.as_ref()).map_or(
            "—".into(),
            |growth| {
                format!(
                    "exponent {:.1} ({}–{} levels)",
                    growth.exponent,
                    thousands(growth.from_depth),
                    thousands(growth.to_depth)
                )
            },
        ),
    ]
}

/// Whether its time is the finding: no limit, or slower than the timeout before any limit (a
/// growth fitted to a few milliseconds of a product that refuses early is noise).
fn grows_unbounded(result: &ProbeResult) -> bool {
    use crate::results::probe_result::Finding;
    matches!(result.finding(), Finding::NoLimit | Finding::Slow(..))
}
