//! Release order in each ecosystem, and whether a release is inside an OSV range.
//!
//! semver (crates.io, npm, Go), PEP 440 (PyPI) and Debian's order come from their crates
//! (`semver`, `pep440_rs` as src/registry/version.rs uses them, `debversion`). RubyGems, Maven,
//! NuGet and Packagist are written here from their rules (Gem::Version, Maven's ComparableVersion,
//! NuGet's SemVer 2 with a fourth number, Composer's VersionParser): no crate on crates.io orders
//! them that is kept up (checked 2026-11), and each rule is a few lines.

use std::cmp::Ordering;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::Ecosystem;

/// How `a` and `b` are ordered in `ecosystem`; `None` when either is not a version there.
pub fn compare(ecosystem: Ecosystem, a: &str, b: &str) -> Option<Ordering> {
    let (a, b) = (a.trim(), b.trim());
    if a == b {
        return Some(Ordering::Equal);
    }
    match ecosystem {
        Ecosystem::CratesIo | Ecosystem::Npm | Ecosystem::Go => {
            let parse = |v: &str| semver::Version::parse(v.strip_prefix('v').unwrap_or(v)).ok();
            let (a, b) = (parse(a)?, parse(b)?);
            Some(a.cmp_precedence(&b))
        }
        Ecosystem::PyPI => {
            let parse = |v: &str| pep440_rs::Version::from_str(v).ok();
            Some(parse(a)?.cmp(&parse(b)?))
        }
        Ecosystem::Debian => {
            let parse = |v: &str| debversion::Version::from_str(v).ok();
            Some(parse(a)?.cmp(&parse(b)?))
        }
        Ecosystem::RubyGems => Some(rubygems(a)?.cmp_gem(&rubygems(b)?)),
        Ecosystem::Maven => Some(compare_items(&maven(a), &maven(b))),
        Ecosystem::NuGet => nuget(a, b),
        Ecosystem::Packagist => Some(compare_items(&composer(a)?, &composer(b)?)),
        Ecosystem::Hackage | Ecosystem::Cran | Ecosystem::Generic => dotted(a, b),
    }
}

/// One event of an OSV range, in OSV's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// Affected from this release on (`"0"`: from the first).
    Introduced(String),
    /// Not affected from this release on.
    Fixed(String),
    /// Affected up to and including this release.
    LastAffected(String),
}

/// Whether `version` is affected by an OSV `ECOSYSTEM` range's `events`; `None` when a version
/// cannot be ordered in `ecosystem`.
pub fn affected(ecosystem: Ecosystem, version: &str, events: &[Event]) -> Option<bool> {
    // OSV's evaluation: the events in version order; the last one at or below the version says.
    let at = |event: &'_ Event| match event {
        Event::Introduced(v) | Event::Fixed(v) | Event::LastAffected(v) => v.clone(),
    };
    let mut sorted: Vec<(String, &Event)> = events.iter().map(|event| (at(event), event)).collect();
    for (v, _) in &sorted {
        if v != "0" {
            compare(ecosystem, version, v)?;
        }
    }
    sorted.sort_by(|(a, _), (b, _)| match (a.as_str(), b.as_str()) {
        ("0", "0") => Ordering::Equal,
        ("0", _) => Ordering::Less,
        (_, "0") => Ordering::Greater,
        (a, b) => compare(ecosystem, a, b).unwrap_or(Ordering::Equal),
    });
    let mut state = false;
    for (at, event) in &sorted {
        let order = if at == "0" { Ordering::Greater } else { compare(ecosystem, version, at)? };
        match event {
            Event::Introduced(_) if order != Ordering::Less => state = true,
            Event::Fixed(_) if order != Ordering::Less => state = false,
            Event::LastAffected(_) if order == Ordering::Greater => state = false,
            _ => {}
        }
    }
    Some(state)
}

/// Whether `version` is in `[introduced, end)` (or `[introduced, last_affected]`): one range of
/// one introduced and one end event.
pub fn in_range(ecosystem: Ecosystem, version: &str, introduced: &str, end: Option<&Event>) -> Option<bool> {
    let mut events = vec![Event::Introduced(introduced.to_string())];
    events.extend(end.cloned());
    affected(ecosystem, version, &events)
}

/// A part of a version compared item by item: numbers above words where the scheme says so.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    Number(u64),
    /// A qualifier's rank in its scheme (pre-releases below 0, the release 0, after it above).
    Rank(i32),
    Word(String),
}

fn compare_items(a: &[Item], b: &[Item]) -> Ordering {
    let padding = Item::Number(0);
    for at in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(at).unwrap_or(&padding), b.get(at).unwrap_or(&padding));
        let order = match (x, y) {
            (Item::Number(x), Item::Number(y)) => x.cmp(y),
            (Item::Rank(x), Item::Rank(y)) => x.cmp(y),
            (Item::Word(x), Item::Word(y)) => x.cmp(y),
            // A missing number (0) against a qualifier: the qualifier's rank against the release's.
            (Item::Number(n), Item::Rank(r)) => {
                if *n == 0 {
                    0.cmp(r)
                } else {
                    Ordering::Greater
                }
            }
            (Item::Rank(r), Item::Number(n)) => {
                if *n == 0 {
                    r.cmp(&0)
                } else {
                    Ordering::Less
                }
            }
            (Item::Number(_), Item::Word(_)) | (Item::Rank(_), Item::Word(_)) => Ordering::Greater,
            (Item::Word(_), _) => Ordering::Less,
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    Ordering::Equal
}

/// Runs of digits and of letters, split at `.`, `-`, `_`, `+` and where one turns into the other.
fn tokens(version: &str) -> Vec<String> {
    let mut tokens: Vec<String> = Vec::new();
    let mut current = String::new();
    for c in version.chars() {
        if matches!(c, '.' | '-' | '_' | '+') {
            tokens.extend((!current.is_empty()).then(|| std::mem::take(&mut current)));
            continue;
        }
        if current.chars().last().is_some_and(|last| last.is_ascii_digit() != c.is_ascii_digit()) {
            tokens.push(std::mem::take(&mut current));
        }
        current.push(c);
    }
    tokens.extend((!current.is_empty()).then_some(current));
    tokens
}

/// Gem::Version: segments of numbers and letters; a segment with letters makes a pre-release;
/// numbers compare as numbers, and a number is newer than letters.
struct GemVersion(Vec<Item>);

fn rubygems(version: &str) -> Option<GemVersion> {
    if version.is_empty() || !version.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-') {
        return None;
    }
    // (`1.0-beta` is `1.0.pre.beta` to RubyGems.)
    let items = tokens(&version.replace('-', ".pre."))
        .into_iter()
        .map(|t| t.parse().map(Item::Number).unwrap_or(Item::Word(t)))
        .collect();
    Some(GemVersion(items))
}

impl GemVersion {
    fn cmp_gem(&self, other: &GemVersion) -> Ordering {
        // Trailing zeros do not count (1.0 == 1); words sort below numbers.
        let trim = |items: &[Item]| {
            let mut items = items.to_vec();
            while items.last() == Some(&Item::Number(0)) {
                items.pop();
            }
            items
        };
        compare_items(&trim(&self.0), &trim(&other.0))
    }
}

/// Maven's ComparableVersion, its qualifiers ranked: alpha < beta < milestone < rc < snapshot <
/// (release) < sp; other words after those, alphabetically.
fn maven(version: &str) -> Vec<Item> {
    let rank = |word: &str| match word {
        "alpha" | "a" => Some(-5),
        "beta" | "b" => Some(-4),
        "milestone" | "m" => Some(-3),
        "rc" | "cr" => Some(-2),
        "snapshot" => Some(-1),
        "" | "ga" | "final" | "release" => Some(0),
        "sp" => Some(1),
        _ => None,
    };
    let mut items: Vec<Item> = tokens(&version.to_ascii_lowercase())
        .into_iter()
        .map(|t| match t.parse() {
            Ok(number) => Item::Number(number),
            Err(_) => rank(&t).map(Item::Rank).unwrap_or(Item::Word(t)),
        })
        .collect();
    while matches!(items.last(), Some(Item::Number(0)) | Some(Item::Rank(0))) {
        items.pop();
    }
    items
}

/// NuGet: up to four release numbers, then a SemVer 2 pre-release compared case-insensitively.
fn nuget(a: &str, b: &str) -> Option<Ordering> {
    let parse = |v: &str| -> Option<(Vec<u64>, Option<semver::Prerelease>)> {
        let v = v.split('+').next()?;
        let (release, pre) = match v.split_once('-') {
            Some((release, pre)) => (release, Some(semver::Prerelease::new(&pre.to_ascii_lowercase()).ok()?)),
            None => (v, None),
        };
        let mut numbers = release.split('.').map(|n| n.parse().ok()).collect::<Option<Vec<u64>>>()?;
        numbers.resize(4, 0);
        Some((numbers, pre))
    };
    let ((a, a_pre), (b, b_pre)) = (parse(a)?, parse(b)?);
    Some(a.cmp(&b).then_with(|| match (a_pre, b_pre) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (Some(a), Some(b)) => a.cmp(&b),
    }))
}

/// Composer: `v`, up to four numbers, then a stability (dev < alpha < beta < RC < stable < patch)
/// and its number.
fn composer(version: &str) -> Option<Vec<Item>> {
    let lower = version.trim_start_matches(['v', 'V']).to_ascii_lowercase();
    let mut items = Vec::new();
    let mut numbers = 0;
    let mut words = tokens(&lower).into_iter().peekable();
    while let Some(number) = words.peek().and_then(|t| t.parse::<u64>().ok()) {
        if numbers == 4 {
            break;
        }
        items.push(Item::Number(number));
        numbers += 1;
        words.next();
    }
    if numbers == 0 {
        return None;
    }
    items.resize(4, Item::Number(0));
    let rank = |word: &str| match word {
        "dev" => Some(-4),
        "alpha" | "a" => Some(-3),
        "beta" | "b" => Some(-2),
        "rc" => Some(-1),
        "stable" => Some(0),
        "patch" | "pl" | "p" => Some(1),
        _ => None,
    };
    for word in words {
        items.push(match word.parse() {
            Ok(number) => Item::Number(number),
            Err(_) => Item::Rank(rank(&word)?),
        });
    }
    Some(items)
}

/// Dotted numbers only (`1.2.10`), for ecosystems without a rule here.
fn dotted(a: &str, b: &str) -> Option<Ordering> {
    let parse =
        |v: &str| v.split('.').map(|n| n.parse().ok().map(Item::Number)).collect::<Option<Vec<Item>>>();
    Some(compare_items(&parse(a)?, &parse(b)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ordering::{Equal, Greater, Less};

    fn order(ecosystem: Ecosystem, a: &str, b: &str) -> Ordering {
        compare(ecosystem, a, b).unwrap_or_else(|| panic!("{a} or {b} is not a {ecosystem} version"))
    }

    #[test]
    fn each_ecosystem_orders_its_own_scheme() {
        let cases = [
            (Ecosystem::CratesIo, "0.5.11", "0.8.0", Less),
            (Ecosystem::Npm, "2.0.0-rc.1", "2.0.0", Less),
            (Ecosystem::Go, "v1.10.0", "1.9.3", Greater),
            (Ecosystem::Go, "v0.0.0-20230101000000-abcdef123456", "v0.1.0", Less),
            (Ecosystem::PyPI, "1.25", "1.9", Greater),
            (Ecosystem::PyPI, "6.0", "6.0.0", Equal),
            (Ecosystem::PyPI, "3.3.0rc1", "3.3.0", Less),
            (Ecosystem::Debian, "1:1.0-1", "2.0-1", Greater),
            (Ecosystem::Debian, "2.9.14+dfsg-1.3~deb12u1", "2.9.14+dfsg-1.3", Less),
            (Ecosystem::Debian, "0.2.5-1", "0.2.5-1+b1", Less),
            (Ecosystem::RubyGems, "1.0", "1", Equal),
            (Ecosystem::RubyGems, "3.14.2", "3.14.10", Less),
            (Ecosystem::RubyGems, "2.0.0.rc1", "2.0.0", Less),
            (Ecosystem::RubyGems, "1.0.0-beta", "1.0.0", Less),
            (Ecosystem::Maven, "2.14.1", "2.14.0", Greater),
            (Ecosystem::Maven, "1.0-alpha-1", "1.0", Less),
            (Ecosystem::Maven, "1.0-RC1", "1.0-beta2", Greater),
            (Ecosystem::Maven, "1.0-SNAPSHOT", "1.0", Less),
            (Ecosystem::Maven, "1.0.0", "1", Equal),
            (Ecosystem::Maven, "1.0-sp1", "1.0", Greater),
            (Ecosystem::NuGet, "13.0.3", "13.0.3.0", Equal),
            (Ecosystem::NuGet, "1.0.0-Beta", "1.0.0-alpha", Greater),
            (Ecosystem::NuGet, "4.0.0.1", "4.0.0", Greater),
            (Ecosystem::Packagist, "v2.4.1", "2.4.1", Equal),
            (Ecosystem::Packagist, "2.0.0-RC1", "2.0.0", Less),
            (Ecosystem::Packagist, "2.0.0-beta2", "2.0.0-alpha3", Greater),
            (Ecosystem::Packagist, "1.2.3-p1", "1.2.3", Greater),
        ];
        for (ecosystem, a, b, expected) in cases {
            assert_eq!(order(ecosystem, a, b), expected, "{ecosystem}: {a} vs {b}");
            assert_eq!(order(ecosystem, b, a), expected.reverse(), "{ecosystem}: {b} vs {a}");
        }
        assert_eq!(compare(Ecosystem::CratesIo, "1.25", "1.0.0"), None);
        assert_eq!(compare(Ecosystem::Debian, "", "1"), None);
        assert_eq!(compare(Ecosystem::Generic, "0.2.5", "0.2.10"), Some(Less));
    }

    #[test]
    fn osv_ranges_are_evaluated_as_osv_says() {
        let fixed = [Event::Introduced("0".into()), Event::Fixed("0.8.0".into())];
        assert_eq!(affected(Ecosystem::CratesIo, "0.5.11", &fixed), Some(true));
        assert_eq!(affected(Ecosystem::CratesIo, "0.8.0", &fixed), Some(false));
        assert_eq!(affected(Ecosystem::CratesIo, "1.0.0", &fixed), Some(false));
        let last = Event::LastAffected("6.0".into());
        assert_eq!(in_range(Ecosystem::PyPI, "6.0", "5.1", Some(&last)), Some(true));
        assert_eq!(in_range(Ecosystem::PyPI, "6.0.1", "5.1", Some(&last)), Some(false));
        assert_eq!(in_range(Ecosystem::PyPI, "5.0", "5.1", Some(&last)), Some(false));
        assert_eq!(in_range(Ecosystem::PyPI, "9", "5.1", None), Some(true));
        // Two ranges in one list: affected again after a reintroduction.
        let twice = [
            Event::Introduced("1.0.0".into()),
            Event::Fixed("1.2.0".into()),
            Event::Introduced("2.0.0".into()),
            Event::Fixed("2.1.0".into()),
        ];
        let states: Vec<_> = ["0.9.0", "1.1.0", "1.5.0", "2.0.5", "2.1.0"]
            .map(|v| affected(Ecosystem::Npm, v, &twice).unwrap())
            .into();
        assert_eq!(states, [false, true, false, true, false]);
        assert_eq!(affected(Ecosystem::Npm, "not a version", &fixed[1..]), None);
    }
}
