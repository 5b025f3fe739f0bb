//! nestprobe measures how deeply nested input (JSON, YAML, XML, MessagePack, …) a parser program can
//! take before it fails, and how it fails. The binary is a thin shell over this library; see
//! README.md ("Architecture") for the layers. Dependencies run one way:
//!
//! `app` → {`run`, `setup`, `catalog`, `report`, `gate`, `ui`, `cli`} → `probe` → {`sys`, `payload`}
//! → `results` → {`units`, `untrusted`}; `registry` (pins, the npm/PyPI/crates.io clients) uses nothing of
//! the crate and serves `catalog` and `app`. tests/layers.rs checks it.

pub mod advisories;
pub mod app;
pub mod audit;
pub mod catalog;
pub mod cli;
pub mod gate;
pub mod host;
pub mod lock;
pub mod package;
pub mod payload;
pub mod probe;
pub mod registry;
pub mod report;
pub mod results;
pub mod run;
pub mod setup;
pub mod sys;
pub mod ui;
pub mod units;
pub mod untrusted;
