//! Reading parsers/advisories/*.toml beside the catalog, and refusing what would make a wrong
//! verdict: an unknown row, format, shape or phase, a shape its format does not have, a range whose
//! versions its ecosystem cannot order or that ends before it begins, an id given twice. Each
//! refusal is one line naming the file and the advisory.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Result;

use super::model::Advisory;
use super::ordering::compare;
use crate::payload::{PayloadFormat, Shape};
use crate::untrusted::InvalidInput;

/// The folder of advisory files beside the catalog file `catalog` (parsers/catalog.toml →
/// parsers/advisories/).
pub fn advisories_dir(catalog: &Path) -> PathBuf {
    catalog.parent().unwrap_or(Path::new(".")).join("advisories")
}

/// Every advisory of the `*.toml` files in `dir` (in the order of their names; none when the
/// folder does not exist), checked against the catalog's row ids `rows`.
pub fn load(dir: &Path, rows: &BTreeSet<String>) -> Result<Vec<Advisory>> {
    let mut files: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "toml"))
            .collect(),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(anyhow::anyhow!("{}: {error}", dir.display())),
    };
    files.sort();
    let mut all: Vec<Advisory> = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        let advisories =
            parse(&text, rows).map_err(|why| InvalidInput(format!("{}: {why}", file.display())))?;
        for advisory in advisories {
            if all.iter().any(|other| other.id == advisory.id) {
                return Err(InvalidInput(format!("{}: {}: given twice", file.display(), advisory.id)).into());
            }
            all.push(advisory);
        }
    }
    Ok(all)
}

/// The advisories of one file's text, each checked; why not, naming the advisory.
pub fn parse(text: &str, rows: &BTreeSet<String>) -> Result<Vec<Advisory>, String> {
    let value: toml::Table = toml::from_str(text).map_err(|e| one_line(&e.to_string()))?;
    if let Some(key) = value.keys().find(|key| *key != "advisory") {
        return Err(format!("unknown table `{key}`: the file holds [[advisory]] tables"));
    }
    let tables = match value.get("advisory") {
        None => return Ok(Vec::new()),
        Some(toml::Value::Array(tables)) => tables.clone(),
        Some(_) => return Err("`advisory` must be [[advisory]] tables".into()),
    };
    let mut advisories = Vec::new();
    for (at, table) in tables.into_iter().enumerate() {
        let id =
            table.get("id").and_then(|id| id.as_str()).map_or(format!("advisory #{}", at + 1), String::from);
        let advisory: Advisory =
            table.try_into().map_err(|e: toml::de::Error| format!("{id}: {}", one_line(e.message())))?;
        check(&advisory, rows).map_err(|why| format!("{id}: {why}"))?;
        advisories.push(advisory);
    }
    Ok(advisories)
}

/// What makes an advisory unusable, if anything.
fn check(advisory: &Advisory, rows: &BTreeSet<String>) -> Result<(), String> {
    if advisory.id.trim().is_empty()
        || advisory.summary.trim().is_empty()
        || advisory.source.trim().is_empty()
    {
        return Err("`id`, `summary` and `source` must not be empty".into());
    }
    // The reports link to it as it is: an address, nothing a page or a table would read as markup.
    let unsafe_char = |c: char| c.is_whitespace() || "()<>\"'`[]|\\".contains(c);
    if !advisory.source.starts_with("https://") || advisory.source.contains(unsafe_char) {
        return Err(format!("`source = \"{}\"` is not an https:// address", advisory.source));
    }
    if !is_date(&advisory.published) {
        return Err(format!("`published = \"{}\"` is not a YYYY-MM-DD date", advisory.published));
    }
    // A row's verdict needs a payload nestprobe builds: its format and shape must exist and go
    // together, unless its note says why it cannot be measured (a shape the atlas does not build
    // yet: Go's composite literals). An advisory no row measures is kept, whatever it names.
    if !advisory.rows.is_empty() {
        let format = advisory.format.parse::<PayloadFormat>();
        let shape = advisory.shape.as_deref().map(str::parse::<Shape>).transpose();
        match (format, shape) {
            (Ok(format), Ok(Some(shape))) if !format.has(shape) => {
                return Err(format!("{} payloads have no `{shape}` shape", format.name()));
            }
            (Ok(_), Ok(_)) => {}
            (Err(why), _) | (_, Err(why)) if advisory.note.is_none() => {
                return Err(format!("{why} (a payload nestprobe does not build needs a `note` saying so)"));
            }
            _ => {}
        }
    }
    if let Some(row) = advisory.rows.iter().find(|row| !rows.contains(*row)) {
        return Err(format!("unknown row `{row}` (no such row in the catalog)"));
    }
    if advisory.limit == Some(0) {
        return Err("`limit = 0` is no limit: leave it out".into());
    }
    if advisory.affected.is_empty() {
        return Err("no [[advisory.affected]] package".into());
    }
    for affected in &advisory.affected {
        if affected.ranges.is_empty() {
            return Err(format!("{}: no ranges", affected.name));
        }
        for range in &affected.ranges {
            let end = match (&range.fixed, &range.last_affected) {
                (Some(_), Some(_)) => {
                    return Err(format!("{}: a range has both `fixed` and `last_affected`", affected.name))
                }
                (Some(end), None) | (None, Some(end)) => end,
                (None, None) => {
                    return Err(format!("{}: a range has neither `fixed` nor `last_affected`", affected.name))
                }
            };
            // (Each version read on its own too: OSV's "0" is before anything, read or not.)
            for version in [&range.introduced, end] {
                compare(&affected.ecosystem, version, version)
                    .map_err(|why| format!("{} ({}): {why}", affected.name, affected.ecosystem))?;
            }
            let order = compare(&affected.ecosystem, &range.introduced, end)
                .map_err(|why| format!("{} ({}): {why}", affected.name, affected.ecosystem))?;
            let empty = match range.fixed {
                Some(_) => order != std::cmp::Ordering::Less,
                None => order == std::cmp::Ordering::Greater,
            };
            if empty {
                return Err(format!(
                    "{}: the range from {} to {end} is empty",
                    affected.name, range.introduced
                ));
            }
        }
    }
    for (suite, version) in &advisory.debian_fixed {
        if !suite.starts_with("debian") || suite["debian".len()..].parse::<u32>().is_err() {
            return Err(format!("debian_fixed: `{suite}` is not a suite like `debian12`"));
        }
        compare("Debian", version, version).map_err(|why| format!("debian_fixed.{suite}: {why}"))?;
    }
    Ok(())
}

fn is_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    matches!(parts.as_slice(), [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2
        && parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit())))
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const POSTSCRIPT: &str = r#"
        [[advisory]]
        id = "GO-2099-0001"
        summary = "Nested PostScript procedures exhaust the stack"
        published = "2099-01-01"
        source = "https://example.org/GO-2099-0001"
        format = "postscript"
        shape = "array"
        [[advisory.affected]]
        ecosystem = "Go"
        name = "example.org/postscript"
        ranges = [{ introduced = "0", fixed = "1.2.3" }]
    "#;

    #[test]
    fn an_advisory_no_row_measures_may_name_a_payload_nestprobe_lacks_but_a_row_s_may_not() {
        let rows = BTreeSet::from(["go-postscript".to_string()]);
        let kept = parse(POSTSCRIPT, &rows).unwrap();
        assert!(kept[0].payload().is_none());
        let with_row =
            POSTSCRIPT.replace("shape = \"array\"", "shape = \"array\"\nrows = [\"go-postscript\"]");
        let refused = parse(&with_row, &rows).unwrap_err();
        assert!(refused.starts_with("GO-2099-0001: unknown payload format `postscript`"), "{refused}");
        // With a note saying why, it is kept: not measurable here.
        assert!(
            parse(&with_row.replace("shape = ", "note = \"no postscript payload\"\nshape = "), &rows).is_ok()
        );
        let mismatched = with_row.replace("format = \"postscript\"", "format = \"protobuf\"");
        assert!(parse(&mismatched, &rows).unwrap_err().contains("protobuf payloads have no `array` shape"));
        let unsafe_source = POSTSCRIPT.replace("https://example.org/GO-2099-0001", "javascript:alert(1)");
        assert!(parse(&unsafe_source, &rows).unwrap_err().contains("is not an https:// address"));
        let bad_date = POSTSCRIPT.replace("2099-01-01", "1 Jan 2099");
        assert!(parse(&bad_date, &rows).unwrap_err().contains("is not a YYYY-MM-DD date"));
        let unknown_field = POSTSCRIPT.replace("summary =", "sumary = \"x\"\nsummary =");
        assert!(parse(&unknown_field, &rows).unwrap_err().contains("sumary"));
    }
}
