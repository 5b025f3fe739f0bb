//! Moving a pin: the row's `package.version` in its catalog file (comments and layout kept), and the
//! lockfile beside its program where one holds the same release (npm's package-lock.json, Cargo.lock).

use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context, Result};
use toml_edit::{DocumentMut, Item, Value};

use super::{named_address, Package, Registry, NPM_REGISTRY};

/// `text`, a catalog file, with row `id`'s `package.version` set to `version`.
pub fn set_version(text: &str, id: &str, version: &str) -> Result<String> {
    let mut document: DocumentMut = text.parse().context("the catalog file is not TOML")?;
    let rows = document.get_mut("parser").and_then(Item::as_array_of_tables_mut);
    let row = rows
        .and_then(|rows| rows.iter_mut().find(|row| row.get("id").and_then(Item::as_str) == Some(id)))
        .with_context(|| format!("no [[parser]] row `{id}`"))?;
    let pinned = match row.get_mut("package") {
        Some(Item::Value(Value::InlineTable(package))) => package.get_mut("version"),
        Some(Item::Table(package)) => package.get_mut("version").and_then(Item::as_value_mut),
        _ => None,
    };
    let pinned = pinned.with_context(|| format!("row `{id}` has no `package.version`"))?;
    replace_keeping_decor(pinned, version);
    Ok(document.to_string())
}

/// Sets a value, keeping the spaces and comments around it.
fn replace_keeping_decor(value: &mut Value, text: &str) {
    let decor = value.decor().clone();
    *value = Value::from(text);
    *value.decor_mut() = decor;
}

/// Moves the lockfile in `program_dir` (if the row's program has one) from `from` to the package's
/// version, with the registry's own tool; returns what it did, for the user. If the tool fails, the
/// manifest and the lockfile are put back as they were, so the program still builds its old pin.
pub fn sync_lockfile(package: &Package, from: &str, program_dir: &Path) -> Result<Option<String>> {
    let files: &[&str] = match package.registry {
        Registry::Npm => &["package.json", "package-lock.json"],
        Registry::Crates => &["Cargo.toml", "Cargo.lock"],
        Registry::Pypi => &[],
    };
    let saved: Vec<(std::path::PathBuf, Vec<u8>)> = files
        .iter()
        .map(|name| program_dir.join(name))
        .filter_map(|path| fs::read(&path).ok().map(|bytes| (path, bytes)))
        .collect();
    let result = move_lockfile(package, from, program_dir);
    if result.is_err() {
        for (path, bytes) in &saved {
            fs::write(path, bytes).with_context(|| format!("cannot restore {}", path.display()))?;
        }
    }
    result
}

fn move_lockfile(package: &Package, from: &str, program_dir: &Path) -> Result<Option<String>> {
    match package.registry {
        Registry::Npm if program_dir.join("package-lock.json").is_file() => {
            let spec = package.requirement();
            // --save-exact: package.json keeps an exact version, as `npm ci` expects.
            let mut npm = Command::new("npm");
            npm.args(["install", "--package-lock-only", "--ignore-scripts", "--save-exact"])
                .args(["--no-audit", "--no-fund", "--loglevel=error", &spec])
                .env("NODE_OPTIONS", "--use-openssl-ca")
                .current_dir(program_dir);
            // The registry `outdated` and `history` asked, when it is not npm's own.
            if let Some(registry) = named_address(NPM_REGISTRY) {
                npm.arg(format!("--registry={registry}/"));
            }
            run(&mut npm)?;
            Ok(Some(format!("package.json and package-lock.json: {spec}")))
        }
        Registry::Crates if program_dir.join("Cargo.lock").is_file() => {
            let manifest = program_dir.join("Cargo.toml");
            let text = fs::read_to_string(&manifest)
                .with_context(|| format!("cannot read {}", manifest.display()))?;
            let edited = set_requirement(&text, &package.name, &package.version)?;
            if edited != text {
                fs::write(&manifest, edited)
                    .with_context(|| format!("cannot write {}", manifest.display()))?;
            }
            let precise = |from: &str| {
                run(Command::new("cargo")
                    .args(["update", "--quiet", "--manifest-path"])
                    .arg(&manifest)
                    .args(["-p", &format!("{}@{from}", package.name), "--precise", &package.version]))
            };
            precise(from)?;
            // A requirement the edit widened (`0.18` → `0.17.1`, which admits 0.17.2) lets cargo
            // resolve the newest release it admits before `--precise` applies: move it once more
            // from there, and refuse a lockfile that still holds another release.
            let lock = program_dir.join("Cargo.lock");
            let locked = || -> Result<Vec<String>> {
                let text =
                    fs::read_to_string(&lock).with_context(|| format!("cannot read {}", lock.display()))?;
                Ok(locked_versions(&text, &package.name))
            };
            if let [other] = locked()?.as_slice() {
                if *other != package.version {
                    precise(other)?;
                }
            }
            let now = locked()?;
            if !now.contains(&package.version) {
                bail!(
                    "Cargo.lock holds {} {} after `cargo update --precise {}`",
                    package.name,
                    now.join(", "),
                    package.version
                );
            }
            Ok(Some(format!("Cargo.toml and Cargo.lock: {}", package.requirement())))
        }
        Registry::Npm | Registry::Crates | Registry::Pypi => Ok(None),
    }
}

/// `text`, a Cargo.toml, with the `[dependencies]` requirement on `name` admitting `version`: an
/// exact requirement (`=0.5.11`) moves to the new version; one that already admits it stays.
pub fn set_requirement(text: &str, name: &str, version: &str) -> Result<String> {
    let mut document: DocumentMut = text.parse().context("Cargo.toml is not TOML")?;
    let dependency = document
        .get_mut("dependencies")
        .and_then(|dependencies| dependencies.get_mut(name))
        .with_context(|| format!("Cargo.toml has no dependency `{name}`"))?;
    let requirement = match dependency {
        Item::Value(Value::InlineTable(table)) => table.get_mut("version"),
        Item::Table(table) => table.get_mut("version").and_then(Item::as_value_mut),
        item => item.as_value_mut(),
    };
    let Some(requirement) = requirement else { bail!("Cargo.toml: `{name}` has no version requirement") };
    let current = requirement.as_str().unwrap_or_default().to_string();
    let new = semver::Version::parse(version).with_context(|| format!("`{version}` is not semver"))?;
    let admits = semver::VersionReq::parse(&current).is_ok_and(|req| req.matches(&new));
    if !admits || current.starts_with('=') {
        let exact = current.starts_with('=');
        // Without build metadata (`1.2.2+spec-1.1.0`), which a requirement ignores with a warning.
        let release = semver::Version { build: semver::BuildMetadata::EMPTY, ..new };
        replace_keeping_decor(requirement, &if exact { format!("={release}") } else { release.to_string() });
    }
    Ok(document.to_string())
}

/// The versions of the crate `name` a Cargo.lock's text holds.
fn locked_versions(lock: &str, name: &str) -> Vec<String> {
    let Ok(document) = lock.parse::<toml::Table>() else { return Vec::new() };
    let packages = document.get("package").and_then(toml::Value::as_array).cloned().unwrap_or_default();
    packages
        .iter()
        .filter(|package| package.get("name").and_then(toml::Value::as_str) == Some(name))
        .filter_map(|package| package.get("version").and_then(toml::Value::as_str).map(String::from))
        .collect()
}

fn run(command: &mut Command) -> Result<()> {
    let shown = format!("{command:?}");
    let output = command.output().with_context(|| format!("cannot run {shown}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!("{shown} exited with {}: {}", output.status, stderr.lines().last().unwrap_or("no output"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CATALOG: &str = r#"# Rows.
[[parser]]
id = "a"
package = { registry = "pypi", name = "a", version = "1.0" }  # pinned on purpose

[[parser]]
id = "b"
# The next line is the pin.
package = { registry = "npm", name = "b", version = "2.0.0", series = "2" }
build = 'npm install {package}'
"#;

    #[test]
    fn a_pin_moves_and_everything_else_stays() {
        let moved = set_version(CATALOG, "b", "2.3.1").unwrap();
        assert_eq!(moved, CATALOG.replace("version = \"2.0.0\"", "version = \"2.3.1\""));
        let moved = set_version(CATALOG, "a", "1.1").unwrap();
        assert!(moved.contains("version = \"1.1\" }  # pinned on purpose"), "{moved}");
        assert!(set_version(CATALOG, "c", "1").unwrap_err().to_string().contains("no [[parser]] row `c`"));
        let unpinned = "[[parser]]\nid = \"d\"\n";
        assert!(set_version(unpinned, "d", "1").unwrap_err().to_string().contains("no `package.version`"));
    }

    #[test]
    fn a_lockfile_is_read_for_every_version_of_a_crate() {
        let lock = "version = 4\n\n[[package]]\nname = \"juniper\"\nversion = \"0.17.2\"\n\n[[package]]\nname = \"juniper_codegen\"\nversion = \"0.17.0\"\n\n[[package]]\nname = \"syn\"\nversion = \"1.0.109\"\n\n[[package]]\nname = \"syn\"\nversion = \"2.0.100\"\n";
        assert_eq!(locked_versions(lock, "juniper"), ["0.17.2"]);
        assert_eq!(locked_versions(lock, "syn"), ["1.0.109", "2.0.100"]);
        assert!(locked_versions(lock, "serde").is_empty());
        assert!(locked_versions("not toml [", "juniper").is_empty());
    }

    #[test]
    fn a_cargo_requirement_moves_only_when_exact_or_too_narrow() {
        let manifest = "[dependencies]\ntoml = \"=0.5.11\" # exact\nserde_json = \"1\"\ncomrak = { version = \"0.39\", default-features = false }\n";
        let exact = set_requirement(manifest, "toml", "0.5.12").unwrap();
        assert!(exact.contains("toml = \"=0.5.12\" # exact\n"), "{exact}");
        assert_eq!(set_requirement(manifest, "serde_json", "1.0.200").unwrap(), manifest);
        let wider = set_requirement(manifest, "comrak", "0.40.0").unwrap();
        assert!(wider.contains("comrak = { version = \"0.40.0\", default-features = false }"), "{wider}");
        assert!(set_requirement(manifest, "json", "1.0.0").is_err());
        let metadata =
            set_requirement("[dependencies]\ntoml = \"=1.2.1\"\n", "toml", "1.2.2+spec-1.1.0").unwrap();
        assert_eq!(metadata, "[dependencies]\ntoml = \"=1.2.2\"\n");
    }
}
