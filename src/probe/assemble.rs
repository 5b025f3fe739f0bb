//! A probe's result, assembled from what its trials showed and how the probe concluded.

use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::time::Duration;

use crate::payload::Payload;
use crate::probe::classify::{failure_of, redact};
use crate::probe::observations::Observations;
use crate::probe::search::Boundary;
use crate::probe::spec::ProbeSpec;
use crate::results::crash_site::CrashSite;
use crate::results::growth::Growth;
use crate::results::outcome::{Failure, Outcome, ServiceFailure};
use crate::results::probe_result::{ProbeResult, ProbeStatus, SearchMode};
use crate::sys::trial::TrialReport;

/// How a probe concluded, for its result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Concluded {
    /// The boundary the trials showed (no failing depth: no limit up to the maximum), or the
    /// window where they disagreed.
    Boundary(Boundary),
    /// The program exited 0 without reading its whole payload at this depth.
    InputNotRead(u64),
    Slow(Slow),
}

/// Timeouts, not a limit: the program finished `finished` with the longer timeout, and not the
/// deeper depths tried in time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Slow {
    pub(super) finished: u64,
    /// The smallest deeper depth where it crashed before its time ran out, the depth below that
    /// not finishing (see `confirm::search_beyond_slow`); when a confirmation saw the crash again
    /// one level lower, that lower depth, the depths between not searched
    /// (`confirm::crash_beyond_slow_again`).
    pub(super) crash_depth: Option<u64>,
    pub(super) mode: SearchMode,
}

/// What a result says of the probe's effort, besides what its trials showed.
pub(super) struct Tally {
    /// Child processes started.
    pub(super) trials: u32,
    /// An accepted trial needed longer than the normal timeout.
    pub(super) slow: bool,
    pub(super) elapsed: Duration,
}

/// The status and depths a conclusion gives the result, once it is known whether the trials'
/// outcomes disagreed.
#[derive(Debug, PartialEq)]
struct Verdict {
    status: ProbeStatus,
    search: SearchMode,
    max_accepted: Option<u64>,
    min_failing: Option<u64>,
    crash_depth: Option<u64>,
    input_not_read_at: Option<u64>,
    /// Whose failed trial the result reports.
    failure_at: Option<u64>,
    /// Whose accepted trial the result reports (its memory, time and built depth).
    accepted_at: Option<u64>,
}

impl Verdict {
    /// `window`: the lowest failing and the highest passing depth seen.
    fn new(concluded: Concluded, disagreed: bool, window: [Option<u64>; 2]) -> Verdict {
        let (boundary, input_not_read_at, slow) = match concluded {
            Concluded::Boundary(boundary) => (Some(boundary), None, None),
            Concluded::InputNotRead(at) => (None, Some(at), None),
            Concluded::Slow(slow) => (None, None, Some(slow)),
        };
        let status = match (input_not_read_at, slow, disagreed) {
            (Some(_), ..) => ProbeStatus::InputNotRead,
            (None, _, true) => ProbeStatus::Unstable,
            (None, Some(_), false) => ProbeStatus::Slow,
            (None, None, false) => ProbeStatus::Exact,
        };
        let search = match concluded {
            Concluded::Boundary(boundary) => boundary.mode,
            Concluded::InputNotRead(_) => SearchMode::ReSearched,
            Concluded::Slow(slow) => slow.mode,
        };
        let exact = status == ProbeStatus::Exact;
        let is_slow = status == ProbeStatus::Slow;
        let min_failing = boundary.and_then(|b| b.min_failing).filter(|_| exact);
        let max_accepted = boundary
            .map(|b| b.max_accepted)
            .filter(|_| exact)
            .or(slow.map(|s| s.finished).filter(|_| is_slow));
        let crash_depth = slow.and_then(|s| s.crash_depth).filter(|_| is_slow);
        Verdict {
            status,
            search,
            max_accepted,
            min_failing,
            crash_depth,
            input_not_read_at,
            failure_at: if exact { min_failing } else { crash_depth.or(window[0]) },
            accepted_at: max_accepted.or(window[1]),
        }
    }
}

/// The result of a probe that `concluded` so after the trials `seen`.
pub(super) fn assemble(
    spec: &ProbeSpec,
    seen: &Observations,
    concluded: Concluded,
    tally: Tally,
) -> ProbeResult {
    let mut sightings = seen.disagreements();
    for outcome in sightings.iter_mut().flat_map(|s| s.outcomes.iter_mut()) {
        *outcome = redact(spec, outcome);
    }
    let window = seen.window();
    let verdict = Verdict::new(concluded, !sightings.is_empty(), window);
    // (Near the resident cap a depth can both pass and fail: each side takes its own trials.)
    let failure_report = verdict.failure_at.and_then(|d| seen.last_judged(d, true));
    let accepted_report = verdict.accepted_at.and_then(|d| seen.last_judged(d, false));
    let max_accepted = verdict.max_accepted;
    ProbeResult {
        command: spec.command.clone(),
        payload_format: spec.format,
        shape: spec.shape,
        phase: spec.phase,
        program: spec.program.clone(),
        error_status: spec.error_status.clone(),
        status: verdict.status,
        settings: spec.settings(),
        env: spec.trial.env.record(),
        max_accepted_depth: max_accepted,
        min_failing_depth: verdict.min_failing,
        failure: failure_report.and_then(|r| recorded_failure(spec, &r.outcome)),
        payload_bytes: verdict.min_failing.map(|d| Payload::new(spec.format, spec.shape, d).len()),
        // A running service's memory is not seen (nestprobe did not start it).
        peak_rss_bytes: accepted_report.filter(|_| !running_service(spec)).map(|r| r.peak_rss_bytes),
        peak_rss_exact: accepted_report.is_some_and(|r| r.peak_rss_exact),
        accepted_seconds: accepted_report.map(|r| round_seconds(r.own_time())),
        slow: tally.slow,
        trials: tally.trials,
        elapsed_seconds: round_seconds(tally.elapsed),
        search: verdict.search,
        boundary_window: window,
        unstable: verdict.status == ProbeStatus::Unstable,
        sightings,
        crashed_in: failure_report.and_then(runtime_crash_site),
        crash_depth: verdict.crash_depth,
        input_not_read_at: verdict.input_not_read_at,
        flattened_to: accepted_report.and_then(|r| flattened_to(r, max_accepted)),
        growth: Growth::estimate(&seen.accepted_times()),
        service: match &spec.client {
            Some(client) => Some(client.record()),
            None => spec.service.as_ref().map(|service| service.record()),
        },
    }
}

/// Whether the trials went to a service nestprobe did not start.
fn running_service(spec: &ProbeSpec) -> bool {
    spec.service.as_ref().is_some_and(|service| service.spec().server.is_none())
}

/// An exact result whose repeated searches found another boundary is unstable: no exact number.
pub(super) fn unstable_across_repeats(mut result: ProbeResult) -> ProbeResult {
    if result.status == ProbeStatus::Exact {
        result.status = ProbeStatus::Unstable;
        result.unstable = true;
        result.max_accepted_depth = None;
        result.min_failing_depth = None;
        result.payload_bytes = None;
    }
    result
}

/// The failure a result records for this outcome, its output without this machine's paths.
fn recorded_failure(spec: &ProbeSpec, outcome: &Outcome) -> Option<Failure> {
    failure_of(spec, outcome).map(|f| Failure { stderr: redact(spec, &f.stderr), ..f })
}

/// A runtime that gave up (an abnormal exit, or a server that exited of the request: Go's fatal
/// stack overflow, Node's uncaught RangeError) may have printed where; a signal's site comes from
/// a debugger afterwards (`crash_site::locate_crash`).
fn runtime_crash_site(report: &TrialReport) -> Option<CrashSite> {
    match &report.outcome {
        Outcome::Abnormal { stderr, .. } => CrashSite::from_runtime_output(stderr),
        Outcome::Service(ServiceFailure::Died { status: Some(status), stderr })
        | Outcome::Service(ServiceFailure::WorkerDied { status: Some(status), stderr })
            if ExitStatus::from_raw(*status).code().is_some() =>
        {
            CrashSite::from_runtime_output(stderr)
        }
        _ => None,
    }
}

/// Only a full result says the nesting was flattened: the deepest accepted payload's.
fn flattened_to(accepted: &TrialReport, max_accepted: Option<u64>) -> Option<u64> {
    accepted.built_depth.filter(|&built| max_accepted.is_some_and(|depth| built < depth))
}

fn round_seconds(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boundary(max_accepted: u64, min_failing: Option<u64>) -> Concluded {
        Concluded::Boundary(Boundary { max_accepted, min_failing, trials: 9, mode: SearchMode::Cold })
    }

    #[test]
    fn an_agreeing_boundary_is_exact_and_reports_its_two_sides() {
        let verdict = Verdict::new(boundary(99, Some(100)), false, [Some(100), Some(99)]);
        assert_eq!(
            verdict,
            Verdict {
                status: ProbeStatus::Exact,
                search: SearchMode::Cold,
                max_accepted: Some(99),
                min_failing: Some(100),
                crash_depth: None,
                input_not_read_at: None,
                failure_at: Some(100),
                accepted_at: Some(99),
            }
        );
        // No limit: nothing failed, the maximum is the deepest accepted.
        let no_limit = Verdict::new(boundary(1000, None), false, [None, Some(1000)]);
        assert_eq!(
            (no_limit.status, no_limit.min_failing, no_limit.failure_at),
            (ProbeStatus::Exact, None, None)
        );
    }

    #[test]
    fn disagreeing_trials_make_any_conclusion_but_input_not_read_unstable_without_exact_depths() {
        let window = [Some(40), Some(60)];
        let unstable = Verdict::new(boundary(59, Some(60)), true, window);
        assert_eq!(
            (unstable.status, unstable.max_accepted, unstable.min_failing),
            (ProbeStatus::Unstable, None, None)
        );
        // The window's ends are the trials it reports.
        assert_eq!((unstable.failure_at, unstable.accepted_at), (Some(40), Some(60)));
        let slow = Slow { finished: 50, crash_depth: Some(70), mode: SearchMode::Confirmed };
        let slow = Verdict::new(Concluded::Slow(slow), true, window);
        assert_eq!(
            (slow.status, slow.crash_depth, slow.search),
            (ProbeStatus::Unstable, None, SearchMode::Confirmed)
        );
        let not_read = Verdict::new(Concluded::InputNotRead(7), true, window);
        assert_eq!(
            (not_read.status, not_read.input_not_read_at, not_read.search),
            (ProbeStatus::InputNotRead, Some(7), SearchMode::ReSearched)
        );
    }

    #[test]
    fn a_slow_conclusion_reports_where_it_finished_and_the_crash_deeper() {
        let slow = Slow { finished: 50, crash_depth: Some(70), mode: SearchMode::Cold };
        let verdict = Verdict::new(Concluded::Slow(slow), false, [Some(60), Some(50)]);
        assert_eq!(
            (verdict.status, verdict.max_accepted, verdict.min_failing, verdict.crash_depth),
            (ProbeStatus::Slow, Some(50), None, Some(70))
        );
        assert_eq!((verdict.failure_at, verdict.accepted_at), (Some(70), Some(50)));
        // Without a crash, the failure reported is the lowest failing depth seen (a timeout).
        let slow = Slow { crash_depth: None, ..slow };
        assert_eq!(Verdict::new(Concluded::Slow(slow), false, [Some(60), Some(50)]).failure_at, Some(60));
    }

    #[test]
    fn only_an_exact_result_turns_unstable_when_its_repeats_disagree() {
        let exact = ProbeResult {
            status: ProbeStatus::Exact,
            max_accepted_depth: Some(99),
            min_failing_depth: Some(100),
            payload_bytes: Some(200),
            ..Default::default()
        };
        let unstable = unstable_across_repeats(exact);
        assert_eq!(unstable.status, ProbeStatus::Unstable);
        assert!(unstable.unstable);
        assert_eq!(
            (unstable.max_accepted_depth, unstable.min_failing_depth, unstable.payload_bytes),
            (None, None, None)
        );
        let slow =
            ProbeResult { status: ProbeStatus::Slow, max_accepted_depth: Some(50), ..Default::default() };
        assert_eq!(unstable_across_repeats(slow.clone()), slow);
    }

    #[test]
    fn seconds_are_rounded_to_milliseconds() {
        assert_eq!(round_seconds(Duration::from_micros(1_234_567)), 1.235);
        assert_eq!(round_seconds(Duration::ZERO), 0.0);
    }

    #[test]
    fn a_server_that_exited_of_the_request_is_located_by_its_runtimes_words_and_a_signal_is_not() {
        let go = "fatal error: stack overflow\n\ngoroutine 7 [running]:\n\
                  main.nest(0xc000010000?)\n\t/src/app.go:12 +0x25\n\
                  main.nest(0xc000010000?)\n\t/src/app.go:13 +0x31\n\
                  main.nest(0xc000010000?)\n\t/src/app.go:13 +0x31\n\n\
                  goroutine 1 [IO wait]:\nmain.main()\n\t/src/app.go:30 +0x1\n";
        let report = |status: i32| TrialReport {
            outcome: Outcome::Service(ServiceFailure::Died { status: Some(status), stderr: go.into() }),
            wall: Duration::from_millis(10),
            queued: Duration::ZERO,
            starved: false,
            peak_rss_bytes: 0,
            peak_rss_exact: true,
            read_whole_input: true,
            built_depth: None,
        };
        // Exit status 2 (a wait status of 2 << 8): the runtime's own words say where.
        let site = runtime_crash_site(&report(2 << 8)).expect("located by the runtime's words");
        assert!(site.printed_by_runtime);
        assert_eq!(site.frames.first().map(String::as_str), Some("main.nest"));
        // Killed by SIGSEGV: the debugger says where, not what it printed before.
        assert!(runtime_crash_site(&report(libc::SIGSEGV)).is_none());
    }
}
