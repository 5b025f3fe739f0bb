//! One advisory as parsers/advisories/*.toml spell it (/work/prompts/advisory-schema.md): OSV's
//! fields (`id`, `aliases`, `affected[]` with `ecosystem`/`name`/`purl`/`ranges`, `references`) and
//! ours (the format, shape, phase and entry point it describes, the limit its fix introduced).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::payload::{PayloadFormat, Shape};
use crate::results::phase::Phase;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advisory {
    /// The primary id as its database spells it (`RUSTSEC-2022-0037`, `GHSA-…`, `CVE-…`).
    pub id: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// One line, in our words.
    pub summary: String,
    /// `YYYY-MM-DD`.
    pub published: String,
    /// Where the facts were read.
    pub source: String,
    #[serde(default)]
    pub references: Vec<String>,
    /// The nestprobe payload format it is about (an advisory no row measures may name one nestprobe
    /// has no payload for: `pdf`, `gob`; see [`Advisory::payload`]).
    pub format: String,
    /// The shape it describes (`None`: the format's main one).
    #[serde(default)]
    pub shape: Option<String>,
    #[serde(default)]
    pub phase: Option<Phase>,
    /// The API it names, free text.
    #[serde(default)]
    pub entry_point: Option<String>,
    /// The depth limit its fix introduced, where the advisory or the fix says so.
    #[serde(default)]
    pub limit: Option<u64>,
    /// The catalog rows measuring its library.
    #[serde(default)]
    pub rows: Vec<String>,
    pub affected: Vec<Affected>,
    /// Why a verdict cannot be measured, a backport's changelog line, …
    #[serde(default)]
    pub note: Option<String>,
    /// Debian releases that carry the fix as a backport, by suite (`debian12 = "0.4.8-3+deb12u3"`).
    #[serde(default)]
    pub debian_fixed: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Affected {
    /// OSV's ecosystem: `crates.io`, `npm`, `PyPI`, `Go`, `Maven`, `Debian:12`, …
    pub ecosystem: String,
    pub name: String,
    #[serde(default)]
    pub purl: Option<String>,
    pub ranges: Vec<Range>,
}

/// One OSV `ECOSYSTEM` range: from `introduced` up to (not including) `fixed`, or up to and
/// including `last_affected` where there is no fix.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Range {
    pub introduced: String,
    #[serde(default)]
    pub fixed: Option<String>,
    #[serde(default)]
    pub last_affected: Option<String>,
}

impl Advisory {
    /// The package the reports name: the first affected entry's.
    pub fn package(&self) -> &Affected {
        &self.affected[0]
    }

    /// The first release that fixed it (the lowest `fixed` of the first package's ranges).
    pub fn first_fixed(&self) -> Option<&str> {
        let affected = self.package();
        let mut fixed: Vec<&str> =
            affected.ranges.iter().filter_map(|range| range.fixed.as_deref()).collect();
        fixed.sort_by(|a, b| {
            super::ordering::compare(&affected.ecosystem, a, b).unwrap_or(std::cmp::Ordering::Equal)
        });
        fixed.first().copied()
    }

    /// The payload format and shape it is about (its shape, else its format's main one); `None`
    /// when nestprobe builds no such payload.
    pub fn payload(&self) -> Option<(PayloadFormat, Shape)> {
        let format: PayloadFormat = self.format.parse().ok()?;
        let shape = match &self.shape {
            Some(shape) => shape.parse::<Shape>().ok().filter(|&shape| format.has(shape))?,
            None => format.main_shape(),
        };
        Some((format, shape))
    }

    /// The phase it names after the front end (a serializer's, a program's run), which a release is
    /// measured in after its parse; `None` for the front end itself (the parse, a language's
    /// compile), which the main probe measures.
    pub fn later_phase(&self) -> Option<Phase> {
        self.phase.filter(|&phase| !phase.is_front_end())
    }

    /// The shape's name as the advisory gives it, else its format's main one's.
    pub fn shape_name(&self) -> String {
        match (&self.shape, self.payload()) {
            (Some(shape), _) => shape.clone(),
            (None, Some((_, shape))) => shape.name().to_string(),
            (None, None) => String::new(),
        }
    }
}
