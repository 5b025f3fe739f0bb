//! `run --timings`: where a run's time went, per row and in all (docs/measurements.md has runs timed with it).

use std::collections::BTreeMap;

use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};

use crate::payload::FormatClass;
use crate::results::{ParserRecord, RowTimings};

/// A table of the rows' timings, longest first, and a total line. `writing_seconds` is the time the
/// run spent writing results.json as rows finished.
pub fn table(records: &[ParserRecord], writing_seconds: f64) -> String {
    let mut rows: Vec<(&ParserRecord, RowTimings)> =
        records.iter().filter_map(|r| r.timings.clone().map(|t| (r, t))).collect();
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
        "{table}\nrow time (summed over the jobs): {:.1} s, {share:.0}% of it in probes; writing results.json during the run: {:.1} s\n{}{}",
        sum.total_seconds(),
        writing_seconds,
        by_class(&rows),
        by_work(records)
    )
}

/// The rows' time by kind of work: builds, checks, versions, hooks, then each kind of probe (the
/// main one, each shape, each stack of the sweep, each phase, each service state, crash sites),
/// longest first, with its probes, trials and the part of it spent near the timeout.
pub fn by_work(records: &[ParserRecord]) -> String {
    let work = sum_by_work(records);
    if work.is_empty() {
        return String::new();
    }
    let mut builder = Builder::default();
    builder.push_record(["work", "seconds", "probes", "trials", "near timeout s"]);
    for (name, sum) in &work {
        let count = |n: u64| if sum.probes == 0 { String::new() } else { n.to_string() };
        builder.push_record([
            name.clone(),
            format!("{:.1}", sum.seconds),
            count(sum.probes),
            count(sum.trials),
            if sum.probes == 0 { String::new() } else { format!("{:.1}", sum.near_timeout_seconds) },
        ]);
    }
    let mut table = builder.build();
    table.with(Style::psql()).modify(Columns::new(1..), Alignment::right());
    format!("by kind of work:\n{table}\n")
}

/// One line of where the time went, for the run's closing lines: each kind's seconds, longest
/// first (a sweep's stacks, a row's shapes and phases summed), and the time spent near the timeout.
pub fn summary_line(records: &[ParserRecord]) -> Option<String> {
    let mut grouped: BTreeMap<String, f64> = BTreeMap::new();
    let mut near_timeout = 0.0;
    for (name, sum) in sum_by_work(records) {
        let group = match name.split_once(' ') {
            Some(("sweep", _)) => "sweep".to_string(),
            Some(("shape", _)) => "other shapes".to_string(),
            Some(("phase", _)) => "phases".to_string(),
            _ => name,
        };
        *grouped.entry(group).or_default() += sum.seconds;
        near_timeout += sum.near_timeout_seconds;
    }
    let total: f64 = grouped.values().sum();
    if total <= 0.0 {
        return None;
    }
    let mut parts: Vec<(String, f64)> = grouped.into_iter().filter(|(_, s)| *s >= 0.05).collect();
    parts.sort_by(|a, b| b.1.total_cmp(&a.1));
    let listed: Vec<String> = parts.iter().map(|(name, seconds)| format!("{name} {seconds:.1} s")).collect();
    Some(format!(
        "row time {total:.1} s: {}; {near_timeout:.1} s of probes near the timeout (`run --timings` for all)",
        listed.join(", ")
    ))
}

/// What one kind of work took over the rows.
#[derive(Default)]
struct WorkSum {
    seconds: f64,
    probes: u64,
    trials: u64,
    near_timeout_seconds: f64,
}

/// The rows' timings summed by kind of work, longest first. Probe time a record does not break
/// down (results written before `work`) counts as `probes (not broken down)`.
fn sum_by_work(records: &[ParserRecord]) -> Vec<(String, WorkSum)> {
    let mut sums: BTreeMap<String, WorkSum> = BTreeMap::new();
    for timings in records.iter().filter_map(|r| r.timings.as_ref()) {
        for (name, seconds) in [
            ("builds", timings.build_seconds),
            ("checks", timings.readiness_seconds),
            ("versions", timings.version_seconds),
            ("hooks", timings.hooks_seconds),
        ] {
            sums.entry(name.to_string()).or_default().seconds += seconds;
        }
        let broken_down: f64 = timings.work.iter().map(|w| w.seconds).sum();
        for work in &timings.work {
            let sum = sums.entry(work.work.clone()).or_default();
            sum.seconds += work.seconds;
            sum.probes += 1;
            sum.trials += u64::from(work.trials);
            if work.near_timeout {
                sum.near_timeout_seconds += work.seconds;
            }
        }
        // (The plan's bookkeeping between probes is a few milliseconds: not worth a line.)
        let rest = timings.probe_seconds - broken_down;
        if timings.work.is_empty() && rest > 0.0 {
            sums.entry("probes (not broken down)".into()).or_default().seconds += rest;
        }
    }
    let mut sums: Vec<(String, WorkSum)> = sums.into_iter().filter(|(_, sum)| sum.seconds > 0.0).collect();
    sums.sort_by(|a, b| b.1.seconds.total_cmp(&a.1.seconds));
    sums
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
    use crate::results::work_timing::WorkTiming;

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
                && text.contains("writing results.json during the run: 0.2 s"),
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
            text.contains("the languages' probes: 2.5 s, 25.0% of the data formats' probe time\n"),
            "{text}"
        );
        // Records without a breakdown count their probe time as such.
        assert!(text.contains("by kind of work:") && text.contains("probes (not broken down)"), "{text}");
    }

    #[test]
    fn the_time_is_summed_by_kind_of_work_with_what_was_spent_near_the_timeout() {
        let work = |name: &str, seconds: f64, trials: u32, near_timeout: bool| WorkTiming {
            work: name.into(),
            seconds,
            trials,
            near_timeout,
        };
        let mut record: ParserRecord = serde_json::from_value(serde_json::json!({
            "id": "p", "language": "C", "library": "p", "version": null, "note": "",
            "status": "measured", "reason": null, "result": null,
        }))
        .unwrap();
        record.timings = Some(RowTimings {
            probe_seconds: 16.0,
            build_seconds: 2.0,
            work: vec![
                work("main", 1.0, 2, false),
                work("sweep 128 KiB", 3.0, 2, false),
                work("sweep 64 MiB", 2.0, 1, false),
                work("phase free", 10.0, 2, true),
            ],
            ..Default::default()
        });
        let table = by_work(std::slice::from_ref(&record));
        let phase = table.lines().find(|line| line.contains("phase free")).unwrap();
        assert!(phase.contains("10.0") && phase.trim_end().ends_with("10.0"), "{table}");
        // Longest first.
        assert!(table.find("phase free").unwrap() < table.find("sweep 128 KiB").unwrap(), "{table}");
        let line = summary_line(&[record]).unwrap();
        assert_eq!(
            line,
            "row time 18.0 s: phases 10.0 s, sweep 5.0 s, builds 2.0 s, main 1.0 s; 10.0 s of probes near the timeout (`run --timings` for all)"
        );
    }
}
