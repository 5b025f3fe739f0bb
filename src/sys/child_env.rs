//! What a parser program finds besides its payload: its environment and the paths it is run from.
//!
//! Both sit at the top of the child's stack (the kernel copies argv and the environment there before
//! `main` runs), so for a stack-bound parser every byte of them moves the boundary: 8 KiB of extra
//! variables moved D's std.json by 38 levels. So by default a child gets a small fixed environment,
//! not the caller's, and the folders it runs from are reached through links of a fixed length in
//! /tmp (a *stage*), so where the checkout lives changes nothing that matters.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::hash::{Hash, Hasher};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::results::settings::{EnvMode, EnvRecord};

/// PATH of a child with the fixed environment.
pub const FIXED_PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
/// Locale of a child with the fixed environment: UTF-8, and the same messages everywhere.
pub const FIXED_LANG: &str = "C.UTF-8";

/// One variable: its value for the child, and how results record it.
#[derive(Clone, Debug)]
struct Var {
    name: String,
    value: OsString,
    recorded: String,
    /// One of the fixed environment's own, which the caller's replaces under `--inherit-env`.
    fixed: bool,
}

/// The environment of a child.
#[derive(Clone, Debug)]
pub struct ChildEnv {
    mode: EnvMode,
    vars: Vec<Var>,
}

impl ChildEnv {
    /// The fixed environment: PATH, LANG, TMPDIR, HOME (a scratch folder of the stage) and
    /// LD_BIND_NOW.
    pub fn fixed(home: &Path) -> ChildEnv {
        let mut env = ChildEnv { mode: EnvMode::Fixed, vars: Vec::new() };
        env.set("PATH", FIXED_PATH);
        env.set("LANG", FIXED_LANG);
        env.set("TMPDIR", "/tmp");
        // Lazy binding resolves a function at its first call, on the caller's stack, saving the
        // CPU's whole extended register state there (XSAVE: about 1 KiB with AVX2, 2.5 KiB with
        // AVX-512). When that first call happens at the deepest level, the boundary depends on the
        // CPU model: RapidJSON moved by 62 levels here. Binding everything at start removes it.
        env.set("LD_BIND_NOW", "1");
        env.set_path("HOME", home, "{home}");
        for var in &mut env.vars {
            var.fixed = var.name != "LD_BIND_NOW";
        }
        env
    }

    /// Starts from the caller's environment instead: its PATH, HOME, LANG and TMPDIR replace the
    /// fixed ones (LD_BIND_NOW stays: it is part of how a boundary is measured, not of the
    /// caller's setup), and the variables set on top stay on top of it.
    pub fn inherit(mut self) -> ChildEnv {
        self.mode = EnvMode::Inherit;
        self.vars.retain(|var| !var.fixed);
        self
    }

    pub fn mode(&self) -> EnvMode {
        self.mode
    }

    /// Sets a variable that is the same on every machine.
    pub fn set(&mut self, name: &str, value: &str) {
        self.put(Var { name: name.into(), value: value.into(), recorded: value.into(), fixed: false });
    }

    /// Sets a variable whose value is a machine path, recorded as `placeholder`.
    pub fn set_path(&mut self, name: &str, path: &Path, placeholder: &str) {
        self.put(Var { name: name.into(), value: path.into(), recorded: placeholder.into(), fixed: false });
    }

    fn put(&mut self, var: Var) {
        self.vars.retain(|v| v.name != var.name);
        self.vars.push(var);
    }

    /// (name, value) pairs to give the child.
    pub fn vars(&self) -> impl Iterator<Item = (&str, &OsString)> {
        self.vars.iter().map(|v| (v.name.as_str(), &v.value))
    }

    /// (machine path, placeholder) for each variable recorded as a placeholder, longest path first:
    /// results replace those paths in what children print, too.
    pub fn placeholders(&self) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = self
            .vars
            .iter()
            .filter(|v| v.recorded.starts_with('{') && v.recorded.ends_with('}'))
            .map(|v| (v.value.to_string_lossy().into_owned(), v.recorded.clone()))
            .filter(|(path, _)| !path.is_empty())
            .collect();
        pairs.sort_by_key(|(path, _)| std::cmp::Reverse(path.len()));
        pairs
    }

    pub fn record(&self) -> EnvRecord {
        EnvRecord {
            mode: self.mode,
            vars: self.vars.iter().map(|v| (v.name.clone(), v.recorded.clone())).collect(),
        }
    }
}

/// The file a bare command name (`python3`) runs: the first executable of that name in the folders
/// of `search_path` (a PATH). Inside `root` (an environment's root file system) the first file of
/// that name in those folders of the root, named by its path inside it: its links may point at
/// paths that mean something only there (`/etc/alternatives/…`), so it is not followed. A name
/// with a `/` is not looked up.
pub fn find_program(name: &OsStr, search_path: &OsStr, root: Option<&Path>) -> Option<PathBuf> {
    if name.as_encoded_bytes().contains(&b'/') {
        return None;
    }
    match root {
        Some(root) => std::env::split_paths(search_path).map(|folder| folder.join(name)).find(|inside| {
            let relative = inside.strip_prefix("/").unwrap_or(inside);
            fs::symlink_metadata(root.join(relative)).is_ok()
        }),
        None => which::which_in(name, Some(search_path), std::env::current_dir().ok()?).ok(),
    }
}

/// `NAME=value` from the command line.
pub fn parse_assignment(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if is_name(name) => Ok((name.to_string(), value.to_string())),
        _ => Err(format!("expected NAME=value, got {text:?}")),
    }
}

pub fn is_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A folder of fixed-length links in /tmp: `/tmp/nestprobe-<8 hex digits>/`. The digits come from
/// a hash of a key (the build folder of a catalog run), so the same checkout always gets the same
/// stage, and two checkouts get stages whose paths differ in content but not in length.
#[derive(Clone, Debug)]
pub struct Stage {
    root: PathBuf,
}

impl Stage {
    pub fn for_key(key: &Path) -> Result<Stage> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut hasher);
        nix::unistd::geteuid().as_raw().hash(&mut hasher);
        // Not $TMPDIR: its length would vary from machine to machine.
        let root = PathBuf::from(format!("/tmp/nestprobe-{:08x}", hasher.finish() as u32));
        ensure_own_dir(&root)?;
        Ok(Stage { root })
    }

    /// A real folder of the stage (created if needed).
    pub fn dir(&self, name: &str) -> Result<PathBuf> {
        let path = self.root.join(name);
        fs::create_dir_all(&path).with_context(|| format!("cannot create {}", path.display()))?;
        Ok(path)
    }

    /// A link in the stage to `target`, (re)made atomically, so runs at the same time agree.
    pub fn link(&self, name: &str, target: &Path) -> Result<PathBuf> {
        let path = self.root.join(name);
        if fs::read_link(&path).is_ok_and(|current| current == target) {
            return Ok(path);
        }
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        }
        let temporary = path.with_extension(format!("tmp{}", std::process::id()));
        let _ = fs::remove_file(&temporary);
        std::os::unix::fs::symlink(target, &temporary)
            .and_then(|()| fs::rename(&temporary, &path))
            .with_context(|| format!("cannot link {} to {}", path.display(), target.display()))?;
        Ok(path)
    }
}

impl Stage {
    /// `argv` with every argument that names an existing file or folder by a path (the program
    /// itself, a script, a folder of modules) reached through a link of a fixed length instead:
    /// `<stage>/a-<8 hex digits>/<its name>`, the link standing for its folder, so that what lies
    /// beside it is found as before. The kernel copies each argument onto the child's stack, so a
    /// program probed from a longer path would otherwise have less stack (16,383 levels became
    /// 16,382 for a folder name 50 characters longer). Bare command names (`python3`) are found on
    /// the fixed PATH and are left as they are.
    pub fn fixed_length_argv(&self, argv: &[OsString]) -> Result<Vec<OsString>> {
        argv.iter()
            .map(|arg| {
                let path = Path::new(arg);
                let named_by_path = arg.as_encoded_bytes().contains(&b'/');
                let (Some(name), true) = (path.file_name(), named_by_path && path.exists()) else {
                    return Ok(arg.clone());
                };
                let folder = path
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .canonicalize()
                    .with_context(|| format!("cannot resolve {}", path.display()))?;
                // A program in a `bin` folder finds its installation one level up (Python's venv
                // reads ../pyvenv.cfg beside the path it was started by, not the resolved one): the
                // link then stands for that parent, and `bin/` stays in the path.
                let (folder, name) = match (folder.file_name(), folder.parent()) {
                    (Some(bin), Some(parent)) if bin == "bin" => {
                        (parent.to_path_buf(), Path::new("bin").join(name))
                    }
                    _ => (folder.clone(), PathBuf::from(name)),
                };
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                folder.hash(&mut hasher);
                let link = self.link(&format!("a-{:08x}", hasher.finish() as u32), &folder)?;
                Ok(link.join(name).into_os_string())
            })
            .collect()
    }
}

/// Creates `dir` (mode 0700) or checks that the existing one is ours: a stage in a shared /tmp must
/// not be a folder someone else prepared.
fn ensure_own_dir(dir: &Path) -> Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    match fs::DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
            let meta =
                fs::symlink_metadata(dir).with_context(|| format!("cannot inspect {}", dir.display()))?;
            if !meta.is_dir() || meta.uid() != nix::unistd::geteuid().as_raw() {
                bail!("{} exists and is not a folder of this user's", dir.display());
            }
            Ok(())
        }
        Err(error) => Err(error).with_context(|| format!("cannot create {}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_environment_records_placeholders_not_machine_paths() {
        let mut env = ChildEnv::fixed(Path::new("/tmp/nestprobe-0123abcd/home"));
        env.set_path("BUILD", Path::new("/somewhere/long/build"), "{build}");
        env.set("EXTRA", "1");
        let record = env.record();
        assert_eq!(record.mode, EnvMode::Fixed);
        assert_eq!(record.vars["HOME"], "{home}");
        assert_eq!(record.vars["BUILD"], "{build}");
        assert_eq!(record.vars["PATH"], FIXED_PATH);
        assert_eq!(record.vars["EXTRA"], "1");
        let home: Vec<_> = env.vars().filter(|(name, _)| *name == "HOME").collect();
        assert_eq!(home[0].1, "/tmp/nestprobe-0123abcd/home");
        // Inherited: the caller's PATH and HOME, and the variables set on top stay.
        let inherited = env.inherit().record();
        assert_eq!(inherited.mode, EnvMode::Inherit);
        assert_eq!(inherited.vars.keys().collect::<Vec<_>>(), ["BUILD", "EXTRA", "LD_BIND_NOW"]);
        let mut own_path = ChildEnv::fixed(Path::new("/h"));
        own_path.set("PATH", "/opt/bin");
        assert_eq!(own_path.inherit().record().vars["PATH"], "/opt/bin");
    }

    #[test]
    fn a_bare_name_is_found_on_the_path_given_and_inside_a_root_on_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let (first, second) = (dir.path().join("first"), dir.path().join("root/usr/bin"));
        for folder in [&first, &second] {
            fs::create_dir_all(folder).unwrap();
            fs::write(folder.join("tool"), "#!/bin/sh\n").unwrap();
            fs::set_permissions(folder.join("tool"), fs::Permissions::from_mode(0o755)).unwrap();
        }
        let search = std::env::join_paths([&second, &first]).unwrap();
        assert_eq!(find_program("tool".as_ref(), &search, None), Some(second.join("tool")));
        let root = dir.path().join("root");
        let inside = find_program("tool".as_ref(), FIXED_PATH.as_ref(), Some(&root));
        assert_eq!(inside, Some(PathBuf::from("/usr/bin/tool")));
        // A link of the root to a path that exists only inside it is still its program.
        std::os::unix::fs::symlink("/etc/alternatives/java", second.join("java")).unwrap();
        let java = find_program("java".as_ref(), FIXED_PATH.as_ref(), Some(&root));
        assert_eq!(java, Some(PathBuf::from("/usr/bin/java")));
        assert_eq!(find_program("missing".as_ref(), &search, None), None);
        assert_eq!(find_program("./tool".as_ref(), &search, None), None);
    }

    #[test]
    fn assignments_need_a_proper_name() {
        assert_eq!(parse_assignment("A_1=x=y"), Ok(("A_1".into(), "x=y".into())));
        assert!(parse_assignment("=x").is_err());
        assert!(parse_assignment("1A=x").is_err());
        assert!(parse_assignment("novalue").is_err());
    }

    #[test]
    fn stages_have_the_same_length_for_any_key_and_are_stable() {
        let short = Stage::for_key(Path::new("/a")).unwrap();
        let long = Stage::for_key(Path::new(&format!("/a/{}", "x".repeat(80)))).unwrap();
        assert_eq!(short.root.as_os_str().len(), long.root.as_os_str().len());
        assert_eq!(Stage::for_key(Path::new("/a")).unwrap().root, short.root);
        let target = tempfile::tempdir().unwrap();
        let link = short.link("t/src", target.path()).unwrap();
        assert_eq!(fs::canonicalize(&link).unwrap(), fs::canonicalize(target.path()).unwrap());
        assert_eq!(short.link("t/src", target.path()).unwrap(), link);
    }
}
