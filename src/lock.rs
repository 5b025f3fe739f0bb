//! Locks on the folders a command writes (`--out`, `--build-dir`), the way cargo locks its target
//! directory: a second nestprobe that would write the same folder refuses at start, before it
//! measures anything, instead of overwriting what the first one measured.
//!
//! The lock is an advisory lock of the kernel on a file in the folder: it ends with the process
//! that holds it, even one killed by SIGKILL, so a lock file left behind never blocks. The pid
//! written into the file only names the holder in the refusal. The holder removes the file when it
//! is done.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg};

/// Which folder a lock is for: each has its own lock file, so one folder may serve as both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Folder {
    /// Where results.json and the reports go (`--out`, or the folder of `--json-only`'s file).
    Out,
    /// Where parsers are built (`--build-dir`).
    Build,
}

impl Folder {
    /// The lock file's name in the folder.
    pub fn file_name(self) -> &'static str {
        match self {
            Folder::Out => ".nestprobe-out.lock",
            Folder::Build => ".nestprobe-build.lock",
        }
    }

    /// The option that names the folder, for the advice.
    pub fn option(self) -> &'static str {
        match self {
            Folder::Out => "--out",
            Folder::Build => "--build-dir",
        }
    }
}

/// A folder held by this process until the value is dropped (or the process ends).
#[derive(Debug)]
pub struct FolderLock {
    // The lock lives as long as this descriptor (opened close-on-exec: children do not inherit it).
    _file: Flock<File>,
    path: PathBuf,
}

/// The folder is held by another nestprobe.
#[derive(Debug)]
pub struct Held {
    /// The lock file.
    pub path: PathBuf,
    pub folder: Folder,
    /// The holder's pid, when it has written it yet.
    pub holder: Option<u32>,
}

impl fmt::Display for Held {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let holder = self.holder.map_or_else(|| "pid unknown".to_string(), |pid| format!("pid {pid}"));
        write!(
            f,
            "{} is locked by another nestprobe ({holder}) writing the same {}; wait for it to finish or choose another {}",
            self.path.display(),
            self.folder.option(),
            self.folder.option()
        )
    }
}

impl std::error::Error for Held {}

impl FolderLock {
    /// Takes the lock of `folder` in `dir` (made if missing). Fails with [`Held`] at once when
    /// another process holds it; with another error when the folder cannot hold a lock file.
    pub fn acquire(dir: &Path, folder: Folder) -> Result<FolderLock> {
        fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let path = dir.join(folder.file_name());
        loop {
            // Not truncated on opening: until it is locked, the file holds the holder's pid.
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .with_context(|| format!("cannot open the lock file {}", path.display()))?;
            let mut file = match Flock::lock(file, FlockArg::LockExclusiveNonblock) {
                Ok(locked) => locked,
                Err((mut file, Errno::EWOULDBLOCK)) => {
                    let mut text = String::new();
                    let _ = file.read_to_string(&mut text);
                    return Err(Held { path, folder, holder: text.trim().parse().ok() }.into());
                }
                Err((_, error)) => {
                    return Err(error).with_context(|| format!("cannot lock {}", path.display()))
                }
            };
            // A holder that was ending removes its file: the one opened may be gone from the folder
            // by now, and its lock guards nothing. Then again, with the file there now.
            if !is_the_file_at(&file, &path) {
                continue;
            }
            file.set_len(0)?;
            file.rewind()?;
            writeln!(*file, "{}", std::process::id())
                .with_context(|| format!("cannot write {}", path.display()))?;
            return Ok(FolderLock { _file: file, path });
        }
    }
}

/// The lock file goes when its holder is done, so the folder is left as the command found it (a
/// holder killed by SIGKILL leaves it, which blocks nobody).
impl Drop for FolderLock {
    fn drop(&mut self) {
        // Removed while still locked: whoever opened it meanwhile finds it gone once they lock it.
        let _ = fs::remove_file(&self.path);
        // (The lock itself goes with `_file`, dropped after this.)
    }
}

/// Whether `file` is still the one at `path`.
fn is_the_file_at(file: &File, path: &Path) -> bool {
    match (file.metadata(), fs::metadata(path)) {
        (Ok(open), Ok(there)) => (open.dev(), open.ino()) == (there.dev(), there.ino()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_naming_the_first_and_a_released_lock_is_free() {
        let dir = tempfile::tempdir().unwrap();
        let first = FolderLock::acquire(dir.path(), Folder::Out).unwrap();
        let written = fs::read_to_string(dir.path().join(Folder::Out.file_name())).unwrap();
        assert_eq!(written, format!("{}\n", std::process::id()));
        // (A second descriptor conflicts like a second process: flock(2) locks belong to it.)
        let error = FolderLock::acquire(dir.path(), Folder::Out).unwrap_err();
        let held = error.downcast_ref::<Held>().expect("held");
        assert_eq!(held.holder, Some(std::process::id()));
        assert!(error.to_string().contains(&format!("(pid {}) writing the same --out", std::process::id())));
        // The other folder's lock is another file.
        FolderLock::acquire(dir.path(), Folder::Build).unwrap();
        drop(first);
        assert!(!dir.path().join(Folder::Out.file_name()).exists(), "the lock file is left");
        FolderLock::acquire(dir.path(), Folder::Out).unwrap();
    }

    #[test]
    fn a_lock_file_left_by_a_dead_process_does_not_block() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(Folder::Build.file_name()), "99999999\n").unwrap();
        FolderLock::acquire(dir.path(), Folder::Build).unwrap();
    }
}
