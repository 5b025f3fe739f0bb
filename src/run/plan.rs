//! What a run works on and in which order: the rows `--only` selects, and the shards of CI: `list --shards N` prints them, `--shard I/N` selects
//! one. One job per row would pass GitHub's 256-job matrix limit and install the same toolchain
//! (or make the same environment root) in many jobs; a shard keeps a toolchain's rows and an
//! environment's rows together and the shards about equally long, by what the rows cost last time.
//!
//! The plan depends only on the catalog, the `--only` selection and the costs file, so `list` in
//! one job and `run --shard` in another agree when they see the same checkout. What each row is
//! expected to cost is `run::costs`'; which probes a row gets after its main one, `run::probes`'.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::Result;
use serde::Serialize;

use crate::catalog::{Catalog, Entry, Selector, HOST};
use crate::results::Results;
use crate::run::costs::{row_costs, Work};

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

/// The plan of `count` shards for `entries`, timed by the previous results at `costs` (if that file
/// exists; without them every row counts the same).
fn shards_of(entries: &[&Entry], costs: &Path, count: usize) -> Result<Vec<Shard>> {
    // CI's shards reuse the committed results whose fingerprints are known and confirm the rest, and
    // the rotation's share: the shards are sized by what is expected to change.
    let costs = row_costs(entries, Results::load_if_exists(costs)?.as_ref(), Work::Reuse);
    Ok(plan(entries, &costs, count))
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
    use crate::run::costs::UNKNOWN_ROW;
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
    fn shard_specs() {
        assert_eq!("3/16".parse(), Ok(ShardSpec { index: 3, count: 16 }));
        assert_eq!("1/1".parse::<ShardSpec>().unwrap().to_string(), "1/1");
        for bad in ["0/4", "5/4", "3", "a/b", "1/0", "-1/4"] {
            assert!(bad.parse::<ShardSpec>().is_err(), "{bad}");
        }
    }
}
