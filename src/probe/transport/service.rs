//! The service transport: a server started once under the trial's limits (src/sys/server.rs), one
//! request a trial on a fresh connection, the payload in its body. After each request: is the
//! service still there — its process, the processes it forked (a pre-forked worker killed by a
//! signal while the master lives on), an answer to a small valid request? A service that died or
//! stopped answering is started again before the next trial.
//!
//! The state a trial meets is defined, never the accident of the search's order: *cold*, a fresh
//! server for every trial; *warm*, one server warmed after each start by WARM_REQUESTS valid
//! requests of WARM_DEPTH levels (a JIT has then compiled the parser's hot functions: V8's frames
//! shrink, and a limit moves).
//!
//! A service nestprobe did not start (`probe --serve URL` without a command) cannot be started
//! again: the probe stops at its first death and says so.

use std::fmt;
use std::net::SocketAddr;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use crate::payload::{Payload, PayloadFormat, Shape};
use crate::probe::transport::Transport;
use crate::results::crash_site::CrashSite;
use crate::results::outcome::{Outcome, ServiceFailure};
use crate::results::service::ServiceRecord;
use crate::sys::http::{self, Exchange, Request};
use crate::sys::monitor::RequestClock;
use crate::sys::server::{Server, WorkerEnd, PORT_PLACEHOLDER};
use crate::sys::trial::{TrialConfig, TrialReport};

/// Valid requests that warm a server after each start.
pub const WARM_REQUESTS: u32 = 300;
/// The depth of each warming request (or the deepest the format allows below it).
pub const WARM_DEPTH: u64 = 32;
/// How long a server may take to listen after it is started, unless told.
pub const START_TIMEOUT: Duration = Duration::from_secs(60);
/// How long after a failed request the service's processes get to show that they died.
const DEATH_GRACE: Duration = Duration::from_millis(250);

/// The state each trial meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServiceState {
    /// A fresh server for every trial.
    Cold,
    /// One server, warmed after each start.
    Warm,
}

impl ServiceState {
    pub fn name(self) -> &'static str {
        match self {
            ServiceState::Cold => "cold",
            ServiceState::Warm => "warm",
        }
    }

    /// How the state was made, for results.
    pub fn how(self) -> String {
        match self {
            ServiceState::Cold => "a fresh server for every trial".into(),
            ServiceState::Warm => format!(
                "one server, after each start {WARM_REQUESTS} valid requests of {WARM_DEPTH} levels first"
            ),
        }
    }
}

/// A request's body: the payload where the template says `{payload}`, escaped as a JSON string
/// where the template puts it inside one (GraphQL's `{"query": "{payload}"}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyTemplate {
    before: String,
    after: String,
    in_json_string: bool,
    /// The payload percent-encoded: a form field (application/x-www-form-urlencoded).
    percent_encoded: bool,
}

impl BodyTemplate {
    pub const PLACEHOLDER: &'static str = "{payload}";

    /// A template holding `{payload}` exactly once.
    pub fn parse(template: &str) -> Result<BodyTemplate, String> {
        let mut parts = template.split(Self::PLACEHOLDER);
        let (Some(before), Some(after), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!("a body template holds `{}` exactly once: `{template}`", Self::PLACEHOLDER));
        };
        let quotes = before.split("\\\\").collect::<String>().replace("\\\"", "").matches('"').count();
        Ok(BodyTemplate {
            before: before.into(),
            after: after.into(),
            in_json_string: quotes % 2 == 1,
            percent_encoded: false,
        })
    }

    /// A form body (application/x-www-form-urlencoded) whose field `field` is the payload,
    /// percent-encoded: `query=%28%281%29%29`.
    pub fn form_field(field: &str) -> BodyTemplate {
        BodyTemplate {
            before: format!("{}=", percent_encoded(field.as_bytes())),
            after: String::new(),
            in_json_string: false,
            percent_encoded: true,
        }
    }

    /// The template as written.
    pub fn text(&self) -> String {
        format!("{}{}{}", self.before, Self::PLACEHOLDER, self.after)
    }

    /// The payload alone.
    pub fn payload_only() -> BodyTemplate {
        BodyTemplate {
            before: String::new(),
            after: String::new(),
            in_json_string: false,
            percent_encoded: false,
        }
    }

    /// Whether the payload goes inside a JSON string (a binary payload cannot).
    pub fn in_json_string(&self) -> bool {
        self.in_json_string
    }

    /// The body for `payload`.
    pub fn render(&self, payload: Payload) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(payload.len() as usize + self.before.len() + self.after.len());
        payload.write_to(&mut bytes).expect("payloads are generated in memory");
        let mut body = self.before.clone().into_bytes();
        if self.in_json_string {
            let text = String::from_utf8_lossy(&bytes);
            let quoted = serde_json::to_string(text.as_ref()).expect("a string serializes");
            body.extend_from_slice(&quoted.as_bytes()[1..quoted.len() - 1]);
        } else if self.percent_encoded {
            body.extend_from_slice(percent_encoded(&bytes).as_bytes());
        } else {
            body.extend_from_slice(&bytes);
        }
        body.extend_from_slice(self.after.as_bytes());
        body
    }
}

/// `bytes` percent-encoded as a form field's value or a URL's query parameter: everything but
/// ASCII letters, digits and `-._~` (what a browser's form and `curl --data-urlencode` send).
pub fn percent_encoded(bytes: &[u8]) -> String {
    use percent_encoding::{percent_encode, NON_ALPHANUMERIC};
    const VALUE: &percent_encoding::AsciiSet =
        &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
    percent_encode(bytes, VALUE).to_string()
}

/// `path` with the query parameter `name` set to `payload`, percent-encoded (a GET request's
/// payload): `/api/v1/query?query=%28%281%29%29`.
pub fn with_query_param(path: &str, name: &str, payload: Payload) -> String {
    let mut bytes = Vec::with_capacity(payload.len() as usize);
    payload.write_to(&mut bytes).expect("payloads are generated in memory");
    let separator = if path.contains('?') { '&' } else { '?' };
    format!("{path}{separator}{}={}", percent_encoded(name.as_bytes()), percent_encoded(&bytes))
}

/// Where a service is asked: `http://HOST:PORT/PATH`, with PORT `{port}` where nestprobe starts the
/// server (it picks a free one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceUrl {
    /// As given.
    pub text: String,
    pub host: String,
    /// `None`: `{port}`.
    pub port: Option<u16>,
    /// The path and query the trials' requests go to.
    pub path: String,
}

impl ServiceUrl {
    /// Refused: another scheme than http, no host, `{port}` anywhere but the port.
    pub fn parse(text: &str) -> Result<ServiceUrl, String> {
        let placeholder = text.contains(PORT_PLACEHOLDER);
        // Any port stands in for the placeholder while the rest is checked.
        let uri: ::http::Uri = text
            .replacen(PORT_PLACEHOLDER, "1", 1)
            .parse()
            .map_err(|error| format!("`{text}` is not a URL: {error}"))?;
        if uri.scheme_str() != Some("http") {
            return Err(format!("`{text}`: only http:// services can be probed"));
        }
        let authority = uri.authority().ok_or_else(|| format!("`{text}` names no host"))?;
        let host = authority.host().trim_start_matches('[').trim_end_matches(']').to_string();
        if placeholder && (text.matches(PORT_PLACEHOLDER).count() > 1 || !authority.as_str().ends_with(":1"))
        {
            return Err(format!("`{text}`: `{PORT_PLACEHOLDER}` stands for the port only"));
        }
        let port = if placeholder { None } else { Some(authority.port_u16().unwrap_or(80)) };
        let path = uri.path_and_query().map_or("/", |p| p.as_str()).to_string();
        Ok(ServiceUrl { text: text.to_string(), host, port, path })
    }

    /// Whether it names this machine's loopback (127.0.0.0/8, ::1, localhost).
    pub fn is_loopback(&self) -> bool {
        self.host == "localhost" || self.host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
    }

    /// The Host header: `host:port`, with `{port}` where nestprobe picks it.
    pub fn host_header(&self) -> String {
        let port = self.port.map_or(PORT_PLACEHOLDER.to_string(), |p| p.to_string());
        match self.host.contains(':') {
            true => format!("[{}]:{port}", self.host),
            false => format!("{}:{port}", self.host),
        }
    }

    /// The address of a service nestprobe does not start.
    pub fn address(&self) -> Result<SocketAddr, String> {
        use std::net::ToSocketAddrs;
        let port = self.port.ok_or_else(|| format!("`{}` has no port", self.text))?;
        (self.host.as_str(), port)
            .to_socket_addrs()
            .map_err(|error| format!("cannot resolve `{}`: {error}", self.host))?
            .next()
            .ok_or_else(|| format!("`{}` resolves to no address", self.host))
    }
}

/// The Content-Type of a form body (`--form`, a catalog row's `form`).
pub const FORM_CONTENT_TYPE: &str = "application/x-www-form-urlencoded";

/// The Content-Type a request of `format`'s payload goes with, unless told.
pub fn content_type_of(format: PayloadFormat) -> &'static str {
    match format.name() {
        "json" => "application/json",
        "yaml" => "application/yaml",
        "toml" => "application/toml",
        "xml" | "xpath" => "application/xml",
        "html" => "text/html",
        "markdown" => "text/markdown",
        "graphql" => "application/graphql",
        "msgpack" => "application/msgpack",
        "cbor" => "application/cbor",
        "bson" => "application/bson",
        "protobuf" => "application/x-protobuf",
        "asn1" => "application/octet-stream",
        _ => "text/plain",
    }
}

/// Where a service's requests go and how they are made.
#[derive(Clone, Debug)]
pub struct ServiceSpec {
    /// The server to start: its command (`{port}` in its arguments) under the trial's limits.
    /// `None`: a service already running at `url`.
    pub server: Option<TrialConfig>,
    pub url: ServiceUrl,
    /// The path the trials go to: the URL's, or the route that echoes the parsed body back (the
    /// `serialize` phase).
    pub path: String,
    /// The route that answers with the parsed body serialized back, if the service has one.
    pub echo: Option<String>,
    pub method: String,
    pub content_type: String,
    pub body: BodyTemplate,
    /// The URL query parameter the payload goes in (percent-encoded; the body then empty), instead
    /// of the body.
    pub query_param: Option<String>,
    /// A path answered 2xx once the server is ready (else: once its port accepts).
    pub ready: Option<String>,
    /// How long the server may take to listen.
    pub start_timeout: Duration,
    pub state: ServiceState,
}

/// The service transport of one probe.
pub struct ServiceTransport {
    spec: ServiceSpec,
    /// Where a service nestprobe does not start listens.
    address: Option<SocketAddr>,
    format: PayloadFormat,
    running: Mutex<Option<Server>>,
    /// The shapes whose payloads the service has accepted: only a request of one of those is a
    /// valid request to check it with (a GraphQL server refuses `{a}` at any depth).
    accepted: Mutex<Vec<Shape>>,
}

impl fmt::Debug for ServiceTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServiceTransport").field("spec", &self.spec).finish_non_exhaustive()
    }
}

/// The service nestprobe did not start died: it cannot be started again.
#[derive(Debug)]
pub struct ServiceGone {
    pub depth: u64,
    pub what: String,
}

impl fmt::Display for ServiceGone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the service stopped answering at depth {} ({}); nestprobe did not start it and cannot start it \
             again: give its command after `--` to measure where it fails",
            self.depth, self.what
        )
    }
}

impl std::error::Error for ServiceGone {}

impl ServiceTransport {
    /// The transport of `spec`; a service nestprobe does not start must resolve to an address.
    pub fn new(spec: ServiceSpec, format: PayloadFormat) -> Result<ServiceTransport> {
        let address = match spec.server {
            Some(_) => None,
            None => {
                let address = spec.url.address().map_err(anyhow::Error::msg)?;
                if let Err(error) = std::net::TcpStream::connect_timeout(&address, spec.start_timeout) {
                    bail!("nothing answers at {}: {error}", spec.url.text);
                }
                Some(address)
            }
        };
        Ok(ServiceTransport {
            spec,
            address,
            format,
            running: Mutex::new(None),
            accepted: Mutex::new(Vec::new()),
        })
    }

    /// The same service, its trials meeting it in `state` (a transport of its own: its own server).
    pub fn in_state(&self, state: ServiceState) -> ServiceTransport {
        let spec = ServiceSpec { state, ..self.spec.clone() };
        ServiceTransport {
            spec,
            address: self.address,
            format: self.format,
            running: Mutex::new(None),
            accepted: Mutex::new(Vec::new()),
        }
    }

    /// The same service asked for `phase`: `serialize` is the echo route; no other phase has a route.
    pub fn for_phase(&self, phase: crate::results::phase::Phase) -> Result<ServiceTransport> {
        let Some(echo) = self.spec.echo.clone().filter(|_| phase == crate::results::phase::Phase::Serialize)
        else {
            bail!("the service has no route for the {} phase", phase.name());
        };
        ServiceTransport::new(ServiceSpec { path: echo, ..self.spec.clone() }, self.format)
    }

    pub fn spec(&self) -> &ServiceSpec {
        &self.spec
    }

    /// What results keep of it.
    pub fn record(&self) -> ServiceRecord {
        let spec = &self.spec;
        let body = (spec.body != BodyTemplate::payload_only()).then(|| spec.body.text());
        ServiceRecord {
            url: spec.url.text.clone(),
            path: (spec.path != spec.url.path).then(|| spec.path.clone()),
            method: spec.method.clone(),
            content_type: spec.content_type.clone(),
            body,
            query_param: spec.query_param.clone(),
            state: spec.state.name().into(),
            how: spec.state.how(),
            started: spec.server.is_some(),
        }
    }

    /// Stops the server, if one runs: nothing of it outlives the probe (also done when dropped).
    pub fn stop(&self) {
        let server = self.running.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(server) = server {
            let _ = server.stop();
        }
    }

    fn address(&self, server: Option<&Server>) -> SocketAddr {
        match (server, self.address) {
            (Some(server), _) => server.address(),
            (None, Some(address)) => address,
            (None, None) => unreachable!("a service spec has a server or an address"),
        }
    }

    /// One request of `payload` by `deadline`, and what its answer says, the service alive.
    fn ask(&self, server: Option<&Server>, payload: Payload, deadline: Instant) -> Result<Exchanged> {
        self.ask_by(self.address(server), server.map(|s| s.port), payload, &mut |_| deadline)
    }

    /// [`Self::ask`] of the service at `address` (`port` where nestprobe started it), by a deadline
    /// that may move while the answer is awaited.
    fn ask_by(
        &self,
        address: SocketAddr,
        port: Option<u16>,
        payload: Payload,
        deadline: &mut dyn FnMut(Instant) -> Instant,
    ) -> Result<Exchanged> {
        let port = port.map(|port| port.to_string()).unwrap_or_default();
        let host = self.spec.url.host_header().replace(PORT_PLACEHOLDER, &port);
        let (path, body) = match &self.spec.query_param {
            Some(name) => (with_query_param(&self.spec.path, name, payload), Vec::new()),
            None => (self.spec.path.clone(), self.spec.body.render(payload)),
        };
        let request = Request {
            method: &self.spec.method,
            host: &host,
            path: &path,
            content_type: &self.spec.content_type,
            body: &body,
        };
        let exchange = http::exchange_by(address, &request, deadline)?;
        let sent_whole_body = match &exchange {
            Exchange::Answered { sent_whole_body, .. } | Exchange::Closed { sent_whole_body, .. } => {
                *sent_whole_body
            }
            Exchange::NoAnswer | Exchange::Refused(_) => false,
        };
        Ok(Exchanged { outcome: self.answer(exchange), sent_whole_body })
    }

    /// What an answer (or none) says, the service alive.
    fn answer(&self, exchange: Exchange) -> Outcome {
        let failed = |failure| Outcome::Service(failure);
        match exchange {
            Exchange::Answered { status, body, .. } if (200..300).contains(&status) => {
                if self.reports_errors_in_body(&body) {
                    failed(ServiceFailure::ClientError { status, body })
                } else {
                    Outcome::Accepted
                }
            }
            Exchange::Answered { status: 413, .. } => {
                failed(ServiceFailure::RefusedBySize { status: Some(413) })
            }
            Exchange::Answered { status, body, .. } if (400..500).contains(&status) => {
                failed(ServiceFailure::ClientError { status, body })
            }
            Exchange::Answered { status, body, .. } => {
                failed(ServiceFailure::ServerError { status: Some(status), body })
            }
            Exchange::Closed { sent_whole_body: false, .. } => {
                failed(ServiceFailure::RefusedBySize { status: None })
            }
            Exchange::Closed { how, .. } => failed(ServiceFailure::ServerError {
                status: None,
                body: format!("the connection was {how} without an answer"),
            }),
            Exchange::NoAnswer => Outcome::Timeout { stderr: String::new() },
            Exchange::Refused(why) => failed(ServiceFailure::Unresponsive { detail: why }),
        }
    }

    /// GraphQL over HTTP answers a request it could not run with an `errors` member, often with a
    /// 2xx status: that is the service's clean error (a parse error, a depth limit, a validation
    /// rule), whatever the status.
    fn reports_errors_in_body(&self, body: &str) -> bool {
        self.format.name() == "graphql" && body.contains("\"errors\"")
    }

    /// The running server for the next trial: a fresh one when cold, when none runs or when the
    /// last one died; warmed when warm, with payloads of `shape`.
    fn server_for_trial(&self, running: &mut Option<Server>, shape: Shape) -> Result<()> {
        let Some(config) = &self.spec.server else { return Ok(()) };
        let usable = running.as_ref().is_some_and(Server::alive) && self.spec.state == ServiceState::Warm;
        if usable {
            return Ok(());
        }
        if let Some(old) = running.take() {
            let _ = old.stop();
        }
        let server = Server::start(config, self.spec.ready.as_deref(), self.spec.start_timeout)?;
        if self.spec.state == ServiceState::Warm {
            let warming = Payload::new(self.format, shape, WARM_DEPTH.min(self.format.deepest_tried(shape)));
            for _ in 0..WARM_REQUESTS {
                self.ask(Some(&server), warming, Instant::now() + Duration::from_secs(10))?;
            }
        }
        *running = Some(server);
        Ok(())
    }

    /// Whether the service answers a valid request (depth 1 of `shape`) with 2xx now; what it did
    /// otherwise. Nothing is asked before the service has accepted a payload of `shape`: until then
    /// nothing says that depth 1 of it is valid to this service (its process is checked all the same).
    fn answers_valid(
        &self,
        server: Option<&Server>,
        shape: Shape,
        timeout: Duration,
    ) -> Result<Result<(), String>> {
        if !self.accepted.lock().unwrap_or_else(|e| e.into_inner()).contains(&shape) {
            return Ok(Ok(()));
        }
        let valid = Payload::new(self.format, shape, 1);
        Ok(match self.ask(server, valid, Instant::now() + timeout)?.outcome {
            Outcome::Accepted => Ok(()),
            Outcome::Timeout { .. } => Err("no answer to a valid request".into()),
            other => Err(format!("a valid request: {}", other.describe())),
        })
    }
}

/// One request's outcome, the service assumed alive, and whether its whole body went out.
struct Exchanged {
    outcome: Outcome,
    sent_whole_body: bool,
}

impl Transport for ServiceTransport {
    fn run(&self, payload: Payload, timeout: Duration) -> Result<TrialReport> {
        // The check after the request, and the warming, are of a shape every parser must take.
        let shape = if payload.shape.must_be_accepted() { payload.shape } else { self.format.main_shape() };
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        self.server_for_trial(&mut running, shape)?;
        if let Some(server) = running.as_mut() {
            server.watch();
        }
        let started = Instant::now();
        // A started server's request is timed by its own time, like a program's trial: what its
        // threads waited for a CPU during the request moves the deadline and is not its time.
        let (exchanged, queued, starved) = match running.as_mut() {
            Some(server) => {
                let (address, port) = (server.address(), server.port);
                let mut clock = RequestClock::start(&mut server.monitor, timeout);
                let exchanged = self.ask_by(address, Some(port), payload, &mut |now| clock.deadline(now))?;
                let starved = matches!(exchanged.outcome, Outcome::Timeout { .. }) && clock.starved();
                (exchanged, clock.queued(), starved)
            }
            None => (self.ask(None, payload, started + timeout)?, Duration::ZERO, false),
        };
        let wall = started.elapsed();
        if exchanged.outcome == Outcome::Accepted {
            let mut accepted = self.accepted.lock().unwrap_or_else(|e| e.into_inner());
            if !accepted.contains(&shape) {
                accepted.push(shape);
            }
        }
        let read_whole_input = exchanged.sent_whole_body;
        let outcome = match running.is_some() {
            true => self.judge_started(&mut running, exchanged.outcome, shape, timeout)?,
            false => self.judge_elsewhere(payload.depth, exchanged.outcome, shape, timeout)?,
        };
        let starved = starved || failed_on_time_the_load_added(&outcome, wall, timeout);
        let peak_rss_bytes = running.as_mut().map_or(0, |server| {
            server.monitor.sample(Instant::now());
            server.monitor.peak
        });
        Ok(TrialReport {
            outcome,
            wall,
            queued,
            starved,
            peak_rss_bytes,
            peak_rss_exact: false,
            read_whole_input,
            built_depth: None,
        })
    }

    fn side_by_side(&self) -> bool {
        false
    }

    /// A server is not run under a debugger (its crash would have to be requested of it there).
    fn locate_crash(&self, _payload: Payload) -> Option<CrashSite> {
        None
    }
}

impl ServiceTransport {
    /// What one request to a server nestprobe started came to: the server's own death first, a
    /// worker's next, then the answer, then whether a valid request is answered afterwards. A
    /// server that died or stopped answering is stopped, to be started again for the next trial.
    fn judge_started(
        &self,
        running: &mut Option<Server>,
        answered: Outcome,
        shape: Shape,
        timeout: Duration,
    ) -> Result<Outcome> {
        if answered != Outcome::Accepted {
            // A process that died of the request takes a moment to be seen as gone.
            std::thread::sleep(DEATH_GRACE);
        }
        let server = running.as_ref().expect("a started server");
        if !server.alive() {
            return died(running);
        }
        let workers: Vec<WorkerEnd> = server.ended_since().into_iter().filter(WorkerEnd::abnormal).collect();
        let check = self.answers_valid(Some(server), shape, timeout)?;
        if !server.alive() {
            // It died of the request after all, a moment later.
            return died(running);
        }
        if let Some(worker) = workers.first() {
            let stderr = server.stderr_tail();
            return Ok(Outcome::Service(ServiceFailure::WorkerDied { status: worker.status, stderr }));
        }
        match check {
            Ok(()) => Ok(answered),
            Err(detail) => {
                // Alive, but broken for everyone.
                if let Some(server) = running.take() {
                    let _ = server.stop();
                }
                Ok(match answered {
                    Outcome::Timeout { .. } => answered,
                    _ => Outcome::Service(ServiceFailure::Unresponsive { detail }),
                })
            }
        }
    }

    /// What one request to a service running elsewhere came to; its death ends the probe.
    fn judge_elsewhere(
        &self,
        depth: u64,
        answered: Outcome,
        shape: Shape,
        timeout: Duration,
    ) -> Result<Outcome> {
        if let Err(what) = self.answers_valid(None, shape, timeout)? {
            bail!(ServiceGone { depth, what });
        }
        Ok(answered)
    }
}

impl Drop for ServiceTransport {
    fn drop(&mut self) {
        self.stop();
    }
}

impl WorkerEnd {
    /// Killed by a signal or ended with a status other than 0: a worker died; one that ended
    /// cleanly (a worker recycled after its requests) did not. Where the kernel does not say how it
    /// ended, its end during a request counts.
    fn abnormal(&self) -> bool {
        self.status.is_none_or(|status| status != 0)
    }
}

/// Whether a request failed after its wall time passed its timeout in a way a wall-clock watchdog
/// fails one: a worker killed by a supervisor's signal (SIGKILL, SIGTERM) or exiting, or a server
/// error (a 5xx, the connection closed unanswered). nestprobe waited that long only because the
/// machine's load stretched the request; a watchdog such as gunicorn's 30 s worker timeout (SIGABRT,
/// which its worker turns into an exit, then SIGKILL) acted on that borrowed time. Like a starved
/// trial it is run again: on an idle machine the request would have been answered, crashed or run
/// out of its own time first. A fault's signal and a clean error are the request's however long it
/// took.
fn failed_on_time_the_load_added(outcome: &Outcome, wall: Duration, timeout: Duration) -> bool {
    let watchdogs_way = match outcome {
        Outcome::Service(ServiceFailure::WorkerDied { status: Some(status), .. }) => {
            let signal = ExitStatus::from_raw(*status).signal();
            signal.is_none_or(|signal| matches!(signal, libc::SIGKILL | libc::SIGTERM))
        }
        Outcome::Service(ServiceFailure::WorkerDied { status: None, .. }) => true,
        Outcome::Service(ServiceFailure::ServerError { .. }) => true,
        _ => false,
    };
    wall > timeout && watchdogs_way
}

/// The server's own end, as an outcome: it is stopped (reaped), to be started again.
fn died(running: &mut Option<Server>) -> Result<Outcome> {
    use std::os::unix::process::ExitStatusExt;
    let server = running.take().expect("a started server");
    let stderr = server.stderr_tail();
    let status = server.stop()?;
    Ok(Outcome::Service(ServiceFailure::Died { status: status.map(|s| s.into_raw()), stderr }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::Shape;

    #[test]
    fn a_watchdog_s_failure_after_the_wall_clock_passed_the_timeout_came_on_borrowed_time() {
        let worker = |status| Outcome::Service(ServiceFailure::WorkerDied { status, stderr: String::new() });
        let (timeout, short, long) =
            (Duration::from_secs(10), Duration::from_secs(3), Duration::from_secs(31));
        let borrowed = |outcome: &Outcome| failed_on_time_the_load_added(outcome, long, timeout);
        let killed = worker(Some(libc::SIGKILL));
        assert!(borrowed(&killed));
        assert!(borrowed(&worker(Some(libc::SIGTERM))));
        assert!(borrowed(&worker(Some(1 << 8))), "a worker that exited (gunicorn's answer to SIGABRT)");
        let closed = Outcome::Service(ServiceFailure::ServerError { status: None, body: String::new() });
        assert!(borrowed(&closed));
        // A fault and a clean error are the request's, however long it took; within the timeout
        // every failure is a fact.
        assert!(!borrowed(&worker(Some(libc::SIGSEGV))));
        assert!(!borrowed(&worker(Some(libc::SIGABRT))));
        let clean = Outcome::Service(ServiceFailure::ClientError { status: 400, body: String::new() });
        assert!(!borrowed(&clean));
        let died =
            Outcome::Service(ServiceFailure::Died { status: Some(libc::SIGKILL), stderr: String::new() });
        assert!(!borrowed(&died));
        assert!(!failed_on_time_the_load_added(&killed, short, timeout));
        assert!(!failed_on_time_the_load_added(&closed, short, timeout));
    }

    #[test]
    fn service_urls_are_http_with_a_port_or_the_placeholder_for_it() {
        let started = ServiceUrl::parse("http://127.0.0.1:{port}/graphql?x=1").unwrap();
        assert_eq!((started.port, started.path.as_str()), (None, "/graphql?x=1"));
        assert_eq!(started.host_header(), "127.0.0.1:{port}");
        assert!(started.is_loopback());
        let running = ServiceUrl::parse("http://localhost:8080").unwrap();
        assert_eq!((running.port, running.path.as_str()), (Some(8080), "/"));
        assert!(running.is_loopback());
        assert!(!ServiceUrl::parse("http://10.0.0.1:80/").unwrap().is_loopback());
        assert!(ServiceUrl::parse("http://[::1]:{port}/").unwrap().is_loopback());
        for bad in ["https://127.0.0.1/", "127.0.0.1:80", "http://{port}/", "http://h:{port}/{port}", "::"] {
            assert!(ServiceUrl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_template_says_whether_the_payload_goes_inside_a_json_string() {
        let graphql = BodyTemplate::parse(r#"{"query": "{payload}"}"#).unwrap();
        assert!(graphql.in_json_string());
        let payload = Payload::new(PayloadFormat::JSON, Shape::Object, 2);
        assert_eq!(String::from_utf8(graphql.render(payload)).unwrap(), r#"{"query": "{\"a\":{}}"}"#);
        let raw = BodyTemplate::parse(r#"{"tools": {payload}}"#).unwrap();
        assert!(!raw.in_json_string());
        let array = Payload::new(PayloadFormat::JSON, Shape::Array, 2);
        assert_eq!(String::from_utf8(raw.render(array)).unwrap(), r#"{"tools": [[]]}"#);
        assert!(BodyTemplate::parse(r#"{"a": "\"", "b": "{payload}"}"#).unwrap().in_json_string());
        assert!(BodyTemplate::parse("none").is_err());
        assert!(BodyTemplate::parse("{payload}{payload}").is_err());
        assert_eq!(BodyTemplate::payload_only().render(array), b"[[]]");
    }

    #[test]
    fn a_form_field_and_a_query_parameter_carry_the_payload_percent_encoded() {
        let promql = Payload::new(PayloadFormat::JSON, Shape::Array, 2);
        let form = BodyTemplate::form_field("query");
        assert_eq!(String::from_utf8(form.render(promql)).unwrap(), "query=%5B%5B%5D%5D");
        assert!(!form.in_json_string());
        assert_eq!(with_query_param("/api/v1/query", "query", promql), "/api/v1/query?query=%5B%5B%5D%5D");
        assert_eq!(with_query_param("/query?db=x", "q", promql), "/query?db=x&q=%5B%5B%5D%5D");
        assert_eq!(percent_encoded(b"a b&c=d-._~"), "a%20b%26c%3Dd-._~");
    }
}
