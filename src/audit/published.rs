//! The advisories seam wired: which published advisories (parsers/advisories/*.toml) affect a
//! locked release, by its ecosystem, its name as the ecosystem compares names, and the advisory's
//! OSV ranges in that ecosystem's version order.

use crate::advisories::ordering::in_range;
use crate::advisories::Advisory;
use crate::audit::matcher::AdvisoryLookup;
use crate::package::{Ecosystem, Package};

/// The advisories an audit names beside a locked release.
pub struct Published<'a>(pub &'a [Advisory]);

impl AdvisoryLookup for Published<'_> {
    fn advisories(&self, package: &Package) -> Vec<String> {
        let Some(version) = package.version.as_deref() else { return Vec::new() };
        self.0
            .iter()
            .filter(|advisory| {
                advisory.affected.iter().any(|affected| {
                    Ecosystem::from_osv_name(&affected.ecosystem) == Some(package.ecosystem)
                        && Package::new(package.ecosystem, &affected.name, None).name == package.name
                        // A version the ecosystem's order cannot place is not claimed affected.
                        && affected.ranges.iter().any(|range| {
                            in_range(&affected.ecosystem, version, range).unwrap_or(false)
                        })
                })
            })
            .map(|advisory| advisory.id.clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_locked_release_inside_a_range_is_named_and_one_past_the_fix_is_not() {
        let text = r#"
[[advisory]]
id = "RUSTSEC-2099-0001"
summary = "s"
published = "2099-01-01"
source = "https://example.org/a"
format = "toml"
[[advisory.affected]]
ecosystem = "crates.io"
name = "toml"
ranges = [{ introduced = "0", fixed = "0.6.0" }]
"#;
        let advisories = crate::advisories::load::parse(text, &BTreeSet::new()).unwrap();
        let lookup = Published(&advisories);
        let locked = |version| Package::new(Ecosystem::CratesIo, "toml", Some(version));
        assert_eq!(lookup.advisories(&locked("0.5.11")), vec!["RUSTSEC-2099-0001".to_string()]);
        assert!(lookup.advisories(&locked("0.8.23")).is_empty());
        assert!(lookup.advisories(&Package::new(Ecosystem::Npm, "toml", Some("0.5.11"))).is_empty());
    }
}
