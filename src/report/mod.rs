//! Everything that turns results into something to read: terminal text, the markdown table, badges,
//! charts and the README block. File exporters share one trait and are all regenerated from
//! results.json alone, so the same results always give the same bytes.

pub mod badges;
pub mod chart;
pub mod detail;
pub mod exports;
pub mod html;
pub mod junit;
pub mod markdown;
pub mod readme;
pub mod results_csv;
pub mod sarif;
pub mod summary;
pub mod text;
pub mod timings;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::results::outcome::{Failure, FailureKind};
use crate::results::phase::Phase;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::sameness::stack_tolerance;
use crate::results::HOST;
use crate::results::{write_if_changed, Environment, ParserRecord, Results, Status};
use crate::units::thousands;
use crate::untrusted::printable;

/// Produces files (relative paths under the output folder) from results.
pub trait Exporter {
    fn files(&self, results: &Results) -> Result<Vec<(PathBuf, String)>>;
}

/// The exporters a catalog run regenerates.
fn exporters() -> Vec<Box<dyn Exporter>> {
    vec![
        Box::new(markdown::ResultsTable),
        Box::new(badges::Badges),
        Box::new(chart::ResultsChart),
        Box::new(chart::SweepChart),
        Box::new(html::ResultsPage),
        Box::new(results_csv::ResultsCsv),
    ]
}

/// What [`write_all`] did to the files under `out`.
#[derive(Debug, Default)]
pub struct Written {
    /// Files whose contents changed (or that are new).
    pub changed: Vec<PathBuf>,
    /// Files that were already as generated.
    pub unchanged: usize,
    /// Badges of rows that left the catalog.
    pub removed: Vec<PathBuf>,
}

impl std::fmt::Display for Written {
    /// `reports: 3 changed (results.md, results.html, README.md), 211 unchanged`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const NAMED: usize = 4;
        let names = |paths: &[PathBuf]| {
            let mut names: Vec<String> = paths.iter().take(NAMED).map(|p| p.display().to_string()).collect();
            if paths.len() > NAMED {
                names.push(format!("{} more", paths.len() - NAMED));
            }
            names.join(", ")
        };
        match self.changed.len() {
            0 => write!(f, "reports unchanged ({} files)", self.unchanged)?,
            n => write!(f, "reports: {n} written ({}), {} unchanged", names(&self.changed), self.unchanged)?,
        }
        if !self.removed.is_empty() {
            write!(f, "; {} stale badges removed ({})", self.removed.len(), names(&self.removed))?;
        }
        Ok(())
    }
}

/// Regenerates every report under `out`, and the marked blocks of `readme` when it exists.
pub fn write_all(results: &Results, out: &Path, readme: &Path) -> Result<Written> {
    let mut done = Written::default();
    let mut written = std::collections::HashSet::new();
    for exporter in exporters() {
        for (relative, contents) in exporter.files(results)? {
            // The last guard: text that reached a report unchecked (a results file written by hand)
            // shows its control characters as escapes; no exporter writes any on purpose.
            let contents = printable(&contents);
            let path = out.join(&relative);
            if write_if_changed(&path, &contents)? {
                done.changed.push(path.clone());
            } else {
                done.unchanged += 1;
            }
            written.insert(path);
        }
    }
    // A row that left the catalog (or moved to another environment) leaves no badge behind.
    let badges = out.join(badges::DIR);
    for entry in std::fs::read_dir(&badges).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "svg") && !written.contains(&path) {
            std::fs::remove_file(&path)
                .map_err(|e| anyhow::anyhow!("cannot remove the stale badge {}: {e}", path.display()))?;
            done.removed.push(path);
        }
    }
    if readme.exists() {
        if readme::update(readme, results, out)? {
            done.changed.push(readme.to_path_buf());
        } else {
            done.unchanged += 1;
        }
    }
    Ok(done)
}

/// Sort key for tables and charts: least nesting allowed first, no limit after every limit,
/// unmeasured parsers last (in catalog order, as `sort_by_key` is stable).
pub fn table_order(record: &ParserRecord) -> (u8, u64) {
    match (&record.status, record.result.as_ref().map(|r| r.finding())) {
        (Status::Measured, Some(Finding::FailsAt(depth, _))) => (0, depth),
        (Status::Measured, Some(Finding::Flattened(built))) => (1, built),
        (Status::Measured, Some(Finding::NoLimit)) => (2, 0),
        _ => (3, 0),
    }
}

/// The records in table order.
pub fn sorted(results: &Results) -> Vec<&ParserRecord> {
    let mut records: Vec<&ParserRecord> = results.parsers.iter().collect();
    records.sort_by_key(|r| table_order(r));
    records
}

/// The environments the records name: the host first, then the others in key order.
pub fn environments_of(results: &Results) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for record in &results.parsers {
        if !keys.contains(&record.environment) {
            keys.push(record.environment.clone());
        }
    }
    keys.sort_by(|a, b| (a != HOST, a).cmp(&(b != HOST, b)));
    keys
}

/// An environment's table name (its key when results.json does not describe it).
pub fn environment_name<'a>(results: &'a Results, key: &'a str) -> &'a str {
    results.environments.get(key).map_or(key, |e| e.name.as_str())
}

/// The name without its parenthesised part, for chart labels: `Debian 13 (trixie)` → `Debian 13`.
pub fn short_environment_name(name: &str) -> &str {
    name.split(" (").next().unwrap_or(name).trim()
}

/// One catalog row (one id) across the environments it was measured in: its records in
/// [`environments_of`] order.
pub struct Group<'a> {
    pub records: Vec<&'a ParserRecord>,
}

impl<'a> Group<'a> {
    /// The record that stands for the group in sorting and naming: the host's, else the first.
    pub fn lead(&self) -> &'a ParserRecord {
        self.records.iter().find(|r| r.environment == HOST).unwrap_or(&self.records[0])
    }

    pub fn in_environment(&self, key: &str) -> Option<&'a ParserRecord> {
        self.records.iter().copied().find(|r| r.environment == key)
    }
}

/// The records grouped by id, groups in order of first appearance.
pub fn groups(results: &Results) -> Vec<Group<'_>> {
    let order = environments_of(results);
    let rank = |r: &ParserRecord| order.iter().position(|e| *e == r.environment).unwrap_or(usize::MAX);
    let mut groups: Vec<Group> = Vec::new();
    for record in &results.parsers {
        match groups.iter_mut().find(|g| g.records[0].id == record.id && g.records[0].format == record.format)
        {
            Some(group) => group.records.push(record),
            None => groups.push(Group { records: vec![record] }),
        }
    }
    for group in &mut groups {
        group.records.sort_by_key(|r| rank(r));
    }
    groups
}

/// Groups sorted by language, then library, variant and id (case-insensitive first): the order of
/// the tables, where the versions of one library sit together.
pub fn groups_by_library(results: &Results) -> Vec<Group<'_>> {
    let mut groups = groups(results);
    groups.sort_by_cached_key(|g| {
        let lead = g.lead();
        (
            lead.language.to_lowercase(),
            lead.language.clone(),
            lead.library.to_lowercase(),
            lead.library.clone(),
            lead.variant.clone(),
            lead.id.clone(),
        )
    });
    groups
}

/// Groups sorted by their lead record's table order (least nesting first): the order of the charts,
/// where a library's other environments follow it.
pub fn groups_by_depth(results: &Results) -> Vec<Group<'_>> {
    let mut groups = groups(results);
    groups.sort_by_key(|g| table_order(g.lead()));
    groups
}

/// A record's name in lists and charts: its [`library_name`], with ` · Debian 13` outside the host.
pub fn display_name(results: &Results, record: &ParserRecord) -> String {
    let mut name = library_name(results, record);
    if record.environment != HOST {
        name.push_str(" · ");
        name.push_str(&printable(short_environment_name(environment_name(results, &record.environment))));
    }
    name
}

/// The library a record measured, whatever the environment: `Python json (stdlib)`, with
/// ` (g++ -O2)` when another build of the library is measured too.
pub fn library_name(results: &Results, record: &ParserRecord) -> String {
    // (Printable: a results file written by hand can hold anything, and charts do not escape.)
    let mut name = printable(&format!("{} {}", record.language, record.library)).into_owned();
    // The build facts are in the tables; a name carries them only to tell apart two builds of one
    // library (RapidJSON at -O0 and at -O2).
    let another_build = results.parsers.iter().any(|other| {
        other.language == record.language
            && other.library == record.library
            && other.variant != record.variant
    });
    if let (Some(variant), true) = (&record.variant, another_build) {
        name.push_str(&printable(&format!(" ({variant})")));
    }
    name
}

/// A failing depth as the tables show it: with `±` when the stack set it, since its last digits
/// are the machine's (the same fact within `sameness::STACK_TOLERANCE`).
pub fn depth_figure(record: &ParserRecord, result: &ProbeResult, depth: u64) -> String {
    if crate::results::sameness::stack_bound_depth(record, result) {
        format!("{} ±", thousands(depth))
    } else {
        thousands(depth)
    }
}

/// A record's outcome in a few words: `clean error at 129`, `SIGSEGV at 87,289`, `no limit`; where
/// the program keeps control while parsing but loses it in a later phase, that phase's
/// (`SIGSEGV at 87,348 in serialize`).
pub fn short_outcome(record: &ParserRecord) -> String {
    let Some(result) = record.result.as_ref().filter(|_| record.status == Status::Measured) else {
        return "not measured".into();
    };
    match losing_sooner(record) {
        Some(phase) => format!("{} in {}", short_finding(phase), phase.phase.map_or("?", |p| p.name())),
        None => short_finding(result),
    }
}

/// The phase after the parse where the program loses control, when it does so sooner than in its
/// main result by more than a stack-bound depth's noise (RapidJSON's Writer at half its parse depth).
pub fn losing_sooner(record: &ParserRecord) -> Option<&ProbeResult> {
    let result = record.result.as_ref().filter(|_| record.status == Status::Measured)?;
    let main_depth = if loses_control(class_of(result)) { phase_depth(result) } else { u64::MAX };
    weakest_phase(record)
        .filter(|phase| phase_depth(phase).saturating_add(stack_tolerance(phase_depth(phase))) < main_depth)
}

/// The depth a phase's result loses control at (or the deepest it took).
fn phase_depth(result: &ProbeResult) -> u64 {
    result.exact_failing_depth().or(result.max_accepted_depth).unwrap_or(u64::MAX)
}

fn short_finding(result: &ProbeResult) -> String {
    match result.finding() {
        Finding::FailsAt(depth, failure) => format!("{} at {}", crash_name(failure), thousands(depth)),
        Finding::NoLimit => format!("no limit up to {}", thousands(result.settings.max_depth)),
        Finding::Flattened(built) => format!("flattened to {}", thousands(built)),
        Finding::Slow(depth, seconds) => match result.crash_beyond_slow() {
            Some((crash, failure)) => format!(
                "slow: {seconds:.0} s at {}, {} at {}",
                thousands(depth),
                crash_name(failure),
                thousands(crash)
            ),
            None => format!("slow: {seconds:.0} s at {}", thousands(depth)),
        },
        Finding::Unstable { .. } | Finding::InputNotRead(_) => "unstable".into(),
    }
}

/// A failure in a word or two: a crash by its signal (`SIGSEGV`) or exit status, else its summary.
fn crash_name(failure: &Failure) -> String {
    match (failure.kind, &failure.signal_name, failure.exit_code) {
        (FailureKind::Crash, Some(name), _) => name.clone(),
        (FailureKind::Crash, None, Some(code)) => format!("crash (exit {code})"),
        _ => failure.summary(),
    }
}

/// `time ∝ depth^2.1` when the result's time grew super-linearly with depth (see
/// [`crate::results::growth`]).
pub fn growth_note(result: &ProbeResult) -> Option<String> {
    result.growth.filter(|g| g.superlinear()).map(|g| format!("time ∝ depth^{:.1}", g.exponent))
}

/// Rows whose main result's time grows super-linearly, with their exponents.
pub fn superlinear(results: &Results) -> Vec<(String, String)> {
    sorted(results)
        .into_iter()
        .filter_map(|record| {
            let note = growth_note(record.result.as_ref().filter(|_| record.status == Status::Measured)?)?;
            Some((display_name(results, record), note))
        })
        .collect()
}

/// Whether a class means the program lost control (crashed, hung, ran out of memory).
pub fn loses_control(class: Class) -> bool {
    matches!(class, Class::Crash | Class::Timeout | Class::OutOfMemory)
}

/// The phase after which the program loses control at the smallest depth, if any does.
pub fn weakest_phase(record: &ParserRecord) -> Option<&ProbeResult> {
    record
        .phases
        .iter()
        .filter(|p| p.phase != Some(Phase::Parse) && loses_control(class_of(p)))
        .min_by_key(|p| phase_depth(p))
}

/// The parsers that lose control (crash or hang), one entry per catalog row in table order: its
/// name and where it fails, with the environments when it was measured in several
/// (`SIGSEGV at 262,078 (Debian 12, Debian 13)`).
pub fn losing(results: &Results) -> Vec<(String, String)> {
    let loses = |r: &ParserRecord| loses_control(class(r)) || weakest_phase(r).is_some();
    let mut entries = Vec::new();
    let mut groups: Vec<Group> =
        groups(results).into_iter().filter(|g| g.records.iter().any(|r| loses(r))).collect();
    groups.sort_by_key(|g| g.records.iter().filter(|r| loses(r)).map(|r| table_order(r)).min());
    for group in groups {
        let name = library_name(results, group.lead());
        // Equal outcomes share their environments' names.
        let mut outcomes: Vec<(String, Vec<&str>)> = Vec::new();
        for record in group.records.iter().filter(|r| loses(r)) {
            let env = short_environment_name(environment_name(results, &record.environment));
            match outcomes.iter_mut().find(|(o, _)| *o == short_outcome(record)) {
                Some((_, envs)) => envs.push(env),
                None => outcomes.push((short_outcome(record), vec![env])),
            }
        }
        let several = group.records.len() > 1;
        let text: Vec<String> = outcomes
            .into_iter()
            .map(|(outcome, envs)| if several { format!("{outcome} ({})", envs.join(", ")) } else { outcome })
            .collect();
        entries.push((name, text.join("; ")));
    }
    entries
}

/// A library whose boundary differs between the host and another environment.
pub struct Change<'a> {
    pub before: &'a ParserRecord,
    pub after: &'a ParserRecord,
}

/// The groups measured both on the host and in `environment` (the count), and those whose
/// outcome differs there (class or exact depth), in library order.
pub fn changes<'a>(results: &'a Results, environment: &str) -> (usize, Vec<Change<'a>>) {
    let mut both = 0;
    let mut changes = Vec::new();
    for group in groups_by_library(results) {
        let (Some(before), Some(after)) = (group.in_environment(HOST), group.in_environment(environment))
        else {
            continue;
        };
        if class(before) == Class::NotMeasured || class(after) == Class::NotMeasured {
            continue;
        }
        both += 1;
        let depth = |r: &ParserRecord| r.result.as_ref().and_then(|p| p.exact_failing_depth());
        if class(before) != class(after) || depth(before) != depth(after) {
            changes.push(Change { before, after });
        }
    }
    (both, changes)
}

/// Distinct parsers (ids) of the records, and how many of them were measured in some environment.
pub fn parser_counts(results: &Results) -> (usize, usize) {
    let groups = groups(results);
    let measured = groups.iter().filter(|g| g.records.iter().any(|r| class(r) != Class::NotMeasured)).count();
    (measured, groups.len())
}

/// How a parser ends up, in one short phrase: `clean error at 129`, `crash (SIGSEGV) at 87,289`.
pub fn summary(record: &ParserRecord) -> String {
    match (&record.status, &record.result) {
        (Status::Measured, Some(result)) => {
            // Each phase that ends differently from the program run as it always was.
            let mut text = result.phrase();
            for phase in record.phases.iter().filter(|p| p.phrase() != result.phrase()) {
                let _ = write!(text, " · {}: {}", phase.phase.map_or("?", |p| p.name()), phase.phrase());
            }
            text
        }
        (status, _) => format!("{}: {}", status.name(), record.reason.as_deref().unwrap_or("")),
    }
}

/// How a probe's settings differ from those the results header states (`stack 1 MiB`, `memory cap
/// 4 GiB`, `ASLR on`, `the caller's environment`, `maximum depth 1,000`); empty when they agree.
/// Rows measured differently are marked in the reports rather than shown under a wrong header.
pub fn settings_differences(result: &ProbeResult, env: &Environment) -> Vec<String> {
    result.settings.differences(result.env.mode, &env.settings, env.env_mode)
}

/// A run's records in one line: `3 rows: 1 clean error, 1 crash, 1 not measured`.
pub fn run_summary(records: &[ParserRecord]) -> String {
    let classes = [
        (Class::CleanError, "clean error", "clean errors"),
        (Class::Crash, "crash", "crashes"),
        (Class::Timeout, "timeout", "timeouts"),
        (Class::OutOfMemory, "out of memory", "out of memory"),
        (Class::NoLimit, "no limit", "no limit"),
        (Class::Unreliable, "unreliable", "unreliable"),
        (Class::NotMeasured, "not measured", "not measured"),
    ];
    let parts: Vec<String> = classes
        .iter()
        .filter_map(|&(wanted, one, many)| {
            let n = records.iter().filter(|r| class(r) == wanted).count();
            (n > 0).then(|| format!("{n} {}", if n == 1 { one } else { many }))
        })
        .collect();
    let rows = if records.len() == 1 { "row" } else { "rows" };
    match parts.is_empty() {
        true => format!("{} {rows}", records.len()),
        false => format!("{} {rows}: {}", records.len(), parts.join(", ")),
    }
}

/// The outcome class that decides colours in badges and charts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    CleanError,
    Crash,
    Timeout,
    /// Stopped by the resident-memory cap: it would have taken the machine's memory.
    OutOfMemory,
    NoLimit,
    /// Accepted every depth tried, but built fewer levels than the deepest payload had.
    Flattened,
    /// Measured, but no exact number: outcomes disagreed, or the program did not read its input.
    Unreliable,
    NotMeasured,
}

pub fn class(record: &ParserRecord) -> Class {
    match (&record.status, &record.result) {
        (Status::Measured, Some(result)) => class_of(result),
        _ => Class::NotMeasured,
    }
}

/// The class of one measured result.
pub fn class_of(result: &ProbeResult) -> Class {
    match result.finding() {
        Finding::NoLimit => Class::NoLimit,
        Finding::Flattened(_) => Class::Flattened,
        Finding::Unstable { .. } | Finding::InputNotRead(_) => Class::Unreliable,
        // A crash deeper than where it is slow is a crash, however slow the parser.
        Finding::Slow(..) if result.crash_beyond_slow().is_some() => Class::Crash,
        Finding::Slow(..) => Class::Timeout,
        Finding::FailsAt(_, f) => match f.kind {
            FailureKind::Error => Class::CleanError,
            FailureKind::Timeout => Class::Timeout,
            FailureKind::Crash | FailureKind::Accepted => Class::Crash,
            FailureKind::OutOfMemory => Class::OutOfMemory,
        },
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn names_carry_the_build_only_to_tell_two_builds_apart() {
        let mut results = chart::tests::sample();
        results.parsers.truncate(2);
        results.parsers[0].variant = Some("g++ -O2".into());
        let name = |results: &Results, i: usize| display_name(results, &results.parsers[i]);
        assert!(!name(&results, 0).contains("-O2"), "{}", name(&results, 0));
        let mut o0 = results.parsers[0].clone();
        o0.id.push_str("-o0");
        o0.variant = Some("g++ -O0".into());
        results.parsers.push(o0);
        assert!(name(&results, 0).ends_with("(g++ -O2)"), "{}", name(&results, 0));
        assert!(name(&results, 2).ends_with("(g++ -O0)"), "{}", name(&results, 2));
    }

    #[test]
    fn badges_of_rows_no_longer_in_the_results_are_removed_and_nothing_else() {
        let out = tempfile::tempdir().unwrap();
        let results = chart::tests::sample();
        std::fs::create_dir_all(out.path().join(badges::DIR)).unwrap();
        let stale = out.path().join(badges::DIR).join("gone-parser.svg");
        let other = out.path().join(badges::DIR).join("notes.txt");
        std::fs::write(&stale, "<svg/>").unwrap();
        std::fs::write(&other, "kept").unwrap();
        write_all(&results, out.path(), &out.path().join("README.md")).unwrap();
        assert!(!stale.exists());
        assert!(other.exists());
        let first = &results.parsers[0];
        assert!(out.path().join(badges::DIR).join(badges::badge_file(first)).exists());
    }
    use crate::results::EnvironmentInfo;

    /// The chart sample with environments described, and two of its parsers measured in Debian 13
    /// too: python-json fails elsewhere there (a newer version), c-stack the same way.
    pub fn two_environments() -> Results {
        let mut results = chart::tests::sample();
        results.environments = [
            ("host", "Debian 12 (bookworm)", "Debian GNU/Linux 12 (bookworm)", None),
            (
                "debian13",
                "Debian 13 (trixie)",
                "Debian GNU/Linux 13 (trixie)",
                Some("/opt/nestprobe/debian13"),
            ),
        ]
        .into_iter()
        .map(|(key, name, os, root)| {
            (
                key.to_string(),
                EnvironmentInfo { name: name.into(), os: os.into(), root: root.map(Into::into) },
            )
        })
        .collect();
        let mut newer = results.find("python-json").unwrap().clone();
        newer.environment = "debian13".into();
        newer.version = Some("2.0".into());
        let probe = newer.result.as_mut().unwrap();
        probe.min_failing_depth = Some(1_000);
        probe.max_accepted_depth = Some(999);
        let mut same = results.find("c-stack").unwrap().clone();
        same.environment = "debian13".into();
        results.parsers.extend([newer, same]);
        results
    }

    #[test]
    fn groups_put_a_library_s_environments_together_host_first() {
        let results = two_environments();
        let groups = groups_by_library(&results);
        assert_eq!(groups.len(), 7, "one group per catalog row");
        let python = groups.iter().find(|g| g.lead().id == "python-json").unwrap();
        let keys: Vec<String> = python.records.iter().map(|r| r.key()).collect();
        assert_eq!(keys, ["python-json", "python-json@debian13"]);
        assert_eq!(environments_of(&results), ["host", "debian13"]);
        // By language, then library: C's two libraries before Go.
        let leads: Vec<&str> = groups.iter().map(|g| g.lead().id.as_str()).collect();
        assert_eq!(&leads[..3], ["c-stack", "c-unbounded", "go-skipped"]);
        // In depth order, a library's Debian 13 record follows it even where it fails elsewhere.
        let charted: Vec<String> =
            groups_by_depth(&results).into_iter().flat_map(|g| g.records).map(|r| r.key()).collect();
        let at = charted.iter().position(|k| k == "python-json").unwrap();
        assert_eq!(charted[at + 1], "python-json@debian13");
        assert_eq!(parser_counts(&results), (6, 7));
    }

    #[test]
    fn changes_between_environments_are_the_boundaries_that_differ() {
        let results = two_environments();
        let (both, changes) = changes(&results, "debian13");
        assert_eq!(both, 2);
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].before.key(), "python-json");
        assert_eq!(short_outcome(changes[0].before), "clean error at 995");
        assert_eq!(short_outcome(changes[0].after), "clean error at 1,000");
        assert_eq!(display_name(&results, changes[0].after), "Python json · Debian 13");
        // A crash in both environments is one entry naming both.
        let losing = losing(&results);
        let stack = losing.iter().find(|(name, _)| name == "C recursive-parser").unwrap();
        assert_eq!(stack.1, "SIGSEGV at 87,289 (Debian 12, Debian 13)");
        assert_eq!(losing.iter().filter(|(name, _)| name.starts_with("C recursive")).count(), 1);
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(crate::units::thousands(0), "0");
        assert_eq!(crate::units::thousands(999), "999");
        assert_eq!(crate::units::thousands(87_289), "87,289");
        assert_eq!(crate::units::thousands(5_000_000), "5,000,000");
    }
}
