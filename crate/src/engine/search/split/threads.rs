//! The split search natively: one `std::thread` a runner, each on its own
//! [`Engine`], the jobs and results on channels; the calling thread plans.

use super::{run_job, Job, JobResult, Split};
use crate::engine::search::{Budget, Engine, Limits, SearchResult};
use crate::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// Searches `position` within `limits` and `budget` (its time and nodes; a
/// node limit counts every runner's nodes, and may be passed by the jobs
/// still out when it is reached) with one runner a thread on each of
/// `engines`, whose tables are kept for the next search. One engine gives
/// a split search on one thread (for comparing).
pub fn search_threads(
    engines: &mut [Engine],
    position: &Position,
    limits: &Limits,
    budget: Budget<'_>,
) -> SearchResult {
    let clock = budget.clock;
    let mut split = Split::new(
        position,
        limits,
        budget.remaining().is_finite().then(|| budget.remaining()),
        budget.nodes,
        clock,
    );
    if split.is_done() || engines.is_empty() {
        split.stop();
        return split.outcome();
    }
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (results, answers) = mpsc::channel::<(usize, JobResult)>();
        let mut queues: Vec<mpsc::Sender<Job>> = Vec::new();
        for (runner, engine) in engines.iter_mut().enumerate() {
            let (queue, jobs) = mpsc::channel::<Job>();
            queues.push(queue);
            let results = results.clone();
            let stop = &stop;
            scope.spawn(move || {
                for job in jobs {
                    let result = run_job(engine, &job, clock, Some(stop));
                    if results.send((runner, result)).is_err() {
                        break;
                    }
                }
            });
        }
        let mut busy = vec![false; queues.len()];
        loop {
            for (runner, queue) in queues.iter().enumerate() {
                if !busy[runner] {
                    if let Some(job) = split.next_job(runner) {
                        busy[runner] = queue.send(job).is_ok();
                    }
                }
            }
            if split.is_done() {
                break;
            }
            if !busy.contains(&true) || budget.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                // Nothing out and nothing to give, or stopped from outside.
                split.stop();
                break;
            }
            let Ok((runner, result)) = answers.recv() else {
                split.stop();
                break;
            };
            busy[runner] = false;
            split.take(result);
        }
        // Jobs still out (ones the plan no longer needs) stop at once.
        stop.store(true, Ordering::Relaxed);
        drop(queues);
    });
    split.outcome()
}
