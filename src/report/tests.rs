//! Sample results shared by the report's unit tests.

use crate::report::render::chart;
use crate::results::{EnvironmentInfo, Results};

/// The chart sample with environments described, and two of its parsers measured in Debian 13
/// too: python-json fails elsewhere there (a newer version), c-stack the same way.
pub fn two_environments() -> Results {
    let mut results = chart::tests::sample();
    results.environments = [
        ("host", "Debian 12 (bookworm)", "Debian GNU/Linux 12 (bookworm)", None),
        ("debian13", "Debian 13 (trixie)", "Debian GNU/Linux 13 (trixie)", Some("/opt/nestprobe/debian13")),
    ]
    .into_iter()
    .map(|(key, name, os, root)| {
        (
            key.to_string(),
            EnvironmentInfo {
                name: name.into(),
                os: os.into(),
                root: root.map(Into::into),
                env: Default::default(),
            },
        )
    })
    .collect();
    let mut newer = results.find("python-json").unwrap().clone();
    newer.environment = "debian13".into();
    newer.version = Some("2.0".into());
    let probe = newer.result.as_mut().unwrap();
    probe.min_failing_depth = Some(1_000);
    probe.max_accepted_depth = Some(999);
    let mut same = results.find("c-stack").unwrap().clone();
    same.environment = "debian13".into();
    results.parsers.extend([newer, same]);
    results
}

#[test]
fn thousands_separators() {
    assert_eq!(crate::units::thousands(0), "0");
    assert_eq!(crate::units::thousands(999), "999");
    assert_eq!(crate::units::thousands(87_289), "87,289");
    assert_eq!(crate::units::thousands(5_000_000), "5,000,000");
}

/// Rows that crash in the parse, in free and in serialize (one exact, one beyond a slow depth, one
/// library in two environments), one that exhausts memory, one that exhausts time, one clean.
pub fn crash_fixture() -> Results {
    use crate::results::crash_site::CrashSite;
    use crate::results::outcome::{Failure, FailureKind};
    use crate::results::phase::Phase;
    use crate::results::probe_result::{ProbeResult, ProbeStatus};

    let failure = |kind, signal_name: Option<&str>, exit_code: Option<i32>, stderr: &str| Failure {
        kind,
        exit_code,
        signal: signal_name.map(|_| 11),
        signal_name: signal_name.map(String::from),
        stderr: stderr.into(),
        peak_rss_bytes: None,
        service: None,
    };
    let fails = |depth: u64, failure: Failure| ProbeResult {
        status: ProbeStatus::Exact,
        max_accepted_depth: Some(depth - 1),
        min_failing_depth: Some(depth),
        failure: Some(failure),
        ..Default::default()
    };
    let clean = |depth| fails(depth, failure(FailureKind::Error, None, Some(1), ""));
    let segv = |depth| fails(depth, failure(FailureKind::Crash, Some("SIGSEGV"), None, ""));
    let in_phase = |phase, result: ProbeResult| ProbeResult { phase: Some(phase), ..result };
    let slow = |depth, crash: Option<(u64, Failure)>| ProbeResult {
        status: ProbeStatus::Slow,
        max_accepted_depth: Some(depth),
        accepted_seconds: Some(12.0),
        crash_depth: crash.as_ref().map(|(depth, _)| *depth),
        failure: crash.map(|(_, failure)| failure),
        ..Default::default()
    };
    let mut results = two_environments();
    let template = results.parsers[0].clone();
    let row = |id: &str, language: &str, library: &str, main: ProbeResult, phases: Vec<ProbeResult>| {
        crate::results::ParserRecord {
            id: id.into(),
            language: language.into(),
            library: library.into(),
            result: Some(main),
            object: None,
            unclosed: None,
            sweep: None,
            phases,
            changes: Vec::new(),
            history: Vec::new(),
            packages: Vec::new(),
            ..template.clone()
        }
    };
    let mut freed = in_phase(Phase::Free, segv(500));
    freed.crashed_in = Some(CrashSite::from_frames(
        "free free_value free_value free_value free_value".split(' ').map(String::from).collect(),
    ));
    let mut in_debian13 = row("c-parse", "C", "parse", segv(9_000), vec![]);
    in_debian13.environment = "debian13".into();
    let abort = failure(FailureKind::Crash, Some("SIGABRT"), None, "");
    let mut serialized = in_phase(Phase::Serialize, fails(2_000, abort));
    serialized.crashed_in = Some(CrashSite::unknown("no debugger"));
    let go_fatal =
        failure(FailureKind::Crash, None, Some(2), "runtime: goroutine stack exceeds 1000000000-byte limit");
    results.parsers = vec![
        row("c-free", "C", "free", clean(10_000), vec![in_phase(Phase::Parse, clean(10_000)), freed]),
        row("c-parse", "C", "parse", segv(1_000), vec![]),
        in_debian13,
        row("cpp-serialize", "C++", "serialize", clean(50_000), vec![serialized]),
        row("go-slow-crash", "Go", "slow-crash", slow(60_000, Some((70_000, go_fatal))), vec![]),
        row(
            "py-oom",
            "Python",
            "oom",
            fails(3_000, failure(FailureKind::OutOfMemory, None, None, "")),
            vec![],
        ),
        row("rb-slow", "Ruby", "slow", slow(4_000, None), vec![]),
        row("py-clean", "Python", "clean", clean(100), vec![]),
    ];
    results
}

/// The number right after `before` in `text` (thousands separators allowed).
fn number_after(text: &str, before: &str) -> usize {
    let at = text.find(before).unwrap_or_else(|| panic!("{before:?} not in {text}")) + before.len();
    let digits: String =
        text[at..].chars().take_while(|c| c.is_ascii_digit() || *c == ',').filter(|c| *c != ',').collect();
    digits.parse().unwrap_or_else(|_| panic!("no number after {before:?} in {text}"))
}

/// The cells of the README's format table line for JSON.
fn json_line_cells(block: &str) -> Vec<String> {
    let line = block.lines().find(|l| l.starts_with("| JSON | ")).expect("a JSON line");
    line.split(" | ").map(String::from).collect()
}

/// The page's data island: its rows and its crash view's lines.
fn page_data(page: &str) -> serde_json::Value {
    let island = page.split("id=\"nestprobe-data\">").nth(1).expect("the data island");
    serde_json::from_str(island.split("</script>").next().unwrap()).unwrap()
}

/// How many of the page data's `items` (rows or lines) have one of `outcomes`, counted once per
/// value of `key`.
fn page_rows(data: &serde_json::Value, items: &str, key: &str, outcomes: &[&str]) -> usize {
    let items = data[items].as_array().unwrap().iter();
    let mut keys: Vec<String> = items
        .filter(|item| outcomes.iter().any(|o| item["outcome"] == *o))
        .map(|item| item[key].as_str().unwrap().to_string())
        .collect();
    keys.sort();
    keys.dedup();
    keys.len()
}

/// The crash and row counts of the README block, results.md, the badges and the page (its chips,
/// its crash view's headings, its data), from one results file: none may disagree with another,
/// nor with `counts`.
#[test]
fn every_output_gives_the_same_counts() {
    use crate::report::model::counts::{counts, rows};
    use crate::report::{
        exports::Badges, markdown::readme, markdown::ResultsTable, page::ResultsPage, Exporter,
    };
    for results in [crash_fixture(), two_environments()] {
        let count = counts(&results);
        let block = readme::summary_block(&results, "");
        let (_, markdown) = ResultsTable.files(&results).unwrap().remove(0);
        let badges = Badges.files(&results).unwrap();
        let badge = |name: &str| badges.iter().find(|(p, _)| p.ends_with(name)).unwrap().1.clone();
        let cells = json_line_cells(&block);
        let (_, page) = ResultsPage.files(&results).unwrap().remove(0);
        let data = page_data(&page);
        let chip = |key: &str| {
            let before = format!("href=\"#outcome={key}\">");
            if page.contains(&before) {
                number_after(&page, &before)
            } else {
                0
            }
        };

        let crashing = [
            number_after(&block, "#### Crashes: "),
            number_after(&markdown, "## Crashes: "),
            number_after(&badge("crashes.svg"), "crash on deep input: "),
            number_after(&badge("crashes-json.svg"), "crash on deep JSON: "),
            number_after(&cells[2], ""),
            number_after(&page, "<h2>Crashes: "),
            chip("crash"),
            page_rows(&data, "rows", "id", &["crash"]),
            page_rows(&data, "lines", "row", &["crash"]),
        ];
        assert!(crashing.iter().all(|n| *n == count.rows_crashing), "{crashing:?} vs {count:?}");
        assert!(markdown.contains(&format!("; {} crash, ", rows(count.rows_crashing))), "{markdown}");

        let crashes_of = format!("{} of ", rows(count.rows_crashing));
        let measured = [
            number_after(&block, &format!("#### Crashes: {crashes_of}")),
            number_after(&markdown, &format!("## Crashes: {crashes_of}")),
            number_after(&badge("parsers.svg"), "rows measured: "),
            number_after(&badge("crashes.svg"), &format!("{} of ", count.rows_crashing)),
            number_after(&cells[1], ""),
            number_after(&page, &format!("<h2>Crashes: {crashes_of}")),
        ];
        assert!(measured.iter().all(|n| *n == count.rows_measured), "{measured:?} vs {count:?}");

        let exhausting = [
            number_after(&block, "Exhausts time or memory, not counted as crashes: "),
            number_after(&markdown, "## Exhausts time or memory: "),
            number_after(&cells[3], ""),
            number_after(&page, "<h3>Exhausts time or memory: "),
            chip("timeout") + chip("out-of-memory"),
            page_rows(&data, "rows", "id", &["timeout", "out-of-memory"]),
            page_rows(&data, "lines", "row", &["timeout", "out-of-memory"]),
        ];
        assert!(exhausting.iter().all(|n| *n == count.rows_exhausting), "{exhausting:?} vs {count:?}");
        assert!(
            markdown.contains(&format!("{} exhaust time or memory", rows(count.rows_exhausting))),
            "{markdown}"
        );
        // Every row, and every outcome's chip adding up to them.
        assert_eq!(number_after(&page, "<a class=\"chip all\" href=\"#view=table\">"), count.rows);
        assert_eq!(data["rows"].as_array().unwrap().len(), count.rows);
        let chips: usize = crate::report::model::class::Class::ALL.iter().map(|c| chip(c.key())).sum();
        assert_eq!(chips, count.rows);
    }
}
