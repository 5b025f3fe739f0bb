//! The client transport: a server started once as a service's is (src/sys/server.rs: supervised, on
//! a free loopback port, watched, started again after a death), each trial one run of a client
//! command (the product's own CLI: `redis-cli`, `mariadb`, `psql`) with the payload on its stdin,
//! `{port}` in its arguments and `PORT` in its environment. For products that speak their own
//! protocol rather than HTTP.
//!
//! What a trial came to, in the one vocabulary, the server's fate first: the server died (a crash,
//! `service died`); a process it forked died abnormally while it lived on (`worker died`: a
//! PostgreSQL backend); the client exited 0 (accepted); the client exited with a status the product's
//! error is reported with (the product's clean error: its message is the client's stderr); anything
//! else the client did (a status the row declares for a wrong answer aside: `wrong answer`, the
//! product answered valid input wrongly and said no error) — killed by a signal, another exit status, or no end while the server used
//! no CPU — is the client's own failure, not the product's, and ends the probe with a line saying
//! so ([`ClientFailed`]).

use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use crate::payload::{Payload, PayloadFormat};
use crate::probe::transport::service::{ServiceState, WARM_DEPTH, WARM_REQUESTS};
use crate::probe::transport::Transport;
use crate::results::crash_site::CrashSite;
use crate::results::outcome::{Outcome, ServiceFailure};
use crate::results::service::ServiceRecord;
use crate::sys::server::{Server, PORT_PLACEHOLDER};
use crate::sys::trial::{TrialConfig, TrialReport};

/// How long after a failed trial the server's processes get to show that they died.
const DEATH_GRACE: Duration = Duration::from_millis(250);
/// CPU a server may use while a client hangs for the hang to be the client's: the server sat idle.
const IDLE_SERVER_CPU: Duration = Duration::from_millis(200);

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
    running: Mutex<Option<Server>>,
}

impl fmt::Debug for ClientTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClientTransport").field("spec", &self.spec).finish_non_exhaustive()
    }
}

impl ClientTransport {
    /// The transport of `spec`; the client must be a program that exists.
    /// A client named by a bare name is found on the caller's PATH, else on the fixed one, and
    /// run by its path (children are started by path, their PATH the fixed one).
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
        Ok(ClientTransport { spec, format, running: Mutex::new(None) })
    }

    /// The same product, its trials meeting it in `state` (a server of its own).
    pub fn in_state(&self, state: ServiceState) -> ClientTransport {
        let spec = ClientSpec { state, ..self.spec.clone() };
        ClientTransport { spec, format: self.format, running: Mutex::new(None) }
    }

    /// The same product in `state`, its server started as `server` says (a sweep's stack).
    pub fn at(&self, state: ServiceState, server: &TrialConfig) -> ClientTransport {
        let spec = ClientSpec { state, server: server.clone(), ..self.spec.clone() };
        ClientTransport { spec, format: self.format, running: Mutex::new(None) }
    }

    pub fn spec(&self) -> &ClientSpec {
        &self.spec
    }

    /// What results keep of it: the client command in place of a URL, its state.
    pub fn record(&self) -> ServiceRecord {
        ServiceRecord {
            url: format!("client: {}", self.client_line()),
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
        if let Some(server) = self.running.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = server.stop();
        }
    }

    /// The client's command for the server on `port`.
    fn client_for(&self, port: u16) -> TrialConfig {
        let mut client = self.spec.client.clone();
        for arg in &mut client.argv {
            if let Some(text) = arg.to_str().filter(|text| text.contains(PORT_PLACEHOLDER)) {
                *arg = text.replace(PORT_PLACEHOLDER, &port.to_string()).into();
            }
        }
        client.env.set("PORT", &port.to_string());
        client
    }

    /// A server for the next trial: fresh when cold, when none runs or the last one died; warmed
    /// when warm by WARM_REQUESTS client runs of a valid payload.
    fn server_for_trial(&self, running: &mut Option<Server>, payload: Payload) -> Result<()> {
        let usable = running.as_ref().is_some_and(Server::alive) && self.spec.state == ServiceState::Warm;
        if usable {
            return Ok(());
        }
        if let Some(old) = running.take() {
            let _ = old.stop();
        }
        let loopback = std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);
        let server = Server::start(&self.spec.server, loopback, None, self.spec.start_timeout, false)?;
        if self.spec.state == ServiceState::Warm {
            let shape = payload.shape;
            let warming = Payload::new(self.format, shape, WARM_DEPTH.min(self.format.deepest_tried(shape)));
            let client = self.client_for(server.port);
            for _ in 0..WARM_REQUESTS {
                client.run_with_timeout(warming, Duration::from_secs(10))?;
            }
        }
        *running = Some(server);
        Ok(())
    }
}

impl Transport for ClientTransport {
    fn run(&self, payload: Payload, timeout: Duration) -> Result<TrialReport> {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        self.server_for_trial(&mut running, payload)?;
        let server = running.as_mut().expect("a started server");
        server.watch();
        let cpu_before = server.cpu_time();
        let client = self.client_for(server.port);
        let mut report = client.run_with_timeout(payload, timeout)?;
        if report.outcome != Outcome::Accepted {
            std::thread::sleep(DEATH_GRACE);
        }
        let server_cpu = server.cpu_time().saturating_sub(cpu_before);
        server.monitor.sample(Instant::now());
        report.peak_rss_bytes = server.monitor.peak;
        report.peak_rss_exact = false;
        if !server.alive() {
            let server = running.take().expect("a started server");
            let stderr = server.stderr_since_watch();
            let status = server.stop()?;
            use std::os::unix::process::ExitStatusExt;
            let status = status.map(|s| s.into_raw());
            report.outcome = Outcome::Service(ServiceFailure::Died { status, stderr });
            return Ok(report);
        }
        // A process the server forked that ended abnormally meanwhile (a backend killed by a
        // signal, and those its master then stopped) while the server lived on: a worker died.
        let worker =
            server.ended_since().into_iter().find(|worker| worker.status.is_none_or(|status| status != 0));
        if let Some(worker) = worker {
            let stderr = server.stderr_since_watch();
            report.outcome = Outcome::Service(ServiceFailure::WorkerDied { status: worker.status, stderr });
            return Ok(report);
        }
        let failed = |what: String| ClientFailed { client: self.client_line(), depth: payload.depth, what };
        report.outcome = match report.outcome {
            Outcome::Accepted => Outcome::Accepted,
            Outcome::Error { stderr } if self.spec.error_status.contains(&1) => Outcome::Error { stderr },
            Outcome::Abnormal { code, stderr } if self.spec.error_status.contains(&code) => {
                Outcome::Error { stderr }
            }
            // The answer the client checks is the one valid input gets: to invalid input (never
            // closed) the same answer is its right rejection.
            Outcome::Abnormal { code, stderr } if self.spec.wrong_status.contains(&code) => {
                match payload.shape.must_be_accepted() {
                    true => Outcome::WrongAnswer { code, stderr },
                    false => Outcome::Error { stderr },
                }
            }
            Outcome::Timeout { stderr } if server_cpu >= IDLE_SERVER_CPU || report.starved => {
                // The server worked on it all along: the product's time.
                Outcome::Timeout { stderr }
            }
            Outcome::Timeout { .. } => {
                bail!(failed(format!("did not finish in {} s while the server sat idle", timeout.as_secs())))
            }
            Outcome::Abnormal { code, stderr } | Outcome::ErrorStatus { code, stderr } => {
                bail!(failed(said(format!("exited with status {code}"), &stderr)))
            }
            Outcome::Signal { signal, stderr } => {
                let name = crate::results::outcome::signal_name(signal);
                bail!(failed(said(format!("was killed by {name}"), &stderr)))
            }
            other => bail!(failed(other.describe())),
        };
        Ok(report)
    }

    fn side_by_side(&self) -> bool {
        false
    }

    fn locate_crash(&self, _payload: Payload) -> Option<CrashSite> {
        None
    }
}

/// `what`, and the first line the client said about it, if any.
fn said(what: String, stderr: &str) -> String {
    match crate::results::outcome::error_line(stderr) {
        Some(line) => format!("{what} ({})", crate::untrusted::printable(line)),
        None => what,
    }
}

impl Drop for ClientTransport {
    fn drop(&mut self) {
        self.stop();
    }
}
