//! The original study's search (its `test_parser.py` and `utils/binary_search.sh` alike) tries
//! depth 1, then the maximum, then bisects blindly, one process per trial, pass = exit status 0.
//! Each trial goes through nestprobe's own `TrialConfig::run` (same limits, timeout, payload), so
//! what a benchmark compares is the search and what surrounds it, not the supervision.

use anyhow::{bail, Result};
use nestprobe::payload::{Payload, PayloadFormat, Shape};
use nestprobe::results::outcome::Outcome;
use nestprobe::sys::trial::TrialConfig;

/// The smallest failing depth (None: the maximum passes) and the number of processes started.
pub fn blind_bisection(trial: &TrialConfig, max_depth: u64) -> Result<(Option<u64>, u32)> {
    let mut trials = 0;
    let mut passes = |depth: u64| -> Result<bool> {
        trials += 1;
        Ok(trial.run(Payload::new(PayloadFormat::JSON, Shape::Array, depth))?.outcome == Outcome::Accepted)
    };
    let (mut min, mut max) = (1, max_depth);
    if !passes(min)? {
        bail!("the reference cannot bisect: depth {min} fails");
    }
    if passes(max)? {
        return Ok((None, trials));
    }
    while min + 1 < max {
        let middle = (min + max) / 2;
        if passes(middle)? {
            min = middle;
        } else {
            max = middle;
        }
    }
    Ok((Some(max), trials))
}
