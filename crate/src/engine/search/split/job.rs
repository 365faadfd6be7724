//! A job of a split search and its result: one root move searched to a
//! depth (or solved) in a window, on the runner's own engine.

use crate::engine::eval::DISC;
use crate::engine::search::{Budget, Clock, Engine, SOLVER_NODES_PER_NODE};
use crate::{Color, Position, Square};
use std::sync::atomic::AtomicBool;

/// One root move's search asked of a runner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Job {
    /// Tells its result from older ones.
    pub id: u32,
    /// The mover's discs at the root.
    pub player: u64,
    /// The other side's discs at the root.
    pub opponent: u64,
    /// The root move to search (a square index).
    pub sq: u8,
    /// Plies deep, the move one of them; 0: solve the rest exactly.
    pub depth: u32,
    /// The window's low end (evaluation units, the mover's view).
    pub alpha: i32,
    /// The window's high end.
    pub beta: i32,
    /// Milliseconds the runner may spend from when it starts (none: no limit).
    pub time_ms: Option<f64>,
    /// Midgame nodes the runner may spend (none: no limit).
    pub nodes: Option<u64>,
}

/// A runner's answer to a [`Job`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobResult {
    /// The job's id.
    pub id: u32,
    /// The move's value, fail-soft in the job's window; `None` when the
    /// budget ran out first.
    pub value: Option<i32>,
    /// Positions visited.
    pub nodes: u64,
}

/// Runs `job` on `engine`, its time read from `clock`, stopping early when
/// `stop` is set.
pub fn run_job(
    engine: &mut Engine,
    job: &Job,
    clock: Clock,
    stop: Option<&AtomicBool>,
) -> JobResult {
    let position = Position::from_masks(job.player, job.opponent, Color::Dark);
    let mut budget = match job.time_ms {
        Some(ms) => Budget::millis(ms, clock),
        None => Budget {
            clock,
            ..Budget::unlimited()
        },
    };
    budget.stop = stop;
    let legal = Square::new(job.sq).filter(|&sq| position.legal_moves().contains(sq));
    let Some(sq) = legal else {
        return JobResult {
            id: job.id,
            value: None,
            nodes: 0,
        };
    };
    let value = if job.depth == 0 {
        budget.nodes = job.nodes.map(|n| n.saturating_mul(SOLVER_NODES_PER_NODE));
        let (a, b) = (job.alpha.div_euclid(DISC), job.beta.div_euclid(DISC));
        if b - a > 2 {
            // A value wanted, not a test: the solver's own MTD(f) (with its
            // selective solves first), exact whatever the window.
            engine.solve_exact(&position, sq, budget).map(|v| v * DISC)
        } else {
            engine
                .solve_move(&position, sq, a, b, budget)
                .map(|v| v * DISC)
        }
    } else {
        budget.nodes = job.nodes;
        engine.move_window(&position, sq, job.depth, (job.alpha, job.beta), budget)
    };
    JobResult {
        id: job.id,
        value,
        nodes: engine.nodes(),
    }
}
