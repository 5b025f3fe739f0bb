//! A row's documented limit: what the library's documentation says it accepts, from the catalog's
//! `documented = { depth = 128, counts = "nesting", source = "https://…" }`, carried into the row's
//! record so that every report can say, from results.json alone, whether the measurement agrees.

use serde::{Deserialize, Serialize};

use crate::payload::{PayloadFormat, Shape};

/// What a documented limit counts when it is on nesting itself (a depth), not on a count.
pub const NESTING: &str = "nesting";

/// The longest name of what a limit counts (`captures`, `tokens`, `syntax levels`).
const MAX_COUNT_NAME: usize = 40;

/// The longest source address.
const MAX_SOURCE: usize = 500;

/// A documented limit: the deepest nesting (or the largest count) the documentation says the
/// library accepts; one more is where it must fail cleanly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Documented {
    /// The deepest accepted: the documentation's limit.
    pub depth: u64,
    /// What the limit counts: `nesting` (a depth), or the count it is on (`captures`, `tokens`),
    /// which the reports then say a clean error is a limit on.
    #[serde(default = "nesting")]
    pub counts: String,
    /// Where the documentation says it (an https:// address).
    pub source: String,
    /// The shape the limit is about when not the format's main one (a second or further shape).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<Shape>,
}

fn nesting() -> String {
    NESTING.to_string()
}

/// Whether `name` can name what a limit counts: lower-case words (`captures`, `syntax levels`).
fn is_count_name(name: &str) -> bool {
    let allowed = |c: char| c.is_ascii_lowercase() || c == ' ' || c == '-';
    !name.is_empty()
        && name.len() <= MAX_COUNT_NAME
        && name.chars().all(allowed)
        && !name.starts_with([' ', '-'])
        && !name.ends_with([' ', '-'])
}

impl Documented {
    /// The count the limit is on; `None` for a limit on nesting (and for a name the catalog would
    /// refuse, read from a results file written by hand: reports word only what it checks).
    pub fn count(&self) -> Option<&str> {
        (self.counts != NESTING && is_count_name(&self.counts)).then_some(self.counts.as_str())
    }

    /// The source as a link target, when it is one the catalog accepts (an https:// address of
    /// printable characters that end no link early): a results file written by hand is not trusted.
    pub fn source_link(&self) -> Option<&str> {
        let ends_a_link = |c: char| "<>\"'()[]{}|\\`".contains(c);
        (self.source.starts_with("https://")
            && self.source.len() > "https://".len()
            && self.source.len() <= MAX_SOURCE
            && self.source.chars().all(|c| c.is_ascii_graphic() && !ends_a_link(c)))
        .then_some(self.source.as_str())
    }

    /// The shape the limit is about, for a row of `format`.
    pub fn shape_of(&self, format: PayloadFormat) -> Shape {
        self.shape.unwrap_or(format.main_shape())
    }

    /// What is wrong with the claim on a row of `format`, in one line; `max_depth` is the deepest
    /// depth nestprobe tries.
    pub fn check(&self, format: PayloadFormat, max_depth: u64) -> Result<(), String> {
        if self.depth == 0 || self.depth >= max_depth {
            return Err(format!(
                "`documented.depth` must be from 1 to {} (one more is where it must fail), not {}",
                max_depth - 1,
                self.depth
            ));
        }
        if !is_count_name(&self.counts) {
            return Err(format!(
                "`documented.counts` must be `{NESTING}` or what the limit counts in lower-case words (`captures`), not {:?}",
                self.counts
            ));
        }
        if self.source_link().is_none() {
            return Err(format!(
                "`documented.source` must be the https:// address of the documentation (no spaces, quotes, brackets or parentheses: write them %-encoded; at most {MAX_SOURCE} bytes), not {:?}",
                crate::untrusted::printable(&self.source.chars().take(80).collect::<String>())
            ));
        }
        if let Some(shape) = self.shape {
            if !format.has(shape) || !shape.must_be_accepted() {
                return Err(format!(
                    "`documented.shape`: {format} has no valid shape `{shape}` (shapes: {})",
                    format
                        .shapes()
                        .iter()
                        .filter(|s| s.must_be_accepted())
                        .map(|s| s.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(depth: u64, counts: &str, source: &str) -> Documented {
        Documented { depth, counts: counts.into(), source: source.into(), shape: None }
    }

    #[test]
    fn a_claim_is_checked_field_by_field_in_one_line() {
        let json: PayloadFormat = "json".parse().unwrap();
        let ok = claim(128, NESTING, "https://docs.rs/serde_json");
        assert_eq!(ok.check(json, 100_000_000), Ok(()));
        assert_eq!(ok.count(), None);
        assert_eq!(claim(32_766, "captures", "https://v8.dev").count(), Some("captures"));
        let error = |c: Documented| c.check(json, 100_000_000).unwrap_err();
        assert!(error(claim(0, NESTING, "https://a.b")).contains("`documented.depth` must be from 1"));
        assert!(error(claim(100_000_000, NESTING, "https://a.b")).contains("to 99999999"));
        assert!(error(claim(5, "Captures", "https://a.b")).contains("`documented.counts`"));
        assert!(error(claim(5, "", "https://a.b")).contains("`documented.counts`"));
        assert!(error(claim(5, NESTING, "http://a.b")).contains("`documented.source`"));
        assert!(error(claim(5, NESTING, "https://a b")).contains("`documented.source`"));
        assert!(error(claim(5, NESTING, "https://a.b/x)y")).contains("`documented.source`"));
        // Read from a results file written by hand, a claim the catalog would refuse is worded as
        // nothing: no count, no link.
        assert_eq!(claim(5, "<b>x</b>", "javascript:alert(1)").count(), None);
        assert_eq!(claim(5, NESTING, "javascript:alert(1)").source_link(), None);
        assert_eq!(ok.source_link(), Some("https://docs.rs/serde_json"));
        let mut shaped = ok.clone();
        shaped.shape = Some(Shape::Unclosed);
        assert!(error(shaped.clone()).contains("`documented.shape`"), "{}", error(shaped));
        shaped.shape = Some(Shape::Object);
        assert_eq!(shaped.check(json, 100_000_000), Ok(()));
        assert_eq!(shaped.shape_of(json), Shape::Object);
        assert_eq!(ok.shape_of(json), json.main_shape());
        for message in [error(claim(0, NESTING, "https://a.b")), error(claim(5, NESTING, "ftp://x\ny"))] {
            assert!(!message.contains('\n'), "{message}");
        }
    }

    #[test]
    fn the_claim_reads_from_toml_with_nesting_by_default_and_refuses_unknown_fields() {
        let read = |text: &str| toml::from_str::<Documented>(text);
        let claim = read("depth = 32\nsource = \"https://json-c.github.io\"").unwrap();
        assert_eq!(claim.counts, NESTING);
        assert!(read("depth = 32\nsource = \"https://x.y\"\nlimit = 3").is_err());
        assert!(read("source = \"https://x.y\"").is_err());
    }
}
