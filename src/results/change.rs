//! A row's history: which fact changed in the run that last changed one, and both values.

use serde::{Deserialize, Serialize};

use crate::payload::Shape;
use crate::results::part::Part;

/// A fact of a row that changed: which part, and both values. Stored with the part as structured
/// fields (`"part": "main", "shape": "array"`); an entry of an older file (`"what": "array"`) is
/// read as the part it named ([`Part::from_legacy_label`]) and given the record's real shapes when
/// the file is loaded (`Results::load`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredChange")]
pub struct Change {
    #[serde(flatten)]
    pub what: Part,
    pub was: String,
    pub now: String,
}

/// A change as a results file holds it, typed or of a file older than [`Part`].
#[derive(Deserialize)]
#[serde(untagged)]
enum StoredChange {
    Typed {
        #[serde(flatten)]
        what: Part,
        was: String,
        now: String,
    },
    Labelled {
        what: String,
        was: String,
        now: String,
    },
}

impl TryFrom<StoredChange> for Change {
    type Error = String;

    fn try_from(stored: StoredChange) -> Result<Change, String> {
        match stored {
            StoredChange::Typed { what, was, now } => Ok(Change { what, was, now }),
            StoredChange::Labelled { what, was, now } => {
                // What those files meant; `Results::load` puts in the record's real shapes.
                let part = Part::from_legacy_label(&what, Shape::Array, Some(Shape::Object))
                    .ok_or_else(|| format!("a change of `{what}`, which is no part of a record"))?;
                Ok(Change { what: part, was, now })
            }
        }
    }
}
