//! Naming every release where a behaviour changed without probing them all: the oldest and newest
//! measured first, then the middle of every range whose ends differ, until each change lies between
//! two neighbours (about changes × log₂ releases probes, as `git bisect` per change).

use std::collections::BTreeMap;

/// What probing each index gave, by index: `Ok` measured, `Err` why it could not be (not built).
pub type Probed<T, E> = BTreeMap<usize, Result<T, E>>;

/// Probes as few of `count` ordered releases as it takes to name every change. `probe(i)` measures
/// release `i`; `same` says whether two measurements are the same fact. A release that cannot be
/// measured is stepped around: the nearest one to the middle that can is probed instead, and
/// where none between two different ends can, the change is named at the later end.
///
/// Ranges whose ends are the same fact are not searched: a behaviour that changed and changed back
/// between them goes unseen, the price of not probing every release. Except where `interleaved(low,
/// high)` says the range mixes lines (a maintenance release of an old line published after a newer
/// line's, up to `high`): the newer line may have changed while the old kept its behaviour, so it is
/// searched too.
pub fn search<T, E>(
    count: usize,
    mut probe: impl FnMut(usize) -> Result<T, E>,
    same: impl Fn(&T, &T) -> bool,
    interleaved: impl Fn(usize, usize) -> bool,
) -> Probed<T, E> {
    let mut probed = BTreeMap::new();
    let Some(first) = (0..count).find(|&at| measured(&mut probed, &mut probe, at)) else { return probed };
    let last = (first..count).rev().find(|&at| measured(&mut probed, &mut probe, at)).unwrap_or(first);
    let mut ranges = vec![(first, last)];
    while let Some((low, high)) = ranges.pop() {
        if high <= low + 1 || (both_same(&probed, low, high, &same) && !interleaved(low, high)) {
            continue;
        }
        let middle = (low + high) / 2;
        let Some(at) = nearest_first(low, high, middle).find(|&at| measured(&mut probed, &mut probe, at))
        else {
            continue;
        };
        // The older half last: searched first, so changes are found oldest first.
        ranges.push((at, high));
        ranges.push((low, at));
    }
    probed
}

/// The indexes of measured releases that differ from the measured release before them.
pub fn changes<T, E>(probed: &Probed<T, E>, same: impl Fn(&T, &T) -> bool) -> Vec<usize> {
    let measured: Vec<(usize, &T)> =
        probed.iter().filter_map(|(&at, result)| Some((at, result.as_ref().ok()?))).collect();
    measured.windows(2).filter(|pair| !same(pair[0].1, pair[1].1)).map(|pair| pair[1].0).collect()
}

/// Probes `at` unless it was, and says whether it was measured.
fn measured<T, E>(
    probed: &mut Probed<T, E>,
    probe: &mut impl FnMut(usize) -> Result<T, E>,
    at: usize,
) -> bool {
    probed.entry(at).or_insert_with(|| probe(at)).is_ok()
}

fn both_same<T, E>(probed: &Probed<T, E>, low: usize, high: usize, same: &impl Fn(&T, &T) -> bool) -> bool {
    match (&probed[&low], &probed[&high]) {
        (Ok(a), Ok(b)) => same(a, b),
        _ => false,
    }
}

/// The indexes strictly between `low` and `high`, nearest to `middle` first.
fn nearest_first(low: usize, high: usize, middle: usize) -> impl Iterator<Item = usize> {
    (0..high - low)
        .flat_map(move |step| [middle.checked_add(step), middle.checked_sub(step + 1)])
        .flatten()
        .filter(move |&at| at > low && at < high)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// The fixture's library: 1.0.0–1.2.0 crash at 50, then clean error at 30, then no limit.
    fn outcome(at: usize, changes: (usize, usize)) -> &'static str {
        if at < changes.0 {
            "crash at 50"
        } else if at < changes.1 {
            "clean error at 30"
        } else {
            "no limit"
        }
    }

    fn ceil_log2(n: usize) -> usize {
        n.next_power_of_two().trailing_zeros() as usize
    }

    #[test]
    fn two_changes_are_named_in_about_two_times_log2_probes() {
        for count in [3, 10, 20, 64, 100] {
            for changes_at in [(1, 2), (count / 3, 2 * count / 3), (count - 2, count - 1)] {
                if changes_at.0 == 0 || changes_at.0 >= changes_at.1 {
                    continue;
                }
                let probes = Cell::new(0);
                let probed = search(
                    count,
                    |at| -> Result<_, ()> {
                        probes.set(probes.get() + 1);
                        Ok(outcome(at, changes_at))
                    },
                    |a, b| a == b,
                    |_, _| false,
                );
                assert_eq!(changes(&probed, |a, b| a == b), [changes_at.0, changes_at.1], "{count}");
                // Each change is between neighbours: the release before it was probed too.
                assert!(probed.contains_key(&(changes_at.0 - 1)) && probed.contains_key(&(changes_at.1 - 1)));
                assert!(probes.get() <= 2 * ceil_log2(count) + 2, "{} probes of {count}", probes.get());
            }
        }
    }

    #[test]
    fn the_same_ends_are_two_probes_and_nothing_changed() {
        let probed = search(50, |_| -> Result<_, ()> { Ok("crash at 50") }, |a, b| a == b, |_, _| false);
        assert_eq!(probed.keys().copied().collect::<Vec<_>>(), [0, 49]);
        assert!(changes(&probed, |a, b| a == b).is_empty());
        assert!(search(0, |_| -> Result<&str, ()> { Ok("x") }, |a, b| a == b, |_, _| false).is_empty());
    }

    #[test]
    fn releases_that_cannot_be_measured_are_stepped_around() {
        // 0 and 1 do not build: the search starts at 2. 5 does not build: its neighbour is probed.
        let not_built = [0, 1, 5];
        let probe =
            |at: usize| if not_built.contains(&at) { Err("not built") } else { Ok(outcome(at, (6, 9))) };
        let probed = search(10, probe, |a, b| a == b, |_, _| false);
        assert_eq!(probed[&0], Err("not built"));
        assert_eq!(changes(&probed, |a, b| a == b), [6, 9]);
        assert_eq!(probed.get(&2), Some(&Ok("crash at 50")));
        // Where nothing between two different ends builds, the change is the later end.
        let probe = |at: usize| if (1..4).contains(&at) { Err("not built") } else { Ok(outcome(at, (2, 9))) };
        let probed = search(5, probe, |a, b| a == b, |_, _| false);
        assert_eq!(probed.len(), 5);
        assert_eq!(changes(&probed, |a, b| a == b), [4]);
        assert!(search(3, |_| -> Result<(), _> { Err("not built") }, |_, _| true, |_, _| false)
            .values()
            .all(Result::is_err));
    }

    #[test]
    fn a_range_of_interleaved_lines_is_searched_even_when_its_ends_agree() {
        // In publication order: 2.x at 6, then 3.x raised the cap to 20 at index 3, a 2.x
        // maintenance release at index 6 kept 6, and 3.x goes on at 20.
        let caps = [6, 6, 6, 20, 20, 20, 6, 20, 20];
        let old_line = [0, 1, 6];
        let probe = |at: usize| -> Result<u32, ()> { Ok(caps[at]) };
        let unseen = search(caps.len(), probe, |a, b| a == b, |_, _| false);
        assert_eq!(changes(&unseen, |a, b| a == b), [3], "the 6 → 20 → 6 between 0 and 6 is unseen");
        // A range is interleaved where an old line's release follows a newer line's in it.
        let interleaved = |low: usize, high: usize| {
            !old_line.contains(&low) && (low + 1..=high).any(|at| old_line.contains(&at))
        };
        let probed = search(caps.len(), probe, |a, b| a == b, interleaved);
        assert_eq!(changes(&probed, |a, b| a == b), [3, 6, 7]);
    }
}
