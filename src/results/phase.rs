//! Phases of a program's life with the parsed value, where deep input can crash it: the parse
//! itself, releasing the value, and writing it back. A parser program takes the phase as its last
//! argument (parsers/README.md, "Phases"); without one it does what it always did.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Parse, then end at once without releasing the value: the parser alone.
    Parse,
    /// Parse, then release the value the way the language does (destructor, drop, free, a collection).
    Free,
    /// Parse, then serialize the value with the same library's default serializer, into memory.
    Serialize,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Parse, Phase::Free, Phase::Serialize];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Parse => "parse",
            Phase::Free => "free",
            Phase::Serialize => "serialize",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Phase {
    type Err = String;

    fn from_str(text: &str) -> Result<Phase, String> {
        Phase::ALL
            .into_iter()
            .find(|p| p.name() == text)
            .ok_or_else(|| format!("unknown phase `{text}`; phases: parse, free, serialize"))
    }
}
