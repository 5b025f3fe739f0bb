//! npm's registry API: `GET <registry>/<name>`, the package's full document (`versions`, with a
//! `deprecated` text on deprecated ones, and `time`, the publication dates).

use anyhow::Result;
use serde_json::Value;

use super::release::{unexpected, Release};

/// A scoped name's slash is escaped: `@iarna/toml` is `@iarna%2ftoml`.
pub(super) fn url(registry: &str, name: &str) -> String {
    format!("{registry}/{}", name.replace('/', "%2f"))
}

pub(super) fn parse(body: &str) -> Result<Vec<Release>> {
    let document: Value = serde_json::from_str(body).map_err(|_| unexpected("not a JSON document"))?;
    let versions = document["versions"].as_object().ok_or_else(|| unexpected("no `versions` object"))?;
    Ok(versions
        .iter()
        .map(|(version, manifest)| Release {
            version: version.clone(),
            withdrawn: manifest.get("deprecated").is_some_and(|d| d.as_str().is_none_or(|t| !t.is_empty())),
            date: document["time"][version].as_str().map(String::from),
            requires_python: None,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scoped_names_are_escaped() {
        assert_eq!(url("http://r", "@iarna/toml"), "http://r/@iarna%2ftoml");
        assert_eq!(url("http://r", "json5"), "http://r/json5");
    }

    #[test]
    fn deprecated_releases_are_withdrawn_and_dates_come_from_time() {
        let body = r#"{"versions": {"1.0.0": {}, "1.1.0": {"deprecated": "use 1.2"}, "1.2.0": {"deprecated": ""}},
                      "time": {"1.0.0": "2020-01-01T00:00:00Z"}}"#;
        let releases = parse(body).unwrap();
        let by = |v: &str| releases.iter().find(|r| r.version == v).unwrap().clone();
        assert!(!by("1.0.0").withdrawn && by("1.1.0").withdrawn && !by("1.2.0").withdrawn);
        assert_eq!(by("1.0.0").date.as_deref(), Some("2020-01-01T00:00:00Z"));
        assert_eq!(by("1.2.0").date, None);
        assert!(parse("<html>").unwrap_err().to_string().contains("not a JSON document"));
        assert!(parse("{}").unwrap_err().to_string().contains("no `versions`"));
    }
}
