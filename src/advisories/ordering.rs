//! The order of an ecosystem's versions, behind one function ([`compare`]): the `package` room's
//! (semver for npm, crates.io and Go, PEP 440 for PyPI, dpkg's for Debian, each other ecosystem by
//! its rules), with OSV's `"0"` (before every release) and an error that names the version.

use std::cmp::Ordering;

use crate::package::version::compare as package_compare;
use crate::package::Ecosystem;

/// `a` against `b` in `ecosystem`'s order (OSV's name: `crates.io`, `Debian:12`); an error naming
/// the version it cannot read.
pub fn compare(ecosystem: &str, a: &str, b: &str) -> Result<Ordering, String> {
    // OSV's `introduced = "0"`: before every release.
    match (a == "0", b == "0") {
        (true, true) => return Ok(Ordering::Equal),
        (true, false) => return readable(ecosystem, b).map(|()| Ordering::Less),
        (false, true) => return readable(ecosystem, a).map(|()| Ordering::Greater),
        _ => {}
    }
    let kind = of(ecosystem)?;
    readable(ecosystem, a)?;
    readable(ecosystem, b)?;
    package_compare(kind, a, b).ok_or_else(|| format!("`{a}` and `{b}` cannot be ordered in {ecosystem}"))
}

fn of(ecosystem: &str) -> Result<Ecosystem, String> {
    Ecosystem::from_osv_name(ecosystem).ok_or_else(|| format!("unknown ecosystem `{ecosystem}`"))
}

/// Whether `version` is a version of `ecosystem` (its order can place it), or why not.
fn readable(ecosystem: &str, version: &str) -> Result<(), String> {
    let kind = of(ecosystem)?;
    // The least version of each scheme, itself readable: `version` is read against it.
    let least = match kind {
        Ecosystem::CratesIo | Ecosystem::Npm | Ecosystem::Go => "0.0.0",
        _ => "0",
    };
    package_compare(kind, version, least)
        .map(|_| ())
        .ok_or_else(|| format!("`{version}` is not a {ecosystem} version"))
}

/// Whether `version` is in `range`: from `introduced`, before `fixed` or up to `last_affected`.
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
        assert_eq!(compare("npm", "0", "0.0.1"), Ok(Ordering::Less));
        assert!(compare("npm", "1.x", "1.0.0").unwrap_err().contains("`1.x`"));
        assert!(compare("PyPI", "one", "one").unwrap_err().contains("`one`"));
        assert!(compare("PyPI", "0", "one").is_err());
        assert!(compare("Nowhere", "1", "2").unwrap_err().contains("unknown ecosystem"));
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
