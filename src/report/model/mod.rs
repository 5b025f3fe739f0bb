//! The view model: what every output reads of the results, computed once, so the README, results.md,
//! the page, the badges and the charts say the same thing. Nothing here renders or escapes, and
//! nothing here names an output (tests/layers.rs checks it).

// A record's outcome class and words, and how a record reads (its name, outcome, figures).
pub mod class;
pub mod view;

// The records' grouping and order, facts across them, and every count.
pub mod counts;
pub mod groups;
pub mod overview;

// How old each confirmation is, and how the last run got its facts.
pub mod confirmations;

// The crash list and the function that recursed; a row's release history in one line.
pub mod advisories;
pub mod crashes;
pub mod recursed;
pub mod release_timeline;

// Documented limits judged; the figures hand-written prose quotes.
pub mod documented;
pub mod values;

// The atlas at one of the stacks software runs on.
pub mod stacks;

// Where each output puts the files another links to.
pub mod files;
// What an operator reads of a product row.
pub mod products;
