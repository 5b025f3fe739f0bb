//! A served transport's server, from start to end: started under the trial's limits
//! (src/sys/server.rs) in the state each trial meets (cold or warm), watched during a request (its
//! processes, its own time), judged after it (did it die, did a worker die, does it still answer a
//! valid request?) and started again when it died. How a trial's request reaches it is the
//! transport's own ([`Asker`]): an HTTP request (service.rs), a client command (client.rs).
//!
//! The state a trial meets is defined, never the accident of the search's order: *cold*, a fresh
//! server for every trial; *warm*, one server warmed after each start by WARM_REQUESTS valid
//! requests of WARM_DEPTH levels (a JIT has then compiled the parser's hot functions: V8's frames
//! shrink, and a limit moves).
//!
//! A service nestprobe did not start (`probe --serve URL` without a command) cannot be started
//! again: the probe stops at its first death and says so.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use crate::payload::{Payload, PayloadFormat, Shape};
use crate::results::crash_site::CrashSite;
use crate::results::outcome::{Outcome, ServiceFailure};
use crate::sys::debugger;
use crate::sys::interrupt::{self, Interrupted};
use crate::sys::monitor::RequestClock;
use crate::sys::server::{Server, WorkerEnd, LAUNCHER};
use crate::sys::trial::{TrialConfig, TrialReport};

/// Valid requests that warm a server after each start.
pub const WARM_REQUESTS: u32 = 300;
/// The depth of each warming request (or the deepest the format allows below it).
pub const WARM_DEPTH: u64 = 32;
/// How long a server may take to listen after it is started, unless told.
pub const START_TIMEOUT: Duration = Duration::from_secs(60);
/// A request under the debugger is allowed this many times the trial's timeout.
const CRASH_SITE_SLOWDOWN: u32 = 6;
/// How long the debugger of a process that crashed may take to print its backtrace.
const BACKTRACE_TIMEOUT: Duration = Duration::from_secs(30);
/// A timed-out request whose server used less than this part of its timeout in CPU hung.
const IDLE_SHARE: u32 = 20;
/// How long after a failed request the service's processes get to show that they died.
const DEATH_GRACE: Duration = Duration::from_millis(250);

/// The state each trial meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServiceState {
    /// A fresh server for every trial.
    Cold,
    /// One server, warmed after each start.
    Warm,
    /// One server, not warmed, started again only after it died or stopped answering: no fact is
    /// measured so, only where a cold search starts (src/probe/estimate.rs), its requests costing
    /// no start.
    Reused,
}

impl ServiceState {
    pub fn name(self) -> &'static str {
        match self {
            ServiceState::Cold => "cold",
            ServiceState::Warm => "warm",
            ServiceState::Reused => "reused",
        }
    }

    /// How the state was made, for results.
    pub fn how(self) -> String {
        match self {
            ServiceState::Cold => "a fresh server for every trial".into(),
            ServiceState::Warm => format!(
                "one server, after each start {WARM_REQUESTS} valid requests of {WARM_DEPTH} levels first"
            ),
            ServiceState::Reused => "one server, not warmed, started again after it died".into(),
        }
    }
}

/// The server a served transport asks.
#[derive(Clone, Debug)]
pub enum Serving {
    /// nestprobe starts it: its command (`{port}` in its arguments) under the trial's limits, ready
    /// when its port accepts (and `ready`, a path, answers 2xx), within `start_timeout`.
    /// It listens on `host` (a loopback address: 127.0.0.1, ::1).
    Started { config: Box<TrialConfig>, host: IpAddr, ready: Option<String>, start_timeout: Duration },
    /// A service already running at this address.
    Elsewhere(SocketAddr),
}

/// Where one request goes: the service's address, and the port nestprobe picked where it started
/// the server.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    pub address: SocketAddr,
    pub port: Option<u16>,
}

/// One request's outcome, the service assumed alive, and whether its whole payload went out.
#[derive(Clone, Debug)]
pub struct Asked {
    pub outcome: Outcome,
    pub sent_whole_body: bool,
}

/// How a transport puts one payload to the server.
pub trait Asker {
    /// Asks `target` about `payload` once, by a deadline that may move while the answer is awaited
    /// (a started server's own time: `RequestClock`); what came of it, the service assumed alive.
    fn ask(
        &self,
        target: Target,
        payload: Payload,
        deadline: &mut dyn FnMut(Instant) -> Instant,
    ) -> Result<Asked>;
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

/// A served transport's server and what it has learned of it.
pub struct ServerLife {
    serving: Serving,
    state: ServiceState,
    format: PayloadFormat,
    running: Mutex<Option<Server>>,
    /// The shapes whose payloads the service has accepted: only a request of one of those is a
    /// valid request to check it with (a GraphQL server refuses `{a}` at any depth).
    accepted: Mutex<Vec<Shape>>,
    /// Whether a server has been started yet.
    started_once: std::sync::atomic::AtomicBool,
    /// Requests that hung, their server idle: shape, depth, how long they were waited on.
    hung: Mutex<Vec<(Shape, u64, Duration)>>,
}

impl fmt::Debug for ServerLife {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServerLife").field("serving", &self.serving).field("state", &self.state).finish()
    }
}

impl ServerLife {
    /// A life with no server started yet (one starts at the first trial).
    pub fn new(serving: Serving, state: ServiceState, format: PayloadFormat) -> ServerLife {
        ServerLife {
            serving,
            state,
            format,
            running: Mutex::new(None),
            accepted: Mutex::new(Vec::new()),
            started_once: Default::default(),
            hung: Mutex::new(Vec::new()),
        }
    }

    /// The same server's life, its trials meeting it in `state` (a server of its own).
    pub fn in_state(&self, state: ServiceState) -> ServerLife {
        ServerLife::new(self.serving.clone(), state, self.format)
    }

    pub fn serving(&self) -> &Serving {
        &self.serving
    }

    pub fn state(&self) -> ServiceState {
        self.state
    }

    /// Whether a request of `payload` ran out of its time while its server sat idle (a client
    /// transport tells its client's hang from the product's slowness by it).
    pub fn hung(&self, payload: Payload) -> bool {
        let hung = self.hung.lock().unwrap_or_else(|e| e.into_inner());
        hung.iter().any(|(shape, depth, _)| *shape == payload.shape && *depth == payload.depth)
    }

    /// Whether nestprobe starts the server (and so can start it again after a death).
    pub fn started(&self) -> bool {
        matches!(self.serving, Serving::Started { .. })
    }

    /// Stops the server, if one runs: nothing of it outlives the probe (also done when dropped).
    pub fn stop(&self) {
        let server = self.running.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(server) = server {
            let _ = server.stop();
        }
    }

    /// One trial: the server for it (started, warmed), `payload` put to it by `asker` within
    /// `timeout` of the server's own time, and what came of it, the server's death and its workers'
    /// judged.
    pub fn trial(&self, asker: &dyn Asker, payload: Payload, timeout: Duration) -> Result<TrialReport> {
        let trial = self.trial_inner(asker, payload, timeout);
        // Ctrl-C kills the server: what that looks like (a death, a start that failed) is not the
        // service's doing.
        if interrupt::requested() {
            self.stop();
            bail!(Interrupted);
        }
        trial
    }

    fn trial_inner(&self, asker: &dyn Asker, payload: Payload, timeout: Duration) -> Result<TrialReport> {
        // The check after the request, and the warming, are of a shape every parser must take.
        let shape = if payload.shape.must_be_accepted() { payload.shape } else { self.format.main_shape() };
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        self.server_for_trial(asker, &mut running, shape)?;
        if let Some(server) = running.as_mut() {
            server.watch();
        }
        let started = Instant::now();
        // A started server's request is timed by its own time, like a program's trial: what its
        // threads waited for a CPU during the request moves the deadline and is not its time.
        if let Some(hung) = self.hung_before(payload, timeout) {
            return Ok(hung);
        }
        let cpu_before = running.as_ref().map(Server::cpu_time);
        let (asked, queued, starved) = match running.as_mut() {
            Some(server) => {
                let target = Target { address: server.address(), port: Some(server.port) };
                let mut clock = RequestClock::start(&mut server.monitor, timeout);
                let asked = asker.ask(target, payload, &mut |now| clock.deadline(now))?;
                let starved = matches!(asked.outcome, Outcome::Timeout { .. }) && clock.starved();
                (asked, clock.queued(), starved)
            }
            None => (self.ask(asker, None, payload, started + timeout)?, Duration::ZERO, false),
        };
        let wall = started.elapsed();
        // A request that ran out of its time while its server spent (almost) none of it working:
        // it hangs, and a longer wait cannot change an idle server's answer.
        let idle = match (running.as_ref(), cpu_before) {
            (Some(server), Some(before)) => server.cpu_time().saturating_sub(before) < timeout / IDLE_SHARE,
            _ => false,
        };
        if matches!(asked.outcome, Outcome::Timeout { .. }) && idle && !starved {
            self.hung.lock().unwrap_or_else(|e| e.into_inner()).push((payload.shape, payload.depth, wall));
        }
        if asked.outcome == Outcome::Accepted {
            let mut accepted = self.accepted.lock().unwrap_or_else(|e| e.into_inner());
            if !accepted.contains(&shape) {
                accepted.push(shape);
            }
        }
        let read_whole_input = asked.sent_whole_body;
        let outcome = match running.is_some() {
            true => self.judge_started(asker, &mut running, asked.outcome, shape, timeout)?,
            false => self.judge_elsewhere(asker, payload.depth, asked.outcome, shape, timeout)?,
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

    /// A trial of a payload whose request hung before, its server idle all the while: the same
    /// end, not waited on again (with a longer timeout, as a timeout's retry gives it).
    fn hung_before(&self, payload: Payload, timeout: Duration) -> Option<TrialReport> {
        let hung = self.hung.lock().unwrap_or_else(|e| e.into_inner());
        let &(_, _, wall) = hung.iter().find(|(shape, depth, wall)| {
            *shape == payload.shape && *depth == payload.depth && *wall < timeout
        })?;
        Some(TrialReport {
            outcome: Outcome::Timeout { stderr: String::new() },
            wall,
            queued: Duration::ZERO,
            starved: false,
            peak_rss_bytes: 0,
            peak_rss_exact: false,
            read_whole_input: true,
            built_depth: None,
        })
    }

    /// Where a request goes: the started server, or the service running elsewhere.
    fn target(&self, server: Option<&Server>) -> Target {
        match (server, &self.serving) {
            (Some(server), _) => Target { address: server.address(), port: Some(server.port) },
            (None, Serving::Elsewhere(address)) => Target { address: *address, port: None },
            (None, Serving::Started { .. }) => unreachable!("a started service's requests go to its server"),
        }
    }

    /// One request of `payload` by a fixed `deadline`.
    fn ask(
        &self,
        asker: &dyn Asker,
        server: Option<&Server>,
        payload: Payload,
        deadline: Instant,
    ) -> Result<Asked> {
        asker.ask(self.target(server), payload, &mut |_| deadline)
    }

    /// The running server for the next trial: a fresh one when cold, when none runs or when the
    /// last one died; warmed when warm, with payloads of `shape`.
    fn server_for_trial(&self, asker: &dyn Asker, running: &mut Option<Server>, shape: Shape) -> Result<()> {
        let Serving::Started { config, host, ready, start_timeout } = &self.serving else { return Ok(()) };
        let usable = running.as_ref().is_some_and(Server::alive) && self.state != ServiceState::Cold;
        if usable {
            return Ok(());
        }
        if let Some(old) = running.take() {
            let _ = old.stop();
        }
        // A launcher is looked for at the first start only (it costs a few seconds where the
        // listener is a child: npm's, a reloader's).
        let first = !self.started_once.swap(true, std::sync::atomic::Ordering::SeqCst);
        let server = Server::start(config, *host, ready.as_deref(), *start_timeout, first)?;
        let server = self.warmed(asker, server, shape)?;
        *running = Some(server);
        Ok(())
    }

    /// `server` in the state trials meet: warmed by WARM_REQUESTS valid requests when warm.
    fn warmed(&self, asker: &dyn Asker, server: Server, shape: Shape) -> Result<Server> {
        if self.state == ServiceState::Warm {
            let warming = Payload::new(self.format, shape, WARM_DEPTH.min(self.format.deepest_tried(shape)));
            for _ in 0..WARM_REQUESTS {
                if interrupt::requested() {
                    let _ = server.stop();
                    bail!(Interrupted);
                }
                self.ask(asker, Some(&server), warming, Instant::now() + Duration::from_secs(10))?;
            }
        }
        Ok(server)
    }

    /// Where the request of `payload` crashes the server: a server of its own, in the state trials
    /// meet, with gdb attached to each of its processes (the server itself, its workers) before the
    /// request; the backtrace of the one that received the signal. A service nestprobe did not
    /// start is not run so.
    pub fn locate_crash(&self, asker: &dyn Asker, payload: Payload, timeout: Duration) -> CrashSite {
        let Serving::Started { config, host, ready, start_timeout } = &self.serving else {
            return CrashSite::unknown(
                "a running service: nestprobe did not start it, nor can run it under a debugger",
            );
        };
        let located = (|| -> Result<CrashSite> {
            let shape =
                if payload.shape.must_be_accepted() { payload.shape } else { self.format.main_shape() };
            let server = Server::start(config, *host, ready.as_deref(), *start_timeout, false)?;
            let server = self.warmed(asker, server, shape)?;
            let attached = debugger::attach(&server.processes());
            let attached = match attached {
                Ok(attached) => attached,
                Err(error) => {
                    let _ = server.stop();
                    return Err(error);
                }
            };
            let target = Target { address: server.address(), port: Some(server.port) };
            let deadline = Instant::now() + timeout * CRASH_SITE_SLOWDOWN;
            let asked = asker.ask(target, payload, &mut |_| deadline);
            let frames = attached.frames(Instant::now() + BACKTRACE_TIMEOUT);
            let _ = server.stop();
            asked?;
            Ok(CrashSite::from_frames(frames))
        })();
        located.unwrap_or_else(|error| CrashSite::unknown(format!("{error:#}")))
    }

    /// Whether the service answers a valid request (depth 1 of `shape`) with 2xx now; what it did
    /// otherwise. Nothing is asked before the service has accepted a payload of `shape`: until then
    /// nothing says that depth 1 of it is valid to this service (its process is checked all the same).
    fn answers_valid(
        &self,
        asker: &dyn Asker,
        server: Option<&Server>,
        shape: Shape,
        timeout: Duration,
    ) -> Result<Result<(), String>> {
        if !self.accepted.lock().unwrap_or_else(|e| e.into_inner()).contains(&shape) {
            return Ok(Ok(()));
        }
        let valid = Payload::new(self.format, shape, 1);
        Ok(match self.ask(asker, server, valid, Instant::now() + timeout)?.outcome {
            Outcome::Accepted => Ok(()),
            Outcome::Timeout { .. } => Err("no answer to a valid request".into()),
            other => Err(format!("a valid request: {}", other.describe())),
        })
    }

    /// What one request to a server nestprobe started came to: the server's own death first, a
    /// worker's next, then the answer, then whether a valid request is answered afterwards. A
    /// server that died or stopped answering is stopped, to be started again for the next trial.
    fn judge_started(
        &self,
        asker: &dyn Asker,
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
        let check = self.answers_valid(asker, Some(server), shape, timeout)?;
        if !server.alive() {
            // It died of the request after all, a moment later.
            return died(running);
        }
        if let Some(worker) = workers.first() {
            let stderr = server.stderr_since_watch(false);
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
        asker: &dyn Asker,
        depth: u64,
        answered: Outcome,
        shape: Shape,
        timeout: Duration,
    ) -> Result<Outcome> {
        if let Err(what) = self.answers_valid(asker, None, shape, timeout)? {
            bail!(ServiceGone { depth, what });
        }
        Ok(answered)
    }
}

impl Drop for ServerLife {
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

/// The server's own end, as an outcome: it is stopped (reaped), to be started again. A command
/// that exited (not killed by a signal) and left something answering on its port was a launcher,
/// not a server that died: that is an error, never a measurement.
fn died(running: &mut Option<Server>) -> Result<Outcome> {
    let server = running.take().expect("a started server");
    let launcher = server.left_a_server_running();
    let stderr = server.stderr_since_watch(true);
    let status = server.stop()?;
    if launcher && status.is_some_and(|status| status.signal().is_none()) {
        bail!(LAUNCHER);
    }
    Ok(Outcome::Service(ServiceFailure::Died { status: status.map(|s| s.into_raw()), stderr }))
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
