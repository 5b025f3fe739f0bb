//! What a row's facts depend on, hashed into the fingerprint its record keeps (`confirmed`): the
//! program's sources (its folder and its language folder's shared helpers), the catalog fields that
//! build and run it, the versions it reports, the environment it runs in (its id, OS release and
//! variables), the run's settings, the payloads of its format (their bytes, as [`payload_text`]
//! samples them) and the method version (the parts of nestprobe that decide a verdict: build.rs).
//! A run reuses a record only while its fingerprint is the same.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use anyhow::Result;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::catalog::files::{collect_files, shared_files};
use crate::catalog::{Catalog, Entry};
use crate::payload::{Payload, PayloadFormat};
use crate::results::settings::Settings;

/// The method version build.rs computed from the verdict-deciding sources.
pub const METHOD: &str = env!("NESTPROBE_METHOD");

/// An earlier method version that hashed the same code another way: a fingerprint taken under it
/// still says nothing changed while `method` is today's and, for the row's format, the payloads
/// are as they were; the record it keeps is stamped with today's fingerprint. Any later change to
/// that code ends it.
struct SameCode {
    earlier: &'static str,
    method: &'static str,
    /// `None`: the earlier fingerprint took the payloads itself. Otherwise it did not (its method
    /// hashed the payload code), and it stands only for a format listed here with the digest its
    /// payloads have today ([`payload_digest`], its first 16 digits).
    payloads: Option<&'static [(&'static str, &'static str)]>,
}

/// - 0c47559ee1dee580: the method until build.rs hashed code rather than text (commit 227c3fa).
/// - 6909ba4e7fbc8f7f: the same code with one unit test fixed, hashed without tests and comments,
///   the payload code included (until commit 9f9242c, when fingerprints took the payloads' bytes).
const SAME_CODE: &[SameCode] = &[
    SameCode { earlier: "0c47559ee1dee580", method: "1aa14fc0cb2b7962", payloads: Some(PAYLOADS_AT_9F9242C) },
    SameCode { earlier: "6909ba4e7fbc8f7f", method: "1aa14fc0cb2b7962", payloads: Some(PAYLOADS_AT_9F9242C) },
];

/// Each format's payload digest when fingerprints began to take them (commit 9f9242c), the payload
/// code unchanged since 0c47559ee1dee580.
const PAYLOADS_AT_9F9242C: &[(&str, &str)] = &[
    ("json", "a71831ccd4473b8c"),
    ("yaml", "9c3bf9cbe2b19006"),
    ("toml", "ca8e633210e3a01f"),
    ("xml", "396ed7a1115d5630"),
    ("msgpack", "dc368dff6d86b667"),
    ("cbor", "385eaf26847b5b3b"),
    ("bson", "da993e9563757a6a"),
    ("protobuf", "8c58382f38773a96"),
    ("gob", "d2cd1dc912afce36"),
    ("query-string", "0b0db8b35a83c473"),
    ("python", "64e7c6ad8908bae2"),
    ("edn", "34e2a01adf02dd71"),
    ("sexp", "4ced8c78ebb6e8dd"),
    ("markdown", "8e97f29825fa0496"),
    ("graphql", "7a2512a3892875df"),
    ("asn1", "f98fcf7579eba111"),
    ("html", "a668a2ad212ee129"),
    ("regex", "1361f9d6bfc65892"),
    ("sql", "aac7ccc1d60bee7e"),
    ("jq", "fa2e43ef25d2e54f"),
    ("jsonpath", "ca9d7458ba220036"),
    ("jmespath", "76539f5e99bcdc26"),
    ("cel", "d2acd213128b1234"),
    ("expr", "8054a77b7c870441"),
    ("xpath", "d1f27dd4e0de5869"),
    ("css", "e53c900afa3e4fae"),
    ("code", "e1c86629319e7828"),
    ("build-constraint", "347235ab63a6357a"),
    ("promql", "2f0ec2fe8edd9250"),
    ("influxql", "d0f21843b1a11e7b"),
];

/// The earlier fingerprints' versions equal to today's for a row of `format` (its payloads'
/// digest `digest`): none once the verdict code changed, or the format's payloads.
fn earlier_versions_of<'a>(
    method: &'a str,
    format: &'a str,
    digest: &'a str,
) -> impl Iterator<Item = &'static SameCode> + 'a {
    SAME_CODE.iter().filter(move |same| {
        same.method == method
            && same.payloads.is_none_or(|payloads| {
                payloads.iter().any(|(name, then)| *name == format && digest.starts_with(then))
            })
    })
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
    let current = fingerprint_under(METHOD, true, catalog, entry, facts)?;
    let digest = payload_digest(entry.format);
    let earlier = earlier_versions_of(METHOD, entry.format.name(), &digest)
        .map(|same| fingerprint_under(same.earlier, same.payloads.is_none(), catalog, entry, facts))
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

/// The fingerprint of `entry`'s facts under `method` (with its format's payloads, or without, as
/// fingerprints were before they took them): 16 hex digits of a SHA-256.
fn fingerprint_under(
    method: &str,
    with_payloads: bool,
    catalog: &Catalog,
    entry: &Entry,
    facts: &RowFacts,
) -> Result<String> {
    let mut hasher = Sha256::new();
    let mut field = |name: &str, value: &[u8]| {
        hasher.update(name.as_bytes());
        hasher.update([0]);
        hasher.update((value.len() as u64).to_le_bytes());
        hasher.update(value);
    };
    field("method", method.as_bytes());
    if with_payloads {
        field("payloads", payload_digest(entry.format).as_bytes());
    }
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
    Ok(hex(&hasher.finalize()[..8]))
}

/// Depths whose payloads a fingerprint takes byte for byte: the first levels, where a format's
/// spelling shows, the limits parsers commonly set and either side of them, and a deep one.
const SAMPLE_DEPTHS: &[u64] =
    &[1, 2, 3, 4, 5, 8, 16, 31, 32, 33, 64, 100, 127, 128, 129, 256, 512, 1000, 1001, 4096, 65_536];

/// Depths whose payloads a fingerprint takes by their size alone (writing them would take seconds).
const SIZE_DEPTHS: &[u64] = &[1_000_000, 5_000_000];

/// A digest of what `format`'s payloads are, once per format and process: a fact depends on the
/// payloads it was measured with, not on the code that spells them.
fn payload_digest(format: PayloadFormat) -> String {
    static DIGESTS: OnceLock<Mutex<HashMap<&'static str, String>>> = OnceLock::new();
    let digests = DIGESTS.get_or_init(Default::default);
    if let Some(digest) = digests.lock().expect("no digest panics").get(format.name()) {
        return digest.clone();
    }
    let digest = hex(&Sha256::digest(payload_text(format)));
    digests.lock().expect("no digest panics").insert(format.name(), digest.clone());
    digest
}

/// What a probe takes from `format`: its shapes in order (the first is the main one), which must be
/// accepted, how deep each may go, and each shape's payloads at [`SAMPLE_DEPTHS`] (their bytes) and
/// [`SIZE_DEPTHS`] (their sizes).
pub fn payload_text(format: PayloadFormat) -> Vec<u8> {
    let mut text = format!(
        "{} {:?} binary={} max={}\n",
        format.name(),
        format.class(),
        format.is_binary(),
        format.max_depth()
    )
    .into_bytes();
    let more = format.more_shapes().iter().map(|shape| shape.name()).collect::<Vec<_>>().join(",");
    text.extend(format!("more shapes: {more}\n").as_bytes());
    for &shape in format.shapes() {
        let deepest = format.deepest_tried(shape).min(format.max_depth());
        text.extend(
            format!("shape {} accepted={} deepest={deepest}\n", shape.name(), shape.must_be_accepted())
                .as_bytes(),
        );
        for &depth in SAMPLE_DEPTHS.iter().filter(|&&depth| depth <= deepest) {
            text.extend(format!("{depth}:").as_bytes());
            Payload::new(format, shape, depth).write_to(&mut text).expect("writing to a Vec cannot fail");
            text.push(b'\n');
        }
        for &depth in SIZE_DEPTHS.iter().filter(|&&depth| depth <= deepest) {
            text.extend(format!("{depth}: {} bytes\n", Payload::new(format, shape, depth).len()).as_bytes());
        }
    }
    text
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
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
    fn an_earlier_method_counts_only_while_the_code_and_the_row_s_payloads_are_the_same() {
        let json = payload_digest(PayloadFormat::JSON);
        for same in SAME_CODE {
            let found = |method, format, digest| {
                earlier_versions_of(method, format, digest).any(|s| s.earlier == same.earlier)
            };
            assert!(found(same.method, "json", &json));
            // Once the verdict code changes, or the row's format's payloads, it is not equal.
            assert!(!found("ffffffffffffffff", "json", &json));
            assert!(!found(same.method, "json", "0000000000000000"));
            // A format that came later never had a fingerprint of the earlier kind.
            assert!(!found(same.method, "rfc2822", &payload_digest("rfc2822".parse().unwrap())));
        }
        let fingerprints = Fingerprints { current: "a".into(), earlier: vec!["b".into()] };
        assert!(fingerprints.unchanged("a") && fingerprints.unchanged("b") && !fingerprints.unchanged("c"));
    }

    #[test]
    fn the_payloads_of_the_earlier_fingerprints_are_today_s_for_every_format_then() {
        // Written when fingerprints began to take the payloads: a format whose payloads changed
        // since measures its rows again, and this test says which (drop its line then).
        for (name, then) in PAYLOADS_AT_9F9242C {
            let format: PayloadFormat = name.parse().unwrap();
            assert!(payload_digest(format).starts_with(then), "{name}'s payloads changed");
        }
    }

    #[test]
    fn a_format_s_payload_digest_follows_its_bytes_alone() {
        let json = PayloadFormat::JSON;
        let text = payload_text(json);
        // The main shape's first levels are in it, byte for byte.
        let two = Payload::new(json, json.main_shape(), 2).to_vec();
        assert!(text.windows(two.len() + 2).any(|window| window[..2] == *b"2:" && window[2..] == two[..]));
        // Another format's payloads are others: a change to one format's spelling leaves every
        // other format's rows as they were.
        let digests: std::collections::HashSet<String> = PayloadFormat::all().map(payload_digest).collect();
        assert_eq!(digests.len(), PayloadFormat::all().count());
        assert_eq!(payload_digest(json), payload_digest(json));
    }
}
