//! yarn.lock, Yarn 1's format and Berry's (Yarn 2+, YAML), through the `yarn-lock-parser` crate.

use super::dependency::Found;
use super::locate;
use crate::package::{Ecosystem, Package};

pub fn read(text: &str) -> Result<Vec<Found>, String> {
    let lockfile = yarn_lock_parser::parse_str(text).map_err(|e| e.to_string())?;
    let mut found = Vec::new();
    for entry in &lockfile.entries {
        // Berry lists the project's own workspaces as `name@workspace:.`.
        if entry.descriptors.iter().any(|(_, range)| range.starts_with("workspace:")) {
            continue;
        }
        let (name, version) = (entry.name, entry.version);
        let header = |line: &str| {
            let line = line.trim_start_matches('"');
            line.starts_with(&format!("{name}@"))
                || line.contains(&format!(", {name}@"))
                || line.contains(&format!(", \"{name}@"))
        };
        let line = locate::block_line(text, header, |detail| {
            detail == format!("version \"{version}\"") || detail == format!("version: {version}")
        });
        found.push(Found::new(Package::new(Ecosystem::Npm, name, Some(version)), line));
    }
    Ok(found)
}
