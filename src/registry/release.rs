//! What every registry's API answers, whatever its format: releases, or a document it should not
//! have sent.

use anyhow::anyhow;

/// One published release, as its registry lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Release {
    pub version: String,
    /// Yanked (crates.io, PyPI) or deprecated (npm): not a release to move to.
    pub withdrawn: bool,
    /// When it was published, as the registry says (shown, never compared: npm's dates for old
    /// releases are unreliable).
    pub date: Option<String>,
}

/// A registry document that is not what its API promises, said in one line.
pub(super) fn unexpected(what: &str) -> anyhow::Error {
    anyhow!("unexpected answer: {what}")
}
