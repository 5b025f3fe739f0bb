//! What `audit` writes: the text table (crashes and the least deep first), the JSON the README
//! documents, SARIF 2.1.0 for code scanning (each result at the lockfile's line) and JUnit XML; and
//! the gate (`--fail-on`, `--min-depth`). Strings only: the app prints them.

use std::fmt::Write as _;

use serde_json::{json, Value};

use super::matcher::{Audited, Finding, UNMEASURED};
use crate::report::render::markup::escape_xml;
use crate::units::thousands;

/// The outcome words `--fail-on` takes (the reports' words, hyphenated), `unmeasured` last.
pub const OUTCOMES: &[&str] = &[
    "crash",
    "exhausts-memory",
    "exhausts-time",
    "unstable",
    "clean-error",
    "no-limit",
    "flattened",
    "server-error",
    "refused-by-size",
    "unresponsive",
    UNMEASURED,
];

/// Every (dependency, finding), crashes and the least deep first.
fn rows(audited: &[Audited]) -> Vec<(&Audited, &Finding)> {
    let mut rows: Vec<(&Audited, &Finding)> =
        audited.iter().flat_map(|a| a.findings.iter().map(move |f| (a, f))).collect();
    rows.sort_by_key(|(a, f)| (f.severity(), a.dependency.name.clone()));
    rows
}

/// The locked release's answer in words.
pub fn answer(finding: &Finding) -> String {
    if finding.exact_release {
        return finding.phrase.clone();
    }
    let measured = finding.release_measured.as_deref().unwrap_or("another release");
    let mut text = format!("not measured at this release ({measured}: {})", finding.phrase);
    if let Some(history) = &finding.history {
        text = format!("{text}; {history}");
    }
    text
}

pub fn text(audited: &[Audited], not_in_atlas: usize, read: usize) -> String {
    let mut lines = vec![[
        "dependency".to_string(),
        "where".into(),
        "row".into(),
        "at the locked release".into(),
        "upgrade".into(),
    ]];
    for (a, f) in rows(audited) {
        let d = &a.dependency;
        lines.push([
            format!("{} {} ({})", d.name, d.version, d.ecosystem),
            format!("{}:{}", d.file.display(), d.line),
            match &f.variant {
                Some(variant) => format!("{} ({variant})", f.row),
                None => f.row.clone(),
            },
            answer(f),
            f.upgrade.clone().unwrap_or_default(),
        ]);
    }
    let mut widths = [0; 5];
    for line in &lines {
        for (width, cell) in widths.iter_mut().zip(line) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    if lines.len() > 1 {
        for line in &lines {
            let cells: Vec<String> =
                line.iter().zip(widths).map(|(cell, width)| format!("{cell:width$}")).collect();
            let _ = writeln!(out, "{}", cells.join("  ").trim_end());
        }
        out.push('\n');
    }
    let exact = rows(audited).iter().filter(|(_, f)| f.exact_release).count();
    let _ = writeln!(
        out,
        "{} dependencies read; {} in the atlas ({} findings, {} at the locked release); {} not in the atlas",
        thousands(read as u64),
        thousands(audited.len() as u64),
        thousands(rows(audited).len() as u64),
        thousands(exact as u64),
        thousands(not_in_atlas as u64),
    );
    out
}

pub fn json(audited: &[Audited], not_in_atlas: usize) -> String {
    let document = json!({ "dependencies": audited, "not_in_atlas": not_in_atlas });
    serde_json::to_string_pretty(&document).expect("the audit serializes") + "\n"
}

/// SARIF rules: (id, level, description).
const RULES: &[(&str, &str, &str)] = &[
    ("dependency-crashes-on-nesting", "error", "A locked dependency crashes on deeply nested input"),
    (
        "dependency-exhausts-on-nesting",
        "warning",
        "A locked dependency runs out of time or memory, or is unstable, on deeply nested input",
    ),
    ("dependency-nesting-limit", "note", "How deep a locked dependency parses nested input"),
    (
        "dependency-unmeasured-release",
        "note",
        "The atlas measured this dependency, not at the locked release",
    ),
];

fn rule_of(finding: &Finding) -> usize {
    match finding.locked_outcome() {
        "crash" => 0,
        "exhausts memory" | "exhausts time" | "unstable" => 1,
        UNMEASURED => 3,
        _ => 2,
    }
}

pub fn sarif(audited: &[Audited]) -> String {
    let results: Vec<Value> = rows(audited)
        .into_iter()
        .map(|(a, f)| {
            let d = &a.dependency;
            let index = rule_of(f);
            let (rule, level, _) = RULES[index];
            let mut message = format!("{} {}: {} (atlas row {})", d.name, d.version, answer(f), f.row);
            if let Some(upgrade) = &f.upgrade {
                message = format!("{message}; upgrade: {upgrade}");
            }
            json!({
                "ruleId": rule,
                "ruleIndex": index,
                "level": level,
                "message": { "text": message },
                "locations": [{ "physicalLocation": {
                    "artifactLocation": { "uri": d.file.to_string_lossy().trim_start_matches("./") },
                    "region": { "startLine": d.line },
                }}],
                "partialFingerprints": { "nestprobe/audit/v1": format!("{}/{}/{}", d.purl, f.row, f.locked_outcome()) },
                "properties": { "purl": d.purl, "row": f.row, "releaseMeasured": f.release_measured,
                    "exactRelease": f.exact_release, "outcome": f.outcome, "depth": f.depth, "advisories": f.advisories },
            })
        })
        .collect();
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(id, level, text)| json!({ "id": id, "shortDescription": { "text": text }, "defaultConfiguration": { "level": level } }))
        .collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{ "tool": { "driver": { "name": "nestprobe", "version": env!("CARGO_PKG_VERSION"), "rules": rules } }, "results": results }],
    });
    serde_json::to_string_pretty(&log).expect("a SARIF log serializes") + "\n"
}

/// One test case per (dependency, row): a failure where the gate fails it, skipped where the
/// locked release was not measured.
pub fn junit(audited: &[Audited], gate: &Gate) -> String {
    let rows = rows(audited);
    let failures = rows.iter().filter(|(a, f)| gate.violation(a, f).is_some()).count();
    let skipped = rows.iter().filter(|(a, f)| !f.exact_release && gate.violation(a, f).is_none()).count();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"nestprobe audit\" tests=\"{}\" failures=\"{failures}\" errors=\"0\">",
        rows.len()
    );
    let _ = writeln!(
        out,
        "  <testsuite name=\"dependencies on deep nesting\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\">",
        rows.len()
    );
    for (a, f) in rows {
        let d = &a.dependency;
        let name = escape_xml(&format!("{} {} ({})", d.name, d.version, f.row));
        let class = escape_xml(&format!("{}:{}", d.file.display(), d.line));
        let _ = write!(out, "    <testcase name=\"{name}\" classname=\"{class}\"");
        match gate.violation(a, f) {
            Some(violation) => {
                let _ = writeln!(
                    out,
                    ">\n      <failure message=\"{}\"/>\n    </testcase>",
                    escape_xml(&violation)
                );
            }
            None if !f.exact_release => {
                let _ = writeln!(
                    out,
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                    escape_xml(&answer(f))
                );
            }
            None => {
                let _ = writeln!(out, "><system-out>{}</system-out></testcase>", escape_xml(&answer(f)));
            }
        }
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// What fails the audit: outcomes of the locked releases (`unmeasured` only when named), and a
/// locked release failing below a depth.
#[derive(Clone, Debug, Default)]
pub struct Gate {
    pub fail_on: Vec<String>,
    pub min_depth: Option<u64>,
}

impl Gate {
    fn violation(&self, audited: &Audited, finding: &Finding) -> Option<String> {
        let d = &audited.dependency;
        let at = format!("{}:{}: {} {}", d.file.display(), d.line, d.name, d.version);
        // An opt-in build's answer is not the package's: the lockfile does not say it is built so.
        if finding.variant.is_some() {
            return None;
        }
        let outcome = finding.locked_outcome().replace(' ', "-");
        if self.fail_on.contains(&outcome) {
            return Some(format!("{at}: {} ({})", answer(finding), finding.row));
        }
        let below = |min: u64| finding.depth.is_some_and(|depth| depth < min);
        match self.min_depth {
            Some(min) if finding.exact_release && finding.outcome != "no limit" && below(min) => Some(
                format!("{at}: {} ({}), below --min-depth {}", answer(finding), finding.row, thousands(min)),
            ),
            _ => None,
        }
    }

    /// Every violation, one line each.
    pub fn violations(&self, audited: &[Audited]) -> Vec<String> {
        rows(audited).into_iter().filter_map(|(a, f)| self.violation(a, f)).collect()
    }
}
