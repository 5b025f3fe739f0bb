//! What machine the measurements were taken on.

use std::fs;
use std::path::Path;
use std::time::SystemTime;

/// The host's system: `Debian GNU/Linux 12 (bookworm)`, or the kernel's name (`linux`) where it
/// has no os-release.
pub fn os_name() -> String {
    os_release_name(Path::new("/")).unwrap_or_else(|| std::env::consts::OS.to_string())
}

/// The PRETTY_NAME of the os-release of the file system at `root`; `None` when it has none (a root
/// not made yet, say).
pub fn os_release_name(root: &Path) -> Option<String> {
    let release = fs::read_to_string(root.join("etc/os-release"))
        .or_else(|_| fs::read_to_string(root.join("usr/lib/os-release")))
        .ok()?;
    release
        .lines()
        .find_map(|line| line.strip_prefix("PRETTY_NAME="))
        .map(|value| value.trim_matches('"').to_string())
}

/// `Debian 12 (bookworm)` for `Debian GNU/Linux 12 (bookworm)`: the name tables use.
pub fn short_os_name(os: &str) -> String {
    os.replace(" GNU/Linux", "")
}

pub fn kernel() -> String {
    fs::read_to_string("/proc/sys/kernel/osrelease").map(|s| s.trim().to_string()).unwrap_or_default()
}

pub fn arch() -> String {
    std::env::consts::ARCH.to_string()
}

pub fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Today's UTC date, `2026-11-22`.
pub fn today() -> String {
    humantime::format_rfc3339_seconds(SystemTime::now()).to_string()[..10].to_string()
}
