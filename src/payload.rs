//! Nested JSON payloads, streamed. A payload is a few runs of a repeated unit (`[` × n, then `]` × n);
//! it is written to the child in 64 KiB chunks of a small repeated pattern, so nestprobe's own memory
//! stays the same at depth 5 000 000 as at depth 10. (That also matters for measuring the child: a
//! forked child's peak RSS starts at its parent's RSS.)

use std::io::{self, Read, Write};

use serde::{Deserialize, Serialize};

/// How the nesting is spelled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// `[[[…]]]`
    #[default]
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

/// The payload of one shape at one depth (≥ 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payload {
    pub shape: Shape,
    pub depth: u64,
}

/// A unit repeated `count` times.
type Run = (&'static [u8], u64);

const KEY: &[u8] = b"{\"a\":";

impl Payload {
    pub fn new(shape: Shape, depth: u64) -> Payload {
        assert!(depth >= 1, "payload depth must be at least 1");
        Payload { shape, depth }
    }

    /// The payload as runs of repeated units: openers from the outermost level in, then closers.
    /// In `mixed`, the innermost level is an array and levels alternate outwards.
    fn runs(self) -> Vec<Run> {
        let n = self.depth;
        match self.shape {
            Shape::Array => vec![(b"[", n), (b"]", n)],
            Shape::Unclosed => vec![(b"[", n)],
            Shape::Object => vec![(KEY, n - 1), (b"{", 1), (b"}", n)],
            Shape::Mixed => {
                // Levels n..=2 in pairs, outermost first; level k is an array when k is odd.
                let pair: &'static [u8] = if n % 2 == 1 { b"[{\"a\":" } else { b"{\"a\":[" };
                let mut runs = vec![(pair, (n - 1) / 2)];
                if (n - 1) % 2 == 1 {
                    runs.push((KEY, 1)); // level 2, when n is even
                }
                runs.push((b"[", 1));
                runs.push((b"]}", n / 2));
                if n % 2 == 1 {
                    runs.push((b"]", 1));
                }
                runs
            }
        }
    }

    /// Size in bytes.
    pub fn len(self) -> u64 {
        self.runs().iter().map(|(unit, count)| unit.len() as u64 * count).sum()
    }

    /// Never empty (depth ≥ 1); here for clippy's `len_without_is_empty`.
    pub fn is_empty(self) -> bool {
        false
    }

    /// Writes the whole payload.
    pub fn write_to(self, out: &mut impl Write) -> io::Result<()> {
        io::copy(&mut self.reader(), out).map(drop)
    }

    /// The payload as a reader that produces it piece by piece, in constant memory whatever the
    /// depth.
    pub fn reader(self) -> PayloadReader {
        let runs = self.runs();
        let left = runs.first().map_or(0, |&(_, count)| count);
        PayloadReader { runs, run: 0, left, offset: 0 }
    }

    /// The whole payload in memory (tests and small depths only).
    pub fn to_vec(self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.len() as usize);
        self.write_to(&mut bytes).expect("writing to a Vec cannot fail");
        bytes
    }
}

/// Produces a payload's bytes in order; see [`Payload::reader`].
pub struct PayloadReader {
    runs: Vec<Run>,
    /// The run being produced.
    run: usize,
    /// Units of that run not finished yet.
    left: u64,
    /// Bytes of the current unit already produced.
    offset: usize,
}

impl Read for PayloadReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut filled = 0;
        while filled < buf.len() && self.run < self.runs.len() {
            let (unit, _) = self.runs[self.run];
            if self.left == 0 {
                self.run += 1;
                self.left = self.runs.get(self.run).map_or(0, |&(_, count)| count);
                continue;
            }
            let space = &mut buf[filled..];
            if self.offset == 0 && space.len() >= unit.len() {
                // Whole units at once.
                let units = self.left.min((space.len() / unit.len()) as u64) as usize;
                if let [byte] = unit {
                    space[..units].fill(*byte);
                } else {
                    for chunk in space.chunks_exact_mut(unit.len()).take(units) {
                        chunk.copy_from_slice(unit);
                    }
                }
                filled += units * unit.len();
                self.left -= units as u64;
            } else {
                // Part of a unit: the buffer ends inside it, or the last read did.
                let take = (unit.len() - self.offset).min(space.len());
                space[..take].copy_from_slice(&unit[self.offset..self.offset + take]);
                filled += take;
                self.offset += take;
                if self.offset == unit.len() {
                    self.offset = 0;
                    self.left -= 1;
                }
            }
        }
        Ok(filled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(shape: Shape, depth: u64) -> String {
        String::from_utf8(Payload::new(shape, depth).to_vec()).unwrap()
    }

    #[test]
    fn shapes_spell_the_nesting() {
        assert_eq!(text(Shape::Array, 1), "[]");
        assert_eq!(text(Shape::Array, 3), "[[[]]]");
        assert_eq!(text(Shape::Object, 1), "{}");
        assert_eq!(text(Shape::Object, 3), r#"{"a":{"a":{}}}"#);
        assert_eq!(text(Shape::Mixed, 1), "[]");
        assert_eq!(text(Shape::Mixed, 2), r#"{"a":[]}"#);
        assert_eq!(text(Shape::Mixed, 3), r#"[{"a":[]}]"#);
        assert_eq!(text(Shape::Mixed, 4), r#"{"a":[{"a":[]}]}"#);
        assert_eq!(text(Shape::Unclosed, 3), "[[[");
    }

    #[test]
    fn every_depth_is_valid_json_of_that_depth_and_sizes_agree() {
        for shape in [Shape::Array, Shape::Object, Shape::Mixed, Shape::Unclosed] {
            for depth in 1..=40 {
                let payload = Payload::new(shape, depth);
                let bytes = payload.to_vec();
                assert_eq!(bytes.len() as u64, payload.len(), "{shape:?} {depth}");
                let opens = bytes.iter().filter(|&&b| b == b'[' || b == b'{').count();
                assert_eq!(opens as u64, depth, "{shape:?} {depth}");
                if shape.is_valid_json() {
                    let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
                    assert!(value.is_array() || value.is_object());
                }
            }
        }
    }

    #[test]
    fn large_payloads_stream_across_chunk_boundaries() {
        for shape in [Shape::Array, Shape::Object, Shape::Mixed] {
            let payload = Payload::new(shape, 200_001);
            let bytes = payload.to_vec();
            assert_eq!(bytes.len() as u64, payload.len());
            assert_eq!(bytes.iter().filter(|&&b| b == b'[' || b == b'{').count(), 200_001);
            assert_eq!(bytes.iter().filter(|&&b| b == b']' || b == b'}').count(), 200_001);
        }
    }

    #[test]
    fn reading_in_odd_sized_pieces_gives_the_same_bytes() {
        for shape in [Shape::Array, Shape::Object, Shape::Mixed, Shape::Unclosed] {
            let whole = Payload::new(shape, 1_001).to_vec();
            for piece in [1, 3, 7, 4096] {
                let mut reader = Payload::new(shape, 1_001).reader();
                let mut bytes = Vec::new();
                let mut buf = vec![0; piece];
                loop {
                    let n = reader.read(&mut buf).unwrap();
                    if n == 0 {
                        break;
                    }
                    bytes.extend_from_slice(&buf[..n]);
                }
                assert_eq!(bytes, whole, "{shape:?} in pieces of {piece}");
            }
        }
    }

    #[test]
    fn array_payload_is_two_bytes_per_level() {
        assert_eq!(Payload::new(Shape::Array, 5_000_000).len(), 10_000_000);
        assert_eq!(Payload::new(Shape::Object, 3).len(), 14);
    }
}
