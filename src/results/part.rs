//! Which part of a record a probe result (or a change) is: the main shape, the second one, the
//! unclosed input, a further shape, a phase, the sweep, or the row itself; and the one walk over a
//! record's probe results that the same-fact rules, crash sites, the plan and measurement share.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::payload::Shape;
use crate::results::phase::Phase;

/// A part of a row's record, with the shape or phase it measured where it has one. Serialized as
/// structured fields: `{"part": "main", "shape": "array"}`, `{"part": "phase", "phase": "free"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "part", rename_all = "kebab-case")]
pub enum Part {
    /// The main probe (`ParserRecord::result`): the format's main shape at the run's stack.
    Main { shape: Shape },
    /// A service's main shape on a warmed server (`ParserRecord::warm`).
    Warm { shape: Shape },
    /// The format's second nesting (`ParserRecord::object`).
    SecondShape { shape: Shape },
    /// The main nesting never closed (`ParserRecord::unclosed`).
    Unclosed,
    /// One of the format's further nestings (`ParserRecord::more_shapes`).
    FurtherShape { shape: Shape },
    /// The main shape in one phase of the program (`ParserRecord::phases`).
    Phase { phase: Phase },
    /// The stack sweep: several probes judged together (`ParserRecord::sweep`).
    Sweep,
    /// What is not one probe's: version, status, settings.
    Row,
}

impl Part {
    /// The label a change of this part is shown with: its shape or phase, else its kind.
    pub fn label(self) -> &'static str {
        match self {
            Part::Main { shape } | Part::SecondShape { shape } | Part::FurtherShape { shape } => shape.name(),
            Part::Warm { .. } => "warm",
            Part::Unclosed => "unclosed",
            Part::Phase { phase } => phase.name(),
            Part::Sweep => "sweep",
            Part::Row => "row",
        }
    }

    /// The part a label of results written before parts were typed names, on a record whose main
    /// and second shapes are `main` and `second`: those files called the main result `array` and
    /// the second shape `object`, whatever their shapes. `None` for a label no part had.
    pub fn from_legacy_label(label: &str, main: Shape, second: Option<Shape>) -> Option<Part> {
        Some(match label {
            "array" => Part::Main { shape: main },
            "object" => Part::SecondShape { shape: second.unwrap_or(Shape::Object) },
            "unclosed" => Part::Unclosed,
            "sweep" => Part::Sweep,
            "row" => Part::Row,
            label => match (label.parse::<Phase>(), label.parse::<Shape>()) {
                (Ok(phase), _) => Part::Phase { phase },
                (_, Ok(shape)) => Part::FurtherShape { shape },
                _ => return None,
            },
        })
    }

    /// The main and the second shape's parts carry the record's real shapes (`main`, `second`);
    /// a part read from an older file carries what [`Part::from_legacy_label`] could tell.
    pub fn with_shapes(self, main: Shape, second: Option<Shape>) -> Part {
        match (self, second) {
            (Part::Main { .. }, _) => Part::Main { shape: main },
            (Part::Warm { .. }, _) => Part::Warm { shape: main },
            (Part::SecondShape { .. }, Some(shape)) => Part::SecondShape { shape },
            (part, _) => part,
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_serialize_as_structured_fields_and_read_back() {
        let main = Part::Main { shape: Shape::Object };
        assert_eq!(
            serde_json::to_value(main).unwrap(),
            serde_json::json!({"part": "main", "shape": "object"})
        );
        let phase = Part::Phase { phase: Phase::Free };
        assert_eq!(
            serde_json::to_value(phase).unwrap(),
            serde_json::json!({"part": "phase", "phase": "free"})
        );
        assert_eq!(serde_json::to_value(Part::Unclosed).unwrap(), serde_json::json!({"part": "unclosed"}));
        for part in [main, phase, Part::SecondShape { shape: Shape::List }, Part::Sweep, Part::Row] {
            assert_eq!(serde_json::from_value::<Part>(serde_json::to_value(part).unwrap()).unwrap(), part);
        }
    }

    #[test]
    fn labels_are_the_shape_or_phase_or_the_kind() {
        assert_eq!(Part::Main { shape: Shape::Selection }.to_string(), "selection");
        assert_eq!(Part::SecondShape { shape: Shape::Array }.to_string(), "array");
        assert_eq!(Part::FurtherShape { shape: Shape::Inline }.to_string(), "inline");
        assert_eq!(Part::Phase { phase: Phase::Serialize }.to_string(), "serialize");
        assert_eq!(
            [Part::Unclosed, Part::Sweep, Part::Row].map(|p| p.to_string()),
            ["unclosed", "sweep", "row"]
        );
    }

    #[test]
    fn legacy_labels_name_the_records_real_shapes() {
        let main = |label| Part::from_legacy_label(label, Shape::Selection, Some(Shape::Array));
        assert_eq!(main("array"), Some(Part::Main { shape: Shape::Selection }));
        assert_eq!(main("object"), Some(Part::SecondShape { shape: Shape::Array }));
        assert_eq!(main("inline"), Some(Part::FurtherShape { shape: Shape::Inline }));
        assert_eq!(main("free"), Some(Part::Phase { phase: Phase::Free }));
        assert_eq!(main("unclosed"), Some(Part::Unclosed));
        assert_eq!(main("nonsense"), None);
    }
}
