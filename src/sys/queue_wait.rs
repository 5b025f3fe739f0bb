//! How long a trial waited for a CPU: the time a busy machine adds to a trial, which is not the
//! parser's.
//!
//! The kernel counts, for every thread, the time it ran and the time it was runnable but waited
//! in a run queue (`/proc/<pid>/task/<tid>/schedstat`: run ns, wait ns, timeslices). A trial's
//! *own time* is its wall time less the queue wait of its busiest thread (the one that ran most:
//! the parser's, not a wrapper shell waiting for it). On an idle machine the two are the same; on
//! a loaded one the wall time grows and the own time does not, so a timeout or a slowness judged
//! on own time is the parser's, not the load's. A program that sleeps or blocks (a hang) is not
//! runnable, so its waiting counts as its own.
//!
//! Threads are sampled while the trial runs (beside the memory samples): a thread's counters go
//! with it when it exits, so the last sample stands for it. Where schedstat cannot be read (a
//! kernel without it), the queue wait is zero and own time is wall time, as before.

use std::collections::HashMap;
use std::fs;
use std::time::Duration;

/// The last counters seen of each thread of a trial's processes.
#[derive(Clone, Debug, Default)]
pub struct QueueWait {
    /// (run ns, wait ns) by thread id.
    threads: HashMap<i32, (u64, u64)>,
}

impl QueueWait {
    /// Reads the counters of every thread of `processes` now.
    pub fn sample(&mut self, processes: &[i32]) {
        for &pid in processes {
            let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else { continue };
            for task in tasks.flatten() {
                let Some(tid) = task.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else {
                    continue;
                };
                if let Some(counters) = read_schedstat(&format!("/proc/{pid}/task/{tid}/schedstat")) {
                    self.threads.insert(tid, counters);
                }
            }
        }
    }

    /// The queue wait of the busiest thread seen (zero before any sample).
    pub fn queued(&self) -> Duration {
        self.queued_since(&QueueWait::default())
    }

    /// The queue wait since `before` (an earlier copy) of the thread that ran most since then: what
    /// one request waited in a server that lives across requests, its earlier work not counted. A
    /// thread `before` did not see counts from its start.
    pub fn queued_since(&self, before: &QueueWait) -> Duration {
        let since = |tid: &i32, &(run, wait): &(u64, u64)| {
            let (run0, wait0) = before.threads.get(tid).copied().unwrap_or_default();
            (run.saturating_sub(run0), wait.saturating_sub(wait0))
        };
        let busiest =
            self.threads.iter().map(|(tid, counters)| since(tid, counters)).max_by_key(|(run, _)| *run);
        Duration::from_nanos(busiest.map_or(0, |(_, wait)| wait))
    }
}

/// Run and wait nanoseconds from a schedstat file.
fn read_schedstat(path: &str) -> Option<(u64, u64)> {
    parse_schedstat(&fs::read_to_string(path).ok()?)
}

fn parse_schedstat(text: &str) -> Option<(u64, u64)> {
    let mut fields = text.split_ascii_whitespace();
    let run = fields.next()?.parse().ok()?;
    let wait = fields.next()?.parse().ok()?;
    Some((run, wait))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn schedstat_lines() {
        assert_eq!(parse_schedstat("2121619104 997244248 294\n"), Some((2121619104, 997244248)));
        assert_eq!(parse_schedstat("12"), None);
        assert_eq!(parse_schedstat(""), None);
    }

    #[test]
    fn the_busiest_thread_says_how_long_the_trial_waited_for_a_cpu() {
        let mut clock = QueueWait::default();
        assert_eq!(clock.queued(), Duration::ZERO);
        clock.threads.insert(10, (5_000, 9_000_000)); // a wrapper, waiting for its child
        clock.threads.insert(11, (900_000_000, 300_000_000)); // the parser
        assert_eq!(clock.queued(), Duration::from_millis(300));
    }

    #[test]
    fn a_server_s_request_counts_from_its_start() {
        let mut before = QueueWait::default();
        before.threads.insert(10, (50_000_000_000, 40_000_000_000)); // the server's busy past
        before.threads.insert(11, (1_000, 1_000));
        let mut after = before.clone();
        after.threads.insert(10, (50_000_100_000, 40_000_000_000)); // idle during the request
        after.threads.insert(11, (2_000_001_000, 700_001_000)); // the worker that parsed it
        assert_eq!(after.queued_since(&before), Duration::from_millis(700));
        after.threads.insert(12, (3_000_000_000, 90_000_000)); // a thread started meanwhile
        assert_eq!(after.queued_since(&before), Duration::from_millis(90));
    }

    #[test]
    fn a_running_process_is_sampled() {
        if fs::metadata("/proc/self/schedstat").is_err() {
            eprintln!("skipped: this kernel has no schedstat");
            return;
        }
        let mut clock = QueueWait::default();
        let started = Instant::now();
        while started.elapsed() < Duration::from_millis(30) {}
        clock.sample(&[std::process::id() as i32]);
        assert!(!clock.threads.is_empty());
        assert!(clock.threads.values().any(|&(run, _)| run > 0));
    }
}
