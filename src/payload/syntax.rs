//! What a format file implements ([`Syntax`]) and the pieces it spells a payload with, plus the
//! spellings most formats share: one opener and closer per level (`[[[]]]`), the unclosed and the
//! alternating forms, and length-prefixed levels.

use super::class::FormatClass;
use super::shape::Shape;

/// Writes one level's (or one line's) bytes: [`Piece::Levels`] and [`Piece::Lines`] call it.
pub(crate) type Speller = fn(u64, &mut Vec<u8>);

/// One stretch of a payload.
#[derive(Clone, Copy)]
pub enum Piece {
    /// The unit `parts[0]` + `parts[1]`, repeated `count` times.
    Run([&'static [u8]; 2], u64),
    /// One header per level from level `top` down to level `bottom` (level 1 is the innermost), each
    /// spelled by `spell(level, out)`: for length prefixes that differ from level to level. `bytes`
    /// is their total size, computed without spelling them.
    Levels { top: u64, bottom: u64, bytes: u64, spell: Speller },
    /// `count` lines (or other units) that differ by their index, spelled by `spell(index, out)`
    /// from index 0: for nesting spelled by indentation. `bytes` is their total size.
    Lines { count: u64, bytes: u64, spell: Speller },
}

impl Piece {
    /// `unit` repeated `count` times.
    pub fn run(unit: &'static [u8], count: u64) -> Piece {
        Piece::Run([unit, b""], count)
    }

    pub(super) fn len(self) -> u64 {
        match self {
            Piece::Run([a, b], count) => (a.len() + b.len()) as u64 * count,
            Piece::Levels { bytes, .. } | Piece::Lines { bytes, .. } => bytes,
        }
    }
}

/// A payload format: how each shape is spelled at each depth.
pub trait Syntax: Sync {
    /// The name on the command line and in results: `json`, `msgpack`.
    fn name(&self) -> &'static str;

    /// The name people write: `JSON`, `MessagePack`; for titles, legends and badges.
    fn title(&self) -> &'static str;

    /// The shapes it has, the main one first, `unclosed` last.
    fn shapes(&self) -> &'static [Shape];

    /// The pieces of `shape` at `depth`, in the order they are written. Only called with one of
    /// [`Syntax::shapes`] and 1 ≤ depth ≤ [`Syntax::max_depth`].
    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece>;

    /// Shapes a catalog run measures besides the main and the second one: another kind of nesting
    /// that the class's own bug reports are about (Markdown's emphasis in emphasis, BER's
    /// indefinite lengths). None for most formats.
    fn more_shapes(&self) -> &'static [Shape] {
        &[]
    }

    /// The family whose heading reports put its section under: data formats unless it says otherwise.
    fn class(&self) -> FormatClass {
        FormatClass::Data
    }

    /// Binary payloads are shown in hex in messages.
    fn is_binary(&self) -> bool {
        false
    }

    /// The deepest payload it can spell (fixed-width length fields overflow beyond it).
    fn max_depth(&self) -> u64 {
        u64::MAX
    }

    /// The deepest payload of `shape` worth trying: a shape whose size grows faster than its depth
    /// (Markdown's indented lists: n² bytes) stops where a payload would take longer to write than
    /// a trial lasts. Probes search up to it at most, and their results say so.
    fn deepest_tried(&self, _shape: Shape) -> u64 {
        u64::MAX
    }
}

/// How one level of a collection is spelled in a format with an opener and a closer per level
/// (or a tag per level and no closer: binary formats).
pub(crate) struct Level {
    /// A level that holds the next one.
    pub open: &'static [u8],
    /// The innermost level, empty.
    pub empty: &'static [u8],
    /// Closes a level that was opened with `open`.
    pub close: &'static [u8],
}

/// `depth` levels of one kind: `[[[]]]`.
pub(crate) fn nest(level: &Level, depth: u64) -> Vec<Piece> {
    vec![Piece::run(level.open, depth - 1), Piece::run(level.empty, 1), Piece::run(level.close, depth - 1)]
}

/// `depth` openers and nothing else: `[[[`.
pub(crate) fn unclosed(level: &Level, depth: u64) -> Vec<Piece> {
    vec![Piece::run(level.open, depth)]
}

/// Sequences and mappings alternating, the innermost level a sequence: `{"a":[{"a":[]}]}`.
pub(crate) fn mixed(sequence: &Level, mapping: &Level, depth: u64) -> Vec<Piece> {
    let mut pieces = Vec::new();
    // Level k is a sequence when k is odd; levels depth..=2 are opened outermost first.
    if depth % 2 == 0 {
        pieces.push(Piece::run(mapping.open, 1));
    }
    pieces.push(Piece::Run([sequence.open, mapping.open], (depth - 1) / 2));
    pieces.push(Piece::run(sequence.empty, 1));
    pieces.push(Piece::Run([mapping.close, sequence.close], (depth - 1) / 2));
    if depth % 2 == 0 {
        pieces.push(Piece::run(mapping.close, 1));
    }
    pieces
}

/// The size of what level `level` holds (level 1 holds `innermost` bytes) in a nesting where each
/// level is a header, whose size `header_len(contents)` grows only at the sizes listed in `steps`,
/// followed by the level below: length-prefixed binary formats. Steps over all the levels whose
/// headers have one size at once, so it costs a few iterations per step whatever the depth.
pub(crate) fn prefixed_contents(
    level: u64,
    innermost: u64,
    header_len: fn(u64) -> u64,
    steps: &[u64],
) -> u64 {
    let (mut size, mut left) = (innermost, level - 1);
    while left > 0 {
        let header = header_len(size);
        let next_step = steps.iter().copied().find(|&step| step > size).unwrap_or(u64::MAX);
        // Levels until the header grows: while the size is below the next step.
        let levels = (next_step - size).div_ceil(header).max(1).min(left);
        size += levels * header;
        left -= levels;
    }
    size
}

/// The number of decimal digits of `n` (n ≥ 1).
pub(crate) fn digits(n: u64) -> u64 {
    n.ilog10() as u64 + 1
}

/// The decimal digits of all the numbers 1 to `n` together (0 for n = 0).
pub(crate) fn digits_up_to(n: u64) -> u64 {
    let mut total = 0;
    let mut power = 1u64;
    while power <= n {
        total += n - power + 1;
        power = match power.checked_mul(10) {
            Some(next) => next,
            None => break,
        };
    }
    total
}
