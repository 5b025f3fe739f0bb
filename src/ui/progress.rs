//! Progress bars on a terminal: drawn only when stderr is a terminal and not `--quiet`. The rest of
//! the crate uses the types here, never indicatif's.

use std::fmt::Display;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use super::stderr::{bars, plain};
use crate::probe::{Observer, ProbeSpec};
use crate::sys::trial::TrialReport;
use crate::units::thousands;

fn spinner(template: &str) -> Option<ProgressBar> {
    let style = ProgressStyle::with_template(template).expect("a valid progress template");
    let bar = bars()?.add(ProgressBar::new_spinner().with_style(style));
    bar.enable_steady_tick(Duration::from_millis(120));
    Some(bar)
}

fn clear(bar: &Option<ProgressBar>) {
    if let (Some(bar), Some(bars)) = (bar, bars()) {
        bar.finish_and_clear();
        bars.remove(bar);
    }
}

/// Progress of `probe` and `sweep`: the depth being tried, trials so far, and the bracket the
/// boundary is known to lie in. With `verbose`, also one line per trial.
pub struct ProbeProgress {
    bar: Option<ProgressBar>,
    verbose: bool,
    what: String,
    trials: u32,
    highest_passing: Option<u64>,
    lowest_failing: Option<u64>,
}

impl ProbeProgress {
    pub fn new(verbose: bool) -> ProbeProgress {
        ProbeProgress {
            // wide_msg: cut to the terminal's width, so the line never wraps and redraws in place.
            bar: spinner("{spinner} {elapsed:>4} {wide_msg}"),
            verbose,
            what: String::new(),
            trials: 0,
            highest_passing: None,
            lowest_failing: None,
        }
    }

    fn bracket(&self) -> String {
        match (self.highest_passing, self.lowest_failing) {
            (None, None) => String::new(),
            (passing, failing) => format!(
                ", boundary in {}..{}",
                passing.map_or("0".into(), thousands),
                failing.map_or("?".into(), thousands)
            ),
        }
    }
}

impl Observer for ProbeProgress {
    fn started(&mut self, spec: &ProbeSpec) {
        self.what = format!("{} {}, stack {}", spec.format, spec.shape.name(), spec.trial.stack);
        self.trials = 0;
        self.highest_passing = None;
        self.lowest_failing = None;
    }

    fn trying(&mut self, depth: u64) {
        let Some(bar) = &self.bar else { return };
        bar.set_message(format!(
            "{}: depth {} (trial {}){}",
            self.what,
            thousands(depth),
            self.trials + 1,
            self.bracket()
        ));
    }

    fn tried(&mut self, depth: u64, report: &TrialReport) {
        self.trials += 1;
        if self.verbose {
            // How far over the cap a child got before it was stopped (the samples' peak).
            let peak = match &report.outcome {
                crate::results::outcome::Outcome::OverMemory { peak_bytes, .. } => {
                    format!(", {} resident", crate::units::format_bytes(*peak_bytes))
                }
                _ => String::new(),
            };
            plain(format_args!(
                "  depth {depth:>9}: {} ({:.2} s{peak})",
                report.outcome.describe(),
                report.wall.as_secs_f64()
            ));
        }
    }

    fn judged(&mut self, depth: u64, failed: bool) {
        if failed {
            self.lowest_failing = Some(self.lowest_failing.map_or(depth, |d| d.min(depth)));
        } else {
            self.highest_passing = Some(self.highest_passing.map_or(depth, |d| d.max(depth)));
        }
    }
}

impl Drop for ProbeProgress {
    fn drop(&mut self) {
        clear(&self.bar);
    }
}

/// Progress of a catalog `run`: parsers done out of all, and one line per parser in progress
/// with its elapsed time.
pub struct RunProgress {
    overall: Option<ProgressBar>,
}

/// A parser in progress; its line goes away when this is dropped.
pub struct Working(Option<ProgressBar>);

impl RunProgress {
    pub fn new(total: usize) -> RunProgress {
        let overall = bars().map(|bars| {
            let style = ProgressStyle::with_template("[{bar:30}] {pos}/{len} parsers ({elapsed})")
                .expect("a valid progress template")
                .progress_chars("=> ");
            let overall = bars.add(ProgressBar::new(total as u64).with_style(style));
            overall.enable_steady_tick(Duration::from_millis(500));
            overall
        });
        RunProgress { overall }
    }

    pub fn start(&self, id: &str) -> Working {
        let bar = spinner("  {spinner} {prefix} ({elapsed})");
        if let Some(bar) = &bar {
            bar.set_prefix(id.to_string());
        }
        Working(bar)
    }

    /// One parser is done; `line` says how it came out.
    pub fn finished(&self, line: impl Display) {
        if let Some(overall) = &self.overall {
            overall.inc(1);
        }
        plain(line);
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        clear(&self.0);
    }
}

impl Drop for RunProgress {
    fn drop(&mut self) {
        clear(&self.overall);
    }
}
