//! Nested JSON payloads. Each shape is built once as one buffer for the largest depth; the payload
//! for any smaller depth is a contiguous slice of it, so a probe never allocates per trial.

use serde::{Deserialize, Serialize};

/// How the nesting is spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// `[[[…]]]`
    Array,
    /// `{"a":{"a":…{}}}`
    Object,
    /// arrays and objects alternating: `…{"a":[{"a":[]}]}`
    Mixed,
    /// `[[[…` with no closing brackets: invalid JSON that must be rejected cleanly
    Unclosed,
}

impl Shape {
    pub fn name(self) -> &'static str {
        match self {
            Shape::Array => "array",
            Shape::Object => "object",
            Shape::Mixed => "mixed",
            Shape::Unclosed => "unclosed",
        }
    }

    /// Whether a valid parser must accept this payload (false: it must reject it cleanly).
    pub fn is_valid_json(self) -> bool {
        self != Shape::Unclosed
    }
}

const ARRAY_OPEN: &[u8] = b"[";
const OBJECT_OPEN: &[u8] = b"{\"a\":";

/// Level `k` counted from the innermost (1) outwards; `mixed` alternates starting with an array inside.
fn is_array_level(shape: Shape, level: u64) -> bool {
    match shape {
        Shape::Array | Shape::Unclosed => true,
        Shape::Object => false,
        Shape::Mixed => level % 2 == 1,
    }
}

/// One shared buffer holding the payload of depth `capacity`; `get(n)` slices depth `n` out of it.
///
/// Layout: openers from the outermost level to the innermost, then closers from the innermost out.
/// The innermost `n` levels sit in the middle, so every depth is one slice.
pub struct Payloads {
    shape: Shape,
    capacity: u64,
    buffer: Vec<u8>,
    /// Where the openers end and the closers begin: the middle of every payload.
    openers_len: usize,
}

impl Payloads {
    pub fn new(shape: Shape, capacity: u64) -> Payloads {
        assert!(capacity >= 1, "payload capacity must be at least 1");
        let mut buffer = Vec::with_capacity(Self::openers_bytes(shape, capacity) + capacity as usize);
        for level in (1..=capacity).rev() {
            buffer.extend_from_slice(Self::opener(shape, level));
        }
        let openers_len = buffer.len();
        if shape != Shape::Unclosed {
            for level in 1..=capacity {
                buffer.push(if is_array_level(shape, level) { b']' } else { b'}' });
            }
        }
        Payloads { shape, capacity, buffer, openers_len }
    }

    /// The opener of a level; the innermost object is `{` (an empty object), not `{"a":`.
    fn opener(shape: Shape, level: u64) -> &'static [u8] {
        match (is_array_level(shape, level), level) {
            (true, _) => ARRAY_OPEN,
            (false, 1) => b"{",
            (false, _) => OBJECT_OPEN,
        }
    }

    /// Bytes taken by the openers of the innermost `depth` levels.
    fn openers_bytes(shape: Shape, depth: u64) -> usize {
        let objects = (1..=depth).filter(|&l| !is_array_level(shape, l)).count() as u64;
        let (arrays, objects) = match shape {
            Shape::Array | Shape::Unclosed => (depth, 0),
            Shape::Object => (0, depth),
            Shape::Mixed => (depth - depth / 2, objects),
        };
        // An innermost object's opener is a bare `{`.
        let inner_object_saving = if is_array_level(shape, 1) { 0 } else { OBJECT_OPEN.len() - 1 };
        (arrays as usize) * ARRAY_OPEN.len() + (objects as usize) * OBJECT_OPEN.len() - inner_object_saving
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    /// The payload of nesting depth `depth` (1 ≤ depth ≤ capacity).
    pub fn get(&self, depth: u64) -> &[u8] {
        assert!((1..=self.capacity).contains(&depth), "depth {depth} outside 1..={}", self.capacity);
        let open = Self::openers_bytes(self.shape, depth);
        let close = if self.shape == Shape::Unclosed { 0 } else { depth as usize };
        &self.buffer[self.openers_len - open..self.openers_len + close]
    }
}

/// Size in bytes of the payload of a given shape and depth, without building it.
pub fn payload_bytes(shape: Shape, depth: u64) -> u64 {
    let close = if shape == Shape::Unclosed { 0 } else { depth };
    Payloads::openers_bytes(shape, depth) as u64 + close
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(shape: Shape, capacity: u64, depth: u64) -> String {
        String::from_utf8(Payloads::new(shape, capacity).get(depth).to_vec()).unwrap()
    }

    #[test]
    fn shapes_spell_the_nesting() {
        assert_eq!(text(Shape::Array, 5, 1), "[]");
        assert_eq!(text(Shape::Array, 5, 3), "[[[]]]");
        assert_eq!(text(Shape::Object, 5, 1), "{}");
        assert_eq!(text(Shape::Object, 5, 3), r#"{"a":{"a":{}}}"#);
        assert_eq!(text(Shape::Mixed, 5, 1), "[]");
        assert_eq!(text(Shape::Mixed, 5, 2), r#"{"a":[]}"#);
        assert_eq!(text(Shape::Mixed, 5, 4), r#"{"a":[{"a":[]}]}"#);
        assert_eq!(text(Shape::Unclosed, 5, 3), "[[[");
    }

    #[test]
    fn every_depth_is_a_slice_of_the_largest_and_sizes_agree() {
        for shape in [Shape::Array, Shape::Object, Shape::Mixed, Shape::Unclosed] {
            let payloads = Payloads::new(shape, 9);
            for depth in 1..=9 {
                let slice = payloads.get(depth);
                assert_eq!(slice.len() as u64, payload_bytes(shape, depth), "{shape:?} {depth}");
                let opens = slice.iter().filter(|&&b| b == b'[' || b == b'{').count();
                assert_eq!(opens as u64, depth, "{shape:?} {depth}");
                if shape.is_valid_json() {
                    let value: serde_json::Value = serde_json::from_slice(slice).unwrap();
                    assert!(value.is_array() || value.is_object());
                }
            }
        }
    }

    #[test]
    fn array_payload_is_two_bytes_per_level() {
        assert_eq!(payload_bytes(Shape::Array, 5_000_000), 10_000_000);
        assert_eq!(payload_bytes(Shape::Object, 3), 14);
    }
}
