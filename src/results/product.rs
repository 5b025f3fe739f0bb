//! What a product row records beside its service: the software people deploy (a monitoring
//! server, a database, a proxy's admin API), as its package installs it, and how it was started,
//! so that an operator reads which release, which interface and which settings a limit is of.

use serde::{Deserialize, Serialize};

/// A product, as results keep it (from the catalog's `[parser.product]`, its release measured).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProductFacts {
    /// The product: `Prometheus`.
    pub name: String,
    /// The Debian package that installs it: `prometheus`.
    pub package: String,
    /// The package's release as installed where it was measured: `2.42.0+ds-5+deb12u1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release: Option<String>,
    /// The interface its users ask it through.
    pub interface: String,
    /// The command that started it (`{port}` for the port).
    pub command: String,
    /// The settings it ran with.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settings: Vec<String>,
}
