//! poetry.lock and uv.lock (TOML: `[[package]]` tables with `name` and `version`) through `toml`,
//! and Pipfile.lock (JSON: `default` and `develop`, each `name: {"version": "==1.2.3"}`) through
//! serde_json.

use serde::Deserialize;
use serde_json::Value;

use super::dependency::Found;
use super::locate;
use crate::package::{Ecosystem, Package};

#[derive(Deserialize)]
struct TomlLock {
    #[serde(default)]
    package: Vec<TomlPackage>,
}

#[derive(Deserialize)]
struct TomlPackage {
    name: String,
    /// (uv leaves it out for a package of the project that is not a release: a workspace member.)
    version: Option<String>,
    #[serde(default)]
    source: Option<toml::Table>,
}

/// poetry.lock and uv.lock.
pub fn read_toml(text: &str) -> Result<Vec<Found>, String> {
    let lock: TomlLock =
        toml::from_str(text).map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())?;
    let lines = locate::toml_packages(text);
    Ok(lock
        .package
        .iter()
        .filter(|package| {
            // uv: the project itself and its path dependencies are sources of the project.
            let local = ["editable", "virtual", "directory", "path"];
            !package.source.as_ref().is_some_and(|source| local.iter().any(|kind| source.contains_key(*kind)))
        })
        .filter_map(|package| {
            let version = package.version.as_deref()?;
            let line = lines.get(&(package.name.clone(), version.to_string())).copied().unwrap_or(1);
            Some(Found::new(Package::new(Ecosystem::PyPI, &package.name, Some(version)), line))
        })
        .collect())
}

/// Pipfile.lock.
pub fn read_pipfile(text: &str) -> Result<Vec<Found>, String> {
    let document: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut found = Vec::new();
    for group in ["default", "develop"] {
        let Some(entries) = document.get(group).and_then(Value::as_object) else { continue };
        for (name, entry) in entries {
            let Some(version) = entry.get("version").and_then(Value::as_str) else { continue };
            let version = version.trim_start_matches("==");
            let line = locate::line_of(text, &format!("\"{name}\": {{"));
            found.push(Found::new(Package::new(Ecosystem::PyPI, name, Some(version)), line));
        }
    }
    if found.is_empty() && document.get("_meta").is_none() {
        return Err("no `_meta`: not a Pipfile.lock".into());
    }
    Ok(found)
}
