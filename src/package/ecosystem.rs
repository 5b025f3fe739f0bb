//! The ecosystems a package comes from, by OSV's names and purl's types.

use serde::{Deserialize, Serialize};

/// An ecosystem as OSV names it (`crates.io`, `PyPI`, …); `Generic` is a library no package
/// registry publishes (a C library Debian packages: `pkg:generic/libyaml`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Ecosystem {
    #[serde(rename = "crates.io")]
    CratesIo,
    #[serde(rename = "npm")]
    Npm,
    #[serde(rename = "PyPI")]
    PyPI,
    #[serde(rename = "Go")]
    Go,
    #[serde(rename = "RubyGems")]
    RubyGems,
    #[serde(rename = "Maven")]
    Maven,
    #[serde(rename = "NuGet")]
    NuGet,
    #[serde(rename = "Packagist")]
    Packagist,
    #[serde(rename = "Hackage")]
    Hackage,
    #[serde(rename = "CRAN")]
    Cran,
    #[serde(rename = "Debian")]
    Debian,
    #[serde(rename = "generic")]
    Generic,
}

/// Every ecosystem, with its OSV name and purl type.
const ALL: &[(Ecosystem, &str, &str)] = &[
    (Ecosystem::CratesIo, "crates.io", "cargo"),
    (Ecosystem::Npm, "npm", "npm"),
    (Ecosystem::PyPI, "PyPI", "pypi"),
    (Ecosystem::Go, "Go", "golang"),
    (Ecosystem::RubyGems, "RubyGems", "gem"),
    (Ecosystem::Maven, "Maven", "maven"),
    (Ecosystem::NuGet, "NuGet", "nuget"),
    (Ecosystem::Packagist, "Packagist", "composer"),
    (Ecosystem::Hackage, "Hackage", "hackage"),
    (Ecosystem::Cran, "CRAN", "cran"),
    (Ecosystem::Debian, "Debian", "deb"),
    (Ecosystem::Generic, "generic", "generic"),
];

impl Ecosystem {
    /// OSV's name (`crates.io`, `PyPI`, `Debian`).
    pub fn osv_name(self) -> &'static str {
        ALL.iter().find(|(e, ..)| *e == self).map(|(_, name, _)| *name).unwrap_or("generic")
    }

    /// The purl type (`cargo`, `pypi`, `deb`).
    pub fn purl_type(self) -> &'static str {
        ALL.iter().find(|(e, ..)| *e == self).map(|(.., ty)| *ty).unwrap_or("generic")
    }

    pub fn from_purl_type(ty: &str) -> Option<Ecosystem> {
        ALL.iter().find(|(.., t)| t.eq_ignore_ascii_case(ty)).map(|(e, ..)| *e)
    }

    /// By OSV's name; a Debian release's (`Debian:12`) is Debian.
    pub fn from_osv_name(name: &str) -> Option<Ecosystem> {
        let name = name.split(':').next().unwrap_or(name);
        ALL.iter().find(|(_, n, _)| *n == name).map(|(e, ..)| *e)
    }

    /// The name as the ecosystem compares names.
    pub(super) fn normalise_name(self, name: &str) -> String {
        match self {
            Ecosystem::PyPI => super::normalise_pypi_name(name),
            Ecosystem::Npm | Ecosystem::Debian | Ecosystem::Packagist => name.to_ascii_lowercase(),
            _ => name.to_string(),
        }
    }

    /// The version as OSV writes it: Go's without go.mod's `v`.
    pub(super) fn plain_version(self, version: &str) -> String {
        match self {
            Ecosystem::Go => version.strip_prefix('v').unwrap_or(version).to_string(),
            _ => version.to_string(),
        }
    }

    /// A name split into purl's namespace and name: Maven's `group:artifact`, npm's `@scope/name`,
    /// Go's module path and Packagist's `vendor/name` at their last `/`, Debian's vendor.
    pub(super) fn split_name(self, name: &str) -> (Option<String>, String) {
        let at = |separator: char| match name.rsplit_once(separator) {
            Some((namespace, name)) if !namespace.is_empty() => {
                (Some(namespace.to_string()), name.to_string())
            }
            _ => (None, name.to_string()),
        };
        match self {
            Ecosystem::Debian => (Some("debian".to_string()), name.to_string()),
            Ecosystem::Maven => at(':'),
            Ecosystem::Npm | Ecosystem::Go | Ecosystem::Packagist => at('/'),
            _ => (None, name.to_string()),
        }
    }

    /// The purl's namespace and name joined back into the ecosystem's name.
    pub(super) fn join_name(self, namespace: Option<&str>, name: &str) -> String {
        match (self, namespace) {
            (Ecosystem::Debian, _) | (_, None) => name.to_string(),
            (Ecosystem::Maven, Some(group)) => format!("{group}:{name}"),
            (_, Some(namespace)) => format!("{namespace}/{name}"),
        }
    }
}

impl std::fmt::Display for Ecosystem {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.osv_name())
    }
}
