//! The charts, one file each: results.svg (one bar per parser, its smallest failing depth on a log
//! scale, coloured by how it fails; `bars.rs`) and results-sweep.svg (one row per parser, its
//! smallest failing depth at each stack size; `sweep.rs`). This file holds what both share: colours,
//! text and legend drawing. `charts.rs` writes them as files (their names are `model/files.rs`'s);
//! the page draws them inline.
//!
//! Drawn with plotters' SVG backend alone: no font library is involved, text is written as `<text>`
//! elements and laid out here from a fixed estimate of character widths, so the same results always
//! give the same bytes.

mod bars;
mod sweep;
#[cfg(test)]
pub(crate) mod tests;

use anyhow::{anyhow, Result};
use plotters::coord::combinators::LogCoord;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

pub use bars::results_svg;
pub use sweep::sweep_svg;

use crate::payload::{FormatClass, PayloadFormat};
use crate::report::model::class::Class;
use crate::report::model::groups::environments_of;
use crate::report::model::view::environment_name;
use crate::results::sweep_result::Verdict;
use crate::results::{Environment, Results, HOST};
use crate::units::{thousands, Limit};

/// The format of a single-format subset (JSON when empty).
fn format_of(results: &Results) -> PayloadFormat {
    results.parsers.first().map(|r| r.format).unwrap_or_default()
}

/// What a results chart is of: its format's title (`Regular expressions`), or for the rows of a
/// class of several formats, the class (`query languages`).
fn subject(results: &Results) -> &'static str {
    match results.classes().as_slice() {
        [class]
            if matches!(class, FormatClass::Services | FormatClass::Products)
                || results.formats().len() > 1 =>
        {
            class.in_text()
        }
        _ => format_of(results).title(),
    }
}

/// Drawn for a phone: GitHub shows an SVG at its own width or, on a phone, scaled to the screen
/// (about 360 pixels), so at this width 13-pixel names still read as 10 pixels there.
const WIDTH: u32 = 480;
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
const YELLOW: RGBColor = RGBColor(0xF0, 0xE4, 0x42);
const SLATE: RGBColor = RGBColor(0x88, 0x88, 0x88);
const WINE: RGBColor = RGBColor(0x88, 0x22, 0x55);
/// Every other row's band.
const BAND: RGBColor = RGBColor(0xF3, 0xF3, 0xF3);
/// Height of the title line, and of the gap below a chart's plot before its captions.
const TITLE_HEIGHT: i32 = 34;
const CAPTION_LINE: i32 = 17;

fn colour(class: Class) -> RGBColor {
    match class {
        Class::CleanError => GREEN,
        Class::Crash => VERMILLION,
        Class::Timeout => ORANGE,
        Class::OutOfMemory => PURPLE,
        Class::NoLimit => BLUE,
        Class::Flattened => SKY,
        Class::ServerError => YELLOW,
        Class::RefusedBySize => SLATE,
        Class::Unresponsive => WINE,
        Class::WrongAnswer => VERMILLION,
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

/// Estimated width of `text` at `px` pixels, from the widths of DejaVu Sans (the widest of the
/// fonts a viewer may pick), by kind of character: an overestimate is a little white space, an
/// underestimate a clipped label.
fn text_width(text: &str, px: f64) -> i32 {
    let ems: f64 = text
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | '(' | ')' | ' ' | 'I' => 0.34,
            'f' | 't' | 'r' | '-' | '/' => 0.42,
            'm' | 'w' | 'M' | 'W' | '@' | '%' => 0.92,
            c if c.is_ascii_uppercase() => 0.72,
            c if c.is_ascii_digit() => 0.64,
            c if c.is_ascii() => 0.6,
            // · × ≈ and letters beyond ASCII.
            _ => 0.7,
        })
        .sum();
    (ems * px).ceil() as i32
}

/// The names of the environments other than the host that `results` were measured in.
fn other_environments(results: &Results) -> Vec<String> {
    environments_of(results)
        .iter()
        .filter(|key| *key != HOST)
        .map(|key| environment_name(results, key).to_string())
        .collect()
}

/// `text`, cut with an ellipsis to fit `width` pixels at `px`.
fn fit(text: &str, px: f64, width: i32) -> String {
    if text_width(text, px) <= width {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && text_width(&cut, px) + text_width("…", px) > width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
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

/// `measured 2026-11-22 · Debian GNU/Linux 12 (Linux 6.1.0, x86_64) · nestprobe 0.1.0`.
fn machine_caption(env: &Environment) -> String {
    format!(
        "measured {} · {} (Linux {}, {}) · nestprobe {}",
        env.date, env.os, env.kernel, env.arch, env.nestprobe_version
    )
}

/// The machine caption of a chart drawn at one stack size: `Stack 8 MiB · measured …`.
fn environment_caption(env: &Environment) -> String {
    let stack = env.settings.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
    format!("Stack {stack} · {}", machine_caption(env))
}

/// One legend entry: a swatch and its text.
struct Key {
    colour: RGBColor,
    text: String,
    /// Filled swatch (a bar) or a line.
    line: bool,
}

/// A chart whose x axis is a log-scale depth and whose y axis counts rows.
type DepthChart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<LogCoord<f64>, RangedCoordf64>>;

type Root<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// A white chart of the common width with its title drawn, writing into `svg`.
fn canvas<'a>(svg: &'a mut String, height: i32, title: &str) -> Result<Root<'a>> {
    let root = SVGBackend::with_string(svg, (WIDTH, height as u32)).into_drawing_area();
    root.fill(&WHITE).map_err(plot_error)?;
    let px = fitting_px(title, 17.0, WIDTH as i32 - 24);
    root.draw(&Text::new(title, (12, 16), font(px, TEXT, HPos::Left))).map_err(plot_error)?;
    Ok(root)
}

/// The text size for `text`: `px`, or smaller if it would not fit `width` pixels at `px` (a line
/// that must stay whole, such as a title, shrinks rather than overflows a narrow chart).
fn fitting_px(text: &str, px: f64, width: i32) -> f64 {
    let needed = text_width(text, px);
    if needed <= width {
        px
    } else {
        // text_width rounds up, so scale a little below the exact ratio.
        (px * width as f64 / needed as f64 * 20.0).floor() / 20.0
    }
}

/// `svg` with a maximum width of the width it is drawn at: a page that sizes its figures to a
/// column (results.html) shows a chart drawn for a phone no wider, so its text keeps its size.
fn no_wider_than_drawn(svg: String) -> String {
    svg.replacen("<svg ", &format!("<svg style=\"max-width:{WIDTH}px\" "), 1)
}

/// Where each legend entry goes, left to right from (x0, y0), wrapping at the chart's width; and
/// the y below the last row.
fn legend_places(keys: &[Key], x0: i32, y0: i32) -> (Vec<(i32, i32)>, i32) {
    let (mut x, mut y) = (x0, y0);
    let mut places = Vec::with_capacity(keys.len());
    for key in keys {
        let width = 14 + 6 + text_width(&key.text, LEGEND_PX) + 18;
        if x > x0 && x + width > WIDTH as i32 - 10 {
            x = x0;
            y += 20;
        }
        places.push((x, y));
        x += width;
    }
    (places, y + 20)
}

const LEGEND_PX: f64 = 12.0;

/// Draws the legend from (x0, y0); returns the y below it.
fn draw_legend(root: &Root, keys: &[Key], x0: i32, y0: i32) -> Result<i32> {
    let (places, end) = legend_places(keys, x0, y0);
    for (key, &(x, y)) in keys.iter().zip(&places) {
        if key.line {
            root.draw(&PathElement::new(vec![(x, y), (x + 14, y)], key.colour.stroke_width(3)))
                .map_err(plot_error)?;
        } else {
            root.draw(&Rectangle::new([(x, y - 6), (x + 14, y + 6)], key.colour.filled()))
                .map_err(plot_error)?;
        }
        root.draw(&Text::new(key.text.clone(), (x + 20, y), font(LEGEND_PX, TEXT, HPos::Left)))
            .map_err(plot_error)?;
    }
    Ok(end)
}

/// The height the captions take below a plot, each wrapped to the chart's width at `px`.
fn captions_height(captions: &[String], px: f64) -> i32 {
    10 + CAPTION_LINE * caption_lines(captions, px).len() as i32
}

/// Draws the captions at the bottom of a chart `height` pixels tall, at `px`, each wrapped at
/// words to the chart's width: a phone shows the chart scaled to its screen, where a caption shrunk
/// to fit one line would be a few pixels tall.
fn draw_captions(root: &Root, captions: &[String], height: i32, px: f64) -> Result<()> {
    let top = height - captions_height(captions, px) + 12;
    let width = WIDTH as i32 - 24;
    for (i, line) in caption_lines(captions, px).iter().enumerate() {
        root.draw(&Text::new(
            line.clone(),
            (12, top + CAPTION_LINE * i as i32),
            font(fitting_px(line, px, width), MUTED, HPos::Left),
        ))
        .map_err(plot_error)?;
    }
    Ok(())
}

/// The captions' lines: each caption wrapped at spaces to the chart's width at `px` (a word longer
/// than a line gets a line of its own, drawn smaller).
fn caption_lines(captions: &[String], px: f64) -> Vec<String> {
    let width = WIDTH as i32 - 24;
    let mut lines = Vec::new();
    for caption in captions {
        let mut line = String::new();
        for word in caption.split(' ') {
            let longer = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if text_width(&longer, px) > width && !line.is_empty() {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            } else {
                line = longer;
            }
        }
        lines.push(line);
    }
    lines
}

/// The mesh of a log-scale depth axis: a tick per decade, labelled `1`, `10`, … `1M`.
fn depth_mesh(chart: &mut DepthChart, decades: usize, description: &str) -> Result<()> {
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(decades)
        .max_light_lines(0)
        .x_label_formatter(&|v| compact(*v))
        .x_desc(description)
        .bold_line_style(BLACK.mix(0.15))
        .axis_style(BLACK.mix(0.5))
        .label_style((FONT, 12.0 * 1.24).into_font().color(&TEXT))
        .axis_desc_style((FONT, 12.0 * 1.24).into_font().color(&MUTED))
        .draw()
        .map_err(plot_error)
}
