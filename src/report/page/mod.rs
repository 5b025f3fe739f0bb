//! results.html (`html.rs`), with its crash view, row details and documented limits, and its CSS,
//! script and legend beside them.

pub mod advisories;
pub mod crashes;
pub mod detail;
pub mod documented;
pub mod html;

pub use html::ResultsPage;
