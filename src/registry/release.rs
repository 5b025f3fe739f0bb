//! What every registry's API answers, whatever its format: releases, or a document it should not
//! have sent.

use anyhow::anyhow;

/// One published release, as its registry lists it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Release {
    pub version: String,
    /// Yanked (crates.io, PyPI) or deprecated (npm): not a release to move to.
    pub withdrawn: bool,
    /// When it was published, as the registry says (shown, never compared: npm's dates for old
    /// releases are unreliable).
    pub date: Option<String>,
    /// The Python releases it installs on (PyPI's `requires_python`, `>=3.11.5`); none elsewhere.
    pub requires_python: Option<String>,
}

impl Release {
    /// Whether pip on Python `python` (`3.11.2`) would install it: its Requires-Python admits that
    /// release. A requirement pip could not read either is no obstacle, as for pip.
    pub fn installs_on_python(&self, python: &pep440_rs::Version) -> bool {
        use std::str::FromStr;
        self.requires_python.as_deref().is_none_or(|requires| {
            pep440_rs::VersionSpecifiers::from_str(requires)
                .map_or(true, |specifiers| specifiers.contains(python))
        })
    }
}

/// A registry document that is not what its API promises, said in one line.
pub(super) fn unexpected(what: &str) -> anyhow::Error {
    anyhow!("unexpected answer: {what}")
}
