//! Which part of a record a probe result (or a change) is: the main shape, the second one, the
//! unclosed input, a further shape, a phase, the sweep, or the row itself; and the one walk over a
//! record's probe results that the same-fact rules, crash sites, the plan and measurement share.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::payload::Shape;
use crate::results::phase::Phase;
use crate::results::probe_result::ProbeResult;
use crate::results::ParserRecord;

/// A part of a row's record, with the shape or phase it measured where it has one. Serialized as
/// structured fields: `{"part": "main", "shape": "array"}`, `{"part": "phase", "phase": "free"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "part", rename_all = "kebab-case")]
pub enum Part {
    /// The main probe (`ParserRecord::result`): the format's main shape at the run's stack.
    Main { shape: Shape },
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

impl ParserRecord {
    /// The record's main shape: its main result's, else its format's.
    pub fn main_shape(&self) -> Shape {
        self.result.as_ref().map_or(self.format.main_shape(), |result| result.shape)
    }

    /// The record's second shape: its result's, else its format's, if the format has one.
    pub fn second_shape(&self) -> Option<Shape> {
        self.object.as_ref().map(|result| result.shape).or(self.format.second_shape())
    }

    /// Each probe result of the record with its part, in the record's order: main, second shape,
    /// unclosed, further shapes, phases. (The sweep's probes are judged together: see `sweep`.)
    pub fn parts(&self) -> impl Iterator<Item = (Part, &ProbeResult)> {
        let slots = [
            self.result.as_ref().map(|r| (Part::Main { shape: r.shape }, r)),
            self.object.as_ref().map(|r| (Part::SecondShape { shape: r.shape }, r)),
            self.unclosed.as_ref().map(|r| (Part::Unclosed, r)),
        ];
        let further = self.more_shapes.iter().map(|r| (Part::FurtherShape { shape: r.shape }, r));
        let phases = self.phases.iter().filter_map(|r| Some((Part::Phase { phase: r.phase? }, r)));
        slots.into_iter().flatten().chain(further).chain(phases)
    }

    /// [`ParserRecord::parts`], each result to change in place.
    pub fn parts_mut(&mut self) -> impl Iterator<Item = (Part, &mut ProbeResult)> {
        let slots = [
            self.result.as_mut().map(|r| (Part::Main { shape: r.shape }, r)),
            self.object.as_mut().map(|r| (Part::SecondShape { shape: r.shape }, r)),
            self.unclosed.as_mut().map(|r| (Part::Unclosed, r)),
        ];
        let further = self.more_shapes.iter_mut().map(|r| (Part::FurtherShape { shape: r.shape }, r));
        let phases = self.phases.iter_mut().filter_map(|r| Some((Part::Phase { phase: r.phase? }, r)));
        slots.into_iter().flatten().chain(further).chain(phases)
    }

    /// The result of `part`, if the record has one.
    pub fn part(&self, part: Part) -> Option<&ProbeResult> {
        self.parts().find(|(p, _)| *p == part).map(|(_, result)| result)
    }

    /// Sets the result of `part` (a further shape or phase it had not is added at the end; `None`
    /// removes it). The sweep and the row are not one probe's: setting them does nothing.
    pub fn set_part(&mut self, part: Part, result: Option<ProbeResult>) {
        let listed = |results: &mut Vec<ProbeResult>, matches: &dyn Fn(&ProbeResult) -> bool| match (
            results.iter().position(matches),
            result.clone(),
        ) {
            (Some(at), Some(result)) => results[at] = result,
            (Some(at), None) => drop(results.remove(at)),
            (None, Some(result)) => results.push(result),
            (None, None) => {}
        };
        match part {
            Part::Main { .. } => self.result = result,
            Part::SecondShape { .. } => self.object = result,
            Part::Unclosed => self.unclosed = result,
            Part::FurtherShape { shape } => listed(&mut self.more_shapes, &|r| r.shape == shape),
            Part::Phase { phase } => listed(&mut self.phases, &|r| r.phase == Some(phase)),
            Part::Sweep | Part::Row => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(format: &str) -> ParserRecord {
        serde_json::from_value(serde_json::json!({
            "id": "p", "language": "C", "library": "p", "version": null, "note": "",
            "format": format, "status": "measured", "reason": null, "result": null,
        }))
        .unwrap()
    }

    fn result(shape: Shape, phase: Option<Phase>) -> ProbeResult {
        ProbeResult { shape, phase, min_failing_depth: Some(7), ..Default::default() }
    }

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

    #[test]
    fn parts_walk_every_probe_in_order_and_set_part_replaces_adds_and_removes() {
        let mut record = record("markdown");
        record.result = Some(result(Shape::Quote, None));
        record.more_shapes = vec![result(Shape::Inline, None)];
        record.phases =
            vec![result(Shape::Quote, Some(Phase::Parse)), result(Shape::Quote, Some(Phase::Free))];
        let parts: Vec<Part> = record.parts().map(|(part, _)| part).collect();
        assert_eq!(
            parts,
            [
                Part::Main { shape: Shape::Quote },
                Part::FurtherShape { shape: Shape::Inline },
                Part::Phase { phase: Phase::Parse },
                Part::Phase { phase: Phase::Free },
            ]
        );
        assert_eq!(record.second_shape(), Some(Shape::List));
        let list = Part::SecondShape { shape: Shape::List };
        record.set_part(list, Some(result(Shape::List, None)));
        assert_eq!(record.part(list).map(|r| r.shape), Some(Shape::List));
        let parse = Part::Phase { phase: Phase::Parse };
        record.set_part(parse, None);
        assert!(record.part(parse).is_none() && record.phases.len() == 1);
        record.set_part(parse, Some(result(Shape::Quote, Some(Phase::Parse))));
        assert_eq!(record.phases.last().and_then(|r| r.phase), Some(Phase::Parse));
        for (_, result) in record.parts_mut() {
            result.min_failing_depth = Some(9);
        }
        assert!(record.parts().all(|(_, r)| r.min_failing_depth == Some(9)));
    }
}
