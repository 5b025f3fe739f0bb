//! The process transport: a fresh child per trial under the trial's limits, the payload on its
//! stdin, its exit status and stderr the outcome (src/sys/trial.rs does the supervising).

use std::time::Duration;

use anyhow::Result;

use crate::payload::Payload;
use crate::probe::transport::Transport;
use crate::results::crash_site::CrashSite;
use crate::sys::trial::{TrialConfig, TrialReport};

impl Transport for TrialConfig {
    fn run(&self, payload: Payload, timeout: Duration) -> Result<TrialReport> {
        self.run_with_timeout(payload, timeout)
    }

    fn locate_crash(&self, payload: Payload) -> Option<CrashSite> {
        Some(crate::sys::debugger::locate(self, payload))
    }
}
