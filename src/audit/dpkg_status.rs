//! A Debian system's installed packages: /var/lib/dpkg/status (deb822 paragraphs) through the
//! `deb822-fast` crate; each package whose `Status` ends in `installed`, with its `Source` (a
//! binNMU's source may carry its own version: `Source: libyaml (0.2.5-1)`).

use super::dependency::Found;
use crate::package::{Ecosystem, Package};

pub fn read(text: &str) -> Result<Vec<Found>, String> {
    let document = deb822_fast::Deb822::from_reader(text.as_bytes()).map_err(|e| e.to_string())?;
    let mut found = Vec::new();
    let mut paragraphs = 0;
    // (Paragraphs come in the file's order: each one's line is searched from the last one's on.)
    let (mut from, mut line) = (0, 1);
    for paragraph in document.iter() {
        paragraphs += 1;
        let (Some(name), Some(version)) = (paragraph.get("Package"), paragraph.get("Version")) else {
            continue;
        };
        if !paragraph.get("Status").is_some_and(|status| status.trim_end().ends_with(" installed")) {
            continue;
        }
        let source = paragraph.get("Source").map(|source| source.split_whitespace().next().unwrap_or(name));
        let at = text[from..].find(&format!("Package: {name}\n")).map_or(from, |at| from + at);
        line += text[from..at].matches('\n').count();
        from = at;
        let mut entry = Found::new(Package::new(Ecosystem::Debian, name, Some(version)), line);
        entry.source = Some(source.unwrap_or(name).to_string());
        found.push(entry);
    }
    if paragraphs > 0 && found.is_empty() && !text.contains("Status:") {
        return Err("no `Status:` field: not a dpkg status file".into());
    }
    Ok(one_per_source(found))
}

/// One package per source package and version: its binaries (libxml2, libxml2-dev, libxml2-utils)
/// are the same code. The one kept is named like the source, else the one the Debian table lists,
/// else the first.
fn one_per_source(found: Vec<Found>) -> Vec<Found> {
    let rank = |f: &Found| {
        let source = f.source.as_deref().unwrap_or_default();
        match (f.package.name == source, crate::package::debian::library(&f.package.name, None).is_some()) {
            (true, _) => 0,
            (false, true) => 1,
            _ => 2,
        }
    };
    let mut kept: Vec<Found> = Vec::new();
    for candidate in found {
        let same = |f: &Found| f.source == candidate.source && f.package.version == candidate.package.version;
        match kept.iter_mut().find(|f| same(f)) {
            Some(f) if rank(&candidate) < rank(f) => *f = candidate,
            Some(_) => {}
            None => kept.push(candidate),
        }
    }
    kept
}
