//! The charts: results.svg (one bar per parser, its smallest failing depth on a log scale, coloured by
//! how it fails) and results-sweep.svg (smallest failing depth against stack size, log–log, one line
//! per parser). Drawn with plotters' SVG backend alone: no font library is involved, text is written
//! as `<text>` elements and laid out here from a fixed estimate of character widths, so the same
//! results always give the same bytes.

use std::path::PathBuf;

use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{
    class, display_name, environment_name, environments_of, groups_by_depth, sorted, thousands, Class,
    Exporter,
};
use crate::payload::PayloadFormat;
use crate::results::probe_result::Finding;
use crate::results::sweep_result::Verdict;
use crate::results::HOST;
use crate::results::{Environment, ParserRecord, Results};
use crate::units::{format_bytes, Limit};

/// The results chart of a format: results.svg for JSON (the first format there was), else
/// results-<format>.svg.
pub fn results_file(format: PayloadFormat) -> String {
    if format == PayloadFormat::JSON {
        "results.svg".into()
    } else {
        format!("results-{format}.svg")
    }
}

/// The sweep chart of a format: results-sweep.svg for JSON, else results-sweep-<format>.svg.
pub fn sweep_file(format: PayloadFormat) -> String {
    if format == PayloadFormat::JSON {
        "results-sweep.svg".into()
    } else {
        format!("results-sweep-{format}.svg")
    }
}

/// One results chart per payload format.
pub struct ResultsChart;

/// One sweep chart per payload format that has a parser with a stack sweep.
pub struct SweepChart;

impl Exporter for ResultsChart {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>> {
        let mut files = Vec::new();
        for format in results.formats() {
            files.push((PathBuf::from(results_file(format)), results_svg(&results.of_format(format))?));
        }
        Ok(files)
    }
}

impl Exporter for SweepChart {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>> {
        let mut files = Vec::new();
        for format in results.formats() {
            let subset = results.of_format(format);
            if has_sweep(&subset) {
                files.push((PathBuf::from(sweep_file(format)), sweep_svg(&subset)?));
            }
        }
        Ok(files)
    }
}

/// The format of a single-format subset (JSON when empty).
fn format_of(results: &Results) -> PayloadFormat {
    results.parsers.first().map(|r| r.format).unwrap_or_default()
}

/// Whether any parser has a stack sweep (and so results-sweep.svg is drawn).
pub fn has_sweep(results: &Results) -> bool {
    results.parsers.iter().any(|r| r.sweep.as_ref().is_some_and(|s| !s.probes.is_empty()))
}

const WIDTH: u32 = 880;
/// Any sans-serif: browsers pick Helvetica or Arial; resvg (which maps the generic family to Arial)
/// finds DejaVu Sans on Linux machines without Arial.
const FONT: &str = "Helvetica, Arial, DejaVu Sans, sans-serif";
const TEXT: RGBColor = RGBColor(0x22, 0x22, 0x22);
const MUTED: RGBColor = RGBColor(0x66, 0x66, 0x66);
/// Okabe–Ito colours, told apart by colour-blind readers too.
const GREEN: RGBColor = RGBColor(0x00, 0x9E, 0x73);
const VERMILLION: RGBColor = RGBColor(0xD5, 0x5E, 0x00);
const ORANGE: RGBColor = RGBColor(0xE6, 0x9F, 0x00);
const BLUE: RGBColor = RGBColor(0x00, 0x72, 0xB2);
const PURPLE: RGBColor = RGBColor(0xCC, 0x79, 0xA7);
const SKY: RGBColor = RGBColor(0x56, 0xB4, 0xE9);
const GREY: RGBColor = RGBColor(0xBB, 0xBB, 0xBB);

fn colour(class: Class) -> RGBColor {
    match class {
        Class::CleanError => GREEN,
        Class::Crash => VERMILLION,
        Class::Timeout => ORANGE,
        Class::OutOfMemory => PURPLE,
        Class::NoLimit => BLUE,
        Class::Flattened => SKY,
        Class::NotMeasured | Class::Unreliable => GREY,
    }
}

fn verdict_colour(verdict: Verdict) -> RGBColor {
    match verdict {
        Verdict::Fixed => GREEN,
        Verdict::Stack => VERMILLION,
        Verdict::Runtime => PURPLE,
        Verdict::Unbounded => BLUE,
        Verdict::Unstable => GREY,
        Verdict::Slow => ORANGE,
    }
}

/// A text style of `px` pixels. plotters' SVG backend writes `font-size` as the size given / 1.24.
fn font(px: f64, colour: RGBColor, h: HPos) -> TextStyle<'static> {
    TextStyle {
        font: (FONT, px * 1.24).into_font(),
        color: colour.to_backend_color(),
        pos: Pos::new(h, VPos::Center),
    }
}

/// Estimated width of `text` at `px` pixels in a common sans-serif (digits and capitals ≈ 0.6 em).
fn text_width(text: &str, px: f64) -> i32 {
    (text.chars().count() as f64 * px * 0.6).ceil() as i32
}

/// `1`, `10`, …, `1k`, `10k`, `100k`, `1M`: axis ticks.
fn compact(value: f64) -> String {
    let v = value.round() as u64;
    match v {
        v if v >= 1_000_000 && v % 1_000_000 == 0 => format!("{}M", v / 1_000_000),
        v if v >= 1_000 && v % 1_000 == 0 => format!("{}k", v / 1_000),
        v => thousands(v),
    }
}

/// The smallest power of ten ≥ `value`.
fn decade_above(value: f64) -> f64 {
    10f64.powf(value.max(1.0).log10().ceil())
}

/// The largest power of ten ≤ `value`.
fn decade_below(value: f64) -> f64 {
    10f64.powf(value.max(1.0).log10().floor())
}

fn plot_error<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow!("cannot draw the chart: {e:?}")
}

/// `Stack 8 MiB · 2026-11-22 · Debian GNU/Linux 12 (Linux 6.1.0, x86_64) · nestprobe 0.1.0`.
fn environment_caption(env: &Environment) -> String {
    let stack = env.settings.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
    format!(
        "Stack {stack} · measured {} · {} (Linux {}, {}) · nestprobe {}",
        env.date, env.os, env.kernel, env.arch, env.nestprobe_version
    )
}

/// One legend entry: a swatch and its text.
struct Key {
    colour: RGBColor,
    text: String,
    /// Filled swatch (a bar) or a line.
    line: bool,
}

/// Draws legend entries left to right from (x, y), wrapping at the chart's width; returns the y
/// below the last row.
/// A white chart of the common width with its title drawn, writing into `svg`.
fn canvas<'a>(svg: &'a mut String, height: i32, title: &str) -> Result<DrawingArea<SVGBackend<'a>, Shift>> {
    let root = SVGBackend::with_string(svg, (WIDTH, height as u32)).into_drawing_area();
    root.fill(&WHITE).map_err(plot_error)?;
    root.draw(&Text::new(title, (12, 16), font(17.0, TEXT, HPos::Left))).map_err(plot_error)?;
    Ok(root)
}

fn draw_legend(root: &DrawingArea<SVGBackend, Shift>, keys: &[Key], x0: i32, y0: i32) -> Result<i32> {
    const PX: f64 = 12.0;
    let (mut x, mut y) = (x0, y0);
    for key in keys {
        // Legend text is mostly lower case: narrower than the 0.6 em estimate.
        let width = 14 + 6 + (text_width(&key.text, PX) as f64 * 0.9) as i32 + 18;
        if x > x0 && x + width > WIDTH as i32 - 10 {
            x = x0;
            y += 20;
        }
        if key.line {
            root.draw(&PathElement::new(vec![(x, y), (x + 14, y)], key.colour.stroke_width(3)))
                .map_err(plot_error)?;
        } else {
            root.draw(&Rectangle::new([(x, y - 6), (x + 14, y + 6)], key.colour.filled()))
                .map_err(plot_error)?;
        }
        root.draw(&Text::new(key.text.clone(), (x + 20, y), font(PX, TEXT, HPos::Left)))
            .map_err(plot_error)?;
        x += width;
    }
    Ok(y + 20)
}

/// What a bar says at its end: `clean error at 129`, `SIGSEGV at 87,289`, `no limit up to 5,000,000`.
fn bar_text(record: &ParserRecord) -> String {
    let Some(result) = record.result.as_ref() else {
        return format!("not measured ({})", record.status.name());
    };
    let depth = result.exact_failing_depth().map(thousands).unwrap_or_default();
    if let Finding::Slow(deepest, seconds) = result.finding() {
        return format!("slow: {seconds:.0} s at {}", thousands(deepest));
    }
    match (class(record), &result.failure) {
        (Class::Crash, Some(failure)) => match (&failure.signal_name, failure.exit_code) {
            (Some(name), _) => format!("{name} at {depth}"),
            (None, Some(code)) => format!("crash (exit {code}) at {depth}"),
            (None, None) => format!("crash at {depth}"),
        },
        (Class::CleanError, _) => format!("clean error at {depth}"),
        (Class::Timeout, _) => format!("timeout at {depth}"),
        (Class::OutOfMemory, _) => format!("out of memory at {depth}"),
        (Class::Unreliable, _) => result.phrase(),
        (Class::Flattened, _) => {
            format!("flattened to {}", result.flattened_to.map(thousands).unwrap_or_default())
        }
        _ => format!("no limit up to {}", thousands(result.settings.max_depth)),
    }
}

/// Where the bar ends: the smallest failing depth, or the maximum tried for no limit.
fn bar_end(record: &ParserRecord) -> Option<u64> {
    match class(record) {
        Class::NotMeasured | Class::Unreliable => None,
        Class::NoLimit => record.result.as_ref().map(|r| r.settings.max_depth),
        // A flattening renderer's bar ends where its nesting does.
        Class::Flattened => record.result.as_ref().and_then(|r| r.flattened_to),
        _ => record.result.as_ref().and_then(|r| match r.finding() {
            Finding::Slow(deepest, _) => Some(deepest),
            _ => r.exact_failing_depth(),
        }),
    }
}

/// The records the results chart draws, top to bottom: measured ones, least nesting first, each
/// library's other environments right below it; and how many were left out as not measured.
fn chart_records(results: &Results) -> (Vec<&ParserRecord>, usize) {
    let all: Vec<&ParserRecord> = groups_by_depth(results).into_iter().flat_map(|g| g.records).collect();
    let total = all.len();
    let drawn: Vec<&ParserRecord> = all.into_iter().filter(|r| class(r) != Class::NotMeasured).collect();
    let left_out = total - drawn.len();
    (drawn, left_out)
}

/// results.svg: one horizontal bar per measured parser, least nesting first; a bar measured outside
/// the host is lighter and its label names the environment.
pub fn results_svg(results: &Results) -> Result<String> {
    const ROW: i32 = 17;
    const LABEL_PX: f64 = 11.5;
    let (records, left_out) = chart_records(results);
    let rows = records.len().max(1) as i32;
    let label = |r: &ParserRecord| display_name(results, r);
    let others: Vec<String> = environments_of(results)
        .iter()
        .filter(|k| *k != HOST)
        .map(|k| environment_name(results, k).to_string())
        .collect();
    let max_depth = records
        .iter()
        .filter_map(|r| bar_end(r))
        .chain(std::iter::once(results.environment.settings.max_depth))
        .max()
        .unwrap_or(1);
    let top = decade_above(max_depth as f64);

    let label_width =
        records.iter().map(|r| text_width(&label(r), LABEL_PX)).max().unwrap_or(0).clamp(80, 340);
    let value_width =
        records.iter().map(|r| text_width(&bar_text(r), LABEL_PX)).max().unwrap_or(0).clamp(60, 220) + 14;
    let mut legend_keys = vec![
        Key { colour: GREEN, text: "clean error".into(), line: false },
        Key { colour: VERMILLION, text: "crash (signal or abnormal exit)".into(), line: false },
        Key { colour: ORANGE, text: "timeout".into(), line: false },
        Key { colour: PURPLE, text: "out of memory (resident cap)".into(), line: false },
        Key { colour: BLUE, text: format!("no limit up to {}", thousands(max_depth)), line: false },
        Key { colour: GREY, text: "unstable".into(), line: false },
    ];
    // Only charts of renderers have flattened nesting: their key only there.
    if records.iter().any(|r| class(r) == Class::Flattened) {
        legend_keys.insert(5, Key { colour: SKY, text: "accepted, nesting flattened".into(), line: false });
    }
    let mut captions =
        vec!["Each bar: the smallest nesting depth the parser fails at, least first.".to_string()];
    if !others.is_empty() {
        captions.push(format!(
            "Lighter bars, labelled with their environment, were measured in {} (below the same library on the host).",
            others.join(", ")
        ));
    }
    if left_out > 0 {
        let parsers = if left_out == 1 { "parser" } else { "parsers" };
        captions.push(format!("Not drawn: {left_out} {parsers} not measured yet (results.md lists them)."));
    }
    captions.push(environment_caption(&results.environment));

    let title_height = 34;
    let legend_height = 28;
    let axis_height = 44;
    let caption_height = 10 + 17 * captions.len() as i32;
    let height = title_height + legend_height + rows * ROW + axis_height + caption_height;

    let mut svg = String::new();
    {
        let title = format!("How deeply nested {} can each parser take?", format_of(results).title());
        let root = canvas(&mut svg, height, &title)?;
        let legend_end = draw_legend(&root, &legend_keys, 12, title_height + 8)?;
        let plot_top = legend_end.max(title_height + legend_height);

        let mut chart = ChartBuilder::on(&root)
            .margin_top(plot_top)
            .margin_bottom(caption_height)
            .margin_left(12)
            .margin_right(value_width)
            .y_label_area_size(label_width + 10)
            .x_label_area_size(axis_height)
            .build_cartesian_2d((1f64..top).log_scale(), 0f64..rows as f64)
            .map_err(plot_error)?;
        // Row i (0 at the top) is the band [rows - i - 1, rows - i].
        let centre = |i: usize| rows as f64 - i as f64 - 0.5;
        chart
            .draw_series((0..records.len()).filter(|i| i % 2 == 1).map(|i| {
                Rectangle::new(
                    [(1.0, centre(i) - 0.5), (top, centre(i) + 0.5)],
                    RGBColor(0xF3, 0xF3, 0xF3).filled(),
                )
            }))
            .map_err(plot_error)?;
        let ticks = top.log10().round() as usize + 1;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(0)
            .x_labels(ticks)
            .max_light_lines(0)
            .x_label_formatter(&|v| compact(*v))
            .x_desc("smallest failing nesting depth (log scale)")
            .bold_line_style(BLACK.mix(0.15))
            .axis_style(BLACK.mix(0.5))
            .label_style((FONT, 12.0 * 1.24).into_font().color(&TEXT))
            .axis_desc_style((FONT, 12.0 * 1.24).into_font().color(&MUTED))
            .draw()
            .map_err(plot_error)?;

        for (i, record) in records.iter().enumerate() {
            let y = centre(i);
            let (left, mid) = chart.backend_coord(&(1.0, y));
            let name_colour = if class(record) == Class::NotMeasured { MUTED } else { TEXT };
            root.draw(&Text::new(label(record), (left - 8, mid), font(LABEL_PX, name_colour, HPos::Right)))
                .map_err(plot_error)?;
            let end = match bar_end(record) {
                Some(depth) => {
                    let colour = colour(class(record));
                    let corners = [(1.0, y - 0.36), ((depth as f64).max(1.0), y + 0.36)];
                    if record.environment == HOST {
                        chart.draw_series(std::iter::once(Rectangle::new(corners, colour.filled())))
                    } else {
                        chart.draw_series([
                            Rectangle::new(corners, colour.mix(0.45).filled()),
                            Rectangle::new(corners, colour.stroke_width(1)),
                        ])
                    }
                    .map_err(plot_error)?;
                    chart.backend_coord(&((depth as f64).max(1.0), y)).0
                }
                None => {
                    root.draw(&Rectangle::new([(left + 1, mid - 4), (left + 9, mid + 4)], GREY.filled()))
                        .map_err(plot_error)?;
                    left + 9
                }
            };
            let text_colour = if class(record) == Class::NotMeasured { MUTED } else { TEXT };
            root.draw(&Text::new(bar_text(record), (end + 5, mid), font(LABEL_PX, text_colour, HPos::Left)))
                .map_err(plot_error)?;
        }

        let caption_top = height - caption_height + 12;
        for (i, caption) in captions.into_iter().enumerate() {
            root.draw(&Text::new(caption, (12, caption_top + 17 * i as i32), font(11.0, MUTED, HPos::Left)))
                .map_err(plot_error)?;
        }
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// One parser's line in the sweep chart.
struct Line {
    label: String,
    verdict: Verdict,
    /// Measured outside the host: drawn dashed.
    elsewhere: bool,
    /// (stack bytes, depth drawn, whether the process lost control there).
    points: Vec<(f64, f64, bool)>,
}

fn sweep_lines(results: &Results) -> (Vec<Line>, bool) {
    let mut unlimited = false;
    let mut lines = Vec::new();
    for record in sorted(results) {
        let Some(sweep) = record.sweep.as_ref() else { continue };
        let label = display_name(results, record);
        let mut points = Vec::new();
        for probe in &sweep.probes {
            let Some(stack) = probe.settings.stack_bytes else {
                unlimited = true;
                continue;
            };
            // Only exact answers are plotted: a slow or unstable probe has no depth to draw.
            let depth = match probe.finding() {
                Finding::FailsAt(depth, _) => depth,
                Finding::NoLimit => probe.settings.max_depth,
                _ => continue,
            };
            let lost =
                probe.failure.as_ref().is_some_and(|f| f.kind != crate::results::outcome::FailureKind::Error);
            points.push((stack as f64, depth as f64, lost));
        }
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        if !points.is_empty() {
            lines.push(Line { label, verdict: sweep.verdict, elsewhere: record.environment != HOST, points });
        }
    }
    (lines, unlimited)
}

/// Spreads label positions (sorted top to bottom) at least `gap` apart within [lo, hi].
fn spread(wanted: &[i32], gap: i32, lo: i32, hi: i32) -> Vec<i32> {
    let mut placed: Vec<i32> = Vec::with_capacity(wanted.len());
    for &y in wanted {
        let min = placed.last().map_or(lo, |&last| last + gap);
        placed.push(y.max(min));
    }
    // Pushed past the bottom: shift up from the end.
    let mut limit = hi;
    for y in placed.iter_mut().rev() {
        if *y > limit {
            *y = limit;
        }
        limit = *y - gap;
    }
    placed
}

/// results-sweep.svg: smallest failing depth against stack size, log–log, one line per parser.
pub fn sweep_svg(results: &Results) -> Result<String> {
    const LABEL_PX: f64 = 11.0;
    const GAP: i32 = 13;
    let (lines, unlimited) = sweep_lines(results);
    let mut stacks: Vec<f64> = lines.iter().flat_map(|l| l.points.iter().map(|p| p.0)).collect();
    stacks.sort_by(f64::total_cmp);
    stacks.dedup();
    let (first_stack, last_stack) = match (stacks.first(), stacks.last()) {
        (Some(&a), Some(&b)) => (a, b),
        _ => (1024.0 * 1024.0, 64.0 * 1024.0 * 1024.0),
    };
    let depths = || lines.iter().flat_map(|l| l.points.iter().map(|p| p.1));
    let y_low = decade_below(
        depths().fold(f64::INFINITY, f64::min).min(results.environment.settings.max_depth as f64) / 1.5,
    );
    let y_high = decade_above(depths().fold(1.0, f64::max) * 1.5);

    let label_width =
        lines.iter().map(|l| text_width(&l.label, LABEL_PX)).max().unwrap_or(0).clamp(60, 260) + 24;
    // Lines measured outside the host are dashed and labelled with their environment.
    let others: Vec<String> = environments_of(results)
        .iter()
        .filter(|k| *k != HOST && lines.iter().any(|l| l.elsewhere))
        .map(|k| environment_name(results, k).to_string())
        .collect();
    let elsewhere = (!others.is_empty()).then(|| {
        format!("Dashed lines, labelled with their environment: measured in {}.", others.join(", "))
    });
    let title_height = 34;
    let legend_height = 28;
    let axis_height = 44;
    let caption_height = 44 + if elsewhere.is_some() { 17 } else { 0 };
    let plot_height = (lines.len() as i32 * GAP + 20).max(380);
    let height = title_height + legend_height + 20 + plot_height + axis_height + caption_height;

    let keys = [
        Key { colour: GREEN, text: "fixed limit".into(), line: true },
        Key { colour: VERMILLION, text: "stack-bound (recursion)".into(), line: true },
        Key { colour: PURPLE, text: "runtime (a VM's own limit)".into(), line: true },
        Key { colour: BLUE, text: "unbounded".into(), line: true },
        Key {
            colour: TEXT,
            text: "● lost control (crash, timeout)   ○ clean error or no limit".into(),
            line: false,
        },
    ];

    let mut svg = String::new();
    {
        let title =
            format!("Why: smallest failing depth of {} against stack size", format_of(results).title());
        let root = canvas(&mut svg, height, &title)?;
        let legend_end = draw_legend(&root, &keys[..4], 12, title_height + 8)?;
        root.draw(&Text::new(keys[4].text.clone(), (12, legend_end), font(12.0, TEXT, HPos::Left)))
            .map_err(plot_error)?;
        let plot_top = legend_end + 20;

        let mut chart = ChartBuilder::on(&root)
            .margin_top(plot_top)
            .margin_bottom(caption_height)
            .margin_left(12)
            .margin_right(label_width)
            .y_label_area_size(56)
            .x_label_area_size(axis_height)
            .build_cartesian_2d(
                (first_stack / 1.5..last_stack * 1.5).log_scale(),
                (y_low..y_high).log_scale(),
            )
            .map_err(plot_error)?;
        let decades = (y_high / y_low).log10().round() as usize + 1;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .x_label_formatter(&|_| String::new())
            .y_labels(decades)
            .max_light_lines(0)
            .y_label_formatter(&|v| compact(*v))
            .y_desc("smallest failing depth")
            .x_desc("stack size (RLIMIT_STACK, log scale)")
            .bold_line_style(BLACK.mix(0.15))
            .axis_style(BLACK.mix(0.5))
            .label_style((FONT, 12.0 * 1.24).into_font().color(&TEXT))
            .axis_desc_style((FONT, 12.0 * 1.24).into_font().color(&MUTED))
            .draw()
            .map_err(plot_error)?;
        // The stack sizes tried, as the x ticks.
        for &stack in &stacks {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(stack, y_low), (stack, y_high)],
                    BLACK.mix(0.15),
                )))
                .map_err(plot_error)?;
            let (x, y) = chart.backend_coord(&(stack, y_low));
            root.draw(&Text::new(format_bytes(stack as u64), (x, y + 12), font(12.0, TEXT, HPos::Center)))
                .map_err(plot_error)?;
        }
        let max_depth = results.environment.settings.max_depth as f64;
        if max_depth < y_high {
            chart
                .draw_series(DashedLineSeries::new(
                    [(first_stack / 1.5, max_depth), (last_stack * 1.5, max_depth)],
                    6,
                    4,
                    MUTED.stroke_width(1),
                ))
                .map_err(plot_error)?;
            let (x, y) = chart.backend_coord(&(first_stack / 1.5, max_depth));
            root.draw(&Text::new(
                format!("maximum tried: {}", thousands(results.environment.settings.max_depth)),
                (x + 6, y - 8),
                font(11.0, MUTED, HPos::Left),
            ))
            .map_err(plot_error)?;
        }

        for line in &lines {
            let colour = verdict_colour(line.verdict);
            let points = line.points.iter().map(|p| (p.0, p.1));
            let style = colour.mix(0.8).stroke_width(2);
            if line.elsewhere {
                chart.draw_series(DashedLineSeries::new(points, 5, 4, style)).map_err(plot_error)?;
            } else {
                chart.draw_series(LineSeries::new(points, style)).map_err(plot_error)?;
            }
            chart
                .draw_series(line.points.iter().map(|&(x, y, lost)| {
                    let style = if lost { colour.filled() } else { WHITE.filled() };
                    EmptyElement::at((x, y))
                        + Circle::new((0, 0), 4, style)
                        + Circle::new((0, 0), 4, colour.stroke_width(1))
                }))
                .map_err(plot_error)?;
        }

        // Labels at the right of each line's last point, spread so they never overlap.
        let ends: Vec<(i32, i32)> = lines
            .iter()
            .map(|l| {
                let last = l.points.last().expect("lines have points");
                chart.backend_coord(&(last.0, last.1))
            })
            .collect();
        let mut order: Vec<usize> = (0..lines.len()).collect();
        order.sort_by_key(|&i| (ends[i].1, i));
        let (plot_x, plot_y) = chart.plotting_area().get_pixel_range();
        let wanted: Vec<i32> = order.iter().map(|&i| ends[i].1).collect();
        let placed = spread(&wanted, GAP, plot_y.start + 4, plot_y.end - 4);
        let label_x = plot_x.end + 16;
        for (&i, &y) in order.iter().zip(&placed) {
            let colour = verdict_colour(lines[i].verdict);
            let (x0, y0) = ends[i];
            root.draw(&PathElement::new(
                vec![(x0 + 5, y0), (plot_x.end + 4, y0), (label_x - 3, y)],
                colour.mix(0.5).stroke_width(1),
            ))
            .map_err(plot_error)?;
            root.draw(&Text::new(lines[i].label.clone(), (label_x, y), font(LABEL_PX, TEXT, HPos::Left)))
                .map_err(plot_error)?;
        }

        let caption_top = height - caption_height + 12;
        let mut caption = String::from(
            "Flat lines: a fixed limit, the same at every stack size. Climbing lines: the parser recurses until the stack runs out.",
        );
        if unlimited {
            caption.push_str(" Unlimited-stack probes are not drawn.");
        }
        let mut captions = vec![caption];
        captions.extend(elsewhere.clone());
        captions.push(environment_caption(&results.environment));
        for (i, caption) in captions.into_iter().enumerate() {
            root.draw(&Text::new(caption, (12, caption_top + 17 * i as i32), font(11.0, MUTED, HPos::Left)))
                .map_err(plot_error)?;
        }
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::payload::Shape;
    use crate::results::outcome::{Failure, FailureKind};
    use crate::results::probe_result::ProbeResult;
    use crate::results::probe_result::SearchMode;
    use crate::results::settings::Settings;
    use crate::results::sweep_result::SweepResult;
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
            note: String::new(),
            study: false,
            format: Default::default(),
            environment: "host".into(),
            variant: None,
            status: Status::Measured,
            reason: None,
            result: Some(probes[1].clone()),
            object: None,
            unclosed: None,
            sweep: Some(SweepResult { command: vec!["parse".into()], verdict, bytes_per_level, probes }),
            phases: Vec::new(),
            unsupported_shapes: Vec::new(),
            timings: None,
            changes: Vec::new(),
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
            },
            environments: Default::default(),
            parsers: vec![
                record("rust-serde-json", "Rust", "serde_json", [Some(129); 3], error()),
                skipped,
                record(
                    "c-stack",
                    "C",
                    "recursive-parser",
                    [Some(10_900), Some(87_289), Some(698_000)],
                    segv(),
                ),
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
            "timeout at 11,000",
            "no limit up to 5,000,000",
            "Not drawn: 1 parser not measured yet (results.md lists them).",
            "crash (signal or abnormal exit)",
            "Stack 8 MiB · measured 2026-01-02 · Debian GNU/Linux 12 (bookworm) (Linux 6.1.0, x86_64) · nestprobe 0.1.0",
        ] {
            assert!(texts.iter().any(|t| t == wanted), "{wanted:?} missing from {texts:#?}");
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
        assert!(bars.iter().any(|t| t.starts_with(
            "Lighter bars, labelled with their environment, were measured in Debian 13 (trixie)"
        )));
        // The lighter bar: the outcome colour at 45% opacity, with an outline.
        assert!(svg.contains("opacity=\"0.45\" fill=\"#009E73\""), "no lighter bar");
        let sweep = texts(&sweep_svg(&results).unwrap());
        assert!(sweep.iter().any(|t| t == "Python json · Debian 13"), "{sweep:#?}");
        assert!(sweep
            .iter()
            .any(|t| t == "Dashed lines, labelled with their environment: measured in Debian 13 (trixie)."));
        assert!(!texts(&sweep_svg(&sample()).unwrap()).iter().any(|t| t.starts_with("Dashed")));
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
        assert_eq!(files[0].0, PathBuf::from("results-sweep.svg"));
        let texts = texts(&files[0].1);
        for record in results.parsers.iter().filter(|r| r.sweep.is_some()) {
            assert!(texts.contains(&display_name(&results, record)), "{} missing", record.id);
        }
        for stack in ["1 MiB", "8 MiB", "64 MiB"] {
            assert!(texts.iter().any(|t| t == stack), "{stack} tick missing");
        }
        results.parsers.iter_mut().for_each(|r| r.sweep = None);
        assert!(SweepChart.files(&results).unwrap().is_empty());
        assert_eq!(ResultsChart.files(&results).unwrap().len(), 1);
    }

    #[test]
    fn sweep_labels_never_overlap() {
        assert_eq!(spread(&[10, 10, 10, 50], 13, 0, 100), vec![10, 23, 36, 50]);
        assert_eq!(spread(&[95, 95, 95], 13, 0, 100), vec![74, 87, 100]);
        assert_eq!(spread(&[-5, 200], 13, 0, 100), vec![0, 100]);
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
}
