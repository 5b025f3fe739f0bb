//! Which of the facts that cannot have changed a run confirms anyway: the rotation.

/// Every fact is confirmed at least once in this many runs where nothing changed: each such run
/// confirms the 1/K of the records confirmed longest ago (a weekly regeneration confirms each
/// fact at least every K weeks).
pub const CONFIRM_WITHIN_RUNS: usize = 6;
