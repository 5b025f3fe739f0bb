//! A program's folder on disk: its files (which a build's fingerprint reads), the files its language
//! folder shares with every program (`../protocol.py`), and copies of both.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use ignore::gitignore::Gitignore;
use ignore::Match;

/// The files under `dir` (in the program's folder `root`), through links (as a build sees them) but never into a folder it is
/// already inside (`ancestors`): a link back up would loop. Anything but a file, folder or link to
/// one is refused unopened. What the checkout ignores is not a source ([`NotSources`]): running a
/// program leaves `__pycache__/` or Mono's `mono_crash.*.json` in its folder, and a fingerprint
/// that read them changed with every run.
pub fn collect_files(
    root: &Path,
    dir: &Path,
    ancestors: &mut Vec<PathBuf>,
    files: &mut Vec<PathBuf>,
) -> Result<()> {
    collect_sources(root, dir, &NotSources::of(root), ancestors, files)
}

fn collect_sources(
    root: &Path,
    dir: &Path,
    not_sources: &NotSources,
    ancestors: &mut Vec<PathBuf>,
    files: &mut Vec<PathBuf>,
) -> Result<()> {
    use std::os::unix::fs::FileTypeExt;
    let Ok(real) = fs::canonicalize(dir) else { return Ok(()) };
    if ancestors.contains(&real) {
        return Ok(());
    }
    let Ok(entries) = fs::read_dir(dir) else { return Ok(()) };
    ancestors.push(real);
    for entry in entries.flatten() {
        let path = entry.path();
        // (A dangling link is hashed as an empty file, as before.)
        let Ok(kind) = fs::metadata(&path).map(|m| m.file_type()) else {
            files.push(path);
            continue;
        };
        if not_sources.ignores(&path, kind.is_dir()) {
            continue;
        }
        if kind.is_dir() {
            collect_sources(root, &path, not_sources, ancestors, files)?;
        } else if kind.is_file() {
            files.push(path);
        } else {
            let what = if kind.is_fifo() {
                "a FIFO"
            } else if kind.is_socket() {
                "a socket"
            } else {
                "a device"
            };
            // Named from the program's folder on: results hold no paths of this machine.
            let above = root.parent().unwrap_or(root);
            bail!(
                "{} is {what}: a parser's folder may hold only files, folders and links to them",
                path.strip_prefix(above).unwrap_or(&path).display()
            );
        }
    }
    ancestors.pop();
    Ok(())
}

/// What the checkout's `.gitignore` files say is not a source: those of the program's folder and of
/// every folder above it, up to the checkout's root (the folder with `.git`). None outside a checkout
/// with them.
struct NotSources {
    /// The deepest folder's first: a deeper `.gitignore` overrides one above it.
    rules: Vec<Gitignore>,
}

impl NotSources {
    fn of(folder: &Path) -> NotSources {
        let mut rules = Vec::new();
        let absolute = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
        for dir in absolute.ancestors() {
            let file = dir.join(".gitignore");
            if file.is_file() {
                // A rule that does not parse is left out; git skips it too.
                let (rules_here, _) = Gitignore::new(&file);
                rules.push(rules_here);
            }
            if dir.join(".git").exists() {
                break;
            }
        }
        NotSources { rules }
    }

    /// Whether the rules ignore `path` itself. Not its parents: the walk does not enter a folder
    /// they ignore, and the folders above the program's are not the program's (a checkout kept
    /// under an ignored `target/` still has sources).
    fn ignores(&self, path: &Path, is_dir: bool) -> bool {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        for rules in &self.rules {
            match rules.matched(&absolute, is_dir) {
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
                Match::None => {}
            }
        }
        false
    }
}

/// The files (not the folders) of a language folder, which its programs share (`../protocol.py`),
/// in name order; none when the folder is not there.
pub fn shared_files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Copies a program's folder `from` to `to` (made anew), with its language folder's shared files
/// beside it: a copy that builds and runs as the original does (`../protocol.js`, `../node.sh`).
pub fn copy_program(from: &Path, to: &Path) -> Result<()> {
    if to.exists() {
        fs::remove_dir_all(to).with_context(|| format!("cannot remove {}", to.display()))?;
    }
    let mut files = Vec::new();
    collect_files(from, from, &mut Vec::new(), &mut files)?;
    for file in files {
        let target = to.join(file.strip_prefix(from).expect("a collected file is inside its folder"));
        fs::create_dir_all(target.parent().expect("a file has a folder"))
            .with_context(|| format!("cannot create the folder of {}", target.display()))?;
        fs::copy(&file, &target).with_context(|| format!("cannot copy {}", file.display()))?;
    }
    match (from.parent(), to.parent()) {
        (Some(language_dir), Some(beside)) => copy_files(language_dir, beside),
        _ => Ok(()),
    }
}

/// Copies the shared files of `from` into `to`, replacing what differs. A folder that is not there
/// has nothing to share (a missing program folder is said where the program is run).
pub fn copy_files(from: &Path, to: &Path) -> Result<()> {
    for file in shared_files(from) {
        let target = to.join(file.file_name().expect("a listed file has a name"));
        let content = fs::read(&file)?;
        if fs::read(&target).ok().as_ref() != Some(&content) {
            fs::write(&target, content).with_context(|| format!("cannot write {}", target.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_checkout_ignores_is_not_a_source() {
        let outside = tempfile::tempdir().unwrap();
        // A .gitignore above the checkout is not the checkout's.
        fs::write(outside.path().join(".gitignore"), "*.py\n").unwrap();
        let root = outside.path().join("checkout");
        fs::create_dir_all(root.join(".git")).unwrap();
        // An ignored folder above the program's does not make its files anything but sources.
        fs::write(root.join(".gitignore"), "__pycache__/\nmono_crash.*.json\n/kept\n").unwrap();
        let program = root.join("kept/parsers/python/row");
        fs::create_dir_all(program.join("__pycache__")).unwrap();
        fs::create_dir_all(program.join("lib")).unwrap();
        for file in ["parse.py", "lib/helper.py", "__pycache__/parse.cpython-311.pyc", "mono_crash.1a.0.json"]
        {
            fs::write(program.join(file), "x").unwrap();
        }
        let mut files = Vec::new();
        collect_files(&program, &program, &mut Vec::new(), &mut files).unwrap();
        files.sort();
        let names: Vec<_> =
            files.iter().map(|f| f.strip_prefix(&program).unwrap().to_str().unwrap()).collect();
        assert_eq!(names, ["lib/helper.py", "parse.py"]);
    }
}
