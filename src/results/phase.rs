//! Phases of a program's life with the parsed value, where deep input can crash it: the parse
//! itself, releasing the value, and writing it back; for languages (regexes, queries, code), the
//! compile and running what was compiled. A parser program takes the phase as its last argument
//! (parsers/README.md, "Phases"); without one it does what it always did.

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
    /// Compile (parse and build the program, automaton or plan), then end at once: the compiler
    /// alone, what `parse` is for a data format.
    Compile,
    /// Compile, then run it once: match the regex against `a`, run the query on a tiny document,
    /// evaluate the expression or program.
    Run,
}

impl Phase {
    pub const ALL: [Phase; 5] = [Phase::Parse, Phase::Free, Phase::Serialize, Phase::Compile, Phase::Run];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Parse => "parse",
            Phase::Free => "free",
            Phase::Serialize => "serialize",
            Phase::Compile => "compile",
            Phase::Run => "run",
        }
    }

    /// Whether the phase is the front end alone (`parse`, `compile`): what the main result measures
    /// too, so not a phase that can lose control sooner than it.
    pub fn is_front_end(self) -> bool {
        matches!(self, Phase::Parse | Phase::Compile)
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
        Phase::ALL.into_iter().find(|p| p.name() == text).ok_or_else(|| {
            let names: Vec<&str> = Phase::ALL.iter().map(|p| p.name()).collect();
            format!("unknown phase `{text}`; phases: {}", names.join(", "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_phase_reads_back_by_its_name_and_only_the_front_ends_are_front_ends() {
        for phase in Phase::ALL {
            assert_eq!(phase.name().parse::<Phase>(), Ok(phase));
            assert_eq!(serde_json::to_value(phase).unwrap(), serde_json::json!(phase.name()));
        }
        let front: Vec<Phase> = Phase::ALL.into_iter().filter(|p| p.is_front_end()).collect();
        assert_eq!(front, [Phase::Parse, Phase::Compile]);
        assert_eq!(
            "exec".parse::<Phase>(),
            Err("unknown phase `exec`; phases: parse, free, serialize, compile, run".into())
        );
    }
}
