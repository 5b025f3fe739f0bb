//! Where a crash happened: one more run of its depth under a debugger.

use crate::payload::Payload;
use crate::probe::spec::ProbeSpec;
use crate::results::outcome::is_stop_signal;
use crate::results::probe_result::ProbeResult;

/// For a crash by a signal at an exact depth, or deeper than a slow one: where it happened, from
/// one more run of that depth under a debugger (`crashed_in`; says why when it cannot be known).
pub fn locate_crash(spec: &ProbeSpec, result: &mut ProbeResult) {
    let crash_beyond_slow = result.crash_beyond_slow().map(|(depth, _)| depth);
    let Some(depth) = result.exact_failing_depth().or(crash_beyond_slow) else { return };
    let by_signal = result.failure.as_ref().and_then(|f| f.signal).is_some_and(|s| !is_stop_signal(s));
    if by_signal {
        let locate = |depth| spec.transport().locate_crash(Payload::new(spec.format, spec.shape, depth));
        let Some(mut site) = locate(depth) else { return };
        // A crash at the very edge of the stack may not happen under the debugger, whose start-up
        // leaves the child's stack a little different: an eighth deeper, the same recursion crashes.
        let deeper = (depth + depth / 8 + 1).min(spec.max_depth);
        if site.saw_no_crash() && deeper > depth {
            site = locate(deeper).unwrap_or(site);
        }
        result.crashed_in = Some(site);
    }
}
