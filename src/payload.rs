//! Nested JSON payloads, streamed. A payload is a few runs of a repeated unit (`[` × n, then `]` × n);
//! it is written to the child in 64 KiB chunks of a small repeated pattern, so nestprobe's own memory
//! stays the same at depth 5 000 000 as at depth 10. (That also matters for measuring the child: a
//! forked child's peak RSS starts at its parent's RSS.)

use std::io::{self, Write};

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

    /// Writes the payload in chunks of about 64 KiB.
    pub fn write_to(self, out: &mut impl Write) -> io::Result<()> {
        const CHUNK: usize = 64 * 1024;
        for (unit, count) in self.runs() {
            let per_chunk = (CHUNK / unit.len()) as u64;
            let chunk = unit.repeat(per_chunk.min(count) as usize);
            let mut left = count;
            while left > 0 {
                let units = left.min(per_chunk);
                out.write_all(&chunk[..units as usize * unit.len()])?;
                left -= units;
            }
        }
        Ok(())
    }

    /// The whole payload in memory (tests and small depths only).
    pub fn to_vec(self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.len() as usize);
        self.write_to(&mut bytes).expect("writing to a Vec cannot fail");
        bytes
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
    fn array_payload_is_two_bytes_per_level() {
        assert_eq!(Payload::new(Shape::Array, 5_000_000).len(), 10_000_000);
        assert_eq!(Payload::new(Shape::Object, 3).len(), 14);
    }
}
