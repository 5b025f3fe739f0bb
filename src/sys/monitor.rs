//! What a running child's processes take from the machine, sampled while it runs: their resident
//! memory against the cap (`--max-rss`), and the time their busiest thread waited for a CPU, by
//! which a trial's deadline is its own time, not the load's (src/sys/queue_wait.rs).

use std::time::{Duration, Instant};

use crate::sys::memory::TreeSampler;
use crate::sys::queue_wait::QueueWait;
use crate::sys::supervised::Supervised;

/// How often the processes are sampled. A parser can grow by some hundreds of MiB in this time,
/// which is why the default cap leaves half the memory free.
pub const SAMPLE_INTERVAL: Duration = Duration::from_millis(25);

/// A wall-clock bound on a trial whatever its queue wait, as a multiple of its timeout: on a
/// machine so busy that a trial gets less than a sixteenth of a CPU, it ends all the same (and is
/// run again: `probe::runner`).
pub const MAX_WALL_FACTOR: u32 = 16;

/// Samples every descendant of a child's reaper but the reapers.
#[derive(Clone, Debug)]
pub struct Monitor {
    sampler: TreeSampler,
    /// The resident cap, if any.
    pub cap: Option<u64>,
    /// The largest resident sample so far.
    pub peak: u64,
    /// The last resident sample.
    peak_now: u64,
    queue: QueueWait,
    next_sample: Instant,
}

impl Monitor {
    pub fn new(child: &Supervised, cap: Option<u64>) -> Monitor {
        let (reaper, pids) = (child.reaper_pid(), child.pids);
        let sampler = TreeSampler::new(reaper, vec![reaper, pids.parent]);
        let next_sample = Instant::now() + SAMPLE_INTERVAL;
        Monitor { sampler, cap, peak: 0, peak_now: 0, queue: QueueWait::default(), next_sample }
    }

    /// Samples the processes if a sample is due; whether they are over the resident cap.
    pub fn over_cap(&mut self, now: Instant) -> bool {
        if now < self.next_sample {
            return false;
        }
        self.sample(now);
        self.cap.is_some_and(|cap| self.peak_now > cap)
    }

    /// Samples now, due or not (at a deadline: the queue wait up to this moment).
    pub fn sample(&mut self, now: Instant) {
        self.next_sample = now + SAMPLE_INTERVAL;
        let resident = self.sampler.sample(now);
        self.peak = self.peak.max(resident);
        self.peak_now = resident;
        self.queue.sample(self.sampler.members());
    }

    /// When the next sample is due.
    pub fn next_sample(&self) -> Instant {
        self.next_sample
    }

    /// How long the busiest thread waited for a CPU, as of the last sample.
    pub fn queued(&self) -> Duration {
        self.queue.queued()
    }

    /// The sampled processes, as of the last pass over /proc (to kill, where their reaper could not).
    pub fn members(&self) -> &[i32] {
        self.sampler.members()
    }

    /// The deadline of a trial started at `started` with `timeout` of its own time: later by what
    /// it has waited for a CPU so far, but never more than MAX_WALL_FACTOR times the timeout.
    pub fn deadline(&self, started: Instant, timeout: Duration) -> Instant {
        started + (timeout + self.queued()).min(wall_bound(timeout))
    }

    /// Whether a trial with `timeout` that reached its deadline was stopped by the wall-clock bound
    /// with its own time short of the timeout: starved of a CPU, not slow.
    pub fn starved(&self, timeout: Duration) -> bool {
        timeout + self.queued() > wall_bound(timeout)
    }
}

/// The clock of one request to a server that lives across requests: its deadline is the timeout
/// of the server's own time since the request started, what its threads waited for a CPU before
/// not counted (src/sys/queue_wait.rs).
pub struct RequestClock<'a> {
    monitor: &'a mut Monitor,
    before: QueueWait,
    started: Instant,
    timeout: Duration,
}

impl<'a> RequestClock<'a> {
    /// A request with `timeout` starting now.
    pub fn start(monitor: &'a mut Monitor, timeout: Duration) -> RequestClock<'a> {
        let started = Instant::now();
        monitor.sample(started);
        let before = monitor.queue.clone();
        RequestClock { monitor, before, started, timeout }
    }

    /// The deadline as of `now`, sampling the server's processes if a sample is due.
    pub fn deadline(&mut self, now: Instant) -> Instant {
        if now >= self.monitor.next_sample {
            self.monitor.sample(now);
        }
        self.started + (self.timeout + self.queued()).min(wall_bound(self.timeout))
    }

    /// How long the thread that worked most on the request waited for a CPU during it.
    pub fn queued(&self) -> Duration {
        self.monitor.queue.queued_since(&self.before)
    }

    /// Whether a request that got no answer was stopped by the wall-clock bound, short of its time.
    pub fn starved(&self) -> bool {
        self.timeout + self.queued() > wall_bound(self.timeout)
    }
}

fn wall_bound(timeout: Duration) -> Duration {
    timeout.saturating_mul(MAX_WALL_FACTOR)
}
