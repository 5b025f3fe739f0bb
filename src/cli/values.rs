//! clap's value parsers, for the values whose messages clap would otherwise word for a programmer
//! ("0 is not in 1..18446744073709551615"), and one generic parser for values named from a list.

use std::path::PathBuf;
use std::str::FromStr;

use clap::builder::{PossibleValuesParser, TypedValueParser};

use crate::probe::options::MAX_DEPTH_BOUND;
use crate::probe::search::Hint;
use crate::units::thousands;

/// The most runs of a boundary `--repeat` asks for: each is a confirmation of its own, and more
/// than this is a typo, not a measurement.
pub const MAX_REPEAT: u64 = 1_000;

/// A value that is one of `names`: clap lists them in the help and in its error, and `T`'s
/// `FromStr` makes the value (payload formats, shapes, phases, expectations).
pub fn named<T>(names: impl IntoIterator<Item = &'static str>) -> impl TypedValueParser<Value = T>
where
    T: FromStr + Clone + Send + Sync + 'static,
{
    PossibleValuesParser::new(names)
        .map(|name| name.parse::<T>().unwrap_or_else(|_| unreachable!("`{name}` is a listed name")))
}

/// A whole number of at least 1 (repeats, jobs, shard counts).
pub fn at_least_one<T: FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        Ok(_) => Err(format!("must be at least 1, got {text}")),
        Err(_) => Err(format!("expected a whole number of at least 1, got {text:?}")),
    }
}

/// A whole number from 1 to `most`; `why` says what the bound is.
fn one_to(text: &str, most: u64, why: &str) -> Result<u64, String> {
    let n = at_least_one::<u64>(text)?;
    match n > most {
        true => Err(format!("must be at most {}{why}, got {text}", thousands(most))),
        false => Ok(n),
    }
}

/// A depth: a whole number from 1 to [`MAX_DEPTH_BOUND`] (a deeper one would search for ever).
pub fn depth(text: &str) -> Result<u64, String> {
    one_to(text, MAX_DEPTH_BOUND, " (the deepest nestprobe tries)")
}

/// A number of runs of the boundary: from 1 to [`MAX_REPEAT`].
pub fn repeat(text: &str) -> Result<u32, String> {
    let n = one_to(text, MAX_REPEAT, "")?;
    Ok(u32::try_from(n).expect("the bound fits"))
}

/// A path that names something: an empty one would silently mean the current folder.
pub fn path(text: &str) -> Result<PathBuf, String> {
    if text.trim().is_empty() {
        Err("expected a path, got an empty string".into())
    } else {
        Ok(PathBuf::from(text))
    }
}

/// A `--hint`: a depth, `none`, `slow:DEPTH`, `unstable:LOW-HIGH` or `unstable-timeout:LOW-HIGH`.
pub fn hint(text: &str) -> Result<Hint, String> {
    let wrong = || {
        format!(
            "expected a depth from 1 to 100,000,000, `none`, `slow:DEPTH`, `unstable:LOW-HIGH` or \
             `unstable-timeout:LOW-HIGH`, got {text:?}"
        )
    };
    let depth = |text: &str| depth(text).map_err(|_| wrong());
    if text.eq_ignore_ascii_case("none") {
        return Ok(Hint::NoLimit);
    }
    if let Some(depth_text) = text.strip_prefix("slow:") {
        return depth(depth_text).map(|finished| Hint::Slow {
            finished,
            took_millis: None,
            crash_depth: None,
        });
    }
    // `unstable-timeout:`: a window whose failures ran out of time.
    for (prefix, timed_out) in [("unstable:", false), ("unstable-timeout:", true)] {
        if let Some(window) = text.strip_prefix(prefix) {
            let (low, high) = window.split_once('-').ok_or_else(wrong)?;
            return Ok(Hint::Unstable {
                lowest_failing: depth(low)?,
                highest_passing: depth(high)?,
                timed_out,
            });
        }
    }
    depth(text).map(Hint::FailsAt)
}

/// `--serve`: an http:// URL, `{port}` for the port nestprobe picks.
pub fn service_url(text: &str) -> Result<crate::probe::transport::service::ServiceUrl, String> {
    // A server asked through a client (--client) is named by its address alone: tcp://HOST:PORT.
    match text.strip_prefix("tcp://") {
        Some(address) => crate::probe::transport::service::ServiceUrl::parse(&format!("http://{address}"))
            .map(|url| crate::probe::transport::service::ServiceUrl { text: text.to_string(), ..url }),
        None => crate::probe::transport::service::ServiceUrl::parse(text),
    }
}

/// `--client`: a command line, split as a shell splits it.
pub fn command_line(text: &str) -> Result<Vec<String>, String> {
    match shlex::split(text) {
        Some(words) if !words.is_empty() => Ok(words),
        _ => Err(format!("`{text}` is not a command line")),
    }
}

/// `--body`: a template holding `{payload}` once.
pub fn body_template(text: &str) -> Result<crate::probe::transport::service::BodyTemplate, String> {
    crate::probe::transport::service::BodyTemplate::parse(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::Shape;

    #[test]
    fn hints() {
        assert_eq!(hint("129"), Ok(Hint::FailsAt(129)));
        assert_eq!(hint("none"), Ok(Hint::NoLimit));
        assert_eq!(
            hint("slow:4000"),
            Ok(Hint::Slow { finished: 4000, took_millis: None, crash_depth: None })
        );
        assert_eq!(
            hint("unstable:4812-4812"),
            Ok(Hint::Unstable { lowest_failing: 4812, highest_passing: 4812, timed_out: false })
        );
        assert_eq!(
            hint("unstable-timeout:4812-4900"),
            Ok(Hint::Unstable { lowest_failing: 4812, highest_passing: 4900, timed_out: true })
        );
        assert!(hint("unstable:4812").is_err() && hint("unstable:0-3").is_err());
        assert!(hint("slow:0").is_err() && hint("slow").is_err());
        assert!(hint("0").is_err());
        assert!(hint(&format!("{}", MAX_DEPTH_BOUND + 1)).is_err());
    }

    #[test]
    fn counts_are_bounded_on_both_sides_and_say_which_bound() {
        assert_eq!(repeat("1"), Ok(1));
        assert_eq!(repeat("1000"), Ok(1000));
        assert_eq!(repeat("1001"), Err("must be at most 1,000, got 1001".to_string()));
        assert_eq!(repeat("0"), Err("must be at least 1, got 0".to_string()));
        assert!(repeat("18446744073709551616").unwrap_err().contains("whole number"));
        assert_eq!(depth("100000000"), Ok(100_000_000));
        assert!(depth("100000001").unwrap_err().contains("at most 100,000,000 (the deepest"));
        assert_eq!(at_least_one::<usize>("0"), Err("must be at least 1, got 0".to_string()));
    }

    #[test]
    fn a_named_value_is_one_of_its_names() {
        let parser = named::<Shape>(Shape::ALL.map(Shape::name));
        let command = clap::Command::new("t").arg(clap::Arg::new("shape").long("shape").value_parser(parser));
        let shape = |value: &str| {
            command
                .clone()
                .try_get_matches_from(["t", "--shape", value])
                .map(|m| *m.get_one::<Shape>("shape").unwrap())
        };
        assert_eq!(shape("object").unwrap(), Shape::Object);
        let error = shape("tree").unwrap_err().to_string();
        assert!(error.contains("array") && error.contains("object"), "{error}");
        assert!(path("").is_err() && path(" ").is_err() && path("x").is_ok());
    }
}
