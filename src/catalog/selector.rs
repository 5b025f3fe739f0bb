//! Which rows a command works on, as `--only` names them: an id (the row in every environment) or
//! a key `id@environment`. Parsed at the edge, matched against the catalog once it is loaded: a
//! name that matches no row is a typo, refused by name.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use super::Entry;

/// One name given to `--only`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern(String);

impl Pattern {
    /// Whether this names `entry`: its id, or its id and environment.
    pub fn matches(&self, entry: &Entry) -> bool {
        self.0 == entry.id || self.0.split_once('@') == Some((entry.id.as_str(), entry.environment.as_str()))
    }
}

impl FromStr for Pattern {
    type Err = String;

    fn from_str(text: &str) -> Result<Pattern, String> {
        // An empty name (`--only a,,b`) would select nothing and say nothing.
        match text.trim().is_empty() {
            true => Err("expected a parser id or `id@environment`, got an empty name".into()),
            false => Ok(Pattern(text.to_string())),
        }
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The rows a command works on: those any of its patterns names, or every row without patterns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selector {
    patterns: Vec<Pattern>,
}

impl Selector {
    pub fn new(patterns: Vec<Pattern>) -> Selector {
        Selector { patterns }
    }

    /// Every row.
    pub fn all() -> Selector {
        Selector::default()
    }

    pub fn selects(&self, entry: &Entry) -> bool {
        self.patterns.is_empty() || self.patterns.iter().any(|pattern| pattern.matches(entry))
    }

    /// The first pattern that names none of `entries`.
    pub fn unmatched<'a>(&'a self, entries: &[Entry]) -> Option<&'a Pattern> {
        self.patterns.iter().find(|pattern| !entries.iter().any(|entry| pattern.matches(entry)))
    }
}

/// A pattern that names no row of the catalog: a usage error.
#[derive(Debug)]
pub struct NoRowMatches {
    pub pattern: Pattern,
    pub catalog: PathBuf,
}

impl fmt::Display for NoRowMatches {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { pattern, catalog } = self;
        write!(
            f,
            "no catalog row matches '{pattern}' (no parser `{pattern}` in {}; `nestprobe list` shows them)",
            catalog.display()
        )
    }
}

impl std::error::Error for NoRowMatches {}

#[cfg(test)]
mod tests {
    use super::*;

    fn selector(names: &[&str]) -> Selector {
        Selector::new(names.iter().map(|name| name.parse().unwrap()).collect())
    }

    #[test]
    fn an_id_names_the_row_everywhere_and_a_key_one_environment() {
        let (host, rooted) = (Entry::bare("c-x", "host"), Entry::bare("c-x", "debian13"));
        assert!(selector(&["c-x"]).selects(&host) && selector(&["c-x"]).selects(&rooted));
        assert!(!selector(&["c-x@debian13"]).selects(&host) && selector(&["c-x@debian13"]).selects(&rooted));
        assert!(!selector(&["c-y"]).selects(&host));
        assert!(Selector::all().selects(&host));
    }

    #[test]
    fn the_first_name_matching_no_row_is_the_one_refused() {
        let rows = [Entry::bare("c-x", "host"), Entry::bare("c-x", "debian13")];
        assert_eq!(selector(&["c-x", "c-x@debian13"]).unmatched(&rows), None);
        assert_eq!(
            selector(&["c-x", "c-xx", "c-z"]).unmatched(&rows).map(Pattern::to_string),
            Some("c-xx".into())
        );
        assert_eq!(Selector::all().unmatched(&rows), None);
        assert!("".parse::<Pattern>().is_err() && " ".parse::<Pattern>().is_err());
    }
}
