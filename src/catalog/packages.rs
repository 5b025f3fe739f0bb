//! The packages each row measures, as results.json records them (`packages`): its registry pin,
//! the Debian packages it installs that carry a library (src/package/debian-upstream.toml), each
//! with the library it carries, at the version the row reported. Derived from the catalog, not
//! measured: `run`, `merge` and `render` write it, also for records measured before it existed.

use crate::package::{debian, Ecosystem, Package, RowPackage};
use crate::registry::Registry;
use crate::results::Results;

use super::{Catalog, Entry};

/// The ecosystem a registry pin is in.
pub fn ecosystem_of(registry: Registry) -> Ecosystem {
    match registry {
        Registry::Npm => Ecosystem::Npm,
        Registry::Pypi => Ecosystem::PyPI,
        Registry::Crates => Ecosystem::CratesIo,
    }
}

/// The packages `entry` measures; `reported` is the version the row reported (its record's
/// `version`), given to the package it is the version of: the registry pin, else the one Debian
/// package of the table the row's `version` command names (or the only one it installs).
pub fn of(entry: &Entry, reported: Option<&str>) -> Vec<RowPackage> {
    // `2.9.1 (node 20.20.2)`: the release is the first word; `2.14.0-1 (jackson-core 2.14.1-2)`
    // and `libmicrohttpd 0.9.75-6, jansson 2.14-2` name the other packages' versions.
    let leading = reported.and_then(|reported| reported.split_whitespace().next());
    let others = reported.map(named_versions).unwrap_or_default();
    let mut packages = Vec::new();
    if let Some(pin) = &entry.package {
        let ecosystem = ecosystem_of(pin.registry);
        // The reported version where it is one of the registry's (it is what was measured).
        let version = leading
            .filter(|reported| crate::package::version::compare(ecosystem, reported, &pin.version).is_some())
            .unwrap_or(&pin.version);
        packages.push(RowPackage::of(&Package::new(ecosystem, &pin.name, Some(version))));
    }
    let carried: Vec<&str> = entry
        .apt
        .iter()
        .map(String::as_str)
        .filter(|binary| debian::library(binary, None).is_some())
        .collect();
    let named: Vec<&str> = carried.iter().copied().filter(|binary| names(&entry.version, binary)).collect();
    let versioned: Option<&str> = match (named.as_slice(), carried.as_slice()) {
        _ if entry.package.is_some() => named.first().copied(),
        ([one], _) => Some(*one),
        ([], [only]) => Some(*only),
        _ => None,
    };
    let leading = leading.filter(|version| is_debian_version(version));
    for binary in &carried {
        let library = debian::library(binary, None);
        let version = others
            .iter()
            .find(|(name, _)| name == binary || library.is_some_and(|library| &library.source == name))
            .map(|(_, version)| *version)
            .or_else(|| (Some(*binary) == versioned).then_some(leading).flatten());
        packages.push(debian::row_package(binary, None, version));
    }
    // A package the version names that the row does not install itself (jackson-core, which
    // jackson-databind brings).
    for (name, version) in others {
        let Some(library) = debian::library(name, Some(name)) else { continue };
        if !packages.iter().any(|package| package.source.as_deref() == Some(library.source.as_str())) {
            packages.push(debian::row_package(&library.packages[0], None, Some(version)));
        }
    }
    packages
}

/// The `NAME VERSION` pairs of a reported version whose names the Debian table knows (as a
/// binary or a source package).
fn named_versions(reported: &str) -> Vec<(&str, &str)> {
    reported
        .split(['(', ')', ',', ';'])
        .filter_map(|part| {
            let mut words = part.split_whitespace();
            let (name, version) = (words.next()?, words.next()?);
            let known = debian::library(name, Some(name)).is_some();
            (known && words.next().is_none() && is_debian_version(version)).then_some((name, version))
        })
        .collect()
}

/// Every record of `results` with its row's packages (a record whose row left the catalog keeps
/// what it had).
pub fn fill(catalog: &Catalog, results: &mut Results) {
    for record in &mut results.parsers {
        let key = record.key();
        if let Some(entry) = catalog.entries.iter().find(|entry| entry.key() == key) {
            record.packages = of(entry, record.version.as_deref());
        }
    }
}

/// Whether a shell command names the package as a word (`dpkg-query -W … libyaml-dev`).
fn names(command: &str, binary: &str) -> bool {
    command.split(|c: char| !(c.is_ascii_alphanumeric() || "-.+".contains(c))).any(|word| word == binary)
}

/// A version Debian's order reads (not `libmicrohttpd 0.9.75-6, jansson 2.14-2`, two in one).
fn is_debian_version(version: &str) -> bool {
    !version.contains(char::is_whitespace)
        && crate::package::version::compare(Ecosystem::Debian, version, "0").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(toml_row: &str) -> Entry {
        let mut entry: Entry = toml::from_str(&format!(
            "id = \"row\"\nlanguage = \"X\"\nlibrary = \"x\"\nrun = [\"x\"]\n{toml_row}"
        ))
        .unwrap();
        entry.environment = crate::results::HOST.into();
        entry
    }

    #[test]
    fn a_pinned_row_is_its_registry_release_at_the_version_it_reported() {
        let row = entry(
            "apt = [\"python3\", \"python3-venv\"]\nversion = \"pip show\"\npackage = { registry = \"pypi\", name = \"PyYAML\", version = \"6.0.2\" }",
        );
        let packages = of(&row, Some("6.0.3"));
        assert_eq!(packages.len(), 1, "{packages:?}");
        assert_eq!(packages[0].purl, "pkg:pypi/pyyaml@6.0.3");
        // A version the registry would not write is not taken: the pin is.
        assert_eq!(of(&row, Some("CPython 3.11"))[0].purl, "pkg:pypi/pyyaml@6.0.2");
    }

    #[test]
    fn a_debian_row_is_the_package_its_version_command_names_with_the_library_it_carries() {
        let row = entry(
            "apt = [\"golang-go\", \"golang-github-vektah-gqlparser-dev\", \"golang-golang-x-net-dev\"]\nversion = \"dpkg-query -W -f='${Version}' golang-github-vektah-gqlparser-dev\"",
        );
        let packages = of(&row, Some("2.5.1-2"));
        let purls: Vec<&str> = packages.iter().map(|p| p.purl.as_str()).collect();
        assert_eq!(
            purls,
            [
                "pkg:deb/debian/golang-github-vektah-gqlparser-dev@2.5.1-2",
                "pkg:deb/debian/golang-golang-x-net-dev"
            ]
        );
        assert_eq!(
            packages[0].upstream.as_ref().unwrap().purl,
            "pkg:golang/github.com/vektah/gqlparser/v2@2.5.1"
        );
        assert_eq!(packages[1].upstream.as_ref().unwrap().purl, "pkg:golang/golang.org/x/net");
        // The only library it installs takes the version, whatever the command says.
        let yaml = entry("apt = [\"python3\", \"python3-yaml\"]\nversion = \"python3 -c 'import yaml'\"");
        assert_eq!(of(&yaml, Some("6.0-3"))[0].upstream.as_ref().unwrap().purl, "pkg:pypi/pyyaml@6.0");
        // Two versions in one, each named.
        let two = entry("apt = [\"libmicrohttpd-dev\", \"libjansson-dev\"]\nversion = \"x\"");
        let purls: Vec<String> =
            of(&two, Some("libmicrohttpd 0.9.75-6, jansson 2.14-2")).into_iter().map(|p| p.purl).collect();
        assert_eq!(
            purls,
            ["pkg:deb/debian/libmicrohttpd-dev@0.9.75-6", "pkg:deb/debian/libjansson-dev@2.14-2"]
        );
        // A package the row's version names that it does not install itself.
        let jackson = entry("apt = [\"libjackson2-databind-java\"]\nversion = \"x\"");
        let packages = of(&jackson, Some("2.14.0-1+deb12u1 (jackson-core 2.14.1-2~deb12u1)"));
        let upstreams: Vec<String> =
            packages.iter().map(|p| p.upstream.as_ref().unwrap().purl.clone()).collect();
        assert_eq!(
            upstreams,
            [
                "pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.14.0",
                "pkg:maven/com.fasterxml.jackson.core/jackson-core@2.14.1"
            ]
        );
        // Toolchains are not packages the row measures.
        assert!(of(&entry("apt = [\"gcc\", \"python3\"]\nversion = \"x\""), Some("1.0")).is_empty());
    }
}
