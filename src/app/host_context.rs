//! What `probe` and `run` both ask of the machine and the CI they run in.

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
