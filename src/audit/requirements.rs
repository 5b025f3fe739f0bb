//! requirements*.txt: the pinned lines (`name==1.2.3`, `name===1.2.3`), each read as a PEP 508
//! requirement by `pep508_rs`; pip's options (`-r`, `-e`, `--hash`), comments and continuations
//! are pip's file syntax around them. A line that is not pinned names no release: left out.

use std::str::FromStr;

use pep508_rs::{Requirement, VersionOrUrl};

use super::dependency::Found;
use crate::package::{Ecosystem, Package};

pub fn read(text: &str) -> Result<Vec<Found>, String> {
    let mut found = Vec::new();
    let mut logical = String::new();
    let mut first_line = 0;
    for (at, line) in text.lines().enumerate() {
        if logical.is_empty() {
            first_line = at + 1;
        }
        // (A comment starts at `#` after whitespace or at the line's start.)
        let line = match line.find(" #").or_else(|| line.starts_with('#').then_some(0)) {
            Some(comment) => &line[..comment],
            None => line,
        };
        if let Some(continued) = line.trim_end().strip_suffix('\\') {
            logical.push_str(continued);
            logical.push(' ');
            continue;
        }
        logical.push_str(line);
        let requirement = std::mem::take(&mut logical);
        // `--hash=…` and other options after the requirement belong to pip.
        let requirement = requirement.split(" --").next().unwrap_or("").trim();
        if requirement.is_empty() || requirement.starts_with('-') {
            continue;
        }
        let parsed = Requirement::<pep508_rs::VerbatimUrl>::from_str(requirement).map_err(|e| {
            format!("line {first_line}: {}", e.to_string().lines().next().unwrap_or_default())
        })?;
        if let Some(version) = pinned(&parsed) {
            found.push(Found::new(
                Package::new(Ecosystem::PyPI, parsed.name.as_ref(), Some(&version)),
                first_line,
            ));
        }
    }
    Ok(found)
}

/// The one release a requirement pins, if it pins one.
fn pinned(requirement: &Requirement<pep508_rs::VerbatimUrl>) -> Option<String> {
    let Some(VersionOrUrl::VersionSpecifier(specifiers)) = &requirement.version_or_url else { return None };
    let [specifier] = specifiers.iter().collect::<Vec<_>>()[..] else { return None };
    use pep508_rs::pep440_rs::Operator;
    matches!(specifier.operator(), Operator::Equal | Operator::ExactEqual)
        .then(|| specifier.version().to_string())
}
