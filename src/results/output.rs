//! How nestprobe writes its outputs (results.json, reports, badges, summaries): one place that
//! decides what a path may be and how it is replaced.
//!
//! - Only regular files are written. A symlink is written through: the file it leads to is
//!   replaced and the link kept. A FIFO, socket, device node or folder is refused, never opened
//!   (opening a FIFO blocks; replacing a device node by a file breaks the machine).
//! - A file is replaced atomically: a temporary file beside it, then a rename, so an interrupted run
//!   never leaves a half-written file. The temporary file's name says which process wrote it
//!   ([`TEMPORARY_PREFIX`]), so that what a killed run left is recognised and removed
//!   ([`remove_leftovers`]).

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{ErrorKind, Write};
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// How the temporary files of atomic writes begin; the writer's pid follows (`.nestprobe-tmp-1234-`).
pub const TEMPORARY_PREFIX: &str = ".nestprobe-tmp-";

/// Symlinks followed at most before a path is given up on (the kernel's own limit).
const MAX_LINKS: usize = 40;

/// A path nestprobe will not write: it leads to something other than a regular file.
#[derive(Debug)]
pub struct NotARegularFile {
    pub path: PathBuf,
    /// Where the path's symlinks led, when it is not the path itself.
    pub target: Option<PathBuf>,
    /// What it is: `a FIFO`, `a socket`, `a character device`, …
    pub kind: &'static str,
}

impl fmt::Display for NotARegularFile {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match &self.target {
            None => write!(f, "{} is {}, not a regular file", self.path.display(), self.kind),
            Some(target) => write!(
                f,
                "{} leads to {}, which is {}, not a regular file",
                self.path.display(),
                target.display(),
                self.kind
            ),
        }?;
        write!(f, "; nestprobe writes only regular files (or through a symlink to one)")
    }
}

impl std::error::Error for NotARegularFile {}

/// The file a write to `path` replaces: `path` itself, or the file its symlinks lead to (a dangling
/// link's target is created). Anything that is not a regular file is a [`NotARegularFile`] error.
pub fn write_target(path: &Path) -> Result<PathBuf> {
    let mut target = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let metadata = match fs::symlink_metadata(&target) {
            Err(error) if error.kind() == ErrorKind::NotFound => return Ok(target),
            Err(error) => return Err(error).with_context(|| format!("cannot inspect {}", target.display())),
            Ok(metadata) => metadata,
        };
        let file_type = metadata.file_type();
        if file_type.is_symlink() {
            let link = fs::read_link(&target).with_context(|| format!("cannot read {}", target.display()))?;
            // A relative link is relative to the folder that holds it (`join` keeps an absolute one).
            target = target.parent().map_or_else(|| link.clone(), |folder| folder.join(&link));
            continue;
        }
        if file_type.is_file() {
            return Ok(target);
        }
        let kind = if file_type.is_fifo() {
            "a FIFO"
        } else if file_type.is_socket() {
            "a socket"
        } else if file_type.is_char_device() {
            "a character device"
        } else if file_type.is_block_device() {
            "a block device"
        } else if file_type.is_dir() {
            "a folder"
        } else {
            "not a file"
        };
        let target = (target != path).then_some(target);
        return Err(NotARegularFile { path: path.to_path_buf(), target, kind }.into());
    }
    anyhow::bail!("{}: too many levels of symbolic links", path.display())
}

/// Writes a file atomically: a temporary file beside it, then a rename, so an interrupted run
/// never leaves a half-written file (or destroys the previous one). A symlink is written through
/// ([`write_target`]). A new file gets the usual permissions (0666 less the umask); an existing one
/// keeps its mode.
pub fn write_atomically(path: &Path, contents: &str) -> Result<()> {
    let target = write_target(path)?;
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let existing_mode = fs::metadata(&target).ok().map(|m| m.permissions().mode() & 0o7777);
    // tempfile creates with the mode given, less the umask, as open(2) does.
    let mut file = tempfile::Builder::new()
        .prefix(&temporary_prefix())
        .permissions(fs::Permissions::from_mode(existing_mode.unwrap_or(0o666)))
        .tempfile_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    if let Some(mode) = existing_mode {
        // An existing file keeps exactly its mode, whatever the umask.
        file.as_file().set_permissions(fs::Permissions::from_mode(mode))?;
    }
    file.write_all(contents.as_bytes())?;
    file.as_file().sync_all()?;
    file.persist(&target).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// Writes only when the contents differ, so unchanged files keep their timestamps.
pub fn write_if_changed(path: &Path, contents: &str) -> Result<bool> {
    // Checked before reading: reading a FIFO would block.
    let target = write_target(path)?;
    if fs::read_to_string(&target).is_ok_and(|old| old == contents) {
        return Ok(false);
    }
    write_atomically(path, contents)?;
    Ok(true)
}

/// Appends `text` to the regular file at `path` (through a symlink), after `separator` when the file
/// is not empty, creating it if there is none. For files others write too ($GITHUB_STEP_SUMMARY),
/// which a replacement would lose.
pub fn append(path: &Path, text: &str, separator: &str) -> Result<()> {
    let target = write_target(path)?;
    let mut file = OpenOptions::new()
        .append(true)
        .create(true)
        .open(&target)
        .with_context(|| format!("cannot open {}", path.display()))?;
    let separator = if file.metadata().is_ok_and(|m| m.len() > 0) { separator } else { "" };
    file.write_all(format!("{separator}{text}").as_bytes())
        .with_context(|| format!("cannot append to {}", path.display()))
}

/// The prefix of this process's temporary files.
fn temporary_prefix() -> String {
    format!("{TEMPORARY_PREFIX}{}-", std::process::id())
}

/// Removes from `dir` the temporary files of writers that are gone (a run killed mid-write, even by
/// SIGKILL, leaves its temporary file). Files of a process still running are left alone. Returns
/// how many were removed; a folder that does not exist has none.
pub fn remove_leftovers(dir: &Path) -> Result<usize> {
    let entries = match fs::read_dir(dir) {
        Err(error) if error.kind() == ErrorKind::NotFound => return Ok(0),
        entries => entries.with_context(|| format!("cannot read {}", dir.display()))?,
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(writer) = name.to_str().and_then(writer_of) else { continue };
        if entry.file_type().is_ok_and(|t| t.is_file()) && !is_running(writer) {
            let path = entry.path();
            fs::remove_file(&path).with_context(|| format!("cannot remove {}", path.display()))?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// The pid that wrote a temporary file named `name`, if it is one of ours.
fn writer_of(name: &str) -> Option<i32> {
    let rest = name.strip_prefix(TEMPORARY_PREFIX)?;
    rest.split_once('-')?.0.parse().ok()
}

/// Whether process `pid` exists (one of another user exists too: signalling it is only refused).
fn is_running(pid: i32) -> bool {
    use nix::errno::Errno;
    pid > 0 && !matches!(nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None), Err(Errno::ESRCH))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_files_get_the_umask_permissions_and_existing_ones_keep_theirs() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("fresh.md");
        write_atomically(&fresh, "a").unwrap();
        // SAFETY: umask only reads and sets the process's file mode mask.
        let umask = unsafe {
            let old = libc::umask(0o022);
            libc::umask(old);
            old
        };
        assert_eq!(fs::metadata(&fresh).unwrap().permissions().mode() & 0o777, 0o666 & !umask as u32);
        let kept = dir.path().join("README.md");
        fs::write(&kept, "old").unwrap();
        fs::set_permissions(&kept, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&kept, "new").unwrap();
        assert_eq!(fs::metadata(&kept).unwrap().permissions().mode() & 0o777, 0o640);
        assert_eq!(fs::read_to_string(&kept).unwrap(), "new");
    }

    #[test]
    fn a_symlink_is_written_through_and_kept_even_when_it_dangles() {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("real/badge.svg", dir.path().join("link.svg")).unwrap();
        write_atomically(&dir.path().join("link.svg"), "<svg/>").unwrap();
        assert!(fs::symlink_metadata(dir.path().join("link.svg")).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(dir.path().join("real/badge.svg")).unwrap(), "<svg/>");
        assert!(write_if_changed(&dir.path().join("link.svg"), "<svg>2</svg>").unwrap());
        assert_eq!(fs::read_to_string(dir.path().join("real/badge.svg")).unwrap(), "<svg>2</svg>");
    }

    #[test]
    fn a_fifo_a_folder_and_a_device_are_refused_naming_what_they_are() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
        let error = write_if_changed(&fifo, "x").unwrap_err().to_string();
        assert!(error.contains("is a FIFO, not a regular file"), "{error}");
        let error = write_atomically(dir.path(), "x").unwrap_err().to_string();
        assert!(error.contains("is a folder"), "{error}");
        let link = dir.path().join("null");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        let error = append(&link, "x", "").unwrap_err().to_string();
        assert!(error.contains("leads to /dev/null, which is a character device"), "{error}");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    }

    #[test]
    fn leftovers_of_writers_that_are_gone_are_removed_and_others_kept() {
        let dir = tempfile::tempdir().unwrap();
        // No process has a pid this large (pid_max is at most 2^22).
        let gone = dir.path().join(format!("{TEMPORARY_PREFIX}99999999-abc"));
        let mine = dir.path().join(format!("{}xyz", temporary_prefix()));
        let other = dir.path().join(".tmpabc");
        for path in [&gone, &mine, &other] {
            fs::write(path, "").unwrap();
        }
        assert_eq!(remove_leftovers(dir.path()).unwrap(), 1);
        assert!(!gone.exists() && mine.exists() && other.exists());
        assert_eq!(remove_leftovers(&dir.path().join("none")).unwrap(), 0);
    }
}
