//! Probing one parser program: a search over depths where every step is one trial, then checks
//! that the answer can be trusted.
//!
//! - A boundary set by a timeout counts only when a run with a longer limit times out there too: on a
//!   loaded machine a slow parser must not get a fake limit. One that then finishes is *slow*, not
//!   limited: where exactly it crosses the timeout is the machine's speed, so a cold search stops
//!   narrowing a timed-out bracket at a factor of two and tries its deep end with the longer limit.
//! - The boundary is verified: the deepest accepted depth and the smallest failing one are each run
//!   again (a confirmed hint counts as the earlier sighting). Depth 1 is run again before giving up.
//! - Outcomes that disagree at one depth, or a failure below an accepted depth, make the result
//!   *unstable*: no exact number, but the window and the outcomes seen.
//! - A program that exits 0 without reading its whole payload is not parsing it: the probe stops and
//!   says so.

mod assemble;
mod classify;
mod confirm;
pub use confirm::SLOW_CONFIRMATION_SHARE;
mod crash_site;
mod estimate;
mod observations;
pub mod options;
mod runner;
pub mod search;
mod spec;
pub mod sweep;
pub mod transport;

use std::time::Instant;

use anyhow::Result;

use crate::probe::assemble::{unstable_across_repeats, Concluded};
use crate::probe::confirm::{confirm_hint, first_boundary, repeats_agree, verify, Confirmed, Searched};
use crate::probe::runner::Runner;
use crate::probe::spec::InputNotRead;
use crate::results::probe_result::ProbeResult;

pub use crash_site::locate_crash;
pub use runner::TIMEOUT_RETRY_FACTOR;
pub use spec::{DepthOneRejected, Observer, ProbeSpec, Progress};

/// Runs the probe. Fails when the program cannot be started, cannot handle even depth 1, or the
/// user pressed Ctrl-C.
pub fn probe(spec: &ProbeSpec, progress: Progress<'_>) -> Result<ProbeResult> {
    spec.format.check(spec.shape, spec.max_depth).map_err(anyhow::Error::msg)?;
    let started = Instant::now();
    progress.started(spec);
    let (estimate, estimate_trials) = estimate::cold_estimate(spec, &mut *progress)?;
    let estimated;
    let spec = match estimate {
        Some(hint) => {
            estimated = ProbeSpec { hint: Some(hint), ..spec.clone() };
            &estimated
        }
        None => spec,
    };
    let mut result = searched(spec, progress, started)?;
    result.trials += estimate_trials;
    Ok(result)
}

/// The probe of `spec`, from its hint (or from nothing), started at `started`.
fn searched(spec: &ProbeSpec, progress: Progress<'_>, started: Instant) -> Result<ProbeResult> {
    let mut runner = Runner::new(spec, progress);
    let searched = match confirm_hint(&mut runner, spec.hint)? {
        Confirmed::Concluded(concluded) => return Ok(runner.result(started, concluded)),
        Confirmed::FoundDeeper(boundary) => Ok(Searched::Boundary(boundary)),
        Confirmed::Search(hint) => first_boundary(&mut runner, hint),
    };
    let first = match searched {
        Err(error) => match error.downcast_ref::<InputNotRead>() {
            Some(&InputNotRead(at)) => return Ok(runner.result(started, Concluded::InputNotRead(at))),
            None => return Err(error),
        },
        Ok(Searched::Slow(slow)) => return Ok(runner.result(started, Concluded::Slow(slow))),
        Ok(Searched::Boundary(first)) => first,
    };
    verify(&mut runner, &first)?;
    let agree = repeats_agree(&mut runner, &first)?;
    let result = runner.result(started, Concluded::Boundary(first));
    Ok(if agree { result } else { unstable_across_repeats(result) })
}
