//! setup's builds: every row built before `run`, so that `run` only measures and a build that
//! fails is found before any probe. (`run` still builds a row whose sources changed since.)
//!
//! The host's builds start with setup itself: the rows that need nothing setup installs (no
//! package, no setup script: the Rust rows, whose cargo is rustup's) build while the host's
//! packages go in, and the others, in a pool of their own, wait at a [`PackagesGate`] until they
//! are in.

use std::path::Path;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use anyhow::Result;

use crate::catalog::{Catalog, Entry, Parser, Readiness};
use crate::run::pool::{self, Event, RowWork};
use crate::sys::interrupt;
use crate::ui::messages;

/// Whether the host's packages and setup scripts are in: the builds that need them wait here.
#[derive(Default)]
pub struct PackagesGate {
    /// None until opened; then whether the packages' step finished.
    state: Mutex<Option<bool>>,
    opened: Condvar,
}

impl PackagesGate {
    /// Lets the waiting builds go on; `installed` false when the packages' step did not finish (an
    /// error, Ctrl-C). The first call decides.
    pub fn open(&self, installed: bool) {
        let mut state = self.state.lock().expect("no thread panics holding the gate");
        if state.is_none() {
            *state = Some(installed);
            self.opened.notify_all();
        }
    }

    /// Opens the gate as not installed when dropped, unless it was opened before: the builds
    /// waiting on it never outlive an early return.
    pub fn opens_on_drop(&self) -> OpensOnDrop<'_> {
        OpensOnDrop(self)
    }

    /// Waits until the gate is open; whether the packages' step finished.
    pub fn wait(&self) -> bool {
        let state = self.state.lock().expect("no thread panics holding the gate");
        let state = self
            .opened
            .wait_while(state, |state| state.is_none())
            .expect("no thread panics holding the gate");
        state.unwrap_or(false)
    }
}

pub struct OpensOnDrop<'a>(&'a PackagesGate);

impl Drop for OpensOnDrop<'_> {
    fn drop(&mut self) {
        self.0.open(false);
    }
}

/// Whether a row needs what setup installs on its machine before it can build: packages or a
/// setup script.
pub fn needs_packages(entry: &Entry) -> bool {
    !entry.apt.is_empty() || entry.setup.is_some()
}

/// Builds the rows whose build is not up to date, `jobs` at once, and names each row that fails
/// to build or is still not ready (its toolchain's check fails). With a gate, each row waits for
/// it first. Ends with what took longest: where a setup's time went.
pub fn build_rows(
    catalog: &Catalog,
    rows: &[&Entry],
    build_root: &Path,
    jobs: usize,
    gate: Option<&PackagesGate>,
) -> Result<Vec<String>> {
    let mut failures = Vec::new();
    if rows.is_empty() {
        return Ok(failures);
    }
    let started = Instant::now();
    let builds = Builds { catalog, rows, build_root, gate };
    let order = interleaved_by_language(rows);
    let (mut done, mut built, mut interrupted) = (0, 0, None);
    let mut took = Vec::new();
    let finished = pool::run(jobs, &order, &builds, |event| {
        let Event::Finished(index, found) = event else { return };
        done += 1;
        let key = rows[index].key();
        match found {
            Found::UpToDate => {}
            Found::NotReady(why) => failures.push(format!("{key} still not ready: {why}")),
            Found::Built(seconds) => {
                built += 1;
                took.push((seconds, key.clone()));
                messages::info(format_args!(
                    "  built {key} in {} ({done}/{})",
                    whole_seconds(seconds),
                    rows.len()
                ));
            }
            Found::Failed(error) if interrupt::is_interrupted(&error) => interrupted = Some(error),
            Found::Failed(error) => failures.push(format!("{key} build failed: {error:#}")),
        }
    });
    if let Some(error) = interrupted {
        return Err(error);
    }
    finished?;
    if built > 0 {
        took.sort_by(|a, b| b.0.total_cmp(&a.0));
        let longest: Vec<String> =
            took.iter().take(5).map(|(seconds, key)| format!("{key} {}", whole_seconds(*seconds))).collect();
        messages::info(format_args!(
            "built {built} of {} rows in {} ({} at once); longest: {}",
            rows.len(),
            whole_seconds(started.elapsed().as_secs_f64()),
            jobs.min(rows.len()),
            longest.join(", ")
        ));
    }
    Ok(failures)
}

/// The rows' indices, one row of each language in turn (in catalog order within a language): a
/// language's builds often share a lock (cargo's shared build folder lets one build at a time), so
/// side by side they would wait on each other, and the catalog lists a language's rows together.
fn interleaved_by_language(rows: &[&Entry]) -> Vec<usize> {
    let mut languages: Vec<(&str, Vec<usize>)> = Vec::new();
    for (index, entry) in rows.iter().enumerate() {
        match languages.iter_mut().find(|(language, _)| *language == entry.language) {
            Some((_, indices)) => indices.push(index),
            None => languages.push((&entry.language, vec![index])),
        }
    }
    let longest = languages.iter().map(|(_, indices)| indices.len()).max().unwrap_or(0);
    (0..longest)
        .flat_map(|turn| languages.iter().filter_map(move |(_, indices)| indices.get(turn).copied()))
        .collect()
}

/// `12s`, `3m 4s`: a time as a person reads it.
pub fn whole_seconds(seconds: f64) -> humantime::FormattedDuration {
    humantime::format_duration(Duration::from_secs(seconds.round() as u64))
}

/// What a row needs, found when it is made ready (after the gate, for a row that waits on it).
enum Step {
    Build,
    UpToDate,
    NotReady(String),
}

/// What became of a row.
enum Found {
    Built(f64),
    UpToDate,
    NotReady(String),
    Failed(anyhow::Error),
}

/// The builds of setup, as the run's pool takes rows: made ready by the pool's preparer (which
/// waits at the gate for a row that needs the packages), each built in its own folder.
struct Builds<'a> {
    catalog: &'a Catalog,
    rows: &'a [&'a Entry],
    build_root: &'a Path,
    gate: Option<&'a PackagesGate>,
}

impl RowWork for Builds<'_> {
    type Ready = Step;
    type Found = Found;

    fn prepare(&self, index: usize) -> Step {
        if !self.gate.is_none_or(PackagesGate::wait) {
            return Step::NotReady("the host's packages were not installed".into());
        }
        match self.catalog.readiness(self.rows[index], self.build_root) {
            Readiness::Missing(why) => Step::NotReady(why),
            Readiness::NeedsBuild => Step::Build,
            Readiness::Ready => Step::UpToDate,
        }
    }

    fn work(&self, index: usize, step: Step) -> Found {
        match step {
            Step::UpToDate => Found::UpToDate,
            Step::NotReady(why) => Found::NotReady(why),
            Step::Build => {
                messages::info(format_args!("building {}", self.rows[index].key()));
                let started = Instant::now();
                let outcome = Parser::new(self.catalog, self.rows[index], self.build_root)
                    .and_then(|parser| parser.build());
                match outcome {
                    Ok(()) => Found::Built(started.elapsed().as_secs_f64()),
                    Err(error) => Found::Failed(error),
                }
            }
        }
    }

    fn abandon(&self, _: usize, _: Step) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, language: &str) -> Entry {
        Entry { language: language.into(), ..Entry::bare(id, "host") }
    }

    #[test]
    fn builds_take_one_row_of_each_language_in_turn() {
        let rows =
            [row("r1", "Rust"), row("r2", "Rust"), row("r3", "Rust"), row("p1", "Python"), row("c1", "C")];
        let rows: Vec<&Entry> = rows.iter().collect();
        let ids: Vec<&str> =
            interleaved_by_language(&rows).into_iter().map(|i| rows[i].id.as_str()).collect();
        assert_eq!(ids, ["r1", "p1", "c1", "r2", "r3"]);
    }

    #[test]
    fn a_row_needs_packages_when_it_lists_some_or_has_a_setup_script() {
        let with_package = Entry { apt: vec!["python3-venv".into()], ..row("p1", "Python") };
        let with_script = Entry { setup: Some("setup.sh".into()), ..row("r2", "Rust") };
        let needs: Vec<bool> = [&with_package, &with_script, &row("r1", "Rust")].map(needs_packages).into();
        assert_eq!(needs, [true, true, false]);
    }

    #[test]
    fn a_gate_opens_once_and_an_early_return_opens_it_as_not_installed() {
        let gate = PackagesGate::default();
        drop(gate.opens_on_drop());
        assert!(!gate.wait());
        gate.open(true);
        assert!(!gate.wait(), "the first opening decides");
        let gate = PackagesGate::default();
        std::thread::scope(|scope| {
            let waiting = scope.spawn(|| gate.wait());
            gate.open(true);
            assert!(waiting.join().unwrap());
        });
    }
}
