//! The method version: a hash of the parts of nestprobe that decide a verdict (how payloads are
//! made, how trials run and are classified, how a boundary is searched), compiled in as
//! NESTPROBE_METHOD. A record's fingerprint includes it (src/run/fingerprint.rs), so a change
//! there re-measures every fact instead of reusing it. A hash of the sources rather than a constant
//! to bump: forgetting to bump would reuse facts a changed method might not reproduce; the cost of
//! the hash is that an edit to a comment there re-measures too.

use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// What decides verdicts: payloads, the probe and its search, the trials' supervision, and the
/// classification of an outcome as a clean error or a crash.
const METHOD: &[&str] =
    &["src/payload", "src/probe", "src/sys", "src/results/outcome.rs", "src/results/error_status.rs"];

fn main() {
    let mut files = Vec::new();
    for path in METHOD {
        println!("cargo:rerun-if-changed={path}");
        collect(Path::new(path), &mut files);
    }
    files.sort();
    let mut hasher = Sha256::new();
    for file in &files {
        // Paths with '/' whatever the platform, so the hash is the same on every machine.
        hasher.update(file.to_string_lossy().replace('\\', "/").as_bytes());
        hasher.update([0]);
        hasher.update(fs::read(file).expect("a method source is readable"));
        hasher.update([0]);
    }
    let digest = hasher.finalize();
    let hex: String = digest.iter().take(8).map(|byte| format!("{byte:02x}")).collect();
    println!("cargo:rustc-env=NESTPROBE_METHOD={hex}");
}

fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in fs::read_dir(path).expect("a method folder is readable") {
            collect(&entry.expect("a method folder is readable").path(), files);
        }
    } else if path.extension().is_some_and(|extension| extension == "rs") {
        files.push(path.to_path_buf());
    }
}
