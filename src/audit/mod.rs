//! `nestprobe audit`: what a project ships, read from its lockfiles, SBOMs or a Debian system's
//! package database, matched against the atlas. One reader per format, each giving the same
//! [`Dependency`] stream (osv-scanner's shape: extractors, one matcher, reporters apart); the
//! matcher is [`matcher`]; the outputs are report/exports/audit.rs.

mod cargo_lock;
mod composer_lock;
mod dependency;
mod dpkg_status;
mod gemfile_lock;
mod go_mod;
mod locate;
pub mod matcher;
mod npm_lock;
pub mod output;
mod pnpm_lock;
pub mod published;
mod python_lock;
mod requirements;
mod sbom;
mod yarn_lock;

use std::path::{Path, PathBuf};

pub use dependency::{Dependency, Found};

use crate::untrusted::InvalidInput;

/// The formats `audit` reads, by the file names they have (a JSON file of another name is read by
/// its content: a CycloneDX or SPDX SBOM).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    CargoLock,
    NpmLock,
    YarnLock,
    PnpmLock,
    Requirements,
    PoetryLock,
    UvLock,
    PipfileLock,
    GoMod,
    GoSum,
    GemfileLock,
    ComposerLock,
    CycloneDx,
    Spdx,
    DpkgStatus,
}

/// What `audit` reads, as the refusal of another file lists it.
pub const READS: &str = "Cargo.lock, package-lock.json, npm-shrinkwrap.json, yarn.lock, pnpm-lock.yaml, \
requirements*.txt, poetry.lock, uv.lock, Pipfile.lock, go.mod, go.sum, Gemfile.lock, gems.locked, \
composer.lock, CycloneDX or SPDX JSON (*.cdx.json, *.spdx.json, bom.json, or any .json by its content), \
a dpkg status file (/var/lib/dpkg/status) or a system root folder holding var/lib/dpkg/status";

/// The lockfiles `audit` looks for in a folder when given none (go.sum only without a go.mod).
const LOCKFILES: &[&str] = &[
    "Cargo.lock",
    "package-lock.json",
    "npm-shrinkwrap.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "poetry.lock",
    "uv.lock",
    "Pipfile.lock",
    "go.mod",
    "Gemfile.lock",
    "gems.locked",
    "composer.lock",
];

impl Format {
    /// By the file's name, else (a `.json`) by its content.
    pub fn of(path: &Path, text: &str) -> Option<Format> {
        let name = path.file_name()?.to_string_lossy();
        let by_name = match name.as_ref() {
            "Cargo.lock" => Some(Format::CargoLock),
            "package-lock.json" | "npm-shrinkwrap.json" => Some(Format::NpmLock),
            "yarn.lock" => Some(Format::YarnLock),
            "pnpm-lock.yaml" => Some(Format::PnpmLock),
            "poetry.lock" => Some(Format::PoetryLock),
            "uv.lock" => Some(Format::UvLock),
            "Pipfile.lock" => Some(Format::PipfileLock),
            "go.mod" => Some(Format::GoMod),
            "go.sum" => Some(Format::GoSum),
            "Gemfile.lock" | "gems.locked" => Some(Format::GemfileLock),
            "composer.lock" => Some(Format::ComposerLock),
            "status" if path.ends_with("dpkg/status") || text.starts_with("Package: ") => {
                Some(Format::DpkgStatus)
            }
            _ if name.starts_with("requirements") && name.ends_with(".txt") => Some(Format::Requirements),
            _ if name.ends_with(".cdx.json") || name == "bom.json" => Some(Format::CycloneDx),
            _ if name.ends_with(".spdx.json") => Some(Format::Spdx),
            _ => None,
        };
        by_name.or_else(|| {
            let head = &text[..text.len().min(4096)];
            let json = name.ends_with(".json");
            if json && head.contains("\"bomFormat\"") {
                Some(Format::CycloneDx)
            } else if json && head.contains("\"spdxVersion\"") {
                Some(Format::Spdx)
            } else {
                None
            }
        })
    }

    fn read(self, text: &str) -> Result<Vec<Found>, String> {
        match self {
            Format::CargoLock => cargo_lock::read(text),
            Format::NpmLock => npm_lock::read(text),
            Format::YarnLock => yarn_lock::read(text),
            Format::PnpmLock => pnpm_lock::read(text),
            Format::Requirements => requirements::read(text),
            Format::PoetryLock | Format::UvLock => python_lock::read_toml(text),
            Format::PipfileLock => python_lock::read_pipfile(text),
            Format::GoMod => go_mod::read_mod(text),
            Format::GoSum => go_mod::read_sum(text),
            Format::GemfileLock => gemfile_lock::read(text),
            Format::ComposerLock => composer_lock::read(text),
            Format::CycloneDx => sbom::read_cyclonedx(text),
            Format::Spdx => sbom::read_spdx(text),
            Format::DpkgStatus => dpkg_status::read(text),
        }
    }
}

/// The files `paths` name: a file as it is; a folder holding var/lib/dpkg/status (a system's or
/// an image's root) as that file; another folder as the lockfiles in it; none, the current folder.
pub fn inputs(paths: &[PathBuf]) -> Result<Vec<PathBuf>, InvalidInput> {
    let paths = if paths.is_empty() { vec![PathBuf::from(".")] } else { paths.to_vec() };
    let mut files = Vec::new();
    for path in &paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let status = path.join("var/lib/dpkg/status");
        if status.is_file() {
            files.push(status);
            continue;
        }
        let found: Vec<PathBuf> =
            LOCKFILES.iter().map(|name| path.join(name)).filter(|file| file.is_file()).collect();
        let go_sum = path.join("go.sum");
        let requirements = requirement_files(path);
        if found.is_empty() && requirements.is_empty() && !go_sum.is_file() {
            return Err(InvalidInput(format!(
                "{}: no lockfile in this folder; audit reads {READS}",
                path.display()
            )));
        }
        let has_go_mod = found.iter().any(|file| file.ends_with("go.mod"));
        files.extend(found);
        files.extend(requirements);
        if go_sum.is_file() && !has_go_mod {
            files.push(go_sum);
        }
    }
    Ok(files)
}

fn requirement_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| Format::of(path, "") == Some(Format::Requirements) && path.is_file())
        .collect();
    files.sort();
    files
}

/// The dependencies one file holds; a file of no format `audit` reads, or one its reader refuses,
/// is one line naming it (and the line where the reader stopped, where it says).
pub fn read(path: &Path) -> Result<Vec<Dependency>, InvalidInput> {
    let bytes = std::fs::read(path).map_err(|e| InvalidInput(format!("{}: {e}", path.display())))?;
    let text = String::from_utf8_lossy(&bytes);
    let format = Format::of(path, &text).ok_or_else(|| {
        InvalidInput(format!("{}: not a file audit reads; it reads {READS}", path.display()))
    })?;
    let found = format.read(&text).map_err(|why| {
        let why = why.lines().next().unwrap_or("unreadable").trim().to_string();
        InvalidInput(format!("{}: not a readable {}: {why}", path.display(), format.name()))
    })?;
    Ok(found
        .into_iter()
        .filter_map(|found| {
            let version = found.package.version.clone()?;
            Some(Dependency {
                ecosystem: found.package.ecosystem,
                purl: found.package.purl(),
                name: found.package.name,
                version,
                file: path.to_path_buf(),
                line: found.line,
                source: found.source,
            })
        })
        .collect())
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::CargoLock => "Cargo.lock",
            Format::NpmLock => "npm lockfile",
            Format::YarnLock => "yarn.lock",
            Format::PnpmLock => "pnpm-lock.yaml",
            Format::Requirements => "requirements file",
            Format::PoetryLock => "poetry.lock",
            Format::UvLock => "uv.lock",
            Format::PipfileLock => "Pipfile.lock",
            Format::GoMod => "go.mod",
            Format::GoSum => "go.sum",
            Format::GemfileLock => "Gemfile.lock",
            Format::ComposerLock => "composer.lock",
            Format::CycloneDx => "CycloneDX SBOM",
            Format::Spdx => "SPDX document",
            Format::DpkgStatus => "dpkg status file",
        }
    }
}
