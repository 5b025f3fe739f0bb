//! What a service probe records beside its result: where its requests went and the state each
//! trial met, so that a service's limit is never the accident of the search's order.

use serde::{Deserialize, Serialize};

/// A service's probe, as results keep it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceRecord {
    /// The URL asked, with `{port}` where nestprobe picked the port.
    pub url: String,
    /// The route the trials went to, when not the URL's (the echo route of `serialize`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    pub method: String,
    pub content_type: String,
    /// The body template, when the body is not the payload alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// The URL query parameter that carried the payload (percent-encoded), when not the body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_param: Option<String>,
    /// `cold` or `warm`.
    pub state: String,
    /// How that state was made.
    pub how: String,
    /// Whether nestprobe started the server (and so could start it again after a death).
    pub started: bool,
}

/// What a service row is made of, from the catalog: the reports name each part and put the service
/// beside its parser library's command-line row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServiceFacts {
    /// The web (or GraphQL) framework: `Flask`.
    pub framework: String,
    /// What accepts the connections: `Werkzeug development server`, `gunicorn (sync workers)`.
    pub server: String,
    /// The parser library in the request path: `json (CPython)`.
    pub parser: String,
    /// The id of the command-line row of that parser library, where the catalog has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub library_row: Option<String>,
}
