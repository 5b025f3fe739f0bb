//! From clap's arguments to what each subcommand works with: one pure function per subcommand
//! (no folders made, no links, no files read), whose refusals are [`UsageError`]s. It is `options()`
//! where the core's option struct is all a command needs (setup, merge), `command()` where the app
//! needs more (the exports to write, the output format). What needs the file system (staging a
//! probe's program, holding folders) is the app's; `--only` meets the catalog in `Catalog::select`.

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

use super::{
    AdvisoriesArgs, CatalogArgs, ExportArgs, Format, GateArgs, HistoryArgs, ListArgs, MergeArgs, OutputArgs,
    ProbeArgs, ProbeCommandArgs, RenderArgs, RowArgs, RunArgs, ServeArgs, SetupArgs, SweepArgs, TrialArgs,
};
use crate::catalog::Selector;
use crate::gate::Expectations;
use crate::payload::{PayloadFormat, Shape};
use crate::probe::options::TrialOptions;
use crate::probe::search::Hint;
use crate::probe::transport::service::{
    content_type_of, BodyTemplate, ServiceState, ServiceUrl, FORM_CONTENT_TYPE,
};
use crate::report::exports::sarif::workflow_file;
use crate::report::exports::Exports;
use crate::results::error_status::ErrorStatuses;
use crate::results::phase::Phase;
use crate::run::plan::Selection;
use crate::run::publish::MergeOptions;
use crate::run::{Baseline, Noise, RunOptions};
use crate::setup::SetupOptions;
use crate::units::Limit;

/// A command line that parses but asks for something impossible: exit status 2, like clap's own
/// errors.
#[derive(Debug, PartialEq, Eq)]
pub enum UsageError {
    /// A shape the payload format does not have, or a depth it cannot spell (its own words).
    Payload(String),
    /// `--max-depth` too shallow to tell whether an expectation holds (its own words).
    Undecidable(String),
    /// `--sarif` outside GitHub Actions without `--sarif-location`.
    SarifWithoutLocation,
    /// No parser program, and no `--serve` to ask instead.
    NoCommand,
    /// `--serve` and its options do not fit together (their own words).
    Serve(String),
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsageError::Payload(message) | UsageError::Undecidable(message) | UsageError::Serve(message) => {
                f.write_str(message)
            }
            UsageError::NoCommand => f.write_str(
                "no parser program given: nestprobe probe [OPTIONS] -- CMD [ARGS...] (or --serve URL)",
            ),
            UsageError::SarifWithoutLocation => f.write_str(
                "--sarif needs --sarif-location FILE (a file of the repository for its results to point at) \
                 outside GitHub Actions",
            ),
        }
    }
}

impl std::error::Error for UsageError {}

/// One probe as the command line asks for it, before the app stages its program (links of a fixed
/// length, a root to run in) and makes it a `ProbeSpec`.
#[derive(Clone, Debug)]
pub struct ProbeRequest {
    pub trial: TrialOptions,
    /// The program and its arguments, as given.
    pub command: Vec<OsString>,
    pub root: Option<PathBuf>,
    pub payload: PayloadFormat,
    pub shape: Shape,
    pub phase: Option<Phase>,
    pub hint: Option<Hint>,
    pub repeat: u32,
    /// Trials at once; `None`: as many as there are CPUs.
    pub jobs: Option<usize>,
    pub error_status: ErrorStatuses,
    pub format: Format,
    pub verbose: bool,
    /// Requests to a service instead of a fresh program per trial (`--serve`); `command` is then
    /// its server, if nestprobe starts it.
    pub serve: Option<ServeRequest>,
}

/// `--serve` and its options, checked together.
#[derive(Clone, Debug)]
pub struct ServeRequest {
    pub url: ServiceUrl,
    /// A path answered 2xx once the server is ready.
    pub ready: Option<String>,
    pub body: BodyTemplate,
    /// The URL query parameter the payload goes in, instead of the body.
    pub query_param: Option<String>,
    /// The client command each trial runs against the server, instead of a request.
    pub client: Option<Vec<String>>,
    /// The client's exit statuses that carry the product's error.
    pub client_error_status: Vec<i32>,
    /// The client's exit statuses that say the product answered wrongly.
    pub client_wrong_status: Vec<i32>,
    pub content_type: String,
    pub method: String,
    pub state: ServiceState,
    /// How long the server may take to listen.
    pub start_timeout: std::time::Duration,
}

/// `probe`: the probe, what it is expected to do, and the files to write about it.
#[derive(Debug)]
pub struct ProbeCommand {
    pub request: ProbeRequest,
    pub expectations: Expectations,
    pub exports: Exports,
    pub badge: Option<PathBuf>,
    pub badge_label: Option<String>,
    pub summary: Option<PathBuf>,
    /// Stack sizes to probe at, one line each; empty: the one `--stack`.
    pub stacks: Vec<Limit>,
}

/// `sweep`: the probe, at these stacks.
#[derive(Debug)]
pub struct SweepCommand {
    pub request: ProbeRequest,
    pub stacks: Vec<Limit>,
}

/// `run`: the core's options, and what the app does with its results.
pub struct RunCommand {
    pub options: RunOptions,
    pub exports: Exports,
    pub timings: bool,
}

/// `list`: the rows, or their shards.
#[derive(Debug)]
pub struct ListCommand {
    pub catalog: PathBuf,
    pub selection: Selection,
    pub build_dir: PathBuf,
    pub format: Format,
    pub shards: Option<u16>,
}

/// `history`: which row, which releases, how each is measured, and where the history is kept.
#[derive(Debug)]
pub struct HistoryCommand {
    pub catalog: PathBuf,
    pub row: Selector,
    pub since: Option<String>,
    pub build_dir: PathBuf,
    pub trial: TrialOptions,
    pub format: Format,
    pub out: PathBuf,
    pub readme: PathBuf,
}

/// `advisories`: which advisories, whether to measure them, and where results.json is.
#[derive(Debug)]
pub struct AdvisoriesCommand {
    pub catalog: PathBuf,
    /// An advisory id or alias, or a row id.
    pub which: Option<String>,
    pub measure: bool,
    pub build_dir: PathBuf,
    pub trial: TrialOptions,
    pub format: Format,
    pub out: PathBuf,
    pub readme: PathBuf,
}

/// `render`: which results, into which folder and README.
#[derive(Debug, PartialEq, Eq)]
pub struct RenderCommand {
    pub results: PathBuf,
    /// Given, or the default one where it exists.
    pub catalog: Option<PathBuf>,
    pub out: PathBuf,
    pub readme: PathBuf,
}

impl TrialArgs {
    pub fn options(&self) -> TrialOptions {
        TrialOptions {
            stack: self.stack,
            timeout: self.timeout,
            max_depth: self.max_depth,
            memory: self.memory,
            max_rss: self.max_rss,
            aslr: self.aslr,
            env: self.env.clone(),
            inherit_env: self.inherit_env,
        }
    }
}

impl GateArgs {
    /// The expectations, refused when `--max-depth` cannot decide them.
    pub fn expectations(&self, max_depth: u64) -> Result<Expectations, UsageError> {
        let expectations = Expectations {
            fail_on: self.fail_on.clone(),
            min_depth: self.expect_min_depth,
            max_depth: self.expect_max_depth,
        };
        expectations.check_decidable(max_depth).map_err(UsageError::Undecidable)?;
        Ok(expectations)
    }
}

impl ExportArgs {
    /// The files asked for. SARIF results need a repository file to point at: the one given, else
    /// the workflow file of GitHub Actions (`workflow_ref`: `GITHUB_WORKFLOW_REF`).
    pub fn exports(&self, workflow_ref: Option<&str>) -> Result<Exports, UsageError> {
        let sarif = match &self.sarif {
            None => None,
            Some(path) => {
                let location = self.sarif_location.clone().or_else(|| workflow_ref.and_then(workflow_file));
                Some((path.clone(), location.ok_or(UsageError::SarifWithoutLocation)?))
            }
        };
        Ok(Exports { junit: self.junit.clone(), sarif })
    }
}

impl OutputArgs {
    /// The README a command regenerates: the one given, else the one beside its other outputs.
    pub fn readme(&self) -> PathBuf {
        self.readme.clone().unwrap_or_else(|| self.out.join("README.md"))
    }
}

impl CatalogArgs {
    pub fn selection(&self) -> Selection {
        Selection { only: self.rows.selector(), shard: self.shard, costs: self.costs.clone() }
    }
}

impl ProbeArgs {
    /// The probe asked for; a shape the payload format does not have (or a depth it cannot spell)
    /// is refused.
    pub fn request(&self) -> Result<ProbeRequest, UsageError> {
        let shape = self.shape.unwrap_or(self.payload.main_shape());
        self.payload.check(shape, self.trial.max_depth).map_err(UsageError::Payload)?;
        Ok(ProbeRequest {
            trial: self.trial.options(),
            command: self.command.clone(),
            root: self.root.clone(),
            payload: self.payload,
            shape,
            phase: self.phase,
            hint: self.hint,
            repeat: self.repeat,
            jobs: self.jobs,
            error_status: self.error_status.clone(),
            format: self.output.format,
            verbose: self.verbose,
            serve: None,
        })
    }
}

impl ServeArgs {
    /// The service the probe asks, checked against the rest of the probe: a server nestprobe
    /// starts listens on loopback at the port it picks; a running service is asked where it is,
    /// beyond this machine only with `--remote`; a phase is a route of its own.
    pub fn request(&self, probe: &ProbeArgs) -> Result<Option<ServeRequest>, UsageError> {
        let Some(url) = &self.serve else { return Ok(None) };
        let serve = |message: String| UsageError::Serve(message);
        let starts_server = !probe.command.is_empty();
        match (starts_server, url.port, url.is_loopback()) {
            (true, Some(_), _) => {
                return Err(serve(format!(
                    "`{}`: with a server command the URL's port is `{{port}}` (nestprobe picks a free one)",
                    url.text
                )))
            }
            (true, None, false) => {
                return Err(serve(format!("`{}`: a server nestprobe starts is asked on 127.0.0.1", url.text)))
            }
            (false, None, _) => {
                return Err(serve(format!("`{}`: `{{port}}` needs a server command after `--`", url.text)))
            }
            (false, Some(_), false) if !self.remote => {
                return Err(serve(format!(
                    "`{}` is not this machine's loopback: add --remote to send requests elsewhere",
                    url.text
                )))
            }
            _ => {}
        }
        if probe.phase.is_some() {
            return Err(serve(
                "a service's phase is a route of its own: give that route's URL to --serve".into(),
            ));
        }
        let body = match (&self.body, &self.form) {
            (Some(body), _) => body.clone(),
            (None, Some(field)) => BodyTemplate::form_field(field),
            (None, None) => BodyTemplate::payload_only(),
        };
        if body.in_json_string() && probe.payload.is_binary() {
            return Err(serve(format!(
                "a {} payload is binary: it cannot go inside a JSON string",
                probe.payload
            )));
        }
        let content_type = match (&self.content_type, &self.body) {
            (Some(given), _) => given.clone(),
            (None, Some(_)) => "application/json".into(),
            (None, None) if self.form.is_some() => FORM_CONTENT_TYPE.into(),
            (None, None) => content_type_of(probe.payload).into(),
        };
        let method = match (&self.method, &self.param) {
            (Some(method), _) => method.clone(),
            (None, Some(_)) => "GET".into(),
            (None, None) => "POST".into(),
        };
        let ready = self.ready.as_ref().map(|ready| match ServiceUrl::parse(ready) {
            Ok(url) => url.path,
            Err(_) => ready.clone(),
        });
        let state = if self.state == "warm" { ServiceState::Warm } else { ServiceState::Cold };
        Ok(Some(ServeRequest {
            url: url.clone(),
            ready,
            body,
            query_param: self.param.clone(),
            client: match &self.client {
                Some(line) => Some(super::values::command_line(line).map_err(serve)?),
                None => None,
            },
            client_error_status: match self.client_error_status.is_empty() {
                true => vec![1],
                false => self.client_error_status.clone(),
            },
            client_wrong_status: self.client_wrong_status.clone(),
            content_type,
            method,
            state,
            start_timeout: self.start_timeout,
        }))
    }
}

impl ProbeCommandArgs {
    /// Checked in the order a user fixes them: expectations, exports, then the probe itself.
    pub fn command(&self, workflow_ref: Option<&str>) -> Result<ProbeCommand, UsageError> {
        let serve = self.serve.request(&self.probe)?;
        if serve.is_none() && self.probe.command.is_empty() {
            return Err(UsageError::NoCommand);
        }
        let request = ProbeRequest { serve, ..self.probe.request()? };
        Ok(ProbeCommand {
            expectations: self.gate.expectations(self.probe.trial.max_depth)?,
            exports: self.exports.exports(workflow_ref)?,
            request,
            badge: self.badge.clone(),
            badge_label: self.badge_label.clone(),
            summary: self.summary.clone(),
            stacks: self.stacks.clone(),
        })
    }
}

impl SweepArgs {
    pub fn command(&self) -> Result<SweepCommand, UsageError> {
        if self.probe.command.is_empty() {
            return Err(UsageError::NoCommand);
        }
        Ok(SweepCommand { request: self.probe.request()?, stacks: self.stacks.clone() })
    }
}

impl ListArgs {
    pub fn command(&self) -> ListCommand {
        ListCommand {
            catalog: self.catalog.file.catalog.clone(),
            selection: self.catalog.selection(),
            build_dir: self.catalog.build.build_dir.clone(),
            format: self.output.format,
            shards: self.shards,
        }
    }
}

impl RunArgs {
    pub fn command(&self, workflow_ref: Option<&str>) -> Result<RunCommand, UsageError> {
        let options = RunOptions {
            catalog: self.catalog.file.catalog.clone(),
            selection: self.catalog.selection(),
            build_dir: self.catalog.build.build_dir.clone(),
            trial: self.trial.options(),
            jobs: self.jobs,
            baseline: match (&self.baseline, self.cold || self.remeasure) {
                (_, true) => Baseline::Cold,
                (Some(path), false) => Baseline::File(path.clone()),
                (None, false) => Baseline::Previous,
            },
            quick: self.quick,
            full: self.full,
            noise: if self.remeasure { Noise::Written } else { Noise::Confirmed },
            expectations: self.gate.expectations(self.trial.max_depth)?,
            json_only: self.json_only.clone(),
            out: self.output.out.clone(),
            readme: self.output.readme(),
        };
        Ok(RunCommand { options, exports: self.exports.exports(workflow_ref)?, timings: self.timings })
    }
}

impl SetupArgs {
    pub fn options(&self) -> SetupOptions {
        SetupOptions {
            catalog: self.catalog.file.catalog.clone(),
            selection: self.catalog.selection(),
            build_dir: self.catalog.build.build_dir.clone(),
            build_jobs: self.jobs.unwrap_or_else(crate::host::cpus),
            dry_run: self.dry_run,
        }
    }
}

impl MergeArgs {
    pub fn options(&self) -> MergeOptions {
        MergeOptions {
            inputs: self.inputs.clone(),
            keep: self.keep,
            catalog: self.catalog.catalog.clone(),
            out: self.output.out.clone(),
            readme: self.output.readme(),
        }
    }
}

impl HistoryArgs {
    pub fn command(&self) -> HistoryCommand {
        HistoryCommand {
            catalog: self.catalog.catalog.clone(),
            row: Selector::new(vec![self.row.clone()]),
            since: self.since.clone(),
            build_dir: self.build.build_dir.clone(),
            trial: self.trial.options(),
            format: self.format.format,
            out: self.output.out.clone(),
            readme: self.output.readme(),
        }
    }
}

impl AdvisoriesArgs {
    pub fn command(&self) -> AdvisoriesCommand {
        AdvisoriesCommand {
            catalog: self.catalog.catalog.clone(),
            which: self.which.clone(),
            measure: self.measure,
            build_dir: self.build.build_dir.clone(),
            trial: self.trial.options(),
            format: self.format.format,
            out: self.output.out.clone(),
            readme: self.output.readme(),
        }
    }
}

impl RenderArgs {
    pub fn command(&self) -> RenderCommand {
        let default = PathBuf::from("parsers/catalog.toml");
        RenderCommand {
            results: self.results.clone(),
            catalog: self.catalog.clone().or_else(|| default.exists().then_some(default)),
            out: self.output.out.clone(),
            readme: self.output.readme(),
        }
    }
}

impl RowArgs {
    pub fn selector(&self) -> Selector {
        Selector::new(self.only.clone())
    }
}
