//! What the commands ask of the machine and the CI they run in.

use crate::sys::trial::aslr_can_be_disabled;
use crate::ui::messages;

/// Says so when address-space randomisation was to be off but cannot be.
pub(super) fn warn_if_aslr_stays_on(wanted_off: bool) {
    if wanted_off && !aslr_can_be_disabled() {
        messages::warn(
            "this system does not allow disabling address-space randomisation; stack-bound limits may \
             vary between runs (use --repeat to see by how much)",
        );
    }
}

/// `GITHUB_WORKFLOW_REF`: which workflow file GitHub Actions is running, if it is (SARIF results
/// point at it by default).
pub(super) fn workflow_ref() -> Option<String> {
    std::env::var("GITHUB_WORKFLOW_REF").ok().filter(|r| !r.is_empty())
}

/// The interpreter the PyPI rows build with (their `build` names it): pip there installs only a
/// release whose Requires-Python admits it, so the newest release for the row is the newest that
/// does (soupsieve 4 needs Python 3.11.5; Debian 12 has 3.11.2).
const ROWS_PYTHON: &str = "/usr/bin/python3";

/// The release of [`ROWS_PYTHON`]; none (and said so) when it is not there to ask.
pub(super) fn rows_python() -> Option<pep440_rs::Version> {
    let asked = std::process::Command::new(ROWS_PYTHON)
        .args(["-c", "import platform; print(platform.python_version())"])
        .output();
    let version = asked
        .ok()
        .filter(|output| output.status.success())
        .and_then(|output| String::from_utf8_lossy(&output.stdout).trim().parse::<pep440_rs::Version>().ok());
    if version.is_none() {
        messages::warn(format_args!(
            "{ROWS_PYTHON} did not say its version: PyPI releases are not checked against their Requires-Python"
        ));
    }
    version
}
