//! The crash list, the rows that exhaust time or memory, and the glossary of outcome words, as the
//! markdown that opens the README's results and results.md.

use std::fmt::Write;

use crate::report::model::advisories::advisory_words;
use crate::report::model::class::Word;
use crate::report::model::counts::{counts, rows};
use crate::report::model::crashes::{crash_list, CrashLine};
use crate::report::model::view::{environment_name, short_environment_name};
use crate::report::render::markup::{cut_at_word, escape_markdown, MAX_CELL};
use crate::results::Results;
use crate::units::thousands;

/// The glossary: each outcome word and what it means, generated from [`Word`].
pub fn glossary() -> String {
    let mut text = String::from(
        "<a id=\"words\"></a>**Words**: every count is of rows (a library in one environment) unless it says libraries.\n\n",
    );
    for word in Word::ALL {
        let _ = writeln!(text, "- *{}*: {}.", word.text(), word.meaning());
    }
    text.push_str(
        "\nA *phase* (`parse`, `free`, `serialize`) is the step the program was asked to run, and \
         `whole run` the program run without one: many programs lose control after the parse, in a \
         destructor or a serializer.\n",
    );
    text
}

/// The crash list then the rows that only exhaust time or memory, each under a heading with its
/// count; `heading` is the markdown heading prefix (`###`).
pub fn crash_and_exhaust_lists(results: &Results, heading: &str) -> String {
    let counts = counts(results);
    let list = crash_list(results);
    let mut text = format!(
        "<a id=\"crashes\"></a>\n\n{heading} Crashes: {} of {} measured ({} libraries)\n\n",
        rows(counts.rows_crashing),
        counts.rows_measured,
        counts.libraries_crashing
    );
    if list.crashes.is_empty() {
        text.push_str("No row crashes.\n");
    } else {
        text.push_str(
            "One line per row, phase and shape that loses control, by the depth where it does; a \
             library's further lines follow its first.\n\n",
        );
        table(&mut text, results, &list.crashes, true);
    }
    let _ = writeln!(
        text,
        "\n<a id=\"exhausts\"></a>\n\n{heading} Exhausts time or memory: {} (not counted as crashes)\n",
        rows(counts.rows_exhausting)
    );
    if list.exhausts.is_empty() {
        text.push_str("No other row exhausts time or memory.\n");
    } else {
        table(&mut text, results, &list.exhausts, false);
    }
    text
}

fn table(text: &mut String, results: &Results, lines: &[CrashLine], with_function: bool) {
    let cell = |value: &str| escape_markdown(&cut_at_word(value, MAX_CELL));
    text.push_str("| Depth | Library | Format · shape | Phase | Environment | How |");
    text.push_str(if with_function {
        " Function | Advisory |\n|---|---|---|---|---|---|---|---|\n"
    } else {
        "\n|---|---|---|---|---|---|\n"
    });
    for line in lines {
        let library = match &line.record.version {
            Some(version) => format!("{} {version}", line.library),
            None => line.library.clone(),
        };
        let environment = short_environment_name(environment_name(results, &line.record.environment));
        let _ = write!(
            text,
            "| {} | {} | {} · {} | {} | {} | {} |",
            thousands(line.depth),
            cell(&library),
            line.record.format.title(),
            line.shape(),
            line.phase_name(),
            cell(environment),
            cell(&line.how)
        );
        // A crash is marked with the advisory that covers it, or "no advisory known".
        let advisory = advisory_words(line);
        match (with_function, &line.function) {
            (true, Some(function)) => {
                let _ = writeln!(text, " {} | {} |", cell(function), cell(&advisory));
            }
            (true, None) => {
                let _ = writeln!(text, " not located | {} |", cell(&advisory));
            }
            (false, _) => text.push('\n'),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::crash_fixture;

    #[test]
    fn the_lists_count_rows_and_show_each_crash_with_its_function() {
        let text = crash_and_exhaust_lists(&crash_fixture(), "##");
        assert!(
            text.starts_with("<a id=\"crashes\"></a>\n\n## Crashes: 5 rows of 8 measured (4 libraries)\n"),
            "{text}"
        );
        assert!(
            text.contains("| 500 | C free 1.0 | JSON · array | free | Debian 12 | SIGSEGV | free_value | no advisory known |"),
            "{text}"
        );
        assert!(text.contains("| 70,000 | Go slow-crash 1.0 | JSON · array | whole run | Debian 12 | exit 2: stack overflow |"), "{text}");
        assert!(text.contains("## Exhausts time or memory: 2 rows (not counted as crashes)"), "{text}");
        assert!(
            text.contains("| 4,000 | Ruby slow 1.0 | JSON · array | whole run | Debian 12 | exhausts time past this depth (12 s here) |"),
            "{text}"
        );
        let widest = text.lines().filter(|l| l.starts_with("| ")).map(|l| l.matches(" | ").count() + 1).max();
        assert_eq!(widest, Some(8));
    }

    #[test]
    fn the_glossary_has_every_word() {
        let glossary = glossary();
        for word in Word::ALL {
            assert!(glossary.contains(&format!("*{}*", word.text())), "{glossary}");
        }
    }
}
