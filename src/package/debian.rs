//! Debian packages and the libraries they carry: the table of src/package/debian-upstream.toml
//! (data), and a Debian version's upstream part (`2.14.1-1+deb12u1` carries 2.14.1).

use std::sync::OnceLock;

use serde::Deserialize;

use super::{Ecosystem, Package, RowPackage};

/// One Debian source package of the table and the library its binary packages carry.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Library {
    pub source: String,
    pub packages: Vec<String>,
    /// A purl without version.
    pub upstream: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    library: Vec<Library>,
}

/// The table, read once (it is compiled in: `audit` runs where no catalog is).
pub fn libraries() -> &'static [Library] {
    static TABLE: OnceLock<Vec<Library>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let table: Table = toml::from_str(include_str!("debian-upstream.toml"))
            .expect("src/package/debian-upstream.toml is read by a unit test");
        table.library
    })
}

/// The table's entry for a binary package (`python3-yaml`), else for its source package.
pub fn library(binary: &str, source: Option<&str>) -> Option<&'static Library> {
    let binary = binary.to_ascii_lowercase();
    libraries()
        .iter()
        .find(|library| library.packages.contains(&binary))
        .or_else(|| source.and_then(|source| libraries().iter().find(|library| library.source == source)))
}

/// What a Debian version says of the upstream release: without epoch and Debian revision, and
/// without the repack marks (`+dfsg`, `+ds1`, `~ds`); `+really` names the real one
/// (`2.12.7+dfsg+really2.9.14-2.1` is 2.9.14).
pub fn upstream_version(debian: &str) -> String {
    let without_epoch = debian.split_once(':').map_or(debian, |(_, rest)| rest);
    let upstream = without_epoch.rsplit_once('-').map_or(without_epoch, |(upstream, _)| upstream);
    let upstream = upstream.rsplit_once("+really").map_or(upstream, |(_, real)| real);
    let cut = ["+dfsg", "~dfsg", "+ds", "~ds", "+repack", "~repack"]
        .iter()
        .filter_map(|mark| upstream.find(mark))
        .min()
        .unwrap_or(upstream.len());
    upstream[..cut].to_string()
}

/// A Debian binary package at `version` as a row or a system has it: its source package and the
/// library it carries, where the table knows them.
pub fn row_package(binary: &str, source: Option<&str>, version: Option<&str>) -> RowPackage {
    let package = Package::new(Ecosystem::Debian, binary, version);
    let mut row = RowPackage::of(&package);
    let library = library(binary, source);
    row.source = source.map(str::to_string).or_else(|| library.map(|library| library.source.clone()));
    row.upstream = library
        .and_then(|library| upstream(library, version))
        .map(|upstream| Box::new(RowPackage::of(&upstream)));
    row
}

/// The library a table entry names, at the upstream part of a Debian `version`.
pub fn upstream(library: &Library, debian_version: Option<&str>) -> Option<Package> {
    let unversioned = Package::from_purl(&library.upstream).ok()?;
    let version = debian_version.map(upstream_version);
    Some(Package::new(unversioned.ecosystem, &unversioned.name, version.as_deref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_every_upstream_is_a_purl_without_version() {
        assert!(libraries().len() > 100);
        for library in libraries() {
            let package = Package::from_purl(&library.upstream).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(package.version, None, "{}", library.upstream);
            assert!(!library.packages.is_empty(), "{}", library.source);
        }
        let mut binaries: Vec<&String> = libraries().iter().flat_map(|library| &library.packages).collect();
        let count = binaries.len();
        binaries.sort();
        binaries.dedup();
        assert_eq!(binaries.len(), count, "a binary package listed twice");
    }

    #[test]
    fn debian_packages_carry_their_upstream_library() {
        let yaml = row_package("python3-yaml", None, Some("6.0-3"));
        assert_eq!(yaml.purl, "pkg:deb/debian/python3-yaml@6.0-3");
        assert_eq!(yaml.upstream.as_ref().unwrap().purl, "pkg:pypi/pyyaml@6.0");
        let jackson = row_package("libjackson2-core-java", None, Some("2.14.0-1"));
        assert_eq!(
            jackson.upstream.unwrap().purl,
            "pkg:maven/com.fasterxml.jackson.core/jackson-core@2.14.0"
        );
        let runtime = row_package("libyaml-0-2", Some("libyaml"), Some("0.2.5-1"));
        assert_eq!(runtime.source.as_deref(), Some("libyaml"));
        assert_eq!(runtime.upstream.unwrap().purl, "pkg:generic/libyaml@0.2.5");
        let go = row_package("golang-github-vektah-gqlparser-dev", None, Some("2.5.1-2"));
        assert_eq!(go.upstream.unwrap().purl, "pkg:golang/github.com/vektah/gqlparser/v2@2.5.1");
        // Not in the table: the Debian package alone.
        let other = row_package("zlib1g", Some("zlib"), Some("1:1.2.13.dfsg-1"));
        assert_eq!((other.source.as_deref(), other.upstream), (Some("zlib"), None));
    }

    #[test]
    fn the_upstream_version_leaves_out_what_debian_added() {
        assert_eq!(upstream_version("0.2.5-1"), "0.2.5");
        assert_eq!(upstream_version("1:14.0.6-12"), "14.0.6");
        assert_eq!(upstream_version("2.9.14+dfsg-1.3~deb12u1"), "2.9.14");
        assert_eq!(upstream_version("2.12.7+dfsg+really2.9.14-2.1+deb13u3"), "2.9.14");
        assert_eq!(upstream_version("0.18+ds-1"), "0.18");
        assert_eq!(upstream_version("20131010-3+b1"), "20131010");
        assert_eq!(upstream_version("1.2304.0"), "1.2304.0");
    }
}
