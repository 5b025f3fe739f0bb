//! `--sarif FILE`: the probes that go wrong as SARIF 2.1.0, which GitHub code scanning takes from
//! `github/codeql-action/upload-sarif`. A crash is an error-level result naming the library, the
//! depth and the phase; running out of time or memory, and accepting invalid input, are warnings.
//! Code scanning shows a result only at a file of the repository, so every result points at one
//! the user names (`--sarif-location`), by default the workflow file that ran nestprobe.

use serde_json::{json, Value};

use super::case::{Case, Verdict, What};
use crate::results::probe_result::ProbeResult;
use crate::units::thousands;

/// The rules results refer to: (id, verdict, level, short description).
const RULES: &[(&str, Verdict, &str, &str)] = &[
    ("nesting-crash", Verdict::Crash, "error", "The parser crashes on deeply nested input"),
    (
        "nesting-exhausts-time-or-memory",
        Verdict::ExhaustsTimeOrMemory,
        "warning",
        "The parser runs out of time or memory on deeply nested input",
    ),
    (
        "nesting-accepts-invalid-input",
        Verdict::AcceptsInvalid,
        "warning",
        "The parser accepts deeply nested input that is never closed",
    ),
    (
        "nesting-wrong-answer",
        Verdict::WrongAnswer,
        "warning",
        "The product answers deeply nested valid input wrongly, without an error",
    ),
];

/// The repository path of the workflow file GitHub Actions is running, from `GITHUB_WORKFLOW_REF`
/// (`owner/repo/.github/workflows/probe.yml@refs/heads/main`): where results point by default.
pub fn workflow_file(workflow_ref: &str) -> Option<String> {
    let path = workflow_ref.split('@').next()?;
    let at = path.find("/.github/workflows/")?;
    Some(path[at + 1..].to_string())
}

pub fn render(cases: &[Case], location: &str) -> String {
    let results: Vec<Value> = cases
        .iter()
        .filter_map(|case| match &case.what {
            What::Probed(result) => sarif_result(case, result, location),
            What::NotProbed(_) => None,
        })
        .collect();
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(id, _, level, text)| {
            json!({
                "id": id,
                "shortDescription": { "text": text },
                "defaultConfiguration": { "level": level },
            })
        })
        .collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "nestprobe",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
        }],
    });
    serde_json::to_string_pretty(&log).expect("a SARIF log serializes") + "\n"
}

fn sarif_result(case: &Case, result: &ProbeResult, location: &str) -> Option<Value> {
    let verdict = Verdict::of(result);
    let index = RULES.iter().position(|(_, v, ..)| *v == verdict)?;
    let (rule, _, level, _) = RULES[index];
    let depth = result.exact_failing_depth().or(result.boundary_window[0]);
    let phase = result.phase.map_or("the whole program", |p| p.name());
    let mut message = format!(
        "{} ({}, {} payload, {}): {}; phase: {phase}",
        case.library_and_version(),
        case.environment,
        case.format,
        case.label(),
        result.phrase(),
    );
    if let Some(site) = &result.crashed_in {
        message += &format!("; where: {}", site.summary());
    }
    Some(json!({
        "ruleId": rule,
        "ruleIndex": index,
        "level": level,
        "message": { "text": message },
        "locations": [{
            "physicalLocation": {
                "artifactLocation": { "uri": location },
                "region": { "startLine": 1 },
            },
        }],
        "partialFingerprints": {
            "nestprobe/v1": format!("{}/{}/{}", case.key, case.label(), verdict.name()),
        },
        "properties": {
            "library": case.library,
            "version": case.version,
            "environment": case.environment,
            "format": case.format.name(),
            "shape": result.shape.name(),
            "phase": result.phase.map(|p| p.name()),
            "depth": depth,
            "depthText": depth.map(thousands),
            "failure": result.failure.as_ref().map(|f| f.summary()),
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workflow_file_comes_from_the_workflow_ref() {
        assert_eq!(
            workflow_file("octo/parser/.github/workflows/probe.yml@refs/heads/main").as_deref(),
            Some(".github/workflows/probe.yml")
        );
        assert_eq!(workflow_file("octo/parser/elsewhere.yml@x"), None);
    }
}
