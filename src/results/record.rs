//! One row's record in results.json: what was measured of a library in one environment, part by
//! part, with its version, timings and history.

use serde::{Deserialize, Serialize};

use crate::payload::{PayloadFormat, Shape};
use crate::results::change::Change;
use crate::results::part::Part;
use crate::results::probe_result::ProbeResult;
use crate::results::releases::ReleaseOutcome;
use crate::results::sweep_result::SweepResult;

/// The environment every row runs in unless it says otherwise: the machine itself.
pub const HOST: &str = "host";

/// What identifies a row's results: `python-json` on the host, `python-json@debian13` in that
/// environment.
pub fn row_key(id: &str, environment: &str) -> String {
    if environment == HOST {
        id.to_string()
    } else {
        format!("{id}@{environment}")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Measured,
    /// Toolchain missing, or not part of this run.
    Skipped,
    BuildFailed,
    /// Built, but could not be probed (fails even at depth 1, its `before` hook failed, …).
    ProbeFailed,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Measured => "measured",
            Status::Skipped => "skipped",
            Status::BuildFailed => "build failed",
            Status::ProbeFailed => "probe failed",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParserRecord {
    pub id: String,
    pub language: String,
    pub library: String,
    pub version: Option<String>,
    /// What the row installed and runs it with, shown beside the version (the catalog's
    /// `installed`: a PyPI row's interpreter and wheel tag).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub installed: Option<String>,
    pub note: String,
    #[serde(default)]
    pub study: bool,
    /// The payload format this parser reads.
    #[serde(default)]
    pub format: PayloadFormat,
    /// Where it was measured: a key of `Results::environments`.
    #[serde(default = "host")]
    pub environment: String,
    /// Build facts that change the number (`-O2`), from the catalog.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The limit the library's documentation states, from the catalog: the reports say whether
    /// the measurement agrees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documented: Option<crate::results::documented::Documented>,
    pub status: Status,
    pub reason: Option<String>,
    /// A service row's framework, server and parser (the catalog's `serve`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service: Option<crate::results::service::ServiceFacts>,
    /// A product row's product, package, release, interface, command and settings (the catalog's
    /// `product`): the reports put it under Products.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product: Option<crate::results::product::ProductFacts>,
    /// The main probe: nested arrays at the run's stack size (a service: a fresh server for every
    /// trial).
    pub result: Option<ProbeResult>,
    /// A service's main shape on a warmed server (`result` is a fresh server's for every trial).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warm: Option<ProbeResult>,
    /// The format's second nesting (`PayloadFormat::second_shape`: objects in JSON, lists in
    /// Markdown); the result's `shape` says which. Named for JSON, where it began.
    #[serde(default)]
    pub object: Option<ProbeResult>,
    /// `[[[…` never closed: where rejecting turns into a crash or hang, if anywhere.
    #[serde(default)]
    pub unclosed: Option<ProbeResult>,
    /// The format's further nestings (`PayloadFormat::more_shapes`: Markdown's inline emphasis,
    /// ASN.1's indefinite lengths), each result saying its shape.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_shapes: Vec<ProbeResult>,
    /// The stack sweep and its verdict.
    #[serde(default)]
    pub sweep: Option<SweepResult>,
    /// The main shape probed in each phase the program declares (parse, free, serialize), in that
    /// order; `result` is the program run without a phase, as it always was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<ProbeResult>,
    /// Shapes the parser rejects whatever the depth (a MessagePack library that takes only string
    /// keys, say): no limit to report, the error instead.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsupported_shapes: Vec<UnsupportedShape>,
    /// When and where its facts were last confirmed, how the run that wrote it got them, and the
    /// fingerprint of what they depend on (never a fact: see `VOLATILE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmed: Option<crate::results::confirmed::Confirmed>,
    /// Where the row's time went in the run that measured it (never a fact: see `VOLATILE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timings: Option<RowTimings>,
    /// What the run that last changed a fact of this row changed, with both values (history, not a
    /// fact itself: see `sameness`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
    /// The library's published releases as `nestprobe history` probed them, and where the main
    /// probe's outcome changed. Only that command writes it; a run or merge keeps it as it is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<ReleaseOutcome>,
    /// The published advisories about this row's library (parsers/advisories/), each with whether
    /// the measured release is affected: derived from the catalog's advisories on every write.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advisories: Vec<crate::results::advisory::RowAdvisory>,
    /// Releases of the library on both sides of an advisory's fix, measured with the row's program
    /// by `nestprobe advisories --measure` (the main probe, or the advisory's shape where it names
    /// another). Only that command writes it; a run or merge keeps it as it is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advisory_releases: Vec<ReleaseOutcome>,
    /// The packages the row measures (purls of its registry pin and of the Debian packages it
    /// installs, with the library each carries): derived from the catalog, not measured, so
    /// `run`, `merge` and `render` write it (catalog::packages) and no comparison reads it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub packages: Vec<crate::package::RowPackage>,
}

/// Wall-clock seconds of each part of measuring one row.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RowTimings {
    /// Whether its toolchain is there (its `check`).
    pub readiness_seconds: f64,
    /// Building it, or finding the build up to date.
    pub build_seconds: f64,
    /// Asking its version.
    pub version_seconds: f64,
    /// Its `before` and `after` hooks.
    pub hooks_seconds: f64,
    /// Its probes: trials, and the search between them.
    pub probe_seconds: f64,
    /// `probe_seconds` by kind of work (main probe, shapes, sweep stacks, phases, service states,
    /// crash sites), in the order they ran.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub work: Vec<crate::results::work_timing::WorkTiming>,
}

impl RowTimings {
    pub fn total_seconds(&self) -> f64 {
        self.readiness_seconds
            + self.build_seconds
            + self.version_seconds
            + self.hooks_seconds
            + self.probe_seconds
    }
}

/// A shape a parser rejects at the first depths with an error that is not about nesting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnsupportedShape {
    pub shape: crate::payload::Shape,
    /// The depth it failed at, and the program's error line there.
    pub depth: u64,
    pub error: String,
}

/// How the reason of a record kept from an earlier run begins ([`ParserRecord::not_measured_again`]).
pub const NOT_MEASURED_AGAIN: &str =
    "record of an earlier run, kept: the last run could not measure it again";

fn host() -> String {
    HOST.to_string()
}

impl ParserRecord {
    /// Whether the program parsed none of its format's shapes even a few levels deep (a probe
    /// failure with the refused shapes recorded): its own failure, which the same program, versions
    /// and payloads repeat on any machine.
    pub fn parses_no_shape(&self) -> bool {
        self.status == Status::ProbeFailed && !self.unsupported_shapes.is_empty()
    }

    /// Whether the record holds the program's facts: measured, or it parses no shape. Those a run
    /// confirms, fingerprints and reuses; any other failure (a build, a hook, a busy machine) is
    /// this run's, tried again next time.
    pub fn holds_facts(&self) -> bool {
        self.status == Status::Measured || self.parses_no_shape()
    }

    /// This record with what it does not have (the other shapes, unclosed input, sweep, phases)
    /// taken from `before`: a `run --quick` measures the main shape alone and must not erase the
    /// rest of the row.
    pub fn with_the_rest_of(mut self, before: &ParserRecord) -> ParserRecord {
        if self.result.is_none() {
            return self;
        }
        self.object = self.object.or_else(|| before.object.clone());
        self.warm = self.warm.or_else(|| before.warm.clone());
        self.unclosed = self.unclosed.or_else(|| before.unclosed.clone());
        if self.more_shapes.is_empty() {
            self.more_shapes = before.more_shapes.clone();
        }
        self.sweep = self.sweep.or_else(|| before.sweep.clone());
        if self.phases.is_empty() {
            self.phases = before.phases.clone();
        }
        if self.unsupported_shapes.is_empty() {
            self.unsupported_shapes = before.unsupported_shapes.clone();
        }
        self
    }

    /// This record with `before`'s release history: a run measures the pinned release only, and
    /// the history searched on demand (`nestprobe history`) stays until that command replaces it.
    pub fn with_history_of(mut self, before: &ParserRecord) -> ParserRecord {
        if self.history.is_empty() {
            self.history = before.history.clone();
        }
        if self.advisory_releases.is_empty() {
            self.advisory_releases = before.advisory_releases.clone();
        }
        self
    }

    /// This record, measured by an earlier run, as a run keeps it that could not measure the row
    /// again (`why`: its toolchain is missing, its build folder unusable): the same facts, with a
    /// reason that says so (replacing such a reason of an earlier run, keeping the record's notes).
    pub fn not_measured_again(&self, why: &str) -> ParserRecord {
        let mut kept = self.clone();
        let notes = self.reason.as_deref().unwrap_or("");
        let notes = notes[..notes.find(NOT_MEASURED_AGAIN).unwrap_or(notes.len())].trim_end_matches("; ");
        let kept_because = format!("{NOT_MEASURED_AGAIN}: {why}");
        kept.reason = Some(match notes {
            "" => kept_because,
            notes => format!("{notes}; {kept_because}"),
        });
        kept
    }

    /// Why the last run could not measure the row again, when this record is an earlier run's that
    /// it kept ([`ParserRecord::not_measured_again`]).
    pub fn not_measured_again_because(&self) -> Option<&str> {
        let reason = self.reason.as_deref()?;
        let at = reason.find(NOT_MEASURED_AGAIN)?;
        Some(reason[at + NOT_MEASURED_AGAIN.len()..].trim_start_matches(": "))
    }

    /// Why `shape` has no result, if it is not supported.
    pub fn unsupported(&self, shape: crate::payload::Shape) -> Option<&UnsupportedShape> {
        self.unsupported_shapes.iter().find(|u| u.shape == shape)
    }

    /// The version as the reports show it: with what the row installed beside it, where it says
    /// (`6.0.3 (CPython 3.11.2, wheel cp311-cp311-manylinux_2_17_x86_64)`).
    pub fn shown_version(&self) -> Option<String> {
        match (&self.version, &self.installed) {
            (Some(version), Some(installed)) => Some(format!("{version} ({installed})")),
            (version, _) => version.clone(),
        }
    }

    /// What identifies it among the records: the id, with `@<environment>` outside the host.
    pub fn key(&self) -> String {
        row_key(&self.id, &self.environment)
    }

    /// The family the reports put it under: its format's, or services for a service, products for
    /// a product, whatever its format.
    pub fn family(&self) -> crate::payload::FormatClass {
        match (&self.product, &self.service) {
            (Some(_), _) => crate::payload::FormatClass::Products,
            (None, Some(_)) => crate::payload::FormatClass::Services,
            (None, None) => self.format.class(),
        }
    }
}

impl ParserRecord {
    /// The record's main shape: its main result's, else its format's.
    pub fn main_shape(&self) -> Shape {
        self.result.as_ref().map_or(self.format.main_shape(), |result| result.shape)
    }

    /// The record's second shape: its result's, else its format's, if the format has one.
    pub fn second_shape(&self) -> Option<Shape> {
        self.object.as_ref().map(|result| result.shape).or(self.format.second_shape())
    }

    /// Each probe result of the record with its part, in the record's order: main, second shape,
    /// unclosed, further shapes, phases. (The sweep's probes are judged together: see `sweep`.)
    pub fn parts(&self) -> impl Iterator<Item = (Part, &ProbeResult)> {
        let slots = [
            self.result.as_ref().map(|r| (Part::Main { shape: r.shape }, r)),
            self.warm.as_ref().map(|r| (Part::Warm { shape: r.shape }, r)),
            self.object.as_ref().map(|r| (Part::SecondShape { shape: r.shape }, r)),
            self.unclosed.as_ref().map(|r| (Part::Unclosed, r)),
        ];
        let further = self.more_shapes.iter().map(|r| (Part::FurtherShape { shape: r.shape }, r));
        let phases = self.phases.iter().filter_map(|r| Some((Part::Phase { phase: r.phase? }, r)));
        slots.into_iter().flatten().chain(further).chain(phases)
    }

    /// [`ParserRecord::parts`], each result to change in place.
    pub fn parts_mut(&mut self) -> impl Iterator<Item = (Part, &mut ProbeResult)> {
        let slots = [
            self.result.as_mut().map(|r| (Part::Main { shape: r.shape }, r)),
            self.warm.as_mut().map(|r| (Part::Warm { shape: r.shape }, r)),
            self.object.as_mut().map(|r| (Part::SecondShape { shape: r.shape }, r)),
            self.unclosed.as_mut().map(|r| (Part::Unclosed, r)),
        ];
        let further = self.more_shapes.iter_mut().map(|r| (Part::FurtherShape { shape: r.shape }, r));
        let phases = self.phases.iter_mut().filter_map(|r| Some((Part::Phase { phase: r.phase? }, r)));
        slots.into_iter().flatten().chain(further).chain(phases)
    }

    /// The result of `part`, if the record has one.
    pub fn part(&self, part: Part) -> Option<&ProbeResult> {
        self.parts().find(|(p, _)| *p == part).map(|(_, result)| result)
    }

    /// Sets the result of `part` (a further shape or phase it had not is added at the end; `None`
    /// removes it). The sweep and the row are not one probe's: setting them does nothing.
    pub fn set_part(&mut self, part: Part, result: Option<ProbeResult>) {
        let listed = |results: &mut Vec<ProbeResult>, matches: &dyn Fn(&ProbeResult) -> bool| match (
            results.iter().position(matches),
            result.clone(),
        ) {
            (Some(at), Some(result)) => results[at] = result,
            (Some(at), None) => drop(results.remove(at)),
            (None, Some(result)) => results.push(result),
            (None, None) => {}
        };
        match part {
            Part::Main { .. } => self.result = result,
            Part::Warm { .. } => self.warm = result,
            Part::SecondShape { .. } => self.object = result,
            Part::Unclosed => self.unclosed = result,
            Part::FurtherShape { shape } => listed(&mut self.more_shapes, &|r| r.shape == shape),
            Part::Phase { phase } => listed(&mut self.phases, &|r| r.phase == Some(phase)),
            Part::Sweep | Part::Row => {}
        }
    }

    /// The record's changes with its real main and second shapes: an entry read from a file older than
    /// [`Part`] said `array` and `object` whatever they were. Changes are history, not facts, so this
    /// changes no fact; it is the same for an entry that already has them.
    pub fn relabel_changes(&mut self) {
        let (main, second) = (self.main_shape(), self.second_shape());
        for change in &mut self.changes {
            change.what = change.what.with_shapes(main, second);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::phase::Phase;

    fn record(format: &str) -> ParserRecord {
        serde_json::from_value(serde_json::json!({
            "id": "p", "language": "C", "library": "p", "version": null, "note": "",
            "format": format, "status": "measured", "reason": null, "result": null,
        }))
        .unwrap()
    }

    fn result(shape: Shape, phase: Option<Phase>) -> ProbeResult {
        ProbeResult { shape, phase, min_failing_depth: Some(7), ..Default::default() }
    }

    #[test]
    fn parts_walk_every_probe_in_order_and_set_part_replaces_adds_and_removes() {
        let mut record = record("markdown");
        record.result = Some(result(Shape::Quote, None));
        record.more_shapes = vec![result(Shape::Inline, None)];
        record.phases =
            vec![result(Shape::Quote, Some(Phase::Parse)), result(Shape::Quote, Some(Phase::Free))];
        let parts: Vec<Part> = record.parts().map(|(part, _)| part).collect();
        assert_eq!(
            parts,
            [
                Part::Main { shape: Shape::Quote },
                Part::FurtherShape { shape: Shape::Inline },
                Part::Phase { phase: Phase::Parse },
                Part::Phase { phase: Phase::Free },
            ]
        );
        assert_eq!(record.second_shape(), Some(Shape::List));
        let list = Part::SecondShape { shape: Shape::List };
        record.set_part(list, Some(result(Shape::List, None)));
        assert_eq!(record.part(list).map(|r| r.shape), Some(Shape::List));
        let parse = Part::Phase { phase: Phase::Parse };
        record.set_part(parse, None);
        assert!(record.part(parse).is_none() && record.phases.len() == 1);
        record.set_part(parse, Some(result(Shape::Quote, Some(Phase::Parse))));
        assert_eq!(record.phases.last().and_then(|r| r.phase), Some(Phase::Parse));
        for (_, result) in record.parts_mut() {
            result.min_failing_depth = Some(9);
        }
        assert!(record.parts().all(|(_, r)| r.min_failing_depth == Some(9)));
    }
}
