//! The collector of a run: the one owner of the rows' records. It hears the workers' events, shows
//! progress, and writes results.json again after a row finishes (at most every [`WRITE_EVERY`]), so
//! that an interrupted run (even by SIGKILL: all but the last seconds' rows) keeps what it measured
//! and a second run resumes from it as hints.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::catalog::Entry;
use crate::report::view::record_phrase;
use crate::results::confirmed::How;
use crate::results::{write_atomically, Environment, EnvironmentInfo, ParserRecord, Results, Status};
use crate::run::pool::Event;
use crate::run::unmeasured::unmeasured;
use crate::ui::messages;
use crate::ui::progress::{RunProgress, Working};

/// The least time between two writes of results.json during a run. Each write serializes every
/// record (9 MB for the catalog: 0.5–1 s of a CPU), and a run that reuses most rows finishes one
/// every fraction of a second: written after each, the writes alone took minutes of the CPUs the
/// probes share. The run's end writes everything anyway; a SIGKILL loses at most these seconds' rows.
const WRITE_EVERY: Duration = Duration::from_secs(10);

/// How a run's records become a results.json.
pub struct Assembly<'a> {
    pub header: Environment,
    pub environments: BTreeMap<String, EnvironmentInfo>,
    /// Every catalog row, in catalog order; `None` with `--json-only`: only the rows measured.
    pub catalog: Option<&'a [Entry]>,
    /// What the rows not measured (yet) keep.
    pub previous: Option<&'a Results>,
}

impl Assembly<'_> {
    pub fn results(&self, measured: Vec<ParserRecord>) -> Results {
        let parsers = match self.catalog {
            None => measured,
            Some(entries) => entries
                .iter()
                .map(|entry| {
                    let key = entry.key();
                    measured
                        .iter()
                        .find(|r| r.key() == key)
                        .or_else(|| self.previous.and_then(|p| p.find(&key)))
                        .cloned()
                        .unwrap_or_else(|| unmeasured(entry, Status::Skipped, "not measured yet"))
                })
                .collect(),
        };
        Results::new(self.header.clone(), self.environments.clone(), parsers)
    }
}

pub struct Collector<'a> {
    rows: &'a [&'a Entry],
    records: Vec<Option<ParserRecord>>,
    assembly: Assembly<'a>,
    /// The file written after every row.
    target: PathBuf,
    progress: RunProgress,
    working: HashMap<usize, Working>,
    finished: usize,
    /// Time spent writing results.json after each row.
    writing_seconds: f64,
    /// When results.json was last written (`None`: not yet).
    written_at: Option<Instant>,
}

impl<'a> Collector<'a> {
    pub fn new(rows: &'a [&'a Entry], assembly: Assembly<'a>, target: PathBuf) -> Collector<'a> {
        Collector {
            rows,
            records: vec![None; rows.len()],
            assembly,
            target,
            progress: RunProgress::new(rows.len()),
            working: HashMap::new(),
            finished: 0,
            writing_seconds: 0.0,
            written_at: None,
        }
    }

    /// A worker's event; a finished row (`None`: interrupted before it finished) is written at once.
    pub fn hear(&mut self, event: Event<Option<ParserRecord>>) {
        match event {
            Event::Started(index) => {
                self.working.insert(index, self.progress.start(&self.rows[index].key()));
            }
            Event::Finished(index, record) => {
                self.working.remove(&index);
                self.finished += 1;
                if let Some(record) = &record {
                    let reused = record.confirmed.as_ref().is_some_and(|c| c.how == How::Reused);
                    let summary = match record.not_measured_again_because() {
                        Some(why) => format!("{} (kept from an earlier run: {why})", record_phrase(record)),
                        None if reused => {
                            format!("{} (reused: nothing it depends on changed)", record_phrase(record))
                        }
                        None => record_phrase(record),
                    };
                    self.progress.finished(format_args!(
                        "[{:>2}/{}] {:<28} {summary}",
                        self.finished,
                        self.rows.len(),
                        record.key(),
                    ));
                }
                self.records[index] = record;
                if self.written_at.is_some_and(|at| at.elapsed() < WRITE_EVERY) {
                    return;
                }
                let started = Instant::now();
                self.written_at = Some(started);
                let so_far = self.measured();
                if let Err(error) = write_atomically(&self.target, &self.assembly.results(so_far).to_json()) {
                    messages::warn(format_args!("{error:#}"));
                }
                self.writing_seconds += started.elapsed().as_secs_f64();
            }
        }
    }

    fn measured(&self) -> Vec<ParserRecord> {
        self.records.iter().flatten().cloned().collect()
    }

    /// The records of the rows that finished, in the order of the rows, how to assemble them, and
    /// the seconds spent writing results.json along the way.
    pub fn finish(self) -> (Vec<ParserRecord>, Assembly<'a>, f64) {
        (self.records.into_iter().flatten().collect(), self.assembly, self.writing_seconds)
    }
}
