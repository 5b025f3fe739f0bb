//! A service row's catalog table made the transport its probes run through.

use anyhow::{anyhow, Result};

use crate::catalog::Entry;
use crate::probe::transport::service::{
    content_type_of, BodyTemplate, ServiceSpec, ServiceState, ServiceTransport, ServiceUrl, START_TIMEOUT,
};
use crate::sys::trial::TrialConfig;

/// A service row's service (`None` for a program's row): `run` starts its server under the row's
/// trial settings, the routes and the body are its `serve` table's; its trials meet a fresh server
/// each (cold) until told otherwise (`ServiceTransport::in_state`).
pub fn transport(entry: &Entry, trial: &TrialConfig) -> Result<Option<ServiceTransport>> {
    let Some(serve) = &entry.serve else { return Ok(None) };
    let url =
        ServiceUrl::parse(&format!("http://127.0.0.1:{{port}}{}", serve.path)).map_err(|e| anyhow!(e))?;
    let body = match &serve.body {
        Some(body) => BodyTemplate::parse(body).map_err(|e| anyhow!(e))?,
        None => BodyTemplate::payload_only(),
    };
    let content_type = match (&serve.content_type, &serve.body) {
        (Some(given), _) => given.clone(),
        (None, Some(_)) => "application/json".into(),
        (None, None) => content_type_of(entry.format).into(),
    };
    let start_timeout = match &serve.start_timeout {
        Some(text) => crate::units::parse_timeout(text)?,
        None => START_TIMEOUT,
    };
    let spec = ServiceSpec {
        server: Some(trial.clone()),
        path: url.path.clone(),
        url,
        echo: serve.echo.clone(),
        method: "POST".into(),
        content_type,
        body,
        ready: serve.ready.clone(),
        start_timeout,
        state: ServiceState::Cold,
        stack: Some(crate::results::service::ServerStack::of_language(&entry.language)),
    };
    ServiceTransport::new(spec, entry.format).map(Some)
}
