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
    /// What the stack of the server's request-handling threads follows: RLIMIT_STACK (glibc's
    /// default for threads, so the row is swept at the deployment stacks), or what its runtime
    /// gives them instead (not swept). Absent where not known (`probe --serve`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<String>,
}

/// What the stack a server's request threads get follows, by the row's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerStack {
    /// RLIMIT_STACK: glibc gives every thread it as its default size (C, C++, CPython, PHP).
    Rlimit,
    /// The runtime sizes its threads itself: what it does.
    Runtime(&'static str),
}

impl ServerStack {
    /// The rule for a row in `language`.
    pub fn of_language(language: &str) -> ServerStack {
        match language {
            "Go" => ServerStack::Runtime("Go: goroutine stacks grow on the heap up to 1 GB, whatever RLIMIT_STACK"),
            "Java" | "Kotlin" | "Scala" => {
                ServerStack::Runtime("the JVM: its threads' stacks are -Xss (1 MiB by default), not RLIMIT_STACK")
            }
            "JavaScript" | "TypeScript" => {
                ServerStack::Runtime("Node: V8 stops at its --stack-size (about 1 MiB), not at RLIMIT_STACK")
            }
            "Ruby" => ServerStack::Runtime(
                "Ruby: a request's thread gets Ruby's own machine stack (RUBY_THREAD_MACHINE_STACK_SIZE, 1 MiB)",
            ),
            "Rust" => ServerStack::Runtime("Rust: tokio's and std's threads are 2 MiB, not RLIMIT_STACK"),
            _ => ServerStack::Rlimit,
        }
    }

    /// Whether the deployment stacks move its threads' stack (a sweep says something).
    pub fn follows_rlimit(self) -> bool {
        self == ServerStack::Rlimit
    }

    /// As results record it.
    pub fn text(self) -> String {
        match self {
            ServerStack::Rlimit => {
                "RLIMIT_STACK: glibc's default for threads, so swept at the deployment stacks".into()
            }
            ServerStack::Runtime(what) => format!("{what}: not swept"),
        }
    }
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
