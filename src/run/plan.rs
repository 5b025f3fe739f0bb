//! What a run works on and in which order: the rows `--only` selects, and the shards of CI: `list --shards N` prints them, `--shard I/N` selects
//! one. One job per row would pass GitHub's 256-job matrix limit and install the same toolchain
//! (or make the same environment root) in many jobs; a shard keeps a toolchain's rows and an
//! environment's rows together and the shards about equally long, by what the rows cost last time.
//!
//! The plan depends only on the catalog, the `--only` selection and the costs file, so `list` in
//! one job and `run --shard` in another agree when they see the same checkout.
//!
//! Within a row, which probes follow its main one ([`probes_after_main`]): the other shapes, the
//! unclosed input, the stack sweep, the phases; `run::measure` makes them.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::Result;
use serde::Serialize;

use crate::catalog::{Catalog, Entry, Selector, HOST};
use crate::payload::Shape;
use crate::probe::SLOW_CONFIRMATION_SHARE;
use crate::results::outcome::FailureKind;
use crate::results::part::Part;
use crate::results::phase::Phase;
use crate::results::probe_result::{Finding, ProbeResult, ProbeStatus, SearchMode};
use crate::results::{ParserRecord, Results};
use crate::units::Limit;

/// What a row costs besides its probes: building it, reading its version, its hooks.
const ROW_OVERHEAD: u64 = 10;
/// A row never measured: its toolchain, its build and its probes are all unknown.
const UNKNOWN_ROW: u64 = 60;
/// Installing a toolchain, once per shard that has rows of it.
const TOOLCHAIN_SETUP: u64 = 60;
/// Making an environment's root (a Debian 13 root with debootstrap), once per shard of it.
const ENVIRONMENT_SETUP: u64 = 300;

/// `--shard I/N`: the I-th of N shards (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardSpec {
    pub index: usize,
    pub count: usize,
}

impl FromStr for ShardSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardSpec, String> {
        let parsed = text.split_once('/').and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)));
        match parsed {
            Some((index, count)) if 1 <= index && index <= count => Ok(ShardSpec { index, count }),
            _ => Err(format!("expected I/N with 1 <= I <= N (e.g. 3/16), got {text:?}")),
        }
    }
}

impl fmt::Display for ShardSpec {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One shard of a plan, as `list --shards N --format json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shard {
    /// Its number, from 1: what `--shard I/N` takes.
    pub shard: usize,
    pub of: usize,
    /// The rows as `--only` takes them, each in its one environment (`id@host`, `id@debian13`), in
    /// catalog order: a bare id would select the row in every environment, so a host shard would
    /// measure the other environments' rows again. Empty when there are fewer rows than shards.
    pub keys: Vec<String>,
    pub environments: Vec<String>,
    /// The rows' toolchains (a row's first apt package, else its language).
    pub toolchains: Vec<String>,
    /// The estimate the shards were balanced by, in seconds.
    pub estimated_seconds: u64,
}

/// Which rows of the catalog a command works on.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// The rows `--only` names (every row without it).
    pub only: Selector,
    /// One shard of the selected rows.
    pub shard: Option<ShardSpec>,
    /// Previous results whose timings balance the shards.
    pub costs: PathBuf,
}

/// The rows `--only` and `--shard` select, in catalog order.
pub fn select<'a>(catalog: &'a Catalog, selection: &Selection) -> Result<Vec<&'a Entry>> {
    let entries = catalog.select(&selection.only)?;
    let Some(spec) = selection.shard else { return Ok(entries) };
    let shards = shards_of(&entries, &selection.costs, spec.count)?;
    let keys = &shards[spec.index - 1].keys;
    Ok(entries.into_iter().filter(|entry| keys.contains(&entry.selector())).collect())
}

/// The plan of `count` shards for the rows `only` names (every row when empty).
pub fn shards(catalog: &Catalog, selection: &Selection, count: usize) -> Result<Vec<Shard>> {
    shards_of(&catalog.select(&selection.only)?, &selection.costs, count)
}

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

/// What a run does with a row's previous result, and so what the row will cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// Confirms it (a warm run, CI's shards): a trial or two a probe.
    Confirm,
    /// Searches from scratch (`--cold`): what the probes took last time.
    Search,
    /// Reuses a record whose fingerprint is known, unless the rotation confirms it this run (a run
    /// without `--full`, CI's shards): its version asked, no probe; the rest confirmed.
    Reuse,
}

/// What a row whose record is reused costs: its toolchain checked, its version asked.
const REUSED_ROW: u64 = 2;

/// The order a run starts its rows in: the rows expected to take longest first (by `previous`
/// results, doing `work`), so that no long row is left to run alone at the end while the other
/// jobs sit idle.
pub fn order(entries: &[&Entry], previous: Option<&Results>, work: Work) -> Vec<usize> {
    let costs = row_costs(entries, previous, work);
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(costs[i]));
    order
}

/// The plan of `count` shards for `entries`, timed by the previous results at `costs` (if that file
/// exists; without them every row counts the same).
fn shards_of(entries: &[&Entry], costs: &Path, count: usize) -> Result<Vec<Shard>> {
    // CI's shards reuse the committed results whose fingerprints are known and confirm the rest, and
    // the rotation's share: the shards are sized by what is expected to change.
    let costs = row_costs(entries, Results::load_if_exists(costs)?.as_ref(), Work::Reuse);
    Ok(plan(entries, &costs, count))
}

/// Each row's estimated seconds: what its probes cost doing `work` by its previous result (the same
/// row, else the same parser in another environment), plus its build; a row never measured gets a
/// flat guess.
pub fn row_costs(entries: &[&Entry], previous: Option<&Results>, work: Work) -> Vec<u64> {
    let due = match work {
        Work::Reuse => crate::run::rotation::due(entries, previous),
        _ => Default::default(),
    };
    entries
        .iter()
        .map(|entry| {
            let key = entry.key();
            let own = previous.and_then(|results| results.find(&key));
            let known =
                own.and_then(|record| record.confirmed.as_ref()).is_some_and(|c| c.fingerprint.is_some());
            if work == Work::Reuse && known && !due.contains(&key) {
                return REUSED_ROW;
            }
            let measured = |record: &&ParserRecord| record.result.is_some();
            let record = previous.and_then(|results| {
                results
                    .find(&entry.key())
                    .filter(measured)
                    .or_else(|| results.parsers.iter().filter(|r| r.id == entry.id).find(measured))
            });
            record.map_or(UNKNOWN_ROW, |record| probe_seconds(record, work) + ROW_OVERHEAD)
        })
        .collect()
}

/// Seconds a record's probes cost doing `work`, whole seconds rounded up (so the plan is integer
/// arithmetic).
fn probe_seconds(record: &ParserRecord, work: Work) -> u64 {
    let main = record.result.as_ref();
    let mut probes: Vec<&ProbeResult> = record.parts().map(|(_, probe)| probe).collect();
    if let Some(sweep) = &record.sweep {
        // The sweep repeats the main probe at the run's stack: counted once.
        let main_stack = main.map(|m| m.settings.stack_bytes);
        probes.extend(sweep.probes.iter().filter(|p| Some(p.settings.stack_bytes) != main_stack));
    }
    let seconds: f64 = probes
        .iter()
        .map(|p| match work {
            Work::Search => p.elapsed_seconds,
            Work::Confirm | Work::Reuse => confirmation_seconds(p),
        })
        .map(|seconds| seconds.max(0.0))
        .sum();
    seconds.ceil() as u64
}

/// About what confirming a probe's result costs: the trial at the depth it accepted and the one at
/// the depth it failed at (as long as the accepted one, or the timeout where it ran out of time),
/// or the one trial at the maximum; never more than the probe took. A result found by a search
/// (a committed record is kept as it was while its facts hold) would otherwise count the search
/// on every run: 634 s for a row whose confirmation takes seconds.
///
/// A slow result (or no limit reached only with the longer timeout) is confirmed at the depth whose
/// trial takes [`SLOW_CONFIRMATION_SHARE`] of the timeout at most, and its maximum is not waited out
/// (src/probe/confirm.rs, `confirm_slow`): that trial, not the timeout.
pub fn confirmation_seconds(probe: &ProbeResult) -> f64 {
    let Some(accepted) = probe.accepted_seconds.filter(|_| probe.search != SearchMode::Confirmed) else {
        return probe.elapsed_seconds;
    };
    let timeout = probe.settings.timeout_seconds;
    let slowly = probe.status == ProbeStatus::Slow || (probe.failure.is_none() && accepted > timeout);
    if slowly {
        return accepted.min(SLOW_CONFIRMATION_SHARE * timeout).min(probe.elapsed_seconds);
    }
    let failing = match probe.failure.as_ref().map(|f| f.kind) {
        None => 0.0,
        Some(FailureKind::Timeout) => probe.settings.timeout_seconds,
        Some(_) => accepted,
    };
    (accepted + failing).min(probe.elapsed_seconds)
}

/// What a row needs installed, for grouping: its first apt package (the language's toolchain, by
/// the catalog's convention), else its language.
fn toolchain(entry: &Entry) -> &str {
    entry.apt.first().map_or(entry.language.as_str(), String::as_str)
}

/// Rows cut from one toolchain group of one environment, placed as a unit.
struct Chunk {
    rows: Vec<usize>,
    cost: u64,
}

/// Splits `entries` (with `costs`, one per entry) into `count` shards. Every row lands in exactly one
/// shard. Each environment gets its own shards (how many follows its cost, at least one while
/// there are shards enough), so a root is made by as few jobs as its share of the work allows;
/// within an environment rows are grouped by toolchain, a group split only where it alone would
/// outweigh a shard, and the pieces dealt out longest first to the least loaded shard.
pub fn plan(entries: &[&Entry], costs: &[u64], count: usize) -> Vec<Shard> {
    assert_eq!(entries.len(), costs.len());
    let count = count.max(1);
    // Environments in order of appearance, the host first.
    let mut environments: Vec<&str> = Vec::new();
    for entry in entries {
        if !environments.contains(&entry.environment.as_str()) {
            environments.push(&entry.environment);
        }
    }
    environments.sort_by_key(|e| *e != HOST);
    let rows_of = |environment: &str| -> Vec<usize> {
        (0..entries.len()).filter(|&i| entries[i].environment == environment).collect()
    };
    let overhead = |environment: &str| if environment == HOST { 0 } else { ENVIRONMENT_SETUP };
    let work: Vec<u64> = environments
        .iter()
        .map(|e| {
            let rows = rows_of(e);
            let groups = group_by_toolchain(entries, &rows).len() as u64;
            rows.iter().map(|&i| costs[i]).sum::<u64>() + groups * TOOLCHAIN_SETUP
        })
        .collect();

    // Shards per environment: one each, then each spare shard to the environment whose shards
    // would take longest, while it has rows to fill another.
    let mut shares = vec![1usize; environments.len()];
    let per_shard = |e: usize, shares: &[usize]| work[e] / shares[e] as u64 + overhead(environments[e]);
    for _ in environments.len()..count {
        let wanting = (0..environments.len())
            .filter(|&e| shares[e] < rows_of(environments[e]).len())
            .max_by_key(|&e| (per_shard(e, &shares), std::cmp::Reverse(e)));
        match wanting {
            Some(e) => shares[e] += 1,
            None => break,
        }
    }

    let mut bins: Vec<(Vec<usize>, u64)> = Vec::new();
    for (e, environment) in environments.iter().enumerate() {
        let rows = rows_of(environment);
        let target = rows.iter().map(|&i| costs[i]).sum::<u64>().div_ceil(shares[e] as u64);
        let mut chunks = Vec::new();
        for group in group_by_toolchain(entries, &rows) {
            let mut chunk = Chunk { rows: Vec::new(), cost: TOOLCHAIN_SETUP };
            for i in group {
                if !chunk.rows.is_empty() && chunk.cost - TOOLCHAIN_SETUP + costs[i] > target {
                    chunks.push(std::mem::replace(
                        &mut chunk,
                        Chunk { rows: Vec::new(), cost: TOOLCHAIN_SETUP },
                    ));
                }
                chunk.rows.push(i);
                chunk.cost += costs[i];
            }
            chunks.push(chunk);
        }
        // Longest first; equal ones in catalog order.
        chunks.sort_by_key(|c| (std::cmp::Reverse(c.cost), c.rows[0]));
        let mut own: Vec<(Vec<usize>, u64)> = vec![(Vec::new(), overhead(environment)); shares[e]];
        for chunk in chunks {
            let lightest = (0..own.len()).min_by_key(|&b| (own[b].1, b)).expect("at least one shard");
            own[lightest].0.extend(chunk.rows);
            own[lightest].1 += chunk.cost;
        }
        bins.extend(own);
    }
    if bins.len() > count {
        bins = merge_bins(bins, count);
    }
    bins.resize(count, (Vec::new(), 0));
    bins.into_iter().enumerate().map(|(n, (rows, cost))| shard(entries, n + 1, count, rows, cost)).collect()
}

/// Fewer shards than environments: whole environments share shards, longest first.
fn merge_bins(bins: Vec<(Vec<usize>, u64)>, count: usize) -> Vec<(Vec<usize>, u64)> {
    let mut order: Vec<usize> = (0..bins.len()).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(bins[b].1), b));
    let mut merged: Vec<(Vec<usize>, u64)> = vec![(Vec::new(), 0); count];
    for b in order {
        let lightest = (0..count).min_by_key(|&m| (merged[m].1, m)).expect("count >= 1");
        merged[lightest].0.extend(bins[b].0.iter().copied());
        merged[lightest].1 += bins[b].1;
    }
    merged
}

/// Shard `number` of `count`, holding `rows` (indexes into `entries`) that cost `cost` seconds.
fn shard(entries: &[&Entry], number: usize, count: usize, mut rows: Vec<usize>, cost: u64) -> Shard {
    rows.sort_unstable();
    let mut environments: Vec<String> = Vec::new();
    let mut toolchains: Vec<String> = Vec::new();
    for &i in &rows {
        let entry = entries[i];
        if !environments.contains(&entry.environment) {
            environments.push(entry.environment.clone());
        }
        if !toolchains.iter().any(|t| t == toolchain(entry)) {
            toolchains.push(toolchain(entry).to_string());
        }
    }
    Shard {
        shard: number,
        of: count,
        keys: rows.iter().map(|&i| entries[i].selector()).collect(),
        environments,
        toolchains,
        estimated_seconds: if rows.is_empty() { 0 } else { cost },
    }
}

/// The rows of one environment grouped by toolchain, groups in order of first appearance.
fn group_by_toolchain(entries: &[&Entry], rows: &[usize]) -> Vec<Vec<usize>> {
    let mut groups: BTreeMap<&str, (usize, Vec<usize>)> = BTreeMap::new();
    for &i in rows {
        groups.entry(toolchain(entries[i])).or_insert_with(|| (i, Vec::new())).1.push(i);
    }
    let mut groups: Vec<(usize, Vec<usize>)> = groups.into_values().collect();
    groups.sort_by_key(|(first, _)| *first);
    groups.into_iter().map(|(_, rows)| rows).collect()
}

/// The text form of `list --shards`: one line per shard.
pub fn describe(shard: &Shard) -> String {
    let time = format!("~{}m{:02}s", shard.estimated_seconds / 60, shard.estimated_seconds % 60);
    format!(
        "shard {:>2}/{}  {time:>9}  {:>3} rows  {:<10} {}",
        shard.shard,
        shard.of,
        shard.keys.len(),
        shard.environments.join(","),
        shard.keys.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// A catalog of `rows` host rows over a few toolchains, with every fourth row also in debian13.
    fn catalog(rows: usize) -> Catalog {
        let mut text = String::from(
            "[[environment]]\nid = \"debian13\"\nname = \"Debian 13\"\nroot = \"/nonexistent/debian13\"\n",
        );
        let toolchains = ["python3", "gcc", "nodejs", "golang-go", "openjdk-17-jdk-headless"];
        for n in 0..rows {
            let apt = if n % 7 == 6 { String::new() } else { format!("\"{}\"", toolchains[n % 5]) };
            let environments = if n % 4 == 0 { r#"["host", "debian13"]"# } else { r#"["host"]"# };
            text.push_str(&format!(
                "[[parser]]\nid = \"p{n:03}\"\nlanguage = \"L{}\"\nlibrary = \"lib\"\napt = [{apt}]\n\
                 run = [\"true\"]\nversion = \"echo 1\"\nenvironments = {environments}\n",
                n % 3
            ));
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("catalog.toml");
        std::fs::write(&path, text).unwrap();
        Catalog::load(&path).unwrap()
    }

    /// Costs that vary a lot (a few rows take minutes), as real ones do; a row costs the same in
    /// both environments.
    fn costs(entries: &[&Entry]) -> Vec<u64> {
        let cost = |n: u64| if n % 20 == 0 { 500 } else { 3 + (n * 7) % 40 };
        entries.iter().map(|e| cost(e.id[1..].parse().unwrap())).collect()
    }

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

    #[test]
    fn every_row_lands_in_exactly_one_shard() {
        let catalog = catalog(173);
        let entries: Vec<&Entry> = catalog.entries.iter().collect();
        assert!(entries.len() > 190, "{}", entries.len());
        for count in [1, 2, 3, 7, 16, 40, 300] {
            let shards = plan(&entries, &costs(&entries), count);
            assert_eq!(shards.len(), count);
            let mut seen = HashSet::new();
            for (n, shard) in shards.iter().enumerate() {
                assert_eq!((shard.shard, shard.of), (n + 1, count));
                for key in &shard.keys {
                    assert!(seen.insert(key.clone()), "{key} twice with {count} shards");
                }
            }
            let all: HashSet<String> = entries.iter().map(|e| e.selector()).collect();
            assert_eq!(seen, all, "{count} shards");
        }
    }

    #[test]
    fn the_plan_is_stable() {
        let catalog = catalog(120);
        let entries: Vec<&Entry> = catalog.entries.iter().collect();
        let first = plan(&entries, &costs(&entries), 12);
        assert_eq!(first, plan(&entries, &costs(&entries), 12));
        // Keys inside a shard keep catalog order.
        let order: BTreeMap<String, usize> =
            entries.iter().enumerate().map(|(i, e)| (e.selector(), i)).collect();
        for shard in &first {
            let positions: Vec<usize> = shard.keys.iter().map(|k| order[k]).collect();
            assert!(positions.windows(2).all(|w| w[0] < w[1]), "{shard:?}");
        }
    }

    #[test]
    fn an_environment_is_made_by_few_jobs_and_never_mixed_in() {
        let catalog = catalog(173);
        let entries: Vec<&Entry> = catalog.entries.iter().collect();
        let costs = costs(&entries);
        let shards = plan(&entries, &costs, 16);
        let with_root: Vec<&Shard> =
            shards.iter().filter(|s| s.environments.contains(&"debian13".to_string())).collect();
        // debian13 holds about a fifth of the work: its share of the shards (one more at most, as
        // making its root costs each of them), each with its rows only.
        let work = |environment: &str| -> u64 {
            let rows = entries.iter().zip(&costs).filter(|(e, _)| e.environment == environment);
            rows.map(|(_, c)| c).sum()
        };
        let share = (16 * work("debian13")).div_ceil(work("host") + work("debian13")) as usize;
        assert!((1..=share + 1).contains(&with_root.len()), "{} shards, share {share}", with_root.len());
        for shard in with_root {
            assert_eq!(shard.environments, ["debian13"]);
            assert!(shard.keys.iter().all(|k| k.ends_with("@debian13")));
        }
        // Fewer shards than environments: still every row once, environments sharing a shard.
        let one = plan(&entries, &costs, 1);
        assert_eq!(one[0].environments, ["host", "debian13"]);
        assert_eq!(one[0].keys.len(), entries.len());
    }

    #[test]
    fn toolchains_stay_together_and_shards_are_balanced() {
        let catalog = catalog(173);
        let entries: Vec<&Entry> = catalog.entries.iter().collect();
        let costs = costs(&entries);
        let shards = plan(&entries, &costs, 16);
        // Five apt toolchains and three languages without apt, each in few shards: a group is split
        // only where it outweighs a shard.
        let host_toolchains: usize =
            shards.iter().filter(|s| s.environments == ["host"]).map(|s| s.toolchains.len()).sum();
        assert!(host_toolchains < 40, "{host_toolchains} toolchain installs on the host");
        // The longest shard is not much longer than the longest row or the average share.
        let busy: Vec<u64> = shards.iter().map(|s| s.estimated_seconds).collect();
        let total: u64 = busy.iter().sum();
        let longest = *busy.iter().max().unwrap();
        let bound = (total / 16).max(500 + TOOLCHAIN_SETUP + ENVIRONMENT_SETUP) * 3 / 2;
        assert!(longest <= bound, "{busy:?} (bound {bound})");
        assert!(shards.iter().all(|s| !s.keys.is_empty()), "{shards:?}");
    }

    #[test]
    fn costs_come_from_previous_results_with_a_guess_for_new_rows() {
        let catalog = catalog(8);
        let entries: Vec<&Entry> = catalog.entries.iter().collect();
        let costs = row_costs(&entries, None, Work::Confirm);
        assert!(costs.iter().all(|&c| c == UNKNOWN_ROW));
        // Without previous results the shards balance by row count.
        let shards = plan(&entries, &costs, 3);
        let sizes: Vec<usize> = shards.iter().map(|s| s.keys.len()).collect();
        assert_eq!(sizes.iter().sum::<usize>(), entries.len());
        assert!(sizes.iter().all(|&n| n >= 2), "{sizes:?}");
    }

    #[test]
    fn a_confirmation_costs_a_trial_or_two_not_the_search_that_found_the_result() {
        let failing = |kind| crate::results::outcome::Failure {
            kind,
            exit_code: Some(1),
            signal: None,
            signal_name: None,
            stderr: String::new(),
            peak_rss_bytes: None,
            service: None,
        };
        let mut searched = ProbeResult {
            accepted_seconds: Some(0.5),
            elapsed_seconds: 634.0,
            failure: Some(failing(FailureKind::Error)),
            ..ProbeResult::default()
        };
        searched.settings.timeout_seconds = 10.0;
        assert_eq!(confirmation_seconds(&searched), 1.0);
        // A timeout is confirmed by waiting it out again.
        searched.failure = Some(failing(FailureKind::Timeout));
        assert_eq!(confirmation_seconds(&searched), 10.5);
        // No limit: the one trial at the maximum.
        searched.failure = None;
        assert_eq!(confirmation_seconds(&searched), 0.5);
        // A confirmation took what a confirmation takes; and never more than the probe took.
        let confirmed =
            ProbeResult { search: SearchMode::Confirmed, elapsed_seconds: 3.0, ..searched.clone() };
        assert_eq!(confirmation_seconds(&confirmed), 3.0);
        let quick = ProbeResult { elapsed_seconds: 0.2, ..searched.clone() };
        assert_eq!(confirmation_seconds(&quick), 0.2);
        // A slow result: the trial at the depth that takes 0.4 of the timeout at most, not the
        // timeout waited out at the maximum.
        let slow = ProbeResult {
            status: ProbeStatus::Slow,
            accepted_seconds: Some(9.0),
            failure: Some(failing(FailureKind::Timeout)),
            ..searched.clone()
        };
        assert_eq!(confirmation_seconds(&slow), 4.0);
        let no_limit_slowly = ProbeResult { accepted_seconds: Some(12.0), failure: None, ..searched };
        assert_eq!(confirmation_seconds(&no_limit_slowly), 4.0);
    }

    #[test]
    fn shard_specs() {
        assert_eq!("3/16".parse(), Ok(ShardSpec { index: 3, count: 16 }));
        assert_eq!("1/1".parse::<ShardSpec>().unwrap().to_string(), "1/1");
        for bad in ["0/4", "5/4", "3", "a/b", "1/0", "-1/4"] {
            assert!(bad.parse::<ShardSpec>().is_err(), "{bad}");
        }
    }
}
