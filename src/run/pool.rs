//! The workers of a run: each takes the next row, says it started, measures it and sends what it
//! found. They own no state of the run; the collector, on the calling thread, hears every event.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::sys::interrupt;

/// What a worker says about row `index` (an index into the run's rows).
pub enum Event<R> {
    Started(usize),
    Finished(usize, R),
}

/// Runs `work` on the rows in `order` with `jobs` workers at once, and hands every event to
/// `on_event` on this thread, in the order they happen. No new row starts once interrupted.
pub fn run<R: Send>(
    jobs: usize,
    order: &[usize],
    work: impl Fn(usize) -> R + Sync,
    mut on_event: impl FnMut(Event<R>),
) {
    let next = AtomicUsize::new(0);
    let (sender, events) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let (sender, next, work) = (sender.clone(), &next, &work);
            scope.spawn(move || {
                while let Some(&index) = order.get(next.fetch_add(1, Ordering::SeqCst)) {
                    if interrupt::requested() || sender.send(Event::Started(index)).is_err() {
                        break;
                    }
                    let found = work(index);
                    if sender.send(Event::Finished(index, found)).is_err() {
                        break;
                    }
                }
            });
        }
        // The workers hold the only senders left: the loop ends when the last one is done.
        drop(sender);
        events.into_iter().for_each(&mut on_event);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_starts_once_and_finishes_after_it_started() {
        let order = [3, 0, 2, 1, 4];
        let mut started = Vec::new();
        let mut finished = Vec::new();
        run(
            2,
            &order,
            |index| index * 10,
            |event| match event {
                Event::Started(index) => started.push(index),
                Event::Finished(index, found) => {
                    assert!(started.contains(&index), "{index} finished before it started");
                    assert_eq!(found, index * 10);
                    finished.push(index);
                }
            },
        );
        started.sort();
        finished.sort();
        assert_eq!(started, [0, 1, 2, 3, 4]);
        assert_eq!(finished, [0, 1, 2, 3, 4]);
    }
}
