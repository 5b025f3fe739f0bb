//! Protocol Buffers wire format: a message whose field 1 holds a message whose field 1 holds …,
//! down to an empty message. Each level is the tag 0x0a (field 1, length-delimited) and the varint
//! length of what it holds, so the headers are spelled per level. The outermost message is the
//! input itself and is not counted: depth 1 is `0a 00`. `unclosed` drops the last byte, so every
//! length promises one byte more than there is.
//!
//! `group`: groups (wire types 3 and 4, start and end) nested in groups, as field 2, which the
//! rows' messages do not declare: an unknown field the decoder must skip, group by group, which is
//! where rust-protobuf (RUSTSEC-2024-0437) and protobuf-java (CVE-2024-7254) recursed without a
//! bound. Depth 1 is `13 14`.

use super::shape::Shape;
use super::syntax::{prefixed_contents, Piece, Syntax};

pub struct Protobuf;

const TAG: u8 = 0x0a;
/// Field 2's start-group and end-group tags: (2 << 3) | 3 and (2 << 3) | 4.
const START_GROUP: &[u8] = &[0x13];
const END_GROUP: &[u8] = &[0x14];

/// Bytes in the varint of `value`.
fn varint_len(value: u64) -> u64 {
    (64 - value.max(1).leading_zeros() as u64).div_ceil(7)
}

/// Contents sizes at which a length varint needs one more byte.
const VARINT_STEPS: &[u64] =
    &[1 << 7, 1 << 14, 1 << 21, 1 << 28, 1 << 35, 1 << 42, 1 << 49, 1 << 56, 1 << 63];

/// A field's tag and length for `size` bytes of contents.
fn header_len(size: u64) -> u64 {
    1 + varint_len(size)
}

/// Size of what the field at `level` holds (1: the innermost, empty).
fn contents(level: u64) -> u64 {
    prefixed_contents(level, 0, header_len, VARINT_STEPS)
}

/// The bytes of the field at `level`: tag, length, contents.
fn field(level: u64) -> u64 {
    let inner = contents(level);
    1 + varint_len(inner) + inner
}

fn header(level: u64, out: &mut Vec<u8>) {
    out.push(TAG);
    let mut value = contents(level);
    while value >= 0x80 {
        out.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

impl Syntax for Protobuf {
    fn name(&self) -> &'static str {
        "protobuf"
    }

    fn title(&self) -> &'static str {
        "Protocol Buffers"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Object, Shape::Group, Shape::Unclosed]
    }

    /// Groups: the recursion of unknown fields, which a message's own fields do not take.
    fn more_shapes(&self) -> &'static [Shape] {
        &[Shape::Group]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        if shape == Shape::Group {
            return vec![Piece::run(START_GROUP, depth), Piece::run(END_GROUP, depth)];
        }
        if shape == Shape::Unclosed {
            // Level 1's header is `0a 00`: keep its tag, drop its length.
            let outer = Piece::Levels { top: depth, bottom: 2, bytes: field(depth) - 2, spell: header };
            return vec![outer, Piece::run(&[TAG], 1)];
        }
        vec![Piece::Levels { top: depth, bottom: 1, bytes: field(depth), spell: header }]
    }

    fn is_binary(&self) -> bool {
        true
    }

    /// Keeps the payload under 2 GiB, the most a message may hold.
    fn max_depth(&self) -> u64 {
        300_000_000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contents_step_over_varint_widths_like_the_level_by_level_sum() {
        let mut size = 0u64;
        for level in 1..=40_000u64 {
            assert_eq!(contents(level), size, "level {level}");
            size += 1 + varint_len(size);
        }
        assert_eq!(varint_len(0), 1);
        assert_eq!(varint_len(127), 1);
        assert_eq!(varint_len(128), 2);
        assert_eq!(varint_len(16_383), 2);
        assert_eq!(varint_len(16_384), 3);
        assert!(field(Protobuf.max_depth()) < 1 << 31);
    }
}
