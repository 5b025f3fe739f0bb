//! ASN.1 in DER: a SEQUENCE holding a SEQUENCE holding …, down to an empty one (`30 00`); each
//! level's header is the tag and the definite length of what it holds, so headers are spelled per
//! level (short form below 128 bytes, then `81 xx`, `82 xx xx`, …). `tagged` uses the
//! context-specific constructed tag [0] (`a0`) instead, as certificates do for explicit tags;
//! `indefinite` is BER's indefinite length (`30 80` … `00 00`), which DER forbids; `null-inside`
//! ends in a SEQUENCE holding a NULL (`30 02 05 00`) instead of an empty one, for decoders that turn
//! an empty SEQUENCE without a schema into nothing (pyasn1 0.6 decodes `30 00` to None); `unclosed`
//! drops the last byte, so every length promises one byte more than there is.

use super::shape::{Shape, ShapeInfo};
use super::syntax::{nest, prefixed_contents, Level, Piece, Syntax};

/// Context-specific constructed tags in tags: ASN.1 `[0] { [0] { … } }`
pub(super) const TAGGED_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("tagged", "Tagged [0]"));

/// Indefinite-length values in indefinite-length values, each closed by an end-of-contents
/// marker: BER `30 80 30 80 … 00 00 00 00`
pub(super) const INDEFINITE_SHAPE: Shape =
    Shape::declare(&ShapeInfo::valid("indefinite", "Indefinite lengths"));

/// SEQUENCEs in SEQUENCEs down to one holding a NULL: `30 06 30 04 30 02 05 00`
pub(super) const NULL_INSIDE_SHAPE: Shape = Shape::declare(&ShapeInfo::valid("null-inside", "NULL inside"));

pub struct Asn1;

/// The innermost value of `null-inside`: a NULL (tag 5, length 0).
const NULL: &[u8] = &[0x05, 0x00];

const SEQUENCE: u8 = 0x30;
const CONTEXT_0: u8 = 0xa0;

/// Contents sizes at which a definite length needs one more byte.
const LENGTH_STEPS: &[u64] = &[128, 1 << 8, 1 << 16, 1 << 24, 1 << 32];

/// Bytes of the definite length of `size` bytes of contents.
fn length_len(size: u64) -> u64 {
    if size < 128 {
        1
    } else {
        1 + (64 - size.leading_zeros() as u64).div_ceil(8)
    }
}

fn header_len(size: u64) -> u64 {
    1 + length_len(size)
}

/// Size of what the value at `level` holds (1: the innermost, empty).
fn contents(level: u64) -> u64 {
    prefixed_contents(level, 0, header_len, LENGTH_STEPS)
}

/// Size of what the SEQUENCE at `level` holds in `null-inside` (1: the innermost, holding the NULL).
fn contents_around_null(level: u64) -> u64 {
    prefixed_contents(level, NULL.len() as u64, header_len, LENGTH_STEPS)
}

/// The bytes of the value at `level`: tag, length, contents.
fn value(level: u64) -> u64 {
    let inner = contents(level);
    header_len(inner) + inner
}

fn header(tag: u8, size: u64, out: &mut Vec<u8>) {
    out.push(tag);
    if size < 128 {
        out.push(size as u8);
    } else {
        let width = length_len(size) - 1;
        out.push(0x80 | width as u8);
        out.extend_from_slice(&size.to_be_bytes()[8 - width as usize..]);
    }
}

fn sequence_header(level: u64, out: &mut Vec<u8>) {
    header(SEQUENCE, contents(level), out)
}

fn tagged_header(level: u64, out: &mut Vec<u8>) {
    header(CONTEXT_0, contents(level), out)
}

fn sequence_around_null_header(level: u64, out: &mut Vec<u8>) {
    header(SEQUENCE, contents_around_null(level), out)
}

const INDEFINITE: Level = Level { open: &[SEQUENCE, 0x80], empty: &[SEQUENCE, 0x00], close: &[0x00, 0x00] };

impl Syntax for Asn1 {
    fn name(&self) -> &'static str {
        "asn1"
    }

    fn title(&self) -> &'static str {
        "ASN.1 (DER)"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Tagged, Shape::Indefinite, Shape::NullInside, Shape::Unclosed]
    }

    /// BER's indefinite lengths: a DER decoder must refuse them, a BER one nests them. And
    /// SEQUENCEs around a NULL: measured for every row, and the main result of a decoder that takes
    /// no empty SEQUENCE without a schema.
    fn more_shapes(&self) -> &'static [Shape] {
        &[Shape::Indefinite, Shape::NullInside]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        let bytes = value(depth);
        match shape {
            Shape::Indefinite => nest(&INDEFINITE, depth),
            Shape::Tagged => vec![Piece::Levels { top: depth, bottom: 1, bytes, spell: tagged_header }],
            Shape::NullInside => {
                let inner = contents_around_null(depth);
                let bytes = header_len(inner) + inner - NULL.len() as u64;
                let spell = sequence_around_null_header;
                vec![Piece::Levels { top: depth, bottom: 1, bytes, spell }, Piece::run(NULL, 1)]
            }
            Shape::Unclosed => {
                // Level 1 is `30 00`: keep its tag, drop its length.
                let outer = Piece::Levels { top: depth, bottom: 2, bytes: bytes - 2, spell: sequence_header };
                vec![outer, Piece::run(&[SEQUENCE], 1)]
            }
            _ => vec![Piece::Levels { top: depth, bottom: 1, bytes, spell: sequence_header }],
        }
    }

    fn is_binary(&self) -> bool {
        true
    }

    /// Keeps every length within four bytes (the payload under 4 GiB).
    fn max_depth(&self) -> u64 {
        500_000_000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contents_step_over_length_widths_like_the_level_by_level_sum() {
        let mut size = 0u64;
        for level in 1..=70_000u64 {
            assert_eq!(contents(level), size, "level {level}");
            size += header_len(size);
        }
        assert_eq!([length_len(127), length_len(128), length_len(255), length_len(256)], [1, 2, 2, 3]);
        assert_eq!(length_len(65_536), 4);
        assert!(value(Asn1.max_depth()) < 1 << 32);
        let mut size = 2u64;
        for level in 1..=70_000u64 {
            assert_eq!(contents_around_null(level), size, "level {level} around a NULL");
            size += header_len(size);
        }
        let inner = contents_around_null(Asn1.max_depth());
        assert!(header_len(inner) + inner < 1 << 32);
    }
}
