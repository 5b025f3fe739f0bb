//! results-sweep.svg: why a parser stops where it does. One row per parser with a stack sweep, its
//! smallest failing depth at each stack size as a marker (a bigger marker for a bigger stack), rows
//! grouped by the sweep's verdict: a fixed limit is one spot, a stack-bound parser a stretch that
//! grows with the stack. A sweep with no depth at any stack size is counted, not drawn; a chart with
//! none to draw says so instead of drawing an axis.

use anyhow::Result;
use plotters::prelude::*;
use plotters::style::text_anchor::HPos;

use super::{
    canvas, captions_height, decade_above, decade_below, depth_mesh, draw_captions, draw_legend, fit,
    fitting_px, font, format_of, legend_places, machine_caption, no_wider_than_drawn, other_environments,
    plot_error, text_width, verdict_colour, Key, Root, BAND, MUTED, TEXT, TITLE_HEIGHT, WIDTH,
};
use crate::payload::PayloadFormat;
use crate::report::model::groups::sorted;
use crate::report::model::view::display_name;
use crate::results::outcome::FailureKind;
use crate::results::probe_result::Finding;
use crate::results::sweep_result::{SweepResult, Verdict};
use crate::results::{Results, HOST};
use crate::units::{format_bytes, thousands};

/// A row is two lines: the parser's name (and what its row says, at the right), its markers below.
const ROW: i32 = 34;
/// From a row's top: the middle of its name line and of its markers.
const NAME_MID: i32 = 9;
const MARKERS_MID: i32 = 24;
const HEADING: i32 = 24;
const LABEL_PX: f64 = 13.0;
/// What a row says, right of its name: a little smaller, so that the name keeps its room.
const ROW_TEXT_PX: f64 = 12.0;
const KEY_PX: f64 = 12.0;
/// Captions below the plot: as large as its row texts, wrapped rather than shrunk.
const CAPTION_PX: f64 = 12.0;
const AXIS_HEIGHT: i32 = 44;
/// Above the first heading, room for the "maximum tried" line's label.
const MAXIMUM_STRIP: i32 = 16;
/// A chart with more rows than a phone's screen shows gets the depth axis on top as well.
const TOP_AXIS_ROWS: usize = 24;
const FILLED_OR_HOLLOW: &str = "filled: lost control (crash, timeout) · hollow: clean error or no limit";
/// The groups top to bottom: the parsers whose limit is the machine's first.
const ORDER: [Verdict; 6] =
    [Verdict::Stack, Verdict::Runtime, Verdict::Slow, Verdict::Unstable, Verdict::Fixed, Verdict::Unbounded];

/// One parser's row.
struct Row {
    label: String,
    verdict: Verdict,
    /// Measured outside the host: drawn lighter.
    elsewhere: bool,
    /// (stack bytes, depth drawn, whether the process lost control there), smallest stack first.
    points: Vec<(u64, f64, bool)>,
    /// What the row says at its right: `~1.2 KiB per level`, `no limit up to 5,000,000`.
    text: String,
}

/// A group of rows with one verdict, under a heading.
struct Group {
    verdict: Verdict,
    rows: Vec<Row>,
}

fn heading(verdict: Verdict, rows: usize) -> String {
    let what = match verdict {
        Verdict::Stack => "stack-bound: recursion, deeper with a bigger stack",
        Verdict::Runtime => "runtime: a VM's own limit, unmoved by the stack until it runs out",
        Verdict::Slow => "slow: too slow to find the limit at some stack size",
        Verdict::Unstable => "unstable: outcomes disagreed at some stack size",
        Verdict::Fixed => "fixed limit: the same depth at every stack size",
        Verdict::Unbounded => "unbounded: no limit at any stack size",
    };
    let parsers = if rows == 1 { "parser" } else { "parsers" };
    format!("{what} ({rows} {parsers})")
}

/// What a row says at its right; a renderer that flattened its nesting says to how many levels.
fn row_text(sweep: &SweepResult, points: &[(u64, f64, bool)], flattened: Option<u64>, max: u64) -> String {
    let text = verdict_text(sweep.verdict, sweep.bytes_per_level, points, max);
    match flattened {
        // Unbounded, as its heading says: what it did instead is news.
        Some(built) => format!("flattened to {}", thousands(built)),
        None => text,
    }
}

fn verdict_text(
    verdict: Verdict,
    bytes_per_level: Option<u64>,
    points: &[(u64, f64, bool)],
    max: u64,
) -> String {
    let depths = points.iter().map(|p| p.1 as u64);
    let (least, most) = (depths.clone().min().unwrap_or(0), depths.max().unwrap_or(0));
    let range = if least == most {
        format!("fails at {}", thousands(least))
    } else {
        format!("{} to {}", thousands(least), thousands(most))
    };
    match verdict {
        Verdict::Stack => bytes_per_level.map(|b| format!("~{} per level", format_bytes(b))).unwrap_or(range),
        Verdict::Unbounded => format!("no limit up to {}", thousands(max)),
        Verdict::Fixed | Verdict::Runtime => range,
        Verdict::Slow | Verdict::Unstable => String::new(),
    }
}

/// What the sweep chart draws: the rows grouped by verdict, and what it leaves out.
struct Sweep {
    groups: Vec<Group>,
    /// Whether an unlimited-stack probe was left out.
    unlimited: bool,
    /// The stack sizes drawn, smallest first.
    stacks: Vec<u64>,
    /// Rows with a sweep but no depth at any stack size (slow or unstable at every one).
    undrawn: usize,
}

/// The points of one sweep: (stack bytes, depth drawn, whether the process lost control there),
/// smallest stack first; and the levels a flattening renderer built, if it flattened.
pub(super) fn points(sweep: &SweepResult) -> (Vec<(u64, f64, bool)>, Option<u64>, bool) {
    let (mut points, mut flattened, mut unlimited) = (Vec::new(), None, false);
    for probe in &sweep.probes {
        let Some(stack) = probe.settings.stack_bytes else {
            unlimited = true;
            continue;
        };
        // Only exact answers are drawn: a slow or unstable probe has no depth. A renderer that
        // flattened its nesting accepted every depth tried, as an unbounded parser does.
        let depth = match probe.finding() {
            Finding::FailsAt(depth, _) => depth,
            Finding::NoLimit => probe.settings.max_depth,
            Finding::Flattened(built) => {
                flattened = Some(built);
                probe.settings.max_depth
            }
            _ => continue,
        };
        let lost = probe.failure.as_ref().is_some_and(|f| f.kind != FailureKind::Error);
        points.push((stack, depth as f64, lost));
    }
    points.sort_by_key(|p| p.0);
    (points, flattened, unlimited)
}

fn sweep_rows(results: &Results) -> Sweep {
    let mut sweep_of = Sweep {
        groups: ORDER.iter().map(|&verdict| Group { verdict, rows: Vec::new() }).collect(),
        unlimited: false,
        stacks: Vec::new(),
        undrawn: 0,
    };
    let max = results.environment.settings.max_depth;
    for record in sorted(results) {
        let Some(sweep) = record.sweep.as_ref().filter(|s| !s.probes.is_empty()) else { continue };
        let (points, flattened, unlimited) = points(sweep);
        sweep_of.unlimited |= unlimited;
        if points.is_empty() {
            sweep_of.undrawn += 1;
            continue;
        }
        sweep_of.stacks.extend(points.iter().map(|p| p.0));
        let row = Row {
            label: display_name(results, record),
            verdict: sweep.verdict,
            elsewhere: record.environment != HOST,
            text: row_text(sweep, &points, flattened, max),
            points,
        };
        let group = sweep_of
            .groups
            .iter_mut()
            .find(|g| g.verdict == sweep.verdict)
            .expect("every verdict has a group");
        group.rows.push(row);
    }
    // Within a group, least nesting (at the biggest stack) first; the table's order breaks ties.
    for group in &mut sweep_of.groups {
        group.rows.sort_by(|a, b| a.points.last().unwrap().1.total_cmp(&b.points.last().unwrap().1));
    }
    sweep_of.groups.retain(|g| !g.rows.is_empty());
    sweep_of.stacks.sort_unstable();
    sweep_of.stacks.dedup();
    sweep_of
}

/// The depth axis's ends, powers of ten with room around the depths drawn, increasing; none when
/// there is nothing to draw.
pub(super) fn depth_range(depths: impl IntoIterator<Item = f64>, max_tried: f64) -> Option<(f64, f64)> {
    let (least, most) = depths.into_iter().fold(None, |range: Option<(f64, f64)>, d| match range {
        None => Some((d, d)),
        Some((least, most)) => Some((least.min(d), most.max(d))),
    })?;
    let low = decade_below(least.min(max_tried) / 1.5);
    let high = decade_above(most * 1.5).max(low * 10.0);
    Some((low, high))
}

/// A group heading in its verdict's colour; the grey of unstable is too light for text.
fn heading_colour(verdict: Verdict) -> RGBColor {
    if verdict == Verdict::Unstable {
        MUTED
    } else {
        verdict_colour(verdict)
    }
}

/// A marker's radius: bigger for a bigger stack.
fn radius(stacks: &[u64], stack: u64) -> i32 {
    3 + 2 * stacks.iter().position(|&s| s == stack).unwrap_or(0).min(3) as i32
}

/// A line key per verdict drawn (slow and unstable rows have their heading only).
fn keys(groups: &[Group]) -> Vec<Key> {
    ORDER
        .iter()
        .filter(|v| !matches!(v, Verdict::Slow | Verdict::Unstable))
        .filter(|v| groups.iter().any(|g| g.verdict == **v))
        .map(|&verdict| {
            let text = match verdict {
                Verdict::Stack => "stack-bound (recursion)",
                Verdict::Runtime => "runtime (a VM's own limit)",
                Verdict::Fixed => "fixed limit",
                _ => "unbounded",
            };
            Key { colour: verdict_colour(verdict), text: text.into(), line: true }
        })
        .collect()
}

fn captions(results: &Results, sweep: &Sweep) -> Vec<String> {
    let mut first = String::from(
        "Each row: the smallest failing depth at each stack size (RLIMIT_STACK); the bigger the marker, the bigger the stack.",
    );
    if sweep.unlimited {
        first.push_str(" Unlimited-stack probes are not drawn.");
    }
    let mut captions = vec![first];
    let elsewhere = sweep.groups.iter().flat_map(|g| &g.rows).any(|r| r.elsewhere);
    let others = if elsewhere { other_environments(results) } else { Vec::new() };
    if !others.is_empty() {
        captions.push(format!(
            "Lighter rows, labelled with their environment: measured in {}.",
            others.join(", ")
        ));
    }
    if sweep.undrawn > 0 && !sweep.groups.is_empty() {
        captions.push(format!("Not drawn: {}.", undrawn_text(sweep.undrawn)));
    }
    captions.push(machine_caption(&results.environment));
    captions
}

/// `3 rows found no depth at any stack size (too slow or unstable at each)`.
fn undrawn_text(undrawn: usize) -> String {
    let rows = if undrawn == 1 { "row" } else { "rows" };
    format!("{undrawn} {rows} found no depth at any stack size (too slow or unstable at each)")
}

/// The sweep chart of one format's results.
pub fn sweep_svg(results: &Results) -> Result<String> {
    let sweep = sweep_rows(results);
    let captions = captions(results, &sweep);
    let keys = keys(&sweep.groups);
    let legend_end = legend_places(&keys, 12, TITLE_HEIGHT + 8).1;
    let (_, (_, note_line)) = marker_key_places(&sweep.stacks);
    let plot_top = legend_end + 14 + 20 * note_line;
    let row_count: usize = sweep.groups.iter().map(|g| g.rows.len()).sum();
    let rows: i32 = MAXIMUM_STRIP
        + sweep.groups.iter().map(|g| HEADING + g.rows.len() as i32 * ROW).sum::<i32>().max(ROW);
    let all = sweep.groups.iter().flat_map(|g| &g.rows).flat_map(|r| &r.points).map(|p| p.1);
    let range = depth_range(all, results.environment.settings.max_depth as f64);
    let top_axis = row_count > TOP_AXIS_ROWS;
    let axes = if top_axis { 2 * AXIS_HEIGHT } else { AXIS_HEIGHT };
    let plot_height = if range.is_some() { rows + axes } else { EMPTY_HEIGHT };
    let height = plot_top + plot_height + captions_height(&captions, CAPTION_PX);

    let mut svg = String::new();
    {
        let title =
            format!("Why: smallest failing depth of {} at each stack size", format_of(results).title());
        let root = canvas(&mut svg, height, &title)?;
        draw_legend(&root, &keys, 12, TITLE_HEIGHT + 8)?;
        draw_marker_key(&root, &sweep.stacks, legend_end)?;
        match range {
            Some(range) => {
                let plot = Plot { top: plot_top, rows, top_axis, range };
                draw_rows(&root, results, &sweep, &plot)?
            }
            // Nothing to plot: no axis to misread, only why.
            None => draw_nothing_to_plot(&root, format_of(results), sweep.undrawn, plot_top)?,
        }
        draw_captions(&root, &captions, height, CAPTION_PX)?;
        root.present().map_err(plot_error)?;
    }
    Ok(no_wider_than_drawn(svg))
}

/// Where the plot goes: its top, the height of its rows, whether it has a depth axis on top too,
/// and the depths its axis spans.
struct Plot {
    top: i32,
    rows: i32,
    top_axis: bool,
    range: (f64, f64),
}

/// The height of a chart's message in place of a plot with nothing in it.
const EMPTY_HEIGHT: i32 = 48;

/// Says, where the plot would be, that no sweep found a depth and why.
fn draw_nothing_to_plot(root: &Root, format: PayloadFormat, undrawn: usize, top: i32) -> Result<()> {
    let lines = [
        format!("No stack sweep of a {} parser found a depth to draw:", format.title()),
        format!("{}.", undrawn_text(undrawn)),
    ];
    for (i, line) in lines.into_iter().enumerate() {
        root.draw(&Text::new(line, (12, top + 8 + 20 * i as i32), font(13.0, TEXT, HPos::Left)))
            .map_err(plot_error)?;
    }
    Ok(())
}

/// Where the marker key goes from x = 12: each stack size's marker, then what filled and hollow
/// mean, on a line of its own when the first is full. Returns the markers' xs and the note's
/// (x, line: 0 or 1).
pub(super) fn marker_key_places(stacks: &[u64]) -> (Vec<i32>, (i32, i32)) {
    let mut x = 12;
    let mut xs = Vec::with_capacity(stacks.len());
    for &stack in stacks {
        xs.push(x);
        x += 2 * radius(stacks, stack) + 5 + text_width(&stack_text(stack), KEY_PX) + 16;
    }
    if x + 8 + text_width(FILLED_OR_HOLLOW, KEY_PX) <= WIDTH as i32 - 12 {
        (xs, (x + 8, 0))
    } else {
        (xs, (12, 1))
    }
}

fn stack_text(stack: u64) -> String {
    format!("{} stack", format_bytes(stack))
}

/// The second legend line: one marker per stack size, and what filled and hollow mean.
fn draw_marker_key(root: &Root, stacks: &[u64], y: i32) -> Result<()> {
    let (xs, (note_x, note_line)) = marker_key_places(stacks);
    for (&stack, x) in stacks.iter().zip(xs) {
        let r = radius(stacks, stack);
        root.draw(&Circle::new((x + r, y), r, TEXT.stroke_width(1))).map_err(plot_error)?;
        root.draw(&Text::new(stack_text(stack), (x + 2 * r + 5, y), font(KEY_PX, TEXT, HPos::Left)))
            .map_err(plot_error)?;
    }
    root.draw(&Text::new(FILLED_OR_HOLLOW, (note_x, y + 20 * note_line), font(KEY_PX, TEXT, HPos::Left)))
        .map_err(plot_error)?;
    Ok(())
}

/// The plot: a heading per group, a row per parser, a depth axis under them (and above them too
/// for a long chart).
fn draw_rows(root: &Root, results: &Results, sweep: &Sweep, plot: &Plot) -> Result<()> {
    let (groups, stacks) = (&sweep.groups, &sweep.stacks[..]);
    let max = results.environment.settings.max_depth as f64;
    let (low, high) = plot.range;
    let axes = if plot.top_axis { 2 * AXIS_HEIGHT } else { AXIS_HEIGHT };
    let mut builder = ChartBuilder::on(root);
    builder
        .margin_top(plot.top)
        .margin_bottom(root.dim_in_pixel().1 as i32 - plot.top - plot.rows - axes)
        .margin_left(12)
        .margin_right(16)
        .x_label_area_size(AXIS_HEIGHT);
    if plot.top_axis {
        builder.top_x_label_area_size(AXIS_HEIGHT);
    }
    let mut chart =
        builder.build_cartesian_2d((low..high).log_scale(), 0f64..plot.rows as f64).map_err(plot_error)?;
    let (plot_x, plot_y) = chart.plotting_area().get_pixel_range();
    let top = plot_y.start + MAXIMUM_STRIP;
    draw_bands(root, groups, (plot_x.start, plot_x.end), top)?;
    let decades = (high / low).log10().round() as usize + 1;
    depth_mesh(&mut chart, decades, "smallest failing nesting depth (log scale)")?;
    if max < high {
        let x = chart.backend_coord(&(max, 0.0)).0;
        draw_maximum(root, max as u64, x, (plot_y.start, plot_y.end))?;
    }

    // y in pixels from the plot's top, walking down group by group.
    let width = plot_x.end - plot_x.start;
    let mut y = top;
    for group in groups {
        let heading = heading(group.verdict, group.rows.len());
        let px = fitting_px(&heading, 12.0, width);
        root.draw(&Text::new(
            heading,
            (plot_x.start, y + HEADING / 2 + 2),
            font(px, heading_colour(group.verdict), HPos::Left),
        ))
        .map_err(plot_error)?;
        y += HEADING;
        for (i, row) in group.rows.iter().enumerate() {
            let x_of = |depth: f64| chart.backend_coord(&(depth, 0.0)).0;
            let background = if i % 2 == 1 { BAND } else { WHITE };
            draw_row(root, row, stacks, (plot_x.start, plot_x.end, y), background, &x_of)?;
            y += ROW;
        }
    }
    Ok(())
}

/// One row from its top `y`: its name, what it says and its markers. The text goes right of the
/// name; if the name would be cut for it, left of the markers where there is room (a name is
/// worth more than its row's text).
fn draw_row(
    root: &Root,
    row: &Row,
    stacks: &[u64],
    (left, right, y): (i32, i32, i32),
    background: RGBColor,
    x_of: &dyn Fn(f64) -> i32,
) -> Result<()> {
    let width = text_width(&row.text, ROW_TEXT_PX);
    let name_fits = text_width(&row.label, LABEL_PX) <= right - left - width - 8;
    let first_marker = row.points.iter().map(|p| x_of(p.1)).min().unwrap_or(right);
    let biggest = row.points.iter().map(|p| radius(stacks, p.0)).max().unwrap_or(0);
    let before_markers = first_marker - biggest - 6;
    let (name_room, text_at) = if !name_fits && before_markers - width >= left {
        (right - left, (before_markers, y + MARKERS_MID))
    } else {
        (right - left - width - 8, (right, y + NAME_MID))
    };
    root.draw(&Text::new(
        fit(&row.label, LABEL_PX, name_room),
        (left, y + NAME_MID),
        font(LABEL_PX, TEXT, HPos::Left),
    ))
    .map_err(plot_error)?;
    // The text on its row's own background, over the grid and the maximum-tried line.
    let behind = [(text_at.0 - width - 2, text_at.1 - 8), (text_at.0, text_at.1 + 8)];
    root.draw(&Rectangle::new(behind, background.filled())).map_err(plot_error)?;
    root.draw(&Text::new(row.text.clone(), text_at, font(ROW_TEXT_PX, TEXT, HPos::Right)))
        .map_err(plot_error)?;
    draw_markers(root, row, stacks, y + MARKERS_MID, x_of)
}

/// Every other row of a group banded (drawn under the grid), the rows starting at `top`.
fn draw_bands(root: &Root, groups: &[Group], (left, right): (i32, i32), top: i32) -> Result<()> {
    let mut y = top;
    for group in groups {
        y += HEADING;
        for i in (1..group.rows.len() as i32).step_by(2) {
            let band = [(left, y + i * ROW), (right, y + (i + 1) * ROW)];
            root.draw(&Rectangle::new(band, BAND.filled())).map_err(plot_error)?;
        }
        y += group.rows.len() as i32 * ROW;
    }
    Ok(())
}

/// The line at the maximum depth tried, at `x` from the plot's top to its bottom, labelled in the
/// strip above the first heading.
fn draw_maximum(root: &Root, max: u64, x: i32, (top, bottom): (i32, i32)) -> Result<()> {
    root.draw(&PathElement::new(vec![(x, top), (x, bottom)], MUTED.mix(0.6).stroke_width(1)))
        .map_err(plot_error)?;
    let text = format!("maximum tried: {}", thousands(max));
    root.draw(&Text::new(text, (x - 4, top + MAXIMUM_STRIP / 2), font(11.0, MUTED, HPos::Right)))
        .map_err(plot_error)
}

/// One row's markers: a line from its smallest to its biggest depth, a marker per stack size
/// (biggest below).
fn draw_markers(root: &Root, row: &Row, stacks: &[u64], mid: i32, x_of: &dyn Fn(f64) -> i32) -> Result<()> {
    let colour = verdict_colour(row.verdict);
    let colour = if row.elsewhere { colour.mix(0.5) } else { colour.mix(1.0) };
    let xs: Vec<i32> = row.points.iter().map(|p| x_of(p.1)).collect();
    let (left, right) = (*xs.iter().min().unwrap(), *xs.iter().max().unwrap());
    root.draw(&PathElement::new(vec![(left, mid), (right, mid)], colour.stroke_width(2)))
        .map_err(plot_error)?;
    for (point, &x) in row.points.iter().zip(&xs).rev() {
        let r = radius(stacks, point.0);
        let fill = if point.2 { colour.filled() } else { WHITE.filled() };
        root.draw(&Circle::new((x, mid), r, fill)).map_err(plot_error)?;
        root.draw(&Circle::new((x, mid), r, colour.stroke_width(1))).map_err(plot_error)?;
    }
    Ok(())
}
