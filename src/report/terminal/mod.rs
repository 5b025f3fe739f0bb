//! What is printed on the terminal: a probe's or a sweep's summary, and where a run's time went.

pub mod text;
pub mod timings;
