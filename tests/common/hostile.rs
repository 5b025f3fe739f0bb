//! Hostile programs and what they leave behind: the fixture that attacks its supervisor
//! (tests/fixtures/hostile.c), the containments to test, and the marks by which a test finds the
//! processes it started.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::{nestprobe, provided, run};

/// The containments to test: both where this machine allows PID namespaces. Elsewhere the namespace
/// half is skipped with what to enable, except in CI, which must provide them (.ci/run does).
pub fn modes() -> Vec<&'static str> {
    static ALLOWED: OnceLock<bool> = OnceLock::new();
    let allowed = *ALLOWED.get_or_init(|| {
        let mut command = nestprobe();
        command.env("NESTPROBE_CONTAINMENT", "pid-namespace").args(["completions", "bash"]);
        run(command).status.success()
    });
    if allowed {
        return vec!["pid-namespace", "subreaper"];
    }
    provided(
        "PID namespace (the tests' namespace half)",
        false,
        "run as root, or allow user namespaces: sysctl kernel.apparmor_restrict_unprivileged_userns=0",
    );
    vec!["subreaper"]
}

pub fn hostile() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile.c");
        let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{}", std::process::id()));
        let status = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
            .args(["-O1", "-o"])
            .arg(&out)
            .arg(source)
            .status()
            .expect("a C compiler (cc) is needed to build the test fixtures");
        assert!(status.success(), "building the hostile fixture failed");
        out
    })
}

/// A marker no other process on the machine carries: what a test started, and nothing else.
pub fn marker(test: &str, mode: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("nestprobe-hostile-{test}-{mode}-{}-{nanos}", std::process::id())
}

/// Processes whose command line holds `mark` (zombies, which have none, do not count), but
/// nestprobe itself, which has it among its arguments.
pub fn marked(mark: &str) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else { continue };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else { continue };
        let cmdline = String::from_utf8_lossy(&cmdline);
        let program = cmdline.split('\0').next().unwrap_or_default();
        if cmdline.contains(mark) && !program.ends_with("/nestprobe") {
            found.push(pid);
        }
    }
    found
}

/// Waits a moment for killed processes to leave /proc (SIGKILL is delivered asynchronously), then
/// fails naming any still there, after killing them so that no test leaves them behind.
pub fn assert_none_left(mark: &str, mode: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !marked(mark).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let left = marked(mark);
    for &pid in &left {
        let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
    }
    assert!(left.is_empty(), "{mode}: still running after the probe: {left:?}");
}
