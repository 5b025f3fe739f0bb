//! A fake package registry for `outdated` and `history`: a folder laid out as npm's registry API,
//! PyPI's JSON API and the crates.io sparse index, served on 127.0.0.1 by `python3 -m http.server`.
//! The real registries are never contacted: [`FakeRegistry::point`] names all three addresses.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use super::provided;

/// The fake registry's server; stopped when dropped.
pub struct FakeRegistry {
    child: Child,
    pub url: String,
}

impl FakeRegistry {
    /// Serves `folder` (with `npm/`, `pypi/` and `crates/` in it) on a free port of 127.0.0.1, once
    /// the server says where.
    pub fn serve(folder: &Path) -> FakeRegistry {
        let mut child = Command::new("python3")
            .args(["-u", "-m", "http.server", "--bind", "127.0.0.1", "0", "--directory"])
            .arg(folder)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 runs");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        let port = first.split(" port ").nth(1).and_then(|rest| rest.split_whitespace().next());
        let port = port.unwrap_or_else(|| panic!("no port in {first:?}"));
        FakeRegistry { child, url: format!("http://127.0.0.1:{port}") }
    }

    /// `command` asking this registry, and only it, for releases.
    pub fn point<'a>(&self, command: &'a mut Command) -> &'a mut Command {
        command
            .env("NESTPROBE_NPM_REGISTRY", format!("{}/npm", self.url))
            .env("NESTPROBE_PYPI_URL", format!("{}/pypi", self.url))
            .env("NESTPROBE_CRATES_INDEX", format!("{}/crates", self.url))
    }
}

impl Drop for FakeRegistry {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Writes `text` at `path`, making its folders.
pub fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// python3, which serves the fake registry.
pub fn python_provided() -> bool {
    provided("python3", Command::new("python3").arg("-V").output().is_ok(), "apt-get install python3")
}

/// A fixture library's program for a registry row: a Python script that reads the release its build
/// wrote (`$BUILD/lib`, `name@version`) as `release` (a tuple of ints) and the payload's nesting
/// as `deepest`, then runs `rules` (Python lines deciding how that release fails at that depth).
pub fn release_program(rules: &str) -> String {
    format!("{RELEASE_PROGRAM_HEAD}{rules}")
}

const RELEASE_PROGRAM_HEAD: &str = r#"import os, signal, sys
version = open(os.path.join(os.environ["BUILD"], "lib")).read().strip().rsplit("@", 1)[1]
release = tuple(int(part) for part in version.split("."))
depth = deepest = 0
for byte in sys.stdin.buffer.read():
    if byte == 0x5B:
        depth += 1
        deepest = max(deepest, depth)
    elif byte == 0x5D:
        depth -= 1
"#;
