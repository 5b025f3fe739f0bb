//! The stack sizes software runs on, named by what runs on them: a catalog run's sweep measures
//! every row at each (and at 64 MiB, which says whether more stack moves a limit), and the reports
//! let a reader choose theirs.

use crate::units::Limit;

const KIB: u64 = 1024;
const MIB: u64 = 1024 * KIB;

/// A stack size and what uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeployedStack {
    pub bytes: u64,
    /// What runs on a stack this size, for a reader choosing theirs.
    pub uses: &'static str,
}

/// The stacks deployments use, smallest first; the last, 8 MiB, is a catalog run's own.
pub const DEPLOYED: [DeployedStack; 5] = [
    DeployedStack { bytes: 128 * KIB, uses: "musl (Alpine) threads" },
    DeployedStack { bytes: 512 * KIB, uses: "macOS secondary threads" },
    DeployedStack { bytes: MIB, uses: "Windows main thread, JVM threads" },
    DeployedStack { bytes: 2 * MIB, uses: "Rust and tokio threads" },
    DeployedStack { bytes: 8 * MIB, uses: "Linux main thread" },
];

/// The run's own stack: the main results' (Linux's main thread).
pub const RUN_STACK: u64 = 8 * MIB;

/// The sweep's stacks besides the run's own: the other deployed ones, and 64 MiB.
pub const SWEEP_EXTRA: [Limit; 5] = [
    Limit::Bytes(128 * KIB),
    Limit::Bytes(512 * KIB),
    Limit::Bytes(MIB),
    Limit::Bytes(2 * MIB),
    Limit::Bytes(64 * MIB),
];

/// What uses a stack of `bytes`, if deployments do.
pub fn uses(bytes: u64) -> Option<&'static str> {
    DEPLOYED.iter().find(|stack| stack.bytes == bytes).map(|stack| stack.uses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sweep_measures_every_deployed_stack_and_the_run_measures_its_own() {
        for stack in DEPLOYED {
            let swept = SWEEP_EXTRA.iter().any(|limit| limit.bytes() == Some(stack.bytes));
            assert!(swept || stack.bytes == RUN_STACK, "{stack:?}");
        }
        assert_eq!(uses(128 * KIB), Some("musl (Alpine) threads"));
        assert_eq!(uses(64 * MIB), None);
        assert!(DEPLOYED.windows(2).all(|w| w[0].bytes < w[1].bytes));
    }
}
