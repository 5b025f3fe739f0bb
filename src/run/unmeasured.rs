//! The record of a row a run did not measure, made from its catalog entry.

use crate::catalog::Entry;
use crate::results::{ParserRecord, Status};

/// A record with no measurement: the row's facts from the catalog, and why.
pub fn unmeasured(entry: &Entry, status: Status, reason: impl Into<String>) -> ParserRecord {
    ParserRecord {
        id: entry.id.clone(),
        language: entry.language.clone(),
        library: entry.library.clone(),
        version: None,
        installed: None,
        note: entry.note.clone(),
        study: entry.study,
        format: entry.format,
        environment: entry.environment.clone(),
        variant: entry.variant.clone(),
        documented: entry.documented.clone(),
        status,
        reason: Some(crate::run::reason::without_clock_times(&reason.into())),
        service: entry.serve.as_ref().map(|serve| serve.facts()),
        product: entry.product.as_ref().map(|product| product.facts()),
        result: None,
        warm: None,
        object: None,
        unclosed: None,
        more_shapes: Vec::new(),
        sweep: None,
        phases: Vec::new(),
        unsupported_shapes: Vec::new(),
        timings: None,
        confirmed: None,
        changes: Vec::new(),
        history: Vec::new(),
        advisories: Vec::new(),
        advisory_releases: Vec::new(),
        packages: Vec::new(),
    }
}
