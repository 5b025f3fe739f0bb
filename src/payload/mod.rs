//! Nested payloads in several formats, streamed. A payload is a few pieces, each a run of a repeated
//! unit (`[` × n, then `]` × n) or, for formats with length prefixes, one header per level computed
//! from the level; it is written to the child in chunks of about 64 KiB, so nestprobe's own memory
//! stays the same at depth 5 000 000 as at depth 10. (That also matters for measuring the child: a
//! forked child's peak RSS starts at its parent's RSS.)
//!
//! One file per format implements [`Syntax`]; [`FORMATS`] lists them, one line each.

use std::fmt;
use std::io::{self, Read, Write};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use class::FormatClass;
use shape::names;
pub use shape::{Shape, ShapeInfo};
pub use syntax::{Piece, Syntax};

mod asn1;
mod bson;
mod build_constraint;
mod cbor;
mod cel;
mod class;
mod code;
mod css;
mod edn;
mod expr;
mod flatted;
mod gob;
mod graphql;
mod html;
mod influxql;
mod jmespath;
mod jq;
mod json;
mod jsonpath;
mod markdown;
mod msgpack;
mod pdf;
mod pomsky;
mod promql;
mod protobuf;
mod python;
mod query_string;
mod regex;
mod rfc2822;
mod sexp;
pub mod shape;
mod solidity_abi;
mod sql;
mod syntax;
mod toml;
mod xml;
mod xpath;
mod yaml;

/// Every payload format, in the order they are listed to users. The first is the default.
static FORMATS: &[&dyn Syntax] = &[
    &json::Json,
    &yaml::Yaml,
    &toml::Toml,
    &xml::Xml,
    &msgpack::MessagePack,
    &cbor::Cbor,
    &bson::Bson,
    &protobuf::Protobuf,
    &gob::Gob,
    &pdf::Pdf,
    &flatted::Flatted,
    &query_string::QueryString,
    &rfc2822::Rfc2822,
    &python::Python,
    &edn::Edn,
    &sexp::Sexp,
    &markdown::Markdown,
    &graphql::GraphQl,
    &asn1::Asn1,
    &html::Html,
    &regex::Regex,
    &pomsky::Pomsky,
    &solidity_abi::SolidityAbi,
    &sql::Sql,
    &jq::Jq,
    &jsonpath::JsonPath,
    &jmespath::JmesPath,
    &cel::Cel,
    &expr::Expr,
    &xpath::XPath,
    &css::Css,
    &code::Code,
    &build_constraint::BuildConstraint,
    &promql::PromQl,
    &influxql::InfluxQl,
];

/// Every shape, in the order they are listed to users: the shapes most formats share (declared in
/// [`shape`]), then each declared in the file of the format it belongs to.
impl Shape {
    pub const ALL: [Shape; 33] = [
        shape::ARRAY,
        shape::OBJECT,
        shape::MIXED,
        xml::ELEMENT_SHAPE,
        xml::ENTITY_REF_SHAPE,
        xml::CONTENT_MODEL_SHAPE,
        xml::ATTRIBUTED_SHAPE,
        html::INLINE_SHAPE,
        markdown::QUOTE_SHAPE,
        markdown::LIST_SHAPE,
        graphql::SELECTION_SHAPE,
        graphql::TYPENAME_SHAPE,
        asn1::TAGGED_SHAPE,
        cbor::TAG_SHAPE,
        asn1::INDEFINITE_SHAPE,
        asn1::NULL_INSIDE_SHAPE,
        shape::PAREN,
        shape::CALL,
        regex::GROUP_SHAPE,
        regex::NONCAPTURE_SHAPE,
        regex::ALTERNATION_SHAPE,
        regex::QUANTIFIED_SHAPE,
        regex::CHAR_CLASS_SHAPE,
        sql::SUBQUERY_SHAPE,
        sql::CASE_SHAPE,
        jsonpath::FILTER_SHAPE,
        xpath::PREDICATE_SHAPE,
        css::NOT_SHAPE,
        css::IS_SHAPE,
        code::BLOCK_SHAPE,
        code::COMPOSITE_LITERAL_SHAPE,
        build_constraint::NEGATION_SHAPE,
        shape::UNCLOSED,
    ];
}

/// The shapes by the names code outside their files uses.
#[allow(non_upper_case_globals)]
impl Shape {
    pub const Array: Shape = shape::ARRAY;
    pub const Object: Shape = shape::OBJECT;
    pub const Mixed: Shape = shape::MIXED;
    pub const Element: Shape = xml::ELEMENT_SHAPE;
    pub const EntityRef: Shape = xml::ENTITY_REF_SHAPE;
    pub const ContentModel: Shape = xml::CONTENT_MODEL_SHAPE;
    pub const Attributed: Shape = xml::ATTRIBUTED_SHAPE;
    pub const Inline: Shape = html::INLINE_SHAPE;
    pub const Quote: Shape = markdown::QUOTE_SHAPE;
    pub const List: Shape = markdown::LIST_SHAPE;
    pub const Selection: Shape = graphql::SELECTION_SHAPE;
    pub const Typename: Shape = graphql::TYPENAME_SHAPE;
    pub const Tagged: Shape = asn1::TAGGED_SHAPE;
    pub const Tag: Shape = cbor::TAG_SHAPE;
    pub const Indefinite: Shape = asn1::INDEFINITE_SHAPE;
    pub const NullInside: Shape = asn1::NULL_INSIDE_SHAPE;
    pub const Paren: Shape = shape::PAREN;
    pub const Call: Shape = shape::CALL;
    pub const Group: Shape = regex::GROUP_SHAPE;
    pub const Noncapture: Shape = regex::NONCAPTURE_SHAPE;
    pub const Alternation: Shape = regex::ALTERNATION_SHAPE;
    pub const Quantified: Shape = regex::QUANTIFIED_SHAPE;
    pub const CharClass: Shape = regex::CHAR_CLASS_SHAPE;
    pub const Subquery: Shape = sql::SUBQUERY_SHAPE;
    pub const Case: Shape = sql::CASE_SHAPE;
    pub const Filter: Shape = jsonpath::FILTER_SHAPE;
    pub const Predicate: Shape = xpath::PREDICATE_SHAPE;
    pub const Not: Shape = css::NOT_SHAPE;
    pub const Is: Shape = css::IS_SHAPE;
    pub const Block: Shape = code::BLOCK_SHAPE;
    pub const CompositeLiteral: Shape = code::COMPOSITE_LITERAL_SHAPE;
    pub const Negation: Shape = build_constraint::NEGATION_SHAPE;
    pub const Unclosed: Shape = shape::UNCLOSED;
}

/// A payload format, by reference into [`FORMATS`]: cheap to copy, compared and serialized by name.
#[derive(Clone, Copy)]
pub struct PayloadFormat(&'static dyn Syntax);

impl PayloadFormat {
    pub const JSON: PayloadFormat = PayloadFormat(&json::Json);

    pub fn all() -> impl Iterator<Item = PayloadFormat> {
        FORMATS.iter().map(|&syntax| PayloadFormat(syntax))
    }

    /// The names of all formats, for the command line's list of values.
    pub fn names() -> impl Iterator<Item = &'static str> {
        FORMATS.iter().map(|syntax| syntax.name())
    }

    pub fn name(self) -> &'static str {
        self.0.name()
    }

    pub fn title(self) -> &'static str {
        self.0.title()
    }

    pub fn shapes(self) -> &'static [Shape] {
        self.0.shapes()
    }

    /// The shape probed when none is asked for.
    pub fn main_shape(self) -> Shape {
        self.0.shapes()[0]
    }

    /// The nesting a catalog run measures besides the main one, if the format has another valid
    /// one: mappings in JSON, lists in Markdown, list values in GraphQL, entity chains in XML.
    pub fn second_shape(self) -> Option<Shape> {
        self.0.shapes()[1..].iter().copied().find(|shape| shape.must_be_accepted())
    }

    /// See [`Syntax::more_shapes`].
    pub fn more_shapes(self) -> &'static [Shape] {
        self.0.more_shapes()
    }

    /// See [`Syntax::class`].
    pub fn class(self) -> FormatClass {
        self.0.class()
    }

    pub fn is_binary(self) -> bool {
        self.0.is_binary()
    }

    pub fn max_depth(self) -> u64 {
        self.0.max_depth()
    }

    /// See [`Syntax::deepest_tried`].
    pub fn deepest_tried(self, shape: Shape) -> u64 {
        self.0.deepest_tried(shape)
    }

    pub fn has(self, shape: Shape) -> bool {
        self.0.shapes().contains(&shape)
    }

    /// Whether payloads of `shape` up to `max_depth` can be spelled; the error is one line naming
    /// the format and its shapes.
    pub fn check(self, shape: Shape, max_depth: u64) -> Result<(), String> {
        if !self.has(shape) {
            return Err(format!(
                "{} payloads have no `{shape}` shape; their shapes: {}",
                self.name(),
                names(self.shapes().iter().map(|s| s.name()))
            ));
        }
        if max_depth > self.max_depth() {
            return Err(format!(
                "{} payloads cannot be deeper than {} levels (their length fields would overflow)",
                self.name(),
                self.max_depth()
            ));
        }
        Ok(())
    }
}

impl Default for PayloadFormat {
    fn default() -> PayloadFormat {
        PayloadFormat::JSON
    }
}

impl FromStr for PayloadFormat {
    type Err = String;

    fn from_str(text: &str) -> Result<PayloadFormat, String> {
        PayloadFormat::all().find(|f| f.name() == text).ok_or_else(|| {
            format!("unknown payload format `{text}`; formats: {}", names(PayloadFormat::names()))
        })
    }
}

impl PartialEq for PayloadFormat {
    fn eq(&self, other: &PayloadFormat) -> bool {
        self.name() == other.name()
    }
}

impl Eq for PayloadFormat {}

impl std::hash::Hash for PayloadFormat {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for PayloadFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for PayloadFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for PayloadFormat {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for PayloadFormat {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PayloadFormat, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// The payload of one format and shape at one depth (≥ 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payload {
    pub format: PayloadFormat,
    pub shape: Shape,
    pub depth: u64,
}

impl Payload {
    /// Panics if the format lacks the shape or the depth is out of range: check with
    /// [`PayloadFormat::check`] first.
    pub fn new(format: PayloadFormat, shape: Shape, depth: u64) -> Payload {
        assert!(depth >= 1, "payload depth must be at least 1");
        assert!(format.check(shape, depth).is_ok(), "{format} payloads cannot be {shape} at depth {depth}");
        Payload { format, shape, depth }
    }

    fn pieces(self) -> Vec<Piece> {
        self.format.0.pieces(self.shape, self.depth)
    }

    /// Size in bytes.
    pub fn len(self) -> u64 {
        self.pieces().iter().map(|piece| piece.len()).sum()
    }

    /// Never empty (depth ≥ 1); here for clippy's `len_without_is_empty`.
    pub fn is_empty(self) -> bool {
        false
    }

    /// Writes the whole payload.
    pub fn write_to(self, out: &mut impl Write) -> io::Result<()> {
        io::copy(&mut self.reader(), out).map(drop)
    }

    /// The payload as a reader that produces it about 64 KiB at a time, in constant memory
    /// whatever the depth.
    pub fn reader(self) -> PayloadReader {
        PayloadReader { pieces: self.pieces(), piece: 0, progress: 0, pending: Vec::new(), at: 0 }
    }

    /// The whole payload in memory (tests and small depths only).
    pub fn to_vec(self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.len() as usize);
        self.write_to(&mut bytes).expect("writing to a Vec cannot fail");
        bytes
    }

    /// A short payload as people read it: ``yaml `[[]]` ``, or `msgpack 91 90 (hex)` for binary formats.
    pub fn show(self) -> String {
        let bytes = self.to_vec();
        if self.format.is_binary() {
            let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
            format!("{} {} (hex)", self.format, hex.join(" "))
        } else {
            format!("{} `{}`", self.format, String::from_utf8_lossy(&bytes))
        }
    }
}

/// Produces a payload's bytes in order; see [`Payload::reader`].
pub struct PayloadReader {
    pieces: Vec<Piece>,
    /// The piece being produced.
    piece: usize,
    /// How far into it: units of a run, or levels of a `Levels` piece, already produced.
    progress: u64,
    /// Bytes produced and not read yet (`at` of them read).
    pending: Vec<u8>,
    at: usize,
}

impl PayloadReader {
    const CHUNK: usize = 64 * 1024;

    /// Refills `pending` with the next chunk; leaves it empty at the end.
    fn refill(&mut self) {
        self.pending.clear();
        self.at = 0;
        while self.pending.len() < Self::CHUNK {
            let Some(&piece) = self.pieces.get(self.piece) else { return };
            let finished = match piece {
                Piece::Run([a, b], count) => {
                    let unit_len = (a.len() + b.len()).max(1);
                    let units = (count - self.progress).min((Self::CHUNK / unit_len).max(1) as u64);
                    for _ in 0..units {
                        self.pending.extend_from_slice(a);
                        self.pending.extend_from_slice(b);
                    }
                    self.progress += units;
                    self.progress >= count
                }
                Piece::Lines { count, spell, .. } => {
                    while self.pending.len() < Self::CHUNK && self.progress < count {
                        spell(self.progress, &mut self.pending);
                        self.progress += 1;
                    }
                    self.progress >= count
                }
                Piece::Levels { top, bottom, spell, .. } => {
                    // Levels are spelled from `top` down to `bottom`.
                    let count = if top >= bottom { top - bottom + 1 } else { 0 };
                    while self.pending.len() < Self::CHUNK && self.progress < count {
                        spell(top - self.progress, &mut self.pending);
                        self.progress += 1;
                    }
                    self.progress >= count
                }
            };
            if finished {
                self.piece += 1;
                self.progress = 0;
            }
        }
    }
}

impl Read for PayloadReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            self.refill();
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

// The Go payloads checked with Go's own decoders (a file named tests.rs, like every unit-test module).
#[cfg(test)]
#[path = "go_check/tests.rs"]
mod go_tests;
#[cfg(test)]
mod tests;
