//! Sample results shared by the report's unit tests.

use crate::report::chart;
use crate::results::{EnvironmentInfo, Results};

/// The chart sample with environments described, and two of its parsers measured in Debian 13
/// too: python-json fails elsewhere there (a newer version), c-stack the same way.
pub fn two_environments() -> Results {
    let mut results = chart::tests::sample();
    results.environments = [
        ("host", "Debian 12 (bookworm)", "Debian GNU/Linux 12 (bookworm)", None),
        ("debian13", "Debian 13 (trixie)", "Debian GNU/Linux 13 (trixie)", Some("/opt/nestprobe/debian13")),
    ]
    .into_iter()
    .map(|(key, name, os, root)| {
        (key.to_string(), EnvironmentInfo { name: name.into(), os: os.into(), root: root.map(Into::into) })
    })
    .collect();
    let mut newer = results.find("python-json").unwrap().clone();
    newer.environment = "debian13".into();
    newer.version = Some("2.0".into());
    let probe = newer.result.as_mut().unwrap();
    probe.min_failing_depth = Some(1_000);
    probe.max_accepted_depth = Some(999);
    let mut same = results.find("c-stack").unwrap().clone();
    same.environment = "debian13".into();
    results.parsers.extend([newer, same]);
    results
}

#[test]
fn thousands_separators() {
    assert_eq!(crate::units::thousands(0), "0");
    assert_eq!(crate::units::thousands(999), "999");
    assert_eq!(crate::units::thousands(87_289), "87,289");
    assert_eq!(crate::units::thousands(5_000_000), "5,000,000");
}
