//! What machine the measurements were taken on.

use std::fs;
use std::time::SystemTime;

/// `Debian GNU/Linux 12 (bookworm)`, from /etc/os-release.
pub fn os_name() -> String {
    let release = fs::read_to_string("/etc/os-release").unwrap_or_default();
    release
        .lines()
        .find_map(|line| line.strip_prefix("PRETTY_NAME="))
        .map(|value| value.trim_matches('"').to_string())
        .unwrap_or_else(|| std::env::consts::OS.to_string())
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
