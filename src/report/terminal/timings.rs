//! `run --timings`: where a run's time went, per row and in all (docs/measurements.md has runs timed with it).

use std::collections::BTreeMap;

use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};

use crate::payload::FormatClass;
use crate::results::{ParserRecord, RowTimings};

/// A table of the rows' timings, longest first, and a total line. `writing_seconds` is the time the
/// run spent writing results.json after each row.
pub fn table(records: &[ParserRecord], writing_seconds: f64) -> String {
    let mut rows: Vec<(&ParserRecord, RowTimings)> =
        records.iter().filter_map(|r| r.timings.map(|t| (r, t))).collect();
    rows.sort_by(|a, b| b.1.total_seconds().total_cmp(&a.1.total_seconds()));
    let seconds = |s: f64| format!("{s:.1}");
    let mut builder = Builder::default();
    builder.push_record(["row", "total s", "probes s", "build s", "version s", "hooks s", "check s"]);
    let mut sum = RowTimings::default();
    for (record, t) in &rows {
        builder.push_record([
            record.key(),
            seconds(t.total_seconds()),
            seconds(t.probe_seconds),
            seconds(t.build_seconds),
            seconds(t.version_seconds),
            seconds(t.hooks_seconds),
            seconds(t.readiness_seconds),
        ]);
        sum.probe_seconds += t.probe_seconds;
        sum.build_seconds += t.build_seconds;
        sum.version_seconds += t.version_seconds;
        sum.hooks_seconds += t.hooks_seconds;
        sum.readiness_seconds += t.readiness_seconds;
    }
    builder.push_record([
        format!("all {} rows", rows.len()),
        seconds(sum.total_seconds()),
        seconds(sum.probe_seconds),
        seconds(sum.build_seconds),
        seconds(sum.version_seconds),
        seconds(sum.hooks_seconds),
        seconds(sum.readiness_seconds),
    ]);
    let mut table = builder.build();
    table.with(Style::psql()).modify(Columns::new(1..), Alignment::right());
    let share = 100.0 * sum.probe_seconds / sum.total_seconds().max(f64::EPSILON);
    format!(
        "{table}\nrow time (summed over the jobs): {:.1} s, {share:.0}% of it in probes; writing results.json after each row: {:.1} s\n{}",
        sum.total_seconds(),
        writing_seconds,
        by_class(&rows)
    )
}

/// Probe and build time per class of formats, and what the language classes add to the data
/// formats' probe time (what a catalog's new class costs a run: #36 held it to 30 %). Nothing for
/// a run of one class.
fn by_class(rows: &[(&ParserRecord, RowTimings)]) -> String {
    // (rows, probe seconds, build seconds) per class, in the order reports list the classes.
    let mut sums: BTreeMap<FormatClass, (usize, f64, f64)> = BTreeMap::new();
    for (record, t) in rows {
        let sum = sums.entry(record.family()).or_default();
        *sum = (sum.0 + 1, sum.1 + t.probe_seconds, sum.2 + t.build_seconds);
    }
    if sums.len() < 2 {
        return String::new();
    }
    let mut text = String::from("by class (probes, builds):");
    for (class, (count, probes, builds)) in &sums {
        let rows = if *count == 1 { "row" } else { "rows" };
        text.push_str(&format!(" {} {count} {rows} {probes:.1} s, {builds:.1} s;", class.in_text()));
    }
    text.pop();
    let data = sums.get(&FormatClass::Data).map_or(0.0, |(_, probes, _)| *probes);
    let languages: f64 =
        sums.iter().filter(|(class, _)| **class != FormatClass::Data).map(|(_, (_, probes, _))| probes).sum();
    if data > 0.0 {
        text.push_str(&format!(
            "\nthe languages' probes: {languages:.1} s, {:.1}% of the data formats' probe time\n",
            100.0 * languages / data
        ));
    } else {
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_longest_first_with_a_total() {
        let record = |id: &str, probe: f64, build: f64| {
            let mut record: ParserRecord = serde_json::from_value(serde_json::json!({
                "id": id, "language": "C", "library": id, "version": null, "note": "",
                "status": "measured", "reason": null, "result": null,
            }))
            .unwrap();
            record.timings =
                Some(RowTimings { probe_seconds: probe, build_seconds: build, ..Default::default() });
            record
        };
        let text = table(&[record("quick", 1.0, 0.5), record("slow", 9.0, 1.0)], 0.25);
        // One class: no per-class lines.
        assert!(!text.contains("by class"), "{text}");
        let slow = text.find("slow").unwrap();
        assert!(slow < text.find("quick").unwrap(), "{text}");
        assert!(text.contains("all 2 rows") && text.contains("11.5"), "{text}");
        assert!(
            text.contains("87% of it in probes")
                && text.contains("writing results.json after each row: 0.2 s"),
            "{text}"
        );
        let mut regex = record("pcre", 2.0, 3.0);
        regex.format = "regex".parse().unwrap();
        let mut code = record("javac", 0.5, 0.0);
        code.format = "code".parse().unwrap();
        let text = table(&[record("quick", 1.0, 0.5), record("slow", 9.0, 1.0), regex, code], 0.0);
        assert!(
            text.contains(
                "by class (probes, builds): data formats 2 rows 10.0 s, 1.5 s; patterns 1 row 2.0 s, 3.0 s; code 1 row 0.5 s, 0.0 s\n"
            ),
            "{text}"
        );
        assert!(
            text.ends_with("the languages' probes: 2.5 s, 25.0% of the data formats' probe time\n"),
            "{text}"
        );
    }
}
