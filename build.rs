//! The method version: a hash of the parts of nestprobe that decide a verdict (how trials run and
//! are classified, how a boundary is searched), compiled in as NESTPROBE_METHOD. A record's
//! fingerprint includes it (src/run/fingerprint.rs), so a change there re-measures every fact
//! instead of reusing it, unless fingerprint.rs's `SAME_CODE` says which records alone the change
//! can reach. A hash of the sources rather than a constant to bump: forgetting to bump
//! would reuse facts a changed method might not reproduce.
//!
//! How payloads are spelled is not in it: a fingerprint takes the bytes of its row's format's
//! payloads instead (a new shape, or a new format, measures no other format again).
//!
//! The sources are hashed as the code they compile to, not as text: each file is read as Rust (syn)
//! and hashed without its comments, doc comments and `#[cfg(test)]` items. A fixed unit test or a
//! reworded comment there measures nothing again; any change to the code does.

use std::fs;
use std::path::{Path, PathBuf};

use quote::ToTokens;
use sha2::{Digest, Sha256};
use syn::visit_mut::{self, VisitMut};

/// What decides verdicts: the probe and its search, the trials' supervision, and the
/// classification of an outcome as a clean error or a crash.
const METHOD: &[&str] = &["src/probe", "src/sys", "src/results/outcome.rs", "src/results/error_status.rs"];

fn main() {
    println!("cargo:rustc-env=NESTPROBE_METHOD={}", code_hash(METHOD));
}

/// 16 hex digits of a SHA-256 of the code of the `.rs` files under `paths`.
fn code_hash(paths: &[&str]) -> String {
    let mut files = Vec::new();
    for path in paths {
        println!("cargo:rerun-if-changed={path}");
        collect(Path::new(path), &mut files);
    }
    files.sort();
    let mut hasher = Sha256::new();
    for file in &files {
        // Paths with '/' whatever the platform, so the hash is the same on every machine.
        hasher.update(file.to_string_lossy().replace('\\', "/").as_bytes());
        hasher.update([0]);
        hasher.update(compiled_code(file).as_bytes());
        hasher.update([0]);
    }
    hasher.finalize().iter().take(8).map(|byte| format!("{byte:02x}")).collect()
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

/// The file's tokens without comments, doc comments and test-only items, as one line of text.
fn compiled_code(file: &Path) -> String {
    let source = fs::read_to_string(file).expect("a method source is readable");
    // A file rustc will reject anyway is hashed as text: the compiler's error is the one to show.
    let Ok(mut syntax) = syn::parse_file(&source) else { return source };
    WithoutTestsAndDocs.visit_file_mut(&mut syntax);
    syntax.into_token_stream().to_string()
}

/// Removes what cannot change a verdict: `#[cfg(test)]` items (unit tests) and doc comments.
/// Plain comments are not tokens at all.
struct WithoutTestsAndDocs;

impl VisitMut for WithoutTestsAndDocs {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        file.items.retain(|item| !test_only(item));
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain(|item| !test_only(item));
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_attributes_mut(&mut self, attributes: &mut Vec<syn::Attribute>) {
        attributes.retain(|attribute| !attribute.path().is_ident("doc"));
    }
}

/// An item compiled for unit tests only: `#[cfg(test)]`.
fn test_only(item: &syn::Item) -> bool {
    let attributes: &[syn::Attribute] = match item {
        syn::Item::Mod(item) => &item.attrs,
        syn::Item::Fn(item) => &item.attrs,
        syn::Item::Use(item) => &item.attrs,
        syn::Item::Impl(item) => &item.attrs,
        syn::Item::Struct(item) => &item.attrs,
        syn::Item::Enum(item) => &item.attrs,
        syn::Item::Const(item) => &item.attrs,
        syn::Item::Static(item) => &item.attrs,
        _ => return false,
    };
    attributes.iter().any(|attribute| {
        attribute.path().is_ident("cfg")
            && attribute.parse_args::<syn::Meta>().is_ok_and(|meta| meta.path().is_ident("test"))
    })
}
