//! The one question the search, the confirmation, the classification and the crash site ask of a
//! trial: run this payload once, within this timeout, and say what happened. How the payload gets
//! to the parser is a transport's business: a fresh process per trial, the payload on its stdin
//! (process.rs), is the first; a request to a server whose life server_life.rs keeps
//! (service.rs, over HTTP) is the second, and a client command run against such a server (client.rs)
//! the third. A new transport is a file here implementing [`Transport`] and the
//! line in `ProbeSpec::transport` that chooses it.

pub mod client;
mod process;
pub mod server_life;
pub mod service;

use std::time::Duration;

use anyhow::Result;

use crate::payload::Payload;
use crate::results::crash_site::CrashSite;
use crate::sys::trial::TrialReport;

/// Runs one trial and says what happened, in the one outcome vocabulary.
pub trait Transport: Send + Sync {
    /// Runs `payload` once; what happened by the end of `timeout` (of the trial's own time).
    fn run(&self, payload: Payload, timeout: Duration) -> Result<TrialReport>;

    /// Whether trials may run side by side (fresh processes may; requests to one server may not:
    /// one request's crash would be the other's).
    fn side_by_side(&self) -> bool {
        true
    }

    /// Where a crash at this payload happened, from one more run of it under a debugger; `None`
    /// where the transport cannot run it so.
    fn locate_crash(&self, payload: Payload) -> Option<CrashSite>;
}
