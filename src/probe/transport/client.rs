//! The client transport: a server whose life server_life.rs keeps (started on a free loopback port,
//! warmed, watched, judged and started again after a death, exactly as a service's), each trial one
//! run of a client command (the product's own CLI: `redis-cli`, `mariadb`, `psql`) with the payload
//! on its stdin, `{port}` in its arguments and `PORT` in its environment. For products that speak
//! their own protocol rather than HTTP.
//!
//! What a trial came to, in the one vocabulary, the server's fate first (server_life.rs judges it):
//! the server died (a crash, `service died`); a process it forked died abnormally while it lived on
//! (`worker died`: a PostgreSQL backend); then the client's answer: it exited 0 (accepted); with a
//! status the product's error is reported with (the product's clean error: its message is the
//! client's stderr); with a status the row declares for a wrong answer (`wrong answer`: the product
//! answered valid input wrongly and said no error); no end by the timeout while the server worked
//! (`exhausts time`). Anything else the client did — killed by a signal, another exit status, no
//! end while the server sat idle — is the client's own failure, not the product's, and ends the
//! probe with a line saying so ([`ClientFailed`]).

use std::fmt;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use crate::payload::{Payload, PayloadFormat};
use crate::probe::transport::server_life::{Asked, Asker, ServerLife, ServiceState, Serving, Target};
use crate::probe::transport::Transport;
use crate::results::crash_site::CrashSite;
use crate::results::outcome::Outcome;
use crate::results::service::ServiceRecord;
use crate::sys::server::PORT_PLACEHOLDER;
use crate::sys::trial::{TrialConfig, TrialReport};

/// A product asked through its own client.
#[derive(Clone, Debug)]
pub struct ClientSpec {
    /// The server to start (`{port}` in its arguments).
    pub server: TrialConfig,
    /// The client to run per trial (`{port}` in its arguments), the payload on its stdin.
    pub client: TrialConfig,
    /// The client's exit statuses that carry the product's error (its message on stderr).
    pub error_status: Vec<i32>,
    /// The client's exit statuses that say the product answered wrongly without an error (its
    /// script checks the answer of valid input): a wrong answer, never a clean error.
    pub wrong_status: Vec<i32>,
    pub start_timeout: Duration,
    pub state: ServiceState,
}

/// The client did something the product did not: named apart, never the product's result.
#[derive(Debug)]
pub struct ClientFailed {
    pub client: String,
    pub depth: u64,
    pub what: String,
}

impl fmt::Display for ClientFailed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the client `{}` {} at depth {}, the server alive: the client's own limit, not the product's",
            self.client, self.what, self.depth
        )
    }
}

impl std::error::Error for ClientFailed {}

/// The client transport of one probe.
pub struct ClientTransport {
    spec: ClientSpec,
    format: PayloadFormat,
    life: ServerLife,
}

impl fmt::Debug for ClientTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClientTransport").field("spec", &self.spec).finish_non_exhaustive()
    }
}

impl ClientTransport {
    /// The transport of `spec`. A client named by a bare name is found on the caller's PATH, else
    /// on the fixed one, and run by its path (children are started by path, their PATH the fixed
    /// one).
    pub fn new(mut spec: ClientSpec, format: PayloadFormat) -> Result<ClientTransport> {
        let Some(program) = spec.client.argv.first() else { bail!("the client command is empty") };
        let found = match program.as_encoded_bytes().contains(&b'/') {
            true => Some(std::path::PathBuf::from(program)).filter(|path| path.is_file()),
            false => {
                let path = std::env::var_os("PATH").unwrap_or_default();
                which::which_in(program, Some(path), ".")
                    .or_else(|_| which::which_in(program, Some(crate::sys::child_env::FIXED_PATH), "."))
                    .ok()
            }
        };
        let Some(found) = found else { bail!("cannot find the client `{}`", program.to_string_lossy()) };
        spec.client.argv[0] = found.into_os_string();
        let life = ServerLife::new(serving(&spec), spec.state, format);
        Ok(ClientTransport { spec, format, life })
    }

    /// The same product, its trials meeting it in `state` (a server of its own).
    pub fn in_state(&self, state: ServiceState) -> ClientTransport {
        let spec = ClientSpec { state, ..self.spec.clone() };
        ClientTransport { spec, format: self.format, life: self.life.in_state(state) }
    }

    /// The same product on one server reused from client run to client run, where its trials meet
    /// a fresh server each (cold): where a cold search starts (src/probe/estimate.rs).
    pub fn reused(&self) -> Option<ClientTransport> {
        (self.spec.state == ServiceState::Cold).then(|| self.in_state(ServiceState::Reused))
    }

    /// The same product in `state`, its server started as `server` says (a sweep's stack).
    pub fn at(&self, state: ServiceState, server: &TrialConfig) -> ClientTransport {
        let spec = ClientSpec { state, server: server.clone(), ..self.spec.clone() };
        let life = ServerLife::new(serving(&spec), state, self.format);
        ClientTransport { spec, format: self.format, life }
    }

    pub fn spec(&self) -> &ClientSpec {
        &self.spec
    }

    /// What results keep of it: the client command in place of a URL, its state.
    pub fn record(&self) -> ServiceRecord {
        ServiceRecord {
            // Where the program was staged is this machine's: its placeholder instead.
            url: format!("client: {}", self.spec.client.redact(&self.client_line())),
            path: None,
            method: "stdin".into(),
            content_type: String::new(),
            body: None,
            query_param: None,
            state: self.spec.state.name().into(),
            how: self.spec.state.how().replace("valid requests", "valid client runs"),
            started: true,
            stack: None,
        }
    }

    fn client_line(&self) -> String {
        self.spec.client.command_line().join(" ")
    }

    /// Stops the server, if one runs.
    pub fn stop(&self) {
        self.life.stop();
    }
}

/// The server a client transport starts: on 127.0.0.1, ready when its port accepts a connection.
fn serving(spec: &ClientSpec) -> Serving {
    Serving::Started {
        config: Box::new(spec.server.clone()),
        host: std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        ready: None,
        start_timeout: spec.start_timeout,
    }
}

impl ClientSpec {
    /// The client's command for the server on `port`.
    fn client_for(&self, port: u16) -> TrialConfig {
        let mut client = self.client.clone();
        for arg in &mut client.argv {
            if let Some(text) = arg.to_str().filter(|text| text.contains(PORT_PLACEHOLDER)) {
                *arg = text.replace(PORT_PLACEHOLDER, &port.to_string()).into();
            }
        }
        client.env.set("PORT", &port.to_string());
        client
    }
}

/// One run of the client: its answer in the product's terms where its status says one (accepted,
/// the product's error, a wrong answer, out of time); anything else as the client ended, for
/// [`ClientTransport::run`] to name as the client's own once the server is judged alive.
impl Asker for ClientSpec {
    fn ask(
        &self,
        target: Target,
        payload: Payload,
        deadline: &mut dyn FnMut(Instant) -> Instant,
    ) -> Result<Asked> {
        let now = Instant::now();
        let timeout = deadline(now).saturating_duration_since(now).max(Duration::from_millis(1));
        let port = target.port.unwrap_or_else(|| target.address.port());
        let report = self.client_for(port).run_with_timeout(payload, timeout)?;
        let outcome = match report.outcome {
            Outcome::Error { stderr } if self.error_status.contains(&1) => Outcome::Error { stderr },
            // Exit 1 not declared: as any other status the client ends with.
            Outcome::Error { stderr } => Outcome::Abnormal { code: 1, stderr },
            Outcome::Abnormal { code, stderr } if self.error_status.contains(&code) => {
                Outcome::Error { stderr }
            }
            // The answer the client checks is the one valid input gets: to invalid input (never
            // closed) the same answer is its right rejection.
            Outcome::Abnormal { code, stderr } if self.wrong_status.contains(&code) => {
                match payload.shape.must_be_accepted() {
                    true => Outcome::WrongAnswer { code, stderr },
                    false => Outcome::Error { stderr },
                }
            }
            other => other,
        };
        Ok(Asked { outcome, sent_whole_body: report.read_whole_input })
    }
}

impl Transport for ClientTransport {
    fn run(&self, payload: Payload, timeout: Duration) -> Result<TrialReport> {
        let report = self.life.trial(&self.spec, payload, timeout)?;
        let failed = |what: String| ClientFailed { client: self.client_line(), depth: payload.depth, what };
        match &report.outcome {
            Outcome::Timeout { .. } if self.life.hung(payload) => {
                bail!(failed(format!("did not finish in {} s while the server sat idle", timeout.as_secs())))
            }
            Outcome::Abnormal { code, stderr } | Outcome::ErrorStatus { code, stderr } => {
                bail!(failed(said(format!("exited with status {code}"), stderr)))
            }
            Outcome::Signal { signal, stderr } | Outcome::Stopped { signal, stderr } => {
                let name = crate::results::outcome::signal_name(*signal);
                bail!(failed(said(format!("was killed by {name}"), stderr)))
            }
            Outcome::UndeclaredStatus { code, stderr } => {
                bail!(failed(said(format!("exited with status {code}"), stderr)))
            }
            _ => Ok(report),
        }
    }

    fn side_by_side(&self) -> bool {
        false
    }

    /// The crash requested of a server of its own with gdb attached to its processes.
    fn locate_crash(&self, payload: Payload) -> Option<CrashSite> {
        Some(self.life.locate_crash(&self.spec, payload, self.spec.server.timeout))
    }
}

/// `what`, and the first line the client said about it, if any.
fn said(what: String, stderr: &str) -> String {
    match crate::results::outcome::error_line(stderr) {
        Some(line) => format!("{what} ({})", crate::untrusted::printable(line)),
        None => what,
    }
}
