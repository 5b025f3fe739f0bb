//! `--junit FILE`: the probes as JUnit XML (Jenkins/Ant's schema, which CI test reporters read):
//! one test suite per payload format, one test case per probe. A crash, running out of time or
//! memory and accepting invalid input are failures; a measurement that cannot be trusted
//! (unstable, input not read) is an error; a row that was not probed is skipped.

use std::fmt::Write as _;

use super::case::{Case, Verdict, What};
use crate::payload::PayloadFormat;
use crate::report::render::markup::escape_xml;

pub fn render(cases: &[Case]) -> String {
    let mut formats: Vec<PayloadFormat> = Vec::new();
    for case in cases {
        if !formats.contains(&case.format) {
            formats.push(case.format);
        }
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    // (The schema has `skipped` on each suite only.)
    let _ = writeln!(out, "<testsuites name=\"nestprobe\" {}>", Counts::of(cases.iter()).attributes());
    for format in formats {
        let suite: Vec<&Case> = cases.iter().filter(|c| c.format == format).collect();
        let counts = Counts::of(suite.iter().copied());
        let _ = writeln!(
            out,
            "  <testsuite name=\"nested {}\" {} skipped=\"{}\">",
            escape_xml(format.name()),
            counts.attributes(),
            counts.skipped
        );
        for case in suite {
            test_case(&mut out, case);
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn test_case(out: &mut String, case: &Case) {
    let name = format!("{} ({}, {})", case.library_and_version(), case.label(), case.environment);
    let _ =
        write!(out, "    <testcase classname=\"{}\" name=\"{}\"", escape_xml(&case.key), escape_xml(&name));
    let result = match &case.what {
        What::NotProbed(why) => {
            let _ = writeln!(out, ">\n      <skipped message=\"{}\"/>\n    </testcase>", escape_xml(why));
            return;
        }
        What::Probed(result) => result,
    };
    let _ = write!(out, " time=\"{:.3}\"", result.elapsed_seconds);
    let verdict = Verdict::of(result);
    let element = match verdict {
        Verdict::InControl => {
            let _ = writeln!(
                out,
                ">\n      <system-out>{}</system-out>\n    </testcase>",
                escape_xml(&result.phrase())
            );
            return;
        }
        Verdict::Untrusted => "error",
        Verdict::Crash | Verdict::ExhaustsTimeOrMemory | Verdict::AcceptsInvalid | Verdict::WrongAnswer => {
            "failure"
        }
    };
    let mut message = result.phrase();
    if let Some(site) = &result.crashed_in {
        let _ = write!(message, " in {}", site.summary());
    }
    let stderr = result.failure.as_ref().map(|f| f.stderr.as_str()).unwrap_or_default();
    let _ = writeln!(
        out,
        ">\n      <{element} type=\"{}\" message=\"{}\">{}</{element}>\n    </testcase>",
        verdict.name(),
        escape_xml(&message),
        escape_xml(stderr),
    );
}

/// How many test cases there are, and how many failed, erred or were skipped.
#[derive(Default)]
struct Counts {
    tests: usize,
    failures: usize,
    errors: usize,
    skipped: usize,
}

impl Counts {
    fn of<'a>(cases: impl Iterator<Item = &'a Case<'a>>) -> Counts {
        let mut counts = Counts::default();
        for case in cases {
            counts.tests += 1;
            match &case.what {
                What::NotProbed(_) => counts.skipped += 1,
                What::Probed(result) => match Verdict::of(result) {
                    Verdict::InControl => {}
                    Verdict::Untrusted => counts.errors += 1,
                    _ => counts.failures += 1,
                },
            }
        }
        counts
    }

    /// `tests="…" failures="…" errors="…"`.
    fn attributes(&self) -> String {
        format!("tests=\"{}\" failures=\"{}\" errors=\"{}\"", self.tests, self.failures, self.errors)
    }
}
