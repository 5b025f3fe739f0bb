//! What outputs write with, beside the model: escaping for each markup language, and the charts'
//! drawing (written as files by `charts.rs`, inline in the page).

pub mod chart;
pub mod markup;
