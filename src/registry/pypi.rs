//! PyPI's JSON API: `GET <pypi>/pypi/<name>/json`, whose `releases` map each version to its files
//! (each with `yanked` and `upload_time_iso_8601`).

use anyhow::Result;
use serde_json::Value;

use super::release::{unexpected, Release};

pub(super) fn url(pypi: &str, name: &str) -> String {
    format!("{pypi}/pypi/{name}/json")
}

/// A release with no files has nothing to install and is left out; one whose files are all yanked
/// is withdrawn; its date is its first upload.
pub(super) fn parse(body: &str) -> Result<Vec<Release>> {
    let document: Value = serde_json::from_str(body).map_err(|_| unexpected("not a JSON document"))?;
    let releases = document["releases"].as_object().ok_or_else(|| unexpected("no `releases` object"))?;
    Ok(releases
        .iter()
        .filter_map(|(version, files)| {
            let files = files.as_array().filter(|files| !files.is_empty())?;
            Some(Release {
                version: version.clone(),
                withdrawn: files.iter().all(|file| file["yanked"].as_bool() == Some(true)),
                date: files
                    .iter()
                    .filter_map(|file| file["upload_time_iso_8601"].as_str())
                    .min()
                    .map(String::from),
                // (pip reads it per file; a release's files say the same.)
                requires_python: files
                    .iter()
                    .find_map(|file| file["requires_python"].as_str())
                    .filter(|requires| !requires.is_empty())
                    .map(String::from),
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yanked_and_empty_releases_and_first_uploads() {
        let body = r#"{"releases": {
            "1.0": [{"yanked": false, "upload_time_iso_8601": "2021-02-02T00:00:00Z"},
                    {"yanked": false, "upload_time_iso_8601": "2021-01-01T00:00:00Z"}],
            "1.1": [{"yanked": true, "upload_time_iso_8601": "2022-01-01T00:00:00Z"}],
            "1.2": []}}"#;
        let releases = parse(body).unwrap();
        assert_eq!(releases.len(), 2, "{releases:?}");
        assert_eq!(releases[0].date.as_deref(), Some("2021-01-01T00:00:00Z"));
        assert!(!releases[0].withdrawn && releases[1].withdrawn);
        assert!(parse(r#"{"info": {}}"#).unwrap_err().to_string().contains("no `releases`"));
    }
}
