//! The crates.io sparse index: `GET <index>/<prefix>/<name>`, one JSON line per published version
//! (`vers`, `yanked`, and `pubtime` where the index has it).

use anyhow::Result;
use serde_json::Value;

use super::release::{unexpected, Release};

pub(super) fn url(index: &str, name: &str) -> String {
    format!("{index}/{}", index_path(name))
}

/// Where the index keeps a crate: `1/a`, `2/ab`, `3/a/abc`, `se/rd/serde` (lowercase).
fn index_path(name: &str) -> String {
    let name = name.to_ascii_lowercase();
    match name.len() {
        1 => format!("1/{name}"),
        2 => format!("2/{name}"),
        3 => format!("3/{}/{name}", &name[..1]),
        _ => format!("{}/{}/{name}", &name[..2], &name[2..4]),
    }
}

pub(super) fn parse(body: &str) -> Result<Vec<Release>> {
    body.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let entry: Value =
                serde_json::from_str(line).map_err(|_| unexpected("not one JSON object a line"))?;
            let version = entry["vers"].as_str().ok_or_else(|| unexpected("an index line without `vers`"))?;
            Ok(Release {
                version: version.to_string(),
                withdrawn: entry["yanked"].as_bool() == Some(true),
                date: entry["pubtime"].as_str().map(String::from),
                requires_python: None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_prefix_depends_on_the_name_length() {
        assert_eq!(index_path("a"), "1/a");
        assert_eq!(index_path("ab"), "2/ab");
        assert_eq!(index_path("abc"), "3/a/abc");
        assert_eq!(index_path("Serde_JSON"), "se/rd/serde_json");
    }

    #[test]
    fn lines_are_releases_and_garbage_is_one_error() {
        let body = "{\"vers\":\"0.5.1\",\"yanked\":false}\n{\"vers\":\"0.5.2\",\"yanked\":true,\"pubtime\":\"2024-01-01T00:00:00Z\"}\n";
        let releases = parse(body).unwrap();
        assert_eq!(releases.len(), 2);
        assert!(!releases[0].withdrawn && releases[1].withdrawn);
        assert_eq!(releases[1].date.as_deref(), Some("2024-01-01T00:00:00Z"));
        assert!(parse("<html>oops</html>").unwrap_err().to_string().contains("not one JSON object"));
    }
}
