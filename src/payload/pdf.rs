//! PDF files: the smallest file a reader loads, one object (the document catalog) whose entry `/X`
//! holds the nesting, then the cross-reference table and the trailer that point at it (RUSTSEC-2026-
//! 0187's proof of concept: lopdf recursed over nested arrays and dictionaries). `array` is
//! `/X [[[]]]`, `object` dictionaries `/X <</X<</X<<>>>>>>`; the catalog itself is not a level. The
//! table's offset of the catalog and `startxref`'s offset of the table are exact at every depth, so
//! a reader that follows them finds what it expects. `unclosed` ends after the openers.

use super::shape::Shape;
use super::syntax::{digits, nest, Level, Piece, Speller, Syntax};

pub struct Pdf;

const HEADER: &[u8] = b"%PDF-1.4\n";
const CATALOG: &[u8] = b"1 0 obj\n<< /Type /Catalog /X ";
const CATALOG_END: &[u8] = b" >>\nendobj\n";
/// The table: entry 0 is the free list's head, entry 1 the catalog, 9 bytes in (after HEADER).
const XREF: &[u8] =
    b"xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n";
const EOF: &[u8] = b"\n%%EOF\n";

const ARRAY: Level = Level { open: b"[", empty: b"[]", close: b"]" };
const DICTIONARY: Level = Level { open: b"<</X", empty: b"<<>>", close: b">>" };

/// Where the table starts: after the header and the catalog holding `depth` levels of `level`.
fn xref_offset(level: &Level, depth: u64) -> u64 {
    let nesting = (level.open.len() + level.close.len()) as u64 * (depth - 1) + level.empty.len() as u64;
    (HEADER.len() + CATALOG.len() + CATALOG_END.len()) as u64 + nesting
}

fn offset_line(level: &Level, depth: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(xref_offset(level, depth).to_string().as_bytes());
}

fn array_offset(depth: u64, out: &mut Vec<u8>) {
    offset_line(&ARRAY, depth, out)
}

fn dictionary_offset(depth: u64, out: &mut Vec<u8>) {
    offset_line(&DICTIONARY, depth, out)
}

impl Syntax for Pdf {
    fn name(&self) -> &'static str {
        "pdf"
    }

    fn title(&self) -> &'static str {
        "PDF"
    }

    fn shapes(&self) -> &'static [Shape] {
        &[Shape::Array, Shape::Object, Shape::Unclosed]
    }

    fn pieces(&self, shape: Shape, depth: u64) -> Vec<Piece> {
        let mut pieces = vec![Piece::run(HEADER, 1), Piece::run(CATALOG, 1)];
        if shape == Shape::Unclosed {
            pieces.push(Piece::run(ARRAY.open, depth));
            return pieces;
        }
        let (level, spell): (&Level, Speller) = match shape {
            Shape::Object => (&DICTIONARY, dictionary_offset),
            _ => (&ARRAY, array_offset),
        };
        pieces.extend(nest(level, depth));
        pieces.extend([Piece::run(CATALOG_END, 1), Piece::run(XREF, 1)]);
        let bytes = digits(xref_offset(level, depth));
        pieces.push(Piece::Levels { top: depth, bottom: depth, bytes, spell });
        pieces.push(Piece::run(EOF, 1));
        pieces
    }
}
