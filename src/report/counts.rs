//! The one count of results.json every output prints: rows (a library in one environment) measured,
//! rows that crash, rows that only exhaust time or memory, and the libraries behind them. Counts are
//! of rows unless their name says libraries.

use super::crashes::{crash_lines, exhaust_lines, CrashLine};
use super::view::library_name;
use crate::results::{Results, Status};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Rows in results.json.
    pub rows: usize,
    pub rows_measured: usize,
    /// Rows with at least one line in the crash list.
    pub rows_crashing: usize,
    /// Rows that never crash but exhaust time or memory somewhere.
    pub rows_exhausting: usize,
    /// Distinct libraries (a library measured in several environments counts once).
    pub libraries: usize,
    pub libraries_measured: usize,
    pub libraries_crashing: usize,
}

/// The counts of `results` (pass `results.of_format(f)` for one format's).
pub fn counts(results: &Results) -> Counts {
    let measured = results.parsers.iter().filter(|r| r.status == Status::Measured);
    let crashes = crash_lines(results);
    Counts {
        rows: results.parsers.len(),
        rows_measured: measured.clone().count(),
        rows_crashing: distinct(crashes.iter().map(|l| l.row.clone())),
        rows_exhausting: distinct(exhaust_lines(results).iter().map(|l: &CrashLine| l.row.clone())),
        libraries: distinct(results.parsers.iter().map(|r| library_name(results, r))),
        libraries_measured: distinct(measured.map(|r| library_name(results, r))),
        libraries_crashing: distinct(crashes.iter().map(|l| l.library.clone())),
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
                libraries: 7,
                libraries_measured: 7,
                libraries_crashing: 4,
            }
        );
        assert_eq!(rows(1), "1 row");
        assert_eq!(rows(2), "2 rows");
    }
}
