//! Where a cold service's search starts. A cold trial meets a fresh server (the fact: what one
//! request does to a server that has seen nothing), so a search from nothing starts a server for
//! every one of its twenty-odd trials: seconds each, minutes for a database. Nothing hinting where
//! the boundary is, the same search is first run on one server reused from request to request
//! (started again only after it died), whose requests cost no start; the cold search then begins
//! at the boundary that showed (`Hint::Estimate`), each of its trials on a fresh server as before.
//! For most servers the two boundaries are the same and the cold search takes two trials; for one
//! its first requests warm (a JIT), it gallops from there. The estimate is never a result: only the
//! cold search's trials make the fact.

use anyhow::{bail, Result};

use crate::probe::runner::Runner;
use crate::probe::search::{find_boundary, Hint, Trials};
use crate::probe::spec::{ProbeSpec, Progress};
use crate::sys::interrupt::{self, Interrupted};

/// The estimate for `spec`'s cold search, and the trials it took (they count among the probe's).
/// `None` where nothing is estimated (a probe of a program, a warm server, a running service, a
/// hint already there) or the reused server's search did not end cleanly: a request ran out of its
/// time (a slow service's every deep trial would wait out the timeout twice), or the search stopped
/// on an error the cold search then meets and reports itself.
pub(super) fn cold_estimate(spec: &ProbeSpec, progress: Progress<'_>) -> Result<(Option<Hint>, u32)> {
    let Some(reused) = spec.on_reused_server() else { return Ok((None, 0)) };
    let mut runner = Runner::new(&reused, progress);
    let found = find_boundary(reused.max_depth, None, &mut UntilATimeout(&mut runner));
    let trials = runner.trials;
    // The reused server stops here, with its transport: the cold search starts its own.
    drop(runner);
    drop(reused);
    if interrupt::requested() {
        bail!(Interrupted);
    }
    let hint = found.ok().map(|boundary| Hint::Estimate(boundary.min_failing.unwrap_or(spec.max_depth)));
    Ok((hint, trials))
}

/// A request of the estimate ran out of its time: no estimate (see [`cold_estimate`]).
#[derive(Debug)]
struct RanOutOfTime;

impl std::fmt::Display for RanOutOfTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a request of the estimate ran out of its time")
    }
}

impl std::error::Error for RanOutOfTime {}

/// The runner's trials, one by one, given up at the first that runs out of its time.
struct UntilATimeout<'r, 's, 'p>(&'r mut Runner<'s, 'p>);

impl Trials for UntilATimeout<'_, '_, '_> {
    fn fails(&mut self, depth: u64) -> Result<bool> {
        let failed = self.0.fails_at(depth)?;
        if self.0.timed_out_at(depth) {
            bail!(RanOutOfTime);
        }
        Ok(failed)
    }

    fn named_depths(&self) -> Vec<u64> {
        self.0.seen.named_numbers()
    }
}
