//! One step of the analysis on several threads over one set of tables: the
//! moves the step has to search (each a ply deeper, or solved exactly) are
//! handed out one at a time, best first, to whichever thread is free, and
//! what each finds is written back when the step ends. The tables are the
//! analysis's own, shared ([`Fellow`]), so a thread's move is searched with
//! what the others learnt of theirs.
//!
//! The analysis makes the crew ([`Analysis::crew`]) and leads it
//! ([`Analysis::lead`]); each helper thread calls [`Crew::help`].
//! Natively, [`Analysis::step_threads`] runs the helpers on `std::thread`;
//! in the page the helpers are Web Workers over one shared memory (the wasm
//! door numbers the crew for them).

use super::{close_in, deepen_move, Analysis, MoveValue, Report};
use crate::engine::search::parallel::Fellow;
use crate::engine::search::{Budget, Engine};
use crate::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Mutex};

/// After the step, how long the leader waits at most for the helpers to
/// stop (they do within a few thousand nodes).
const HELPERS_STOP_MS: f64 = 100.0;

/// What a step does to each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Job {
    /// Searches it this many plies deep.
    Deepen(u32),
    /// Solves it exactly.
    Solve,
}

/// One step's work, shared by the threads that do it.
pub struct Crew {
    position: Position,
    job: Job,
    /// The moves to search, best first: their place in the analysis's list
    /// and what was known of them when the step began.
    items: Vec<(usize, MoveValue)>,
    /// What was found of each item: a move searched to the step's depth,
    /// or solved, or (a solve cut short) its bounds so far.
    found: Mutex<Vec<Option<MoveValue>>>,
    /// The next item to hand out.
    next: AtomicUsize,
    /// Items being searched now.
    pending: AtomicUsize,
    /// Helpers inside [`Crew::help`] now.
    active: AtomicUsize,
    /// Helpers that came to help before the step was over.
    joined: AtomicUsize,
    /// Set when the step is over: the helpers stop.
    stop: AtomicBool,
    /// The helpers' nodes.
    nodes: AtomicU64,
    fellow: Fellow,
}

impl Crew {
    /// Searches the items handed out to it with `engine` until none is
    /// left or `budget` runs out; returns its nodes.
    fn work(&self, engine: &mut Engine, budget: Budget<'_>) -> u64 {
        let mut nodes = 0;
        loop {
            // Counted before it is taken, so that the leader never sees an
            // item taken and not yet pending.
            self.pending.fetch_add(1, SeqCst);
            let i = self.next.fetch_add(1, SeqCst);
            let Some(&(_, mut m)) = self.items.get(i).filter(|_| !self.stop.load(SeqCst)) else {
                self.pending.fetch_sub(1, SeqCst);
                return nodes;
            };
            let finished = match self.job {
                Job::Deepen(target) => {
                    let deepened = deepen_move(engine, &self.position, &mut m, target, budget);
                    nodes += engine.nodes();
                    deepened
                }
                // A solve cut short keeps its bounds.
                Job::Solve => close_in(engine, &self.position, &mut m, budget, &mut nodes),
            };
            if finished || self.job == Job::Solve {
                if let Ok(mut found) = self.found.lock() {
                    found[i] = Some(m);
                }
            }
            self.pending.fetch_sub(1, SeqCst);
            if !finished {
                return nodes;
            }
        }
    }

    /// Helps the step with an engine of its own over the analysis's
    /// tables, until it is over; returns at once when it is.
    pub fn help(&self) {
        self.active.fetch_add(1, SeqCst);
        if !self.stop.load(SeqCst) {
            self.joined.fetch_add(1, SeqCst);
            let mut engine = self.fellow.engine();
            let budget = Budget {
                stop: Some(&self.stop),
                ..Budget::unlimited()
            };
            let nodes = self.work(&mut engine, budget);
            self.nodes.fetch_add(nodes, SeqCst);
        }
        self.active.fetch_sub(1, SeqCst);
    }

    /// How many helpers came to help before the step was over.
    pub fn joined(&self) -> usize {
        self.joined.load(SeqCst)
    }
}

impl Analysis {
    /// The next step's work for threads to share, or `None` when nothing
    /// is left to do.
    pub fn crew(&self) -> Option<Arc<Crew>> {
        if self.done {
            return None;
        }
        let job = if self.solving() {
            Job::Solve
        } else {
            Job::Deepen(self.depth + 1)
        };
        let items: Vec<(usize, MoveValue)> = self
            .moves
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, m)| match job {
                Job::Deepen(target) => m.depth < target,
                Job::Solve => !m.exact,
            })
            .collect();
        Some(Arc::new(Crew {
            position: self.position,
            job,
            found: Mutex::new(vec![None; items.len()]),
            items,
            next: AtomicUsize::new(0),
            pending: AtomicUsize::new(0),
            active: AtomicUsize::new(0),
            joined: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            fellow: self.engine.fellow(),
        }))
    }

    /// Does `crew`'s step (made by [`Analysis::crew`] from this analysis as
    /// it still is) beside the helpers that join it, within `budget`, and
    /// reports as [`Analysis::step`] does: progressed when the step's
    /// iteration is complete over every move, or when a move was solved.
    /// Nodes count every thread's.
    pub fn lead(&mut self, crew: &Crew, budget: Budget<'_>) -> Report {
        let mut nodes = crew.work(&mut self.engine, budget);
        // The helpers' items, until the budget runs out.
        while crew.pending.load(SeqCst) > 0 && !budget.spent(0) {
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        crew.stop.store(true, SeqCst);
        let until = (budget.clock)() + HELPERS_STOP_MS;
        while crew.active.load(SeqCst) > 0 && (budget.clock)() < until {
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        nodes += crew.nodes.load(SeqCst);
        let found = crew
            .found
            .lock()
            .map(|found| found.clone())
            .unwrap_or_default();
        let mut solved = false;
        for (&(index, _), m) in crew.items.iter().zip(found) {
            if let (Some(m), Some(slot)) = (m, self.moves.get_mut(index)) {
                solved |= m.exact && !slot.exact;
                *slot = m;
            }
        }
        let progressed = match crew.job {
            Job::Deepen(target) => {
                let complete = self.moves.iter().all(|m| m.depth >= target);
                if complete {
                    self.deepened(target);
                }
                complete
            }
            Job::Solve => {
                if solved {
                    self.solved();
                }
                solved
            }
        };
        self.report(progressed, nodes)
    }

    /// [`Analysis::step`] on `threads` threads over this analysis's tables
    /// (natively; the moves' values may then depend on how the threads
    /// were scheduled, the exact ones never).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn step_threads(&mut self, budget: Budget<'_>, threads: usize) -> Report {
        let Some(crew) = self.crew().filter(|_| threads > 1) else {
            return self.step(budget);
        };
        std::thread::scope(|scope| {
            for _ in 1..threads {
                let crew = &crew;
                scope.spawn(move || crew.help());
            }
            self.lead(&crew, budget)
        })
    }
}

#[cfg(test)]
mod tests;
