//! What a row's facts depend on, hashed into the fingerprint its record keeps (`confirmed`): the
//! program's sources (its folder and its language folder's shared helpers), the catalog fields that
//! build and run it, the versions it reports, the environment it runs in (its id, OS release and
//! variables), the run's settings, and the method version (the parts of nestprobe that decide a
//! verdict: build.rs). A run reuses a record only while its fingerprint is the same.

use std::path::Path;

use anyhow::Result;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::catalog::files::{collect_files, shared_files};
use crate::catalog::{Catalog, Entry};
use crate::results::settings::Settings;

/// The method version build.rs computed from the verdict-deciding sources.
pub const METHOD: &str = env!("NESTPROBE_METHOD");

/// Method versions that hashed the same verdict-deciding code another way, each beside the
/// version it equals: a fingerprint taken under one still says nothing changed, and the record it
/// keeps is stamped with the current one. A pair holds only while METHOD is its current version:
/// any later change to the code ends it.
///
/// - 0c47559ee1dee580: the method until build.rs hashed code rather than text (commit 227c3fa);
///   6909ba4e7fbc8f7f is the same code with one unit test fixed, hashed without tests and comments.
const SAME_CODE: &[(&str, &str)] = &[("6909ba4e7fbc8f7f", "0c47559ee1dee580")];

/// The earlier method versions equal to `method`: none once the code changed.
fn earlier_versions_of(method: &str) -> impl Iterator<Item = &'static str> + '_ {
    SAME_CODE.iter().filter(move |(current, _)| *current == method).map(|(_, earlier)| *earlier)
}

/// A row's fingerprint now, and the ones it had under method versions equal to this one.
pub struct Fingerprints {
    pub current: String,
    earlier: Vec<String>,
}

impl Fingerprints {
    /// Whether `committed` says the facts depend on what they depend on now.
    pub fn unchanged(&self, committed: &str) -> bool {
        self.current == committed || self.earlier.iter().any(|earlier| earlier == committed)
    }
}

/// [`fingerprint_under`] this method and the earlier versions equal to it.
pub fn fingerprints(catalog: &Catalog, entry: &Entry, facts: &RowFacts) -> Result<Fingerprints> {
    let current = fingerprint_under(METHOD, catalog, entry, facts)?;
    let earlier = earlier_versions_of(METHOD)
        .map(|method| fingerprint_under(method, catalog, entry, facts))
        .collect::<Result<_>>()?;
    Ok(Fingerprints { current, earlier })
}

/// Catalog fields that are presentation, not inputs of a measurement: a new note or documented limit
/// measures nothing again. (`environments` lists where else the row runs, which changes nothing
/// here.)
const PRESENTATION: &[&str] =
    &["note", "documented", "study", "library", "language", "environments", "variant"];

/// What a row's run depends on besides its program: reported by it, or the run's.
pub struct RowFacts<'a> {
    pub version: Option<&'a str>,
    pub installed: Option<&'a str>,
    /// The environment's id, OS release and variables, as one text.
    pub environment: &'a str,
    pub settings: &'a Settings,
}

/// The fingerprint of `entry`'s facts under `method`: 16 hex digits of a SHA-256.
fn fingerprint_under(method: &str, catalog: &Catalog, entry: &Entry, facts: &RowFacts) -> Result<String> {
    let mut hasher = Sha256::new();
    let mut field = |name: &str, value: &[u8]| {
        hasher.update(name.as_bytes());
        hasher.update([0]);
        hasher.update((value.len() as u64).to_le_bytes());
        hasher.update(value);
    };
    field("method", method.as_bytes());
    let mut catalog_fields = serde_json::to_value(entry)?;
    if let Value::Object(map) = &mut catalog_fields {
        map.retain(|key, _| !PRESENTATION.contains(&key.as_str()));
    }
    field("catalog", catalog_fields.to_string().as_bytes());
    field("version", facts.version.unwrap_or("").as_bytes());
    field("installed", facts.installed.unwrap_or("").as_bytes());
    field("environment", facts.environment.as_bytes());
    // The resident cap follows the machine's memory and the jobs: a safeguard, not an input (see
    // results' VOLATILE).
    let settings = Settings { max_rss_bytes: None, ..*facts.settings };
    field("settings", serde_json::to_string(&settings)?.as_bytes());
    let source_dir = catalog.source_dir(entry);
    let mut files = Vec::new();
    collect_files(&source_dir, &source_dir, &mut Vec::new(), &mut files)?;
    files.sort();
    for file in &files {
        let name = file.strip_prefix(&source_dir).unwrap_or(file).to_string_lossy().into_owned();
        field(&format!("source {name}"), &std::fs::read(file)?);
    }
    let language_dir = source_dir.parent().unwrap_or(&source_dir);
    for file in shared_files(language_dir).into_iter().filter(|file| !file.ends_with("catalog.toml")) {
        let name = file.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
        field(&format!("shared {name}"), &std::fs::read(&file)?);
    }
    Ok(hasher.finalize().iter().take(8).map(|byte| format!("{byte:02x}")).collect())
}

/// The environment part of the facts: its id, the OS release of its root (the host's without one),
/// and the variables that pick its runtime.
pub fn environment_text(catalog: &Catalog, environment: &str) -> String {
    let spec = catalog.environments.iter().find(|spec| spec.id == environment);
    let os = match spec.and_then(|spec| spec.root()) {
        Some(root) => crate::host::os_release_name(root).unwrap_or_default(),
        None => crate::host::os_release_name(Path::new("/")).unwrap_or_default(),
    };
    let env = spec.map(|spec| format!("{:?}", spec.env)).unwrap_or_default();
    format!("{environment}\n{os}\n{env}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_earlier_method_counts_only_beside_the_version_it_equals() {
        for (current, earlier) in SAME_CODE {
            assert_eq!(earlier_versions_of(current).collect::<Vec<_>>(), [*earlier]);
        }
        // Once the code changes, METHOD is another version and no earlier one is equal to it.
        assert_eq!(earlier_versions_of("ffffffffffffffff").count(), 0);
        let fingerprints = Fingerprints { current: "a".into(), earlier: vec!["b".into()] };
        assert!(fingerprints.unchanged("a") && fingerprints.unchanged("b") && !fingerprints.unchanged("c"));
    }
}
