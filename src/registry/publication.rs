//! A package's releases in the order they were published, as a history search walks them: only
//! releases a pin could name (no pre-release, nothing withdrawn, in the package's series).

use super::{Package, Release, Version};

/// The releases of `package` a history search probes, oldest first, from `since` on when given.
///
/// Ordered by publication date, not by version: a patch of an old line published after a new
/// line's release (graphql-core 3.2.14 after 3.3.1) is what its users got then. Where a release has
/// no date (the crates.io index dates only recent ones), the dates cannot order them all and the
/// registry's version order does; so does npm's, whose dates are not when a release came out
/// (asn1js's `time` puts 3.0.0 and 2.0.10 after 3.0.10, in 2026). The dates only order; they are
/// never compared as facts.
pub fn in_publication_order(
    package: &Package,
    releases: &[Release],
    since: Option<&str>,
) -> Result<Vec<Release>, String> {
    let mut kept: Vec<(Version, &Release)> = releases
        .iter()
        .filter(|release| !release.withdrawn)
        .filter_map(|release| Some((Version::parse(package.registry, &release.version).ok()?, release)))
        .filter(|(version, _)| !version.is_prerelease())
        .filter(|(version, _)| package.series.as_deref().is_none_or(|series| version.is_in_series(series)))
        .collect();
    kept.sort_by(|a, b| a.0.cmp(&b.0));
    if package.registry.dates_releases() && kept.iter().all(|(_, release)| release.date.is_some()) {
        // (Stable: releases of one date stay in version order.)
        kept.sort_by(|a, b| a.1.date.cmp(&b.1.date));
    }
    let ordered: Vec<Release> = kept.into_iter().map(|(_, release)| release.clone()).collect();
    let Some(since) = since else { return Ok(ordered) };
    let wanted = Version::parse(package.registry, since)?;
    let from = ordered
        .iter()
        .position(|release| Version::parse(package.registry, &release.version).ok() == Some(wanted.clone()))
        .ok_or_else(|| {
            format!(
                "`--since {since}`: {} has no such release (pre-releases, withdrawn releases and \
                 other series are not searched)",
                package.name
            )
        })?;
    Ok(ordered[from..].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Registry;

    fn release(version: &str, date: Option<&str>, withdrawn: bool) -> Release {
        Release { version: version.into(), withdrawn, date: date.map(Into::into), ..Default::default() }
    }

    fn package(registry: Registry, series: Option<&str>) -> Package {
        Package { registry, name: "lib".into(), version: "1.0.0".into(), series: series.map(Into::into) }
    }

    fn versions(releases: &[Release]) -> Vec<&str> {
        releases.iter().map(|r| r.version.as_str()).collect()
    }

    #[test]
    fn releases_follow_their_publication_dates_without_pre_releases_or_withdrawn_ones() {
        let releases = [
            release("3.3.0", Some("2024-01-01"), false),
            release("3.2.14", Some("2026-10-01"), false),
            release("3.2.6", Some("2023-01-01"), false),
            release("3.3.1", Some("2024-06-01"), false),
            release("3.3.2", Some("2026-11-06"), false),
            release("3.4.0a1", Some("2026-11-10"), false),
            release("3.3.3", Some("2026-11-20"), true),
        ];
        let ordered = in_publication_order(&package(Registry::Pypi, None), &releases, None).unwrap();
        assert_eq!(versions(&ordered), ["3.2.6", "3.3.0", "3.3.1", "3.2.14", "3.3.2"]);
        let since = in_publication_order(&package(Registry::Pypi, None), &releases, Some("3.3.1")).unwrap();
        assert_eq!(versions(&since), ["3.3.1", "3.2.14", "3.3.2"]);
        let series = in_publication_order(&package(Registry::Pypi, Some("3.2")), &releases, None).unwrap();
        assert_eq!(versions(&series), ["3.2.6", "3.2.14"]);
    }

    #[test]
    fn without_every_date_or_on_npm_the_version_order_decides_and_an_unknown_since_is_refused() {
        let releases = [
            release("1.10.0", None, false),
            release("1.9.0", Some("2030-01-01"), false),
            release("2.0.0-rc.1", None, false),
        ];
        let npm = package(Registry::Npm, None);
        assert_eq!(versions(&in_publication_order(&npm, &releases, None).unwrap()), ["1.9.0", "1.10.0"]);
        // npm's dates, even all there, do not order its releases.
        let dated =
            [release("3.0.10", Some("2026-04-20"), false), release("3.0.0", Some("2026-08-17"), false)];
        assert_eq!(versions(&in_publication_order(&npm, &dated, None).unwrap()), ["3.0.0", "3.0.10"]);
        let pypi = package(Registry::Pypi, None);
        assert_eq!(versions(&in_publication_order(&pypi, &dated, None).unwrap()), ["3.0.10", "3.0.0"]);
        let error = in_publication_order(&npm, &releases, Some("2.0.0-rc.1")).unwrap_err();
        assert!(error.contains("lib has no such release"), "{error}");
        assert!(in_publication_order(&npm, &releases, Some("1.x")).is_err());
    }
}
