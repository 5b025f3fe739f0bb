//! Which two releases of a registry package measure an advisory: the last one its ranges affect
//! and the first one past its fix, among the releases the registry lists (no pre-release, nothing
//! withdrawn).

use super::model::Advisory;
use super::ordering::compare;
use crate::registry::{Registry, Release};

/// The OSV ecosystem a registry's packages are in.
pub fn ecosystem_of(registry: Registry) -> &'static str {
    match registry {
        Registry::Npm => "npm",
        Registry::Pypi => "PyPI",
        Registry::Crates => "crates.io",
    }
}

/// The last affected and the first fixed release of `releases` (a package of `registry`), by the
/// advisory's ranges for that ecosystem (its entry for the package `name` where it has one: an
/// advisory filed against a crate released with the row's, at the same versions, otherwise).
pub fn sides(
    advisory: &Advisory,
    registry: Registry,
    name: &str,
    releases: &[Release],
) -> (Option<Release>, Option<Release>) {
    let ecosystem = ecosystem_of(registry);
    let in_ecosystem = advisory.affected.iter().filter(|a| a.ecosystem == ecosystem);
    let Some(affected) = in_ecosystem.clone().find(|a| a.name == name).or(in_ecosystem.clone().next()) else {
        return (None, None);
    };
    let mut listed: Vec<&Release> = releases
        .iter()
        .filter(|release| !release.withdrawn)
        .filter(|release| {
            crate::registry::Version::parse(registry, &release.version).is_ok_and(|v| !v.is_prerelease())
        })
        .collect();
    listed.sort_by(|a, b| compare(ecosystem, &a.version, &b.version).unwrap_or(std::cmp::Ordering::Equal));
    let is_affected = |release: &Release| {
        affected
            .ranges
            .iter()
            .any(|range| super::ordering::in_range(ecosystem, &release.version, range).unwrap_or(false))
    };
    let last_affected = listed.iter().rev().find(|release| is_affected(release)).map(|r| (*r).clone());
    // The fix of the range the last affected release is in (a line fixed on its own: 4.5.4 for
    // 4.x, 5.3.8 for 5.x), else the lowest fix: its first release that no range affects.
    let in_its_range = |range: &&super::model::Range| {
        last_affected.as_ref().is_some_and(|release| {
            super::ordering::in_range(ecosystem, &release.version, range).unwrap_or(false)
        })
    };
    let mut fixes: Vec<&str> = affected.ranges.iter().filter_map(|range| range.fixed.as_deref()).collect();
    fixes.sort_by(|a, b| compare(ecosystem, a, b).unwrap_or(std::cmp::Ordering::Equal));
    let fix = affected
        .ranges
        .iter()
        .find(in_its_range)
        .and_then(|range| range.fixed.as_deref())
        .or(fixes.first().copied());
    let first_fixed = fix.and_then(|fixed| {
        listed
            .iter()
            .find(|release| {
                compare(ecosystem, &release.version, fixed).is_ok_and(|order| order.is_ge())
                    && !is_affected(release)
            })
            .map(|r| (*r).clone())
    });
    (last_affected, first_fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_affected_and_first_fixed_releases_are_found_among_what_the_registry_lists() {
        let advisory: Advisory = toml::from_str(
            r#"
            id = "GHSA-x"
            summary = "s"
            published = "2025-01-01"
            source = "https://example.org"
            format = "asn1"
            [[affected]]
            ecosystem = "npm"
            name = "node-forge"
            ranges = [{ introduced = "0", fixed = "1.3.2" }]
            "#,
        )
        .unwrap();
        let release =
            |version: &str, withdrawn| Release { version: version.into(), withdrawn, ..Default::default() };
        let releases = [
            release("1.3.3", false),
            release("1.3.1", false),
            release("1.3.2-rc.1", false),
            release("1.2.0", false),
            release("1.3.2", true),
            release("1.3.4", false),
        ];
        let (affected, fixed) = sides(&advisory, Registry::Npm, "node-forge", &releases);
        assert_eq!(affected.map(|r| r.version), Some("1.3.1".into()));
        // 1.3.2 was withdrawn: the first fixed release one can install is 1.3.3.
        assert_eq!(fixed.map(|r| r.version), Some("1.3.3".into()));
        assert_eq!(sides(&advisory, Registry::Pypi, "node-forge", &releases), (None, None));
        // Two lines fixed apart: the fix of the last affected release's line.
        let mut two_lines = advisory.clone();
        two_lines.affected[0].ranges = vec![
            super::super::model::Range {
                introduced: "0".into(),
                fixed: Some("1.2.1".into()),
                last_affected: None,
            },
            super::super::model::Range {
                introduced: "1.3.0".into(),
                fixed: Some("1.3.4".into()),
                last_affected: None,
            },
        ];
        let (affected, fixed) = sides(&two_lines, Registry::Npm, "node-forge", &releases);
        assert_eq!(
            (affected.map(|r| r.version), fixed.map(|r| r.version)),
            (Some("1.3.3".into()), Some("1.3.4".into()))
        );
    }
}
