//! A stack sweep's record: the same probe at several stack sizes, and the verdict on why the
//! parser stops where it does.

use serde::{Deserialize, Serialize};

use crate::results::probe_result::ProbeResult;

/// Why the boundary is where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The parser enforces its own limit: the same depth at every stack size.
    Fixed,
    /// The depth grows in proportion to the stack: the parser recurses until the stack runs out.
    Stack,
    /// Never fails up to the maximum depth.
    Unbounded,
    /// Independent of RLIMIT_STACK but not fixed (e.g. a VM with its own stack or recursion limit).
    Runtime,
    /// Some probe of the sweep had no exact answer.
    Unstable,
    /// Time, not the stack, stops it: a probe of the sweep ran out of time (also with the longer
    /// retry timeout).
    Slow,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Fixed => "fixed",
            Verdict::Stack => "stack",
            Verdict::Unbounded => "unbounded",
            Verdict::Runtime => "runtime",
            Verdict::Unstable => "unstable",
            Verdict::Slow => "slow",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepResult {
    pub command: Vec<String>,
    pub verdict: Verdict,
    /// Stack bytes per nesting level, when the verdict is `stack`.
    pub bytes_per_level: Option<u64>,
    /// One probe per stack size, smallest stack first.
    pub probes: Vec<ProbeResult>,
}
