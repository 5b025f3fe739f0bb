//! One row of a run: build it, ask its version, run its hooks, and probe it: the main shape, the
//! other shapes, the stack sweep. Previous results, where there are, make each probe a confirmation.
//!
//! A row is made ready ([`prepare`]) apart from being probed ([`measure`]), so that the run can
//! make the next row ready while the current one probes; [`abandon`] undoes a ready row that will
//! not be probed (its `after` hook).

use std::time::Instant;

use anyhow::{bail, Result};

use crate::catalog::{Entry, Hook, Parser, Readiness, UnusableBuildFolder};
use crate::payload::Shape;
use crate::probe::options::TrialOptions;
use crate::probe::search::Hint;
use crate::probe::{locate_crash, probe, sweep, DepthOneRejected, ProbeSpec};
use crate::results::outcome::{error_line, FailureKind};
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::sweep_result::SweepResult;
use crate::results::{ParserRecord, RowTimings, Status, UnsupportedShape};
use crate::run::unmeasured;
use crate::sys::interrupt;
use crate::sys::trial::{TrialConfig, TrialReport};
use crate::ui::messages;
use crate::units::Limit;

const MIB: u64 = 1024 * 1024;
/// The extra stack sizes of the sweep in a catalog run (the run's own stack is the third).
const SWEEP_STACKS: [Limit; 2] = [Limit::Bytes(MIB), Limit::Bytes(64 * MIB)];

/// Options every parser of a run is probed with.
pub struct MeasureOptions {
    pub trial: TrialOptions,
    /// Only the main probe: no other shapes, no sweep.
    pub quick: bool,
    /// The resident cap of each child, shared out among the trials running at once.
    pub max_rss: Option<u64>,
    /// Trials one probe may run at once (`probe --jobs`): the cores the run's parallel rows leave.
    pub trials_at_once: usize,
}

/// How far [`prepare`] got with a row.
pub enum Prepared<'a> {
    /// Built, its version known, its `before` hook run: ready to probe.
    Ready(ReadyRow<'a>),
    /// Its toolchain is there but it needs a build, left for the row's own turn: a build (minutes of
    /// a compiler on every core) beside another row's probe would slow that probe's trials.
    NeedsBuild(Parser<'a>, RowTimings),
    /// The row ends here: its record says why (build or hook failed); `None` when interrupted.
    Ended(Option<Box<ParserRecord>>),
    /// This run cannot measure the row on this machine (its toolchain is missing, its build folder
    /// unusable), which says nothing about the program: the record says why, and a row measured
    /// before keeps that record instead (`ParserRecord::not_measured_again`).
    Unavailable(Box<ParserRecord>),
}

/// A row ready to probe.
pub struct ReadyRow<'a> {
    parser: Parser<'a>,
    version: Option<String>,
    timings: RowTimings,
}

/// Makes a row ready to probe: its toolchain checked, its build up to date, its version known,
/// its `before` hook run. A row that needs a build is left at that ([`Prepared::NeedsBuild`]): it
/// is built in its own turn, by [`measure`].
pub fn prepare(parser: Parser) -> Prepared {
    let mut timings = RowTimings::default();
    let entry = parser.entry;
    match timed(&mut timings.readiness_seconds, || parser.readiness()) {
        Readiness::Missing(why) => {
            let why =
                format!("toolchain not installed: {why} (run `nestprobe setup --only {}`)", entry.key());
            Prepared::Unavailable(ended_record(entry, Status::Skipped, why, timings))
        }
        // (A row without a build command only has its stamp written.)
        Readiness::NeedsBuild if entry.build.is_some() => Prepared::NeedsBuild(parser, timings),
        Readiness::NeedsBuild | Readiness::Ready => build_and_start(parser, timings),
    }
}

/// The rest of [`prepare`] once the toolchain is there: the build (if its sources changed), the
/// version, the `before` hook.
fn build_and_start(parser: Parser, mut timings: RowTimings) -> Prepared {
    let entry = parser.entry;
    match timed(&mut timings.build_seconds, || parser.build()) {
        Err(error) if interrupt::is_interrupted(&error) => return Prepared::Ended(None),
        Err(error) if error.is::<UnusableBuildFolder>() => {
            let reason = format!("{error:#}");
            return Prepared::Unavailable(ended_record(entry, Status::BuildFailed, reason, timings));
        }
        Err(error) => return ended(entry, Status::BuildFailed, format!("{error:#}"), timings),
        Ok(()) => {}
    }
    let Ok(version) = timed(&mut timings.version_seconds, || parser.version()) else {
        return Prepared::Ended(None);
    };
    match timed(&mut timings.hooks_seconds, || parser.hook(Hook::Before)) {
        Err(error) if interrupt::is_interrupted(&error) => return Prepared::Ended(None),
        Err(error) => return ended(entry, Status::ProbeFailed, format!("{error:#}"), timings),
        Ok(()) => {}
    }
    Prepared::Ready(ReadyRow { parser, version, timings })
}

/// A row that ends before its probes.
fn ended<'a>(entry: &Entry, status: Status, reason: String, timings: RowTimings) -> Prepared<'a> {
    Prepared::Ended(Some(ended_record(entry, status, reason, timings)))
}

/// The record of a row that ends before its probes, with what its preparation took.
fn ended_record(entry: &Entry, status: Status, reason: String, timings: RowTimings) -> Box<ParserRecord> {
    let mut record = unmeasured(entry, status, reason);
    record.timings = Some(timings);
    Box::new(record)
}

/// A prepared row with its deferred build done, if it had one ([`Prepared::NeedsBuild`]).
pub fn build_if_needed(prepared: Prepared) -> Prepared {
    match prepared {
        Prepared::NeedsBuild(parser, timings) => build_and_start(parser, timings),
        prepared => prepared,
    }
}

/// Probes a prepared row (finishing a deferred build first), timing each part. `None` only when
/// interrupted before it finished.
pub fn measure(
    prepared: Prepared,
    options: &MeasureOptions,
    baseline: Option<&ParserRecord>,
) -> Option<ParserRecord> {
    let ready = match build_if_needed(prepared) {
        Prepared::Ready(ready) => ready,
        Prepared::Ended(record) => return record.map(|record| *record),
        Prepared::Unavailable(record) => return Some(*record),
        Prepared::NeedsBuild(..) => unreachable!("build_and_start builds"),
    };
    let ReadyRow { parser, version, mut timings } = ready;
    // Where the previous run's crashes were is still where they are only in the same version.
    let same_version = baseline.is_some_and(|b| b.version == version);
    let probed = timed(&mut timings.probe_seconds, || probe_all(&parser, options, baseline, same_version));
    after_hook(&parser, &mut timings);
    let mut record = match probed {
        Err(error) if interrupt::is_interrupted(&error) => return None,
        Err(error) => unmeasured(parser.entry, Status::ProbeFailed, format!("{error:#}")),
        Ok(measured) => measured,
    };
    record.version = version;
    record.timings = Some(timings);
    Some(record)
}

/// Undoes a prepared row that will not be probed (the run was interrupted): its `after` hook.
pub fn abandon(prepared: Prepared) {
    if let Prepared::Ready(mut ready) = prepared {
        after_hook(&ready.parser, &mut ready.timings);
    }
}

fn after_hook(parser: &Parser, timings: &mut RowTimings) {
    if let Err(error) = timed(&mut timings.hooks_seconds, || parser.hook(Hook::After)) {
        messages::warn(format_args!("{}: {error:#}", parser.entry.key()));
    }
}

/// Runs `part`, adding its wall time to `seconds`.
fn timed<T>(seconds: &mut f64, part: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let result = part();
    *seconds += started.elapsed().as_secs_f64();
    result
}

fn probe_all(
    parser: &Parser,
    options: &MeasureOptions,
    baseline: Option<&ParserRecord>,
    same_version: bool,
) -> Result<ParserRecord> {
    let entry = parser.entry;
    let trial = parser.trial_config(options.trial.trial_config(
        parser.argv(),
        parser.child_env(),
        options.max_rss,
    ))?;
    let mut specs = Specs {
        trial,
        entry,
        max_depth: options.trial.max_depth,
        trials_at_once: options.trials_at_once,
        quick: options.quick,
        same_version,
        main_fails_at: None,
    };
    let stack = options.trial.stack;
    let main_shape = entry.format.main_shape();
    let main_spec = specs.spec(main_shape, stack, baseline.and_then(|b| b.result.as_ref()));
    let main = specs.located(&main_spec, baseline.and_then(|b| b.result.as_ref()))?;
    if let Some(shallow) = shallow_error(&main) {
        // No parser limits nesting to one or two levels: this is the program failing on the
        // payload (pyasn1 0.6.1 cannot decode an empty SEQUENCE inside another), not a limit.
        bail!(
            "the program cannot parse {} nested {} levels deep: {} (an error this shallow is not a nesting limit)",
            main_shape,
            shallow.depth,
            shallow.error
        );
    }
    specs.main_fails_at = main.exact_failing_depth();
    let mut record = unmeasured(entry, Status::Measured, "");
    // Probes after the main one that could not be made: said in the record, the rest kept.
    let mut notes: Vec<String> = Vec::new();
    // A parser that runs out of time rather than into a limit: another shape or stack would time the
    // machine again (each costing minutes), not tell anything about nesting; the unclosed input and
    // the phases after the parse, which can still crash it below that depth, are worth probing.
    // Likewise one stopped by the memory cap: every further probe would fill memory again.
    let time_bound = match main.finding() {
        Finding::Slow(..) => true,
        Finding::FailsAt(_, failure) => {
            matches!(failure.kind, FailureKind::Timeout | FailureKind::OutOfMemory)
        }
        _ => false,
    };
    if !options.quick {
        if !time_bound {
            probe_other_shapes(&specs, stack, baseline, &main, &mut record, &mut notes)?;
        }
        // Formats where every text is valid (Markdown, HTML) have no unclosed input.
        if entry.format.has(Shape::Unclosed) {
            let previous = baseline.and_then(|b| b.unclosed.as_ref());
            let mut unclosed = specs.spec(Shape::Unclosed, stack, previous);
            if let (None, Finding::Slow(depth, _)) = (unclosed.hint, main.finding()) {
                // Reading unclosed input costs what reading the closed one did: start from where the
                // main probe ran out of time instead of timing the machine over a whole search.
                unclosed.hint = Some(Hint::SlowElsewhere(depth));
            }
            record.unclosed = secondary(specs.located(&unclosed, previous), &mut notes)?;
        }
        record.sweep = Some(probe_sweep(&specs, stack, baseline, &main, time_bound, &mut notes)?);
        record.phases = probe_phases(&specs, stack, baseline, &main, &mut notes)?;
    }
    record.result = Some(main);
    record.reason = (!notes.is_empty()).then(|| notes.join("; "));
    Ok(record)
}

/// How the probes of one row are made: the row's trial settings at a shape and a stack, hinted by
/// what was measured before.
struct Specs<'a> {
    trial: TrialConfig,
    entry: &'a Entry,
    max_depth: u64,
    trials_at_once: usize,
    /// The boundary alone: no growth samples either.
    quick: bool,
    /// The previous results are of this version: where they crashed is known, and what the depths
    /// a slow probe finished took is this program's.
    same_version: bool,
    /// Where the main probe failed: the first guess for every probe after it.
    main_fails_at: Option<u64>,
}

impl Specs<'_> {
    /// A probe, and where it crashed if it crashed by a signal. A crash at the depth and by the
    /// signal of the previous result of the same version was located then: the debugger's re-run
    /// (seconds each, dozens in a run) is not repeated, and its site is kept.
    fn located(&self, spec: &ProbeSpec, previous: Option<&ProbeResult>) -> Result<ProbeResult> {
        let mut result = probe(spec, &mut |_: u64, _: &TrialReport| {})?;
        let known = previous.filter(|previous| self.same_version && same_crash(previous, &result));
        match known.and_then(|previous| previous.crashed_in.clone()) {
            Some(site) => result.crashed_in = Some(site),
            None => locate_crash(spec, &mut result),
        }
        Ok(result)
    }

    fn spec(&self, shape: Shape, stack: Limit, previous: Option<&ProbeResult>) -> ProbeSpec {
        let trial = TrialConfig { stack, ..self.trial.clone() };
        let mut spec =
            ProbeSpec::new(trial, self.entry.run.clone(), self.entry.format, shape, self.max_depth);
        spec.jobs = self.trials_at_once;
        spec.sample_growth = !self.quick;
        spec.error_status = self.entry.error_status.clone();
        // A previous result hints only where it was measured the same way.
        spec.hint = previous
            .filter(|p| {
                p.settings.max_depth == spec.max_depth
                    && p.settings.stack_bytes == stack.bytes()
                    && p.shape == shape
            })
            .and_then(Hint::from_previous);
        if !self.same_version {
            // Another version: the depths it finished are its own to show again, where it slowed;
            // what they took then is not this program's.
            spec.hint = match spec.hint {
                Some(Hint::Slow { finished, crash_depth, .. }) => {
                    Some(Hint::Slow { finished, took_millis: None, crash_depth })
                }
                Some(Hint::NoLimitSlowly { .. }) => Some(Hint::NoLimitSlowly { took_millis: None }),
                hint => hint,
            };
        }
        spec
    }

    /// A probe measured for the first time starts where the main one failed: many parsers have one
    /// configured limit for every shape and stack, found then in two trials instead of a search.
    fn guessed(&self, shape: Shape, stack: Limit, previous: Option<&ProbeResult>) -> ProbeSpec {
        let mut spec = self.spec(shape, stack, previous);
        spec.hint = spec.hint.or(self.main_fails_at.map(Hint::Guess));
        spec
    }
}

/// The format's other nestings: the second one (mappings where the main one is sequences), if it
/// has one, then the further ones (Markdown's inline emphasis, BER's indefinite lengths).
fn probe_other_shapes(
    specs: &Specs,
    stack: Limit,
    baseline: Option<&ParserRecord>,
    main: &ProbeResult,
    record: &mut ParserRecord,
    notes: &mut Vec<String>,
) -> Result<()> {
    if let Some(second) = specs.entry.format.second_shape() {
        let previous = baseline.and_then(|b| b.object.as_ref());
        record.object = probe_other_shape(specs, stack, second, previous, main, record, notes)?;
    }
    for &shape in specs.entry.format.more_shapes() {
        let previous = baseline.and_then(|b| b.more_shapes.iter().find(|r| r.shape == shape));
        let probed = probe_other_shape(specs, stack, shape, previous, main, record, notes)?;
        record.more_shapes.extend(probed);
    }
    Ok(())
}

/// A shape besides the main one, guessed from where the main probe failed. One the program parses
/// not even at depth 1 (a schema-less ASN.1 decoder and a context tag, a DER-only one and
/// indefinite lengths), or rejects at the first depths where the main shape goes deeper, is a shape
/// it does not support: recorded so in `record`, with its error, and no result.
fn probe_other_shape(
    specs: &Specs,
    stack: Limit,
    shape: Shape,
    previous: Option<&ProbeResult>,
    main: &ProbeResult,
    record: &mut ParserRecord,
    notes: &mut Vec<String>,
) -> Result<Option<ProbeResult>> {
    let spec = specs.guessed(shape, stack, previous);
    let probed = match specs.located(&spec, previous) {
        Err(error) if error.downcast_ref::<DepthOneRejected>().is_some() => {
            let rejected = error.downcast_ref::<DepthOneRejected>().expect("checked");
            let error = rejected.outcome.clone();
            record.unsupported_shapes.push(UnsupportedShape { shape, depth: 1, error });
            return Ok(None);
        }
        probed => secondary(probed, notes)?,
    };
    match probed.as_ref().and_then(|probed| unsupported(main, probed)) {
        Some(unsupported) => {
            record.unsupported_shapes.push(unsupported);
            Ok(None)
        }
        None => Ok(probed),
    }
}

/// The main probe again at each sweep stack size.
fn probe_sweep(
    specs: &Specs,
    stack: Limit,
    baseline: Option<&ParserRecord>,
    main: &ProbeResult,
    time_bound: bool,
    notes: &mut Vec<String>,
) -> Result<SweepResult> {
    let mut probes = vec![main.clone()];
    for sweep_stack in SWEEP_STACKS {
        // More stack cannot make a parser fail that took the maximum depth with less (flattened
        // or not: a renderer that caps its nesting accepted it too).
        let took_maximum = matches!(main.finding(), Finding::NoLimit | Finding::Flattened(_));
        let implied = (took_maximum && sweep_stack > stack) || time_bound;
        if implied {
            continue;
        }
        let previous = baseline
            .and_then(|b| b.sweep.as_ref())
            .and_then(|s| s.probes.iter().find(|p| p.settings.stack_bytes == sweep_stack.bytes()));
        let spec = specs.guessed(specs.entry.format.main_shape(), sweep_stack, previous);
        probes.extend(secondary(probe(&spec, &mut |_: u64, _: &TrialReport| {}), notes)?);
    }
    Ok(sweep::from_probes(main.command.clone(), probes))
}

/// The main shape in each phase the row declares. A phase measured for the first time starts from
/// the boundary of the one before it (the program without a phase, then parse, free…): where the
/// parse is the limit, each later phase is confirmed in a couple of trials. After a slow one, it
/// starts from the depth that finished: a phase that takes as long is confirmed slow there in one
/// trial, and one that crashes sooner (libyaml's emitter) is searched below it.
fn probe_phases(
    specs: &Specs,
    stack: Limit,
    baseline: Option<&ParserRecord>,
    main: &ProbeResult,
    notes: &mut Vec<String>,
) -> Result<Vec<ProbeResult>> {
    let mut measured: Vec<ProbeResult> = Vec::new();
    for &phase in &specs.entry.phases {
        let previous = baseline.and_then(|b| b.phases.iter().find(|p| p.phase == Some(phase)));
        let mut spec = specs.spec(specs.entry.format.main_shape(), stack, previous).with_phase(phase);
        let before = measured.last().unwrap_or(main);
        spec.hint = spec.hint.or(match before.finding() {
            Finding::Slow(finished, _) => Some(Hint::SlowElsewhere(finished)),
            _ => before.exact_failing_depth().map(Hint::Guess),
        });
        measured.extend(secondary(specs.located(&spec, previous), notes)?);
    }
    Ok(measured)
}

/// A shape that fails this shallow fails on the payload, not at a nesting limit.
const FIRST_DEPTHS: u64 = 3;

/// The shape of `other` is not supported when it fails with a clean error at one of the first
/// depths while the main shape goes deeper: no parser limits mappings to two levels and sequences
/// to thousands; such an error is about the payload (a key type the library rejects by design), not
/// its nesting, and is never shown as a limit. The probe has seen that failure twice (verified).
fn unsupported(main: &ProbeResult, other: &ProbeResult) -> Option<UnsupportedShape> {
    let main_goes_deeper = main.max_accepted_depth.is_some_and(|accepted| accepted > FIRST_DEPTHS);
    shallow_error(other).filter(|_| main_goes_deeper)
}

/// A clean error at one of the first depths, as an unsupported shape.
fn shallow_error(result: &ProbeResult) -> Option<UnsupportedShape> {
    let Finding::FailsAt(depth, failure) = result.finding() else { return None };
    (depth <= FIRST_DEPTHS && failure.kind == FailureKind::Error).then(|| UnsupportedShape {
        shape: result.shape,
        depth,
        error: error_line(&failure.stderr).unwrap_or("(no error message)").to_string(),
    })
}

/// A probe after the main one: its error (other than an interruption) becomes a note, not the loss
/// of everything measured before it.
fn secondary(probed: Result<ProbeResult>, notes: &mut Vec<String>) -> Result<Option<ProbeResult>> {
    match probed {
        Ok(result) => Ok(Some(result)),
        Err(error) if interrupt::is_interrupted(&error) => Err(error),
        Err(error) => {
            notes.push(format!("{error:#}"));
            Ok(None)
        }
    }
}

/// Whether `now` crashed as `before` did, where `before` was located: the same command (phase
/// included), failing depth and signal, and a site with frames (one that was not known, for want of
/// a debugger or symbols, is looked for again).
fn same_crash(before: &ProbeResult, now: &ProbeResult) -> bool {
    let signal = |result: &ProbeResult| result.failure.as_ref().and_then(|failure| failure.signal);
    before.crashed_in.as_ref().is_some_and(|site| site.unknown.is_none())
        && before.command == now.command
        && before.exact_failing_depth().is_some()
        && before.exact_failing_depth() == now.exact_failing_depth()
        && signal(before).is_some()
        && signal(before) == signal(now)
}
