//! The workers of a run: each takes the next row, says it started, measures it and sends what it
//! found. They own no state of the run; the collector, on the calling thread, hears every event.
//!
//! One more thread makes the rows ready in the run's order, one row ahead of the workers: the next
//! row's preparation (its toolchain check, version, `before` hook) overlaps the rows being probed,
//! instead of adding to them.

use std::sync::{mpsc, Arc, Mutex};

use crate::sys::interrupt::{self, Interrupted};

/// What a worker says about row `index` (an index into the run's rows).
pub enum Event<R> {
    Started(usize),
    Finished(usize, R),
}

/// What the pool does with each row: make it ready, work on it, or undo what made it ready when it
/// will not be worked on (the run was interrupted).
pub trait RowWork: Sync {
    type Ready: Send;
    type Found: Send;
    fn prepare(&self, index: usize) -> Self::Ready;
    fn work(&self, index: usize, ready: Self::Ready) -> Self::Found;
    fn abandon(&self, index: usize, ready: Self::Ready);
}

/// Runs `rows` in `order` with `jobs` workers at once, and hands every event to `on_event` on this
/// thread, in the order they happen. No new row starts once interrupted; a row made ready that will
/// not start is abandoned. Fails with [`Interrupted`] when Ctrl-C stopped it (every event is handed
/// over first).
pub fn run<W: RowWork>(
    jobs: usize,
    order: &[usize],
    rows: &W,
    mut on_event: impl FnMut(Event<W::Found>),
) -> Result<(), Interrupted> {
    let (sender, events) = mpsc::channel();
    // A rendezvous channel: the preparer hands a ready row over only when a worker takes it, so it
    // is never more than one row ahead.
    let (hand_over, ready_rows) = mpsc::sync_channel::<(usize, W::Ready)>(0);
    // Shared by the workers alone: when the last one is gone (even by a panic), the preparer's
    // hand-over fails instead of waiting forever.
    let ready_rows = Arc::new(Mutex::new(ready_rows));
    std::thread::scope(|scope| {
        scope.spawn(move || {
            for &index in order {
                if interrupt::requested() {
                    break;
                }
                let ready = rows.prepare(index);
                if interrupt::requested() {
                    rows.abandon(index, ready);
                    break;
                }
                if let Err(mpsc::SendError((index, ready))) = hand_over.send((index, ready)) {
                    rows.abandon(index, ready);
                    break;
                }
            }
            // Dropping `hand_over` here ends the workers' loops.
        });
        for _ in 0..jobs.max(1) {
            let (sender, ready_rows) = (sender.clone(), Arc::clone(&ready_rows));
            scope.spawn(move || loop {
                // Every worker keeps receiving until the preparer is done, so that it never waits
                // forever to hand over a row: after an interruption the rows received are abandoned.
                let received = ready_rows.lock().expect("no worker panics holding the lock").recv();
                let Ok((index, ready)) = received else { break };
                if interrupt::requested() || sender.send(Event::Started(index)).is_err() {
                    rows.abandon(index, ready);
                    continue;
                }
                let found = rows.work(index, ready);
                let _ = sender.send(Event::Finished(index, found));
            });
        }
        // The workers hold the only senders left: the loop ends when the last one is done.
        drop((sender, ready_rows));
        events.into_iter().for_each(&mut on_event);
    });
    match interrupt::requested() {
        true => Err(Interrupted),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    /// Rows that record what happened to them.
    #[derive(Default)]
    struct Recorded {
        prepared: Mutex<Vec<usize>>,
        abandoned: Mutex<Vec<usize>>,
        /// Whether a row's work should wait (up to a few seconds) for the next row to be made ready.
        wait_for_the_next: bool,
        rows: usize,
        /// Rows whose work saw the next row made ready before it ended.
        overlapped: AtomicUsize,
    }

    impl RowWork for Recorded {
        type Ready = usize;
        type Found = usize;
        fn prepare(&self, index: usize) -> usize {
            self.prepared.lock().unwrap().push(index);
            index * 10
        }
        fn work(&self, index: usize, ready: usize) -> usize {
            assert_eq!(ready, index * 10, "row {index} got another row's preparation");
            if self.wait_for_the_next && index + 1 < self.rows {
                let deadline = Instant::now() + Duration::from_secs(5);
                while Instant::now() < deadline {
                    if self.prepared.lock().unwrap().contains(&(index + 1)) {
                        self.overlapped.fetch_add(1, Ordering::SeqCst);
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            ready + 1
        }
        fn abandon(&self, index: usize, _: usize) {
            self.abandoned.lock().unwrap().push(index);
        }
    }

    #[test]
    fn every_row_starts_once_and_finishes_after_it_started() {
        let order = [3, 0, 2, 1, 4];
        let rows = Recorded::default();
        let (mut started, mut finished) = (Vec::new(), Vec::new());
        run(2, &order, &rows, |event| match event {
            Event::Started(index) => started.push(index),
            Event::Finished(index, found) => {
                assert!(started.contains(&index), "{index} finished before it started");
                assert_eq!(found, index * 10 + 1);
                finished.push(index);
            }
        })
        .expect("not interrupted");
        // Rows are made ready in the run's order, each once.
        assert_eq!(*rows.prepared.lock().unwrap(), order);
        started.sort();
        finished.sort();
        assert_eq!(started, [0, 1, 2, 3, 4]);
        assert_eq!(finished, [0, 1, 2, 3, 4]);
        assert!(rows.abandoned.lock().unwrap().is_empty());
    }

    /// Rows whose work always panics.
    struct Panics;

    impl RowWork for Panics {
        type Ready = ();
        type Found = ();
        fn prepare(&self, _: usize) {}
        fn work(&self, index: usize, _: ()) {
            panic!("row {index} panicked (on purpose)");
        }
        fn abandon(&self, _: usize, _: ()) {}
    }

    #[test]
    fn a_worker_that_panics_ends_the_run_with_its_panic_instead_of_a_hang() {
        let (done, ended) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let outcome = std::panic::catch_unwind(|| run(2, &[0, 1, 2, 3, 4], &Panics, |_| {}));
            let _ = done.send(outcome.is_err());
        });
        let panicked =
            ended.recv_timeout(Duration::from_secs(20)).expect("the run hung after its workers panicked");
        assert!(panicked);
    }

    #[test]
    fn the_next_row_is_made_ready_while_the_one_job_works() {
        let rows = Recorded { wait_for_the_next: true, rows: 4, ..Recorded::default() };
        let mut finished = 0;
        run(1, &[0, 1, 2, 3], &rows, |event| finished += matches!(event, Event::Finished(..)) as usize)
            .expect("not interrupted");
        assert_eq!(finished, 4);
        // Without the overlap each of rows 0–2 would wait out its five seconds in vain.
        assert_eq!(rows.overlapped.load(Ordering::SeqCst), 3);
    }
}
