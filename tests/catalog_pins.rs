//! The built-in catalog's pins (#35): every library from npm, PyPI or crates.io has a `package`
//! naming the exact release the row measures, written once, and the build or the lockfile beside the
//! program installs exactly that release. They are about the catalog's rows, so they read the real one.

use std::collections::BTreeSet;
use std::path::Path;

use nestprobe::catalog::{Catalog, Entry};
use nestprobe::registry::{Package, Registry};

fn catalog() -> Catalog {
    Catalog::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("parsers/catalog.toml"))
        .expect("the catalog loads")
}

/// Whether a Debian package is a Python library (not the venv and pip a PyPI row installs with).
fn python_library(package: &str) -> bool {
    package.starts_with("python3-") && !["python3-venv", "python3-pip"].contains(&package)
}

fn pinned(catalog: &Catalog) -> Vec<(&Entry, &Package)> {
    catalog.entries.iter().filter_map(|entry| Some((entry, entry.package.as_ref()?))).collect()
}

/// The installers' command lines are the ones each registry's rows share, the release interpolated
/// from `package` (byte for byte what they were when the pins became data, but for pip's, now run
/// from outside the venv).
#[test]
fn every_interpolated_build_is_its_registrys_install_command() {
    let catalog = catalog();
    let mut registries = BTreeSet::new();
    for (entry, package) in pinned(&catalog) {
        let build = entry.build.as_deref().unwrap_or_default();
        let (name, version) = (&package.name, &package.version);
        let expected = if build.contains("pip --python") {
            // (A venv without pip, Debian's pip installing into it: parsers/python/catalog.toml.)
            format!(
                r#"/usr/bin/python3 -m venv --without-pip "$BUILD/venv" && /usr/bin/python3 -m pip --python "$BUILD/venv/bin/python" install -q --disable-pip-version-check "{name}=={version}""#
            )
        } else if build.contains("npm install") {
            format!(
                r#"NODE_OPTIONS=--use-openssl-ca npm install --silent --no-audit --no-fund --prefix "$BUILD" {name}@{version}"#
            )
        } else {
            // The release is in the lockfile (checked below); the build only installs it.
            assert!(
                build.contains("npm ci") || build.contains("cargo build --release --locked"),
                "{}: {build}",
                entry.id
            );
            build.to_string()
        };
        // (A step after the install may follow it: Deno's build links the protocol helper; and pip
        // may install further exact releases with it: tree-sitter's grammar beside tree-sitter, a
        // server beside its framework; or the pinned package's own extras: `strawberry-graphql[asgi]`.)
        let installs = build.strip_prefix(&expected).is_some_and(|rest| {
            let rest = rest.split(" && ").next().unwrap_or_default();
            rest.split_whitespace().all(|extra| {
                let extra = extra.trim_matches('"');
                let pinned = extra.split_once("==").is_some_and(|(n, v)| !n.is_empty() && !v.is_empty());
                let own_extras = extra.strip_prefix(name.as_str()).is_some_and(|e| e.starts_with('['));
                pinned || own_extras
            })
        });
        assert!(installs, "{}: {build}\nnot: {expected}", entry.id);
        registries.insert(package.registry.name());
    }
    assert_eq!(registries.len(), 3, "{registries:?}");
}

/// The version is written once: a build that installs from a registry says `{package}`, never the
/// release itself; every build that installs from npm, PyPI or crates.io (directly or from a
/// lockfile) has a `package`.
#[test]
fn a_release_is_written_only_in_its_package() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("parsers");
    let mut files: Vec<_> =
        std::fs::read_dir(&root).unwrap().flatten().map(|f| f.path().join("catalog.toml")).collect();
    files.push(root.join("catalog.toml"));
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let document: toml::Table = toml::from_str(&text).unwrap();
        for row in document.get("parser").and_then(|p| p.as_array()).into_iter().flatten() {
            let build = row.get("build").and_then(|b| b.as_str()).unwrap_or_default();
            let interpolates = build.contains("pip\" install") || build.contains("npm install");
            let from_registry = interpolates || build.contains("npm ci") || build.contains("cargo build");
            match row.get("package") {
                Some(package) if interpolates => {
                    assert!(build.contains("{package}"), "{}: {build}", file.display());
                    let version = package["version"].as_str().unwrap();
                    assert!(!build.contains(version), "{}: {build} repeats {version}", file.display());
                }
                None => assert!(
                    !from_registry,
                    "{}: {} installs from a registry without a `package`: {build}",
                    file.display(),
                    row["id"]
                ),
                Some(_) => {}
            }
        }
    }
}

/// A lockfile holds the row's release: npm ci and cargo build --locked install what it says, so
/// the `package` must say the same.
#[test]
fn every_lockfile_resolves_the_pinned_release() {
    let catalog = catalog();
    let mut checked = 0;
    for (entry, package) in pinned(&catalog) {
        let program = catalog.source_dir(entry);
        let locked = match package.registry {
            Registry::Npm if program.join("package-lock.json").is_file() => {
                let lock: serde_json::Value = serde_json::from_str(
                    &std::fs::read_to_string(program.join("package-lock.json")).unwrap(),
                )
                .unwrap();
                let key = format!("node_modules/{}", package.name);
                vec![lock["packages"][&key]["version"]
                    .as_str()
                    .unwrap_or("(not in the lockfile)")
                    .to_string()]
            }
            Registry::Crates => {
                let lock: toml::Table =
                    toml::from_str(&std::fs::read_to_string(program.join("Cargo.lock")).unwrap()).unwrap();
                lock["package"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|p| p["name"].as_str() == Some(&package.name))
                    .map(|p| p["version"].as_str().unwrap().to_string())
                    .collect()
            }
            _ => continue,
        };
        assert_eq!(locked, std::slice::from_ref(&package.version), "{}: {}", entry.id, program.display());
        checked += 1;
    }
    assert!(checked >= 40, "{checked} lockfiles checked");
}

/// Rows old on purpose stay in their series; the Debian-packaged libraries keep their apt package.
#[test]
fn rows_old_on_purpose_keep_their_series_and_debian_rows_have_no_package() {
    let catalog = catalog();
    let series = |id: &str| {
        let entry = catalog.entries.iter().find(|e| e.id == id).unwrap();
        entry.package.as_ref().and_then(|p| p.series.clone())
    };
    assert_eq!(series("rust-toml-0-5").as_deref(), Some("0.5"));
    assert_eq!(series("rust-toml-0-8").as_deref(), Some("0.8"));
    assert_eq!(series("js-graphql").as_deref(), Some("16"));
    for entry in &catalog.entries {
        if entry.apt.iter().any(|p| python_library(p)) {
            assert!(entry.package.is_none(), "{} is Debian's package", entry.id);
        }
    }
}

/// Every PyPI row records what it installed (the interpreter and the wheel's tags) with the shared
/// python/wheel.py, asked about its own distribution.
#[test]
fn every_pypi_row_records_its_interpreter_and_wheel() {
    let catalog = catalog();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("parsers");
    assert!(root.join("python/wheel.py").is_file());
    for (entry, package) in pinned(&catalog).into_iter().filter(|(_, p)| p.registry == Registry::Pypi) {
        let installed =
            entry.installed.as_deref().unwrap_or_else(|| panic!("{} has no `installed`", entry.id));
        let script = installed.split_whitespace().find(|word| word.ends_with("wheel.py"));
        let script = script.unwrap_or_else(|| panic!("{}: {installed}", entry.id));
        let program = catalog.source_dir(entry);
        assert_eq!(
            std::fs::canonicalize(program.join(script)).ok(),
            std::fs::canonicalize(root.join("python/wheel.py")).ok(),
            "{}: {installed}",
            entry.id
        );
        assert!(installed.ends_with(&format!(" {}", package.name)), "{}: {installed}", entry.id);
    }
}

/// A Debian-packaged Python library has a row at PyPI's newest release beside it (`<id>-pypi`, or
/// the `-pypi` row of another row running its program), unless Debian 12 ships that release.
#[test]
fn debian_python_libraries_have_a_newest_release_row() {
    // Their newest PyPI release is the one Debian 12 ships (see parsers/README.md).
    const SAME_RELEASE: &[&str] = &["python-asn1crypto", "python-html5lib"];
    let catalog = catalog();
    // What a row runs: its program with the arguments after the interpreter (rows sharing one program,
    // python-json's, name their library there: `{dir}/parse.py yaml safe_load safe_dump bytes`).
    let runs = |e: &Entry| {
        (e.program.clone().unwrap_or_else(|| e.id.clone()), e.run.get(1..).unwrap_or_default().to_vec())
    };
    let pypi_runs: BTreeSet<(String, Vec<String>)> = catalog
        .entries
        .iter()
        .filter(|e| e.package.as_ref().is_some_and(|p| p.registry == Registry::Pypi))
        .map(runs)
        .collect();
    // (A service row's newest releases are the frameworks': -pypi service rows of their own.)
    let libraries = catalog.entries.iter().filter(|e| e.serve.is_none());
    for entry in libraries.filter(|e| e.language == "Python" && e.package.is_none()) {
        let debian_library = entry.apt.iter().any(|p| python_library(p));
        if debian_library && !SAME_RELEASE.contains(&entry.id.as_str()) {
            assert!(pypi_runs.contains(&runs(entry)), "{} has no PyPI row beside it", entry.id);
        }
    }
}
