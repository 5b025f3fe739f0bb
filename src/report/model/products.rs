//! What an operator reads of a product row, computed once for every output: the request's size at
//! the failing depth (its body, or its URL where the payload went in a query parameter,
//! percent-encoded), whether the product's process survived the failing request, and for a product
//! without a limit whose time grows with depth, how its time grew (the growth exponent).

use crate::payload::Payload;
use crate::probe::transport::service::{percent_encoded, BodyTemplate, FORM_CONTENT_TYPE};
use crate::results::outcome::FailureKind;
use crate::results::probe_result::ProbeResult;
use crate::results::ParserRecord;

/// Whether the product's process outlived the request that failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Survived {
    /// It answered (a clean error, a server error, a refusal by size, a timeout): still running.
    Yes,
    /// A process it forked died and was replaced (a pre-forked worker, a PostgreSQL backend).
    WorkerReplaced,
    /// The whole process is gone.
    No,
}

impl Survived {
    pub fn text(self) -> &'static str {
        match self {
            Survived::Yes => "yes",
            Survived::WorkerReplaced => "a worker died, the server lived on",
            Survived::No => "no: the whole process died",
        }
    }
}

/// Whether the product survived the request at `result`'s failing depth; `None` where nothing failed.
pub fn survived(result: &ProbeResult) -> Option<Survived> {
    let failure = result.failure.as_ref()?;
    if failure.kind == FailureKind::Accepted {
        return None;
    }
    let died = failure.service.as_ref().and_then(|service| service.died);
    Some(match died {
        Some(crate::results::outcome::Died::Service) => Survived::No,
        Some(crate::results::outcome::Died::Worker) => Survived::WorkerReplaced,
        None => Survived::Yes,
    })
}

/// The bytes of the request that failed first, as it went out: the body a template or a form field
/// made of the payload, or the request line's URL that carried it (a product's URL-length cap).
pub fn request_bytes(record: &ParserRecord, result: &ProbeResult) -> Option<u64> {
    let depth = result.min_failing_depth?;
    let service = result.service.as_ref()?;
    if !record.format.has(result.shape) || depth > 20_000_000 {
        return None;
    }
    let payload = Payload::new(record.format, result.shape, depth);
    if let Some(name) = &service.query_param {
        let path = service.path.as_deref().unwrap_or(url_path(&service.url));
        return Some(crate::probe::transport::service::with_query_param(path, name, payload).len() as u64);
    }
    if service.content_type == FORM_CONTENT_TYPE {
        let field = service.body.as_deref()?.strip_suffix(BodyTemplate::PLACEHOLDER)?;
        let mut bytes = Vec::with_capacity(payload.len() as usize);
        payload.write_to(&mut bytes).ok()?;
        return Some((field.len() + percent_encoded(&bytes).len()) as u64);
    }
    match &service.body {
        Some(template) => BodyTemplate::parse(template).ok().map(|body| body.render(payload).len() as u64),
        None => Some(payload.len()),
    }
}

/// The path part of a URL as results keep it (`http://127.0.0.1:{port}/api/v1/query`).
fn url_path(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    rest.find('/').map_or("/", |at| &rest[at..])
}

/// The product rows' records, in the order the results hold them.
pub fn products(records: &[ParserRecord]) -> Vec<&ParserRecord> {
    records.iter().filter(|record| record.product.is_some()).collect()
}
