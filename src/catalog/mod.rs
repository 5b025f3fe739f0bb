//! The parser catalog (`parsers/catalog.toml` and `parsers/<language>/catalog.toml`): what each
//! parser is, how to install its toolchain, build it, run it and read its version. Nothing about a
//! particular parser lives in Rust code. `load` reads and checks the files; `parser` resolves a row
//! against the file system (folders, builds, versions, hooks).

pub mod files;
mod load;
pub mod packages;
mod parser;
mod selector;

use files::copy_program;
pub use load::FILE_NAME;
pub use parser::{first_error_line, missing_packages, Hook, Parser, Readiness, UnusableBuildFolder};
pub use selector::{NoRowMatches, Pattern, Selector};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::payload::PayloadFormat;
use crate::results::error_status::ErrorStatuses;
use serde::{Deserialize, Serialize};

pub use crate::results::{row_key, HOST};

/// One `[[environment]]` table: where rows can be measured besides the host. Either a root file
/// system (`root`: Debian 13), or the host itself with variables that pick another runtime (no
/// `root`, an `env`: a second Node.js that parsers/js/node.sh runs when `NESTPROBE_NODE` names it).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentSpec {
    pub id: String,
    /// What the tables call it, e.g. `Debian 13 (trixie)`, `Node.js 26.12.1`.
    pub name: String,
    /// Where the root is (absolute); `None`: the host's own file system.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<PathBuf>,
    /// A script beside the catalog that makes the environment (run as root by `setup`, with `ROOT`
    /// set for a root, and with the environment's `env`).
    pub setup: Option<String>,
    /// Variables added to the environment of its rows' children and commands (and of their setup
    /// scripts), after the row's own: what a root-less environment is.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
}

impl EnvironmentSpec {
    /// Whether `setup` finished making the root; an environment without a root is the host's, always
    /// there (what its variables pick is checked by its rows' own `check`).
    pub fn is_ready(&self) -> bool {
        self.root.as_ref().is_none_or(|root| root.join(".nestprobe-ready").exists())
    }

    /// The root file system its rows enter, if it has one.
    pub fn root(&self) -> Option<&Path> {
        self.root.as_deref()
    }
}

/// One `[[parser]]` table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub id: String,
    pub language: String,
    pub library: String,
    /// Debian/Ubuntu packages needed to build and run it.
    #[serde(default)]
    pub apt: Vec<String>,
    /// A script in the parser's folder, run as root after the apt packages, for what apt lacks.
    pub setup: Option<String>,
    /// Shell command that exits 0 when the toolchain is usable (besides the apt packages).
    pub check: Option<String>,
    /// Shell command that builds the parser into `$BUILD`; `{package}` is the pinned release as
    /// its installer names it (`orjson==3.13.0`, `json5@2.2.3`), replaced when the catalog loads.
    pub build: Option<String>,
    /// The library's release on npm, PyPI or crates.io that the row measures (in its build, or in
    /// the lockfile beside its program); `nestprobe outdated` compares it with the registry's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub package: Option<crate::registry::Package>,
    /// The argv that runs the parser; `{build}` and `{dir}` are expanded.
    pub run: Vec<String>,
    /// Shell command printing the library's exact version.
    pub version: String,
    /// Shell command printing what the row installed and runs it with, beside the version (a
    /// registry row's interpreter and wheel tag: `CPython 3.11.2, wheel cp311-cp311-manylinux…`);
    /// the version stays the release's own number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub installed: Option<String>,
    /// Shell commands run once before and after probing this parser (e.g. start/stop a server).
    pub before: Option<String>,
    pub after: Option<String>,
    /// Per-trial timeout for this parser, when the default is too short (e.g. "30s").
    pub timeout: Option<String>,
    /// Text by which the runtime's own fatal errors can be told from the library's errors when both
    /// exit with status 1 (a stderr containing one of these is a crash).
    #[serde(default)]
    pub fatal_stderr: Vec<String>,
    /// The exit statuses by which the program reports its library's error, when not only 1 (jq 1.6
    /// exits 4 on input nested too deeply): those are clean errors, unless a signal or the runtime's own fatal message.
    #[serde(default, skip_serializing_if = "ErrorStatuses::is_default")]
    pub error_status: ErrorStatuses,
    /// A memory cap (RLIMIT_AS) for this parser's children, for one that would otherwise eat the
    /// machine at depth (e.g. "4GiB"); a smaller `--memory` of the run wins.
    pub memory: Option<String>,
    /// Variables added to the fixed environment of this parser's children (and its commands).
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    /// Short note for the table: is the limit configurable, and how.
    #[serde(default)]
    pub note: String,
    /// Part of the original bad_json_parsers study: keeps its row even when not measured.
    #[serde(default)]
    pub study: bool,
    /// The folder of the parser program under parsers/, when this row shares another row's program
    /// (another version, environment or build variant); default: the id.
    pub program: Option<String>,
    /// The payload format the program reads (`json` when not given).
    #[serde(default)]
    pub format: PayloadFormat,
    /// The environments this row is measured in: `host` and/or ids of `[[environment]]` tables.
    #[serde(default = "host_only")]
    pub environments: Vec<String>,
    /// Build facts that change the number (compiler flags, features), for the tables: `-O2`.
    pub variant: Option<String>,
    /// The limit the library's documentation states: `{ depth = 128, counts = "nesting", source =
    /// "https://…" }` (`counts`: `nesting`, or the count it is on; `shape`: when not the main one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documented: Option<crate::results::documented::Documented>,
    /// The phases the program can be asked for as its last argument (parse, free, serialize);
    /// each is probed besides the main result, which runs the program without one.
    #[serde(default)]
    pub phases: Vec<crate::results::phase::Phase>,
    /// A service row: `run` starts a server (listening on 127.0.0.1 at `{port}` / `PORT`), and each
    /// trial is one request to it (see [`ServeEntry`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serve: Option<ServeEntry>,
    /// A product row (server software people deploy, started as its package installs it): what
    /// it is and how it was started (see [`ProductEntry`]); its trials go through `serve`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product: Option<ProductEntry>,
    /// The one environment of this expanded row (set when the catalog loads).
    #[serde(skip, default = "host")]
    pub environment: String,
    /// The folder of the catalog file that declares the row (set when the catalog loads): its
    /// program is in `<folder>/<program or id>/`.
    #[serde(skip)]
    pub folder: PathBuf,
}

fn host() -> String {
    HOST.to_string()
}

/// A service row's `[parser.serve]` table: what it is made of, and how its requests are made.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ServeEntry {
    /// The web (or GraphQL) framework: `Flask`.
    pub framework: String,
    /// What accepts the connections: `Werkzeug development server`.
    pub server: String,
    /// The parser library in the request path: `json (CPython)`.
    pub parser: String,
    /// The id of that parser library's command-line row, where the catalog has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub library_row: Option<String>,
    /// The route the trials go to: `/parse`.
    pub path: String,
    /// The route that answers with the parsed body serialized back: the `serialize` phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub echo: Option<String>,
    /// The body template (`{payload}` where the payload goes); default: the payload alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// A product that speaks its own protocol: the client command each trial runs (argv, `{port}`
    /// for the server's port, `{dir}` as in `run`), the payload on its stdin; `path` is then unused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client: Option<Vec<String>>,
    /// The client's exit statuses that carry the product's error (default [1]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_error_status: Option<Vec<i32>>,
    /// The client's exit statuses that say the product answered valid input wrongly without an
    /// error (the client's script checks the answer): a wrong answer, never a clean error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_wrong_status: Option<Vec<i32>>,
    /// The payload as this form field, percent-encoded (application/x-www-form-urlencoded),
    /// instead of a `body`: a query API's `query`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// The payload in this URL query parameter, percent-encoded, the body empty (GET).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub param: Option<String>,
    /// The request's method; default POST (GET with `param`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// The Content-Type; default: the format's (application/json with a `body`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    /// A path answered 2xx once the server is ready; default: its port accepts a connection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready: Option<String>,
    /// How long the server may take to listen, e.g. "120s" (a JVM); default 60 s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_timeout: Option<String>,
}

impl ServeEntry {
    /// What results keep of the service's parts.
    pub fn facts(&self) -> crate::results::service::ServiceFacts {
        crate::results::service::ServiceFacts {
            framework: self.framework.clone(),
            server: self.server.clone(),
            parser: self.parser.clone(),
            library_row: self.library_row.clone(),
        }
    }
}

/// A product row's `[parser.product]` table: the product, its package, the interface its users
/// ask it through, and how it was started.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ProductEntry {
    /// The product: `Prometheus`.
    pub name: String,
    /// The Debian package that installs it: `prometheus`.
    pub package: String,
    /// The interface its users ask it through: `PromQL in POST /api/v1/query (form field query)`.
    pub interface: String,
    /// The command that starts it, as the row's script runs it (`{port}` for the port).
    pub command: String,
    /// The settings it runs with, each `name = value` or a sentence: its documentation's minimal
    /// configuration, and the one setting a row of its own moves.
    #[serde(default)]
    pub settings: Vec<String>,
}

impl ProductEntry {
    /// What results keep of the product; its release is the row's version, set when measured.
    pub fn facts(&self) -> crate::results::product::ProductFacts {
        crate::results::product::ProductFacts {
            name: self.name.clone(),
            package: self.package.clone(),
            release: None,
            interface: self.interface.clone(),
            command: self.command.clone(),
            settings: self.settings.clone(),
        }
    }
}

fn host_only() -> Vec<String> {
    vec![HOST.to_string()]
}

impl Entry {
    /// A row with only what the catalog requires (a C library run by `true`), in `environment`: for
    /// tests that need rows, not programs.
    #[cfg(test)]
    pub fn bare(id: &str, environment: &str) -> Entry {
        let row = format!(
            "id = \"{id}\"\nlanguage = \"c\"\nlibrary = \"x\"\nrun = [\"true\"]\nversion = \"echo 1\""
        );
        let mut entry: Entry = toml::from_str(&row).expect("a bare row reads");
        entry.environment = environment.to_string();
        entry
    }

    /// What identifies the row's results: the id, with `@<environment>` outside the host.
    pub fn key(&self) -> String {
        row_key(&self.id, &self.environment)
    }

    /// The name `--only` takes to select this row in this one environment: `id@environment`, the
    /// host's too (a bare id selects the row in every environment).
    pub fn selector(&self) -> String {
        format!("{}@{}", self.id, self.environment)
    }

    /// The row as it would be pinned to another release of its package (`nestprobe history`), and
    /// where that release is installed from: a build that names the pin installs `version` instead;
    /// any other build installs what the lockfile beside its program holds, which the caller must
    /// move (`PinnedIn::Lockfile`). Refused for a row without a package.
    pub fn at_release(&self, version: &str) -> Result<(Entry, PinnedIn), String> {
        let package =
            self.package.as_ref().ok_or_else(|| format!("{}: the row has no `package`", self.id))?;
        let moved = crate::registry::Package { version: version.to_string(), ..package.clone() };
        moved.check()?;
        let pinned = package.requirement();
        let (build, pinned_in) = match self.build.as_deref() {
            Some(build) if build.contains(&pinned) => {
                (Some(build.replace(&pinned, &moved.requirement())), PinnedIn::Build)
            }
            build => (build.map(String::from), PinnedIn::Lockfile),
        };
        Ok((Entry { build, package: Some(moved), ..self.clone() }, pinned_in))
    }
}

/// Where a row's build gets its pinned release from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinnedIn {
    /// The build command names it (`pip install "orjson==3.13.0"`).
    Build,
    /// The lockfile beside the program (`npm ci`, `cargo build --locked`).
    Lockfile,
}

/// A loaded catalog: entries plus where their folders are.
#[derive(Clone, Debug)]
pub struct Catalog {
    pub path: PathBuf,
    pub environments: Vec<EnvironmentSpec>,
    /// One entry per row and environment, in catalog order.
    pub entries: Vec<Entry>,
}

impl Catalog {
    /// The entries `selector` names, in catalog order; a name that matches no row is refused.
    pub fn select(&self, selector: &Selector) -> Result<Vec<&Entry>, NoRowMatches> {
        if let Some(pattern) = selector.unmatched(&self.entries) {
            return Err(NoRowMatches { pattern: pattern.clone(), catalog: self.path.clone() });
        }
        Ok(self.entries.iter().filter(|entry| selector.selects(entry)).collect())
    }

    /// The `[[environment]]` a row runs in; `None` for the host.
    pub fn environment_of(&self, entry: &Entry) -> Option<&EnvironmentSpec> {
        self.environments.iter().find(|e| e.id == entry.environment)
    }

    /// The folder holding a parser's program: `<program or id>/` beside the catalog file that
    /// declares the row; another row's program is in that row's folder, wherever it is declared.
    pub fn source_dir(&self, entry: &Entry) -> PathBuf {
        let folder = match &entry.program {
            Some(program) => {
                let owner = self.entries.iter().find(|e| &e.id == program).unwrap_or(entry);
                owner.folder.join(program)
            }
            None => entry.folder.join(&entry.id),
        };
        absolute(&folder)
    }

    /// `entry` with its program copied into `into/<language folder>/<id>/` and read from there
    /// (`history` moves a copy's lockfile, never the checkout's).
    pub fn with_program_copied(&self, entry: &Entry, into: &Path) -> Result<Entry> {
        let source = self.source_dir(entry);
        let language = source.parent().and_then(Path::file_name).unwrap_or_default();
        let folder = absolute(&into.join(language));
        copy_program(&source, &folder.join(&entry.id))?;
        Ok(Entry { folder, program: None, ..entry.clone() })
    }

    /// Whether a row can be probed here (built in `build_root`), or why not, including why its
    /// parser cannot even be put together.
    pub fn readiness(&self, entry: &Entry, build_root: &Path) -> Readiness {
        match Parser::new(self, entry, build_root) {
            Ok(parser) => parser.readiness(),
            Err(error) => Readiness::Missing(format!("{error:#}")),
        }
    }
}

pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn load(text: &str) -> Result<Catalog> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("catalog.toml");
        fs::write(&path, text).unwrap();
        Catalog::load(&path)
    }

    const GOOD: &str = r#"
[[parser]]
id = "c-x"
language = "C"
library = "x"
run = ["{build}/parse", "{dir}/data"]
version = "echo 1.0"
"#;

    #[test]
    fn a_minimal_entry_loads_with_defaults() {
        let catalog = load(GOOD).unwrap();
        let entry = &catalog.entries[0];
        assert_eq!(entry.id, "c-x");
        assert!(entry.apt.is_empty() && entry.build.is_none() && !entry.study);
    }

    #[test]
    fn unknown_fields_are_rejected_with_line_and_column() {
        let err = load(&format!("{GOOD}colour = \"red\"\n")).unwrap_err().to_string();
        assert!(err.contains("catalog.toml:8:1: unknown field `colour`"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    #[test]
    fn syntax_errors_are_one_line_with_line_and_column() {
        let err = load(&format!("{GOOD}note = \n")).unwrap_err().to_string();
        assert!(err.contains("catalog.toml:8:8: invalid string; expected"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    #[test]
    fn missing_fields_and_duplicates_are_named() {
        let err = load("[[parser]]\nid = \"a\"\n").unwrap_err().to_string();
        assert!(err.contains("missing field"), "{err}");
        let err = load(&format!("{GOOD}{GOOD}")).unwrap_err().to_string();
        assert!(err.contains("parser `c-x`: duplicate id"), "{err}");
        let err = load(&GOOD.replace("\"c-x\"", "\"C X\"")).unwrap_err().to_string();
        assert!(err.contains("must be lowercase letters"), "{err}");
    }

    #[test]
    fn a_row_at_another_release_installs_it_through_its_build_or_its_lockfile() {
        let pinned = "package = { registry = \"pypi\", name = \"orjson\", version = \"3.10.0\" }\n";
        let catalog =
            load(&format!("{GOOD}{pinned}build = 'pip install \"{{package}}\" && echo ok'\n")).unwrap();
        let (older, pinned_in) = catalog.entries[0].at_release("3.9.1").unwrap();
        assert_eq!(older.build.as_deref(), Some("pip install \"orjson==3.9.1\" && echo ok"));
        assert_eq!(older.package.as_ref().map(|p| p.version.as_str()), Some("3.9.1"));
        assert_eq!(pinned_in, PinnedIn::Build);
        assert!(catalog.entries[0].at_release("not a version").is_err());
        // A build that does not name the pin installs the lockfile's: the build stays, the caller
        // moves the lockfile.
        let locked = load(&format!("{GOOD}{pinned}build = 'npm ci'\n")).unwrap();
        let (older, pinned_in) = locked.entries[0].at_release("3.9.1").unwrap();
        assert_eq!((older.build.as_deref(), pinned_in), (Some("npm ci"), PinnedIn::Lockfile));
        assert_eq!(older.package.as_ref().map(|p| p.version.as_str()), Some("3.9.1"));
        assert!(load(GOOD).unwrap().entries[0].at_release("1.0").unwrap_err().contains("no `package`"));
    }

    #[test]
    fn argv_placeholders_expand_to_staged_folders_of_the_same_length_anywhere() {
        let catalog = load(GOOD).unwrap();
        let short = tempfile::tempdir().unwrap();
        let long = short.path().join("a-much-longer-build-folder-name-than-the-first/x/y");
        let staged = |root: &Path| Parser::new(&catalog, &catalog.entries[0], root).unwrap().argv();
        let (a, b) = (staged(short.path()), staged(&long));
        assert!(a[0].to_string_lossy().starts_with("/tmp/nestprobe-"), "{a:?}");
        assert!(a[0].to_string_lossy().ends_with("/c-x/build/parse"), "{a:?}");
        assert!(a[1].to_string_lossy().ends_with("/c-x/src/data"), "{a:?}");
        assert_ne!(a[0], b[0]);
        assert_eq!(a[0].len(), b[0].len());
        assert_eq!(a[1].len(), b[1].len());
    }

    #[test]
    fn a_row_can_share_another_rows_program_and_name_its_format() {
        let catalog = load(&format!("{GOOD}\n[[parser]]\nid = \"c-x-big\"\nlanguage = \"C\"\nlibrary = \"x\"\nrun = [\"p\"]\nversion = \"true\"\nprogram = \"c-x\"\nformat = \"yaml\"\nenv = {{ LIMIT = \"big\" }}\n")).unwrap();
        let (first, second) = (&catalog.entries[0], &catalog.entries[1]);
        assert_eq!(catalog.source_dir(first), catalog.source_dir(second));
        assert_eq!((first.format.name(), second.format.name()), ("json", "yaml"));
        let err = load(&GOOD.replace("version = \"echo 1.0\"", "version = \"echo 1.0\"\nformat = \"yml\""))
            .unwrap_err();
        assert!(err.to_string().contains("catalog.toml:8:"), "{err}");
        let err = load(&GOOD.replace("version = \"echo 1.0\"", "version = \"echo 1.0\"\nprogram = \"../x\""))
            .unwrap_err();
        assert!(err.to_string().contains("`program` must name a folder"), "{err}");
        let err = load(
            &GOOD.replace("version = \"echo 1.0\"", "version = \"echo 1.0\"\nenv = { \"A B\" = \"1\" }"),
        )
        .unwrap_err();
        assert!(err.to_string().contains("is not a variable name"), "{err}");
    }

    #[test]
    fn a_package_is_written_once_and_interpolated_into_the_build() {
        let pinned = |package: &str, build: &str| {
            GOOD.replace(
                "version = \"echo 1.0\"",
                &format!("version = \"echo 1.0\"\npackage = {package}\nbuild = '{build}'"),
            )
        };
        let pip = pinned(
            r#"{ registry = "pypi", name = "orjson", version = "3.13.0" }"#,
            r#"pip install "{package}""#,
        );
        let catalog = load(&pip).unwrap();
        assert_eq!(catalog.entries[0].build.as_deref(), Some(r#"pip install "orjson==3.13.0""#));
        assert_eq!(catalog.entries[0].package.as_ref().unwrap().series, None);
        let npm = pinned(
            r#"{ registry = "npm", name = "graphql", version = "16.11.0", series = "16" }"#,
            "npm i {package}",
        );
        assert_eq!(load(&npm).unwrap().entries[0].build.as_deref(), Some("npm i graphql@16.11.0"));

        let err = load(&pinned(r#"{ registry = "rubygems", name = "x", version = "1.0.0" }"#, "true"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("registry `rubygems` is out of scope"), "{err}");
        assert!(err.contains("catalog.toml:8:"), "{err}");
        let err = load(&pinned(r#"{ registry = "npm", name = "x", version = "^1.0" }"#, "true")).unwrap_err();
        assert!(err.to_string().contains("parser `c-x`: `package`: `^1.0` is not an exact semver"), "{err}");
        let err =
            load(&pinned(r#"{ registry = "npm", name = "x", version = "17.0.0", series = "16" }"#, "true"))
                .unwrap_err();
        assert!(err.to_string().contains("not in its series"), "{err}");
        let unpinned =
            GOOD.replace("version = \"echo 1.0\"", "version = \"echo 1.0\"\nbuild = 'npm i {package}'");
        let err = load(&unpinned).unwrap_err().to_string();
        assert!(err.contains("`build` names {package} but the row has no `package`"), "{err}");
    }

    const ROOTED: &str = r#"
[[environment]]
id = "debian13"
name = "Debian 13 (trixie)"
root = "/opt/nestprobe/debian13"
setup = "environments/debian13.sh"
"#;

    #[test]
    fn a_row_in_several_environments_expands_to_one_entry_each_with_its_own_key() {
        let text = format!(
            "{ROOTED}{}",
            GOOD.replace(
                "version = \"echo 1.0\"",
                "version = \"echo 1.0\"\nenvironments = [\"host\", \"debian13\"]\nvariant = \"-O2\""
            )
        );
        let catalog = load(&text).unwrap();
        let keys: Vec<String> = catalog.entries.iter().map(Entry::key).collect();
        assert_eq!(keys, ["c-x", "c-x@debian13"]);
        assert!(catalog.entries.iter().all(|e| e.variant.as_deref() == Some("-O2")));
        assert!(catalog.environment_of(&catalog.entries[0]).is_none());
        assert_eq!(catalog.environment_of(&catalog.entries[1]).unwrap().name, "Debian 13 (trixie)");
        // An id selects the row everywhere, a key one environment of it.
        let only = |name: &str| Selector::new(vec![name.parse().unwrap()]);
        assert_eq!(catalog.select(&only("c-x")).unwrap().len(), 2);
        let one = catalog.select(&only("c-x@debian13")).unwrap();
        assert_eq!((one.len(), one[0].environment.as_str()), (1, "debian13"));
        let host = catalog.select(&only("c-x@host")).unwrap();
        assert_eq!((host.len(), host[0].key().as_str()), (1, "c-x"));
        let err = catalog.select(&only("c-x@debian14")).unwrap_err().to_string();
        assert!(err.contains("no parser `c-x@debian14`"), "{err}");
        // Both environments build in their own folders, from the same program folder.
        let build = tempfile::tempdir().unwrap();
        let host = Parser::new(&catalog, &catalog.entries[0], build.path()).unwrap();
        let rooted = Parser::new(&catalog, &catalog.entries[1], build.path()).unwrap();
        assert!(rooted.build_dir.ends_with("c-x@debian13/build"), "{}", rooted.build_dir.display());
        assert_eq!(host.build_dir.as_os_str().len() + "@debian13".len(), rooted.build_dir.as_os_str().len());
        assert!(build.path().join("c-x@debian13").is_dir());
    }

    #[test]
    fn an_environment_without_a_root_is_the_host_with_its_variables() {
        let runtime = "[[environment]]\nid = \"node26\"\nname = \"Node.js 26.12.1\"\nenv = { NESTPROBE_NODE = \"26.12.1\" }\n";
        let text = format!(
            "{runtime}{}",
            GOOD.replace(
                "version = \"echo 1.0\"",
                "version = \"echo 1.0\"\nenvironments = [\"host\", \"node26\"]\nenv = { A = \"1\" }"
            )
        );
        let catalog = load(&text).unwrap();
        let keys: Vec<String> = catalog.entries.iter().map(Entry::key).collect();
        assert_eq!(keys, ["c-x", "c-x@node26"]);
        let environment = catalog.environment_of(&catalog.entries[1]).unwrap();
        assert_eq!((environment.root(), environment.is_ready()), (None, true));
        assert_eq!(environment.env.get("NESTPROBE_NODE").map(String::as_str), Some("26.12.1"));
        // Its rows run on the host (no root to enter), in build folders of their own, with the
        // row's variables and the environment's.
        let build = tempfile::tempdir().unwrap();
        let parser = Parser::new(&catalog, &catalog.entries[1], build.path()).unwrap();
        assert!(parser.launcher.root().is_none());
        assert!(parser.build_dir.ends_with("c-x@node26/build"), "{}", parser.build_dir.display());
        let vars: Vec<(String, String)> = parser
            .child_env()
            .vars()
            .map(|(k, v)| (k.to_string(), v.to_string_lossy().into_owned()))
            .collect();
        assert!(vars.contains(&("NESTPROBE_NODE".into(), "26.12.1".into())), "{vars:?}");
        assert!(vars.contains(&("A".into(), "1".into())), "{vars:?}");
        let host = Parser::new(&catalog, &catalog.entries[0], build.path()).unwrap();
        assert!(!host.child_env().vars().any(|(k, _)| k == "NESTPROBE_NODE"));
        // Without a root it needs variables (else it is the host again), and they are names.
        let err = load(&format!("{}{GOOD}", runtime.replace("env = { NESTPROBE_NODE = \"26.12.1\" }\n", "")))
            .unwrap_err()
            .to_string();
        assert!(err.contains("environment `node26`: needs a `root`, or an `env`"), "{err}");
        let err = load(&format!("{}{GOOD}", runtime.replace("NESTPROBE_NODE =", "\"A B\" =")))
            .unwrap_err()
            .to_string();
        assert!(err.contains("is not a variable name"), "{err}");
    }

    #[test]
    fn environment_mistakes_are_named() {
        let with_env = |envs: &str| {
            GOOD.replace("version = \"echo 1.0\"", &format!("version = \"echo 1.0\"\nenvironments = {envs}"))
        };
        let err = load(&format!("{ROOTED}{}", with_env("[\"debian14\"]"))).unwrap_err().to_string();
        assert!(err.contains("parser `c-x`: no environment `debian14`"), "{err}");
        let err = load(&format!("{ROOTED}{}", with_env("[]"))).unwrap_err().to_string();
        assert!(err.contains("`environments` is empty"), "{err}");
        let err = load(&format!("{ROOTED}{}", with_env("[\"host\", \"host\"]"))).unwrap_err().to_string();
        assert!(err.contains("listed twice"), "{err}");
        let err = load(&format!("{ROOTED}{ROOTED}{GOOD}")).unwrap_err().to_string();
        assert!(err.contains("environment `debian13`: duplicate id"), "{err}");
        let err =
            load(&format!("{}{GOOD}", ROOTED.replace("\"debian13\"", "\"host\""))).unwrap_err().to_string();
        assert!(err.contains("not `host`"), "{err}");
        let err = load(&format!("{}{GOOD}", ROOTED.replace("/opt/nestprobe/debian13", "roots/13")))
            .unwrap_err()
            .to_string();
        assert!(err.contains("`root` must be an absolute path"), "{err}");
        // A misspelt field of an environment table: one line with its line and column.
        let err = load(&format!("{}{GOOD}", ROOTED.replace("root =", "rot ="))).unwrap_err().to_string();
        assert!(err.contains("catalog.toml:5:1: unknown field `rot`"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }

    #[test]
    fn the_first_error_line_of_a_build_log_is_its_reason() {
        let gcc = "parse.c: In function 'main':\nparse.c:3:5: error: expected ';' before '}' token\n    3 | }\n      | ;\n";
        assert_eq!(first_error_line(gcc), "parse.c:3:5: error: expected ';' before '}' token");
        assert_eq!(first_error_line("one\nlast\n"), "last");
        assert_eq!(first_error_line(""), "no output");
    }

    #[test]
    fn rows_come_from_each_language_folder_and_ids_are_unique_across_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("catalog.toml");
        let row = |id: &str, extra: &str| {
            format!("[[parser]]\nid = \"{id}\"\nlanguage = \"C\"\nlibrary = \"x\"\nrun = [\"{{dir}}/p\"]\nversion = \"true\"\n{extra}\n")
        };
        fs::write(&root, "[[environment]]\nid = \"e\"\nname = \"E\"\nroot = \"/opt/e\"\n").unwrap();
        for (folder, text) in
            [("c", row("c-a", "")), ("go", row("go-b", "program = \"c-a\"")), ("setup", String::new())]
        {
            fs::create_dir_all(dir.path().join(folder)).unwrap();
            if !text.is_empty() {
                fs::write(dir.path().join(folder).join("catalog.toml"), text).unwrap();
            }
        }
        let catalog = Catalog::load(&root).unwrap();
        let ids: Vec<&str> = catalog.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["c-a", "go-b"]);
        // A row's program is in its own language's folder; another row's, in that row's folder.
        let c_a = &catalog.entries[0];
        assert_eq!(catalog.source_dir(c_a), absolute(&dir.path().join("c/c-a")));
        assert_eq!(catalog.source_dir(&catalog.entries[1]), absolute(&dir.path().join("c/c-a")));

        fs::write(dir.path().join("go/catalog.toml"), row("c-a", "")).unwrap();
        let error = Catalog::load(&root).unwrap_err().to_string();
        assert!(error.contains("go/catalog.toml: parser `c-a`: duplicate id (also in"), "{error}");
        assert!(error.contains("c/catalog.toml"), "{error}");

        fs::write(
            dir.path().join("go/catalog.toml"),
            "[[environment]]\nid = \"f\"\nname = \"F\"\nroot = \"/opt/f\"\n",
        )
        .unwrap();
        let error = Catalog::load(&root).unwrap_err().to_string();
        assert!(error.contains("[[environment]] tables belong in"), "{error}");
    }
}
