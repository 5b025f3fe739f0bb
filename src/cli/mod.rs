//! The command line: clap's definitions (here, each option declared once in the group that owns
//! it), their value parsers (`values`), their conversion into the core's option structs
//! (`options`: pure, one function per subcommand), and the man page and completions made from them
//! (`docs`). Only this module and `app` see clap types.

pub mod docs;
pub mod options;
pub mod values;

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::catalog::Pattern;
use crate::gate::FailOn;
use crate::payload::{PayloadFormat, Shape};
use crate::probe::search::Hint;
use crate::results::error_status::ErrorStatuses;
use crate::results::phase::Phase;
use crate::sys::memory::RssCap;
use crate::units::{parse_timeout, Limit};
use values::named;

/// What clap's error means for the user: `None` when it was `--help` or `--version` (printed on
/// stdout here: no error), else the one-line message of a usage error (exit status 2), without
/// clap's own `error:` prefix, so that every error reads `nestprobe: error: …`; its tips stay, the
/// usage synopsis and the pointer to `--help` go.
pub fn usage_error(error: clap::Error) -> Option<String> {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = crate::ui::stdout::text(&error.render().to_string());
            None
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            Some("a subcommand is needed: `nestprobe --help` lists them".to_string())
        }
        _ => Some(one_line(&error.render().to_string())),
    }
}

/// Clap's rendered error as one line: its lines joined, each tip after a `;`, without the usage
/// synopsis and the closing "For more information" line.
fn one_line(rendered: &str) -> String {
    let mut line = String::new();
    let lines = rendered.lines().map(str::trim).filter(|l| !l.is_empty());
    for text in lines.take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information")) {
        let separator = if text.starts_with("tip:") { "; " } else { " " };
        if !line.is_empty() {
            line.push_str(separator);
        }
        line.push_str(text);
    }
    line.trim_start_matches("error:").trim_start().to_string()
}

#[derive(Debug, Parser)]
#[command(name = "nestprobe", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// No progress and no informational lines on stderr: only warnings, errors and failed expectations
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Probe one parser program: find the smallest nesting depth it fails at, and how it fails.
    Probe(Box<ProbeCommandArgs>),
    /// Probe one parser program at several stack sizes and say why it stops where it does.
    Sweep(SweepArgs),
    /// Show the parser catalog and which parsers are ready to probe.
    List(ListArgs),
    /// Build and probe the catalog's parsers; write results.json, results.md/.html, charts, badges, README table.
    Run(RunArgs),
    /// Install the toolchains of the catalog's parsers (Debian/Ubuntu, as root).
    Setup(SetupArgs),
    /// Compare each row's pinned release with its registry's newest (npm, PyPI, crates.io); --bump moves the pins.
    Outdated(OutdatedArgs),
    /// Probe a row's library at its published releases and name each release that changed how it fails.
    History(HistoryArgs),
    /// List the published nesting advisories with their rows and verdicts; --measure measures both sides of a registry advisory's fix.
    Advisories(AdvisoriesArgs),
    /// Merge per-parser results (e.g. from CI jobs) into results.json and regenerate the reports.
    Merge(MergeArgs),
    /// Regenerate results.md, results.html, the README table, badges and charts from results.json.
    Render(RenderArgs),
    /// Which of your dependencies crash on deep input, at the releases your lockfiles lock.
    Audit(Box<AuditArgs>),
    /// Print a shell completion script on stdout (bash, zsh, fish, elvish, powershell).
    Completions(CompletionsArgs),
    /// Print the man page (roff) on stdout, or write one page per subcommand into a folder.
    Man(ManArgs),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

// The groups of options several subcommands share, each option declared once, with its help.

/// Options shared by everything that runs parser programs.
#[derive(Debug, Args, Clone)]
pub struct TrialArgs {
    /// Stack limit (RLIMIT_STACK) of every child: 512KiB, 8MiB, 64M, bytes, or `unlimited`
    #[arg(long, value_name = "SIZE", default_value = "8MiB")]
    pub stack: Limit,
    /// Per-trial timeout: 10, 10s, 500ms, at most a day (24h); the child is killed with its process
    /// group after it
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// Largest depth tried, at most 100,000,000; if it is accepted, the parser has no limit up to it
    #[arg(long, value_name = "N", default_value_t = 5_000_000, value_parser = values::depth)]
    pub max_depth: u64,
    /// Address-space cap (RLIMIT_AS) of every child, e.g. 4GiB (breaks runtimes that reserve large
    /// ranges: GHC, JVM, V8, Go; --max-rss is the safe cap)
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<Limit>,
    /// Resident-memory cap of every child's process group, sampled every 25 ms: over it the group is
    /// killed and the depth fails as out of memory. `auto`: half of MemTotal (or MemAvailable, if
    /// less), divided by the parsers probed at once (`run --jobs`), in 64 MiB steps, at least 256 MiB;
    /// `none`: no cap
    #[arg(long, value_name = "SIZE|auto|none", default_value = "auto")]
    pub max_rss: RssCap,
    /// Keep address-space randomisation (by default it is disabled so stack-bound limits repeat)
    #[arg(long)]
    pub aslr: bool,
    /// Give every child this variable too (repeatable); children otherwise get a fixed environment
    #[arg(long = "env", value_name = "NAME=VALUE", value_parser = crate::sys::child_env::parse_assignment)]
    pub env: Vec<(String, String)>,
    /// Pass nestprobe's whole environment to children instead of the fixed one, PATH and HOME
    /// included (less reproducible: the environment sits on the child's stack). A `cargo run …`
    /// command needs it (cargo wants its HOME and PATH), or give the built binary instead
    #[arg(long)]
    pub inherit_env: bool,
}

/// The catalog file, for the commands that read it.
#[derive(Debug, Args, Clone)]
pub struct CatalogFileArgs {
    /// The parser catalog: its rows, in the order the reports keep
    #[arg(value_parser = values::path, long, value_name = "FILE", default_value = "parsers/catalog.toml")]
    pub catalog: PathBuf,
}

/// Which of the catalog's rows a command works on.
#[derive(Debug, Args, Clone)]
pub struct RowArgs {
    /// Only these parsers: an id (every environment of the row) or a key `id@environment`; repeat or
    /// separate with commas. A name that matches no row is refused
    #[arg(long, value_name = "ID", value_delimiter = ',')]
    pub only: Vec<Pattern>,
}

/// The catalog's rows a command works on, and where they are built.
#[derive(Debug, Args, Clone)]
pub struct CatalogArgs {
    #[command(flatten)]
    pub file: CatalogFileArgs,
    #[command(flatten)]
    pub rows: RowArgs,
    /// Only the I-th of N shards of the selected rows, as `list --shards N` shows them (CI runs one
    /// job per shard)
    #[arg(long, value_name = "I/N")]
    pub shard: Option<crate::run::plan::ShardSpec>,
    /// Previous results whose timings balance the shards (rows count the same without them)
    #[arg(value_parser = values::path, long, value_name = "FILE", default_value = "results.json")]
    pub costs: PathBuf,
    #[command(flatten)]
    pub build: BuildDirArgs,
}

/// Where the catalog's programs are built.
#[derive(Debug, Args, Clone)]
pub struct BuildDirArgs {
    /// Where parsers are built (one folder per parser)
    #[arg(value_parser = values::path, long, value_name = "DIR", default_value = "target/parsers")]
    pub build_dir: PathBuf,
}

/// Where a command writes results.json and the reports made from it.
#[derive(Debug, Args, Clone)]
pub struct OutputArgs {
    /// Where results.json, results.md, results.csv, results.html, charts/ and badges/ go
    #[arg(value_parser = values::path, long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,
    /// The README whose marked table block is regenerated (skipped if it does not exist) [default:
    /// README.md in --out]
    #[arg(value_parser = values::path, long, value_name = "FILE")]
    pub readme: Option<PathBuf>,
}

/// How a command prints what it found on stdout.
#[derive(Debug, Args, Clone)]
pub struct FormatArgs {
    /// Output format: text to read, or one JSON value for tools
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Files for other tools: CI test reporters and GitHub code scanning.
#[derive(Debug, Args, Clone, Default)]
pub struct ExportArgs {
    /// Write the results as JUnit XML to this file (CI test reporters): a crash, running out of time
    /// or memory, or accepting invalid input is a failing test
    #[arg(value_parser = values::path, long, value_name = "FILE.xml")]
    pub junit: Option<PathBuf>,
    /// Write the results as SARIF 2.1.0 to this file, for GitHub code scanning (upload it with
    /// github/codeql-action/upload-sarif, which needs `security-events: write`): a crash is an
    /// error naming the library, the depth and the phase
    #[arg(value_parser = values::path, long, value_name = "FILE.sarif")]
    pub sarif: Option<PathBuf>,
    /// The repository file the SARIF results point at (code scanning shows a result only at a file
    /// of the repository) [default: in GitHub Actions, the workflow file running nestprobe]
    #[arg(long, value_name = "FILE", requires = "sarif")]
    pub sarif_location: Option<String>,
}

/// Expectations: a result that breaks one makes nestprobe exit 4, with one line per broken one.
#[derive(Debug, Args, Clone, Default)]
pub struct GateArgs {
    /// Exit 4 when the parser fails this way (comma-separated outcome words: crash, clean-error,
    /// exhausts-time, exhausts-memory, accepts-invalid-input, unstable, input-not-read, no-limit;
    /// the older error, timeout, out-of-memory and accepted still work)
    #[arg(long, value_name = "OUTCOMES", value_delimiter = ',', value_parser = named::<FailOn>(FailOn::names()))]
    pub fail_on: Vec<FailOn>,
    /// Exit 4 when the parser fails at a depth below N (its smallest failing depth is less than N)
    #[arg(long, value_name = "N", value_parser = values::depth)]
    pub expect_min_depth: Option<u64>,
    /// Exit 4 when the parser accepts a depth above N (no limit, or a limit above N)
    #[arg(long, value_name = "N", value_parser = values::depth)]
    pub expect_max_depth: Option<u64>,
}

// The subcommands: each flattens the groups it takes and declares only its own options.

/// What `probe` and `sweep` share: one parser program and how to probe it.
#[derive(Debug, Args)]
pub struct ProbeArgs {
    #[command(flatten)]
    pub trial: TrialArgs,
    /// Format of the payloads (not of the output: that is --format)
    #[arg(long, value_name = "FORMAT", default_value = "json", value_parser = named::<PayloadFormat>(PayloadFormat::names()))]
    pub payload: PayloadFormat,
    /// Nesting shape of the payloads [default: the format's main shape, e.g. array for json, element
    /// for xml]
    #[arg(long, value_parser = named::<Shape>(Shape::ALL.map(Shape::name)))]
    pub shape: Option<Shape>,
    /// Ask the program for this phase, passed as its last argument: parse (then end at once), free
    /// (then release the value), serialize (then write it back); the result records it
    #[arg(long, value_parser = named::<Phase>(Phase::ALL.map(Phase::name)))]
    pub phase: Option<Phase>,
    /// The boundary found last time: confirm it in two trials instead of searching (`none`: no
    /// limit; `slow:N`: slow, N the deepest depth it finished; `unstable:LOW-HIGH`: outcomes
    /// disagreed there, LOW the lowest failing and HIGH the highest passing depth;
    /// `unstable-timeout:LOW-HIGH`: the same where the failures ran out of time)
    #[arg(long, value_name = "DEPTH", value_parser = values::hint)]
    pub hint: Option<Hint>,
    /// Run the boundary this many times in all (at most 1,000) and report the window where the
    /// outcome flips
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = values::repeat)]
    pub repeat: u32,
    /// Trials run at once: N depths split the candidates into N + 1 parts, and the two trials that
    /// verify a boundary run side by side; the answer is the same as with 1. A parser that was slow
    /// (a trial near the timeout) gets one trial at a time [default: the number of CPUs]
    #[arg(short, long, value_name = "N", value_parser = values::at_least_one::<usize>)]
    pub jobs: Option<usize>,
    /// The exit statuses by which the program reports its library's error, comma-separated (jq 1.6
    /// exits 4 on input nested too deeply: `--error-status 1,4`): those are clean errors, and every
    /// other status a crash. A signal, or a runtime's own fatal message (Go's "goroutine stack
    /// exceeds", which exits 2), stays a crash
    #[arg(long, value_name = "STATUSES", default_value = "1")]
    pub error_status: ErrorStatuses,
    #[command(flatten)]
    pub output: FormatArgs,
    /// Print every trial on stderr
    #[arg(short, long)]
    pub verbose: bool,
    /// Run the program inside this root file system (a Debian 13 root made by `setup`, say), from
    /// its `/`, with the host's /tmp, /proc, /dev and /sys; needs root or user namespaces
    #[arg(value_parser = values::path, long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// The parser program and its arguments: it reads the payload on stdin, exits 0 if it parsed, 1 on error
    /// (after `--`, or after the last option: everything from the first word that is not an option).
    /// A bare program name is looked up on your PATH (inside --root, on the fixed PATH there), and
    /// the result names the file that ran.
    ///
    /// With --serve: the server to start, in the foreground, which listens on the URL's loopback
    /// address (127.0.0.1 or [::1]) at the port nestprobe puts in `{port}` (in its arguments and the
    /// URL) and in PORT; without a command, --serve probes a service already running.
    #[arg(trailing_var_arg = true, allow_hyphen_values = false, value_name = "CMD")]
    pub command: Vec<OsString>,
}

/// Probing a service: a server started once (or one already running), one request a trial.
#[derive(Debug, Args, Clone, Default)]
pub struct ServeArgs {
    /// Probe a web service: each payload is the body of one request (on a fresh connection) to this
    /// URL, e.g. http://127.0.0.1:{port}/parse; the command after `--` is the server. After each
    /// request the service must still run and answer a depth-1 request; one that died is started
    /// again. Without a command the service must already run (it cannot be restarted: the probe
    /// stops at its first death)
    #[arg(long, value_name = "URL", value_parser = values::service_url)]
    pub serve: Option<crate::probe::transport::service::ServiceUrl>,
    /// A path (or URL) answered 2xx once the server is ready [default: its port accepts a connection]
    #[arg(long, value_name = "PATH", requires = "serve")]
    pub ready: Option<String>,
    /// The request body, `{payload}` where the payload goes (escaped as a JSON string where the
    /// template puts it inside one: '{"query": "{payload}"}') [default: the payload itself]
    #[arg(long, value_name = "TEMPLATE", requires = "serve", value_parser = values::body_template)]
    pub body: Option<crate::probe::transport::service::BodyTemplate>,
    /// Each trial runs this client command (the product's own CLI, `{port}` for the server's port,
    /// split as a shell splits it) with the payload on its stdin, against the server after `--`,
    /// started, watched and restarted as --serve does (give --serve tcp://127.0.0.1:{port}). Its
    /// exit status 1 (or --client-error-status) is the product's error; a client killed by a
    /// signal, another status, or a client that hangs while the server is idle, is the client's own
    /// failure and ends the probe
    #[arg(long, value_name = "CMD", requires = "serve", conflicts_with_all = ["body", "form", "param"])]
    pub client: Option<String>,
    /// The client's exit statuses that carry the product's error [default: 1]
    #[arg(long, value_name = "CODES", requires = "client", value_delimiter = ',')]
    pub client_error_status: Vec<i32>,
    /// The client's exit statuses that say the product answered valid input wrongly without an
    /// error (the client checks the answer): a wrong answer, never a clean error
    #[arg(long, value_name = "CODES", requires = "client", value_delimiter = ',')]
    pub client_wrong_status: Vec<i32>,
    /// The payload as the form field FIELD, percent-encoded (Content-Type
    /// application/x-www-form-urlencoded): a query API's `query=`
    #[arg(long, value_name = "FIELD", requires = "serve", conflicts_with = "body")]
    pub form: Option<String>,
    /// The payload in the URL's query parameter NAME, percent-encoded, the body empty (the method
    /// GET unless told): a request whose URL length the server may cap
    #[arg(long, value_name = "NAME", requires = "serve", conflicts_with_all = ["body", "form"])]
    pub param: Option<String>,
    /// The request's Content-Type [default: the payload format's, application/json with --body]
    #[arg(long, value_name = "TYPE", requires = "serve")]
    pub content_type: Option<String>,
    /// The request's method [default: POST; GET with --param]
    #[arg(long, value_name = "METHOD", requires = "serve")]
    pub method: Option<String>,
    /// The state each trial meets: `cold`, a fresh server for every trial; `warm`, one server warmed
    /// after each start by 300 valid requests of depth 32 (a JIT's optimised frames move a limit)
    #[arg(long, value_name = "STATE", requires = "serve", default_value = "cold", value_parser = ["cold", "warm"])]
    pub state: String,
    /// Allow a --serve URL that is not this machine's loopback (requests then leave the machine)
    #[arg(long, requires = "serve")]
    pub remote: bool,
    /// How long the server may take to listen (or answer --ready) after it is started
    #[arg(long, value_name = "DURATION", requires = "serve", default_value = "60s", value_parser = parse_timeout)]
    pub start_timeout: Duration,
}

/// `probe`'s own options on top of those it shares with `sweep`.
#[derive(Debug, Args)]
pub struct ProbeCommandArgs {
    #[command(flatten)]
    pub probe: ProbeArgs,
    #[command(flatten)]
    pub serve: ServeArgs,
    #[command(flatten)]
    pub gate: GateArgs,
    #[command(flatten)]
    pub exports: ExportArgs,
    /// Write a badge of the result (SVG) to this file
    #[arg(value_parser = values::path, long, value_name = "FILE.svg")]
    pub badge: Option<PathBuf>,
    /// Label of the --badge [default: `nested FORMAT`]
    #[arg(long, value_name = "TEXT", requires = "badge")]
    pub badge_label: Option<String>,
    /// Write a markdown summary of the result to this file, or append it if the file exists (e.g.
    /// $GITHUB_STEP_SUMMARY)
    #[arg(value_parser = values::path, long, value_name = "FILE.md")]
    pub summary: Option<PathBuf>,
    /// Probe at each of these stack sizes (128KiB: musl threads, 512KiB: macOS threads, 1MiB:
    /// Windows and JVM threads, 2MiB: Rust threads, 8MiB: Linux's main thread) and print one line
    /// per stack and why the parser stops where it does; expectations apply at every stack
    #[arg(long, value_name = "SIZES", value_delimiter = ',', conflicts_with_all = ["serve", "badge", "summary"])]
    pub stacks: Vec<Limit>,
}

#[derive(Debug, Args)]
pub struct SweepArgs {
    #[command(flatten)]
    pub probe: ProbeArgs,
    /// Stack sizes to probe at, comma-separated
    #[arg(long, value_name = "SIZES", value_delimiter = ',', default_value = crate::probe::sweep::DEFAULT_STACKS)]
    pub stacks: Vec<Limit>,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub catalog: CatalogArgs,
    #[command(flatten)]
    pub output: FormatArgs,
    /// Print the rows split into N shards (for a CI matrix) instead of the rows
    #[arg(long, value_name = "N", value_parser = values::at_least_one::<u16>, conflicts_with = "shard")]
    pub shards: Option<u16>,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    pub catalog: CatalogArgs,
    #[command(flatten)]
    pub trial: TrialArgs,
    /// Parsers probed at once (default: the number of CPUs); the CPUs they leave run trials of one
    /// probe side by side (`-j 1` on 4 CPUs: 4 trials at once, as `probe --jobs 4`)
    #[arg(short, long, value_name = "N", value_parser = values::at_least_one::<usize>)]
    pub jobs: Option<usize>,
    /// Previous results whose boundaries are confirmed instead of searched (default: the
    /// existing results.json, if any)
    #[arg(value_parser = values::path, long, value_name = "FILE", conflicts_with = "cold")]
    pub baseline: Option<PathBuf>,
    /// Ignore previous results: search every boundary from scratch
    #[arg(long)]
    pub cold: bool,
    /// Search every boundary from scratch and write what this run found, even where the same-fact
    /// rules would keep the committed record (after a fix to how a row is measured; with --only,
    /// those rows)
    #[arg(long, conflicts_with_all = ["cold", "baseline"])]
    pub remeasure: bool,
    /// Confirm every fact: probe every row again, also those whose fingerprint (program, catalog
    /// fields, versions, environment, settings, nestprobe's method) did not change since their last
    /// confirmation, which a run otherwise reuses except for its rotation's share (with --only,
    /// those rows)
    #[arg(long)]
    pub full: bool,
    /// Measure each row's boundary only: skip the extra measurements (object and unclosed shapes,
    /// stack sweep, phases, and the shallower trials that tell how a parser without a limit slows);
    /// what it skips stays in results.json as it was
    #[arg(long)]
    pub quick: bool,
    /// Print where the run's time went at the end: per row, probes vs build, version, hooks and
    /// checks (results.json keeps each row's `timings` too)
    #[arg(long)]
    pub timings: bool,
    #[command(flatten)]
    pub gate: GateArgs,
    #[command(flatten)]
    pub exports: ExportArgs,
    /// Write results.json for the probed parsers only and leave the reports alone (for CI matrix jobs)
    #[arg(value_parser = values::path, long, value_name = "FILE")]
    pub json_only: Option<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct SetupArgs {
    #[command(flatten)]
    pub catalog: CatalogArgs,
    /// Builds run at once (default: the number of CPUs): a build waits on downloads, the disk or
    /// one core (pip, npm, a link) much of its time
    #[arg(short, long, value_name = "N", value_parser = values::at_least_one::<usize>)]
    pub jobs: Option<usize>,
    /// Print what would be installed without installing
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Debug, Args)]
pub struct OutdatedArgs {
    #[command(flatten)]
    pub catalog: CatalogFileArgs,
    #[command(flatten)]
    pub rows: RowArgs,
    #[command(flatten)]
    pub output: FormatArgs,
    /// Move each pin behind its series' newest release to it, in the catalog file and the lockfile
    /// beside the row's program (npm, cargo)
    #[arg(long)]
    pub bump: bool,
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The row whose library is searched: its id, or `id@environment` for a row in several
    /// environments
    #[arg(value_name = "ROW")]
    pub row: Pattern,
    /// Only the releases published from this one on (pre-releases, withdrawn releases and other
    /// series are never searched)
    #[arg(long, value_name = "VERSION")]
    pub since: Option<String>,
    #[command(flatten)]
    pub catalog: CatalogFileArgs,
    #[command(flatten)]
    pub build: BuildDirArgs,
    #[command(flatten)]
    pub trial: TrialArgs,
    #[command(flatten)]
    pub format: FormatArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct AdvisoriesArgs {
    /// Only this advisory (its id or an alias) or the advisories of this row
    #[arg(value_name = "ID|ROW")]
    pub which: Option<String>,
    /// Measure the last affected and the first fixed release of each registry advisory (npm, PyPI,
    /// crates.io) with its row's program, keep them in the row's record in --out's results.json and
    /// regenerate the reports
    #[arg(long)]
    pub measure: bool,
    #[command(flatten)]
    pub catalog: CatalogFileArgs,
    #[command(flatten)]
    pub build: BuildDirArgs,
    #[command(flatten)]
    pub trial: TrialArgs,
    #[command(flatten)]
    pub format: FormatArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// results.json files to merge; later files win for the same parser id
    #[arg(value_parser = values::path, required = true, value_name = "FILE")]
    pub inputs: Vec<PathBuf>,
    /// Rows no file has keep their record from the results.json in --out (merging a few rows into
    /// the committed results), instead of becoming "no result from this run" (CI's shards)
    #[arg(long)]
    pub keep: bool,
    #[command(flatten)]
    pub catalog: CatalogFileArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The results to render
    #[arg(value_parser = values::path, long, value_name = "FILE", default_value = "results.json")]
    pub results: PathBuf,
    /// The catalog whose rows' packages (purls) and advisories' verdicts the records get, derived,
    /// not measured [default: parsers/catalog.toml, where it exists]
    #[arg(value_parser = values::path, long, value_name = "FILE")]
    pub catalog: Option<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What `audit` writes on stdout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AuditFormat {
    Text,
    Json,
    Sarif,
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Lockfiles, SBOMs (CycloneDX, SPDX JSON), dpkg status files, or folders: a folder's lockfiles,
    /// or a system root's var/lib/dpkg/status [default: the lockfiles in the current folder]
    #[arg(value_parser = values::path, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The atlas to match against [default: $NESTPROBE_RESULTS, else the results.json of the
    /// nestprobe checkout this binary was built from, else ./results.json]
    #[arg(value_parser = values::path, long, value_name = "FILE")]
    pub results: Option<PathBuf>,
    /// The catalog whose rows name their packages, for a results.json written before it had them
    /// [default: parsers/catalog.toml beside the results, where it exists]
    #[arg(value_parser = values::path, long, value_name = "FILE")]
    pub catalog: Option<PathBuf>,
    /// Output format: a table to read, JSON for tools, or SARIF 2.1.0 for code scanning (each
    /// result at the lockfile's line)
    #[arg(long, value_enum, default_value_t = AuditFormat::Text)]
    pub format: AuditFormat,
    /// Also write the findings as JUnit XML to this file
    #[arg(value_parser = values::path, long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Exit 4 when a locked release has one of these outcomes (comma-separated: crash,
    /// exhausts-memory, exhausts-time, unstable, clean-error, no-limit, flattened, server-error,
    /// refused-by-size, unresponsive; `unmeasured`: a release the atlas did not measure)
    #[arg(long, value_name = "OUTCOMES", value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(crate::audit::output::OUTCOMES))]
    pub fail_on: Vec<String>,
    /// Exit 4 when a locked release fails at a depth below N
    #[arg(long, value_name = "N", value_parser = values::depth)]
    pub min_depth: Option<u64>,
    /// Measure each locked npm, PyPI or crates.io release the atlas has not measured, with its
    /// row's program (as `history` does), caching what it measured under --build-dir
    #[arg(long)]
    pub measure: bool,
    #[command(flatten)]
    pub build: BuildDirArgs,
    #[command(flatten)]
    pub trial: TrialArgs,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write nestprobe.1 and one nestprobe-<command>.1 per subcommand into this folder instead
    #[arg(value_parser = values::path, long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_option_of_every_subcommand_has_its_help() {
        let mut cli = Cli::command();
        cli.build();
        for sub in cli.get_subcommands() {
            for arg in sub.get_arguments() {
                assert!(arg.get_help().is_some(), "`{} --{}` has no help", sub.get_name(), arg.get_id());
            }
        }
    }

    #[test]
    fn counts_are_refused_alike_in_every_subcommand() {
        let error = |args: &[&str]| {
            let error = Cli::try_parse_from([&["nestprobe"], args].concat()).unwrap_err();
            usage_error(error).unwrap()
        };
        for jobs in [&["run", "-j", "0"][..], &["probe", "-j", "0", "--", "p"]] {
            assert!(error(jobs).contains("'--jobs <N>': must be at least 1, got 0"), "{}", error(jobs));
        }
        let repeat = error(&["probe", "--repeat", "1001", "--", "p"]);
        assert!(repeat.contains("'--repeat <N>': must be at most 1,000, got 1001"), "{repeat}");
        assert!(error(&["run", "--only", "a,,b"]).contains("empty name"));
    }

    #[test]
    fn the_readme_regenerated_is_the_one_beside_the_other_outputs_unless_given() {
        let options = |args: &[&str]| {
            let cli = Cli::try_parse_from([&["nestprobe", "run"], args].concat()).unwrap();
            let Command::Run(run) = cli.command else { panic!("not run") };
            run.command(None).unwrap().options.readme
        };
        use std::path::Path;
        assert_eq!(options(&[]), Path::new(".").join("README.md"));
        assert_eq!(options(&["--out", "/tmp/x"]), Path::new("/tmp/x/README.md"));
        assert_eq!(options(&["--out", "/tmp/x", "--readme", "/tmp/R.md"]), Path::new("/tmp/R.md"));
    }

    #[test]
    fn history_takes_one_row_the_releases_since_and_where_it_builds_and_keeps_them() {
        let cli = Cli::try_parse_from([
            "nestprobe",
            "history",
            "js-asn1js",
            "--since",
            "3.0.6",
            "--build-dir",
            "/tmp/b",
            "--max-depth",
            "5000",
        ])
        .unwrap();
        let Command::History(args) = cli.command else { panic!("not history") };
        let command = args.command();
        assert_eq!(command.since.as_deref(), Some("3.0.6"));
        assert_eq!(command.build_dir, PathBuf::from("/tmp/b"));
        assert_eq!(command.trial.max_depth, 5000);
        assert_eq!((command.out, command.format), (PathBuf::from("."), Format::Text));
        assert!(Cli::try_parse_from(["nestprobe", "history"]).is_err(), "the row is required");
    }

    // What the staged probe looks like (its links, its program) is app::probe's test.
    #[test]
    fn probe_defaults_match_the_documentation() {
        let cli = Cli::try_parse_from(["nestprobe", "probe", "--", "python3", "p.py"]).unwrap();
        let Command::Probe(args) = cli.command else { panic!("not probe") };
        let command = args.command(None).unwrap();
        assert!(command.expectations.is_empty() && command.badge.is_none() && command.summary.is_none());
        let request = command.request;
        assert_eq!(request.trial.stack, Limit::Bytes(8 * 1024 * 1024));
        assert_eq!(request.trial.timeout, Duration::from_secs(10));
        assert_eq!(request.trial.max_depth, 5_000_000);
        assert_eq!(request.payload, PayloadFormat::JSON);
        assert_eq!(request.shape, Shape::Array);
        assert!(!request.trial.aslr);
        assert_eq!(request.trial.memory, None);
        // Trials at once default to the number of CPUs (resolved where the probe is staged), and
        // the resident cap is on by default.
        assert_eq!(request.jobs, None);
        assert_eq!(request.trial.max_rss, RssCap::Auto);
        assert_eq!(request.command, ["python3", "p.py"]);
        assert_eq!((request.repeat, request.format, request.verbose), (1, Format::Text, false));
    }

    #[test]
    fn payload_formats_and_shapes_by_name() {
        let parse = |args: &[&str]| {
            let argv = ["nestprobe", "probe"].iter().chain(args).chain(&["--", "true"]);
            match Cli::try_parse_from(argv).map(|cli| cli.command) {
                Ok(Command::Probe(args)) => args.probe.request().map_err(|e| e.to_string()),
                Ok(_) => panic!("not probe"),
                Err(e) => Err(e.to_string()),
            }
        };
        let yaml = parse(&["--payload", "yaml", "--shape", "object"]).unwrap();
        assert_eq!((yaml.payload.name(), yaml.shape), ("yaml", Shape::Object));
        // Without --shape, the format's main shape.
        assert_eq!(parse(&["--payload", "xml"]).unwrap().shape, Shape::Element);
        assert_eq!(parse(&["--payload", "protobuf"]).unwrap().shape, Shape::Object);
        let unknown = parse(&["--payload", "yamll"]).unwrap_err();
        assert!(unknown.contains("yaml") && unknown.contains("msgpack"), "{unknown}");
        assert!(parse(&["--shape", "tree"]).is_err());
        // Output format and payload format are separate options.
        assert!(parse(&["--format", "yaml"]).is_err());
        // A shape the format does not have is refused after parsing, as a usage error.
        assert!(parse(&["--payload", "xml", "--shape", "object"]).is_err());
    }

    #[test]
    fn expectations_by_name() {
        let parse = |args: &[&str]| {
            let argv = ["nestprobe", "probe"].iter().chain(args).chain(&["--", "true"]);
            match Cli::try_parse_from(argv).map(|cli| cli.command) {
                Ok(Command::Probe(args)) => Ok(args.gate.expectations(args.probe.trial.max_depth).unwrap()),
                Ok(_) => panic!("not probe"),
                Err(e) => Err(e.to_string()),
            }
        };
        // The older name `timeout` stands for its outcome word.
        let all = parse(&["--fail-on", "crash,timeout,unstable,exhausts-memory,no-limit"]).unwrap();
        assert_eq!(
            all.fail_on.iter().map(|f| f.name()).collect::<Vec<_>>(),
            ["crash", "exhausts-time", "unstable", "exhausts-memory", "no-limit"]
        );
        let depths = parse(&["--expect-min-depth", "64", "--expect-max-depth", "1000"]).unwrap();
        assert_eq!((depths.min_depth, depths.max_depth), (Some(64), Some(1000)));
        assert!(parse(&["--fail-on", "segfault"]).unwrap_err().contains("out-of-memory"));
        assert!(parse(&["--expect-min-depth", "0"]).is_err());
        // --quiet goes before or after the subcommand.
        assert!(Cli::try_parse_from(["nestprobe", "probe", "-q", "--", "p"]).unwrap().quiet);
        assert!(Cli::try_parse_from(["nestprobe", "--quiet", "run"]).unwrap().quiet);
    }

    #[test]
    fn resident_caps_by_name() {
        let max_rss = |value: &str| {
            let cli = Cli::try_parse_from(["nestprobe", "probe", "--max-rss", value, "--", "true"]);
            match cli.map(|cli| cli.command) {
                Ok(Command::Probe(args)) => Ok(args.probe.request().unwrap().trial.max_rss),
                Ok(_) => panic!("not probe"),
                Err(e) => Err(e.to_string()),
            }
        };
        assert_eq!(max_rss("64MiB"), Ok(RssCap::Bytes(64 << 20)));
        assert_eq!(max_rss("none"), Ok(RssCap::None));
        assert_eq!(max_rss("auto"), Ok(RssCap::Auto));
        assert!(max_rss("some").unwrap_err().contains("auto"));
        // The address-space cap is a separate option and leaves the resident cap alone.
        let cli = Cli::try_parse_from(["nestprobe", "run", "--memory", "4GiB", "--max-rss", "1GiB"]).unwrap();
        let Command::Run(run) = cli.command else { panic!("not run") };
        assert_eq!(
            (run.trial.memory, run.trial.max_rss),
            (Some(Limit::Bytes(4 << 30)), RssCap::Bytes(1 << 30))
        );
    }

    #[test]
    fn the_help_states_the_bounds_that_are_checked() {
        let help = Cli::command().find_subcommand_mut("probe").unwrap().render_long_help().to_string();
        let depth = crate::units::thousands(crate::probe::options::MAX_DEPTH_BOUND);
        assert!(help.contains(&format!("at most {depth}")), "{help}");
        assert_eq!(crate::units::MAX_TIMEOUT, Duration::from_secs(24 * 3600));
        assert!(help.contains("at most a day (24h)"), "{help}");
        let repeats = crate::units::thousands(values::MAX_REPEAT);
        assert!(help.contains(&format!("at most {repeats}")), "{help}");
    }

    #[test]
    fn clap_errors_are_one_line_with_their_tips() {
        let error = Cli::try_parse_from(["nestprobe", "probe", "--max-dept", "5", "--", "p"]).unwrap_err();
        let line = usage_error(error).unwrap();
        assert_eq!(line.lines().count(), 1, "{line}");
        assert!(
            line.starts_with("unexpected argument '--max-dept' found; tip: a similar argument"),
            "{line}"
        );
        assert!(!line.contains("Usage:") && !line.contains("For more information"), "{line}");
    }
}
