//! One row of a run: build it, ask its version, run its hooks, and probe it: the main shape, then
//! the probes the plan gives it (`probes::probes_after_main`: the other shapes, the unclosed input,
//! the stack sweep, the phases). Previous results, where there are, make each probe a confirmation.
//!
//! A row is made ready ([`prepare`]) apart from being probed ([`measure`]), so that the run can
//! make the next row ready while the current one probes; [`abandon`] undoes a ready row that will
//! not be probed (its `after` hook).

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{anyhow, Result};

use crate::catalog::{Entry, Hook, Parser, Readiness, UnusableBuildFolder};
use crate::payload::Shape;
use crate::probe::options::TrialOptions;
use crate::probe::search::Hint;
use crate::probe::transport::service::{ServiceState, ServiceTransport};
use crate::probe::{locate_crash, probe, sweep, DepthOneRejected, ProbeSpec};
use crate::results::confirmed::How;
use crate::results::outcome::{error_line, FailureKind};
use crate::results::part::Part;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::work_timing::{self, WorkTiming, CRASH_SITE};
use crate::results::{ParserRecord, RowTimings, Status, UnsupportedShape};
use crate::run::probes::{self, PlannedProbe, Start};
use crate::run::unmeasured::unmeasured;
use crate::sys::interrupt;
use crate::sys::trial::{TrialConfig, TrialReport};
use crate::ui::messages;
use crate::units::Limit;

/// Options every parser of a run is probed with.
pub struct MeasureOptions {
    pub trial: TrialOptions,
    /// Only the main probe: no other shapes, no sweep.
    pub quick: bool,
    /// The resident cap of each child, shared out among the trials running at once.
    pub max_rss: Option<u64>,
    /// Trials one probe may run at once (`probe --jobs`): the cores the run's parallel rows leave.
    pub trials_at_once: usize,
    /// The main probe in this shape instead of the format's first it parses (an advisory's shape:
    /// `advisories --measure`); `None` for every run.
    pub shape: Option<Shape>,
    /// The main probe runs this phase after the parse (an advisory's `serialize`: `advisories
    /// --measure`); `None` for every run.
    pub phase: Option<crate::results::phase::Phase>,
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
    installed: Option<String>,
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
    let Ok(installed) = timed(&mut timings.version_seconds, || parser.installed()) else {
        return Prepared::Ended(None);
    };
    if let Err(error) = timed(&mut timings.hooks_seconds, || parser.hook(Hook::Before)) {
        // What it set up before it failed or Ctrl-C stopped it is undone all the same.
        after_hook(&parser, &mut timings);
        if interrupt::is_interrupted(&error) {
            return Prepared::Ended(None);
        }
        return ended(entry, Status::ProbeFailed, format!("{error:#}"), timings);
    }
    Prepared::Ready(ReadyRow { parser, version, installed, timings })
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
    let ReadyRow { parser, version, installed, mut timings } = ready;
    // Where the previous run's crashes were is still where they are only in the same version.
    let same_version = baseline.is_some_and(|b| b.version == version);
    let work = RefCell::new(Vec::new());
    let probed =
        timed(&mut timings.probe_seconds, || probe_all(&parser, options, baseline, same_version, &work));
    timings.work = work.into_inner();
    after_hook(&parser, &mut timings);
    let mut record = match probed {
        Err(error) if interrupt::is_interrupted(&error) => return None,
        Err(error) => {
            let mut record = unmeasured(parser.entry, Status::ProbeFailed, format!("{error:#}"));
            if let Some(parses_no_shape) = error.downcast_ref::<ParsesNoShape>() {
                record.unsupported_shapes = parses_no_shape.refused.clone();
            }
            record
        }
        Ok(measured) => measured,
    };
    if let Some(product) = &mut record.product {
        // The product's release is its package's, as the row's version command found it.
        product.release = version.clone();
    }
    record.version = version;
    record.installed = installed;
    record.timings = Some(timings);
    Some(record)
}

impl Prepared<'_> {
    /// The version and what it runs with, of a row ready to probe.
    pub fn reported(&self) -> Option<(Option<&str>, Option<&str>)> {
        match self {
            Prepared::Ready(ready) => Some((ready.version.as_deref(), ready.installed.as_deref())),
            _ => None,
        }
    }
}

/// A ready row whose facts this run reuses instead of probing (nothing they depend on changed):
/// its `after` hook run, and `before`'s record kept, said to be reused (its last confirmation stays
/// when and where it was, its fingerprint the one taken now), with what making the row ready took.
pub fn reuse(prepared: Prepared, before: &ParserRecord, fingerprint: Option<String>) -> ParserRecord {
    let mut record = before.clone();
    if let Prepared::Ready(mut ready) = prepared {
        after_hook(&ready.parser, &mut ready.timings);
        record.timings = Some(ready.timings);
    }
    if let Some(confirmed) = &mut record.confirmed {
        confirmed.how = How::Reused;
        // The same dependencies, perhaps fingerprinted under an equal method version before.
        confirmed.fingerprint = fingerprint.or(confirmed.fingerprint.take());
    }
    record
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
    work: &RefCell<Vec<WorkTiming>>,
) -> Result<ParserRecord> {
    let specs = Specs::new(parser, options, same_version, work)?;
    let MainProbe { result: main, refused } = specs.main(baseline)?;
    let refused_shapes: Vec<Shape> = refused.iter().map(|unsupported| unsupported.shape).collect();
    let planned =
        probes::probes_after_main(specs.entry, &main, &refused_shapes, baseline, specs.stack, options.quick);
    let mut measuring = Measuring::new(specs, main, refused);
    for probe in &planned {
        measuring.probe(probe)?;
    }
    Ok(measuring.into_record())
}

/// The program parsed none of the format's shapes a few levels deep ([`Specs::main`]): the first
/// shape's error, and every shape refused. The record keeps the refused shapes, which make it one
/// of the program's facts (`ParserRecord::parses_no_shape`).
#[derive(Debug)]
struct ParsesNoShape {
    reason: String,
    refused: Vec<UnsupportedShape>,
}

impl std::fmt::Display for ParsesNoShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for ParsesNoShape {}

/// The row's main result, and the shapes the program refused before it (see [`Specs::main`]).
struct MainProbe {
    result: ProbeResult,
    refused: Vec<UnsupportedShape>,
}

/// How one planned probe differs from the row's main one.
#[derive(Clone, Copy)]
struct Planned {
    /// The state a service's trials meet.
    state: ServiceState,
    shape: Shape,
    stack: Limit,
    /// Where it stops, when before the run's maximum.
    max_depth: Option<u64>,
}

/// How the probes of one row are made: the row's trial settings at a shape and a stack, hinted by
/// what was measured before.
struct Specs<'a> {
    trial: TrialConfig,
    /// A service row's service (its server is `trial`'s program), in the state the main probe meets.
    service: Option<ServiceTransport>,
    /// A product's client transport, in place of `service` (`serve.client`).
    client: Option<crate::probe::transport::client::ClientTransport>,
    entry: &'a Entry,
    /// The run's stack: the main probe's, and every other probe's but the sweep's.
    stack: Limit,
    max_depth: u64,
    trials_at_once: usize,
    /// The boundary alone: no growth samples either.
    quick: bool,
    /// The main probe's one shape, where the options name it.
    only_shape: Option<Shape>,
    /// The phase the main probe runs after the parse, where the options name it.
    main_phase: Option<crate::results::phase::Phase>,
    /// The previous results are of this version: where they crashed is known, and what the depths
    /// a slow probe finished took is this program's.
    same_version: bool,
    /// Where the row's probe time went, probe by probe.
    work: &'a RefCell<Vec<WorkTiming>>,
}

impl<'a> Specs<'a> {
    fn new(
        parser: &Parser<'a>,
        options: &MeasureOptions,
        same_version: bool,
        work: &'a RefCell<Vec<WorkTiming>>,
    ) -> Result<Specs<'a>> {
        let trial = parser.trial_config(options.trial.trial_config(
            parser.argv(),
            parser.child_env(),
            options.max_rss,
        ))?;
        let client = crate::run::service::client_transport(parser, &trial)?;
        let service = match client {
            Some(_) => None,
            None => crate::run::service::transport(parser.entry, &trial)?,
        };
        Ok(Specs {
            service,
            client,
            trial,
            entry: parser.entry,
            stack: options.trial.stack,
            max_depth: options.trial.max_depth,
            trials_at_once: options.trials_at_once,
            quick: options.quick,
            only_shape: options.shape,
            main_phase: options.phase,
            same_version,
            work,
        })
    }

    /// The main probe: the format's main shape at the run's stack. One that fails on the payload
    /// at the first depths is not a nesting limit (no parser limits nesting to one or two levels):
    /// a library whose grammar refuses that shape (cssselect takes no `:not()` inside `:not()`) is
    /// measured in the format's next shape it parses, and the refused ones are recorded as shapes
    /// it does not support. One that parses none of them is an error, the main shape's (pyasn1
    /// 0.6 decodes no empty SEQUENCE without a schema, inside another or not).
    fn main(&self, baseline: Option<&ParserRecord>) -> Result<MainProbe> {
        let previous = baseline.and_then(|b| b.result.as_ref());
        let mut refused: Vec<UnsupportedShape> = Vec::new();
        let mut first_error: Option<anyhow::Error> = None;
        let asked = |shape: &Shape| self.only_shape.is_none_or(|only| only == *shape);
        for shape in self
            .entry
            .format
            .shapes()
            .iter()
            .copied()
            .filter(|shape| shape.must_be_accepted() && asked(shape))
        {
            let mut spec = self.spec(shape, self.stack, previous);
            if let Some(phase) = self.main_phase {
                spec = spec.with_phase(phase);
            }
            let main = Part::Main { shape };
            let (unsupported, error) = match self.located(&spec, previous, self.work_name(main, self.stack)) {
                Ok(result) => match shallow_error(&result) {
                    None => return Ok(MainProbe { result, refused }),
                    Some(shallow) => {
                        let error = anyhow!(
                            "the program cannot parse {shape} nested {} levels deep: {} (an error this shallow is not a nesting limit)",
                            shallow.depth,
                            shallow.error
                        );
                        (shallow, error)
                    }
                },
                Err(error) => match rejected_at_depth_one(shape, &error) {
                    Some(unsupported) => (unsupported, error),
                    None => return Err(error),
                },
            };
            first_error.get_or_insert(error);
            refused.push(unsupported);
        }
        match first_error {
            Some(error) => Err(ParsesNoShape { reason: format!("{error:#}"), refused }.into()),
            None => Err(anyhow!("the format has no shape a parser must accept")),
        }
    }

    /// A probe, and where it crashed if it crashed by a signal. A crash at the depth and by the
    /// signal of the previous result of the same version was located then: the debugger's re-run
    /// (seconds each, dozens in a run) is not repeated, and its site is kept.
    fn located(&self, spec: &ProbeSpec, previous: Option<&ProbeResult>, work: String) -> Result<ProbeResult> {
        let mut result = self.timed_probe(spec, work)?;
        let known = previous.filter(|previous| self.same_version && same_crash(previous, &result));
        match known.and_then(|previous| previous.crashed_in.clone()) {
            Some(site) => result.crashed_in = Some(site),
            None => {
                let started = Instant::now();
                locate_crash(spec, &mut result);
                if result.crashed_in.is_some() {
                    self.log(CRASH_SITE.into(), started, 1, false);
                }
            }
        }
        Ok(result)
    }

    /// A probe, its time written down as `work`.
    fn timed_probe(&self, spec: &ProbeSpec, work: String) -> Result<ProbeResult> {
        let started = Instant::now();
        let probed = probe(spec, &mut |_: u64, _: &TrialReport| {});
        let (trials, near) = probed.as_ref().map_or((0, false), |r| (r.trials, work_timing::near_timeout(r)));
        self.log(work, started, trials, near);
        probed
    }

    fn log(&self, work: String, started: Instant, trials: u32, near_timeout: bool) {
        let seconds = started.elapsed().as_secs_f64();
        self.work.borrow_mut().push(WorkTiming { work, seconds, trials, near_timeout });
    }

    /// What a probe of `part` at `stack` is called in the row's timings.
    fn work_name(&self, part: Part, stack: Limit) -> String {
        work_timing::work_name(part, stack, self.stack, self.service.is_some())
    }

    fn spec(&self, shape: Shape, stack: Limit, previous: Option<&ProbeResult>) -> ProbeSpec {
        self.spec_in(Planned { state: ServiceState::Cold, shape, stack, max_depth: None }, previous)
    }

    /// [`Specs::spec`] as planned: a service's trials meeting it in a state, a depth to stop at.
    fn spec_in(&self, planned: Planned, previous: Option<&ProbeResult>) -> ProbeSpec {
        let Planned { state, shape, stack, max_depth } = planned;
        let trial = TrialConfig { stack, ..self.trial.clone() };
        let max_depth = max_depth.map_or(self.max_depth, |cap| cap.min(self.max_depth));
        let mut spec = ProbeSpec::new(trial, self.entry.run.clone(), self.entry.format, shape, max_depth);
        // The server starts with the probe's settings (a sweep's stack is its RLIMIT_STACK).
        spec.service = self.service.as_ref().map(|service| Arc::new(service.at(state, &spec.trial)));
        spec.client = self.client.as_ref().map(|client| Arc::new(client.at(state, &spec.trial)));
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
}

/// A row being probed after its main probe: the probes' record as it fills, and the notes of the
/// probes that could not be made (said in the record, the rest kept).
struct Measuring<'a> {
    specs: Specs<'a>,
    main: ProbeResult,
    record: ParserRecord,
    /// The sweep's probes so far, when the row gets a sweep.
    sweep: Vec<ProbeResult>,
    notes: Vec<String>,
}

impl<'a> Measuring<'a> {
    fn new(specs: Specs<'a>, main: ProbeResult, refused: Vec<UnsupportedShape>) -> Measuring<'a> {
        let mut record = unmeasured(specs.entry, Status::Measured, "");
        record.unsupported_shapes = refused;
        Measuring { specs, main, record, sweep: Vec::new(), notes: Vec::new() }
    }

    /// Makes one planned probe and puts its result in its part of the record.
    fn probe(&mut self, planned: &PlannedProbe) -> Result<()> {
        if planned.start == Start::MainResult {
            self.sweep.push(self.main.clone());
            return Ok(());
        }
        let spec = self.spec(planned);
        let work = self.specs.work_name(planned.part, planned.stack);
        let probed = match planned.part {
            Part::SecondShape { .. } | Part::FurtherShape { .. } => self.other_shape(&spec, planned, work)?,
            Part::Unclosed | Part::Phase { .. } | Part::Warm { .. } => {
                secondary(self.specs.located(&spec, planned.previous, work), &mut self.notes)?
            }
            Part::Sweep => {
                // (No crash site is looked for at the sweep's other stacks.)
                let probed = self.specs.timed_probe(&spec, work);
                self.sweep.extend(secondary(probed, &mut self.notes)?);
                return Ok(());
            }
            Part::Main { .. } | Part::Row => unreachable!("the plan holds the probes after the main one"),
        };
        self.record.set_part(planned.part, probed);
        Ok(())
    }

    /// The planned probe's spec, hinted by its committed result, else where the plan says it starts.
    fn spec(&self, planned: &PlannedProbe) -> ProbeSpec {
        let state =
            if matches!(planned.part, Part::Warm { .. }) { ServiceState::Warm } else { ServiceState::Cold };
        let how = Planned { state, shape: planned.shape, stack: planned.stack, max_depth: planned.max_depth };
        let mut spec = self.specs.spec_in(how, planned.previous);
        // The sweep's small stacks: a runtime that cannot start there, or a parser that fails at
        // depth 1, is that stack's fact, not an error of the probe.
        spec.depth_one_is_a_result = planned.part == Part::Sweep;
        if let Some(phase) = planned.phase {
            spec = spec.with_phase(phase);
        }
        let start = match planned.start {
            Start::Search | Start::MainResult => None,
            Start::MainBoundary => self.main.exact_failing_depth().map(Hint::Guess),
            // No failure at the main stack (up to the maximum, or to where a slow parser was tried):
            // one trial there says whether less stack changes that.
            Start::MainFinding => match self.main.finding() {
                Finding::NoLimit => Some(Hint::NoLimit),
                _ if planned.max_depth.is_some() => Some(Hint::NoLimit),
                _ => self
                    .scaled_from_nearest_stack(planned.stack)
                    .or_else(|| self.main.exact_failing_depth().map(Hint::Guess)),
            },
            Start::SlowElsewhere(depth) => Some(Hint::SlowElsewhere(depth)),
            Start::ProbeBefore => {
                let before = self.record.phases.last().unwrap_or(&self.main);
                match before.finding() {
                    Finding::Slow(finished, _) => Some(Hint::SlowElsewhere(finished)),
                    _ => before.exact_failing_depth().map(Hint::Guess),
                }
            }
        };
        spec.hint = spec.hint.or(start);
        spec
    }

    /// Where a sweep's `stack` should fail when the limit moves with the stack: the boundary of the
    /// probed stack nearest to it (the plan probes the smaller stacks largest first), scaled by the
    /// stacks' ratio. The limit moves when the main probe failed by a signal (a native stack's
    /// guard page), or when a smaller stack probed already failed elsewhere than the main probe (a
    /// recursion limit the small stacks overflow before); else `None`, and the main boundary is the
    /// guess (a configured limit is found in two trials).
    fn scaled_from_nearest_stack(&self, stack: Limit) -> Option<Hint> {
        let bytes = stack.bytes()?;
        let main_depth = self.main.exact_failing_depth()?;
        let probed: Vec<(u64, u64)> = self
            .sweep
            .iter()
            .filter_map(|probe| Some((probe.settings.stack_bytes?, probe.exact_failing_depth()?)))
            .collect();
        let by_signal = self.main.failure.as_ref().is_some_and(|failure| failure.signal.is_some());
        let moved = probed.iter().any(|&(_, depth)| depth != main_depth);
        if !(by_signal || moved) {
            return None;
        }
        let apart = |probed: u64| probed.max(bytes) as f64 / probed.min(bytes) as f64;
        let &(near_bytes, near_depth) = probed.iter().min_by(|a, b| apart(a.0).total_cmp(&apart(b.0)))?;
        let scaled = (near_depth as f64 * bytes as f64 / near_bytes as f64).round() as u64;
        Some(Hint::Near(scaled.max(1)))
    }

    /// A shape besides the main one. One the program parses not even at depth 1 (a schema-less
    /// ASN.1 decoder and a context tag, a DER-only one and indefinite lengths), or rejects at the
    /// first depths where the main shape goes deeper, is a shape it does not support: recorded so,
    /// with its error, and no result.
    fn other_shape(
        &mut self,
        spec: &ProbeSpec,
        planned: &PlannedProbe,
        work: String,
    ) -> Result<Option<ProbeResult>> {
        let probed = match self.specs.located(spec, planned.previous, work) {
            Err(error) => match rejected_at_depth_one(planned.shape, &error) {
                Some(unsupported) => {
                    self.record.unsupported_shapes.push(unsupported);
                    return Ok(None);
                }
                None => secondary(Err(error), &mut self.notes)?,
            },
            probed => secondary(probed, &mut self.notes)?,
        };
        match probed.as_ref().and_then(|probed| unsupported(&self.main, probed)) {
            Some(unsupported) => {
                self.record.unsupported_shapes.push(unsupported);
                Ok(None)
            }
            None => Ok(probed),
        }
    }

    /// The row's record: the main result, the others, the sweep, and the notes as its reason.
    fn into_record(self) -> ParserRecord {
        let Measuring { main, mut record, sweep, notes, .. } = self;
        if !sweep.is_empty() {
            record.sweep = Some(sweep::from_probes(main.command.clone(), sweep));
        }
        record.result = Some(main);
        record.reason = (!notes.is_empty()).then(|| notes.join("; "));
        record
    }
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

/// A probe's error when the program parsed not even depth 1 of `shape`, as an unsupported shape.
fn rejected_at_depth_one(shape: Shape, error: &anyhow::Error) -> Option<UnsupportedShape> {
    let rejected = error.downcast_ref::<DepthOneRejected>()?;
    Some(UnsupportedShape { shape, depth: 1, error: rejected.outcome.clone() })
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
            notes.push(crate::run::reason::without_clock_times(&format!("{error:#}")));
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
