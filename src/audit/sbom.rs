//! SBOMs in JSON: CycloneDX (`components`, nested too, each with its `purl`) and SPDX 2.x
//! (`packages`, each with a `purl` external reference). Read through serde_json, not the
//! `cyclonedx-bom` and `spdx-rs` models: cyclonedx-bom 0.8 refuses a spec version after 1.5
//! (syft and cdxgen write 1.6), spdx-rs needs every field SPDX requires, and a package's purl is
//! all that is read. A component without a purl names no ecosystem: left out.

use serde_json::Value;

use super::dependency::Found;
use super::locate;
use crate::package::Package;

pub fn read_cyclonedx(text: &str) -> Result<Vec<Found>, String> {
    let document: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if document.get("bomFormat").and_then(Value::as_str) != Some("CycloneDX") {
        return Err("no `\"bomFormat\": \"CycloneDX\"`: not a CycloneDX SBOM".into());
    }
    let mut purls = Vec::new();
    components(document.get("components"), &mut purls);
    found(text, purls)
}

fn components<'a>(list: Option<&'a Value>, purls: &mut Vec<&'a str>) {
    for component in list.and_then(Value::as_array).into_iter().flatten() {
        purls.extend(component.get("purl").and_then(Value::as_str));
        components(component.get("components"), purls);
    }
}

pub fn read_spdx(text: &str) -> Result<Vec<Found>, String> {
    let document: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if !document.get("spdxVersion").and_then(Value::as_str).is_some_and(|v| v.starts_with("SPDX-")) {
        return Err("no `spdxVersion`: not an SPDX document".into());
    }
    let purls = document
        .get("packages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .flat_map(|package| package.get("externalRefs").and_then(Value::as_array).into_iter().flatten())
        .filter(|reference| reference.get("referenceType").and_then(Value::as_str) == Some("purl"))
        .filter_map(|reference| reference.get("referenceLocator").and_then(Value::as_str))
        .collect();
    found(text, purls)
}

/// The packages the purls name (a purl of a type nestprobe does not know is left out).
fn found(text: &str, purls: Vec<&str>) -> Result<Vec<Found>, String> {
    let mut found = Vec::new();
    for purl in purls {
        let Ok(package) = Package::from_purl(purl) else { continue };
        if package.version.is_some() {
            let mut entry = Found::new(package, locate::line_of(text, &format!("\"{purl}\"")));
            entry.source = debian_source(purl);
            found.push(entry);
        }
    }
    Ok(found)
}

/// The Debian source package syft and Trivy put in a deb purl (`?upstream=libyaml`).
fn debian_source(purl: &str) -> Option<String> {
    let parsed: packageurl::PackageUrl = purl.parse().ok()?;
    let upstream = parsed.qualifiers().get("upstream")?;
    // (`upstream=libxml2@2.9.14` when the source's version differs.)
    Some(upstream.split('@').next()?.trim().to_string())
}
