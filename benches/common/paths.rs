//! Where a benchmark finds the catalog and the built parsers: the repository's, unless
//! `NESTPROBE_CATALOG` or `NESTPROBE_BUILD_DIR` names others.

use std::path::PathBuf;

/// The repository.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The catalog: `NESTPROBE_CATALOG`, or parsers/catalog.toml.
pub fn catalog() -> PathBuf {
    std::env::var_os("NESTPROBE_CATALOG").map_or_else(|| root().join("parsers/catalog.toml"), PathBuf::from)
}

/// The parsers' build folder: `NESTPROBE_BUILD_DIR`, or target/parsers.
pub fn build_root() -> PathBuf {
    std::env::var_os("NESTPROBE_BUILD_DIR").map_or_else(|| root().join("target/parsers"), PathBuf::from)
}
