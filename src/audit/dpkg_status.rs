//! A Debian system's installed packages: /var/lib/dpkg/status (deb822 paragraphs) through the
//! `deb822-fast` crate; each package whose `Status` ends in `installed`, with its `Source` (a
//! binNMU's source may carry its own version: `Source: libyaml (0.2.5-1)`).

use super::dependency::Found;
use super::locate;
use crate::package::{Ecosystem, Package};

pub fn read(text: &str) -> Result<Vec<Found>, String> {
    let document = deb822_fast::Deb822::from_reader(text.as_bytes()).map_err(|e| e.to_string())?;
    let mut found = Vec::new();
    let mut paragraphs = 0;
    for paragraph in document.iter() {
        paragraphs += 1;
        let (Some(name), Some(version)) = (paragraph.get("Package"), paragraph.get("Version")) else {
            continue;
        };
        if !paragraph.get("Status").is_some_and(|status| status.trim_end().ends_with(" installed")) {
            continue;
        }
        let source = paragraph.get("Source").map(|source| source.split_whitespace().next().unwrap_or(name));
        let line = locate::line_of(text, &format!("Package: {name}\n"));
        let mut entry = Found::new(Package::new(Ecosystem::Debian, name, Some(version)), line);
        entry.source = Some(source.unwrap_or(name).to_string());
        found.push(entry);
    }
    if paragraphs > 0 && found.is_empty() && !text.contains("Status:") {
        return Err("no `Status:` field: not a dpkg status file".into());
    }
    Ok(found)
}
