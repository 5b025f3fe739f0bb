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
use crate::results::outcome::FailureKind;
use crate::results::probe_result::ProbeStatus;
use crate::results::record::ParserRecord;
use crate::results::settings::Settings;

/// The method version build.rs computed from the verdict-deciding sources.
pub const METHOD: &str = env!("NESTPROBE_METHOD");

/// An earlier method version whose facts are today's: the same code hashed another way, or code
/// that differs from today's only on a path that one kind of result alone takes. A fingerprint
/// taken under it still says nothing changed while `method` is today's and the committed record
/// holds no result of that kind; the record it keeps is stamped with today's fingerprint. Any later
/// change to the method's code ends it.
struct SameCode {
    earlier: &'static str,
    method: &'static str,
    /// The results the change reaches: a record holding one is measured again, since today's method
    /// might conclude otherwise from it; every other record's facts were decided by code that did
    /// not change. `None`: the same code, no result reached.
    reaches: Option<Reaches>,
}

/// Whether a record holds a result a method change reaches.
type Reaches = fn(&ParserRecord) -> bool;

/// 0abee43d71a931d3: the method until an unstable result whose failures ran out of time, finished
/// every time when run again, was confirmed as a slow one instead of searched again
/// (`confirm::confirm_hint`). That code runs only for a committed unstable result that timed out,
/// so only the records holding one are measured again. (Earlier entries ended with 0abee43d71a931d3:
/// every committed fingerprint had been taken again under it by then.)
const SAME_CODE: &[SameCode] = &[SameCode {
    earlier: "0abee43d71a931d3",
    method: "2c59904ae7ee30b3",
    reaches: Some(holds_an_unstable_timeout),
}];

/// Whether any of the record's results, the sweep's included, is unstable with failures that ran out
/// of time.
fn holds_an_unstable_timeout(record: &ParserRecord) -> bool {
    let sweep = record.sweep.iter().flat_map(|sweep| &sweep.probes);
    record.parts().map(|(_, result)| result).chain(sweep).any(|result| {
        result.status == ProbeStatus::Unstable
            && result.failure.as_ref().is_some_and(|failure| failure.kind == FailureKind::Timeout)
    })
}

/// The earlier method versions whose facts are `method`'s (see [`SameCode`]).
fn earlier_versions_of(method: &str) -> impl Iterator<Item = &'static SameCode> + '_ {
    SAME_CODE.iter().filter(move |same| same.method == method)
}

/// A row's fingerprint now, and the ones it had under method versions equal to this one.
pub struct Fingerprints {
    pub current: String,
    earlier: Vec<(String, Option<Reaches>)>,
}

impl Fingerprints {
    /// Whether the facts of `committed` (taken with the fingerprint `fingerprint`) depend on what
    /// they depend on now.
    pub fn unchanged(&self, fingerprint: &str, committed: &ParserRecord) -> bool {
        self.current == fingerprint
            || self.earlier.iter().any(|(earlier, reaches)| {
                earlier == fingerprint && !reaches.is_some_and(|reaches| reaches(committed))
            })
    }
}

/// [`fingerprint_under`] this method and the earlier versions equal to it.
pub fn fingerprints(catalog: &Catalog, entry: &Entry, facts: &RowFacts) -> Result<Fingerprints> {
    let current = fingerprint_under(METHOD, catalog, entry, facts)?;
    let earlier = earlier_versions_of(METHOD)
        .map(|same| Ok((fingerprint_under(same.earlier, catalog, entry, facts)?, same.reaches)))
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
    field("payloads", payload_digest(entry.format).as_bytes());
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
    use crate::results::probe_result::ProbeResult;

    #[test]
    fn an_earlier_method_counts_only_while_the_code_is_the_same() {
        for same in SAME_CODE {
            assert!(earlier_versions_of(same.method).any(|s| s.earlier == same.earlier));
            // Once the verdict code changes, it is not equal.
            assert!(!earlier_versions_of("ffffffffffffffff").any(|s| s.earlier == same.earlier));
        }
        let record = record(serde_json::json!({}));
        let fingerprints = Fingerprints { current: "a".into(), earlier: vec![("b".into(), None)] };
        assert!(fingerprints.unchanged("a", &record) && fingerprints.unchanged("b", &record));
        assert!(!fingerprints.unchanged("c", &record));
    }

    /// A measured JSON record with `parts` (its results by field).
    fn record(parts: Value) -> ParserRecord {
        let mut record = serde_json::json!({
            "id": "p", "language": "C", "library": "p", "version": null, "note": "",
            "format": "json", "status": "measured", "reason": null, "result": null,
        });
        record.as_object_mut().unwrap().extend(parts.as_object().unwrap().clone());
        serde_json::from_value(record).unwrap()
    }

    /// An unstable result whose failures were `kind` ("timeout", "crash").
    fn unstable(kind: &str) -> Value {
        let mut result: Value = serde_json::to_value(ProbeResult::default()).unwrap();
        result["status"] = "unstable".into();
        result["failure"] = serde_json::json!({
            "kind": kind, "exit_code": null, "signal": null, "signal_name": null, "stderr": "",
        });
        result
    }

    #[test]
    fn an_earlier_method_that_reaches_a_kind_of_result_stands_only_for_records_without_one() {
        let reaches = SAME_CODE.iter().find_map(|same| same.reaches).expect("the unstable fix's entry");
        let fingerprints =
            Fingerprints { current: "now".into(), earlier: vec![("then".into(), Some(reaches))] };
        assert!(fingerprints.unchanged("then", &record(serde_json::json!({}))));
        // Unstable by a crash: the changed code does not confirm it.
        assert!(fingerprints.unchanged("then", &record(serde_json::json!({ "warm": unstable("crash") }))));
        // Unstable where time ran out, in a part or at one of the sweep's stacks: the changed code
        // confirms it, so the record is measured again.
        let reached = [
            record(serde_json::json!({ "warm": unstable("timeout") })),
            record(serde_json::json!({ "sweep": {
                "command": [], "verdict": "stack", "bytes_per_level": null, "probes": [unstable("timeout")],
            } })),
        ];
        for record in &reached {
            assert!(record.parts().count() + record.sweep.iter().count() == 1);
            assert!(!fingerprints.unchanged("then", record));
            // Today's fingerprint holds whatever the record holds.
            assert!(fingerprints.unchanged("now", record));
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
