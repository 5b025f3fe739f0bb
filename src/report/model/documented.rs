//! Documented limits, measured: for each row whose catalog entry cites the limit its library's
//! documentation states (`documented`, carried in its record), whether the measurement agrees. It
//! holds when the probe of the shape the limit is about is a clean error at the limit or one more
//! (documentation rarely says whether its number is the deepest level accepted or the first one
//! refused; a stack-bound depth within the same-fact tolerance, `sameness`); a crash, a hang, no
//! limit or a clean error elsewhere does not hold, a finding. Every number the block says comes
//! from the claim and the record: nothing is typed here.

use super::class::{class_of, phrase, Class};
use super::groups::groups_by_library;
use crate::results::documented::Documented;
use crate::results::part::Part;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::sameness::{stack_bound_depth, stack_tolerance};
use crate::results::{ParserRecord, Results, Status};
use crate::units::thousands;

/// Whether a documented limit holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A clean error at the limit or one more: the documentation is right.
    Holds,
    /// Anything else measured: a crash, a hang, no limit, a clean error elsewhere, no exact answer.
    DoesNotHold,
    /// The row, or the shape the limit is about, was not measured (or its program did not read its
    /// input): nothing to judge.
    NotMeasured,
}

impl Verdict {
    /// In the block's order: the findings first.
    pub const ALL: [Verdict; 3] = [Verdict::DoesNotHold, Verdict::NotMeasured, Verdict::Holds];

    pub fn text(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::DoesNotHold => "does not hold",
            Verdict::NotMeasured => "not measured",
        }
    }
}

/// One row's documented limit and what was measured of it.
pub struct Claim<'a> {
    pub record: &'a ParserRecord,
    pub documented: &'a Documented,
    pub verdict: Verdict,
    /// What was measured, in the reports' words (`clean error at depth 33`); why not, when not.
    pub measured: String,
}

/// The probe of `record` that a documented limit is about: the result of its shape (the main one,
/// a second or a further shape), run as the program always runs (not in a phase).
pub fn judged<'a>(record: &'a ParserRecord, documented: &Documented) -> Option<&'a ProbeResult> {
    let shape = documented.shape_of(record.format);
    record.parts().find_map(|(part, result)| {
        let of_shape = matches!(part, Part::Main { shape: s } | Part::SecondShape { shape: s }
            | Part::FurtherShape { shape: s } if s == shape);
        of_shape.then_some(result)
    })
}

/// The verdict on `record`'s documented limit, with what was measured.
pub fn verdict(record: &ParserRecord, documented: &Documented) -> (Verdict, String) {
    let Some(result) = judged(record, documented).filter(|_| record.status == Status::Measured) else {
        let why = match record.status {
            Status::Measured => format!("no result of the shape `{}`", documented.shape_of(record.format)),
            status => status.name().to_string(),
        };
        return (Verdict::NotMeasured, why);
    };
    let measured = phrase(record, result);
    if matches!(result.finding(), Finding::InputNotRead(_)) {
        return (Verdict::NotMeasured, measured);
    }
    // The limit as the first depth refused, or as the deepest accepted (refused one deeper).
    let (refused, accepted) = (documented.depth, documented.depth.saturating_add(1));
    let holds = class_of(result) == Class::CleanError
        && result.exact_failing_depth().is_some_and(|depth| {
            let tolerance = if stack_bound_depth(record, result) { stack_tolerance(accepted) } else { 0 };
            (refused.saturating_sub(tolerance)..=accepted.saturating_add(tolerance)).contains(&depth)
        });
    (if holds { Verdict::Holds } else { Verdict::DoesNotHold }, measured)
}

/// Every row with a documented limit, the findings first, then by library.
pub fn claims(results: &Results) -> Vec<Claim<'_>> {
    let mut claims: Vec<Claim> = groups_by_library(results)
        .into_iter()
        .flat_map(|group| group.records)
        .filter_map(|record| {
            let documented = record.documented.as_ref()?;
            let (verdict, measured) = verdict(record, documented);
            Some(Claim { record, documented, verdict, measured })
        })
        .collect();
    // Stable: library order survives inside a verdict.
    claims.sort_by_key(|claim| Verdict::ALL.iter().position(|v| *v == claim.verdict));
    claims
}

/// How many rows hold, do not hold, were not measured, and document no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub holds: usize,
    pub does_not_hold: usize,
    pub not_measured: usize,
    pub not_documented: usize,
}

pub fn tally(results: &Results, claims: &[Claim]) -> Tally {
    let of = |verdict: Verdict| claims.iter().filter(|c| c.verdict == verdict).count();
    Tally {
        holds: of(Verdict::Holds),
        does_not_hold: of(Verdict::DoesNotHold),
        not_measured: of(Verdict::NotMeasured),
        not_documented: results.parsers.iter().filter(|r| r.documented.is_none()).count(),
    }
}

/// The documented limit in words: `32 levels of nesting`, `32,766 captures`.
pub fn claim_text(documented: &Documented) -> String {
    match documented.count() {
        Some(count) => format!("at most {} {count}", thousands(documented.depth)),
        None => format!("{} levels of nesting", thousands(documented.depth)),
    }
}

/// The block's opening line: the counts of each verdict, and of rows documenting none.
pub fn heading(tally: &Tally) -> String {
    format!(
        "Documented limits, measured: {} {}, {} {} not hold, {} not measured; {} {} no limit",
        tally.holds,
        if tally.holds == 1 { "holds" } else { "hold" },
        tally.does_not_hold,
        if tally.does_not_hold == 1 { "does" } else { "do" },
        tally.not_measured,
        super::counts::rows(tally.not_documented),
        if tally.not_documented == 1 { "documents" } else { "document" },
    )
}

pub const LEAD: &str = "A row's catalog entry can cite the limit its library's documentation states \
    (`documented`); it holds when the row fails with a clean error at the limit or one deeper (where \
    the stack sets the depth, within the same-fact tolerance), and a crash, a hang, no limit or a clean \
    error elsewhere is a finding. A limit on a count (captures, tokens) is said as one.";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::markdown::documented::markdown;
    use crate::report::page::documented::html_section;
    use crate::report::render::chart::tests::sample;
    use crate::report::Exporter;
    use crate::results::documented::NESTING;

    fn claim(depth: u64, counts: &str) -> Documented {
        Documented { depth, counts: counts.into(), source: "https://example.org/limit".into(), shape: None }
    }

    fn with_claim(results: &mut Results, id: &str, documented: Documented) {
        results.parsers.iter_mut().find(|r| r.id == id).unwrap().documented = Some(documented);
    }

    fn verdict_of(results: &Results, id: &str) -> (Verdict, String) {
        let record = results.find(id).unwrap();
        verdict(record, record.documented.as_ref().unwrap())
    }

    #[test]
    fn a_clean_error_at_the_limit_or_one_past_it_holds_and_anything_else_does_not() {
        let mut results = sample();
        // rust-serde-json fails cleanly at 129; python-json at 995.
        with_claim(&mut results, "rust-serde-json", claim(128, NESTING));
        with_claim(&mut results, "python-json", claim(998, NESTING));
        // c-stack crashes at 87,289; c-unbounded has no limit; js-slow times out.
        with_claim(&mut results, "c-stack", claim(87_288, NESTING));
        with_claim(&mut results, "c-unbounded", claim(1_000, NESTING));
        with_claim(&mut results, "go-skipped", claim(10_000, NESTING));
        assert_eq!(
            verdict_of(&results, "rust-serde-json"),
            (Verdict::Holds, "clean error at depth 129".into())
        );
        with_claim(&mut results, "rust-serde-json", claim(129, NESTING));
        assert_eq!(
            verdict_of(&results, "rust-serde-json").0,
            Verdict::Holds,
            "the limit as the first depth refused"
        );
        with_claim(&mut results, "rust-serde-json", claim(128, NESTING));
        assert_eq!(
            verdict_of(&results, "python-json"),
            (Verdict::DoesNotHold, "clean error at depth 995".into()),
            "a clean error elsewhere is a finding"
        );
        let (crash, measured) = verdict_of(&results, "c-stack");
        assert_eq!((crash, measured.as_str()), (Verdict::DoesNotHold, "crash (SIGSEGV) at depth 87,289"));
        assert_eq!(verdict_of(&results, "c-unbounded").0, Verdict::DoesNotHold);
        assert_eq!(verdict_of(&results, "go-skipped"), (Verdict::NotMeasured, "skipped".into()));
        let claims = claims(&results);
        let order: Vec<(&str, Verdict)> = claims.iter().map(|c| (c.record.id.as_str(), c.verdict)).collect();
        assert_eq!(
            order,
            [
                ("c-stack", Verdict::DoesNotHold),
                ("c-unbounded", Verdict::DoesNotHold),
                ("python-json", Verdict::DoesNotHold),
                ("go-skipped", Verdict::NotMeasured),
                ("rust-serde-json", Verdict::Holds),
            ]
        );
        assert_eq!(
            tally(&results, &claims),
            Tally { holds: 1, does_not_hold: 3, not_measured: 1, not_documented: 2 }
        );
    }

    #[test]
    fn a_stack_bound_boundary_holds_within_the_same_fact_tolerance_and_a_fixed_one_exactly() {
        let mut results = sample();
        // c-stack's sweep says `stack`: 87,289 is within 0.1 % of 87,201 + 1; a clean error there.
        let record = results.parsers.iter_mut().find(|r| r.id == "c-stack").unwrap();
        let failure = record.result.as_mut().unwrap().failure.as_mut().unwrap();
        failure.kind = crate::results::outcome::FailureKind::Error;
        failure.signal = None;
        failure.signal_name = None;
        with_claim(&mut results, "c-stack", claim(87_201, NESTING));
        assert_eq!(verdict_of(&results, "c-stack").0, Verdict::Holds);
        with_claim(&mut results, "c-stack", claim(87_100, NESTING));
        assert_eq!(verdict_of(&results, "c-stack").0, Verdict::DoesNotHold, "beyond the tolerance");
        // serde_json's limit is fixed (its sweep says so): two off is a finding.
        with_claim(&mut results, "rust-serde-json", claim(127, NESTING));
        assert_eq!(verdict_of(&results, "rust-serde-json").0, Verdict::DoesNotHold);
    }

    #[test]
    fn a_limit_on_a_count_is_said_as_one_in_the_block_and_every_output() {
        let mut results = sample();
        with_claim(&mut results, "rust-serde-json", claim(128, "captures"));
        assert_eq!(
            verdict_of(&results, "rust-serde-json"),
            (Verdict::Holds, "clean error (captures) at 129".into())
        );
        let block = markdown(&results, "##");
        assert!(
            block.contains(
                "| holds | Rust serde_json | host | at most 128 captures | clean error (captures) at 129 | [documentation](https://example.org/limit) |"
            ),
            "{block}"
        );
        let record = results.find("rust-serde-json").unwrap();
        assert_eq!(crate::report::model::view::short_outcome(record), "clean error (captures) at 129");
        let table = crate::report::markdown::results_md::table(&results);
        assert!(table.contains("| clean error (captures) |"), "{table}");
        let badges = crate::report::exports::badges::Badges.files(&results).unwrap();
        let badge = &badges.iter().find(|(p, _)| p.ends_with("rust-serde-json.svg")).unwrap().1;
        assert!(badge.contains("clean error (captures) at 129"), "{badge}");
        let chart = crate::report::render::chart::results_svg(&results).unwrap();
        assert!(chart.contains("clean error (captures) at 129"), "{chart}");
        // A row without a count, and a count on another shape, say a clean error.
        let python = results.find("python-json").unwrap();
        assert_eq!(crate::report::model::view::short_outcome(python), "clean error at 995");
        let mut other_shape = claim(128, "captures");
        other_shape.shape = Some(crate::payload::Shape::Object);
        with_claim(&mut results, "rust-serde-json", other_shape);
        let record = results.find("rust-serde-json").unwrap();
        assert_eq!(crate::report::model::view::short_outcome(record), "clean error at 129");
        assert_eq!(verdict_of(&results, "rust-serde-json").0, Verdict::NotMeasured, "no object result");
    }

    #[test]
    fn the_block_counts_each_verdict_and_lists_the_findings_first() {
        let mut results = sample();
        let block = markdown(&results, "##");
        assert!(
            block.starts_with(
                "<a id=\"documented-limits\"></a>\n\n## Documented limits, measured: 0 hold, 0 do not hold, 0 not measured; 7 rows document no limit\n"
            ),
            "{block}"
        );
        assert!(!block.contains("| Verdict |"), "{block}");
        with_claim(&mut results, "rust-serde-json", claim(128, NESTING));
        with_claim(&mut results, "c-stack", claim(10_000, NESTING));
        let block = markdown(&results, "####");
        assert!(
            block.starts_with(
                "<a id=\"documented-limits\"></a>\n\n#### Documented limits, measured: 1 holds, 1 does not hold, 0 not measured; 5 rows document no limit\n"
            ),
            "{block}"
        );
        let finding = block.find("| **does not hold** | C recursive-parser |").expect("the finding");
        let holds = block.find("| holds | Rust serde_json |").expect("the row that holds");
        assert!(finding < holds, "{block}");
        assert!(block.contains("| 10,000 levels of nesting | crash (SIGSEGV) at depth 87,289 |"), "{block}");
        let mut html = String::new();
        html_section(&mut html, &results);
        assert!(html.contains("<span class=\"badge o-crash\">does not hold</span>"), "{html}");
        assert!(html.contains("<a href=\"https://example.org/limit\" rel=\"noreferrer\">"), "{html}");
    }
}
