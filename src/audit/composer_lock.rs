//! composer.lock: `packages` and `packages-dev`, each with `name` and `version`, through serde_json.

use serde_json::Value;

use super::dependency::Found;
use super::locate;
use crate::package::{Ecosystem, Package};

pub fn read(text: &str) -> Result<Vec<Found>, String> {
    let document: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if document.get("packages").is_none() {
        return Err("no `packages`: not a composer.lock".into());
    }
    let mut found = Vec::new();
    for group in ["packages", "packages-dev"] {
        for entry in document.get(group).and_then(Value::as_array).into_iter().flatten() {
            let (Some(name), Some(version)) =
                (entry.get("name").and_then(Value::as_str), entry.get("version").and_then(Value::as_str))
            else {
                continue;
            };
            let line = locate::line_of(text, &format!("\"name\": \"{}\"", name.replace('/', "\\/")))
                .max(locate::line_of(text, &format!("\"name\": \"{name}\"")));
            let version = version.strip_prefix('v').unwrap_or(version);
            found.push(Found::new(Package::new(Ecosystem::Packagist, name, Some(version)), line));
        }
    }
    Ok(found)
}
