//! package-lock.json and npm-shrinkwrap.json, lockfile versions 1 (nested `dependencies`), 2 and 3
//! (`packages` keyed by their node_modules path), through serde_json.

use serde_json::Value;

use super::dependency::Found;
use super::locate;
use crate::package::{Ecosystem, Package};

pub fn read(text: &str) -> Result<Vec<Found>, String> {
    let document: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut found = Vec::new();
    if let Some(packages) = document.get("packages").and_then(Value::as_object) {
        for (path, entry) in packages {
            // "" is the project itself; links point at a folder of the project.
            let Some(at) = path.rfind("node_modules/") else { continue };
            if entry.get("link").and_then(Value::as_bool) == Some(true) {
                continue;
            }
            let name =
                entry.get("name").and_then(Value::as_str).unwrap_or(&path[at + "node_modules/".len()..]);
            let Some(version) = entry.get("version").and_then(Value::as_str) else { continue };
            let line = locate::line_of(text, &format!("\"{path}\":"));
            found.push(Found::new(Package::new(Ecosystem::Npm, name, Some(version)), line));
        }
    } else if let Some(dependencies) = document.get("dependencies").and_then(Value::as_object) {
        v1(text, dependencies, &mut found);
    } else if document.get("lockfileVersion").is_none() {
        return Err("no `lockfileVersion`: not an npm lockfile".into());
    }
    Ok(found)
}

/// Version 1's tree: each dependency with its `version` and its own nested `dependencies`.
fn v1(text: &str, dependencies: &serde_json::Map<String, Value>, found: &mut Vec<Found>) {
    for (name, entry) in dependencies {
        if let Some(version) = entry.get("version").and_then(Value::as_str) {
            // (A `file:` or git dependency's version is no registry release.)
            if !version.contains(':') {
                let line = locate::line_of(text, &format!("\"{name}\": {{"));
                found.push(Found::new(Package::new(Ecosystem::Npm, name, Some(version)), line));
            }
        }
        if let Some(nested) = entry.get("dependencies").and_then(Value::as_object) {
            v1(text, nested, found);
        }
    }
}
