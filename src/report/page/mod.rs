//! results.html (`html.rs`), with its table (`table.rs`), crash view, row details and documented
//! limits, and its CSS, script and legend beside them.

pub mod advisories;
pub mod crashes;
pub mod detail;
pub mod documented;
pub mod html;
mod table;

pub use html::ResultsPage;
