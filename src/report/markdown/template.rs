//! Figures in hand-written markdown (the README, docs/findings.md), each between two markers that
//! name its key, `<!--np depth yajl/free-->262,076<!--/np-->`: `render` rewrites what lies
//! between them from results.json ([`crate::report::model::values`]) and keeps every other
//! character a person wrote. A key with no value fails the render, naming it.

use anyhow::{bail, Result};

use crate::report::model::values::value;
use crate::results::Results;

const OPEN: &str = "<!--np ";
const CLOSE: &str = "-->";
const END: &str = "<!--/np-->";

/// `text` with every marked figure read again from `results`; `name` is the file's, for errors.
pub fn fill_values(text: &str, name: &str, results: &Results) -> Result<String> {
    let mut filled = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(OPEN) {
        let after_open = &rest[open + OPEN.len()..];
        let Some(close) = after_open.find(CLOSE) else {
            bail!("{name}: a figure's marker `{OPEN}` is not closed by `{CLOSE}`");
        };
        let key = after_open[..close].trim();
        let body = &after_open[close + CLOSE.len()..];
        let Some(end) = body.find(END) else {
            bail!("{name}: the figure `{key}` has no `{END}` after it");
        };
        let figure = match value(results, key) {
            Ok(figure) => figure,
            Err(why) => bail!("{name}: the figure `{key}` has no value in the results: {why}"),
        };
        filled.push_str(&rest[..open + OPEN.len() + close + CLOSE.len()]);
        filled.push_str(&figure);
        filled.push_str(END);
        rest = &body[end + END.len()..];
    }
    filled.push_str(rest);
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::two_environments;

    #[test]
    fn marked_figures_are_read_again_and_the_prose_is_kept() {
        let text = "Python's json stops at <!--np depth python-json-->1<!--/np--> (<!--np depth python-json@debian13-->?<!--/np--> in 13).\n";
        let filled = fill_values(text, "findings.md", &two_environments()).unwrap();
        assert_eq!(
            filled,
            "Python's json stops at <!--np depth python-json-->995<!--/np--> (<!--np depth python-json@debian13-->1,000<!--/np--> in 13).\n"
        );
        assert_eq!(fill_values(&filled, "findings.md", &two_environments()).unwrap(), filled);
    }

    #[test]
    fn a_missing_value_fails_in_one_line_naming_it() {
        let text = "x <!--np depth no-such-row/serialize-->5<!--/np--> y";
        let error = fill_values(text, "docs/findings.md", &two_environments()).unwrap_err().to_string();
        assert_eq!(
            error,
            "docs/findings.md: the figure `depth no-such-row/serialize` has no value in the results: \
             no row `no-such-row` measured in `host`"
        );
        assert!(!error.contains('\n'));
        let unclosed = fill_values("<!--np depth python-json-->995", "f", &two_environments()).unwrap_err();
        assert!(unclosed.to_string().contains("`depth python-json` has no `<!--/np-->`"), "{unclosed}");
    }
}
