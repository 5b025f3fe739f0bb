//! results.svg: one horizontal bar per measured parser under its name, least nesting first,
//! coloured by how it fails; a bar measured outside the host is lighter and its label names the
//! environment.

use anyhow::Result;
use plotters::prelude::*;
use plotters::style::text_anchor::HPos;

use super::{
    canvas, captions_height, colour, decade_above, depth_mesh, draw_captions, draw_legend,
    environment_caption, fit, font, legend_places, no_wider_than_drawn, other_environments, plot_error,
    subject, text_width, Key, Root, BAND, BLUE, GREEN, GREY, ORANGE, PURPLE, SKY, TEXT, TITLE_HEIGHT,
    VERMILLION, WIDTH,
};
use crate::report::model::class::{class, Class};
use crate::report::model::groups::groups_by_depth;
use crate::report::model::view::display_name;
use crate::results::probe_result::Finding;
use crate::results::{ParserRecord, Results, HOST};
use crate::units::thousands;

/// A row is two lines: the parser's name across the chart's width, its bar below.
const ROW: i32 = 32;
/// From a row's top: the middle of its name, and its bar's top and bottom.
const NAME_MID: i32 = 9;
const BAR: (i32, i32) = (18, 29);
const LABEL_PX: f64 = 13.0;
const CAPTION_PX: f64 = 12.0;
const LEGEND_HEIGHT: i32 = 28;
const AXIS_HEIGHT: i32 = 44;
/// A chart with more rows than a phone's screen shows (about 24) gets the depth axis on top as
/// well, so a reader scrolling through it meets a scale at either end.
const TOP_AXIS_ROWS: usize = 24;

/// What a bar says at its end: `clean error at 129`, `SIGSEGV at 87,289`, `no limit up to 5,000,000`.
fn bar_text(record: &ParserRecord) -> String {
    let Some(result) = record.result.as_ref() else {
        return format!("not measured ({})", record.status.name());
    };
    let depth = result.exact_failing_depth().map(thousands).unwrap_or_default();
    if let Finding::Slow(deepest, seconds) = result.finding() {
        return format!("{}: {seconds:.0} s at {}", Class::Timeout.text(), thousands(deepest));
    }
    match (class(record), &result.failure) {
        // A service's death says which process died: `worker died (SIGSEGV) at 37,429`.
        (Class::Crash, Some(failure)) if failure.service.is_some() => {
            format!("{} at {depth}", failure.summary())
        }
        (Class::ServerError | Class::RefusedBySize | Class::Unresponsive, Some(failure)) => {
            format!("{} at {depth}", failure.summary())
        }
        (Class::Crash, Some(failure)) => match (&failure.signal_name, failure.exit_code) {
            (Some(name), _) => format!("{name} at {depth}"),
            (None, Some(code)) => format!("crash (exit {code}) at {depth}"),
            (None, None) => format!("crash at {depth}"),
        },
        (Class::CleanError, _) => {
            let words =
                crate::results::word::clean_error(crate::report::model::class::count_of(record, result));
            format!("{words} at {depth}")
        }
        (Class::Timeout, _) => format!("{} at {depth}", Class::Timeout.text()),
        (Class::OutOfMemory, _) => format!("{} at {depth}", Class::OutOfMemory.text()),
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

/// Everything the chart shows, decided before anything is drawn.
struct Layout<'a> {
    records: Vec<&'a ParserRecord>,
    labels: Vec<String>,
    /// The right end of the depth axis, a power of ten.
    top: f64,
    /// Room right of the plot for the texts of the longest bars.
    value_width: i32,
    keys: Vec<Key>,
    captions: Vec<String>,
}

impl<'a> Layout<'a> {
    fn of(results: &'a Results) -> Layout<'a> {
        let (records, left_out) = chart_records(results);
        let max_depth = records
            .iter()
            .filter_map(|r| bar_end(r))
            .chain(std::iter::once(results.environment.settings.max_depth))
            .max()
            .unwrap_or(1);
        let top = decade_above(max_depth as f64);
        // A name has its own line, the chart's whole width.
        let labels =
            records.iter().map(|r| fit(&display_name(results, r), LABEL_PX, WIDTH as i32 - 24)).collect();
        let value_width = value_width(&records, top);
        Layout {
            keys: keys(&records, max_depth),
            captions: captions(results, left_out),
            records,
            labels,
            top,
            value_width,
        }
    }

    /// Where the plot starts: below the legend, however many lines it wraps to.
    fn plot_top(&self) -> i32 {
        legend_places(&self.keys, 12, TITLE_HEIGHT + 8).1.max(TITLE_HEIGHT + LEGEND_HEIGHT)
    }

    fn top_axis(&self) -> bool {
        self.records.len() > TOP_AXIS_ROWS
    }

    /// The height of the plot with its axes.
    fn plot_height(&self) -> i32 {
        let axes = if self.top_axis() { 2 * AXIS_HEIGHT } else { AXIS_HEIGHT };
        self.records.len().max(1) as i32 * ROW + axes
    }

    fn height(&self) -> i32 {
        self.plot_top() + self.plot_height() + captions_height(&self.captions, CAPTION_PX)
    }
}

/// The room a bar's text needs right of the plot: what sticks out past the plot's right edge, for
/// the bar that sticks out furthest (short bars have their text inside the plot).
fn value_width(records: &[&ParserRecord], top: f64) -> i32 {
    // The plot's width if no room were needed; the room found shrinks it a little, so allow for
    // that by measuring against a plot narrower by the widest text.
    let widest = records.iter().map(|r| text_width(&bar_text(r), LABEL_PX)).max().unwrap_or(0);
    let plot = (WIDTH as i32 - 24 - widest.min(180)).max(200) as f64;
    let sticking_out = records.iter().map(|r| {
        let end = bar_end(r).map_or(0.0, |d| (d as f64).max(1.0).log10() / top.log10());
        (end * plot) as i32 + 5 + text_width(&bar_text(r), LABEL_PX) - plot as i32
    });
    sticking_out.max().unwrap_or(0).clamp(16, 200) + 8
}

fn keys(records: &[&ParserRecord], max_depth: u64) -> Vec<Key> {
    let key = |colour, text: &str| Key { colour, text: text.into(), line: false };
    let mut keys = vec![
        key(GREEN, Class::CleanError.text()),
        key(VERMILLION, &format!("{} (signal or abnormal exit)", Class::Crash.text())),
        key(ORANGE, Class::Timeout.text()),
        key(PURPLE, &format!("{} (resident cap)", Class::OutOfMemory.text())),
        key(BLUE, &format!("{} up to {}", Class::NoLimit.text(), thousands(max_depth))),
        key(GREY, Class::Unreliable.text()),
    ];
    // Only charts of renderers have flattened nesting: their key only there; and a service's
    // outcomes only in charts of services.
    if records.iter().any(|r| class(r) == Class::Flattened) {
        keys.insert(5, key(SKY, Class::Flattened.text()));
    }
    for outcome in [Class::ServerError, Class::RefusedBySize, Class::Unresponsive, Class::WrongAnswer] {
        if records.iter().any(|r| class(r) == outcome) {
            keys.push(key(super::colour(outcome), outcome.text()));
        }
    }
    keys
}

fn captions(results: &Results, left_out: usize) -> Vec<String> {
    let mut captions =
        vec!["Each bar: the smallest nesting depth the parser fails at, least first.".to_string()];
    let others = other_environments(results);
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
    captions
}

/// results.svg of one format's results.
pub fn results_svg(results: &Results) -> Result<String> {
    let layout = Layout::of(results);
    let height = layout.height();
    let mut svg = String::new();
    {
        let title = match results.classes().as_slice() {
            [crate::payload::FormatClass::Services] => {
                "How deeply nested a request can each service take?".to_string()
            }
            [crate::payload::FormatClass::Products] => {
                "How deeply nested a request can each product take?".to_string()
            }
            _ => format!("How deeply nested {} can each parser take?", subject(results)),
        };
        let root = canvas(&mut svg, height, &title)?;
        draw_legend(&root, &layout.keys, 12, TITLE_HEIGHT + 8)?;
        draw_bars(&root, &layout, layout.plot_top())?;
        draw_captions(&root, &layout.captions, height, CAPTION_PX)?;
        root.present().map_err(plot_error)?;
    }
    Ok(no_wider_than_drawn(svg))
}

/// The plot: bands, the depth axis (on top too for a long chart), and per row its name, bar and
/// text.
fn draw_bars(root: &Root, layout: &Layout, plot_top: i32) -> Result<()> {
    let rows = layout.records.len().max(1) as f64;
    let top = layout.top;
    let below = root.dim_in_pixel().1 as i32 - plot_top - layout.plot_height();
    let mut builder = ChartBuilder::on(root);
    builder
        .margin_top(plot_top)
        .margin_bottom(below)
        .margin_left(12)
        .margin_right(layout.value_width)
        .x_label_area_size(AXIS_HEIGHT);
    if layout.top_axis() {
        builder.top_x_label_area_size(AXIS_HEIGHT);
    }
    let mut chart = builder.build_cartesian_2d((1f64..top).log_scale(), 0f64..rows).map_err(plot_error)?;
    // Row i (0 at the top) is the band [rows - i - 1, rows - i].
    let row_top = |i: usize| rows - i as f64;
    let bands = (0..layout.records.len()).filter(|i| i % 2 == 1);
    chart
        .draw_series(
            bands.map(|i| Rectangle::new([(1.0, row_top(i) - 1.0), (top, row_top(i))], BAND.filled())),
        )
        .map_err(plot_error)?;
    let decades = top.log10().round() as usize + 1;
    depth_mesh(&mut chart, decades, "smallest failing nesting depth (log scale)")?;

    for (i, record) in layout.records.iter().enumerate() {
        let (left, y) = chart.backend_coord(&(1.0, row_top(i)));
        root.draw(&Text::new(
            layout.labels[i].clone(),
            (left, y + NAME_MID),
            font(LABEL_PX, TEXT, HPos::Left),
        ))
        .map_err(plot_error)?;
        let (bar_top, bar_bottom) = (y + BAR.0, y + BAR.1);
        let mid = (bar_top + bar_bottom) / 2;
        let end = match bar_end(record) {
            Some(depth) => {
                let right = chart.backend_coord(&((depth as f64).max(1.0), 0.0)).0.max(left + 2);
                let corners = [(left, bar_top), (right, bar_bottom)];
                let colour = colour(class(record));
                if record.environment == HOST {
                    root.draw(&Rectangle::new(corners, colour.filled())).map_err(plot_error)?;
                } else {
                    root.draw(&Rectangle::new(corners, colour.mix(0.45).filled())).map_err(plot_error)?;
                    root.draw(&Rectangle::new(corners, colour.stroke_width(1))).map_err(plot_error)?;
                }
                right
            }
            None => {
                root.draw(&Rectangle::new([(left + 1, mid - 4), (left + 9, mid + 4)], GREY.filled()))
                    .map_err(plot_error)?;
                left + 9
            }
        };
        root.draw(&Text::new(bar_text(record), (end + 5, mid), font(LABEL_PX, TEXT, HPos::Left)))
            .map_err(plot_error)?;
    }
    Ok(())
}
