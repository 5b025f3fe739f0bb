//! What one probe found: the record `probe --format json` prints and results.json keeps per shape.

use serde::{Deserialize, Serialize};

use crate::payload::{PayloadFormat, Shape};
use crate::results::crash_site::CrashSite;
use crate::results::error_status::ErrorStatuses;
use crate::results::growth::Growth;
use crate::results::outcome::{Failure, FailureKind};
use crate::results::phase::Phase;
use crate::results::settings::{EnvRecord, Settings};
use crate::results::word::Word;
use crate::units::thousands;

/// Whether a probe's numbers can be trusted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProbeStatus {
    /// The boundary was found and seen twice on each side (or nothing failed up to the maximum).
    #[default]
    Exact,
    /// Outcomes disagreed: see `boundary_window` and `sightings`.
    Unstable,
    /// The program exited 0 without reading its whole payload (at `input_not_read_at`).
    InputNotRead,
    /// Timeouts, not a limit: deeper than `max_accepted_depth` (finished in `accepted_seconds`, with
    /// up to TIMEOUT_RETRY_FACTOR times the timeout) the program did not finish in time. A time, not
    /// a nesting limit, so no boundary is given.
    Slow,
}

/// Outcomes seen at one depth, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sighting {
    pub depth: u64,
    pub outcomes: Vec<String>,
}

/// The result of a probe; `probe --format json` prints exactly this.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProbeResult {
    pub command: Vec<String>,
    /// The file that ran, when the command named it by a bare name looked up on a PATH (`probe`:
    /// the caller's, or the fixed one inside `--root`); catalog rows run on the fixed PATH and
    /// leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    /// Absent from results older than payload formats: those were JSON.
    #[serde(default)]
    pub payload_format: PayloadFormat,
    pub shape: Shape,
    /// The phase the program was asked to run (its last argument), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<Phase>,
    /// The exit statuses declared as the library's clean error, when not just 1.
    #[serde(default, skip_serializing_if = "ErrorStatuses::is_default")]
    pub error_status: ErrorStatuses,
    #[serde(default)]
    pub status: ProbeStatus,
    /// The limits it was measured with.
    #[serde(flatten)]
    pub settings: Settings,
    /// The environment the children got.
    #[serde(default)]
    pub env: EnvRecord,
    /// Largest depth accepted; null if depth 1 fails or the result is not exact.
    pub max_accepted_depth: Option<u64>,
    /// Smallest failing depth; null when `max_depth` passed or the result is not exact.
    pub min_failing_depth: Option<u64>,
    /// How the program failed at `min_failing_depth` (unstable: at the lowest failing depth seen).
    pub failure: Option<Failure>,
    /// Payload size at `min_failing_depth`.
    pub payload_bytes: Option<u64>,
    /// Peak resident memory of the child at `max_accepted_depth`.
    pub peak_rss_bytes: Option<u64>,
    /// False when `peak_rss_bytes` is only an upper bound: the child never grew past the resident
    /// set it inherited from nestprobe when it was forked.
    #[serde(default)]
    pub peak_rss_exact: bool,
    /// Wall time of the child at `max_accepted_depth`.
    pub accepted_seconds: Option<f64>,
    /// An accepted trial needed longer than the timeout (and finished within the retry's limit).
    #[serde(default)]
    pub slow: bool,
    /// Child processes started.
    pub trials: u32,
    pub elapsed_seconds: f64,
    /// cold, confirmed (the hint held) or re-searched (it did not).
    pub search: SearchMode,
    /// [lowest failing depth seen, highest passing depth seen] over all trials.
    pub boundary_window: [Option<u64>; 2],
    /// Outcomes disagreed between runs at the same depth, or repeats disagreed.
    pub unstable: bool,
    /// Unstable results: the depths whose outcomes disagree or contradict each other.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sightings: Vec<Sighting>,
    /// Where a crash by a signal happened: the failing depth run again under a debugger.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crashed_in: Option<CrashSite>,
    /// A slow result: the smallest depth, deeper than the one it finished, where it crashed before
    /// its time ran out (how: `failure`), when the depth below it did not finish even with the
    /// longer timeout (else the result is that crash, exact). A crash, however slow the parser.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crash_depth: Option<u64>,
    /// The depth at which the program exited 0 without reading its whole payload.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_not_read_at: Option<u64>,
    /// The depth the program said it built (`built depth: N`) at the deepest depth it accepted, when
    /// that is less than the payload's: it accepted but flattened the nesting (a renderer's cap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flattened_to: Option<u64>,
    /// How the time of accepted trials grew with depth (not a fact: times are the machine's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub growth: Option<Growth>,
    /// A service's probe: where its requests went and the state each trial met.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service: Option<crate::results::service::ServiceRecord>,
}

/// What a probe found, for reports: exactly one of these.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Finding<'a> {
    FailsAt(u64, &'a Failure),
    NoLimit,
    Unstable {
        lowest_failing: Option<u64>,
        highest_passing: Option<u64>,
    },
    InputNotRead(u64),
    /// Accepted every depth up to the maximum, but built only this many levels of the deepest.
    Flattened(u64),
    /// Finished this depth, slowly (seconds), and not the deeper ones it was given time for.
    Slow(u64, f64),
}

impl ProbeResult {
    pub fn finding(&self) -> Finding<'_> {
        match (self.status, self.min_failing_depth, &self.failure) {
            (ProbeStatus::InputNotRead, ..) => Finding::InputNotRead(self.input_not_read_at.unwrap_or(0)),
            (ProbeStatus::Slow, ..) => {
                Finding::Slow(self.max_accepted_depth.unwrap_or(0), self.accepted_seconds.unwrap_or(0.0))
            }
            (ProbeStatus::Unstable, ..) => {
                let [lowest_failing, highest_passing] = self.boundary_window;
                Finding::Unstable { lowest_failing, highest_passing }
            }
            (ProbeStatus::Exact, Some(depth), Some(failure)) => Finding::FailsAt(depth, failure),
            (ProbeStatus::Exact, ..) => match self.flattened_to {
                Some(built) => Finding::Flattened(built),
                None => Finding::NoLimit,
            },
        }
    }

    /// What one probe found, in one short phrase in the outcome words, for a reader (terminal,
    /// reports, exports).
    pub fn phrase(&self) -> String {
        let max = thousands(self.settings.max_depth);
        match self.finding() {
            Finding::FailsAt(depth, failure) => {
                format!("{} at depth {}", failure.summary(), thousands(depth))
            }
            Finding::NoLimit if self.slow => {
                format!("{} up to {max} (a depth took longer than the timeout)", Word::NoLimit.text())
            }
            Finding::NoLimit => format!("{} up to {max}", Word::NoLimit.text()),
            Finding::Flattened(built) => {
                format!("{} to {} levels (accepted up to {max})", Word::Flattened.text(), thousands(built))
            }
            Finding::Unstable { lowest_failing, highest_passing } => format!(
                "{}: failures from depth {}, passes up to {}",
                Word::Unstable.text(),
                lowest_failing.map_or("-".into(), thousands),
                highest_passing.map_or("-".into(), thousands)
            ),
            Finding::InputNotRead(depth) => format!(
                "{}: exits 0 without reading its input (depth {})",
                Word::InputNotRead.text(),
                thousands(depth)
            ),
            Finding::Slow(depth, seconds) => {
                let exhausts =
                    format!("{}: {seconds:.1} s at depth {}", Word::ExhaustsTime.text(), thousands(depth));
                match self.crash_beyond_slow() {
                    Some((crash, failure)) => {
                        format!("{exhausts}, {} at depth {}", failure.summary(), thousands(crash))
                    }
                    None => format!("{exhausts}, too slow to reach {max} in time"),
                }
            }
        }
    }

    /// What one probe found as results.json's change entries store it and the same-fact rules
    /// compare it (`slow: 12.0 s at depth 4,000, …`, `timeout at depth 50`). Never reworded: files
    /// written before hold these strings, and a reader sees [`ProbeResult::phrase`].
    pub fn change_text(&self) -> String {
        match self.finding() {
            Finding::FailsAt(depth, failure) => format!("{} at depth {}", failure.key(), thousands(depth)),
            Finding::NoLimit if self.slow => {
                format!("no limit up to {} (slow)", thousands(self.settings.max_depth))
            }
            Finding::NoLimit => format!("no limit up to {}", thousands(self.settings.max_depth)),
            Finding::Flattened(built) => format!(
                "accepted up to {}, flattened to {} levels",
                thousands(self.settings.max_depth),
                thousands(built)
            ),
            Finding::Unstable { lowest_failing, highest_passing } => format!(
                "unstable: failures from depth {}, passes up to {}",
                lowest_failing.map_or("-".into(), thousands),
                highest_passing.map_or("-".into(), thousands)
            ),
            Finding::InputNotRead(depth) => {
                format!("exits 0 without reading its input (depth {})", thousands(depth))
            }
            // True of a search (deeper trials ran out of time) and of a confirmation (the time this
            // depth took says the maximum cannot finish): the maximum is out of reach in time.
            Finding::Slow(depth, seconds) => match self.crash_beyond_slow() {
                Some((crash, failure)) => format!(
                    "slow: {seconds:.1} s at depth {}, {} at depth {}",
                    thousands(depth),
                    failure.key(),
                    thousands(crash)
                ),
                None => format!(
                    "slow: {seconds:.1} s at depth {}, too slow to reach {} in time",
                    thousands(depth),
                    thousands(self.settings.max_depth)
                ),
            },
        }
    }

    /// A slow result's crash deeper than it finished: its depth and how (see `crash_depth`).
    pub fn crash_beyond_slow(&self) -> Option<(u64, &Failure)> {
        let crash = self.crash_depth.filter(|_| self.status == ProbeStatus::Slow)?;
        Some((crash, self.failure.as_ref()?))
    }

    /// The depth its outcome is at: where it failed, how deep a flattening parser built, a crash
    /// beyond a slow depth, the lowest failing of unstable ones; none for no limit (the depth a
    /// release's outcome is told at: `nestprobe history`, the advisories).
    pub fn outcome_depth(&self) -> Option<u64> {
        match self.finding() {
            Finding::FailsAt(depth, _) | Finding::Flattened(depth) => Some(depth),
            Finding::Slow(..) => self.crash_beyond_slow().map(|(depth, _)| depth),
            Finding::Unstable { lowest_failing, .. } => lowest_failing,
            Finding::NoLimit | Finding::InputNotRead(_) => None,
        }
    }

    /// The depth a crash was seen at, exact or beyond a slow depth: what the crash list, the badges
    /// and the same-fact rules count as a crash.
    pub fn crash_seen_at(&self) -> Option<(u64, &Failure)> {
        match self.finding() {
            Finding::FailsAt(depth, failure) if failure.kind == FailureKind::Crash => Some((depth, failure)),
            Finding::Slow(..) => self.crash_beyond_slow(),
            _ => None,
        }
    }

    /// The smallest failing depth, only when it is exact.
    pub fn exact_failing_depth(&self) -> Option<u64> {
        match self.finding() {
            Finding::FailsAt(depth, _) => Some(depth),
            _ => None,
        }
    }
}

/// How the boundary was found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SearchMode {
    /// No hint: a full search.
    #[default]
    Cold,
    /// The hint was right: confirmed in one or two trials.
    Confirmed,
    /// The hint was wrong: searched again.
    ReSearched,
}
