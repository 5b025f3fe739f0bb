//! How a record reads in every report: its name, its environment's name, its outcome in a phrase or
//! a few words, its figures (depth, memory, growth) and its command; and the environment in a
//! sentence.

use std::fmt::Write as _;

use super::class::{failure_words, losing_sooner, phrase, Word};
use crate::payload::Shape;
use crate::results::probe_result::{Finding, ProbeResult};
use crate::results::HOST;
use crate::results::{Environment, ParserRecord, Results, Status};
use crate::units::{format_bytes, thousands, Limit};
use crate::untrusted::printable;

/// An environment's table name (its key when results.json does not describe it).
pub fn environment_name<'a>(results: &'a Results, key: &'a str) -> &'a str {
    results.environments.get(key).map_or(key, |e| e.name.as_str())
}

/// The name without its parenthesised part, for chart labels: `Debian 13 (trixie)` → `Debian 13`.
pub fn short_environment_name(name: &str) -> &str {
    name.split(" (").next().unwrap_or(name).trim()
}

/// A record's name in lists and charts: its [`library_name`], with its version where another row of
/// its environment measures the same library (Debian's package and PyPI's newest release:
/// `Python protobuf (3.21.12-3)`, `Python protobuf (6.33.1)`), and ` · Debian 13` outside the host.
pub fn display_name(results: &Results, record: &ParserRecord) -> String {
    let mut name = library_name(results, record);
    let twin = results.parsers.iter().any(|other| {
        other.id != record.id
            && other.environment == record.environment
            && other.language == record.language
            && other.library == record.library
            && other.variant == record.variant
    });
    if let (true, Some(version)) = (twin, &record.version) {
        name.push_str(&printable(&format!(" ({version})")));
    }
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
        Some(phase) => {
            format!("{} in {}", short_finding(record, phase), phase.phase.map_or("?", |p| p.name()))
        }
        None => short_finding(record, result) + &other_shape_words(record),
    }
}

/// A record's main result in a few words, whatever its phases do.
pub fn main_outcome(record: &ParserRecord) -> String {
    match record.result.as_ref().filter(|_| record.status == Status::Measured) {
        Some(result) => short_finding(record, result) + &other_shape_words(record),
        None => "not measured".into(),
    }
}

/// One of a record's results in a few words (`SIGSEGV at 892`, `clean error at 995`).
pub fn result_outcome(record: &ParserRecord, result: &ProbeResult) -> String {
    short_finding(record, result)
}

fn short_finding(record: &ParserRecord, result: &ProbeResult) -> String {
    match result.finding() {
        Finding::FailsAt(depth, failure) if failure.kind == crate::results::outcome::FailureKind::Error => {
            format!("{} at {}", failure_words(record, result).unwrap_or_default(), thousands(depth))
        }
        Finding::FailsAt(depth, failure) => format!("{} at {}", failure.how(), thousands(depth)),
        Finding::NoLimit => format!("no limit up to {}", thousands(result.settings.max_depth)),
        Finding::Flattened(built) => format!("flattened to {}", thousands(built)),
        Finding::Slow(depth, seconds) => match result.crash_beyond_slow() {
            Some((crash, failure)) => format!(
                "{} at {}, beyond {seconds:.0} s at {}",
                failure.how(),
                thousands(crash),
                thousands(depth)
            ),
            None => format!("{}: {seconds:.0} s at {}", Word::ExhaustsTime.text(), thousands(depth)),
        },
        Finding::Unstable { .. } => Word::Unstable.text().into(),
        Finding::InputNotRead(_) => Word::InputNotRead.text().into(),
    }
}

/// `time ∝ depth^2.1` when the result's time grew super-linearly with depth (see
/// [`crate::results::growth`]).
pub fn growth_note(result: &ProbeResult) -> Option<String> {
    result.growth.filter(|g| g.superlinear()).map(|g| format!("time ∝ depth^{:.1}", g.exponent))
}

/// How a parser ends up, in one short phrase: `clean error at 129`, `crash (SIGSEGV) at 87,289`.
pub fn record_phrase(record: &ParserRecord) -> String {
    match (&record.status, &record.result) {
        (Status::Measured, Some(result)) => {
            // Each phase that ends differently from the program run as it always was.
            let mut text = phrase(record, result);
            for phase in record.phases.iter().filter(|p| p.phrase() != result.phrase()) {
                let _ =
                    write!(text, " · {}: {}", phase.phase.map_or("?", |p| p.name()), phrase(record, phase));
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

/// Peak memory; `≤` when only an upper bound is known (the child stayed small).
pub fn peak_memory(result: &ProbeResult) -> Option<String> {
    let bytes = result.peak_rss_bytes?;
    Some(if result.peak_rss_exact { format_bytes(bytes) } else { format!("≤ {}", format_bytes(bytes)) })
}

/// The command as a shell would need it typed (`python3 'my parser.py'`), so it can be pasted.
pub fn shell_words(command: &[String]) -> String {
    shlex::try_join(command.iter().map(String::as_str)).unwrap_or_else(|_| command.join(" "))
}

/// ` in :is()` after a main result of [`measured_in_other_shape`]; nothing after another.
pub fn other_shape_words(record: &ParserRecord) -> String {
    measured_in_other_shape(record).map(|shape| format!(" in {}", shape.column_title())).unwrap_or_default()
}

/// The shape of a row's main result, where it is not its format's main shape: a program that
/// refuses the format's main nesting is measured in the next one it parses.
fn measured_in_other_shape(record: &ParserRecord) -> Option<Shape> {
    let shape = record.result.as_ref()?.shape;
    (shape != record.format.main_shape()).then_some(shape)
}

/// The environment in one sentence, with `text` applied to the strings that come from results.json.
pub fn environment_sentence(env: &Environment, text: fn(&str) -> String) -> String {
    let stack = env.settings.stack_bytes.map_or(Limit::Unlimited, Limit::Bytes);
    let resident = env
        .settings
        .max_rss_bytes
        .map(|bytes| format!(", resident memory of each child capped at {}", Limit::Bytes(bytes)))
        .unwrap_or_default();
    format!(
        "Measured with nestprobe {} on {} (Linux {}, {}, {} CPUs), {}: stack limit {stack}, \
         maximum depth {}, timeout {} s per run{resident}, address-space randomisation {}.",
        text(&env.nestprobe_version),
        text(&env.os),
        text(&env.kernel),
        text(&env.arch),
        env.cpus,
        text(&env.date),
        thousands(env.settings.max_depth),
        env.settings.timeout_seconds,
        if env.settings.aslr_disabled { "off" } else { "on" },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::render::chart;

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
    fn two_rows_of_one_library_in_one_environment_are_told_apart_by_version() {
        let mut results = chart::tests::sample();
        results.parsers.truncate(1);
        results.parsers[0].version = Some("3.21.12-3".into());
        let mut newest = results.parsers[0].clone();
        newest.id.push_str("-pypi");
        newest.version = Some("7.36.2".into());
        let name = |results: &Results, i: usize| display_name(results, &results.parsers[i]);
        let alone = name(&results, 0);
        assert!(!alone.contains("3.21"), "{alone}");
        results.parsers.push(newest.clone());
        assert_eq!(name(&results, 0), format!("{alone} (3.21.12-3)"));
        assert_eq!(name(&results, 1), format!("{alone} (7.36.2)"));
        // In another environment it is another record of the same row, named by its environment.
        results.parsers[1].environment = "debian13".into();
        results.parsers[1].id = results.parsers[0].id.clone();
        assert_eq!(name(&results, 0), alone);
    }
}
