//! A service row's catalog table made the transport its probes run through.

use anyhow::{anyhow, Result};

use crate::catalog::Entry;
use crate::probe::transport::client::{ClientSpec, ClientTransport};
use crate::probe::transport::service::{
    content_type_of, BodyTemplate, ServiceSpec, ServiceState, ServiceTransport, ServiceUrl,
    FORM_CONTENT_TYPE, START_TIMEOUT,
};
use crate::sys::trial::TrialConfig;

/// A service row's service (`None` for a program's row): `run` starts its server under the row's
/// trial settings, the routes and the body are its `serve` table's; its trials meet a fresh server
/// each (cold) until told otherwise (`ServiceTransport::in_state`).
pub fn transport(entry: &Entry, trial: &TrialConfig) -> Result<Option<ServiceTransport>> {
    let Some(serve) = &entry.serve else { return Ok(None) };
    let url =
        ServiceUrl::parse(&format!("http://127.0.0.1:{{port}}{}", serve.path)).map_err(|e| anyhow!(e))?;
    let body = match (&serve.body, &serve.form) {
        (Some(body), _) => BodyTemplate::parse(body).map_err(|e| anyhow!(e))?,
        (None, Some(field)) => BodyTemplate::form_field(field),
        (None, None) => BodyTemplate::payload_only(),
    };
    let content_type = match (&serve.content_type, &serve.body) {
        (Some(given), _) => given.clone(),
        (None, Some(_)) => "application/json".into(),
        (None, None) if serve.form.is_some() => FORM_CONTENT_TYPE.into(),
        (None, None) => content_type_of(entry.format).into(),
    };
    let method = match (&serve.method, &serve.param) {
        (Some(method), _) => method.clone(),
        (None, Some(_)) => "GET".into(),
        (None, None) => "POST".into(),
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
        method,
        content_type,
        body,
        query_param: serve.param.clone(),
        ready: serve.ready.clone(),
        start_timeout,
        state: ServiceState::Cold,
        stack: Some(crate::results::service::ServerStack::of_language(&entry.language)),
    };
    ServiceTransport::new(spec, entry.format).map(Some)
}

/// A product row's client transport (`serve.client`; `None` otherwise): its server started as
/// `trial` says, each trial one run of the client command, under the same limits and environment.
pub fn client_transport(
    parser: &crate::catalog::Parser,
    trial: &TrialConfig,
) -> Result<Option<ClientTransport>> {
    let Some(serve) = &parser.entry.serve else { return Ok(None) };
    let Some(client) = &serve.client else { return Ok(None) };
    let start_timeout = match &serve.start_timeout {
        Some(text) => crate::units::parse_timeout(text)?,
        None => START_TIMEOUT,
    };
    let spec = ClientSpec {
        server: trial.clone(),
        client: TrialConfig { argv: parser.expand(client), ..trial.clone() },
        error_status: serve.client_error_status.clone().unwrap_or_else(|| vec![1]),
        wrong_status: serve.client_wrong_status.clone().unwrap_or_default(),
        start_timeout,
        state: ServiceState::Cold,
    };
    ClientTransport::new(spec, parser.entry.format).map(Some)
}
