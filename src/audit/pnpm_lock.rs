//! pnpm-lock.yaml, lockfile versions 5 (`/name/version`), 6 (`/name@version`) and 9
//! (`name@version`), through serde_norway (the kept fork of serde_yaml).

use serde_norway::Value;

use super::dependency::Found;
use super::locate;
use crate::package::{Ecosystem, Package};

pub fn read(text: &str) -> Result<Vec<Found>, String> {
    let document: Value = serde_norway::from_str(text).map_err(|e| e.to_string())?;
    let Some(packages) = document.get("packages").and_then(Value::as_mapping) else {
        return match document.get("lockfileVersion") {
            Some(_) => Ok(Vec::new()),
            None => Err("no `lockfileVersion`: not a pnpm lockfile".into()),
        };
    };
    let mut found = Vec::new();
    for key in packages.keys().filter_map(Value::as_str) {
        let Some((name, version)) = name_and_version(key) else { continue };
        let line =
            locate::line_starting(text, &[format!("{key}:"), format!("'{key}':"), format!("\"{key}\":")]);
        found.push(Found::new(Package::new(Ecosystem::Npm, name, Some(version)), line));
    }
    Ok(found)
}

/// `/@scope/name@1.2.3(peer@4)` and `name@1.2.3` (6, 9) or `/name/1.2.3_peer@4` (5).
fn name_and_version(key: &str) -> Option<(&str, &str)> {
    let key = key.strip_prefix('/').unwrap_or(key);
    let key = key.split('(').next()?;
    // The name is one segment, two when scoped; then `@version` (6, 9) or `/version` (5).
    let name_segments = if key.starts_with('@') { 2 } else { 1 };
    let mut end = 0;
    for _ in 0..name_segments {
        let rest = &key[end..];
        end += rest.find('/').map_or(rest.len(), |at| at + 1);
    }
    let last = key[..end].trim_end_matches('/');
    let (name, version) =
        match last.rfind('@').filter(|&at| at > 0 && at >= last.rfind('/').map_or(0, |s| s + 1)) {
            Some(at) => (&key[..at], &key[at + 1..]),
            None => (last, key.get(end..)?.split('_').next()?),
        };
    (!name.is_empty() && version.starts_with(|c: char| c.is_ascii_digit())).then_some((name, version))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_each_lockfile_version_name_a_release() {
        assert_eq!(name_and_version("/yaml/2.3.4"), Some(("yaml", "2.3.4")));
        assert_eq!(name_and_version("/@iarna/toml/2.2.5_x@1"), Some(("@iarna/toml", "2.2.5")));
        assert_eq!(name_and_version("/js-yaml@4.1.0"), Some(("js-yaml", "4.1.0")));
        assert_eq!(
            name_and_version("@babel/core@7.24.0(supports-color@8.1.1)"),
            Some(("@babel/core", "7.24.0"))
        );
        assert_eq!(name_and_version("link:../x"), None);
    }
}
