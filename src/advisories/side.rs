//! Which side of an advisory's fix a measured release is on: affected (its version is in a range),
//! fixed (it is not, or, for a Debian package whose upstream version is affected, a backport: the
//! advisory's `debian_fixed` says so from the package's changelog, or the measurement shows the
//! fix's limit), or not known (its version cannot be read in the ecosystem's order).

use super::model::{Advisory, Affected};
use super::ordering::{compare, in_range};
use crate::package::debian::upstream_version;

/// A release a row measured, as the side rules need it.
#[derive(Clone, Debug)]
pub struct Measured<'a> {
    /// The release's version (`4.0.0`, or a Debian package's `0.4.8-3+deb12u3`).
    pub version: &'a str,
    /// The Debian suite (`debian12`) whose package it is; `None` for a registry's release.
    pub debian_suite: Option<String>,
    /// Its outcome word and depth.
    pub outcome: &'a str,
    pub depth: Option<u64>,
}

/// How a release counts as fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixedBy {
    /// Its version is past the affected ranges.
    Release,
    /// A Debian backport the package's changelog names (the advisory's `debian_fixed`: that version).
    Changelog(String),
    /// A Debian package whose upstream version is affected, failing cleanly at the fix's limit.
    Measurement,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    Affected,
    Fixed(FixedBy),
    /// Why its version cannot be placed.
    Unknown(String),
}

impl FixedBy {
    /// How the reports say a backport is known; `None` for a fixed release.
    pub fn backport(&self) -> Option<String> {
        match self {
            FixedBy::Release => None,
            FixedBy::Changelog(version) => {
                Some(format!("a Debian backport: the changelog of {version} says so"))
            }
            FixedBy::Measurement => {
                Some("a Debian backport, shown by measurement: it fails at the fix's limit".into())
            }
        }
    }
}

/// Whether a clean failure at `depth` is the stated `limit`'s: at it, or within the few levels a
/// payload's wrapping adds (a library counting from its document, not from the first bracket).
pub fn at_limit(depth: Option<u64>, limit: u64) -> bool {
    depth.is_some_and(|depth| (limit..=limit + 3).contains(&depth))
}

pub fn side_of(advisory: &Advisory, release: &Measured) -> Side {
    let Some(suite) = &release.debian_suite else {
        return match affected_by(advisory.package(), release.version) {
            Ok(true) => Side::Affected,
            Ok(false) => Side::Fixed(FixedBy::Release),
            Err(why) => Side::Unknown(why),
        };
    };
    if let Some(fixed) = advisory.debian_fixed.get(suite) {
        if compare("Debian", release.version, fixed).is_ok_and(|order| order.is_ge()) {
            return Side::Fixed(FixedBy::Changelog(fixed.clone()));
        }
    }
    // Debian's own ranges for this suite, where the advisory has them; else the upstream ones.
    let number = suite.trim_start_matches("debian");
    let debian = advisory.affected.iter().find(|a| a.ecosystem == format!("Debian:{number}"));
    let affected = match debian {
        Some(debian) => affected_by(debian, release.version),
        None => {
            let upstream = advisory.affected.iter().find(|a| !a.ecosystem.starts_with("Debian"));
            match upstream {
                Some(upstream) => affected_by(upstream, &upstream_version(release.version)),
                None => Err(format!("no range for {suite} or upstream")),
            }
        }
    };
    match affected {
        Ok(true) => {
            let shows_limit = release.outcome == "clean error"
                && advisory.limit.is_some_and(|limit| at_limit(release.depth, limit));
            if shows_limit {
                Side::Fixed(FixedBy::Measurement)
            } else {
                Side::Affected
            }
        }
        Ok(false) => Side::Fixed(FixedBy::Release),
        Err(why) => Side::Unknown(why),
    }
}

fn affected_by(affected: &Affected, version: &str) -> Result<bool, String> {
    for range in &affected.ranges {
        if in_range(&affected.ecosystem, version, range)? {
            return Ok(true);
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn advisory(toml_text: &str) -> Advisory {
        toml::from_str(toml_text).unwrap()
    }

    const PYASN1: &str = r#"
        id = "GHSA-test"
        summary = "s"
        published = "2026-01-01"
        source = "https://example.org"
        format = "asn1"
        limit = 100
        rows = ["python-pyasn1"]
        [[affected]]
        ecosystem = "PyPI"
        name = "pyasn1"
        ranges = [{ introduced = "0", fixed = "0.6.3" }]
    "#;

    fn debian(version: &'static str, outcome: &'static str, depth: Option<u64>) -> Measured<'static> {
        Measured { version, debian_suite: Some("debian12".into()), outcome, depth }
    }

    #[test]
    fn a_registry_release_is_affected_inside_a_range_and_fixed_past_it() {
        let advisory = advisory(PYASN1);
        let release = |version| Measured { version, debian_suite: None, outcome: "crash", depth: Some(900) };
        assert_eq!(side_of(&advisory, &release("0.6.2")), Side::Affected);
        assert_eq!(side_of(&advisory, &release("0.6.3")), Side::Fixed(FixedBy::Release));
        assert!(matches!(side_of(&advisory, &release("zero")), Side::Unknown(why) if why.contains("zero")));
    }

    #[test]
    fn a_debian_backport_counts_as_fixed_by_its_changelog_or_by_the_limit_measured() {
        let mut advisory = advisory(PYASN1);
        // Upstream 0.4.8 is affected; the package fails cleanly at 102, the limit's: a backport.
        let shown = side_of(&advisory, &debian("0.4.8-3+deb12u3", "clean error", Some(102)));
        assert_eq!(shown, Side::Fixed(FixedBy::Measurement));
        // Failing elsewhere, or crashing, it is the affected upstream release.
        assert_eq!(side_of(&advisory, &debian("0.4.8-3+deb12u3", "clean error", Some(1000))), Side::Affected);
        assert_eq!(side_of(&advisory, &debian("0.4.8-3+deb12u3", "crash", Some(102))), Side::Affected);
        // Upstream already fixed.
        assert_eq!(
            side_of(&advisory, &debian("0.6.3-1", "clean error", Some(7))),
            Side::Fixed(FixedBy::Release)
        );
        // The changelog says so: fixed, whatever the measurement.
        advisory.debian_fixed.insert("debian12".into(), "0.4.8-3+deb12u2".into());
        let changelog = side_of(&advisory, &debian("0.4.8-3+deb12u3", "crash", Some(5000)));
        assert_eq!(changelog, Side::Fixed(FixedBy::Changelog("0.4.8-3+deb12u2".into())));
        assert_eq!(side_of(&advisory, &debian("0.4.8-3+deb12u1", "crash", Some(5000))), Side::Affected);
    }

    #[test]
    fn a_clean_failure_is_at_a_limit_within_the_levels_a_payload_wraps() {
        assert!(at_limit(Some(101), 100) && at_limit(Some(100), 100) && !at_limit(Some(110), 100));
    }
}
