//! Cargo.lock (versions 1 to 4) through the `cargo-lock` crate.

use std::str::FromStr;

use super::dependency::Found;
use super::locate;
use crate::package::{Ecosystem, Package};

pub fn read(text: &str) -> Result<Vec<Found>, String> {
    let lockfile = cargo_lock::Lockfile::from_str(text).map_err(|e| e.to_string())?;
    let lines = locate::toml_packages(text);
    Ok(lockfile
        .packages
        .iter()
        // (The workspace's own crates have no source: they are not dependencies.)
        .filter(|package| package.source.is_some())
        .map(|package| {
            let (name, version) = (package.name.as_str(), package.version.to_string());
            let line = lines.get(&(name.to_string(), version.clone())).copied().unwrap_or(1);
            Found::new(Package::new(Ecosystem::CratesIo, name, Some(&version)), line)
        })
        .collect())
}
