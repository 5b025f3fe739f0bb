//! Release versions in each registry's own order: semver for npm and crates.io, PEP 440 for PyPI
//! (where `1.25` is a full version and `1.0rc1` a pre-release, neither of them semver).

use std::cmp::Ordering;
use std::str::FromStr;

use super::Registry;

/// A version as its registry orders it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Version {
    Semver(semver::Version),
    Pep440(pep440_rs::Version),
}

impl Version {
    pub fn parse(registry: Registry, text: &str) -> Result<Version, String> {
        match registry {
            Registry::Npm | Registry::Crates => semver::Version::parse(text)
                .map(Version::Semver)
                .map_err(|e| format!("`{text}` is not an exact semver version: {e}")),
            Registry::Pypi => pep440_rs::Version::from_str(text)
                .map(Version::Pep440)
                .map_err(|e| format!("`{text}` is not an exact PEP 440 version: {e}")),
        }
    }

    /// Alpha, beta, rc or dev: not a release a pin moves to.
    pub fn is_prerelease(&self) -> bool {
        match self {
            Version::Semver(version) => !version.pre.is_empty(),
            Version::Pep440(version) => version.any_prerelease(),
        }
    }

    /// Whether the version is in `series`, the leading release numbers it must have (`0.5` holds
    /// 0.5.11, not 0.50.0 nor 0.6.0).
    pub fn is_in_series(&self, series: &str) -> bool {
        let release = self.release();
        series.split('.').enumerate().all(|(at, part)| {
            // PEP 440 pads with zeros: 1.25 is 1.25.0.
            part.parse::<u64>().is_ok_and(|number| release.get(at).copied().unwrap_or(0) == number)
        })
    }

    /// How far apart two versions are: the first release number that differs (0 for a new
    /// major line) counting 0.x series as majors, as semver's caret does; `None` when equal.
    pub fn first_difference(&self, other: &Version) -> Option<usize> {
        let (a, b) = (self.release(), other.release());
        let length = a.len().max(b.len());
        (0..length).find(|&at| a.get(at).unwrap_or(&0) != b.get(at).unwrap_or(&0))
    }

    /// Whether `newer` is a new major line from this one: a different first number, or for 0.x a
    /// different second one.
    pub fn is_major_behind(&self, newer: &Version) -> bool {
        match self.first_difference(newer) {
            Some(0) => true,
            Some(1) => self.release().first() == Some(&0),
            _ => false,
        }
    }

    fn release(&self) -> Vec<u64> {
        match self {
            Version::Semver(version) => vec![version.major, version.minor, version.patch],
            Version::Pep440(version) => version.release().to_vec(),
        }
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    /// Versions of one registry only (one package's releases); across schemes nothing is newer.
    fn cmp(&self, other: &Version) -> Ordering {
        match (self, other) {
            (Version::Semver(a), Version::Semver(b)) => a.cmp_precedence(b).then_with(|| a.cmp(b)),
            (Version::Pep440(a), Version::Pep440(b)) => a.cmp(b),
            _ => Ordering::Equal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn npm(text: &str) -> Version {
        Version::parse(Registry::Npm, text).unwrap()
    }

    fn pypi(text: &str) -> Version {
        Version::parse(Registry::Pypi, text).unwrap()
    }

    #[test]
    fn each_registry_orders_its_own_scheme() {
        assert!(npm("1.10.0") > npm("1.9.3"));
        assert!(npm("2.0.0-rc.1") < npm("2.0.0"));
        assert!(npm("1.2.2+spec-1.1.0") > npm("1.2.1+spec-1.1.0"));
        assert!(pypi("1.25") > pypi("1.9"));
        assert!(pypi("3.3.0rc1") < pypi("3.3.0"));
        assert!(pypi("2.0.post1") > pypi("2.0"));
        assert!(Version::parse(Registry::Crates, "1.25").is_err());
        assert!(Version::parse(Registry::Pypi, "1.x").is_err());
    }

    #[test]
    fn pre_releases_are_told_apart() {
        assert!(npm("5.0.0-beta.1").is_prerelease() && !npm("5.0.0").is_prerelease());
        assert!(pypi("3.3.0a1").is_prerelease() && pypi("1.0.dev3").is_prerelease());
        assert!(!pypi("2.0.post1").is_prerelease());
    }

    #[test]
    fn a_series_is_the_leading_release_numbers() {
        assert!(npm("0.5.11").is_in_series("0.5"));
        assert!(!npm("0.50.0").is_in_series("0.5") && !npm("0.6.0").is_in_series("0.5"));
        assert!(npm("16.11.0").is_in_series("16") && !npm("17.0.0").is_in_series("16"));
        assert!(pypi("1.25").is_in_series("1.25.0") && !pypi("1.25").is_in_series("1.2"));
        assert!(!npm("1.0.0").is_in_series("1.x"));
    }

    #[test]
    fn a_major_line_counts_0_x_series_as_majors() {
        assert!(npm("3.0.6").is_major_behind(&npm("4.0.0")));
        assert!(npm("0.5.11").is_major_behind(&npm("0.8.0")));
        assert!(!npm("3.0.6").is_major_behind(&npm("3.1.0")));
        assert!(!npm("0.5.1").is_major_behind(&npm("0.5.11")));
        assert_eq!(pypi("1.25").first_difference(&pypi("1.25.0")), None);
    }
}
