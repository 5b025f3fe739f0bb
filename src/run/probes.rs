//! Which probes a row gets after its main one, in the order they are made, and where each starts:
//! the other shapes, the unclosed input, the stack sweep, the phases (a service's: its warm state,
//! its deployment stacks, its routes). `run::measure` makes them.

use crate::catalog::Entry;
use crate::payload::Shape;
use crate::results::outcome::FailureKind;
use crate::results::part::Part;
use crate::results::phase::Phase;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::ParserRecord;
use crate::units::Limit;

/// The extra stack sizes of the sweep in a catalog run, besides the run's own (8 MiB: Linux's main
/// thread): the stacks software runs on (results/stacks.rs names them), and 64 MiB, which says
/// whether more stack moves a limit.
pub const SWEEP_STACKS: [Limit; 5] = crate::results::stacks::SWEEP_EXTRA;

/// Where a probe after the main one starts when no committed result of its own hints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// A search from scratch.
    Search,
    /// Where the main probe failed: many parsers have one configured limit for every shape and
    /// stack, found then in two trials instead of a search.
    MainBoundary,
    /// Where the probe before it (the phase before, else the main probe) failed, or where it
    /// finished slowly: a phase that takes as long is confirmed slow there in one trial, one that
    /// crashes sooner (libyaml's emitter) is searched below it.
    ProbeBefore,
    /// Where the main probe ran out of time: reading unclosed input costs what reading the closed
    /// one did, so the machine is not timed over a whole search.
    SlowElsewhere(u64),
    /// What the main probe found: where it failed, or that nothing did (a sweep's other stacks: a
    /// parser that does not recurse has no limit at any stack, confirmed in one trial).
    MainFinding,
    /// Not probed: the main result is this probe (the sweep at the run's own stack).
    MainResult,
}

/// One probe of a row after its main one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlannedProbe<'a> {
    /// The part of the record it fills (each sweep stack is a probe of the sweep).
    pub part: Part,
    pub shape: Shape,
    pub phase: Option<Phase>,
    pub stack: Limit,
    /// The committed result of the same probe, which hints it.
    pub previous: Option<&'a ProbeResult>,
    pub start: Start,
    /// The deepest depth tried, when less than the run's: a smaller stack of a parser that runs out
    /// of time is tried only as deep as it finished in time on the run's stack (whether it loses
    /// control sooner there, not how slow it is).
    pub max_depth: Option<u64>,
}

/// The probes a row gets after its `main` one, in the order they are made, at the run's `stack`,
/// with their `committed` results: none with `quick`. A parser that runs out of time or memory
/// rather than into a limit gets no other shape and no other stack (each would time the machine
/// again, or fill its memory, not tell anything about nesting); its unclosed input and phases,
/// which can still crash it below that depth, it gets. More stack than the run's is not tried
/// where the main probe took the maximum depth (more stack cannot make it fail). Formats where
/// every text is valid (Markdown, HTML) have no unclosed input. The sweep and the phases are of
/// the main probe's shape, which is the format's main one unless the program `refused` it.
pub fn probes_after_main<'a>(
    entry: &Entry,
    main: &ProbeResult,
    refused: &[Shape],
    committed: Option<&'a ParserRecord>,
    stack: Limit,
    quick: bool,
) -> Vec<PlannedProbe<'a>> {
    if quick {
        return Vec::new();
    }
    let format = entry.format;
    let previous = |part: Part| committed.and_then(|record| record.part(part));
    if entry.serve.is_some() {
        return service_probes_after_main(entry, main, committed, stack);
    }
    let at = |part: Part, shape: Shape, start: Start| PlannedProbe {
        part,
        shape,
        phase: None,
        stack,
        previous: previous(part),
        start,
        max_depth: None,
    };
    let mut planned = Vec::new();
    let time_bound = runs_out_of_time_or_memory(main);
    if !time_bound {
        let second = format.second_shape().map(|shape| (Part::SecondShape { shape }, shape));
        let further = format.more_shapes().iter().map(|&shape| (Part::FurtherShape { shape }, shape));
        let main_or_refused = |shape: Shape| shape == main.shape || refused.contains(&shape);
        for (part, shape) in second.into_iter().chain(further).filter(|&(_, shape)| !main_or_refused(shape)) {
            planned.push(at(part, shape, Start::MainBoundary));
        }
    }
    if format.has(Shape::Unclosed) {
        let start = match main.finding() {
            Finding::Slow(depth, _) => Start::SlowElsewhere(depth),
            _ => Start::Search,
        };
        planned.push(at(Part::Unclosed, Shape::Unclosed, start));
    }
    let main_shape = main.shape;
    planned.push(PlannedProbe { previous: None, ..at(Part::Sweep, main_shape, Start::MainResult) });
    let took_maximum = matches!(main.finding(), Finding::NoLimit | Finding::Flattened(_));
    // A parser that runs out of time: a smaller stack is tried as deep as it finishes in well under
    // the timeout (whether it loses control sooner there, not how slow it is).
    let finished_in_time = time_bound.then(|| quick_depth(main)).filter(|&d| d >= 1);
    for sweep_stack in sweep_order(stack) {
        // More stack cannot make a parser that took the maximum fail, and would only time one
        // that runs out of time again.
        if sweep_stack > stack && (took_maximum || time_bound) {
            continue;
        }
        if time_bound && finished_in_time.is_none() {
            continue;
        }
        let sweep = committed.and_then(|record| record.sweep.as_ref());
        let previous =
            sweep.and_then(|s| s.probes.iter().find(|p| p.settings.stack_bytes == sweep_stack.bytes()));
        let start = Start::MainFinding;
        planned.push(PlannedProbe {
            part: Part::Sweep,
            shape: main_shape,
            phase: None,
            stack: sweep_stack,
            previous,
            start,
            max_depth: finished_in_time,
        });
    }
    for &phase in &entry.phases {
        let part = Part::Phase { phase };
        planned.push(PlannedProbe { phase: Some(phase), ..at(part, main_shape, Start::ProbeBefore) });
    }
    planned
}

/// A service's probes after its main one (a fresh server for every trial): the same shape on a
/// warmed server, the deployment stacks where its request threads take RLIMIT_STACK, then its
/// phases (routes). No other shape: a service is measured as it is deployed.
fn service_probes_after_main<'a>(
    entry: &Entry,
    main: &ProbeResult,
    committed: Option<&'a ParserRecord>,
    stack: Limit,
) -> Vec<PlannedProbe<'a>> {
    let previous = |part: Part| committed.and_then(|record| record.part(part));
    let warm = Part::Warm { shape: main.shape };
    let mut planned = vec![PlannedProbe {
        part: warm,
        shape: main.shape,
        phase: None,
        stack,
        previous: previous(warm),
        start: Start::MainBoundary,
        max_depth: None,
    }];
    // Where its request threads take RLIMIT_STACK (glibc's default), the deployment stacks move
    // its limit: swept as a library is (more stack only where it did not take the maximum).
    let follows = crate::results::service::ServerStack::of_language(&entry.language).follows_rlimit();
    if follows && !runs_out_of_time_or_memory(main) {
        let took_maximum = matches!(main.finding(), Finding::NoLimit | Finding::Flattened(_));
        let sweep = committed.and_then(|record| record.sweep.as_ref());
        planned.push(PlannedProbe {
            part: Part::Sweep,
            shape: main.shape,
            phase: None,
            stack,
            previous: None,
            start: Start::MainResult,
            max_depth: None,
        });
        for sweep_stack in sweep_order(stack).into_iter().filter(|&s| !(s > stack && took_maximum)) {
            let previous =
                sweep.and_then(|s| s.probes.iter().find(|p| p.settings.stack_bytes == sweep_stack.bytes()));
            planned.push(PlannedProbe {
                part: Part::Sweep,
                shape: main.shape,
                phase: None,
                stack: sweep_stack,
                previous,
                start: Start::MainFinding,
                max_depth: None,
            });
        }
    }
    for &phase in &entry.phases {
        let part = Part::Phase { phase };
        let start = Start::ProbeBefore;
        planned.push(PlannedProbe {
            part,
            shape: main.shape,
            phase: Some(phase),
            stack,
            previous: previous(part),
            start,
            max_depth: None,
        });
    }
    planned
}

/// The sweep's extra stacks in the order they are probed: nearest the run's `stack` first (the
/// smaller ones largest first, then the larger ones), so that each starts from the boundary of a
/// stack probed just before it (see `Measuring::scaled_from_nearest_stack` in measure.rs).
fn sweep_order(stack: Limit) -> Vec<Limit> {
    let (mut smaller, larger): (Vec<Limit>, Vec<Limit>) = SWEEP_STACKS.into_iter().partition(|&s| s < stack);
    smaller.reverse();
    smaller.extend(larger);
    smaller
}

/// The share of the timeout a smaller stack's trial of a time-bound parser may take.
const QUICK_SHARE: f64 = 0.4;

/// The depth a time-bound main probe's parser finishes in about QUICK_SHARE of the timeout: the
/// deepest it accepted, scaled by the time that took (work grows at least linearly with depth).
fn quick_depth(main: &ProbeResult) -> u64 {
    let deepest = main.max_accepted_depth.unwrap_or(0);
    let share = match main.accepted_seconds {
        Some(took) if took > 0.0 => (QUICK_SHARE * main.settings.timeout_seconds / took).min(1.0),
        _ => 1.0,
    };
    (deepest as f64 * share) as u64
}

/// The main probe ran out of time (slow) or failed by a timeout or the memory cap.
fn runs_out_of_time_or_memory(main: &ProbeResult) -> bool {
    match main.finding() {
        Finding::Slow(..) => true,
        Finding::FailsAt(_, failure) => {
            matches!(failure.kind, FailureKind::Timeout | FailureKind::OutOfMemory)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    /// One row of `format` with `phases`.
    fn row(format: &str, phases: &str) -> Entry {
        let text = format!(
            "[[parser]]\nid = \"p\"\nlanguage = \"C\"\nlibrary = \"lib\"\nrun = [\"true\"]\n\
             version = \"echo 1\"\nformat = \"{format}\"\nphases = [{phases}]\n"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("catalog.toml");
        std::fs::write(&path, text).unwrap();
        Catalog::load(&path).unwrap().entries.remove(0)
    }

    /// A main result failing at `depth` (`kind`), or taking the maximum (`None`).
    fn main_result(shape: Shape, fails: Option<(u64, FailureKind)>) -> ProbeResult {
        let failure = fails.map(|(_, kind)| crate::results::outcome::Failure {
            kind,
            exit_code: Some(1),
            signal: None,
            signal_name: None,
            stderr: String::new(),
            peak_rss_bytes: None,
            service: None,
        });
        ProbeResult { shape, min_failing_depth: fails.map(|(depth, _)| depth), failure, ..Default::default() }
    }

    /// The plan in short: each probe's part, stack in KiB and start.
    fn plan_of(planned: &[PlannedProbe]) -> Vec<(String, u64, Start)> {
        let kib = |stack: Limit| stack.bytes().map_or(0, |bytes| bytes >> 10);
        planned.iter().map(|p| (p.part.to_string(), kib(p.stack), p.start)).collect()
    }

    const MIB_IN_KIB: u64 = 1024;

    #[test]
    fn a_row_gets_its_shapes_unclosed_input_sweep_and_phases_in_order() {
        let entry = row("json", r#""parse", "free""#);
        let main = main_result(Shape::Array, Some((1000, FailureKind::Error)));
        let stack = Limit::Bytes(8 << 20);
        let planned = probes_after_main(&entry, &main, &[], None, stack, false);
        // Every stack software runs on, 128 KiB to 8 MiB, and 64 MiB: the smaller ones largest
        // first, each starting from the one probed before it.
        let expected = [
            ("object", 8192, Start::MainBoundary),
            ("unclosed", 8192, Start::Search),
            ("sweep", 8192, Start::MainResult),
            ("sweep", 2048, Start::MainFinding),
            ("sweep", 1024, Start::MainFinding),
            ("sweep", 512, Start::MainFinding),
            ("sweep", 128, Start::MainFinding),
            ("sweep", 65536, Start::MainFinding),
            ("parse", 8192, Start::ProbeBefore),
            ("free", 8192, Start::ProbeBefore),
        ];
        assert_eq!(plan_of(&planned), expected.map(|(part, kib, start)| (part.to_string(), kib, start)));
        assert_eq!(planned[8].phase, Some(Phase::Parse));
        assert!(planned.iter().all(|p| p.max_depth.is_none()));
        assert!(planned.iter().all(|p| p.previous.is_none()));
        // `--quick`: the main probe alone.
        assert!(probes_after_main(&entry, &main, &[], None, stack, true).is_empty());
    }

    #[test]
    fn each_probe_is_hinted_by_its_own_committed_result() {
        let entry = row("json", r#""serialize""#);
        let main = main_result(Shape::Array, Some((1000, FailureKind::Crash)));
        let mut committed = crate::run::unmeasured::unmeasured(&entry, crate::results::Status::Measured, "");
        let result = |shape, phase, stack: u64, depth| ProbeResult {
            phase,
            settings: crate::results::settings::Settings {
                stack_bytes: Some(stack << 20),
                ..Default::default()
            },
            ..main_result(shape, Some((depth, FailureKind::Crash)))
        };
        committed.object = Some(result(Shape::Object, None, 8, 1));
        committed.unclosed = Some(result(Shape::Unclosed, None, 8, 2));
        committed.phases = vec![result(Shape::Array, Some(Phase::Serialize), 8, 3)];
        committed.sweep = Some(crate::results::sweep_result::SweepResult {
            probes: vec![result(Shape::Array, None, 64, 4), result(Shape::Array, None, 1, 5)],
            ..serde_json::from_value(serde_json::json!({"command": [], "verdict": "fixed", "probes": []}))
                .unwrap()
        });
        let planned = probes_after_main(&entry, &main, &[], Some(&committed), Limit::Bytes(8 << 20), false);
        let hinted: Vec<_> = planned.iter().map(|p| p.previous.and_then(|r| r.min_failing_depth)).collect();
        // (No committed probe at 128 KiB, 512 KiB or 2 MiB: a sweep measured before they were.)
        assert_eq!(hinted, [Some(1), Some(2), None, None, Some(5), None, None, Some(4), Some(3)]);
    }

    #[test]
    fn a_parser_out_of_time_gets_no_other_shape_nor_more_stack_and_its_smaller_stacks_only_as_deep_as_it_finished(
    ) {
        let entry = row("json", r#""parse""#);
        let stack = Limit::Bytes(8 << 20);
        let mut slow = main_result(Shape::Array, None);
        slow.status = crate::results::probe_result::ProbeStatus::Slow;
        slow.max_accepted_depth = Some(40_000);
        let expected = |unclosed: Start| {
            let mut plan =
                vec![("unclosed", 8 * MIB_IN_KIB, unclosed), ("sweep", 8 * MIB_IN_KIB, Start::MainResult)];
            plan.extend([2 * MIB_IN_KIB, MIB_IN_KIB, 512, 128].map(|kib| ("sweep", kib, Start::MainFinding)));
            plan.push(("parse", 8 * MIB_IN_KIB, Start::ProbeBefore));
            plan.into_iter().map(|(part, kib, start)| (part.to_string(), kib, start)).collect::<Vec<_>>()
        };
        let planned = probes_after_main(&entry, &slow, &[], None, stack, false);
        assert_eq!(plan_of(&planned), expected(Start::SlowElsewhere(40_000)));
        // Where it finished: 40,000 levels with no time recorded; with 10 s taken of a 10 s
        // timeout, the depth that takes 0.4 of it.
        let smaller: Vec<_> = planned.iter().filter(|p| p.part == Part::Sweep).map(|p| p.max_depth).collect();
        assert_eq!(smaller, [None, Some(40_000), Some(40_000), Some(40_000), Some(40_000)]);
        slow.accepted_seconds = Some(10.0);
        slow.settings.timeout_seconds = 10.0;
        let planned = probes_after_main(&entry, &slow, &[], None, stack, false);
        assert!(planned.iter().filter(|p| p.stack < stack).all(|p| p.max_depth == Some(16_000)));
        for kind in [FailureKind::Timeout, FailureKind::OutOfMemory] {
            let ran_out =
                ProbeResult { max_accepted_depth: Some(499), ..main_result(Shape::Array, Some((500, kind))) };
            let planned = probes_after_main(&entry, &ran_out, &[], None, stack, false);
            assert_eq!(plan_of(&planned), expected(Start::Search));
            assert!(planned.iter().filter(|p| p.stack < stack).all(|p| p.max_depth == Some(499)));
        }
    }

    #[test]
    fn more_stack_is_not_tried_where_the_main_probe_took_the_maximum() {
        let entry = row("json", "");
        let no_limit = main_result(Shape::Array, None);
        let planned = probes_after_main(&entry, &no_limit, &[], None, Limit::Bytes(8 << 20), false);
        let stacks: Vec<u64> = planned
            .iter()
            .filter(|p| p.part == Part::Sweep)
            .map(|p| p.stack.bytes().unwrap() >> 10)
            .collect();
        // Less stack can still make it fail; more cannot.
        assert_eq!(stacks, [8 * MIB_IN_KIB, 2 * MIB_IN_KIB, MIB_IN_KIB, 512, 128]);
    }

    #[test]
    fn a_format_without_unclosed_input_gets_its_second_and_further_shapes() {
        let entry = row("markdown", "");
        let main = main_result(Shape::Quote, Some((100, FailureKind::Crash)));
        let planned = probes_after_main(&entry, &main, &[], None, Limit::Bytes(8 << 20), false);
        let parts: Vec<Part> = planned.iter().map(|p| p.part).take(3).collect();
        assert_eq!(
            parts,
            [
                Part::SecondShape { shape: Shape::List },
                Part::FurtherShape { shape: Shape::Inline },
                Part::Sweep
            ]
        );
        assert!(planned.iter().all(|p| p.part != Part::Unclosed));
    }
}
