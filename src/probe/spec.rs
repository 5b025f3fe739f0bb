//! What defines a probe, who hears about its trials, and the errors that end one early.

use crate::payload::{PayloadFormat, Shape};
use crate::probe::search::Hint;
use crate::probe::transport::service::ServiceTransport;
use crate::probe::transport::Transport;
use crate::results::error_status::ErrorStatuses;
use crate::results::phase::Phase;
use crate::results::settings::Settings;
use crate::sys::trial::{TrialConfig, TrialReport};

/// Everything that defines one probe. Built from the command line or from a catalog entry.
#[derive(Clone, Debug)]
pub struct ProbeSpec {
    pub trial: TrialConfig,
    /// The command as results record it (catalog runs: with `{build}`/`{dir}` placeholders).
    pub command: Vec<String>,
    pub format: PayloadFormat,
    pub shape: Shape,
    pub max_depth: u64,
    pub hint: Option<Hint>,
    /// Re-run the boundary this many times in all (1: once).
    pub repeat: u32,
    /// The phase the program is asked to run, passed as its last argument (see `with_phase`).
    pub phase: Option<Phase>,
    /// Trials run at once (an (N+1)-ary search; 1: one by one).
    pub jobs: usize,
    /// The exit statuses that are the library's clean error (1 unless declared).
    pub error_status: ErrorStatuses,
    /// The file the command ran, where it was looked up (a bare name on the caller's PATH), for
    /// results to name.
    pub program: Option<String>,
    /// Whether a search that accepted the maximum in too few trials to tell how its time grows runs
    /// a few shallower ones to tell (see `runner::Runner::sample_growth`); `run --quick` measures the
    /// boundary alone.
    pub sample_growth: bool,
    /// The program keeps the protocol (a catalog row's): an exit status other than 0 and its
    /// declared errors is a crash. `probe` of any command does not know: such a status, with no
    /// signal and no runtime's fatal message, is reported as itself.
    pub keeps_protocol: bool,
    /// A failure at depth 1 is the probe's result, not an error: a sweep's small stack, on which a
    /// runtime may not even start.
    pub depth_one_is_a_result: bool,
    /// Trials are requests to this service instead of fresh processes (`probe --serve`, a
    /// service row); the server it starts is `trial`'s program.
    pub service: Option<std::sync::Arc<ServiceTransport>>,
    /// Trials are runs of a client command against a server started once (`probe --client`, a
    /// product row with `serve.client`); the server is `trial`'s program.
    pub client: Option<std::sync::Arc<crate::probe::transport::client::ClientTransport>>,
}

/// Told about every trial of a probe, for progress display. A closure taking the depth and the
/// trial's report is one (it hears only `tried`).
pub trait Observer {
    /// A probe starts (a sweep runs several with one observer).
    fn started(&mut self, _spec: &ProbeSpec) {}
    /// A child is about to get the payload of this depth.
    fn trying(&mut self, _depth: u64) {}
    /// A child ran: depth, what happened, how long it took.
    fn tried(&mut self, depth: u64, report: &TrialReport);
    /// The trial at this depth counted as a failure or not (after any timeout retry).
    fn judged(&mut self, _depth: u64, _failed: bool) {}
}

impl<F: FnMut(u64, &TrialReport)> Observer for F {
    fn tried(&mut self, depth: u64, report: &TrialReport) {
        self(depth, report)
    }
}

pub type Progress<'a> = &'a mut dyn Observer;

/// The program exited 0 without reading its whole payload at this depth.
#[derive(Debug)]
pub(super) struct InputNotRead(pub(super) u64);

impl std::fmt::Display for InputNotRead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exited 0 without reading its whole input at depth {}", self.0)
    }
}

impl std::error::Error for InputNotRead {}

/// Valid input of depth 1 was not parsed, twice: nothing about nesting can be measured in this shape.
#[derive(Debug)]
pub struct DepthOneRejected {
    /// The payload, as people read it.
    pub payload: String,
    /// What happened at depth 1.
    pub outcome: String,
}

impl std::fmt::Display for DepthOneRejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the program cannot parse even depth 1 ({}): {}", self.payload, self.outcome)
    }
}

impl std::error::Error for DepthOneRejected {}

impl ProbeSpec {
    /// How its trials reach the parser: a fresh process each, started as `trial` says.
    pub fn transport(&self) -> &dyn Transport {
        match (&self.client, &self.service) {
            (Some(client), _) => client.as_ref(),
            (None, Some(service)) => service.as_ref(),
            (None, None) => &self.trial,
        }
    }

    /// The same probe on one server reused from trial to trial: where the search of a cold service
    /// (a fresh server for every trial) that nestprobe starts begins, when nothing hints where its
    /// boundary is (src/probe/estimate.rs). `None` for every other probe.
    pub(super) fn on_reused_server(&self) -> Option<ProbeSpec> {
        if self.hint.is_some() {
            return None;
        }
        let mut reused = self.clone();
        match (&self.client, &self.service) {
            (Some(client), _) => reused.client = Some(std::sync::Arc::new(client.reused()?)),
            (None, Some(service)) => reused.service = Some(std::sync::Arc::new(service.reused()?)),
            (None, None) => return None,
        }
        Some(reused)
    }

    /// The limits its trials run under, as results record them.
    pub(super) fn settings(&self) -> Settings {
        let trial = &self.trial;
        Settings::new(
            trial.stack,
            trial.memory,
            trial.max_rss,
            self.max_depth,
            trial.timeout,
            trial.disables_aslr(),
        )
    }
}
