//! Package registries: a row's pin as data ([`Package`]), release versions in each registry's order,
//! what each registry's API says was released, and moving a pin ([`bump`]). Only npm, PyPI and
//! crates.io: the atlas must not depend on which other registries a machine can reach.

pub mod bump;
mod crates;
mod npm;
mod publication;
mod pypi;
mod release;
mod version;

use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use serde::{Deserialize, Serialize};

pub use publication::in_publication_order;
pub use release::Release;
pub use version::Version;

/// The registries a row's library can come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", try_from = "String")]
pub enum Registry {
    Npm,
    Pypi,
    Crates,
}

impl Registry {
    /// Whether its releases' dates say when each came out (PyPI's upload times, the crates.io
    /// index's `pubtime`). npm's `time` does not: re-published packages carry new dates for old
    /// releases.
    pub fn dates_releases(self) -> bool {
        self != Registry::Npm
    }

    pub fn name(self) -> &'static str {
        match self {
            Registry::Npm => "npm",
            Registry::Pypi => "pypi",
            Registry::Crates => "crates",
        }
    }
}

impl TryFrom<String> for Registry {
    type Error = String;

    fn try_from(name: String) -> Result<Registry, String> {
        [Registry::Npm, Registry::Pypi, Registry::Crates].into_iter().find(|r| r.name() == name).ok_or_else(
            || {
                format!(
                    "registry `{name}` is out of scope: a package comes from `npm`, `pypi` or `crates` \
                     (other libraries keep their Debian package)"
                )
            },
        )
    }
}

/// A row's library as its registry publishes it: the exact release the row measures, and the
/// series it stays in when it is old on purpose (`series = "0.5"`: only 0.5.x releases).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Package {
    pub registry: Registry,
    pub name: String,
    pub version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<String>,
}

impl Package {
    /// The release as the registry's installer names it: `orjson==3.13.0` for pip, `json5@2.2.3`
    /// for npm and cargo.
    pub fn requirement(&self) -> String {
        match self.registry {
            Registry::Pypi => format!("{}=={}", self.name, self.version),
            Registry::Npm | Registry::Crates => format!("{}@{}", self.name, self.version),
        }
    }

    /// The pinned version, in its registry's order.
    pub fn pinned(&self) -> Result<Version, String> {
        Version::parse(self.registry, &self.version)
    }

    /// What is wrong with the pin, if anything: a name a shell would split or a registry would not
    /// publish, a version that is not one exact release, a series it is not in.
    pub fn check(&self) -> Result<(), String> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || "-._@/".contains(c);
        if self.name.is_empty() || !self.name.chars().all(allowed) {
            return Err(format!("`package`: {:?} is not a package name", self.name));
        }
        let pinned = self.pinned().map_err(|why| format!("`package`: {why}"))?;
        if let Some(series) = &self.series {
            if !pinned.is_in_series(series) {
                return Err(format!(
                    "`package`: version {} is not in its series {series:?} (leading release numbers, e.g. \"0.5\")",
                    self.version
                ));
            }
        }
        Ok(())
    }
}

/// The newest releases a pin could move to.
#[derive(Clone, Debug, PartialEq)]
pub struct Newest {
    /// The newest in the package's series (in the whole registry without one).
    pub in_series: Option<Release>,
    pub overall: Option<Release>,
}

impl Newest {
    /// The newest of `releases` for `package`, leaving out pre-releases, withdrawn releases and
    /// versions its registry's scheme cannot read.
    pub fn of(package: &Package, releases: &[Release]) -> Newest {
        let candidates: Vec<(Version, &Release)> = releases
            .iter()
            .filter(|release| !release.withdrawn)
            .filter_map(|release| Some((Version::parse(package.registry, &release.version).ok()?, release)))
            .filter(|(version, _)| !version.is_prerelease())
            .collect();
        let newest = |in_series: bool| {
            candidates
                .iter()
                .filter(|(version, _)| {
                    !in_series || package.series.as_deref().is_none_or(|series| version.is_in_series(series))
                })
                .max_by(|a, b| a.0.cmp(&b.0))
                .map(|(_, release)| (*release).clone())
        };
        Newest { in_series: newest(true), overall: newest(false) }
    }
}

/// The three registries' HTTP APIs, at their public addresses unless the environment names others
/// (`NESTPROBE_NPM_REGISTRY`, `NESTPROBE_PYPI_URL`, `NESTPROBE_CRATES_INDEX`: a mirror, or a test's
/// fake registry).
pub struct Client {
    agent: ureq::Agent,
    npm: String,
    pypi: String,
    crates: String,
}

/// The variable naming another npm registry (read by npm too, when `history` moves a lockfile).
pub const NPM_REGISTRY: &str = "NESTPROBE_NPM_REGISTRY";

/// The address a variable names instead of a registry's public one, without a trailing `/`.
pub fn named_address(variable: &str) -> Option<String> {
    let value = std::env::var(variable).ok().filter(|value| !value.is_empty())?;
    Some(value.trim_end_matches('/').to_string())
}

/// Reads one registry's answer into its releases.
type ParseAnswer = fn(&str) -> Result<Vec<Release>>;

/// How long one registry request may take.
const TIMEOUT: Duration = Duration::from_secs(30);
/// npm's full documents of much-published packages run to tens of megabytes.
const MAX_BODY_BYTES: u64 = 256 << 20;

impl Client {
    pub fn from_env() -> Client {
        let base =
            |variable: &str, default: &str| named_address(variable).unwrap_or_else(|| default.to_string());
        // The system's CA store, as pip and the catalog's `node --use-openssl-ca` trust it.
        let tls = ureq::tls::TlsConfig::builder().root_certs(ureq::tls::RootCerts::PlatformVerifier).build();
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(TIMEOUT))
            .tls_config(tls)
            .user_agent(concat!("nestprobe/", env!("CARGO_PKG_VERSION"), " (outdated)"))
            .build()
            .new_agent();
        Client {
            agent,
            npm: base(NPM_REGISTRY, "https://registry.npmjs.org"),
            pypi: base("NESTPROBE_PYPI_URL", "https://pypi.org"),
            crates: base("NESTPROBE_CRATES_INDEX", "https://index.crates.io"),
        }
    }

    /// Every release of `name` its registry lists (pre-releases and withdrawn ones included).
    pub fn releases(&self, registry: Registry, name: &str) -> Result<Vec<Release>> {
        let (url, parse): (String, ParseAnswer) = match registry {
            Registry::Npm => (npm::url(&self.npm, name), npm::parse),
            Registry::Pypi => (pypi::url(&self.pypi, name), pypi::parse),
            Registry::Crates => (crates::url(&self.crates, name), crates::parse),
        };
        parse(&self.get(&url)?).with_context(|| format!("GET {url}"))
    }

    /// The body of a successful GET; any failure is one line naming the address.
    fn get(&self, url: &str) -> Result<String> {
        let failed = |why: String| anyhow!("GET {url}: {}", why.lines().next().unwrap_or_default());
        let response = self.agent.get(url).call().map_err(|e| failed(e.to_string()))?;
        response
            .into_body()
            .with_config()
            .limit(MAX_BODY_BYTES)
            .read_to_string()
            .map_err(|e| failed(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn release(version: &str, withdrawn: bool) -> Release {
        Release {
            version: version.into(),
            withdrawn,
            date: Some(format!("date of {version}")),
            ..Default::default()
        }
    }

    fn package(registry: Registry, version: &str, series: Option<&str>) -> Package {
        Package { registry, name: "lib".into(), version: version.into(), series: series.map(Into::into) }
    }

    #[test]
    fn the_newest_skips_pre_releases_withdrawn_releases_and_other_series() {
        let releases = [
            release("0.5.1", false),
            release("0.5.11", false),
            release("0.5.12", true),
            release("0.8.0", false),
            release("0.9.0-beta.1", false),
            release("not a version", false),
        ];
        let newest = Newest::of(&package(Registry::Crates, "0.5.1", Some("0.5")), &releases);
        assert_eq!(newest.in_series.unwrap().version, "0.5.11");
        assert_eq!(newest.overall.as_ref().unwrap().version, "0.8.0");
        assert_eq!(newest.overall.unwrap().date.as_deref(), Some("date of 0.8.0"));
        let unbounded = Newest::of(&package(Registry::Crates, "0.5.1", None), &releases);
        assert_eq!(unbounded.in_series.unwrap().version, "0.8.0");
        assert_eq!(Newest::of(&package(Registry::Npm, "1.0.0", None), &[]).overall, None);
    }

    #[test]
    fn requirements_are_what_each_installer_takes() {
        let pinned = |registry| Package { name: "orjson".into(), ..package(registry, "3.13.0", None) };
        assert_eq!(pinned(Registry::Pypi).requirement(), "orjson==3.13.0");
        assert_eq!(pinned(Registry::Npm).requirement(), "orjson@3.13.0");
        assert_eq!(pinned(Registry::Crates).requirement(), "orjson@3.13.0");
    }

    #[test]
    fn a_pin_is_one_exact_release_of_a_plain_name_in_its_series() {
        assert_eq!(package(Registry::Pypi, "1.25", None).check(), Ok(()));
        assert!(package(Registry::Npm, "^1.2", None).check().unwrap_err().contains("exact semver"));
        let outside = package(Registry::Npm, "17.0.0", Some("16")).check().unwrap_err();
        assert!(outside.contains("not in its series \"16\""), "{outside}");
        let scoped = Package { name: "@iarna/toml".into(), ..package(Registry::Npm, "3.0.0", None) };
        assert_eq!(scoped.check(), Ok(()));
        let shell = Package { name: "x; rm -rf /".into(), ..package(Registry::Npm, "1.0.0", None) };
        assert!(shell.check().unwrap_err().contains("not a package name"));
    }

    #[test]
    fn other_registries_are_out_of_scope_by_name() {
        assert_eq!(Registry::try_from("pypi".to_string()), Ok(Registry::Pypi));
        let error = Registry::try_from("rubygems".to_string()).unwrap_err();
        assert!(error.contains("registry `rubygems` is out of scope"), "{error}");
    }
}
