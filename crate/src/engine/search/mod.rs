//! The midgame search: iterative deepening principal-variation search over a
//! bounded transposition table, with aspiration windows, enhanced
//! transposition cutoffs from 5 plies left, ProbCut from 6 plies left (its
//! margins in `selective.rs`; a fit per depth and stage, `probcut.rs`, can
//! replace them), move ordering (hash move, shallow search, mobility), a time
//! and a node limit and a stop flag. Near the end it hands over to the exact
//! [`endgame`](crate::engine::endgame) solver. A node limit counts the solver's nodes
//! at [`SOLVER_NODES_PER_NODE`] to one midgame node, so that it stands for a
//! time.

pub use crate::engine::budget::{default_clock, Budget, Clock};
mod engine;
mod fit;
mod probcut;
mod selective;
pub mod split;
mod table;

pub use engine::{parallel, Engine, SOLVER_NODES_PER_NODE};
pub use fit::{Fit, PROBCUT_BUCKETS};
pub use selective::{probcut_bucket, probcut_depth, PROBCUT_FIT_DEPTHS};
pub use table::MidTable;

use crate::Move;

/// How deep and how far a search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Midgame depth in plies (iterative deepening up to it).
    pub depth: u32,
    /// Solve exactly at or below this many empties.
    pub exact_empties: u32,
    /// Solve for win/loss/draw at or below this many empties (when above the exact limit).
    pub wld_empties: u32,
}

/// Deepen while the nodes left (and, within reach of a solve, the time) are
/// at least this many times those used so far: the next iteration costs a
/// few times all before it.
pub(crate) const DEEPEN_RATIO: f64 = 2.0;

impl Limits {
    /// Whether the search of a position of `empties` empties turns to a
    /// solve (exact, or win/loss/draw) after its iterations.
    pub fn solve_follows(&self, empties: u32) -> bool {
        empties <= self.exact_empties.max(self.wld_empties)
    }

    /// Whether the time allows another iteration, `left_ms` being left and
    /// the iterations so far having used `used_ms`. Within reach of a solve,
    /// only while the next has a fair chance to finish or to prove a better
    /// move, the rest being the solve's. Else the time is there to be used:
    /// an iteration cut short plays only a move it proved better than the
    /// last one's, so deepening to the deadline never plays worse (level 10
    /// scored 54.4 % so against stopping early, docs/engine-figures.md).
    pub(crate) fn time_to_deepen(&self, empties: u32, left_ms: f64, used_ms: f64) -> bool {
        !self.solve_follows(empties) || left_ms >= used_ms * DEEPEN_RATIO
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play.
    pub best: Move,
    /// Its score from the mover's view, in evaluation units (1/100 disc);
    /// for a win/loss/draw solve, -100, 0 or 100.
    pub score: i32,
    /// The deepest completed iteration (the empties when solved).
    pub depth: u32,
    /// Whether the score is the exact final margin (or, for a win/loss/draw
    /// solve, its sign).
    pub exact: bool,
    /// Positions visited.
    pub nodes: u64,
}
