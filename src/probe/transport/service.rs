//! The service transport: a request over HTTP. The server's life — started once under the
//! trial's limits, watched, judged after each request, started again after a death — is
//! server_life.rs's; here each trial is one request on a fresh connection, the payload in its body,
//! and its answer read in the one outcome vocabulary.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use crate::payload::{Payload, PayloadFormat};
use crate::probe::transport::server_life::{Asked, Asker, ServerLife, Serving, Target};
use crate::probe::transport::Transport;
use crate::results::crash_site::CrashSite;
use crate::results::outcome::{Outcome, ServiceFailure};
use crate::results::service::ServiceRecord;
use crate::sys::http::{self, Exchange, Request};
use crate::sys::server::PORT_PLACEHOLDER;
use crate::sys::trial::{TrialConfig, TrialReport};

pub use crate::probe::transport::server_life::{
    ServiceGone, ServiceState, START_TIMEOUT, WARM_DEPTH, WARM_REQUESTS,
};

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

    /// Where a server nestprobe starts listens: the URL's loopback address (127.0.0.1 for
    /// `localhost` or any name that is not an address).
    pub fn loopback_ip(&self) -> IpAddr {
        self.host.parse::<IpAddr>().unwrap_or(IpAddr::V4(std::net::Ipv4Addr::LOCALHOST))
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
    /// What the server's request threads' stack follows (a catalog row's), for results.
    pub stack: Option<crate::results::service::ServerStack>,
}

/// The state of a service nestprobe did not start, and how it was made: by nobody nestprobe knows.
pub const RUNNING: &str = "running";
const RUNNING_HOW: &str = "a running service: nestprobe did not start it, so the state its trials met, \
     its stack, ASLR, environment, memory and containment are its own";

/// The service transport of one probe.
pub struct ServiceTransport {
    spec: ServiceSpec,
    format: PayloadFormat,
    life: ServerLife,
}

impl fmt::Debug for ServiceTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServiceTransport").field("spec", &self.spec).finish_non_exhaustive()
    }
}

impl ServiceTransport {
    /// The transport of `spec`; a service nestprobe does not start must resolve to an address.
    pub fn new(spec: ServiceSpec, format: PayloadFormat) -> Result<ServiceTransport> {
        let serving = match &spec.server {
            Some(config) => Serving::Started {
                config: Box::new(config.clone()),
                host: spec.url.loopback_ip(),
                ready: spec.ready.clone(),
                start_timeout: spec.start_timeout,
            },
            None => {
                let address = spec.url.address().map_err(anyhow::Error::msg)?;
                if let Err(error) = std::net::TcpStream::connect_timeout(&address, spec.start_timeout) {
                    bail!("nothing answers at {}: {error}", spec.url.text);
                }
                Serving::Elsewhere(address)
            }
        };
        let life = ServerLife::new(serving, spec.state, format);
        Ok(ServiceTransport { spec, format, life })
    }

    /// The same service, its trials meeting it in `state` (a transport of its own: its own server).
    pub fn in_state(&self, state: ServiceState) -> ServiceTransport {
        let spec = ServiceSpec { state, ..self.spec.clone() };
        ServiceTransport { spec, format: self.format, life: self.life.in_state(state) }
    }

    /// The same service on one server reused from trial to trial, where its trials meet a fresh
    /// server each (cold) and nestprobe starts it: where a cold search starts (src/probe/estimate.rs).
    pub fn reused(&self) -> Option<ServiceTransport> {
        let cold = self.spec.state == ServiceState::Cold && self.life.started();
        cold.then(|| self.in_state(ServiceState::Reused))
    }

    /// The same service, its server started with `server`'s settings (a sweep's stack), its trials
    /// meeting it in `state`.
    pub fn at(&self, state: ServiceState, server: &TrialConfig) -> ServiceTransport {
        let spec = ServiceSpec {
            state,
            server: self.spec.server.as_ref().map(|_| server.clone()),
            ..self.spec.clone()
        };
        match ServiceTransport::new(spec.clone(), self.format) {
            Ok(transport) => transport,
            // Only a service running elsewhere can fail to be made again: it is not swept.
            Err(_) => self.in_state(state),
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
            state: match self.life.started() {
                true => spec.state.name().into(),
                false => RUNNING.into(),
            },
            how: match self.life.started() {
                true => spec.state.how(),
                false => RUNNING_HOW.into(),
            },
            started: self.life.started(),
            stack: spec.stack.map(|stack| stack.text()),
        }
    }

    /// Stops the server, if one runs: nothing of it outlives the probe (also done when dropped).
    pub fn stop(&self) {
        self.life.stop();
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
                failed(ServiceFailure::ClientError { status, body: http::readable_text(&body) })
            }
            Exchange::Answered { status, body, .. } => {
                failed(ServiceFailure::ServerError { status: Some(status), body: http::readable_text(&body) })
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
}

impl Asker for ServiceTransport {
    /// One HTTP request of `payload` on a fresh connection, and what its answer says.
    fn ask(
        &self,
        target: Target,
        payload: Payload,
        deadline: &mut dyn FnMut(Instant) -> Instant,
    ) -> Result<Asked> {
        let port = target.port.map(|port| port.to_string()).unwrap_or_default();
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
        let exchange = http::exchange_by(target.address, &request, deadline)?;
        let sent_whole_body = match &exchange {
            Exchange::Answered { sent_whole_body, .. } | Exchange::Closed { sent_whole_body, .. } => {
                *sent_whole_body
            }
            Exchange::NoAnswer | Exchange::Refused(_) => false,
        };
        Ok(Asked { outcome: self.answer(exchange), sent_whole_body })
    }
}

impl Transport for ServiceTransport {
    fn run(&self, payload: Payload, timeout: Duration) -> Result<TrialReport> {
        self.life.trial(self, payload, timeout)
    }

    fn side_by_side(&self) -> bool {
        false
    }

    /// The crash requested of a server of its own with gdb attached to its processes.
    fn locate_crash(&self, payload: Payload) -> Option<CrashSite> {
        let timeout = self.spec.server.as_ref().map_or(Duration::from_secs(10), |config| config.timeout);
        Some(self.life.locate_crash(self, payload, timeout))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::Shape;

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
