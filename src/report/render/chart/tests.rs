//! Tests of both charts on a small sample of every outcome.
use std::path::PathBuf;

use super::*;
use crate::payload::Shape;
use crate::report::charts::{ResultsChart, SweepChart};
use crate::report::model::class::class;
use crate::report::model::files::has_sweep;
use crate::report::model::groups::sorted;
use crate::report::model::view::display_name;
use crate::report::Exporter;
use crate::results::outcome::{Failure, FailureKind};
use crate::results::probe_result::ProbeResult;
use crate::results::probe_result::SearchMode;
use crate::results::settings::Settings;
use crate::results::sweep_result::SweepResult;
use crate::results::ParserRecord;
use crate::results::Status;

const MIB: u64 = 1024 * 1024;
const MAX: u64 = 5_000_000;

fn failure(kind: FailureKind, signal: Option<&str>, exit_code: Option<i32>) -> Failure {
    Failure {
        kind,
        exit_code,
        signal: signal.map(|_| 11),
        signal_name: signal.map(str::to_string),
        stderr: String::new(),
        peak_rss_bytes: None,
        service: None,
    }
}

fn probe(stack: u64, depth: Option<u64>, failure: Option<Failure>) -> ProbeResult {
    ProbeResult {
        command: vec!["parse".into()],
        payload_format: Default::default(),
        shape: Shape::Array,
        settings: Settings {
            stack_bytes: Some(stack),
            max_depth: MAX,
            timeout_seconds: 10.0,
            aslr_disabled: true,
            ..Default::default()
        },
        max_accepted_depth: Some(depth.map_or(MAX, |d| d - 1)),
        min_failing_depth: depth,
        failure,
        payload_bytes: depth.map(|d| 2 * d),
        peak_rss_bytes: Some(4 * MIB),
        peak_rss_exact: true,
        accepted_seconds: Some(0.01),
        trials: 20,
        elapsed_seconds: 0.5,
        search: SearchMode::Cold,
        boundary_window: [depth, Some(depth.map_or(MAX, |d| d - 1))],
        ..Default::default()
    }
}

fn record(
    id: &str,
    language: &str,
    library: &str,
    depths: [Option<u64>; 3],
    how: Option<Failure>,
) -> ParserRecord {
    let probes: Vec<ProbeResult> = [MIB, 8 * MIB, 64 * MIB]
        .iter()
        .zip(depths)
        .map(|(&stack, depth)| probe(stack, depth, depth.and(how.clone())))
        .collect();
    let points: Vec<_> = probes.iter().map(|p| (p.settings.stack_bytes, p.min_failing_depth)).collect();
    let (verdict, bytes_per_level) = crate::probe::sweep::judge(&points);
    ParserRecord {
        id: id.into(),
        language: language.into(),
        library: library.into(),
        version: Some("1.0".into()),
        installed: None,
        note: String::new(),
        study: false,
        format: Default::default(),
        environment: "host".into(),
        variant: None,
        documented: None,
        status: Status::Measured,
        reason: None,
        service: None,
        product: None,
        result: Some(probes[1].clone()),
        warm: None,
        object: None,
        unclosed: None,
        more_shapes: Vec::new(),
        sweep: Some(SweepResult { command: vec!["parse".into()], verdict, bytes_per_level, probes }),
        phases: Vec::new(),
        unsupported_shapes: Vec::new(),
        timings: None,
        confirmed: None,
        changes: Vec::new(),
        history: Vec::new(),
        advisories: Vec::new(),
        advisory_releases: Vec::new(),
        packages: Vec::new(),
    }
}

/// A small catalog with every kind of outcome, deliberately not in table order.
pub fn sample() -> Results {
    let segv = || Some(failure(FailureKind::Crash, Some("SIGSEGV"), None));
    let error = || Some(failure(FailureKind::Error, None, Some(1)));
    let mut skipped = record("go-skipped", "Go", "encoding/json", [None; 3], None);
    skipped.status = Status::Skipped;
    skipped.reason = Some("toolchain missing".into());
    skipped.result = None;
    skipped.sweep = None;
    Results {
        schema_version: crate::results::SCHEMA_VERSION,
        environment: Environment {
            os: "Debian GNU/Linux 12 (bookworm)".into(),
            kernel: "6.1.0".into(),
            arch: "x86_64".into(),
            cpus: 2,
            settings: Settings {
                stack_bytes: Some(8 * MIB),
                memory_bytes: None,
                max_rss_bytes: None,
                max_depth: MAX,
                timeout_seconds: 10.0,
                aslr_disabled: true,
            },
            env_mode: Default::default(),
            nestprobe_version: "0.1.0".into(),
            date: "2026-01-02".into(),
            containment: None,
        },
        environments: Default::default(),
        parsers: vec![
            record("rust-serde-json", "Rust", "serde_json", [Some(129); 3], error()),
            skipped,
            record("c-stack", "C", "recursive-parser", [Some(10_900), Some(87_289), Some(698_000)], segv()),
            record(
                "java-abort",
                "Java",
                "Jackson databind",
                [Some(4_000), Some(30_000), Some(240_000)],
                Some(failure(FailureKind::Crash, None, Some(134))),
            ),
            record("python-json", "Python", "json", [Some(995); 3], error()),
            record("c-unbounded", "C", "yajl (heap)", [None; 3], None),
            record(
                "js-slow",
                "JavaScript",
                "JSON.parse (Node.js/V8)",
                [Some(9_000), Some(11_000), Some(12_500)],
                Some(failure(FailureKind::Timeout, None, None)),
            ),
        ],
        advisories: Vec::new(),
    }
}

/// The text elements of an SVG, in document order.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|part| part.split_once('>').and_then(|(_, rest)| rest.split_once("</text>")))
        .map(|(text, _)| {
            text.trim()
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&apos;", "'")
                .replace("&quot;", "\"")
                .replace("&amp;", "&")
        })
        .collect()
}

/// Rasterises with resvg (system fonts, when the machine has any); returns the pixmap.
fn rasterise(svg: &str) -> resvg::tiny_skia::Pixmap {
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(svg, &options).expect("the SVG parses");
    let size = tree.size().to_int_size();
    assert_eq!(size.width(), WIDTH);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

fn pixels_of(pixmap: &resvg::tiny_skia::Pixmap, colour: RGBColor) -> usize {
    pixmap
        .pixels()
        .iter()
        .filter(|p| p.alpha() == 255 && (p.red(), p.green(), p.blue()) == (colour.0, colour.1, colour.2))
        .count()
}

#[test]
fn results_chart_has_every_parser_in_table_order() {
    let results = sample();
    let svg = results_svg(&results).unwrap();
    let texts = texts(&svg);
    let names: Vec<String> = results.parsers.iter().map(|r| display_name(&results, r)).collect();
    let labels: Vec<&String> = texts.iter().filter(|t| names.contains(t)).collect();
    // Every measured parser, least nesting first; the skipped one is only counted.
    let expected: Vec<String> = sorted(&results)
        .into_iter()
        .filter(|r| class(r) != Class::NotMeasured)
        .map(|r| display_name(&results, r))
        .collect();
    assert_eq!(labels, expected.iter().collect::<Vec<_>>());
    for wanted in [
        "clean error at 129",
        "SIGSEGV at 87,289",
        "crash (exit 134) at 30,000",
        "exhausts time at 11,000",
        "no limit up to 5,000,000",
        "Not drawn: 1 parser not measured yet (results.md lists them).",
        "crash (signal or abnormal exit)",
        "Stack 8 MiB · measured 2026-01-02 · Debian GNU/Linux 12 (bookworm) (Linux 6.1.0, x86_64) · nestprobe 0.1.0",
    ] {
        // (A caption may wrap to several lines: its words in order.)
        assert!(texts.join(" ").contains(wanted), "{wanted:?} missing from {texts:#?}");
    }
}

#[test]
fn a_library_in_another_environment_is_labelled_and_drawn_below_it() {
    let results = crate::report::tests::two_environments();
    let svg = results_svg(&results).unwrap();
    let bars = texts(&svg);
    let at = bars.iter().position(|t| t == "Python json").unwrap();
    assert_eq!(bars[at + 2], "Python json · Debian 13", "{bars:#?}");
    assert_eq!(bars[at + 3], "clean error at 1,000");
    assert!(bars
        .join(" ")
        .contains("Lighter bars, labelled with their environment, were measured in Debian 13 (trixie)"));
    // The lighter bar: the outcome colour at 45% opacity, with an outline.
    assert!(svg.contains("opacity=\"0.45\" fill=\"#009E73\""), "no lighter bar");
    let sweep = texts(&sweep_svg(&results).unwrap());
    assert!(sweep.iter().any(|t| t == "Python json · Debian 13"), "{sweep:#?}");
    assert!(sweep
        .join(" ")
        .contains("Lighter rows, labelled with their environment: measured in Debian 13 (trixie)."));
    assert!(!texts(&sweep_svg(&sample()).unwrap()).iter().any(|t| t.starts_with("Lighter")));
}

#[test]
fn charts_are_deterministic() {
    let results = sample();
    assert_eq!(results_svg(&results).unwrap(), results_svg(&results.clone()).unwrap());
    assert_eq!(sweep_svg(&results).unwrap(), sweep_svg(&results.clone()).unwrap());
}

#[test]
fn sweep_chart_only_with_a_sweep() {
    let mut results = sample();
    let files = SweepChart.files(&results).unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].0, PathBuf::from("charts/results-sweep.svg"));
    let texts = texts(&files[0].1);
    for record in results.parsers.iter().filter(|r| r.sweep.is_some()) {
        assert!(texts.contains(&display_name(&results, record)), "{} missing", record.id);
    }
    for stack in ["1 MiB stack", "8 MiB stack", "64 MiB stack"] {
        assert!(texts.iter().any(|t| t == stack), "{stack} marker missing");
    }
    results.parsers.iter_mut().for_each(|r| r.sweep = None);
    assert!(SweepChart.files(&results).unwrap().is_empty());
    assert_eq!(ResultsChart.files(&results).unwrap().len(), 1);
}

#[test]
fn sweep_rows_are_grouped_by_why_and_say_what_moves() {
    let texts = texts(&sweep_svg(&sample()).unwrap());
    let at = |wanted: &str| {
        texts.iter().position(|t| t == wanted).unwrap_or_else(|| panic!("{wanted:?} missing: {texts:#?}"))
    };
    // Stack-bound rows first (their limit is the machine's), under their heading, with the stack
    // each level takes; fixed limits after them, then the unbounded.
    let stack = at("stack-bound: recursion, deeper with a bigger stack (2 parsers)");
    let fixed = at("fixed limit: the same depth at every stack size (2 parsers)");
    let unbounded = at("unbounded: no limit at any stack size (1 parser)");
    assert!(stack < at("C recursive-parser") && at("C recursive-parser") < fixed && fixed < unbounded);
    assert!(fixed < at("Rust serde_json") && at("Rust serde_json") < unbounded);
    assert!(texts.iter().any(|t| t.ends_with(" per level")), "{texts:#?}");
    at("fails at 129");
    at("no limit up to 5,000,000");
    // The markers' key names the stack sizes; the footer names no one stack: the x of this chart
    // is every stack size.
    for stack in ["1 MiB stack", "8 MiB stack", "64 MiB stack"] {
        at(stack);
    }
    assert!(!texts.iter().any(|t| t.starts_with("Stack ")), "{texts:#?}");
}

#[test]
fn a_long_name_is_cut_to_fit_not_clipped() {
    let long = "Emacs Lisp json-parse-string (native, jansson) with a much longer name · Debian 13";
    let cut = fit(long, 11.0, 300);
    assert!(cut.ends_with('…') && text_width(&cut, 11.0) <= 300, "{cut}");
    assert!(long.starts_with(cut.trim_end_matches('…')));
    assert_eq!(fit("Rust serde_json", 11.0, 300), "Rust serde_json");
    let mut results = sample();
    results.parsers[0].library = long.into();
    for svg in [results_svg(&results).unwrap(), sweep_svg(&results).unwrap()] {
        let texts = texts(&svg);
        assert!(texts.iter().any(|t| t.starts_with("Rust Emacs Lisp") && t.ends_with('…')), "{texts:#?}");
    }
}

#[test]
fn charts_rasterise_with_their_colours() {
    let results = sample();
    let (bars_svg, sweep_svg) = (results_svg(&results).unwrap(), sweep_svg(&results).unwrap());
    let bars = rasterise(&bars_svg);
    for class in [Class::CleanError, Class::Crash, Class::Timeout, Class::NoLimit] {
        assert!(pixels_of(&bars, colour(class)) > 50, "{class:?} bars not drawn");
    }
    let sweep = rasterise(&sweep_svg);
    // For a human look: NESTPROBE_CHART_PNG=/tmp/charts cargo test charts_rasterise
    if let Some(dir) = std::env::var_os("NESTPROBE_CHART_PNG") {
        let dir = std::path::Path::new(&dir);
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("sample-results.svg"), &bars_svg).unwrap();
        std::fs::write(dir.join("sample-results-sweep.svg"), &sweep_svg).unwrap();
        bars.save_png(dir.join("sample-results.png")).unwrap();
        sweep.save_png(dir.join("sample-results-sweep.png")).unwrap();
    }
    for verdict in [Verdict::Fixed, Verdict::Stack, Verdict::Unbounded] {
        assert!(pixels_of(&sweep, verdict_colour(verdict)) > 20, "{verdict:?} lines not drawn");
    }
}

/// The structure of the charts: their texts in order and the bars' colours, row by row.
#[test]
fn chart_structure_snapshot() {
    let results = sample();
    let svg = results_svg(&results).unwrap();
    let fills: Vec<&str> = svg
        .split("<rect")
        .skip(1)
        .filter_map(|r| r.split("fill=\"").nth(1)?.split('"').next())
        .filter(|f| *f != "#FFFFFF" && *f != "#F3F3F3")
        .collect();
    insta::assert_snapshot!(
        "results_chart",
        format!("texts:\n{}\n\nfills:\n{}", texts(&svg).join("\n"), fills.join("\n"))
    );
    insta::assert_snapshot!("sweep_chart", texts(&sweep_svg(&results).unwrap()).join("\n"));
}

/// A record shaped like the HTML rows: renderers that accept every depth but flatten the nesting
/// (`flattened`), or parsers too slow to find a limit at the one stack size tried.
fn html_like(id: &str, flattened: bool) -> ParserRecord {
    let mut record = record(id, "PHP", id, [None; 3], None);
    let sweep = record.sweep.as_mut().unwrap();
    if flattened {
        sweep.verdict = Verdict::Unbounded;
        sweep.probes.iter_mut().for_each(|p| p.flattened_to = Some(255));
    } else {
        sweep.verdict = Verdict::Slow;
        sweep.probes.truncate(1);
        let probe = &mut sweep.probes[0];
        probe.status = crate::results::probe_result::ProbeStatus::Slow;
        probe.max_accepted_depth = Some(65_537);
        probe.failure = Some(failure(FailureKind::Timeout, None, None));
    }
    record
}

fn with_parsers(parsers: Vec<ParserRecord>) -> Results {
    Results { parsers, ..sample() }
}

/// The depth axis's tick labels, as (x, depth) left to right in document order.
fn ticks(svg: &str) -> Vec<(f64, f64)> {
    let value = |text: &str| match text.strip_suffix('M').or(text.strip_suffix('k')) {
        Some(n) => n.parse::<f64>().ok().map(|n| n * if text.ends_with('M') { 1e6 } else { 1e3 }),
        None => text.parse::<f64>().ok(),
    };
    svg.split("<text")
        .skip(1)
        .filter_map(|part| {
            let x = part.split("x=\"").nth(1)?.split('"').next()?.parse::<f64>().ok()?;
            let (_, rest) = part.split_once('>')?;
            Some((x, value(rest.split_once("</text>")?.0.trim())?))
        })
        .collect()
}

fn depth_range_for_tests(depths: &[f64], max_tried: f64) -> Option<(f64, f64)> {
    sweep::depth_range(depths.iter().copied(), max_tried)
}

#[test]
fn depth_range_increases_and_is_none_without_depths() {
    assert_eq!(depth_range_for_tests(&[], 5e6), None);
    // Every depth at the maximum tried (the flattened HTML renderers): still an increasing axis.
    let (low, high) = depth_range_for_tests(&[5e6, 5e6], 5e6).unwrap();
    assert!(low < high && low <= 5e6 && 5e6 <= high, "{low}..{high}");
    assert_eq!((low, high), (1e6, 1e7));
    let (low, high) = depth_range_for_tests(&[1.0], 5e6).unwrap();
    assert_eq!((low, high), (1.0, 10.0));
    assert_eq!(depth_range_for_tests(&[129.0, 87_289.0], 5e6), Some((10.0, 1e6)));
}

#[test]
fn sweep_axis_of_html_shaped_data_increases_left_to_right() {
    let results =
        with_parsers(vec![html_like("flat-a", true), html_like("slow-b", false), html_like("flat-c", true)]);
    let svg = sweep_svg(&results).unwrap();
    let ticks = ticks(&svg);
    assert!(ticks.len() >= 2, "{ticks:?}");
    assert!(ticks.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1), "not increasing: {ticks:?}");
    let texts = texts(&svg);
    // The flattening renderers are drawn as what their verdict says; the slow one is counted.
    assert!(texts.iter().any(|t| t == "unbounded: no limit at any stack size (2 parsers)"), "{texts:#?}");
    assert!(texts.iter().any(|t| t == "flattened to 255"), "{texts:#?}");
    assert!(texts
        .join(" ")
        .contains("Not drawn: 1 row found no depth at any stack size (too slow or unstable at each)."));
}

#[test]
fn an_empty_sweep_chart_says_why_and_draws_no_axis() {
    let results = with_parsers(vec![html_like("slow-a", false), html_like("slow-b", false)]);
    assert!(has_sweep(&results));
    let svg = sweep_svg(&results).unwrap();
    let texts = texts(&svg);
    assert!(
        texts.iter().any(|t| t == "No stack sweep of a JSON parser found a depth to draw:"),
        "{texts:#?}"
    );
    assert!(texts
        .iter()
        .any(|t| t == "2 rows found no depth at any stack size (too slow or unstable at each)."));
    assert!(!texts.iter().any(|t| t.contains("nesting depth (log scale)")), "an axis drawn: {texts:#?}");
    assert!(ticks(&svg).is_empty(), "{:?}", ticks(&svg));
    // Said once: not again in a caption.
    assert!(!texts.iter().any(|t| t.starts_with("Not drawn")), "{texts:#?}");
}

#[test]
fn a_long_results_chart_has_the_depth_axis_on_top_too() {
    let short = results_svg(&sample()).unwrap();
    assert_eq!(ticks(&short).iter().filter(|t| t.1 == 1e4).count(), 1, "a short chart has one axis");
    let mut parsers = sample().parsers;
    let template = parsers[0].clone();
    parsers.extend((0..40).map(|i| ParserRecord { id: format!("rust-more-{i}"), ..template.clone() }));
    let results = with_parsers(parsers);
    let svg = results_svg(&results).unwrap();
    // One axis above the first row, one below the last.
    let y_of = |wanted: &str| -> Vec<f64> {
        svg.split("<text")
            .filter(|t| t.contains(&format!(">\n{wanted}\n<")))
            .filter_map(|t| t.split("y=\"").nth(1)?.split('"').next()?.parse().ok())
            .collect()
    };
    let (axis, rows) = (y_of("10k"), y_of("Rust serde_json"));
    assert_eq!(axis.len(), 2, "{:#?}", texts(&svg));
    let (first, last) =
        (rows.iter().cloned().fold(f64::MAX, f64::min), rows.iter().cloned().fold(0.0, f64::max));
    assert!(axis[0] < first && last < axis[1], "axis at {axis:?}, rows from {first} to {last}");
    let top_ticks = &ticks(&svg)[..8];
    assert!(top_ticks.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1), "{top_ticks:?}");
    // The sweep chart of as many rows too; of the sample's few, one axis.
    let count =
        |svg: &str| texts(svg).iter().filter(|t| *t == "smallest failing nesting depth (log scale)").count();
    assert_eq!(count(&sweep_svg(&results).unwrap()), 2);
    assert_eq!(count(&sweep_svg(&sample()).unwrap()), 1);
}

#[test]
fn chart_names_read_at_a_phones_width() {
    for svg in [results_svg(&sample()).unwrap(), sweep_svg(&sample()).unwrap()] {
        // GitHub scales an SVG to a phone's screen, about 360 pixels: a name's size there.
        let name = svg.split("<text").find(|t| t.contains(">\nRust serde_json\n<")).expect("a name");
        let px: f64 = name.split("font-size=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
        let width: f64 = svg.split("width=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
        let on_phone = px * 360.0 / width;
        assert!(on_phone >= 9.5, "{px} px on a {width} px chart reads as {on_phone} px");
        // A page sizing its figures to a column shows it no wider than drawn.
        assert!(svg.starts_with(&format!("<svg style=\"max-width:{width}px\" ")), "{}", &svg[..120]);
    }
}

#[test]
fn a_line_that_must_stay_whole_shrinks_to_fit() {
    let caption =
        "Stack 8 MiB · measured 2026-11-26 · Debian GNU/Linux 12 (bookworm) (Linux 6.18.44, x86_64)";
    let px = fitting_px(caption, 12.0, 300);
    assert!(px < 12.0 && text_width(caption, px) <= 300, "{px}");
    assert!(text_width(caption, px + 0.5) > 300, "{px}: shrunk more than needed");
    assert_eq!(fitting_px("Rust serde_json", 12.0, 300), 12.0);
}

#[test]
fn a_sweeps_points_are_its_exact_answers() {
    let flat = html_like("flat", true);
    let (points, flattened, unlimited) = sweep::points(flat.sweep.as_ref().unwrap());
    // Accepting every depth tried, flattened: drawn at the maximum tried, hollow.
    assert_eq!(
        points,
        vec![(MIB, MAX as f64, false), (8 * MIB, MAX as f64, false), (64 * MIB, MAX as f64, false)]
    );
    assert_eq!((flattened, unlimited), (Some(255), false));
    let slow = html_like("slow", false);
    assert_eq!(sweep::points(slow.sweep.as_ref().unwrap()), (vec![], None, false));
    let crash = &sample().parsers[2];
    let (points, flattened, _) = sweep::points(crash.sweep.as_ref().unwrap());
    assert_eq!(points, vec![(MIB, 10_900.0, true), (8 * MIB, 87_289.0, true), (64 * MIB, 698_000.0, true)]);
    assert_eq!(flattened, None);
}

#[test]
fn the_marker_key_wraps_its_note_inside_the_chart() {
    let stacks = [MIB, 8 * MIB, 64 * MIB];
    let (xs, (note_x, line)) = sweep::marker_key_places(&stacks);
    assert_eq!(xs.len(), 3);
    assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
    assert!(*xs.last().unwrap() < WIDTH as i32, "{xs:?}");
    // Past the markers on their line, or at the start of the next one; inside the chart either way.
    assert!((line == 0 && note_x > *xs.last().unwrap()) || (line == 1 && note_x == 12), "{note_x}, {line}");
    let note = "filled: lost control (crash, timeout) · hollow: clean error or no limit";
    assert!(note_x + text_width(note, 12.0) <= WIDTH as i32 - 12);
}

#[test]
fn captions_wrap_at_words_to_the_chart_s_width_instead_of_shrinking() {
    let long = "Lighter bars, labelled with their environment, were measured in Debian 13 (trixie) \
                (below the same library in the chart), on another machine than the host's";
    let lines = caption_lines(&[long.to_string(), "short".to_string()], 12.0);
    assert!(lines.len() > 2, "{lines:?}");
    assert!(lines.iter().all(|l| text_width(l, 12.0) <= WIDTH as i32 - 24), "{lines:?}");
    assert_eq!(lines[..lines.len() - 1].join(" "), long);
    assert_eq!(lines.last().unwrap(), "short");
    assert_eq!(captions_height(&[long.to_string()], 12.0), 10 + CAPTION_LINE * (lines.len() as i32 - 1));
}
