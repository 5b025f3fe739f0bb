//! The one count of results.json every output prints (README, results.md, badges, the page): rows
//! (a library in one environment) measured, rows under each outcome, rows that crash, rows that only
//! exhaust time or memory, the crash list's lines, and the libraries behind them. Counts are of
//! rows unless their name says libraries or lines.

use super::class::{class, Class};
use super::crashes::{crash_list, losses, Loss};
use super::view::library_name;
use crate::results::{ParserRecord, Results, Status};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Rows in results.json.
    pub rows: usize,
    pub rows_measured: usize,
    /// Rows with at least one line in the crash list.
    pub rows_crashing: usize,
    /// Rows that never crash but exhaust time or memory somewhere.
    pub rows_exhausting: usize,
    /// Rows under each outcome of [`Class::ALL`], in its order, as [`row_class`] counts them.
    pub rows_by_class: [usize; Class::ALL.len()],
    /// Lines of the crash list, and of the list of what only exhausts time or memory.
    pub crash_lines: usize,
    pub exhaust_lines: usize,
    /// Distinct libraries (a library measured in several environments counts once).
    pub libraries: usize,
    pub libraries_measured: usize,
    pub libraries_crashing: usize,
}

/// The counts of `results` (pass `results.of_format(f)` for one format's).
pub fn counts(results: &Results) -> Counts {
    let measured = results.parsers.iter().filter(|r| r.status == Status::Measured);
    let list = crash_list(results);
    let mut rows_by_class = [0; Class::ALL.len()];
    for record in &results.parsers {
        let class = row_class(results, record);
        rows_by_class[Class::ALL.iter().position(|c| *c == class).unwrap_or(0)] += 1;
    }
    let of = |class: Class| rows_by_class[Class::ALL.iter().position(|c| *c == class).unwrap_or(0)];
    Counts {
        rows: results.parsers.len(),
        rows_measured: measured.clone().count(),
        rows_crashing: of(Class::Crash),
        rows_exhausting: of(Class::Timeout) + of(Class::OutOfMemory),
        rows_by_class,
        crash_lines: list.crashes.len(),
        exhaust_lines: list.exhausts.len(),
        libraries: distinct(results.parsers.iter().map(|r| library_name(results, r))),
        libraries_measured: distinct(measured.map(|r| library_name(results, r))),
        libraries_crashing: distinct(list.crashes.iter().map(|l| l.library.clone())),
    }
}

impl Counts {
    /// The rows counted under `class`.
    pub fn of(&self, class: Class) -> usize {
        Class::ALL.iter().position(|c| *c == class).map_or(0, |at| self.rows_by_class[at])
    }
}

/// The outcome a row is counted under: `crash` where it loses control in any part (nlohmann/json,
/// whose parse has no limit but whose `dump()` crashes), else the time or memory it exhausts in
/// any part, else its main result's class.
pub fn row_class(results: &Results, record: &ParserRecord) -> Class {
    let losses = losses(results, record);
    if losses.iter().any(|l| l.loss == Loss::Crash) {
        return Class::Crash;
    }
    match (class(record), losses.first()) {
        (main @ (Class::Timeout | Class::OutOfMemory), _) | (main, None) => main,
        (_, Some(line)) => line.loss.class(),
    }
}

fn distinct(items: impl Iterator<Item = String>) -> usize {
    let mut items: Vec<String> = items.collect();
    items.sort();
    items.dedup();
    items.len()
}

/// `1 row`, `3 rows`.
pub fn rows(n: usize) -> String {
    format!("{n} {}", if n == 1 { "row" } else { "rows" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::crash_fixture;

    #[test]
    fn rows_that_only_exhaust_are_not_crashes_and_libraries_count_once() {
        let counts = counts(&crash_fixture());
        assert_eq!(
            counts,
            Counts {
                rows: 8,
                rows_measured: 8,
                rows_crashing: 5,
                rows_exhausting: 2,
                // Clean error, crash, exhausts time, exhausts memory; c-free's clean parse counts as its crash.
                rows_by_class: [1, 5, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
                crash_lines: 5,
                exhaust_lines: 2,
                libraries: 7,
                libraries_measured: 7,
                libraries_crashing: 4,
            }
        );
        assert_eq!(rows(1), "1 row");
        assert_eq!(rows(2), "2 rows");
    }
}
