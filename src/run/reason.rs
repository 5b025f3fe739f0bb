//! Why a row, or a part of it, was not measured, as results keep it: a program's own words, without
//! the clock times its log lines start with. A server that cannot start says so in the same words on
//! every run (PostgreSQL: "2026-11-29 22:54:54.388 GMT [2] FATAL: failed to initialize
//! max_stack_depth"), and only the time would rewrite results.json at each confirmation.

use std::sync::LazyLock;

use regex::Regex;

/// A date and a time of day, with its fraction of a second and its zone if written, in brackets or
/// not (PostgreSQL's and gunicorn's log lines).
static CLOCK_TIME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\[?\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?: ?(?:Z|[+-]\d{2}:?\d{2}|[A-Z]{3,5}\b))?\]? ?",
    )
    .expect("a valid pattern")
});

/// `text` without the clock times in it.
pub fn without_clock_times(text: &str) -> String {
    CLOCK_TIME.replace_all(text, "").into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_line_keeps_its_words_and_loses_its_time() {
        assert_eq!(
            without_clock_times(
                "the server exited before it listened (exit status: 1): 2026-11-29 22:54:54.388 GMT [2] FATAL:  failed"
            ),
            "the server exited before it listened (exit status: 1): [2] FATAL:  failed"
        );
        assert_eq!(
            without_clock_times("[2026-11-29 20:42:11 +0000] [2] [CRITICAL] WORKER TIMEOUT"),
            "[2] [CRITICAL] WORKER TIMEOUT"
        );
        assert_eq!(without_clock_times("at 2026-11-29T20:42:11Z: refused"), "at : refused");
        // Depths, versions and dates alone are words, not times.
        for kept in ["clean error at depth 2,047", "version 2026-11-29", "exit status: 1"] {
            assert_eq!(without_clock_times(kept), kept);
        }
    }
}
