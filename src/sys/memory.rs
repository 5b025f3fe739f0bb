//! The resident-memory cap of the children (`--max-rss`): what it is by default, and how the memory
//! of a child and all its descendants is sampled while it runs.
//!
//! RLIMIT_AS (`--memory`) caps address space, which breaks runtimes that reserve large ranges up
//! front (GHC, the JVM, V8, Go). What must be capped is what a child actually takes from the machine:
//! its resident memory. Without cgroups v2 nothing in the kernel does that for a process tree, so the
//! trial loop samples it (src/trial.rs) and kills the trial once it goes over the cap.

use std::fmt;
use std::fs;
use std::io::Read;
use std::str::FromStr;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};

use crate::units::Limit;

const MIB: u64 = 1024 * 1024;
/// Caps are whole multiples of this, so that a run's cap does not move with every small change in
/// free memory (it is recorded in results.json).
const GRANULE: u64 = 64 * MIB;
/// The default cap is never below this, even on a tiny or very busy machine.
const FLOOR: u64 = 256 * MIB;

/// `--max-rss`: `auto` (the default), a size, or `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RssCap {
    /// Half of the machine's memory (less if less is available), shared out among parallel jobs.
    Auto,
    Bytes(u64),
    None,
}

impl FromStr for RssCap {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<Self> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("auto") {
            return Ok(RssCap::Auto);
        }
        if text.eq_ignore_ascii_case("none") {
            return Ok(RssCap::None);
        }
        match text.parse::<Limit>() {
            Ok(Limit::Bytes(bytes)) => Ok(RssCap::Bytes(bytes)),
            Ok(Limit::Unlimited) => Ok(RssCap::None),
            Err(error) => Err(anyhow!("{error:#}; or `auto`, or `none`")),
        }
    }
}

impl fmt::Display for RssCap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RssCap::Auto => f.write_str("auto"),
            RssCap::Bytes(bytes) => Limit::Bytes(*bytes).fmt(f),
            RssCap::None => f.write_str("none"),
        }
    }
}

impl RssCap {
    /// The cap in bytes for each of `jobs` children running at once (`None`: not capped).
    pub fn resolve(self, jobs: usize) -> Option<u64> {
        match self {
            RssCap::Bytes(bytes) => Some(bytes),
            RssCap::None => None,
            RssCap::Auto => {
                let (total, available) = meminfo()?;
                Some(auto_cap(total, available, jobs))
            }
        }
    }
}

/// The default rule: half of MemTotal, or MemAvailable if less is available when the run starts,
/// divided by the number of children that run at once; rounded down to 64 MiB, at least 256 MiB.
///
/// Half, because a child is sampled, not stopped by the kernel: between two samples a parser can
/// grow by some hundreds of MiB, and the machine needs room for that, for nestprobe and for the
/// rest of what runs on it.
pub fn auto_cap(total: u64, available: u64, jobs: usize) -> u64 {
    let budget = (total / 2).min(available);
    let share = budget / jobs.max(1) as u64;
    (share / GRANULE * GRANULE).max(FLOOR)
}

/// MemTotal and MemAvailable from /proc/meminfo, in bytes.
fn meminfo() -> Option<(u64, u64)> {
    let text = fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = text.lines().find_map(|l| l.strip_prefix(name))?;
        let kib: u64 = line.trim().trim_end_matches("kB").trim().parse().ok()?;
        Some(kib * 1024)
    };
    let total = field("MemTotal:")?;
    Some((total, field("MemAvailable:").unwrap_or(total)))
}

/// How often the sampler looks through all of /proc for the descendants. In between, only the
/// processes it knows are read (one small file each), which is what keeps frequent samples cheap:
/// a full pass costs about a millisecond of (mostly kernel) time with a hundred processes.
const RESCAN_INTERVAL: Duration = Duration::from_millis(250);

/// Samples the resident memory of every descendant of one process, whatever process group or
/// session it moved to (a helper that left the group still takes the machine's memory): the known
/// ones on every sample, all of them by a pass over /proc every RESCAN_INTERVAL.
#[derive(Clone, Debug)]
pub struct TreeSampler {
    root: i32,
    /// Descendants not counted (the reapers between nestprobe and the program).
    exclude: Vec<i32>,
    /// The counted descendants, as of the last pass over /proc.
    members: Vec<i32>,
    next_rescan: Instant,
}

impl TreeSampler {
    pub fn new(root: i32, exclude: Vec<i32>) -> TreeSampler {
        TreeSampler { root, exclude, members: Vec::new(), next_rescan: Instant::now() }
    }

    /// The resident memory of the descendants now, summed over their processes (shared pages count
    /// once per process, so this errs high).
    pub fn sample(&mut self, now: Instant) -> u64 {
        // (Until the first member shows, every sample looks: a short trial must not go unseen.)
        if now >= self.next_rescan || self.members.is_empty() {
            self.next_rescan = now + RESCAN_INTERVAL;
            let (members, pages) = scan_tree(self.root, &self.exclude);
            self.members = members;
            return pages * page_size();
        }
        let mut buf = Vec::with_capacity(128);
        let mut pages = 0;
        // A member that has gone since the last pass has no memory left to count.
        self.members.retain(|&pid| match resident_pages(pid, &mut buf) {
            Some(resident) => {
                pages += resident;
                true
            }
            None => false,
        });
        pages * page_size()
    }

    /// The counted descendants of the last pass (to kill, where their reaper could not).
    pub fn members(&self) -> &[i32] {
        &self.members
    }
}

/// The resident memory of every descendant of `root`, summed, in one pass over /proc (what the
/// sampler's passes see; for the tests).
#[cfg(test)]
fn tree_resident_bytes(root: i32) -> u64 {
    scan_tree(root, &[]).1 * page_size()
}

/// The descendants of `root` (less `exclude`) and their resident pages, summed, from
/// /proc/<pid>/stat.
fn scan_tree(root: i32, exclude: &[i32]) -> (Vec<i32>, u64) {
    let mut processes = Vec::new();
    let Ok(entries) = fs::read_dir("/proc") else { return (Vec::new(), 0) };
    let mut buf = Vec::with_capacity(1024);
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else { continue };
        // The process may have gone since the listing: it then has no memory to count.
        if !read_into(&format!("/proc/{pid}/stat"), &mut buf) {
            continue;
        }
        if let Some((parent, resident)) = parse_stat(&buf) {
            processes.push((pid, parent, resident));
        }
    }
    let mut tree = vec![root];
    let mut members = Vec::new();
    let mut pages = 0;
    // Breadth first over the parent links; a listing is not ordered by descent.
    let mut at = 0;
    while at < tree.len() {
        let parent = tree[at];
        at += 1;
        for &(pid, ppid, resident) in &processes {
            if ppid == parent && !tree.contains(&pid) {
                tree.push(pid);
                if !exclude.contains(&pid) {
                    members.push(pid);
                    pages += resident;
                }
            }
        }
    }
    (members, pages)
}

/// The parent of process `pid`, from /proc/<pid>/stat (`None` once it is gone).
pub fn parent_of(pid: i32) -> Option<i32> {
    let mut buf = Vec::with_capacity(512);
    read_into(&format!("/proc/{pid}/stat"), &mut buf)
        .then(|| parse_stat(&buf))
        .flatten()
        .map(|(parent, _)| parent)
}

/// Resident pages of one process, from /proc/<pid>/statm (its second field); `None` once it is
/// gone. (A pid reused by another process within RESCAN_INTERVAL would be counted until the next
/// pass: that errs high, never low.)
fn resident_pages(pid: i32, buf: &mut Vec<u8>) -> Option<u64> {
    if !read_into(&format!("/proc/{pid}/statm"), buf) {
        return None;
    }
    std::str::from_utf8(buf).ok()?.split_ascii_whitespace().nth(1)?.parse().ok()
}

fn read_into(path: &str, buf: &mut Vec<u8>) -> bool {
    buf.clear();
    fs::File::open(path).and_then(|mut file| file.read_to_end(buf)).is_ok()
}

/// The parent (field 4) and resident pages (field 24) of a /proc/<pid>/stat line. The command
/// name (field 2) is in parentheses and may hold spaces or parentheses itself, so the fields are
/// counted from the last `)`.
fn parse_stat(stat: &[u8]) -> Option<(i32, u64)> {
    let close = stat.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(&stat[close + 1..]).ok()?;
    let mut fields = rest.split_ascii_whitespace();
    // After the name: state (3), ppid (4), pgrp (5), …, rss (24).
    let parent = fields.nth(1)?.parse().ok()?;
    let resident = fields.nth(19)?.parse().ok()?;
    Some((parent, resident))
}

fn page_size() -> u64 {
    static SIZE: OnceLock<u64> = OnceLock::new();
    // SAFETY: sysconf takes and returns plain integers.
    *SIZE.get_or_init(|| match unsafe { libc::sysconf(libc::_SC_PAGESIZE) } {
        size if size > 0 => size as u64,
        _ => 4096,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GIB: u64 = 1024 * MIB;

    #[test]
    fn the_default_cap_is_half_the_memory_shared_among_the_jobs() {
        // This machine: 24 GiB, 2 jobs.
        assert_eq!(auto_cap(24 * GIB, 22 * GIB, 2), 6 * GIB);
        assert_eq!(auto_cap(24 * GIB, 22 * GIB, 1), 12 * GIB);
        // A 7 GiB CI runner with 2 jobs: 1.75 GiB each, above the 1.4 GiB aeson takes at 5,000,000.
        assert_eq!(auto_cap(7 * GIB, 6 * GIB, 2), 1792 * MIB);
        // A busy machine: what is available, not half of all.
        assert_eq!(auto_cap(16 * GIB, 3 * GIB, 2), 1536 * MIB);
        // Rounded down to 64 MiB, so small changes in free memory leave it alone.
        assert_eq!(auto_cap(24 * GIB, 22 * GIB, 3), 4096 * MIB);
        assert_eq!(auto_cap(24 * GIB - 5 * MIB, 22 * GIB, 2), auto_cap(24 * GIB - 9 * MIB, 22 * GIB, 2));
        // Never below the floor, never divided by zero.
        assert_eq!(auto_cap(GIB, 100 * MIB, 8), 256 * MIB);
        assert_eq!(auto_cap(8 * GIB, 8 * GIB, 0), 4 * GIB);
    }

    #[test]
    fn caps_by_name() {
        assert_eq!("auto".parse::<RssCap>().unwrap(), RssCap::Auto);
        assert_eq!("none".parse::<RssCap>().unwrap(), RssCap::None);
        assert_eq!("unlimited".parse::<RssCap>().unwrap(), RssCap::None);
        assert_eq!("64MiB".parse::<RssCap>().unwrap(), RssCap::Bytes(64 * MIB));
        assert_eq!("2G".parse::<RssCap>().unwrap(), RssCap::Bytes(2 * GIB));
        let error = "lots".parse::<RssCap>().unwrap_err().to_string();
        assert!(error.contains("auto") && error.contains("none"), "{error}");
        assert!("0".parse::<RssCap>().is_err());
        assert_eq!(RssCap::Bytes(64 * MIB).to_string(), "64 MiB");
        assert_eq!(RssCap::None.resolve(2), None);
        assert_eq!(RssCap::Bytes(5).resolve(2), Some(5));
        let auto = RssCap::Auto.resolve(1).expect("Linux has /proc/meminfo");
        assert!(auto >= FLOOR && auto % GRANULE == 0, "{auto}");
    }

    #[test]
    fn stat_lines_with_odd_command_names() {
        let line = b"4242 (a) b (c)) S 1 4240 4240 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 1 1000 77 18446744073709551615";
        assert_eq!(parse_stat(line), Some((1, 77)));
        assert_eq!(parse_stat(b"4242 (x) S 1"), None);
    }

    #[test]
    fn descendants_are_sampled_whole_between_passes_over_proc_whatever_their_group() {
        use std::os::unix::process::CommandExt;
        // A shell and a child that holds 48 MiB, touched, in a session of its own.
        let mut leader = std::process::Command::new("sh")
            .args([
                "-c",
                "setsid python3 -c 'import time; b = bytes([1]) * (48 << 20); time.sleep(30)'; true",
            ])
            .process_group(0)
            .spawn()
            .unwrap();
        let pgid = leader.id() as i32;
        let mut sampler = TreeSampler::new(pgid, Vec::new());
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut resident = 0;
        while resident < 48 * MIB && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
            resident = sampler.sample(Instant::now());
        }
        // Between passes (this sample reads only the known members) the child still counts.
        let between = sampler.sample(Instant::now());
        let whole = tree_resident_bytes(pgid);
        for &pid in sampler.members() {
            let _ =
                nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
        }
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pgid), nix::sys::signal::Signal::SIGKILL);
        let _ = leader.wait();
        assert!(
            resident >= 48 * MIB && between >= 48 * MIB && whole >= 48 * MIB,
            "{resident} {between} {whole}"
        );
        assert!(whole < 96 * MIB, "{whole}");
        assert_eq!(tree_resident_bytes(i32::MAX), 0);
    }
}
