//! Finding the smallest failing depth in few trials.
//!
//! The search assumes the usual monotone picture: depths below the boundary pass, depths at or above
//! it fail. Each trial costs a process start, so the strategy spends them carefully:
//! - warm: given the previous boundary, one run at it and one just below confirm it (one run at the
//!   maximum for a parser that had no limit). When the hint is off by k levels, the search gallops
//!   outward from it (1, 2, 4, … levels away) and then bisects the last step: about 2·log2(k) trials,
//!   not a new search from scratch;
//! - cold: depth 1 must pass, a run at the maximum settles unbounded parsers, then each trial splits
//!   the remaining candidates in two halves of equal *prior* weight. The prior is log-uniform plus
//!   point masses on the round numbers real limits are set to (64, 100, 128, 512, 1000, 1024, …),
//!   which lands configured limits in a handful of trials and degrades gracefully to a geometric
//!   then arithmetic bisection for stack-bound parsers. Numbers a failure's error message names
//!   ("Depth (1001) exceeds the maximum allowed nesting depth (1000)", "column 257") weigh more
//!   still: many libraries say their limit or where they stopped, so two trials settle it. They only
//!   choose where to look; the boundary is what the trials showed;
//! - guessed: a cold search that first tries where a related probe (another shape or stack of the
//!   same program) failed, and goes on from what that showed;
//! - a failure that only says the trial ran out of time is not a limit yet (the caller runs it again
//!   with a longer timeout), so a cold search stops narrowing it once the bracket is within a factor
//!   of two: bisecting where a program crosses the timeout would time the machine, not the parser.
//!
//! Whether the answer can be trusted (repeated runs agree, nothing failed below a pass) is the
//! caller's business: see src/probe/confirm.rs.

use crate::results::outcome::FailureKind;
use crate::results::probe_result::{ProbeResult, ProbeStatus, SearchMode};
use anyhow::Result;

/// What the previous run found, used to confirm instead of search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The smallest failing depth was this.
    FailsAt(u64),
    /// Nothing failed up to the maximum depth.
    NoLimit,
    /// Nothing failed up to the maximum depth, which took longer than the timeout (`took_millis`,
    /// when that was measured with the same program): reaching the maximum only with the longer
    /// timeout is the same fact as running out of time, so with `took_millis` the probe confirms it
    /// as a slow result (see `Slow`), without it with the longer timeout at once.
    NoLimitSlowly { took_millis: Option<u64> },
    /// A slow parser: `finished` finished only with the longer timeout, and the maximum did not;
    /// `took_millis`, what it took then, when that was measured with the same program. The probe
    /// confirms that in two or three trials; the search itself treats it as no hint. `crash_depth`:
    /// where it crashed deeper, before its time ran out (tried again once it is confirmed slow).
    Slow { finished: u64, took_millis: Option<u64>, crash_depth: Option<u64> },
    /// Another probe of the same program (its main shape, or the phase before this one) was slow
    /// at this depth: confirmed as `Slow` where this probe is about as slow there, searched where it
    /// finishes that depth in under half the timeout (a fast parse under a slow renderer).
    SlowElsewhere(u64),
    /// An unstable parser: outcomes disagreed at these depths (the lowest failing and the highest
    /// passing one seen, perhaps the same depth). The probe runs them again until they disagree
    /// again; the search itself starts from the lowest failing one. `timed_out`: the failures ran
    /// out of time (a depth that finished near the timeout once and not the next time), so where
    /// every run finishes now the probe confirms a slow parser there instead of searching.
    Unstable { lowest_failing: u64, highest_passing: u64, timed_out: bool },
    /// No earlier result, but a related probe of the same program (another shape or stack) failed
    /// first at this depth: many parsers have one configured limit for all of them. This depth and
    /// the one below are tried first; when they do not make the boundary, the search goes on as a
    /// cold one from what they showed.
    Guess(u64),
    /// No earlier result, but an estimate of the boundary from a related probe whose limit moves
    /// with the stack (a larger stack's boundary scaled by the stack ratio): the search gallops
    /// outward from it, in steps of a 64th of it at first, then bisects the bracket. A search, not
    /// a confirmation (its result is `Cold`, verified as one).
    Near(u64),
    /// No earlier result, but the boundary the same service showed on one reused server: its
    /// failing depth (the maximum where nothing failed). Exact for most servers, some levels off
    /// for one whose first requests warm it (a JIT): the search tries it and the depth below, and
    /// gallops outward from it one level, two, four… at a time. A search, not a confirmation.
    Estimate(u64),
}

impl Hint {
    /// The hint that confirms a boundary found before: its smallest failing depth, or none.
    pub fn from_min_failing(min_failing: Option<u64>) -> Hint {
        min_failing.map_or(Hint::NoLimit, Hint::FailsAt)
    }

    /// The hint a previous result gives for measuring the same probe again, if any: an exact
    /// boundary (or no limit) to confirm, the depth a slow parser finished, or the window where
    /// outcomes disagreed.
    pub fn from_previous(previous: &ProbeResult) -> Option<Hint> {
        match previous.status {
            ProbeStatus::Exact => Some(match previous.accepted_seconds {
                Some(took)
                    if previous.min_failing_depth.is_none() && took > previous.settings.timeout_seconds =>
                {
                    Hint::NoLimitSlowly { took_millis: Some((took * 1000.0) as u64) }
                }
                _ => Hint::from_min_failing(previous.min_failing_depth),
            }),
            ProbeStatus::Slow => previous.max_accepted_depth.map(|finished| Hint::Slow {
                finished,
                took_millis: previous.accepted_seconds.map(|seconds| (seconds * 1000.0) as u64),
                crash_depth: previous.crash_depth.or_else(|| crash_sighted_beyond(previous, finished)),
            }),
            ProbeStatus::Unstable => match previous.boundary_window {
                [Some(lowest_failing), Some(highest_passing)] => Some(Hint::Unstable {
                    lowest_failing,
                    highest_passing,
                    timed_out: previous.failure.as_ref().is_some_and(|f| f.kind == FailureKind::Timeout),
                }),
                _ => None,
            },
            ProbeStatus::InputNotRead => None,
        }
    }
}

/// A crash a slow record saw deeper than it finished, from before records had `crash_depth`: its
/// failure is a crash, at the failing end of its window (cpp-toml11's writer: slow at 4,401, a
/// SIGSEGV seen at 5,954). Where to look again, as `crash_depth` would say.
fn crash_sighted_beyond(previous: &ProbeResult, finished: u64) -> Option<u64> {
    let crashed = previous.failure.as_ref().is_some_and(|f| f.kind == FailureKind::Crash);
    previous.boundary_window[0].filter(|&depth| crashed && depth > finished)
}

/// Where the boundary lies once the search is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Boundary {
    /// Largest depth seen to pass (0: not even depth 1).
    pub max_accepted: u64,
    /// Smallest depth seen to fail; `None` when `max_depth` passed.
    pub min_failing: Option<u64>,
    pub trials: u32,
    pub mode: SearchMode,
}

/// A [`Hint::Near`] estimate's first gallop step is this fraction of it: a stack-bound limit scaled
/// from another stack is off by a few percent (the runtime's fixed frames at the stack's bottom).
const NEAR_FIRST_STEP: u64 = 64;

/// Depths real parsers are limited to, or whose neighbours they fail at.
const TYPICAL_LIMITS: &[u64] = &[
    16, 20, 32, 50, 64, 100, 128, 200, 255, 256, 500, 512, 1000, 1024, 2000, 2048, 4096, 5000, 8192, 10_000,
    16_384, 20_000, 32_768, 50_000, 65_536, 100_000, 131_072, 262_144, 500_000, 524_288, 1_000_000,
    1_048_576,
];
/// Prior weight of "fails at limit+1" (the limit itself is allowed) per typical limit.
const WEIGHT_LIMIT_PLUS_ONE: f64 = 1.0;
/// Prior weight of "fails at the limit itself".
const WEIGHT_LIMIT: f64 = 0.3;
/// Total prior weight spread log-uniformly over all depths (stack-bound and odd limits).
const WEIGHT_BACKGROUND: f64 = 40.0;
/// Prior weight of "fails at n" and of "fails at n + 1" per number n an error message named: far
/// more than all other candidates together (about 80), so the next splits go there; a number that
/// is not about depth (a byte offset in a wordier shape, a line number) costs up to two trials.
const WEIGHT_NAMED: f64 = 1000.0;

/// Runs the trials a search asks for. Any `FnMut(u64) -> Result<bool>` is one that never settles
/// early.
pub trait Trials {
    /// Runs one trial at `depth`: whether it failed.
    fn fails(&mut self, depth: u64) -> Result<bool>;

    /// Whether the failure seen at `depth` was only the trial running out of time (a cold search
    /// stops narrowing such a bracket once it is within a factor of two).
    fn ran_out_of_time(&self, _depth: u64) -> bool {
        false
    }

    /// How many trials can run at once now (1: one after another).
    fn width(&self) -> usize {
        1
    }

    /// Runs trials at all of `depths` (at most [`Trials::width`]), at once where it can: whether
    /// each failed, in order.
    fn fails_all(&mut self, depths: &[u64]) -> Result<Vec<bool>> {
        depths.iter().map(|&depth| self.fails(depth)).collect()
    }

    /// Forgets what the last trial at each of `depths` showed: it ran beside another one whose
    /// outcome made it moot (see the cold search's first round).
    fn discard(&mut self, _depths: &[u64]) {}

    /// The numbers the error messages of failed trials named (a limit, the depth or offset where
    /// the library stopped): where a cold search looks first.
    fn named_depths(&self) -> Vec<u64> {
        Vec::new()
    }

    /// Gives the trials from now on the longer timeout, forgetting what ran out of the shorter one;
    /// whether it did (false: already longer, or no such thing).
    fn take_more_time(&mut self) -> bool {
        false
    }
}

impl<F: FnMut(u64) -> Result<bool>> Trials for F {
    fn fails(&mut self, depth: u64) -> Result<bool> {
        self(depth)
    }
}

/// Finds the boundary. `trials.fails(depth)` runs one trial and says whether it failed. A cold
/// search can stop early with a bracket (`min_failing > max_accepted + 1`) whose failing end ran out
/// of time; `refine` narrows such a bracket when the caller needs it exact.
pub fn find_boundary(max_depth: u64, hint: Option<Hint>, trials: &mut impl Trials) -> Result<Boundary> {
    assert!(max_depth >= 1);
    let mut state = State::new(max_depth);

    let hint = match hint {
        None => None,
        Some(Hint::Guess(at)) if at <= max_depth => {
            if state.run(trials, at)? && at > 1 {
                state.run(trials, at - 1)?;
            }
            None
        }
        Some(Hint::Guess(_)) => None,
        Some(Hint::Near(at)) if at <= max_depth => {
            state.gallop(trials, at.max(1), (at / NEAR_FIRST_STEP).max(1))?;
            state.bisect(trials, true)?;
            return Ok(state.boundary(SearchMode::Cold));
        }
        Some(Hint::Estimate(at)) if at <= max_depth => {
            state.gallop(trials, at.max(1), 1)?;
            state.bisect(trials, true)?;
            return Ok(state.boundary(SearchMode::Cold));
        }
        Some(Hint::Near(_) | Hint::Estimate(_)) => None,
        Some(hint) => Some(hint),
    };
    let Some(hint) = hint else {
        // Cold: depth 1 must pass, the maximum settles unbounded parsers, then bisection.
        if state.lo == 0 && !state.done() && state.depth_one(trials)? {
            return Ok(state.boundary(SearchMode::Cold));
        }
        if state.hi.is_none() && !state.done() {
            // With room for more, the first splits of (1, maximum] run beside the maximum: wasted
            // on a parser without a limit, a round saved on every other.
            let mut depths = state.splits(trials.width().saturating_sub(1));
            depths.retain(|&d| d < max_depth);
            depths.push(max_depth);
            state.run_all(trials, &depths)?;
        }
        state.bisect(trials, true)?;
        return Ok(state.boundary(SearchMode::Cold));
    };

    // Warm: the hint's own depth first, then its neighbour below when it still fails there.
    let at = match hint {
        Hint::FailsAt(at) | Hint::Unstable { lowest_failing: at, .. } if at <= max_depth => at,
        _ => max_depth + 1,
    };
    let mut confirmed = verify(&mut state, trials, at, hint)?;
    let below_ran_out = at <= max_depth && at > 1 && trials.ran_out_of_time(at - 1);
    if !confirmed && below_ran_out && trials.take_more_time() {
        // A limit found before whose depth below ran out of time here (a parser slow near its
        // limit, on a busier machine): verified again with more time, instead of a gallop whose
        // every trial would wait out the timeout.
        state = State { trials: state.trials, ..State::new(max_depth) };
        confirmed = verify(&mut state, trials, at, hint)?;
    }
    if at > max_depth {
        // It had no limit and now fails at the maximum: nothing says where, so search as if cold.
        state.bisect(trials, true)?;
    }
    // Off by some levels: gallop outward from the hint, 1, 2, 4, … levels at a time, until the
    // boundary is bracketed, then bisect the last step.
    let mut step = 1;
    while !state.done() {
        let depth = match state.hi {
            Some(hi) if hi - state.lo <= step => state.midpoint(),
            Some(hi) if hi <= at => hi.saturating_sub(step).max(state.lo + 1),
            hi => (state.lo + step).min(hi.map_or(max_depth, |hi| hi - 1)),
        };
        state.run(trials, depth)?;
        step = step.saturating_mul(2);
    }
    let mode = if confirmed { SearchMode::Confirmed } else { SearchMode::ReSearched };
    Ok(state.boundary(mode))
}

/// The warm search's verification of the hint: the trials at `at - 1` and `at` (at the maximum for
/// a hint without a limit); whether they showed the hinted boundary again.
fn verify(state: &mut State, trials: &mut impl Trials, at: u64, hint: Hint) -> Result<bool> {
    let max_depth = state.max_depth;
    Ok(if at <= max_depth && at > 1 && trials.width() > 1 {
        // The two verification trials side by side.
        state.run_all(trials, &[at - 1, at])? == [false, true]
    } else if at <= max_depth {
        state.run(trials, at)? && (at == 1 || !state.run(trials, at - 1)?)
    } else {
        !state.run(trials, max_depth)? && matches!(hint, Hint::NoLimit | Hint::NoLimitSlowly { .. })
    })
}

/// Narrows a bracket a search stopped with (`bracket.max_accepted` passed, `bracket.min_failing`
/// failed) to the exact boundary, as a cold search would, without stopping early.
pub fn refine(max_depth: u64, bracket: Boundary, trials: &mut impl Trials) -> Result<Boundary> {
    let mut state = State {
        lo: bracket.max_accepted,
        hi: bracket.min_failing,
        max_depth,
        trials: bracket.trials,
        passes: vec![bracket.max_accepted],
        beside: Vec::new(),
        named: Vec::new(),
    };
    state.bisect(trials, false)?;
    Ok(state.boundary(bracket.mode))
}

#[derive(Clone)]
struct State {
    /// Largest passing depth known (0: none).
    lo: u64,
    /// Smallest failing depth known.
    hi: Option<u64>,
    max_depth: u64,
    trials: u32,
    /// Every depth seen to pass, to stay consistent when a flaky parser contradicts itself.
    passes: Vec<u64>,
    /// Depths run beside the search for the verification (see `bisect`), not judged by it.
    beside: Vec<u64>,
    /// Numbers the failures' error messages named (see [`Trials::named_depths`]).
    named: Vec<u64>,
}

impl State {
    /// Nothing seen yet.
    fn new(max_depth: u64) -> State {
        State {
            lo: 0,
            hi: None,
            max_depth,
            trials: 0,
            passes: Vec::new(),
            beside: Vec::new(),
            named: Vec::new(),
        }
    }

    fn run(&mut self, trials: &mut impl Trials, depth: u64) -> Result<bool> {
        self.trials += 1;
        let failed = trials.fails(depth)?;
        self.record(depth, failed);
        Ok(failed)
    }

    /// Runs several trials at once; records them all.
    fn run_all(&mut self, trials: &mut impl Trials, depths: &[u64]) -> Result<Vec<bool>> {
        self.run_beside(trials, depths, &[])
    }

    /// Runs `judged` and `beside` at once; records only `judged` (what the others showed is the
    /// caller's to keep or drop). Whether each failed, `judged` first.
    fn run_beside(&mut self, trials: &mut impl Trials, judged: &[u64], beside: &[u64]) -> Result<Vec<bool>> {
        self.trials += (judged.len() + beside.len()) as u32;
        let failed = trials.fails_all(&[judged, beside].concat())?;
        for (&depth, &failed) in judged.iter().zip(&failed) {
            self.record(depth, failed);
        }
        Ok(failed)
    }

    /// Brackets the boundary around an estimate: `at` first, then outward (down where it failed,
    /// up where it passed) in steps of `step`, doubling, until a trial disagrees with `at`'s.
    fn gallop(&mut self, trials: &mut impl Trials, at: u64, mut step: u64) -> Result<()> {
        let failed = self.run(trials, at)?;
        while !self.done() {
            let depth = match self.hi {
                Some(hi) if failed => hi.saturating_sub(step).max(self.lo + 1),
                hi => (self.lo + step).min(hi.map_or(self.max_depth, |hi| hi - 1)),
            };
            if self.run(trials, depth)? != failed {
                return Ok(());
            }
            step = step.saturating_mul(2);
        }
        Ok(())
    }

    /// Runs depth 1; whether it failed. With room for more, the first splits of (1, maximum] run
    /// beside it (a round saved on every parser that passes there); where depth 1 fails, nothing
    /// deeper may count, or the answer would depend on the room (invalid input a parser rejects at
    /// depth 1 but accepts deeper), so what they showed is discarded.
    fn depth_one(&mut self, trials: &mut impl Trials) -> Result<bool> {
        let beside = State { lo: 1, ..self.clone() }.splits(trials.width().saturating_sub(1));
        if beside.is_empty() {
            return self.run(trials, 1);
        }
        let failed = self.run_beside(trials, &[1], &beside)?;
        if failed[0] {
            trials.discard(&beside);
        } else {
            for (&depth, &failed) in beside.iter().zip(&failed[1..]) {
                self.record(depth, failed);
            }
        }
        Ok(failed[0])
    }

    /// Splits (lo, hi] by prior weight until the boundary is found, or, when `may_settle`, until a
    /// bracket whose failing end ran out of time is within a factor of two.
    fn bisect(&mut self, trials: &mut impl Trials, may_settle: bool) -> Result<()> {
        while !self.done() {
            let settles = |hi: u64| hi <= self.lo.saturating_mul(2) && trials.ran_out_of_time(hi);
            if may_settle && self.lo > 0 && self.hi.is_some_and(settles) {
                break;
            }
            // With room for k trials at once, k depths split the candidates into k + 1 parts: an
            // (k+1)-ary search.
            self.named = trials.named_depths();
            let width = trials.width();
            let depths = match self.splits(width) {
                depths if depths.len() > 1 => depths,
                _ => vec![self.next_split()],
            };
            // Fewer candidates than room (the last round): the depth below the bracket, which the
            // probe's verification asks for when the boundary turns out to be lo + 1, runs beside.
            // Not a step of the search: what it shows is the verification's to judge (a program
            // failing there, below a pass, is unstable, not a boundary to narrow towards).
            let below = self.lo.saturating_sub(1);
            if depths.len() < width
                && below >= 1
                && !self.passes.contains(&below)
                && !self.beside.contains(&below)
            {
                self.beside.push(below);
                self.run_beside(trials, &depths, &[below])?;
                continue;
            }
            match depths[..] {
                [depth] => drop(self.run(trials, depth)?),
                _ => drop(self.run_all(trials, &depths)?),
            }
        }
        Ok(())
    }

    /// Narrows (lo, hi]. A flaky parser can contradict itself; the boundary then stays between
    /// the smallest failure and the largest pass below it (`--repeat` reports such windows).
    fn record(&mut self, depth: u64, failed: bool) {
        if failed {
            let hi = self.hi.map_or(depth, |hi| hi.min(depth));
            self.hi = Some(hi);
            self.lo = self.passes.iter().copied().filter(|&p| p < hi).max().unwrap_or(0);
        } else {
            self.passes.push(depth);
            if self.hi.is_none_or(|hi| depth < hi) {
                self.lo = self.lo.max(depth);
            }
        }
    }

    fn done(&self) -> bool {
        match self.hi {
            Some(hi) => hi <= self.lo + 1,
            None => self.lo >= self.max_depth,
        }
    }

    fn boundary(&self, mode: SearchMode) -> Boundary {
        Boundary { max_accepted: self.lo, min_failing: self.hi, trials: self.trials, mode }
    }

    fn prior(&self) -> Prior<'_> {
        Prior { total_log: ((self.max_depth + 1) as f64).ln(), named: &self.named }
    }

    /// The middle of the candidate boundaries (lo, hi]: plain bisection, for the last stretch of a
    /// warm search.
    fn midpoint(&self) -> u64 {
        let hi = self.hi.unwrap_or(self.max_depth + 1);
        self.lo + (hi - self.lo) / 2
    }

    /// Up to `k` depths that split the candidate boundaries (lo, hi] into k + 1 parts whose
    /// heaviest (by prior weight) is as light as possible, ascending (fewer when the candidates are
    /// fewer). Not k equal shares of the total: a typical limit's point weight would take several
    /// shares at one depth and waste the room.
    fn splits(&self, k: usize) -> Vec<u64> {
        let lo = self.lo;
        let hi = self.hi.unwrap_or(self.max_depth + 1);
        if k == 0 || hi <= lo + 1 {
            return Vec::new();
        }
        let prior = self.prior();
        // The cuts that keep every part at most `limit`, taken greedily from below; `None` when
        // k cuts do not suffice.
        let cuts_within = |limit: f64| -> Option<Vec<u64>> {
            let mut cuts = Vec::with_capacity(k);
            let mut from = lo;
            while prior.mass(from, hi) > limit {
                if cuts.len() == k || prior.mass(from, from + 1) > limit {
                    return None;
                }
                // The deepest d in (from, hi) whose part (from, d] stays within the limit.
                let (mut a, mut b) = (from + 1, hi - 1);
                while a < b {
                    let mid = b - (b - a) / 2;
                    if prior.mass(from, mid) <= limit {
                        a = mid;
                    } else {
                        b = mid - 1;
                    }
                }
                cuts.push(a);
                from = a;
            }
            Some(cuts)
        };
        let (mut feasible, mut infeasible) = (prior.mass(lo, hi), 0.0);
        let mut best = cuts_within(feasible).unwrap_or_default();
        for _ in 0..48 {
            let limit = (feasible + infeasible) / 2.0;
            match cuts_within(limit) {
                Some(cuts) => (feasible, best) = (limit, cuts),
                None => infeasible = limit,
            }
        }
        best
    }

    /// The depth that splits the candidate boundaries (lo, hi] into halves of equal prior weight.
    fn next_split(&self) -> u64 {
        let lo = self.lo;
        let hi = self.hi.unwrap_or(self.max_depth + 1);
        debug_assert!(hi > lo + 1);
        let prior = self.prior();
        let imbalance = |d: u64| prior.mass(lo, d) - prior.mass(d, hi);
        // `imbalance` grows with d: find the first d in (lo, hi) where the lower half outweighs.
        let (mut a, mut b) = (lo + 1, hi - 1);
        while a < b {
            let mid = a + (b - a) / 2;
            if imbalance(mid) >= 0.0 {
                b = mid;
            } else {
                a = mid + 1;
            }
        }
        if a > lo + 1 && imbalance(a - 1).abs() < imbalance(a).abs() {
            a - 1
        } else {
            a
        }
    }
}

struct Prior<'a> {
    total_log: f64,
    /// Numbers error messages named.
    named: &'a [u64],
}

impl Prior<'_> {
    /// Prior weight of "the boundary lies in (a, b]".
    fn mass(&self, a: u64, b: u64) -> f64 {
        if b <= a {
            return 0.0;
        }
        let background = WEIGHT_BACKGROUND * ((b as f64).ln() - (a.max(1) as f64).ln()) / self.total_log;
        let points: f64 = TYPICAL_LIMITS
            .iter()
            .flat_map(|&limit| [(limit + 1, WEIGHT_LIMIT_PLUS_ONE), (limit, WEIGHT_LIMIT)])
            .filter(|&(at, _)| a < at && at <= b)
            .map(|(_, weight)| weight)
            .sum();
        let named = self.named.iter().flat_map(|&n| [n, n + 1]).filter(|&at| a < at && at <= b).count();
        background + points + named as f64 * WEIGHT_NAMED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parser whose smallest failing depth is `boundary` (None: never fails); counts trials.
    fn search(boundary: Option<u64>, max_depth: u64, hint: Option<Hint>) -> Boundary {
        let result = find_boundary(max_depth, hint, &mut |depth| {
            assert!((1..=max_depth).contains(&depth), "tried depth {depth} outside 1..={max_depth}");
            Ok(boundary.is_some_and(|b| depth >= b))
        })
        .unwrap();
        assert_eq!(result.min_failing, boundary.filter(|&b| b <= max_depth), "{boundary:?}");
        let expected_accepted = match result.min_failing {
            Some(b) => b - 1,
            None => max_depth,
        };
        assert_eq!(result.max_accepted, expected_accepted);
        result
    }

    /// A parser that gets slower the deeper it goes: from `crossing` on it runs out of time.
    struct Slows {
        crossing: u64,
    }

    impl Trials for Slows {
        fn fails(&mut self, depth: u64) -> Result<bool> {
            Ok(depth >= self.crossing)
        }

        fn ran_out_of_time(&self, depth: u64) -> bool {
            depth >= self.crossing
        }
    }

    #[test]
    fn a_cold_search_leaves_a_timed_out_bracket_within_a_factor_of_two_and_refine_makes_it_exact() {
        for crossing in [3, 100, 1001, 5_713, 87_289, 2_581_101] {
            let mut slows = Slows { crossing };
            let settled = find_boundary(5_000_000, None, &mut slows).unwrap();
            let (lo, hi) = (settled.max_accepted, settled.min_failing.unwrap());
            assert!(lo < crossing && crossing <= hi && hi <= 2 * lo, "{crossing}: ({lo}, {hi}]");
            let exact = search(Some(crossing), 5_000_000, None);
            if crossing > 1001 {
                assert!(settled.trials + 8 <= exact.trials, "{crossing}: {settled:?} vs {exact:?}");
            }
            let refined = refine(5_000_000, settled, &mut slows).unwrap();
            assert_eq!((refined.max_accepted, refined.min_failing), (crossing - 1, Some(crossing)));
            assert_eq!(refined.mode, SearchMode::Cold);
        }
        // A failure that is not a timeout is found exactly, as before.
        let mut crashes = |depth: u64| Ok(depth >= 87_289);
        let exact = find_boundary(5_000_000, None, &mut crashes).unwrap();
        assert_eq!(exact.min_failing, Some(87_289));
    }

    /// A parser slow near its limit: it crashes from `limit` on, and runs out of the normal timeout
    /// from `crossing` on, but not of the longer one.
    struct SlowNearItsLimit {
        limit: u64,
        crossing: u64,
        more_time: bool,
        timed_out: Vec<u64>,
    }

    impl Trials for SlowNearItsLimit {
        fn fails(&mut self, depth: u64) -> Result<bool> {
            if depth >= self.limit {
                return Ok(true);
            }
            let out_of_time = depth >= self.crossing && !self.more_time;
            if out_of_time {
                self.timed_out.push(depth);
            }
            Ok(out_of_time)
        }

        fn ran_out_of_time(&self, depth: u64) -> bool {
            self.timed_out.contains(&depth)
        }

        fn take_more_time(&mut self) -> bool {
            self.timed_out.clear();
            !std::mem::replace(&mut self.more_time, true)
        }
    }

    #[test]
    fn a_limit_whose_depth_below_runs_out_of_time_is_verified_again_with_more_time_not_galloped_to() {
        let mut slow =
            SlowNearItsLimit { limit: 47_648, crossing: 40_000, more_time: false, timed_out: vec![] };
        let found = find_boundary(5_000_000, Some(Hint::FailsAt(47_648)), &mut slow).unwrap();
        assert_eq!((found.max_accepted, found.min_failing), (47_647, Some(47_648)));
        assert_eq!(found.mode, SearchMode::Confirmed);
        // Two trials with the normal timeout, two with the longer one: no gallop of timeouts.
        assert_eq!(found.trials, 4, "{found:?}");
        // Where the time was not what ran out, there is nothing to give more of.
        let mut crashes = |depth: u64| Ok(depth >= 47_600);
        let moved = find_boundary(5_000_000, Some(Hint::FailsAt(47_648)), &mut crashes).unwrap();
        assert_eq!((moved.min_failing, moved.mode), (Some(47_600), SearchMode::ReSearched));
    }

    /// A parser failing from `boundary` on whose error message names `says` (as `Runner` would have
    /// read it from the failed trials' stderr).
    struct Names {
        boundary: u64,
        says: Vec<u64>,
        failed_once: bool,
    }

    impl Trials for Names {
        fn fails(&mut self, depth: u64) -> Result<bool> {
            let failed = depth >= self.boundary;
            self.failed_once |= failed;
            Ok(failed)
        }

        fn named_depths(&self) -> Vec<u64> {
            if self.failed_once {
                self.says.clone()
            } else {
                Vec::new()
            }
        }
    }

    fn named_search(boundary: u64, says: &[u64]) -> Boundary {
        let mut names = Names { boundary, says: says.to_vec(), failed_once: false };
        let found = find_boundary(5_000_000, None, &mut names).unwrap();
        assert_eq!((found.max_accepted, found.min_failing), (boundary - 1, Some(boundary)), "{says:?}");
        found
    }

    #[test]
    fn a_limit_the_error_message_names_is_settled_in_two_trials_after_the_maximum() {
        // "Depth (1001) exceeds the maximum allowed nesting depth (1000)", "nesting of 101 is too
        // deep", "maximum configured depth of 64", "column 174731": the limit, the failing depth,
        // or where a stack-bound parser stopped.
        for (boundary, says) in [
            (1001, vec![1000, 1001]),
            (101, vec![101]),
            (65, vec![64]),
            (174_731, vec![174_731]),
            (40_319, vec![40_318]),
        ] {
            let named = named_search(boundary, &says);
            assert_eq!(named.trials, 4, "{boundary}: depth 1, the maximum, then two ({named:?})");
            assert!(named.trials < search(Some(boundary), 5_000_000, None).trials, "{boundary}");
        }
    }

    #[test]
    fn a_number_that_is_not_about_depth_costs_at_most_two_trials() {
        // A byte offset in a wordier shape (`{"a":` is five bytes a level), a line number, a
        // number from the library's name: the boundary is still what the trials show.
        for (boundary, says) in
            [(1001, vec![5_006]), (129, vec![8]), (87_289, vec![3, 16]), (513, vec![2_565, 1_000_000])]
        {
            let named = named_search(boundary, &says);
            let plain = search(Some(boundary), 5_000_000, None);
            let most = plain.trials + 2 * says.len() as u32;
            assert!(named.trials <= most, "{boundary} {says:?}: {named:?} vs {plain:?}");
        }
    }

    #[test]
    fn a_near_estimate_finds_the_boundary_in_fewer_trials_than_a_cold_search_and_a_far_one_still_finds_it() {
        // A stack-bound limit scaled from a larger stack: 87,289 levels at 8 MiB make 10,911 at
        // 1 MiB by the ratio, where the runtime's fixed frames leave 10,900.
        for (actual, estimate) in [(10_900, 10_911), (1_362, 1_364), (150, 152), (698_000, 698_312), (40, 40)]
        {
            let near = search(Some(actual), 5_000_000, Some(Hint::Near(estimate)));
            let cold = search(Some(actual), 5_000_000, None);
            assert!(near.trials < cold.trials, "{actual} from {estimate}: {near:?} vs {cold:?}");
            assert_eq!(near.mode, SearchMode::Cold, "a search from an estimate is not a confirmation");
        }
        // Far off, or no limit at all: still the boundary (checked by `search`).
        for (actual, estimate) in
            [(Some(33), 129_000), (Some(1_001), 33), (None, 1_001), (Some(1), 50), (Some(2), 4_999_999)]
        {
            search(actual, 5_000_000, Some(Hint::Near(estimate)));
        }
        search(Some(7), 100, Some(Hint::Near(1_000)));
    }

    #[test]
    fn a_reused_servers_estimate_settles_an_exact_boundary_in_two_trials_and_a_warmer_one_in_few() {
        // Most servers show a reused server the boundary a fresh one shows: two trials.
        for b in [2, 33, 1_001, 87_289, 5_000_000] {
            let estimated = search(Some(b), 5_000_000, Some(Hint::Estimate(b)));
            assert_eq!(estimated.trials, 2, "{b}");
            assert_eq!(estimated.mode, SearchMode::Cold, "a search from an estimate is not a confirmation");
        }
        assert_eq!(search(None, 5_000_000, Some(Hint::Estimate(5_000_000))).trials, 1);
        // A server its first requests warm (a JIT): the fresh boundary some percent below the
        // estimate, still fewer trials than a search from nothing.
        for (actual, estimate) in [(1_639, 1_667), (9_992, 9_993), (978, 1_001), (3_157, 3_300)] {
            let estimated = search(Some(actual), 5_000_000, Some(Hint::Estimate(estimate)));
            let cold = search(Some(actual), 5_000_000, None);
            assert!(estimated.trials < cold.trials, "{actual} from {estimate}: {estimated:?} vs {cold:?}");
        }
        // Far off, or no limit at all: still the boundary (checked by `search`).
        for (actual, estimate) in [(Some(101), 201), (Some(33), 129_000), (None, 1_001), (Some(1), 50)] {
            search(actual, 5_000_000, Some(Hint::Estimate(estimate)));
        }
    }

    #[test]
    fn a_right_guess_is_settled_in_two_trials_and_a_wrong_one_still_finds_the_boundary() {
        for b in [2, 33, 129, 1001, 87_289] {
            assert_eq!(search(Some(b), 5_000_000, Some(Hint::Guess(b))).trials, 2, "{b}");
        }
        for (actual, guess) in
            [(Some(33), 129), (Some(1001), 33), (None, 1001), (Some(1), 50), (Some(87_289), 5_000_000)]
        {
            let guessed = search(actual, 5_000_000, Some(Hint::Guess(guess)));
            let cold = search(actual, 5_000_000, None);
            assert_eq!(guessed.mode, SearchMode::Cold);
            // What the guess showed is not thrown away: at most its two trials more than a cold search.
            assert!(guessed.trials <= cold.trials + 2, "{actual:?} guessed {guess}: {guessed:?} vs {cold:?}");
        }
    }

    #[test]
    fn always_passing_is_settled_in_two_trials() {
        let result = search(None, 5_000_000, None);
        assert_eq!(result.trials, 2);
        assert_eq!(result.min_failing, None);
    }

    #[test]
    fn always_failing_stops_after_depth_one() {
        let result = search(Some(1), 5_000_000, None);
        assert_eq!((result.trials, result.max_accepted), (1, 0));
    }

    #[test]
    fn threshold_at_two() {
        search(Some(2), 5_000_000, None);
    }

    #[test]
    fn threshold_at_max_and_at_tiny_maxima() {
        search(Some(5_000_000), 5_000_000, None);
        search(Some(1), 1, None);
        search(None, 1, None);
        search(Some(2), 2, None);
        search(Some(3), 3, None);
    }

    #[test]
    fn every_boundary_in_a_small_range_is_found_exactly() {
        for max in [1, 2, 3, 10, 100] {
            for b in 1..=max + 1 {
                search(Some(b), max, None);
            }
        }
    }

    #[test]
    fn boundaries_of_every_size_are_found_exactly() {
        for b in [3, 33, 65, 101, 129, 513, 999, 1001, 1025, 2049, 5713, 10_001, 87_289, 2_581_101, 4_999_999]
        {
            search(Some(b), 5_000_000, None);
        }
    }

    #[test]
    fn configured_limits_need_few_trials() {
        for b in [33, 65, 101, 129, 257, 513, 1001, 1025, 2049, 10_001] {
            let trials = search(Some(b), 5_000_000, None).trials;
            assert!(trials <= 10, "boundary {b} took {trials} trials");
        }
    }

    #[test]
    fn cold_search_beats_blind_bisection_on_small_limits_and_stays_close_on_large_ones() {
        // Blind bisection of 1..5_000_000 needs about 23 trials whatever the parser.
        let blind = (5_000_000f64).log2().ceil() as u32;
        let small = search(Some(129), 5_000_000, None).trials;
        let large = search(Some(2_000_000), 5_000_000, None).trials;
        assert!(small * 2 < large, "129 took {small} trials, 2 000 000 took {large}");
        for b in [1_733, 5_713, 87_289, 654_321, 2_581_101] {
            let trials = search(Some(b), 5_000_000, None).trials;
            assert!(trials <= blind + 6, "boundary {b} took {trials} trials");
        }
    }

    #[test]
    fn a_right_hint_is_confirmed_in_two_trials() {
        for b in [2, 129, 87_289, 5_000_000] {
            let result = search(Some(b), 5_000_000, Some(Hint::FailsAt(b)));
            assert_eq!((result.trials, result.mode), (2, SearchMode::Confirmed), "{b}");
        }
        let result = search(None, 5_000_000, Some(Hint::NoLimit));
        assert_eq!((result.trials, result.mode), (1, SearchMode::Confirmed));
    }

    #[test]
    fn a_wrong_hint_falls_back_to_a_search() {
        for (actual, hint) in [
            (Some(130), Hint::FailsAt(129)),
            (Some(128), Hint::FailsAt(129)),
            (Some(87_000), Hint::FailsAt(87_289)),
            (None, Hint::FailsAt(129)),
            (Some(129), Hint::NoLimit),
            (Some(1), Hint::FailsAt(129)),
            (Some(129), Hint::FailsAt(9_000_000)),
        ] {
            let result = search(actual, 5_000_000, Some(hint));
            assert_eq!(result.mode, SearchMode::ReSearched, "{actual:?} {hint:?}");
        }
    }

    #[test]
    fn a_hint_off_by_k_levels_is_corrected_near_it() {
        let log2_ceil = |k: u64| 64 - (k - 1).leading_zeros() as u64;
        for hint in [2u64, 129, 1_000, 40_298, 174_636, 4_999_990] {
            for k in (1..=70).chain([100, 127, 128, 129, 1000, 4096, 30_000]) {
                for actual in [hint.checked_sub(k), Some(hint + k)] {
                    let Some(actual) = actual.filter(|&a| (1..=5_000_000).contains(&a)) else { continue };
                    let result = search(Some(actual), 5_000_000, Some(Hint::FailsAt(hint)));
                    let bound = 2 * log2_ceil(k) + 4;
                    assert!(
                        u64::from(result.trials) <= bound,
                        "hint {hint}, boundary {actual}: {} trials > {bound}",
                        result.trials
                    );
                    assert_eq!(result.mode, SearchMode::ReSearched);
                }
            }
        }
    }

    #[test]
    fn a_hint_beyond_the_maximum_or_of_no_limit_still_finds_the_boundary() {
        for actual in [None, Some(1), Some(2), Some(129), Some(4_999_999)] {
            for hint in [Hint::NoLimit, Hint::FailsAt(6_000_000), Hint::FailsAt(1), Hint::FailsAt(4_999_999)]
            {
                search(actual, 5_000_000, Some(hint));
            }
        }
    }

    #[test]
    fn non_monotone_answers_still_terminate_with_a_consistent_pair() {
        // A flaky parser: fails on every third trial regardless of depth.
        let mut count = 0;
        let result = find_boundary(1_000_000, None, &mut |depth| {
            count += 1;
            Ok(depth > 5000 || (depth > 1 && count % 3 == 0))
        })
        .unwrap();
        let hi = result.min_failing.unwrap();
        assert!(result.max_accepted < hi);
    }

    /// A parser failing from `boundary` on, whose trials run `width` at a time; counts rounds
    /// (what the wall time is made of) and trials.
    struct Side {
        boundary: Option<u64>,
        width: usize,
        rounds: u32,
        trials: u32,
    }

    impl Trials for Side {
        fn fails(&mut self, depth: u64) -> Result<bool> {
            self.fails_all(&[depth]).map(|failed| failed[0])
        }

        fn width(&self) -> usize {
            self.width
        }

        fn fails_all(&mut self, depths: &[u64]) -> Result<Vec<bool>> {
            assert!(depths.len() <= self.width, "{depths:?} at once with room for {}", self.width);
            self.rounds += 1;
            self.trials += depths.len() as u32;
            Ok(depths.iter().map(|&d| self.boundary.is_some_and(|b| d >= b)).collect())
        }
    }

    #[test]
    fn trials_side_by_side_find_the_same_boundary_in_fewer_rounds() {
        let (mut one_rounds, mut three_rounds) = (0, 0);
        for boundary in
            [None, Some(1), Some(2), Some(33), Some(129), Some(1001), Some(40_319), Some(4_999_999)]
        {
            for hint in [None, boundary.map(Hint::FailsAt), boundary.map(|b| Hint::FailsAt(b + 7))] {
                let mut one = Side { boundary, width: 1, rounds: 0, trials: 0 };
                let mut three = Side { boundary, width: 3, rounds: 0, trials: 0 };
                let sequential = find_boundary(5_000_000, hint, &mut one).unwrap();
                let parallel = find_boundary(5_000_000, hint, &mut three).unwrap();
                assert_eq!(
                    (parallel.min_failing, parallel.max_accepted),
                    (sequential.min_failing, sequential.max_accepted),
                    "boundary {boundary:?}, hint {hint:?}"
                );
                assert_eq!(parallel.trials, three.trials);
                one_rounds += one.rounds;
                three_rounds += three.rounds;
            }
        }
        // Rounds are what a probe waits for: side by side they must be clearly fewer.
        assert!(
            three_rounds * 10 < one_rounds * 7,
            "{three_rounds} rounds with 3 at once, {one_rounds} one by one"
        );
    }

    /// Rejects depth 1 only (as invalid input a parser accepts when it is deeper), `width` trials
    /// at once; remembers what was discarded.
    struct RejectsOne {
        width: usize,
        discarded: Vec<u64>,
    }

    impl Trials for RejectsOne {
        fn fails(&mut self, depth: u64) -> Result<bool> {
            Ok(depth == 1)
        }

        fn width(&self) -> usize {
            self.width
        }

        fn discard(&mut self, depths: &[u64]) {
            self.discarded.extend_from_slice(depths);
        }
    }

    #[test]
    fn what_ran_beside_a_failing_depth_one_is_discarded_so_the_answer_does_not_depend_on_the_room() {
        let mut one = RejectsOne { width: 1, discarded: Vec::new() };
        let mut two = RejectsOne { width: 2, discarded: Vec::new() };
        let alone = find_boundary(5_000_000, None, &mut one).unwrap();
        let beside = find_boundary(5_000_000, None, &mut two).unwrap();
        assert_eq!((alone.min_failing, alone.max_accepted), (Some(1), 0));
        assert_eq!((beside.min_failing, beside.max_accepted), (Some(1), 0));
        assert!(one.discarded.is_empty());
        assert_eq!(two.discarded.len(), 1, "{:?}", two.discarded);
        assert_eq!(beside.trials, 2, "the discarded trial still ran");
    }

    #[test]
    fn a_typical_limit_does_not_take_the_room_of_several_splits() {
        // (946, 1017]: 1000 and 1001 carry most of the weight; two trials at once must ask both.
        let state = State {
            lo: 946,
            hi: Some(1017),
            max_depth: 5_000_000,
            trials: 0,
            passes: vec![946],
            beside: Vec::new(),
            named: Vec::new(),
        };
        let splits = state.splits(2);
        assert_eq!(splits.len(), 2);
        assert!(splits.windows(2).all(|w| w[0] < w[1]), "{splits:?}");
        assert!(splits.iter().all(|&d| 946 < d && d < 1017), "{splits:?}");
        assert_eq!(splits, [1000, 1001]);
    }
}
