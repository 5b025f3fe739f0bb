//! results.json: the machine-readable record of a catalog run; how it is written safely is
//! [`output`]'s.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::payload::{FormatClass, PayloadFormat};
use crate::untrusted::{check_id, InvalidInput};

pub mod advisory;
pub mod change;
pub mod confirmed;
pub mod crash_site;
pub mod documented;
pub mod error_status;
pub mod growth;
pub mod merge;
pub mod outcome;
pub mod output;
pub mod part;
pub mod phase;
pub mod probe_result;
pub mod product;
pub mod record;
pub mod releases;
pub mod sameness;
pub mod service;
pub mod settings;
pub mod stacks;
pub mod sweep_result;
pub mod warm_range;
pub mod word;
pub mod work_timing;

pub use output::{write_atomically, write_if_changed};
use probe_result::ProbeResult;
pub use record::{row_key, ParserRecord, RowTimings, Status, UnsupportedShape, HOST, NOT_MEASURED_AGAIN};
use settings::{EnvMode, Settings};

/// The version of the JSON nestprobe writes (results.json, and `probe`/`sweep --format json`). It is
/// raised when a field changes meaning or goes away; fields may be added without it.
pub const SCHEMA_VERSION: u32 = 1;

fn schema_version() -> u32 {
    SCHEMA_VERSION
}

/// A value printed as JSON with the schema version as its first field.
#[derive(Serialize)]
pub struct Versioned<'a, T: Serialize> {
    pub schema_version: u32,
    /// How the probe contained what its children started (how nestprobe ran, not a fact).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub containment: Option<settings::Containment>,
    #[serde(flatten)]
    pub value: &'a T,
}

impl<'a, T: Serialize> Versioned<'a, T> {
    pub fn new(value: &'a T) -> Versioned<'a, T> {
        Versioned { schema_version: SCHEMA_VERSION, containment: None, value }
    }

    /// With the containment the measurement was taken under.
    pub fn contained(value: &'a T, containment: settings::Containment) -> Versioned<'a, T> {
        Versioned { containment: Some(containment), ..Versioned::new(value) }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Results {
    /// [`SCHEMA_VERSION`] of the file (files older than the field are version 1).
    #[serde(default = "schema_version")]
    pub schema_version: u32,
    /// The run's settings and the host it ran on.
    pub environment: Environment,
    /// Each environment a record names, described once: `host` and the `[[environment]]` roots.
    #[serde(default = "host_environments")]
    pub environments: BTreeMap<String, EnvironmentInfo>,
    pub parsers: Vec<ParserRecord>,
    /// The published advisories about the rows' libraries, each with its verdict (see
    /// `advisory`): derived from the catalog's advisories and the records on every write.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advisories: Vec<advisory::AdvisoryRecord>,
}

/// What an environment of the records is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EnvironmentInfo {
    /// Short name for tables: `Debian 12 (bookworm)`.
    pub name: String,
    /// Its /etc/os-release PRETTY_NAME.
    pub os: String,
    /// The root file system children entered; `None` for the host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<PathBuf>,
    /// The variables that make it, for one without a root: the host with another runtime
    /// (`NESTPROBE_NODE=26.12.1`).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub env: std::collections::BTreeMap<String, String>,
}

impl EnvironmentInfo {
    pub fn host() -> EnvironmentInfo {
        let os = crate::host::os_name();
        EnvironmentInfo { name: crate::host::short_os_name(&os), os, root: None, env: Default::default() }
    }
}

/// Results written before environments existed were all measured on the host.
fn host_environments() -> BTreeMap<String, EnvironmentInfo> {
    BTreeMap::from([(
        HOST.to_string(),
        EnvironmentInfo { name: "host".into(), os: String::new(), root: None, env: Default::default() },
    )])
}

/// Where and how the measurements were taken.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Environment {
    pub os: String,
    pub kernel: String,
    pub arch: String,
    pub cpus: usize,
    /// The limits every probe of the run was measured with.
    #[serde(flatten)]
    pub settings: Settings,
    /// Whether children got the fixed environment or the caller's.
    #[serde(default)]
    pub env_mode: EnvMode,
    pub nestprobe_version: String,
    /// UTC date of the run that last changed a measured fact.
    pub date: String,
    /// How the run contained what its children started (how nestprobe ran, not a fact).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub containment: Option<settings::Containment>,
}

impl Results {
    /// Reads a results file. Its ids are checked as the catalog's are (they become file names:
    /// `badges/<id>.svg`): a bad one is invalid input, named.
    pub fn load(path: &Path) -> Result<Results> {
        let text = read_regular_file(path).with_context(|| format!("cannot read {}", path.display()))?;
        let mut results: Results = serde_json::from_str(&text).map_err(|e| {
            anyhow::anyhow!(
                "{} is not a nestprobe results file ({e}); move it away or pass another --out",
                path.display()
            )
        })?;
        for record in &results.parsers {
            let checked =
                check_id(&record.id).map_err(|why| format!("a parser record's {why}")).and_then(|()| {
                    check_id(&record.environment)
                        .map_err(|why| format!("the environment of parser `{}`: {why}", record.id))
                });
            if let Err(why) = checked {
                return Err(InvalidInput(format!("{}: {why}", path.display())).into());
            }
        }
        results.parsers.iter_mut().for_each(ParserRecord::relabel_changes);
        Ok(results)
    }

    /// The results at `path`, `None` when there is no file; unreadable or foreign content is an
    /// error (it is never silently replaced).
    pub fn load_if_exists(path: &Path) -> Result<Option<Results>> {
        match fs::symlink_metadata(path) {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            _ => Results::load(path).map(Some),
        }
    }

    /// The payload formats of the records, in the order they first appear: a format's section is
    /// its libraries' (a service is in the services' section, whatever its format).
    pub fn formats(&self) -> Vec<PayloadFormat> {
        let mut formats = Vec::new();
        for record in self.parsers.iter().filter(|record| record.service.is_none()) {
            if !formats.contains(&record.format) {
                formats.push(record.format);
            }
        }
        formats
    }

    /// Results of this version of nestprobe.
    pub fn new(
        environment: Environment,
        environments: BTreeMap<String, EnvironmentInfo>,
        parsers: Vec<ParserRecord>,
    ) -> Results {
        Results { schema_version: SCHEMA_VERSION, environment, environments, parsers, advisories: Vec::new() }
    }

    /// The families of the records measured, in [`FormatClass::ALL`]'s order.
    pub fn classes(&self) -> Vec<FormatClass> {
        FormatClass::ALL
            .into_iter()
            .filter(|class| self.parsers.iter().any(|r| r.family() == *class))
            .collect()
    }

    /// The records of one class of formats (the environment is shared).
    pub fn of_class(&self, class: FormatClass) -> Results {
        Results {
            schema_version: self.schema_version,
            environment: self.environment.clone(),
            environments: self.environments.clone(),
            parsers: self.parsers.iter().filter(|r| r.family() == class).cloned().collect(),
            advisories: self.advisories.clone(),
        }
    }

    /// The records of one format (the environment is shared).
    pub fn of_format(&self, format: PayloadFormat) -> Results {
        Results {
            schema_version: self.schema_version,
            environment: self.environment.clone(),
            environments: self.environments.clone(),
            parsers: self
                .parsers
                .iter()
                .filter(|r| r.format == format && r.service.is_none())
                .cloned()
                .collect(),
            advisories: self.advisories.clone(),
        }
    }

    /// The record of a row (`id`, or `id@environment`).
    pub fn find(&self, key: &str) -> Option<&ParserRecord> {
        self.parsers.iter().find(|p| p.key() == key)
    }

    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("results serialize");
        text.push('\n');
        text
    }

    /// Whether two results differ in anything measured, ignoring what varies between identical
    /// runs (timings, trial counts, how the boundary was found, memory noise, the date).
    pub fn same_facts(&self, other: &Results) -> bool {
        same_fact_values(&facts(self), &facts(other))
    }

    /// The same for one probe's result.
    pub fn same_result_facts(a: &ProbeResult, b: &ProbeResult) -> bool {
        same_fact_values(&fact_value(a), &fact_value(b))
    }

    /// The same for one row.
    pub fn same_record_facts(a: &ParserRecord, b: &ParserRecord) -> bool {
        same_fact_values(&fact_value(a), &fact_value(b))
    }
}

/// Fields that change between two runs that measured the same thing (`slow` too: whether a trial
/// needed the longer retry timeout depends on the machine's load). (Peak memory varies too: see
/// [`same_memory`].)
/// The machine's kernel build and CPU count are not measured facts either: a CI runner's change
/// from week to week must not rewrite a table whose numbers it reproduced. Nor is the resident cap
/// (`max_rss_bytes`), which follows the machine's memory and `--jobs`: it is a safeguard, and when
/// it decides a boundary, the boundary's depth and failure say so.
const VOLATILE: &[&str] = &[
    "containment",
    "growth",
    "timings",
    // When and where a fact was last confirmed, and how the last run got it: bookkeeping.
    "confirmed",
    "crashed_in",
    "changes",
    "elapsed_seconds",
    "accepted_seconds",
    "trials",
    "search",
    "date",
    // A release's publication date in a row's `history`: shown, never compared.
    "published",
    "stderr",
    // What a shape the program does not parse got at depth 1 (`unsupported_shapes`): a message's
    // snippet, cut to a length before the build folder is named, so its last bytes move with the
    // folder's path (Apollo's "{build}/node_module…" and "…/node_modules…").
    "error",
    "peak_rss_exact",
    "slow",
    "kernel",
    "cpus",
    "max_rss_bytes",
    // A row's package identity, derived from the catalog (catalog::packages), not measured.
    "packages",
];

/// `value` without the fields that are not facts.
fn strip_volatile(value: &mut Value) {
    match value {
        Value::Object(map) => {
            // A peak that is only an upper bound is nestprobe's own resident set at the fork (the
            // child never grew past it), which depends on how nestprobe was run (SQLite's 33 MiB in
            // a whole run were 14 MiB in a CI shard's): it is kept as a bound, `{"at_most": N}`.
            if map.get("peak_rss_exact") == Some(&Value::Bool(false)) {
                if let Some(bound) = map.get("peak_rss_bytes").and_then(Value::as_u64) {
                    map.insert("peak_rss_bytes".into(), serde_json::json!({ "at_most": bound }));
                }
            }
            map.retain(|key, _| !VOLATILE.contains(&key.as_str()));
            map.values_mut().for_each(strip_volatile);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_volatile),
        _ => {}
    }
}

/// Two values of facts (stripped of what is volatile) say the same: equal, but peak memory only
/// within [`same_memory`]'s tolerance.
fn same_fact_values(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter().all(|(key, value)| match y.get(key) {
                    Some(other) if key == "peak_rss_bytes" => same_peak(value, other),
                    Some(other) => same_fact_values(value, other),
                    None => false,
                })
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_fact_values(a, b))
        }
        _ => a == b,
    }
}

/// Peak memory is the same fact within a factor of two, and anything under 16 MiB is small (where
/// nestprobe's own share blurs it): a runtime's collector, the allocator and the machine's load move
/// it by a third between two runs of the same parser (Go's gqlparser: 0.90 and 1.09 GB), and a
/// fixed bucketing would still flip at its edges. A doubling is news.
fn same_memory(a: Option<u64>, b: Option<u64>) -> bool {
    const SMALL: u64 = 16 << 20;
    match (a, b) {
        (Some(a), Some(b)) => {
            let (low, high) = (a.max(SMALL).min(b.max(SMALL)), a.max(SMALL).max(b.max(SMALL)));
            (high as f64) < 2.0 * low as f64
        }
        (a, b) => a == b,
    }
}

/// Two peaks, each a number or an upper bound (`{"at_most": N}`, see [`strip_volatile`]): two bounds
/// both say the child stayed under nestprobe's own size; a peak and a bound agree where the peak is
/// not news against the bound ([`same_memory`]) or lies under it (Node's 40 MiB, measured in one run
/// and only bounded by nestprobe's 39 MiB in the next).
fn same_peak(a: &Value, b: &Value) -> bool {
    let bound = |value: &Value| value.get("at_most").and_then(Value::as_u64);
    let under = |peak: &Value, at_most: u64| {
        peak.as_u64().is_none_or(|peak| peak <= at_most || same_memory(Some(peak), Some(at_most)))
    };
    match (bound(a), bound(b)) {
        (Some(_), Some(_)) => true,
        (Some(at_most), None) => under(b, at_most),
        (None, Some(at_most)) => under(a, at_most),
        (None, None) => same_memory(a.as_u64(), b.as_u64()),
    }
}

/// A record, a result or whole results as JSON without what is not a fact.
fn fact_value<T: Serialize>(measured: &T) -> Value {
    let mut value = serde_json::to_value(measured).expect("results serialize");
    strip_volatile(&mut value);
    value
}

fn facts(results: &Results) -> Value {
    let mut value = fact_value(results);
    // The order of the rows is the catalog's layout, not a fact.
    if let Some(Value::Array(parsers)) = value.get_mut("parsers") {
        parsers.sort_by_key(|record| (record["id"].to_string(), record["environment"].to_string()));
    }
    value
}

/// The text of a regular file; anything else (a FIFO, a device, a folder) is refused unopened, since
/// reading one could block or never end.
pub fn read_regular_file(path: &Path) -> std::io::Result<String> {
    if !fs::metadata(path)?.is_file() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"));
    }
    fs::read_to_string(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::Shape;
    use crate::results::probe_result::SearchMode;

    fn results(failing: u64, trials: u32, rss: u64) -> Results {
        let probe = ProbeResult {
            command: vec!["p".into()],
            payload_format: Default::default(),
            shape: Shape::Array,
            settings: Settings {
                stack_bytes: Some(8 << 20),
                max_depth: 5_000_000,
                timeout_seconds: 10.0,
                aslr_disabled: true,
                ..Default::default()
            },
            max_accepted_depth: Some(failing - 1),
            min_failing_depth: Some(failing),
            failure: None,
            payload_bytes: Some(2 * failing),
            peak_rss_bytes: Some(rss),
            peak_rss_exact: true,
            accepted_seconds: Some(0.1),
            trials,
            elapsed_seconds: trials as f64,
            search: SearchMode::Cold,
            boundary_window: [Some(failing), Some(failing - 1)],
            ..Default::default()
        };
        let mut record: ParserRecord = serde_json::from_value(serde_json::json!({
            "id": "p", "language": "C", "library": "p", "version": null, "note": "",
            "status": "measured", "reason": null, "result": null,
        }))
        .unwrap();
        record.result = Some(probe);
        Results {
            schema_version: SCHEMA_VERSION,
            environment: Environment {
                os: "os".into(),
                kernel: "k".into(),
                arch: "x86_64".into(),
                cpus: 2,
                settings: Settings {
                    stack_bytes: Some(8 << 20),
                    memory_bytes: None,
                    max_rss_bytes: None,
                    max_depth: 5_000_000,
                    timeout_seconds: 10.0,
                    aslr_disabled: true,
                },
                env_mode: EnvMode::Fixed,
                nestprobe_version: "0".into(),
                date: "2026-01-01".into(),
                containment: None,
            },
            environments: Default::default(),
            parsers: vec![record],
            advisories: Vec::new(),
        }
    }

    #[test]
    fn a_record_kept_again_has_one_reason_and_keeps_its_notes() {
        let mut record = results(10, 1, 0).parsers.remove(0);
        record.reason = Some("the object shape could not be probed: x".into());
        let once = record.not_measured_again("toolchain not installed: a; b");
        let twice = once.not_measured_again("cannot create build/p");
        assert_eq!(
            twice.reason.as_deref(),
            Some(
                format!(
                    "the object shape could not be probed: x; {NOT_MEASURED_AGAIN}: cannot create build/p"
                )
                .as_str()
            )
        );
        assert!(Results::same_result_facts(twice.result.as_ref().unwrap(), record.result.as_ref().unwrap()));
        assert_eq!(twice.not_measured_again_because(), Some("cannot create build/p"));
        assert_eq!(record.not_measured_again_because(), None);
        record.reason = None;
        assert_eq!(record.not_measured_again("w").reason, Some(format!("{NOT_MEASURED_AGAIN}: w")));
    }

    #[test]
    fn changes_of_an_older_file_are_relabelled_once_by_the_records_real_shapes() {
        use crate::results::part::Part;
        use crate::results::phase::Phase;
        // A protobuf row: its main shape is messages in messages, which older files called `array`.
        let mut old = results(10, 1, 0);
        let record = &mut old.parsers[0];
        record.format = "protobuf".parse().unwrap();
        record.result.as_mut().unwrap().shape = Shape::Object;
        let mut value = serde_json::to_value(&old).unwrap();
        value["parsers"][0]["changes"] = serde_json::json!([
            {"what": "array", "was": "clean error at depth 9", "now": "clean error at depth 10"},
            {"what": "unclosed", "was": "not measured", "now": "no limit"},
            {"what": "parse", "was": "no limit", "now": "clean error at depth 10"},
        ]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results.json");
        fs::write(&path, value.to_string()).unwrap();
        let loaded = Results::load(&path).unwrap();
        let parts: Vec<Part> = loaded.parsers[0].changes.iter().map(|c| c.what).collect();
        assert_eq!(
            parts,
            [Part::Main { shape: Shape::Object }, Part::Unclosed, Part::Phase { phase: Phase::Parse }]
        );
        assert!(loaded.same_facts(&old), "relabelling is not a fact change");
        // Written back with structured fields, it reads the same again.
        let written = loaded.to_json();
        assert!(
            written.contains("\"part\": \"main\",\n          \"shape\": \"object\"")
                && !written.contains("\"what\"")
        );
        fs::write(&path, &written).unwrap();
        assert_eq!(Results::load(&path).unwrap(), loaded);
    }

    #[test]
    fn a_foreign_results_file_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results.json");
        assert!(Results::load_if_exists(&path).unwrap().is_none());
        fs::write(&path, "{\"something\": \"else\"}").unwrap();
        let error = Results::load_if_exists(&path).unwrap_err().to_string();
        assert!(error.contains("results.json is not a nestprobe results file"), "{error}");
    }

    #[test]
    fn facts_ignore_timing_and_memory_noise_but_not_boundaries_or_memory_changes() {
        let base = results(129, 9, 100 << 20);
        // The rows in another order are the same facts.
        let mut two = base.clone();
        let mut other = two.parsers[0].clone();
        other.id = "q".into();
        two.parsers.push(other);
        let mut reordered = two.clone();
        reordered.parsers.reverse();
        assert!(two.same_facts(&reordered) && !two.same_facts(&base));
        assert!(base.same_facts(&results(129, 2, 101 << 20)));
        assert!(!base.same_facts(&results(130, 9, 100 << 20)));
        assert!(!base.same_facts(&results(129, 9, 200 << 20)));
        // A third more (a collector, the allocator) is noise, also across a round number.
        assert!(
            base.same_facts(&results(129, 9, 133 << 20))
                && results(129, 9, 127 << 20).same_facts(&results(129, 9, 129 << 20))
        );
        // A peak that is only a bound (the child never grew past nestprobe's own resident set) is
        // small, whatever nestprobe's size was.
        let bound = |rss: u64| {
            let mut results = results(129, 9, rss);
            results.parsers[0].result.as_mut().unwrap().peak_rss_exact = false;
            results
        };
        assert!(bound(35 << 20).same_facts(&bound(15 << 20)));
        assert!(bound(35 << 20).same_facts(&results(129, 9, 20 << 20)));
        assert!(!bound(35 << 20).same_facts(&base));
        // A peak measured in one run and only bounded in the next, by a nestprobe about as large as
        // the child (Node's 40 MiB): the same.
        assert!(results(129, 9, 40 << 20).same_facts(&bound(39 << 20)));
        assert!(bound(39 << 20).same_facts(&results(129, 9, 41 << 20)));
        // Another runner: other kernel, other CPU count, same numbers.
        let mut elsewhere = results(129, 9, 100 << 20);
        elsewhere.environment.kernel = "6.8.0-1017-azure".into();
        elsewhere.environment.cpus = 4;
        assert!(base.same_facts(&elsewhere));
        elsewhere.environment.os = "Ubuntu 24.04.1 LTS".into();
        assert!(!base.same_facts(&elsewhere));
        // Another resident cap (more memory, other --jobs) is not another fact by itself.
        let mut capped = results(129, 9, 100 << 20);
        capped.environment.settings.max_rss_bytes = Some(6 << 30);
        capped.parsers[0].result.as_mut().unwrap().settings.max_rss_bytes = Some(6 << 30);
        assert!(base.same_facts(&capped));
        // A shape it does not parse, refused in words cut one byte shorter elsewhere: the same; a
        // shape refused at another depth, or another shape, is not.
        let refusing = |shape: crate::payload::Shape, depth: u64, error: &str| {
            let mut results = results(129, 9, 100 << 20);
            results.parsers[0].unsupported_shapes.push(record::UnsupportedShape {
                shape,
                depth,
                error: error.into(),
            });
            results
        };
        let refused = refusing(crate::payload::Shape::Object, 1, "{build}/node_modules…");
        assert!(refused.same_facts(&refusing(crate::payload::Shape::Object, 1, "{build}/node_module…")));
        assert!(!refused.same_facts(&refusing(crate::payload::Shape::Object, 2, "{build}/node_modules…")));
        assert!(!refused.same_facts(&refusing(crate::payload::Shape::Array, 1, "{build}/node_modules…")));
    }
}
