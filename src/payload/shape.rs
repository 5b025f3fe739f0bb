//! How the nesting is spelled: a shape is declared once, as data (its name, its column title,
//! whether a parser must accept it), in the file of the format it belongs to, or here for the
//! shapes most formats share; `Shape::ALL` in the registry lists them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A shape of nesting. The names are the same in every format that has the nesting; two shapes
/// are the same when they are declared the same.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape(&'static ShapeInfo);

/// What a shape is.
#[derive(PartialEq, Eq, Hash)]
pub struct ShapeInfo {
    /// Its name on the command line and in results: `array`.
    pub name: &'static str,
    /// A table column's title for its results: `Arrays`.
    pub column_title: &'static str,
    /// Whether a correct parser must accept its payloads (false: it must reject them cleanly).
    pub must_be_accepted: bool,
}

impl ShapeInfo {
    /// A shape a correct parser must accept.
    pub const fn valid(name: &'static str, column_title: &'static str) -> ShapeInfo {
        ShapeInfo { name, column_title, must_be_accepted: true }
    }
}

/// Sequences in sequences: `[[[…]]]` (ASN.1 SEQUENCEs, GraphQL list values)
pub const ARRAY: Shape = Shape::declare(&ShapeInfo::valid("array", "Arrays"));
/// Mappings (tables, documents, messages) in mappings: `{"a":{"a":…{}}}`
pub const OBJECT: Shape = Shape::declare(&ShapeInfo::valid("object", "Objects"));
/// Sequences and mappings alternating: `…{"a":[{"a":[]}]}`
pub const MIXED: Shape = Shape::declare(&ShapeInfo::valid("mixed", "Mixed"));
/// Parentheses in parentheses around the simplest operand: SQL `SELECT ((1))`, jq `((.))`, code
/// `((1))`
pub const PAREN: Shape = Shape::declare(&ShapeInfo::valid("paren", "Parentheses"));
/// A function called on its own result: PromQL `abs(abs(vector(1)))`, SQL `SELECT abs(abs(1))`.
pub const CALL: Shape = Shape::declare(&ShapeInfo::valid("call", "Calls"));
/// The main nesting without its closers, or cut short: invalid input that must be rejected cleanly
pub const UNCLOSED: Shape =
    Shape::declare(&ShapeInfo { name: "unclosed", column_title: "Unclosed", must_be_accepted: false });

impl Shape {
    /// The shape `info` declares (in a `const`, so that it can be matched on).
    pub const fn declare(info: &'static ShapeInfo) -> Shape {
        Shape(info)
    }

    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// Whether a correct parser must accept this payload (false: it must reject it cleanly).
    pub fn must_be_accepted(self) -> bool {
        self.0.must_be_accepted
    }

    /// A table column's title for results of this shape.
    pub fn column_title(self) -> &'static str {
        self.0.column_title
    }
}

impl Default for Shape {
    fn default() -> Shape {
        ARRAY
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Shape {
    type Err = String;

    fn from_str(text: &str) -> Result<Shape, String> {
        Shape::ALL.into_iter().find(|s| s.name() == text).ok_or_else(|| {
            format!("unknown shape `{text}`; shapes: {}", names(Shape::ALL.iter().map(|s| s.name())))
        })
    }
}

impl Serialize for Shape {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shape, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// Names for a message listing what there is: `array, object, unclosed`.
pub(super) fn names(names: impl Iterator<Item = &'static str>) -> String {
    names.collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_has_one_name_and_reads_back_by_it() {
        for (i, shape) in Shape::ALL.iter().enumerate() {
            assert!(Shape::ALL[..i].iter().all(|other| other.name() != shape.name()), "{shape} twice");
            assert_eq!(shape.name().parse::<Shape>(), Ok(*shape));
            let json = serde_json::to_value(shape).unwrap();
            assert_eq!(json, serde_json::json!(shape.name()));
            assert_eq!(serde_json::from_value::<Shape>(json).unwrap(), *shape);
        }
        assert!(serde_json::from_value::<Shape>(serde_json::json!("spiral")).is_err());
        assert_eq!(Shape::default(), Shape::Array);
    }

    #[test]
    fn shapes_are_told_apart_by_what_they_are_and_matched_on() {
        let accepted: Vec<&str> =
            Shape::ALL.iter().filter(|s| !s.must_be_accepted()).map(|s| s.name()).collect();
        assert_eq!(accepted, ["unclosed"]);
        assert_eq!(Shape::Tagged.column_title(), "Tagged [0]");
        let kind = |shape: Shape| match shape {
            Shape::Array => "sequences",
            Shape::Object => "mappings",
            _ => "other",
        };
        assert_eq!([Shape::Array, Shape::Object, Shape::List].map(kind), ["sequences", "mappings", "other"]);
    }
}
