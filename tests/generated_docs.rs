//! What `render` generates for people to read (#34 items 3 and 4): results.md and the per-format
//! detail files, rendered from the committed results.json, read on GitHub (no table has more than
//! eight columns, no cell more than 160 characters, every row links to its section); the figures of
//! hand-written pages are read from results.json, and one it lacks fails the render naming it.

mod common;

use std::fs;
use std::path::Path;

use common::*;

const MAX_COLUMNS: usize = 8;
const MAX_CELL: usize = 160;

/// The cells of a markdown table line, split at unescaped `|`; `None` for another line.
fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
    let mut cells = vec![String::new()];
    let mut escaped = false;
    for c in inner.chars() {
        match c {
            '|' if !escaped => cells.push(String::new()),
            _ => cells.last_mut().unwrap().push(c),
        }
        escaped = c == '\\' && !escaped;
    }
    Some(cells.iter().map(|c| c.trim().to_string()).collect())
}

/// What is wrong with the tables of `text`: a line per table line too wide or cell too long.
fn too_wide(name: &str, text: &str) -> Vec<String> {
    let mut wrong = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let Some(cells) = cells(line) else { continue };
        if cells.len() > MAX_COLUMNS {
            wrong.push(format!("{name}:{}: {} columns", number + 1, cells.len()));
        }
        for cell in cells.iter().filter(|c| c.chars().count() > MAX_CELL) {
            wrong.push(format!(
                "{name}:{}: a cell of {} characters: {cell}",
                number + 1,
                cell.chars().count()
            ));
        }
    }
    wrong
}

fn render_committed(out: &Path) {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("results.json");
    fs::copy(committed, out.join("results.json")).unwrap();
    let output = run(nestprobe_in(out, &["render", "--quiet"]));
    assert!(output.status.success(), "{}", stderr_of(&output));
}

fn nestprobe_in(dir: &Path, args: &[&str]) -> std::process::Command {
    let mut command = nestprobe();
    command.current_dir(dir).args(args);
    command
}

#[test]
fn results_md_and_the_detail_files_have_at_most_eight_columns_and_short_cells() {
    let dir = tempfile::tempdir().unwrap();
    render_committed(dir.path());
    let mut files = vec![dir.path().join("results.md")];
    let mut details: Vec<_> =
        fs::read_dir(dir.path().join("results")).unwrap().map(|entry| entry.unwrap().path()).collect();
    details.sort();
    assert!(details.len() > 1, "a detail file per format: {details:?}");
    files.extend(details);
    let mut wrong = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        wrong.extend(too_wide(&file.display().to_string(), &text));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));

    // Every row's link leads to an anchor its format's file has.
    let table = fs::read_to_string(dir.path().join("results.md")).unwrap();
    let mut links = 0;
    for link in table.split("](results/").skip(1) {
        let target = &link[..link.find(')').unwrap()];
        let Some((file, anchor)) = target.split_once('#') else { continue };
        let detail = fs::read_to_string(dir.path().join("results").join(file)).unwrap();
        assert!(detail.contains(&format!("<a id=\"{anchor}\"></a>")), "{target}");
        links += 1;
    }
    assert!(links > 100, "{links} links");
}

#[test]
fn the_check_fails_on_a_ninth_column_and_a_161_character_cell() {
    let eight = "| a | b | c | d | e | f | g | h |";
    assert!(too_wide("t", eight).is_empty());
    assert_eq!(too_wide("t", "| a | b | c | d | e | f | g | h | i |").len(), 1);
    // An escaped bar is inside a cell, not between two.
    assert!(too_wide("t", "| a \\| b | c | d | e | f | g | h | i |").is_empty());
    let long = format!("| {} | b |", "x".repeat(MAX_CELL + 1));
    assert_eq!(too_wide("t", &long).len(), 1);
    assert!(too_wide("t", &format!("| {} | b |", "x".repeat(MAX_CELL))).is_empty());
}

#[test]
fn a_figure_results_json_lacks_fails_the_render_in_one_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("docs")).unwrap();
    let findings = dir.path().join("docs/findings.md");
    fs::write(&findings, "jq stops at <!--np depth jq-->0<!--/np-->.\n").unwrap();
    render_committed(dir.path());
    let filled = fs::read_to_string(&findings).unwrap();
    assert_eq!(filled, "jq stops at <!--np depth jq-->257<!--/np-->.\n");

    fs::write(&findings, "gone at <!--np depth no-such-row/serialize-->1<!--/np-->.\n").unwrap();
    let output = run(nestprobe_in(dir.path(), &["render", "--quiet"]));
    assert!(!output.status.success());
    let stderr = stderr_of(&output);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("the figure `depth no-such-row/serialize` has no value"), "{stderr}");
    // Nothing half-written: the page keeps what it had.
    assert_eq!(
        fs::read_to_string(&findings).unwrap(),
        "gone at <!--np depth no-such-row/serialize-->1<!--/np-->.\n"
    );
}

/// The README fits a visitor's attention (issue #46): at most 350 lines in all, and its crash list
/// one line per library (results.md and the page have every row, phase and shape): as many lines
/// as its heading counts libraries.
#[test]
fn the_readme_is_at_most_350_lines_with_one_crash_line_per_library() {
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 350, "README.md has {lines} lines");
    let mut at = readme.lines().skip_while(|l| !l.starts_with("#### Crashes: "));
    let heading = at.next().expect("a crash heading");
    let libraries: usize = heading
        .rsplit_once('(')
        .and_then(|(_, count)| count.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("{heading}"));
    let table: Vec<&str> =
        at.skip_while(|l| !l.starts_with("| Depth |")).take_while(|l| l.starts_with('|')).collect();
    assert_eq!(table.len(), libraries + 2, "{heading}\n{}", table.join("\n"));
}
