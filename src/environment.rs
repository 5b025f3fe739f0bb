//! What machine the measurements were taken on.

use std::fs;
use std::path::Path;
use std::time::SystemTime;

/// `Debian GNU/Linux 12 (bookworm)`, from the /etc/os-release of the file system at `root`.
pub fn os_name(root: &Path) -> String {
    let release = fs::read_to_string(root.join("etc/os-release"))
        .or_else(|_| fs::read_to_string(root.join("usr/lib/os-release")))
        .unwrap_or_default();
    release
        .lines()
        .find_map(|line| line.strip_prefix("PRETTY_NAME="))
        .map(|value| value.trim_matches('"').to_string())
        .unwrap_or_else(|| std::env::consts::OS.to_string())
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
