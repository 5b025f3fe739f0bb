//! What results.json keeps of the advisories: for each advisory its verdict over the releases the
//! rows measured (the committed record's release, and those `advisories --measure` measured), and
//! on each row's record the advisories about its library with whether its release is affected.
//! Recomputed from the catalog's advisories whenever results.json is written.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use anyhow::Result;

use super::model::Advisory;
use super::side::{side_of, FixedBy, Measured, Side};
use super::verdict::{crashes, verdict, Evidence};
use crate::catalog::Catalog;
use crate::report::model::class::class_of;
use crate::results::advisory::{AdvisoryRecord, MeasuredRelease, RowAdvisory};
use crate::results::part::Part;
use crate::results::probe_result::ProbeResult;
use crate::results::{EnvironmentInfo, ParserRecord, Results, Status};

/// The catalog's advisories (parsers/advisories/ beside it) attached to `results`.
pub fn attach_from_catalog(results: &mut Results, catalog: &Catalog) -> Result<()> {
    let advisories = load_for(catalog)?;
    attach(results, &advisories, catalog);
    Ok(())
}

/// The advisories beside `catalog`, checked against its rows.
pub fn load_for(catalog: &Catalog) -> Result<Vec<Advisory>> {
    let rows: BTreeSet<String> = catalog.entries.iter().map(|entry| entry.id.clone()).collect();
    super::load(&super::advisories_dir(&catalog.path), &rows)
}

pub fn attach(results: &mut Results, advisories: &[Advisory], catalog: &Catalog) {
    results.advisories = verdicts(&mut results.parsers, &results.environments, advisories, catalog);
}

/// Each advisory's record with its verdict over `parsers` (measured in `environments`), each
/// record's advisories set on the way.
pub fn verdicts(
    parsers: &mut [ParserRecord],
    environments: &BTreeMap<String, EnvironmentInfo>,
    advisories: &[Advisory],
    catalog: &Catalog,
) -> Vec<AdvisoryRecord> {
    let suites: Vec<Option<String>> =
        parsers.iter().map(|record| debian_suite(environments, catalog, record)).collect();
    let mut records = Vec::new();
    for record in parsers.iter_mut() {
        record.advisories.clear();
    }
    for advisory in advisories {
        let mut evidence = Evidence {
            limit: advisory.limit,
            unfixed: advisory.first_fixed().is_none(),
            ..Default::default()
        };
        let mut affected: Vec<MeasuredRelease> = Vec::new();
        let mut fixed: Vec<(MeasuredRelease, FixedBy)> = Vec::new();
        let mut probed_any = false;
        let mut measured_rows = false;
        for (at, record) in parsers.iter_mut().enumerate() {
            if !advisory.rows.contains(&record.id) {
                continue;
            }
            let suite = suites[at].clone();
            let committed = committed_release(advisory, record);
            probed_any |= committed.is_some();
            measured_rows |= record.status == Status::Measured;
            let version = release_version(record);
            let side = version.as_deref().map(|version| {
                let (outcome, depth) =
                    committed.as_ref().map_or(("", None), |r| (r.outcome.as_str(), r.depth));
                side_of(advisory, &Measured { version, debian_suite: suite.clone(), outcome, depth })
            });
            record.advisories.push(RowAdvisory {
                id: advisory.id.clone(),
                affected: match &side {
                    Some(Side::Affected) => Some(true),
                    Some(Side::Fixed(_)) => Some(false),
                    _ => None,
                },
                shape: Some(advisory.shape_name()),
                phase: advisory.phase.map(|phase| phase.name().to_string()),
                backport: match &side {
                    Some(Side::Fixed(by)) => by.backport(),
                    _ => None,
                },
            });
            let mut place = |release: MeasuredRelease, side: Side| match side {
                Side::Affected => affected.push(release),
                Side::Fixed(by) => fixed.push((release, by)),
                Side::Unknown(_) => {}
            };
            if let (Some(release), Some(side)) = (committed, side) {
                place(release, side);
            }
            for release in measured_releases(advisory, record) {
                let side = side_of(
                    advisory,
                    &Measured {
                        version: &release.version,
                        debian_suite: None,
                        outcome: &release.outcome,
                        depth: release.depth,
                    },
                );
                probed_any = true;
                place(release, side);
            }
        }
        let ecosystem = advisory.package().ecosystem.clone();
        let order = |a: &MeasuredRelease, b: &MeasuredRelease| {
            super::ordering::compare(&ecosystem, &a.version, &b.version).unwrap_or(Ordering::Equal)
        };
        // The last affected release; the first fixed one, or one that still loses control.
        // A release that was built and probed comes before one that was not (`not built` is shown
        // only where nothing else was measured on its side).
        let unbuilt = |release: &MeasuredRelease| {
            release.outcome == crate::results::releases::NOT_BUILT
                || release.outcome == crate::results::releases::NOT_RUN
        };
        evidence.affected =
            affected.into_iter().max_by(|a, b| unbuilt(b).cmp(&unbuilt(a)).then_with(|| order(a, b)));
        fixed.sort_by(|(a, _), (b, _)| unbuilt(a).cmp(&unbuilt(b)).then_with(|| order(a, b)));
        evidence.fixed = match fixed.iter().position(|(release, _)| crashes(&release.outcome)) {
            Some(at) => Some(fixed.swap_remove(at)),
            None => fixed.into_iter().next(),
        };
        evidence.unmeasurable = Some(unmeasurable(advisory, probed_any, measured_rows));
        let (verdict, why) = verdict(&evidence);
        let package = advisory.package();
        records.push(AdvisoryRecord {
            id: advisory.id.clone(),
            aliases: advisory.aliases.clone(),
            summary: advisory.summary.clone(),
            package: package.name.clone(),
            ecosystem: package.ecosystem.clone(),
            fixed: advisory.first_fixed().map(String::from),
            rows: advisory.rows.clone(),
            format: advisory.format.clone(),
            shape: Some(advisory.shape_name()).filter(|shape| !shape.is_empty()),
            phase: advisory.phase.map(|phase| phase.name().to_string()),
            limit: advisory.limit,
            verdict,
            why,
            affected_release: evidence.affected,
            fixed_release: evidence.fixed.map(|(release, _)| release),
            source: advisory.source.clone(),
        });
    }
    records
}

/// Why nothing measures `advisory`, for when nothing does.
fn unmeasurable(advisory: &Advisory, probed_any: bool, measured_rows: bool) -> String {
    let why = if advisory.payload().is_none() {
        let shape = advisory.shape.as_deref().map(|shape| format!(" {shape}")).unwrap_or_default();
        let rows = match advisory.rows.as_slice() {
            [] => format!("; no catalog row measures {}", advisory.package().name),
            _ => String::new(),
        };
        format!("nestprobe builds no {}{shape} payload{rows}", advisory.format)
    } else if advisory.rows.is_empty() {
        format!("no catalog row measures {}", advisory.package().name)
    } else if !measured_rows {
        format!("{} not measured here", advisory.rows.join(", "))
    } else if !probed_any {
        let phase = advisory.phase.map(|phase| format!(" in its {} phase", phase.name())).unwrap_or_default();
        format!("{} probes no {}{phase}", advisory.rows.join(", "), advisory.shape_name())
    } else {
        "no release measured can be placed in its ranges".to_string()
    };
    match &advisory.note {
        Some(note) => format!("{why}; {note}"),
        None => why,
    }
}

/// The release a record measured: its version's first word (`4.0.0 (node 20.20.2)` → `4.0.0`).
pub fn release_version(record: &ParserRecord) -> Option<String> {
    record.version.as_deref()?.split_whitespace().next().map(String::from)
}

/// The committed record's probe of what `advisory` describes, as a measured release.
fn committed_release(advisory: &Advisory, record: &ParserRecord) -> Option<MeasuredRelease> {
    if record.status != Status::Measured {
        return None;
    }
    let result = probe_of(advisory, record)?;
    Some(MeasuredRelease {
        version: release_version(record)?,
        outcome: class_of(result).text().to_string(),
        depth: result.outcome_depth(),
        row: record.key(),
    })
}

/// The probe of `record` that measures the advisory's shape (in its phase, where it names one
/// after the front end: a parse or a compile is what the main probes measure, a language's program
/// compiling alone without a phase).
pub fn probe_of<'a>(advisory: &Advisory, record: &'a ParserRecord) -> Option<&'a ProbeResult> {
    let (_, shape) = advisory.payload()?;
    match advisory.later_phase() {
        Some(phase) => record.part(Part::Phase { phase }).filter(|result| result.shape == shape),
        None => record
            .parts()
            .find(|(part, result)| {
                matches!(part, Part::Main { .. } | Part::SecondShape { .. } | Part::FurtherShape { .. })
                    && result.shape == shape
            })
            .map(|(_, result)| result),
    }
}

/// The releases `advisories --measure` measured with the record's program in the advisory's shape
/// (and in its phase, where it names one after the front end).
fn measured_releases(advisory: &Advisory, record: &ParserRecord) -> Vec<MeasuredRelease> {
    let phase = advisory.later_phase();
    let Some((_, shape)) = advisory.payload() else { return Vec::new() };
    record
        .advisory_releases
        .iter()
        .filter(|release| release.shape.unwrap_or(record.format.main_shape()) == shape)
        .filter(|release| release.phase == phase)
        .map(|release| MeasuredRelease {
            version: release.version.clone(),
            outcome: release.outcome.clone(),
            depth: release.depth,
            row: record.key(),
        })
        .collect()
}

/// The Debian suite (`debian12`) whose package a record measured; `None` for a registry's release.
fn debian_suite(
    environments: &BTreeMap<String, EnvironmentInfo>,
    catalog: &Catalog,
    record: &ParserRecord,
) -> Option<String> {
    let entry = catalog.entries.iter().find(|entry| entry.key() == record.key());
    if entry.is_some_and(|entry| entry.package.is_some()) {
        return None;
    }
    let version = release_version(record)?;
    // A package's version has a revision (`0.4.8-3+deb12u3`, `1.33-2`).
    if !version.contains('-') {
        return None;
    }
    if let Some(suite) = record.environment.strip_prefix("debian") {
        return Some(format!("debian{suite}"));
    }
    let os = &environments.get(&record.environment)?.os;
    let after = os.split("Debian").nth(1)?;
    let number: String =
        after.chars().skip_while(|c| !c.is_ascii_digit()).take_while(char::is_ascii_digit).collect();
    (!number.is_empty()).then(|| format!("debian{number}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::Shape;
    use crate::results::phase::Phase;

    fn advisory(phase: &str) -> Advisory {
        toml::from_str(&format!(
            r#"
            id = "GO-test"
            summary = "s"
            published = "2022-01-01"
            source = "https://example.org"
            format = "regex"
            shape = "group"
            phase = "{phase}"
            rows = ["r"]
            [[affected]]
            ecosystem = "Go"
            name = "stdlib"
            ranges = [{{ introduced = "0", fixed = "1.17.12" }}]
            "#
        ))
        .unwrap()
    }

    fn probe(shape: Shape, phase: Option<Phase>, failing: u64) -> ProbeResult {
        ProbeResult { shape, phase, min_failing_depth: Some(failing), ..Default::default() }
    }

    #[test]
    fn a_compile_advisory_is_measured_by_a_language_rows_main_probe_and_a_later_phase_by_its_own() {
        let mut record: ParserRecord = serde_json::from_value(serde_json::json!({
            "id": "r", "language": "Go", "library": "regexp", "version": "1.19.8-2", "note": "",
            "format": "regex", "status": "measured", "reason": null, "result": null,
        }))
        .unwrap();
        // Without a phase the program compiles alone: its main probe is the compile's.
        record.result = Some(probe(Shape::Group, None, 1000));
        record.phases = vec![probe(Shape::Group, Some(Phase::Run), 900)];
        let compile = probe_of(&advisory("compile"), &record).expect("the main probe");
        assert_eq!((compile.phase, compile.min_failing_depth), (None, Some(1000)));
        let run = probe_of(&advisory("run"), &record).expect("the run phase's probe");
        assert_eq!((run.phase, run.min_failing_depth), (Some(Phase::Run), Some(900)));
        // A later phase the row never probed is no probe, not the main one.
        assert!(probe_of(&advisory("serialize"), &record).is_none());
    }

    #[test]
    fn a_release_measured_in_a_phase_counts_for_that_phases_advisory_only() {
        let mut record: ParserRecord = serde_json::from_value(serde_json::json!({
            "id": "r", "language": "Go", "library": "regexp", "version": "1.19.8-2", "note": "",
            "format": "regex", "status": "measured", "reason": null, "result": null,
            "advisory_releases": [
                {"version": "1.17.11", "outcome": "crash", "depth": 5000, "shape": "group", "phase": "run"},
                {"version": "1.17.12", "outcome": "clean error", "depth": 1001, "shape": "group"},
            ],
        }))
        .unwrap();
        let versions = |phase: &str, record: &ParserRecord| -> Vec<String> {
            measured_releases(&advisory(phase), record).into_iter().map(|r| r.version).collect()
        };
        assert_eq!(versions("run", &record), ["1.17.11"]);
        // A compile is the front end: the main probe's releases, not the run phase's.
        assert_eq!(versions("compile", &record), ["1.17.12"]);
        assert!(versions("serialize", &record).is_empty());
        record.advisory_releases.clear();
        assert!(versions("run", &record).is_empty());
    }
}
