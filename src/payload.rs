//! Nested JSON payloads. Each shape is built once as one buffer for the largest depth; the payload
//! for any smaller depth is a contiguous slice of it, so a probe never allocates per trial.
//!
//! The buffer lives in its own anonymous mapping marked `MADV_DONTFORK`. A forked child starts with
//! its parent's resident pages, and exec keeps that high-water mark, so without it every child's
//! peak RSS would include the buffer (10 MB at depth 5 000 000) whatever the parser used itself.

use std::ptr::NonNull;

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
    buffer: Mapping,
    /// Where the openers end and the closers begin: the middle of every payload.
    openers_len: usize,
}

impl Payloads {
    pub fn new(shape: Shape, capacity: u64) -> Payloads {
        assert!(capacity >= 1, "payload capacity must be at least 1");
        let openers_len = Self::openers_bytes(shape, capacity);
        let closers_len = if shape == Shape::Unclosed { 0 } else { capacity as usize };
        let mut buffer = Mapping::new(openers_len + closers_len);
        let bytes = buffer.as_mut_slice();
        let mut at = 0;
        for level in (1..=capacity).rev() {
            let opener = Self::opener(shape, level);
            bytes[at..at + opener.len()].copy_from_slice(opener);
            at += opener.len();
        }
        debug_assert_eq!(at, openers_len);
        if shape != Shape::Unclosed {
            for level in 1..=capacity {
                bytes[at] = if is_array_level(shape, level) { b']' } else { b'}' };
                at += 1;
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
        &self.buffer.as_slice()[self.openers_len - open..self.openers_len + close]
    }
}

/// Bytes in a private anonymous mapping that forked children do not inherit.
struct Mapping {
    ptr: NonNull<u8>,
    len: usize,
}

// SAFETY: the mapping is owned, and only read through shared references once built.
unsafe impl Send for Mapping {}
unsafe impl Sync for Mapping {}

impl Mapping {
    fn new(len: usize) -> Mapping {
        let map_len = len.max(1);
        // SAFETY: a fresh private anonymous mapping; no existing memory is touched.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert!(ptr != libc::MAP_FAILED, "cannot map {len} bytes for the payloads");
        // Best effort: without it the children are merely charged for the buffer's pages. Nothing
        // runs between fork and exec that reads it.
        // SAFETY: the whole mapping just created.
        unsafe { libc::madvise(ptr, map_len, libc::MADV_DONTFORK) };
        Mapping { ptr: NonNull::new(ptr.cast()).expect("mmap never returns null here"), len }
    }

    fn as_slice(&self) -> &[u8] {
        // SAFETY: `len` bytes mapped readable (zero-filled until written) for our lifetime.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as above, and `&mut self` makes this the only reference.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: the mapping created in `new`, unmapped once.
        unsafe { libc::munmap(self.ptr.as_ptr().cast(), self.len.max(1)) };
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
