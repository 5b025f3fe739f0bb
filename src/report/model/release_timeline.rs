//! A row's release history in one line, as the page's row detail and results.md's notes show it:
//! the releases of each behaviour as a range, a change where a range begins, and the releases that
//! could not be measured after them.

use crate::registry::{Registry, Version};
use crate::results::releases::ReleaseOutcome;
use crate::results::ParserRecord;

/// `1.0.0–1.2.2 crash at 50 → 1.3.0–2.0.2 clean error at 30 → 2.1.0 no limit (not built: 1.5.3)`,
/// of the releases `nestprobe history` probed; `None` for a row it has not searched. Each range is
/// from the first release of a behaviour to the last one probed that still had it.
pub fn history_line(record: &ParserRecord) -> Option<String> {
    let mut ranges: Vec<(&ReleaseOutcome, &ReleaseOutcome)> = Vec::new();
    let mut not_measured: Vec<(&str, Vec<&str>)> = Vec::new();
    for release in &record.history {
        if !release.measured() {
            match not_measured.iter_mut().find(|(word, _)| *word == release.outcome) {
                Some((_, versions)) => versions.push(&release.version),
                None => not_measured.push((&release.outcome, vec![&release.version])),
            }
            continue;
        }
        match ranges.last_mut() {
            Some((_, last)) if !release.changed => *last = release,
            _ => ranges.push((release, release)),
        }
    }
    if ranges.is_empty() && not_measured.is_empty() {
        return None;
    }
    let mut line = ranges
        .iter()
        .enumerate()
        .map(|(at, (first, last))| {
            let versions = match first.version == last.version {
                true => first.version.clone(),
                false if published_before_older(first, last) => {
                    format!("{}–{} (by date)", first.version, last.version)
                }
                false => format!("{}–{}", first.version, last.version),
            };
            // An old line's release after a newer line's: said, or it reads as going back in time.
            let after = at
                .checked_sub(1)
                .map(|before| ranges[before].1)
                .filter(|before| published_before_older(before, first));
            match after {
                Some(before) => format!("{versions} (published after {}) {}", before.version, first.phrase()),
                None => format!("{versions} {}", first.phrase()),
            }
        })
        .collect::<Vec<_>>()
        .join(" → ");
    if !not_measured.is_empty() {
        let lists: Vec<String> =
            not_measured.iter().map(|(word, versions)| format!("{word}: {}", versions.join(", "))).collect();
        line = format!("{line} ({})", lists.join("; ")).trim_start().to_string();
    }
    Some(line)
}

/// Whether a range runs from a newer version to an older one: releases follow their publication
/// dates, and a patch of an old line published after a new line's release (graphql-core's 3.2.14 the
/// day after 3.3.2) would otherwise read as a backwards range. (Compared as PEP 440 versions,
/// which order the releases a history holds, never pre-releases, as semver does.)
fn published_before_older(first: &ReleaseOutcome, last: &ReleaseOutcome) -> bool {
    let parse = |release: &ReleaseOutcome| Version::parse(Registry::Pypi, &release.version).ok();
    matches!((parse(first), parse(last)), (Some(first), Some(last)) if last < first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::releases::{NOT_BUILT, NOT_RUN};

    fn release(version: &str, outcome: &str, depth: Option<u64>, changed: bool) -> ReleaseOutcome {
        ReleaseOutcome {
            version: version.into(),
            published: Some("2026-01-01".into()),
            outcome: outcome.into(),
            depth,
            shape: None,
            phase: None,
            reason: None,
            changed,
        }
    }

    fn record(history: Vec<ReleaseOutcome>) -> ParserRecord {
        let mut record: ParserRecord = serde_json::from_value(serde_json::json!({
            "id": "p", "language": "Python", "library": "p", "version": null, "note": "",
            "status": "measured", "reason": null, "result": null,
        }))
        .unwrap();
        record.history = history;
        record
    }

    #[test]
    fn each_behaviour_is_a_range_from_the_release_that_changed_it() {
        let history = vec![
            release("1.0.0", "crash", Some(50), false),
            release("1.2.2", "crash", Some(50), false),
            release("1.3.0", "clean error", Some(30), true),
            release("1.5.3", NOT_BUILT, None, false),
            release("2.0.2", "clean error", Some(30), false),
            release("2.1.0", "no limit", None, true),
            release("2.3.0", NOT_BUILT, None, false),
            release("2.4.0", NOT_RUN, None, false),
        ];
        assert_eq!(
            history_line(&record(history)).unwrap(),
            "1.0.0–1.2.2 crash at 50 → 1.3.0–2.0.2 clean error at 30 → 2.1.0 no limit \
             (not built: 1.5.3, 2.3.0; not run: 2.4.0)"
        );
        assert_eq!(history_line(&record(vec![])), None);
        let backported = vec![
            release("3.3.1", "clean error", Some(247), false),
            release("3.3.2", "clean error", Some(201), true),
            release("3.2.14", "clean error", Some(201), false),
        ];
        assert_eq!(
            history_line(&record(backported)).unwrap(),
            "3.3.1 clean error at 247 → 3.3.2–3.2.14 (by date) clean error at 201"
        );
        let maintained = vec![
            release("3.2.1", "flattened", Some(6), false),
            release("3.3.0", "flattened", Some(20), true),
            release("2.1.0", "flattened", Some(6), true),
            release("3.3.1", "flattened", Some(20), true),
        ];
        assert_eq!(
            history_line(&record(maintained)).unwrap(),
            "3.2.1 flattened at 6 → 3.3.0 flattened at 20 → 2.1.0 (published after 3.3.0) flattened at 6 → \
             3.3.1 flattened at 20"
        );
        let only_unbuilt = history_line(&record(vec![release("0.1.0", NOT_BUILT, None, false)]));
        assert_eq!(only_unbuilt.as_deref(), Some("(not built: 0.1.0)"));
    }
}
