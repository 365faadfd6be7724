//! The exact solve on several threads (native only): lazy SMP over one
//! shared table, the threads splitting the work where they meet (see
//! [`Busy`]). The first thread's answer is the answer; the others only fill
//! the table, and stop when it is done.

use super::{Busy, EndTable, Solution, Solver};
use crate::engine::budget::Budget;
use crate::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// The exact score of `position` and a best move, searched by `threads`
/// threads on `table` (one thread: the plain [`Solver::solve`]). `None` if
/// `budget` ran out first. The answer is the one a single thread gives: every
/// bound a helper stores is a true bound, so it only saves work. The nodes
/// counted are all the threads'.
pub fn solve_parallel(
    position: &Position,
    table: &mut EndTable,
    threads: usize,
    budget: Budget<'_>,
) -> Option<Solution> {
    if threads <= 1 {
        return Solver::new(table, budget).solve(position);
    }
    let table = &*table;
    let busy = Busy::new();
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|_| {
                let (busy, done) = (&busy, &done);
                scope.spawn(move || {
                    let budget = Budget {
                        stop: Some(done),
                        ..Budget::unlimited()
                    };
                    let mut solver = Solver::shared(table, busy, budget);
                    solver.solve(position);
                    solver.nodes
                })
            })
            .collect();
        let mut solver = Solver::shared(table, &busy, budget);
        let solution = solver.solve(position);
        done.store(true, Ordering::Relaxed);
        let helped: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        solution.map(|s| Solution {
            nodes: s.nodes + helped,
            ..s
        })
    })
}
