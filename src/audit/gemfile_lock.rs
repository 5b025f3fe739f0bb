//! Gemfile.lock (and gems.locked): the gems of its `GEM`, `GIT` and `PATH` sections' `specs:`, four
//! spaces in, `name (version)` or `name (version-platform)`. Written here: crates.io has no reader
//! of Bundler's lockfile (searched 2026-11: none by that name or subject), and the part read is
//! one line shape.

use super::dependency::Found;
use crate::package::{Ecosystem, Package};

pub fn read(text: &str) -> Result<Vec<Found>, String> {
    let mut found = Vec::new();
    let mut section = "";
    let mut in_specs = false;
    let mut sections = 0;
    for (at, line) in text.lines().enumerate() {
        if !line.starts_with(' ') && !line.trim().is_empty() {
            section = line.trim();
            sections += 1;
            in_specs = false;
            continue;
        }
        if line.trim() == "specs:" {
            in_specs = true;
            continue;
        }
        let is_gem_source = matches!(section, "GEM" | "GIT" | "PATH");
        // A gem is four spaces in; six are its own dependencies (ranges, not releases).
        let Some(spec) = line.strip_prefix("    ").filter(|s| !s.starts_with(' ')) else { continue };
        if !(in_specs && is_gem_source) {
            continue;
        }
        let (name, version) = spec
            .split_once(" (")
            .and_then(|(name, rest)| Some((name, rest.strip_suffix(')')?)))
            .ok_or_else(|| format!("line {}: `{}` is not `name (version)`", at + 1, spec.trim()))?;
        // `1.15.4-x86_64-linux`: the platform is not part of the release.
        let version = match version.split_once('-') {
            Some((release, _platform)) if section == "GEM" => release,
            _ => version,
        };
        found.push(Found::new(Package::new(Ecosystem::RubyGems, name, Some(version)), at + 1));
    }
    if sections == 0 || !text.contains("specs:") {
        return Err("no `specs:` section: not a Gemfile.lock".into());
    }
    Ok(found)
}
