//! The options every child of a probe or a run is started with, as the user gave them, and the one
//! place a [`TrialConfig`] and a [`ProbeSpec`] are made from them.

use std::ffi::OsString;
use std::time::Duration;

use crate::payload::{PayloadFormat, Shape};
use crate::probe::spec::ProbeSpec;
use crate::results::error_status::ErrorStatuses;
use crate::results::phase::Phase;
use crate::results::settings::Settings;
use crate::sys::child_env::ChildEnv;
use crate::sys::memory::RssCap;
use crate::sys::trial::{aslr_can_be_disabled, TrialConfig};
use crate::units::Limit;

/// The largest `--max-depth`: 20 times the default. Payloads are streamed, so memory does not bound
/// it, but time does: a JSON array that deep is 200 MB per trial; and it stays below every payload
/// format's own limit (BSON's int32 sizes: 268,435,456 levels), so any format can be asked for it.
pub const MAX_DEPTH_BOUND: u64 = 100_000_000;

#[derive(Clone, Debug)]
pub struct TrialOptions {
    /// RLIMIT_STACK of every child.
    pub stack: Limit,
    pub timeout: Duration,
    /// The largest depth tried.
    pub max_depth: u64,
    /// RLIMIT_AS of every child, if capped.
    pub memory: Option<Limit>,
    /// The resident cap of every child's process group.
    pub max_rss: RssCap,
    /// Keep address-space randomisation.
    pub aslr: bool,
    /// Variables every child gets on top of its environment.
    pub env: Vec<(String, String)>,
    /// Children get nestprobe's whole environment instead of the fixed one.
    pub inherit_env: bool,
}

impl TrialOptions {
    /// The children's settings; `env` is the base environment (fixed) to add the options to, and
    /// `max_rss` the resident cap each child gets (the `auto` cap is shared among the children that
    /// run at once: [`RssCap::resolve`]).
    pub fn trial_config(&self, argv: Vec<OsString>, mut env: ChildEnv, max_rss: Option<u64>) -> TrialConfig {
        // Inherited first, so that a variable given with `--env` (PATH too) stays on top.
        if self.inherit_env {
            env = env.inherit();
        }
        for (name, value) in &self.env {
            env.set(name, value);
        }
        TrialConfig {
            stack: self.stack,
            memory: self.memory,
            max_rss,
            timeout: self.timeout,
            disable_aslr: !self.aslr,
            ..TrialConfig::new(argv, env)
        }
    }

    /// What results record of these options, with the resident cap each child got.
    pub fn settings(&self, max_rss: Option<u64>) -> Settings {
        let aslr_disabled = !self.aslr && aslr_can_be_disabled();
        Settings::new(self.stack, self.memory, max_rss, self.max_depth, self.timeout, aslr_disabled)
    }
}

impl ProbeSpec {
    /// One probe of `trial`'s program: `command` is how results record it (catalog runs keep their
    /// `{build}`/`{dir}` placeholders). No hint, run once; callers set those where they have them.
    /// `max_depth` is lowered to the deepest payload of the shape worth trying
    /// ([`PayloadFormat::deepest_tried`]).
    pub fn new(
        trial: TrialConfig,
        command: Vec<String>,
        format: PayloadFormat,
        shape: Shape,
        max_depth: u64,
    ) -> ProbeSpec {
        // A shape whose payload outgrows its depth is searched only as deep as it can be written.
        let max_depth = max_depth.min(format.deepest_tried(shape));
        ProbeSpec {
            trial,
            command,
            format,
            shape,
            max_depth,
            hint: None,
            repeat: 1,
            phase: None,
            jobs: 1,
            sample_growth: true,
            error_status: ErrorStatuses::default(),
            program: None,
            depth_one_is_a_result: false,
            keeps_protocol: true,
            service: None,
            client: None,
        }
    }

    /// The same probe with the program asked for `phase`: its name is appended to the argv (and to
    /// the command the results record), and the result records the phase.
    pub fn with_phase(mut self, phase: Phase) -> ProbeSpec {
        if let Some(service) = &self.service {
            // A service's phase is a route of its own, not an argument of its server.
            match service.for_phase(phase) {
                Ok(routed) => self.service = Some(std::sync::Arc::new(routed)),
                Err(_) => unreachable!("a service row lists only the phases it has routes for"),
            }
            self.phase = Some(phase);
            return self;
        }
        self.trial.argv.push(phase.name().into());
        self.command.push(phase.name().to_string());
        self.phase = Some(phase);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_payload_format_can_be_asked_for_the_deepest_max_depth() {
        for format in PayloadFormat::all() {
            for &shape in format.shapes() {
                assert_eq!(format.check(shape, MAX_DEPTH_BOUND), Ok(()), "{format} {shape}");
            }
        }
    }
}
