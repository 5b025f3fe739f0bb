//! The settings a measurement was taken with, shared by a probe's record and a run's environment.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::units::{thousands, Limit};

/// Whether the child starts from the fixed environment or from the caller's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnvMode {
    /// Only the variables listed in the record (the default).
    #[default]
    Fixed,
    /// The caller's whole environment, plus the variables listed (`--inherit-env`).
    Inherit,
}

/// The environment a child got, as results record it: machine-specific paths appear as
/// placeholders (`{home}`, `{build}`), so results from two machines compare.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnvRecord {
    pub mode: EnvMode,
    pub vars: BTreeMap<String, String>,
}

/// The limits a measurement was taken with: one value in each probe's record and in a run's
/// environment (results.json keeps the fields flat in both, as before).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// RLIMIT_STACK of the children; null = unlimited.
    pub stack_bytes: Option<u64>,
    /// RLIMIT_AS of the children; null = not capped.
    #[serde(default)]
    pub memory_bytes: Option<u64>,
    /// Resident-memory cap of each child's process group (`--max-rss`); null = not capped.
    #[serde(default)]
    pub max_rss_bytes: Option<u64>,
    pub max_depth: u64,
    /// Per-trial timeout (a trial that hits it is run again with a longer one).
    #[serde(default)]
    pub timeout_seconds: f64,
    /// Whether children ran with address-space randomisation disabled.
    pub aslr_disabled: bool,
}

impl Settings {
    /// What results record of these limits: byte counts (null where unlimited or not capped) and the
    /// timeout in seconds. `aslr_disabled`: whether children really ran without it (asked for, and
    /// allowed here).
    pub fn new(
        stack: Limit,
        memory: Option<Limit>,
        max_rss_bytes: Option<u64>,
        max_depth: u64,
        timeout: Duration,
        aslr_disabled: bool,
    ) -> Settings {
        Settings {
            stack_bytes: stack.bytes(),
            memory_bytes: memory.and_then(Limit::bytes),
            max_rss_bytes,
            max_depth,
            timeout_seconds: timeout.as_secs_f64(),
            aslr_disabled,
        }
    }

    /// Whether two probes ran under limits that decide a depth alike: the same stack, address-space
    /// cap, maximum depth and ASLR. The timeout and the resident cap are left out: they decide only
    /// whether a slow or huge trial finishes, which the same-fact rules treat as one fact anyway, and
    /// the cap follows the machine's memory and `--jobs` (a CI job runs one row at a time).
    pub fn same_limits(&self, other: &Settings) -> bool {
        // One list of what decides a depth: the one the reports name (the mode is compared apart).
        self.differences(EnvMode::Fixed, other, EnvMode::Fixed).is_empty()
    }

    /// How these settings (with children in environment `mode`) differ from `header`'s in what
    /// decides a depth (`stack 1 MiB`, `memory cap 4 GiB`, `ASLR on`, `the caller's environment`,
    /// `maximum depth 1,000`; not the timeout or the resident cap, which decide only whether a slow
    /// or huge trial finishes); empty when they agree.
    pub fn differences(&self, mode: EnvMode, header: &Settings, header_mode: EnvMode) -> Vec<String> {
        let limit = |bytes: Option<u64>| bytes.map_or(Limit::Unlimited, Limit::Bytes);
        let mut differences = Vec::new();
        if self.stack_bytes != header.stack_bytes {
            differences.push(format!("stack {}", limit(self.stack_bytes)));
        }
        if self.memory_bytes != header.memory_bytes {
            differences.push(match self.memory_bytes {
                Some(bytes) => format!("memory cap {}", Limit::Bytes(bytes)),
                None => "no memory cap".into(),
            });
        }
        if self.aslr_disabled != header.aslr_disabled {
            differences.push(format!("ASLR {}", if self.aslr_disabled { "off" } else { "on" }));
        }
        if mode != header_mode {
            differences.push(mode.phrase().to_string());
        }
        if self.max_depth != header.max_depth {
            differences.push(format!("maximum depth {}", thousands(self.max_depth)));
        }
        differences
    }
}

impl EnvMode {
    /// How reports name a child environment of this mode.
    pub fn phrase(self) -> &'static str {
        match self {
            EnvMode::Fixed => "the fixed environment",
            EnvMode::Inherit => "the caller's environment",
        }
    }
}

/// How a run kept what its children start under supervision (how nestprobe ran, not a fact: see
/// src/sys/containment.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Containment {
    /// Each child in a PID namespace of its own under a small init of nestprobe's: the child cannot
    /// see or signal nestprobe, and everything it starts dies with the namespace.
    PidNamespace,
    /// No PID namespace allowed here: a child subreaper per child and death signals. A descendant
    /// can still stop or kill nestprobe with SIGSTOP or SIGKILL (catchable signals from descendants
    /// are ignored), and one whose reaper it killed is killed from nestprobe's last sample.
    Subreaper,
}

impl Containment {
    pub fn name(self) -> &'static str {
        match self {
            Containment::PidNamespace => "pid-namespace",
            Containment::Subreaper => "subreaper",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_record_limits_as_bytes_and_the_timeout_in_seconds() {
        let settings = Settings::new(
            Limit::Bytes(8 << 20),
            Some(Limit::Unlimited),
            Some(1 << 30),
            1000,
            Duration::from_millis(2500),
            true,
        );
        let expected = Settings {
            stack_bytes: Some(8 << 20),
            memory_bytes: None,
            max_rss_bytes: Some(1 << 30),
            max_depth: 1000,
            timeout_seconds: 2.5,
            aslr_disabled: true,
        };
        assert_eq!(settings, expected);
        assert_eq!(Settings::new(Limit::Unlimited, None, None, 1, Duration::ZERO, false).stack_bytes, None);
    }
}
