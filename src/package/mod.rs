//! Package identity: which published package a row measures and a project ships, in the names
//! vulnerability databases use (OSV's ecosystems) and as a package URL (purl). Read by `audit`
//! (lockfiles against the atlas), `advisories` (OSV ranges) and the catalog (each row's packages).

pub mod debian;
mod ecosystem;
pub mod version;

use std::fmt;

use anyhow::{anyhow, Result};
use packageurl::PackageUrl;
use serde::{Deserialize, Serialize};

pub use ecosystem::Ecosystem;

/// One release of one package (or the package alone, without a version).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Package {
    pub ecosystem: Ecosystem,
    /// As the ecosystem's database names it: `serde_json`, `@iarna/toml`, `pyyaml` (PEP 503
    /// normalised), `github.com/vektah/gqlparser/v2`, `com.fasterxml.jackson.core:jackson-core`.
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

impl Package {
    /// `name` normalised as its ecosystem compares names (PyPI: PEP 503; npm, Debian, Packagist:
    /// lowercase).
    pub fn new(ecosystem: Ecosystem, name: &str, version: Option<&str>) -> Package {
        let version = version.map(str::trim).filter(|v| !v.is_empty()).map(|v| ecosystem.plain_version(v));
        Package { ecosystem, name: ecosystem.normalise_name(name.trim()), version }
    }

    /// The same package without a release.
    pub fn unversioned(&self) -> Package {
        Package { version: None, ..self.clone() }
    }

    /// Its package URL: `pkg:cargo/serde_json@1.0.154`, `pkg:golang/github.com/vektah/gqlparser/v2@2.5.1`, `pkg:npm/%40iarna/toml@3.0.0`,
    /// `pkg:maven/com.fasterxml.jackson.core/jackson-core@2.14.1`, `pkg:deb/debian/libyaml-0-2@0.2.5-1`.
    pub fn purl(&self) -> String {
        let (namespace, name) = self.ecosystem.split_name(&self.name);
        // (Every type and name here is valid: a failure would be a bug of ours, not of the input.)
        let mut purl = match PackageUrl::new(self.ecosystem.purl_type(), name) {
            Ok(purl) => purl,
            Err(_) => return format!("pkg:{}/{}", self.ecosystem.purl_type(), self.name),
        };
        if let Some(namespace) = namespace {
            let _ = purl.with_namespace(namespace);
        }
        if let Some(version) = &self.version {
            let _ = purl.with_version(version.clone());
        }
        purl.to_string()
    }

    /// Reads a package URL (`pkg:pypi/PyYAML@6.0.1`); qualifiers and subpath are left out.
    pub fn from_purl(text: &str) -> Result<Package> {
        let purl: PackageUrl = text.parse().map_err(|e| anyhow!("`{text}` is not a package URL: {e}"))?;
        let ecosystem = Ecosystem::from_purl_type(purl.ty())
            .ok_or_else(|| anyhow!("`{text}`: purl type `{}` is not one nestprobe knows", purl.ty()))?;
        let name = ecosystem.join_name(purl.namespace(), purl.name());
        Ok(Package::new(ecosystem, &name, purl.version()))
    }
}

impl fmt::Display for Package {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match &self.version {
            Some(version) => write!(f, "{} {version}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// One package a catalog row measures, as results.json records it: where a Debian package carries
/// an upstream library, that library too (`python3-yaml` is PyPI's `pyyaml`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowPackage {
    pub purl: String,
    pub ecosystem: Ecosystem,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// A Debian package's source package (`libyaml` for `libyaml-0-2` and `libyaml-dev`): a
    /// system's other binary packages of the same source are the same code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upstream: Option<Box<RowPackage>>,
}

impl RowPackage {
    pub fn of(package: &Package) -> RowPackage {
        RowPackage {
            purl: package.purl(),
            ecosystem: package.ecosystem,
            name: package.name.clone(),
            version: package.version.clone(),
            source: None,
            upstream: None,
        }
    }

    pub fn package(&self) -> Package {
        Package { ecosystem: self.ecosystem, name: self.name.clone(), version: self.version.clone() }
    }
}

/// PyPI's name comparison (PEP 503): lowercase, runs of `-`, `_` and `.` as one `-`.
pub fn normalise_pypi_name(name: &str) -> String {
    let mut normal = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(c, '-' | '_' | '.') {
            if !normal.ends_with('-') {
                normal.push('-');
            }
        } else {
            normal.push(c.to_ascii_lowercase());
        }
    }
    normal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn purls_print_and_read_back_in_each_ecosystem() {
        let cases = [
            (Ecosystem::CratesIo, "serde_json", "1.0.154", "pkg:cargo/serde_json@1.0.154"),
            (Ecosystem::Npm, "yaml", "2.9.1", "pkg:npm/yaml@2.9.1"),
            (Ecosystem::Npm, "@iarna/toml", "3.0.0", "pkg:npm/%40iarna/toml@3.0.0"),
            (Ecosystem::PyPI, "PyYAML", "6.0.4", "pkg:pypi/pyyaml@6.0.4"),
            (
                Ecosystem::Go,
                "github.com/vektah/gqlparser/v2",
                "2.5.1",
                "pkg:golang/github.com/vektah/gqlparser/v2@2.5.1",
            ),
            (Ecosystem::RubyGems, "oj", "3.14.2", "pkg:gem/oj@3.14.2"),
            (
                Ecosystem::Maven,
                "com.fasterxml.jackson.core:jackson-core",
                "2.14.1",
                "pkg:maven/com.fasterxml.jackson.core/jackson-core@2.14.1",
            ),
            (Ecosystem::NuGet, "Newtonsoft.Json", "13.0.3", "pkg:nuget/Newtonsoft.Json@13.0.3"),
            (Ecosystem::Packagist, "league/commonmark", "2.4.1", "pkg:composer/league/commonmark@2.4.1"),
            (Ecosystem::Debian, "libyaml-0-2", "0.2.5-1", "pkg:deb/debian/libyaml-0-2@0.2.5-1"),
        ];
        for (ecosystem, name, version, purl) in cases {
            let package = Package::new(ecosystem, name, Some(version));
            assert_eq!(package.purl(), purl, "{package:?}");
            assert_eq!(Package::from_purl(purl).unwrap(), package, "{purl}");
        }
        // Go's versions are kept as OSV writes them, without go.mod's `v`.
        assert_eq!(
            Package::new(Ecosystem::Go, "golang.org/x/net", Some("v0.17.0")).version.unwrap(),
            "0.17.0"
        );
    }

    #[test]
    fn names_compare_as_each_ecosystem_compares_them() {
        assert_eq!(normalise_pypi_name("Ruamel.YAML"), "ruamel-yaml");
        assert_eq!(normalise_pypi_name("zope__interface"), "zope-interface");
        assert_eq!(
            Package::new(Ecosystem::PyPI, "PyYAML", None),
            Package::from_purl("pkg:pypi/pyyaml").unwrap()
        );
        // crates.io names are case-insensitive but `-` and `_` are different crates.
        assert_ne!(Package::new(Ecosystem::CratesIo, "serde-json", None).name, "serde_json");
        assert!(Package::from_purl("pkg:unheard/x@1")
            .unwrap_err()
            .to_string()
            .contains("not one nestprobe knows"));
        assert!(Package::from_purl("not a purl").is_err());
    }
}
