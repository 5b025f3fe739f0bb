//! The order of an ecosystem's versions, behind one function ([`compare`]) so that the ordering
//! the `package` room keeps can replace it in one place: semver for npm, crates.io and Go (its
//! `v`), PEP 440 for PyPI, dpkg's for Debian; elsewhere (Maven, RubyGems, NuGet, Packagist) the
//! dotted numbers, compared number by number.

use std::cmp::Ordering;

use crate::registry::{Registry, Version};

/// `a` against `b` in `ecosystem`'s order; an error naming the version it cannot read.
pub fn compare(ecosystem: &str, a: &str, b: &str) -> Result<Ordering, String> {
    // OSV's `introduced = "0"`: before every release.
    match (a == "0", b == "0") {
        (true, true) => return Ok(Ordering::Equal),
        (true, false) => return Ok(Ordering::Less),
        (false, true) => return Ok(Ordering::Greater),
        _ => {}
    }
    let registry = match ecosystem {
        "npm" => Some(Registry::Npm),
        "crates.io" => Some(Registry::Crates),
        "PyPI" => Some(Registry::Pypi),
        _ => None,
    };
    if let Some(registry) = registry {
        return Ok(Version::parse(registry, a)?.cmp(&Version::parse(registry, b)?));
    }
    if ecosystem.starts_with("Debian") {
        let parse = |text: &str| {
            text.parse::<debversion::Version>().map_err(|e| format!("`{text}` is not a Debian version: {e}"))
        };
        return Ok(parse(a)?.cmp(&parse(b)?));
    }
    let (a, b) = (a.trim_start_matches('v'), b.trim_start_matches('v'));
    if let (Ok(a), Ok(b)) = (semver::Version::parse(a), semver::Version::parse(b)) {
        return Ok(a.cmp(&b));
    }
    Ok(numbers(a)?.cmp(&numbers(b)?))
}

/// The dotted numbers of a version (`1.2.10` → [1, 2, 10]), padded by the comparison's order.
fn numbers(text: &str) -> Result<Vec<u64>, String> {
    let numbers: Result<Vec<u64>, _> = text.split(['.', '-', '_']).map(str::parse::<u64>).collect();
    numbers
        .map(|mut n| {
            while n.len() > 1 && n.last() == Some(&0) {
                n.pop();
            }
            n
        })
        .map_err(|_| format!("`{text}` is not a version of dotted numbers"))
}

/// Whether `version` is in one of `ranges` (each `(introduced, fixed, last_affected)`).
pub fn in_range(ecosystem: &str, version: &str, range: &super::Range) -> Result<bool, String> {
    let from = compare(ecosystem, version, &range.introduced)? != Ordering::Less;
    let before_end = match (&range.fixed, &range.last_affected) {
        (Some(fixed), _) => compare(ecosystem, version, fixed)? == Ordering::Less,
        (None, Some(last)) => compare(ecosystem, version, last)? != Ordering::Greater,
        (None, None) => true,
    };
    Ok(from && before_end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ecosystem_orders_its_own_versions() {
        assert_eq!(compare("npm", "1.3.1", "1.3.2"), Ok(Ordering::Less));
        assert_eq!(compare("crates.io", "5.0.10", "5.0.9"), Ok(Ordering::Greater));
        assert_eq!(compare("PyPI", "0.6.3", "0.6.10"), Ok(Ordering::Less));
        assert_eq!(compare("PyPI", "1.25", "1.25.0"), Ok(Ordering::Equal));
        assert_eq!(compare("Debian:12", "0.4.8-3+deb12u3", "0.4.8-3+deb12u2"), Ok(Ordering::Greater));
        assert_eq!(compare("Debian:12", "1.0~rc1-1", "1.0-1"), Ok(Ordering::Less));
        assert_eq!(compare("Go", "v1.20.10", "v1.20.9"), Ok(Ordering::Greater));
        assert_eq!(compare("Maven", "1.33", "2.0"), Ok(Ordering::Less));
        assert_eq!(compare("Maven", "2.0", "2.0.0"), Ok(Ordering::Equal));
        assert_eq!(compare("npm", "0", "0.0.1"), Ok(Ordering::Less));
        assert!(compare("npm", "1.x", "1.0.0").unwrap_err().contains("`1.x`"));
        assert!(compare("Maven", "1.0-beta", "1.0").is_err());
    }

    #[test]
    fn a_range_holds_from_introduced_to_before_fixed_or_through_last_affected() {
        let range = |fixed: Option<&str>, last: Option<&str>| super::super::Range {
            introduced: "0".into(),
            fixed: fixed.map(String::from),
            last_affected: last.map(String::from),
        };
        let fixed = range(Some("1.3.2"), None);
        assert_eq!(in_range("npm", "1.3.1", &fixed), Ok(true));
        assert_eq!(in_range("npm", "1.3.2", &fixed), Ok(false));
        let unfixed = range(None, Some("2.0.0"));
        assert_eq!(in_range("npm", "2.0.0", &unfixed), Ok(true));
        assert_eq!(in_range("npm", "2.0.1", &unfixed), Ok(false));
    }
}
