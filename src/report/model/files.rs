//! Where each output puts the files another output links to (the README and the page link the
//! badges and the charts): their folders and names, and which charts there are.

use crate::payload::{FormatClass, PayloadFormat};
use crate::results::{ParserRecord, Results};

/// The badges' folder.
pub const BADGES_DIR: &str = "badges";

/// The charts' folder.
pub const CHARTS_DIR: &str = "charts";

/// The summary badge of one format's parsers: `badges/crashes-<format>.svg`.
pub fn crash_badge_file(format: PayloadFormat) -> String {
    format!("crashes-{format}.svg")
}

/// The summary badge of one class of languages' rows: `badges/class-<class>.svg`.
pub fn class_badge_file(class: FormatClass) -> String {
    format!("class-{}.svg", class.key())
}

/// A parser's badge file in [`BADGES_DIR`]: `<id>.svg`, `<id>@<environment>.svg` outside the host.
pub fn badge_file(record: &ParserRecord) -> String {
    format!("{}.svg", record.key())
}

/// The results chart of a format in [`CHARTS_DIR`]: results.svg for JSON (the first format there
/// was), else results-<format>.svg.
pub fn results_file(format: PayloadFormat) -> String {
    if format == PayloadFormat::JSON {
        "results.svg".into()
    } else {
        format!("results-{format}.svg")
    }
}

/// The sweep chart of a format in [`CHARTS_DIR`]: results-sweep.svg for JSON, else
/// results-sweep-<format>.svg.
pub fn sweep_file(format: PayloadFormat) -> String {
    if format == PayloadFormat::JSON {
        "results-sweep.svg".into()
    } else {
        format!("results-sweep-{format}.svg")
    }
}

/// Whether any parser has a stack sweep (and so results-sweep.svg is drawn).
pub fn has_sweep(results: &Results) -> bool {
    results.parsers.iter().any(|r| r.sweep.as_ref().is_some_and(|s| !s.probes.is_empty()))
}

/// The results chart of a class of languages whose rows read several formats (the query
/// languages): `charts/results-class-query-languages.svg`, every row of the class in one chart.
pub fn class_results_file(class: FormatClass) -> String {
    format!("results-class-{}.svg", class.key())
}

/// The classes that get a chart of their own: the languages of more than one format measured, and
/// the services and the products (whose rows are in no format's chart).
pub fn charted_classes(results: &Results) -> Vec<FormatClass> {
    let several_formats = |class: FormatClass| results.of_class(class).formats().len() > 1;
    results
        .classes()
        .into_iter()
        .filter(|&class| {
            matches!(class, FormatClass::Services | FormatClass::Products)
                || (class.heading().is_some() && several_formats(class))
        })
        .collect()
}
