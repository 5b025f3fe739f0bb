//! Go's gob stream (encoding/gob): nested *type definitions* and a value of the outermost type, the
//! nesting of Go's gob advisories (GO-2022-0526, GO-2024-3106: the decoder compiled the ops of a
//! type it ignores by recursing over its element and field types). Level k (1: the innermost) is a
//! type-definition message for the type id 64 + k: in `array` a slice of the type below
//! (`[]…[]int`, the innermost a `[]int`), in `object` a struct whose one field `A` is of the type
//! below (the innermost field an `int`). Types are unnamed (like Go's own `[]int`) and sent
//! innermost first. The last message is the value, of the outermost type: slices holding one
//! element down to an empty `[]int` (`00 01 01 … 00`: a singleton's field delta, then the lengths),
//! or structs setting `A` down to an empty struct (`01 01 … 00 00 …`). Each message is its length
//! and its type id (negated for a definition), as Go's encoder writes them. `unclosed` is the
//! `array` stream without its last byte: the value's message promises one byte more than there is.

use super::shape::Shape;
use super::syntax::{Piece, Speller, Syntax};

pub struct Gob;

/// The type id of level 1: the first id a gob stream may define is 64.
const FIRST_ID: u64 = 65;
/// gob's predefined id of `int`.
const INT_ID: u64 = 2;

/// Bytes of gob's unsigned integer: one byte below 128, else a negated byte count and the bytes.
fn uint_len(value: u64) -> u64 {
    if value < 128 {
        1
    } else {
        1 + (64 - value.leading_zeros() as u64).div_ceil(8)
    }
}

fn put_uint(value: u64, out: &mut Vec<u8>) {
    if value < 128 {
        out.push(value as u8);
    } else {
        let width = uint_len(value) - 1;
        out.push((width as u8).wrapping_neg());
        out.extend_from_slice(&value.to_be_bytes()[8 - width as usize..]);
    }
}

/// gob's signed integer as its unsigned form: the sign in the low bit.
fn signed(value: i64) -> u64 {
    if value < 0 {
        !((value as u64) << 1)
    } else {
        (value as u64) << 1
    }
}

fn id(level: u64) -> i64 {
    (FIRST_ID + level - 1) as i64
}

fn elem(level: u64) -> i64 {
    if level == 1 {
        INT_ID as i64
    } else {
        id(level - 1)
    }
}

/// The body of level `level`'s type-definition message (everything after its length). wireType's
/// fields are numbered ArrayT 0, SliceT 1, StructT 2; CommonType's Name (left empty, so not sent)
/// 0 and Id 1. Each field is sent as the delta from the field before, each struct ends in 0.
fn definition(level: u64, slice: bool, out: &mut Vec<u8>) {
    put_uint(signed(-id(level)), out);
    if slice {
        // SliceT { CommonType { Id }, Elem }
        out.extend_from_slice(&[0x02, 0x01, 0x02]);
        put_uint(signed(id(level)), out);
        out.extend_from_slice(&[0x00, 0x01]);
        put_uint(signed(elem(level)), out);
        out.extend_from_slice(&[0x00, 0x00]);
    } else {
        // StructT { CommonType { Id }, Field: [{ Name: "A", Id }] }
        out.extend_from_slice(&[0x03, 0x01, 0x02]);
        put_uint(signed(id(level)), out);
        out.extend_from_slice(&[0x00, 0x01, 0x01, 0x01, 0x01, b'A', 0x01]);
        put_uint(signed(elem(level)), out);
        out.extend_from_slice(&[0x00, 0x00, 0x00]);
    }
}

fn definition_len(level: u64, slice: bool) -> u64 {
    let ids = uint_len(signed(-id(level))) + uint_len(signed(id(level))) + uint_len(signed(elem(level)));
    let body = ids + if slice { 7 } else { 13 };
    uint_len(body) + body
}

/// Spells level `index + 1`'s definition message (lines are numbered from 0).
fn spell_definition(index: u64, out: &mut Vec<u8>, slice: bool) {
    let mut body = Vec::with_capacity(24);
    definition(index + 1, slice, &mut body);
    put_uint(body.len() as u64, out);
    out.extend_from_slice(&body);
}

fn slice_definition(index: u64, out: &mut Vec<u8>) {
    spell_definition(index, out, true)
}

fn struct_definition(index: u64, out: &mut Vec<u8>) {
    spell_definition(index, out, false)
}

/// The total size of levels 1..=depth's definitions. A definition's size only grows with its level
/// (its ids take more bytes), so this sums runs of equal sizes, a few per width, whatever the depth.
fn definitions_len(depth: u64, slice: bool) -> u64 {
    let (mut total, mut level) = (0, 1);
    while level <= depth {
        let size = definition_len(level, slice);
        // The last level of this size: grow a step while the size holds, then halve it back.
        let (mut last, mut step) = (level, 1u64);
        while step > 0 {
            let next = last.saturating_add(step).min(depth);
            if next > last && definition_len(next, slice) == size {
                last = next;
                step = step.saturating_mul(2);
            } else {
                step /= 2;
            }
        }
        total += size * (last - level + 1);
        level = last + 1;
    }
    total
}

/// The value's bytes after its type id: `array` 00 01×(depth-1) 00, `object` 01×(depth-1) 00×depth.
fn value_len(depth: u64, slice: bool) -> u64 {
    if slice {
        depth + 1
    } else {
        2 * depth - 1
    }
}

/// The value message's length and type id (the outermost level's); `spell` is called with the depth.
fn value_header(depth: u64, slice: bool, out: &mut Vec<u8>) {
    let top = signed(id(depth));
    put_uint(uint_len(top) + value_len(depth, slice), out);
    put_uint(top, out);
}

fn value_header_len(depth: u64, slice: bool) -> u64 {
    let body = uint_len(signed(id(depth))) + value_len(depth, slice);
    uint_len(body) + body - value_len(depth, slice)
}

fn slice_value_header(depth: u64, out: &mut Vec<u8>) {
    value_header(depth, true, out)
}

fn struct_value_header(depth: u64, out: &mut Vec<u8>) {
    value_header(depth, false, out)
}

impl Syntax for Gob {
    fn name(&self) -> &'static str {
        "gob"
    }

    fn title(&self) -> &'static str {
        "Go gob"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        let slice = shape != Shape::Object;
        let (definition, header): (Speller, Speller) = if slice {
            (slice_definition, slice_value_header)
        } else {
            (struct_definition, struct_value_header)
        };
        let mut pieces = vec![
            Piece::Lines { count: depth, bytes: definitions_len(depth, slice), spell: definition },
            Piece::Levels { top: depth, bottom: depth, bytes: value_header_len(depth, slice), spell: header },
        ];
        if slice {
            pieces.extend([Piece::run(&[0x00], 1), Piece::run(&[0x01], depth - 1)]);
            if shape != Shape::Unclosed {
                pieces.push(Piece::run(&[0x00], 1));
            }
        } else {
            pieces.extend([Piece::run(&[0x01], depth - 1), Piece::run(&[0x00], depth)]);
        }
        pieces
    }

    fn is_binary(&self) -> bool {
        true
    }

    /// gob refuses a message over 1 GiB; the value's message is about a byte a level.
    fn max_depth(&self) -> u64 {
        500_000_000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_step_over_id_widths_like_the_level_by_level_sum() {
        for slice in [true, false] {
            let mut total = 0;
            for level in 1..=70_000u64 {
                let mut out = Vec::new();
                if slice {
                    slice_definition(level - 1, &mut out);
                } else {
                    struct_definition(level - 1, &mut out);
                }
                assert_eq!(out.len() as u64, definition_len(level, slice), "level {level}");
                total += out.len() as u64;
                assert_eq!(definitions_len(level, slice), total, "level {level}");
            }
        }
        assert_eq!([uint_len(127), uint_len(128), uint_len(255), uint_len(256)], [1, 2, 2, 3]);
        let mut out = Vec::new();
        put_uint(signed(-66), &mut out);
        put_uint(signed(65), &mut out);
        assert_eq!(out, [0xff, 0x83, 0xff, 0x82]);
    }
}
