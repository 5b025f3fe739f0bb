//! What every reader gives: one package release and where it is written.

use std::path::PathBuf;

use serde::Serialize;

use crate::package::{Ecosystem, Package};

/// One package release a project ships, and where it is written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dependency {
    pub ecosystem: Ecosystem,
    pub name: String,
    pub version: String,
    pub purl: String,
    pub file: PathBuf,
    /// 1-based.
    pub line: usize,
    /// A Debian package's source package (from dpkg's `Source`, else its own name).
    #[serde(skip)]
    pub source: Option<String>,
}

impl Dependency {
    pub fn package(&self) -> Package {
        Package { ecosystem: self.ecosystem, name: self.name.clone(), version: Some(self.version.clone()) }
    }
}

/// What a reader found: a release and its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub package: Package,
    pub line: usize,
    pub source: Option<String>,
}

impl Found {
    pub fn new(package: Package, line: usize) -> Found {
        Found { package, line, source: None }
    }
}
