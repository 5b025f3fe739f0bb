//! go.mod through the `gomod-parser` crate (its spans give the lines), with the Go release its
//! `toolchain` or `go` line asks for as the standard library (`stdlib`, as OSV names it); go.sum's
//! lines are `module version[/go.mod] hash`, three words a split reads.

use std::str::FromStr;

use super::dependency::Found;
use super::locate;
use crate::package::{Ecosystem, Package};

pub fn read_mod(text: &str) -> Result<Vec<Found>, String> {
    let module =
        gomod_parser::GoMod::from_str(text).map_err(|e| e.lines().next().unwrap_or_default().to_string())?;
    let mut found: Vec<Found> = module
        .require
        .iter()
        .map(|dependency| {
            let module = &dependency.module;
            let line = locate::line_at(text, module.path_span.start);
            Found::new(Package::new(Ecosystem::Go, &module.module_path, Some(&module.version)), line)
        })
        .collect();
    let toolchain = module.toolchain.as_deref().and_then(|t| t.strip_prefix("go"));
    if let Some(release) = toolchain.or(module.go.as_deref()) {
        let line = match toolchain {
            Some(_) => locate::line_starting(text, &["toolchain ".to_string()]),
            None => locate::line_starting(text, &["go ".to_string()]),
        };
        found.push(Found::new(Package::new(Ecosystem::Go, "stdlib", Some(release)), line));
    }
    Ok(found)
}

pub fn read_sum(text: &str) -> Result<Vec<Found>, String> {
    let mut found: Vec<Found> = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [module, version, hash] = words[..] else {
            if words.is_empty() {
                continue;
            }
            return Err(format!("line {}: not `module version hash`", at + 1));
        };
        if !hash.starts_with("h1:") {
            return Err(format!("line {}: `{hash}` is not a go.sum hash", at + 1));
        }
        // (`/go.mod` lines are the module's go.mod only; the module itself has its own line.)
        if version.ends_with("/go.mod") {
            continue;
        }
        let package = Package::new(Ecosystem::Go, module, Some(version));
        if !found.iter().any(|f| f.package == package) {
            found.push(Found::new(package, at + 1));
        }
    }
    Ok(found)
}
