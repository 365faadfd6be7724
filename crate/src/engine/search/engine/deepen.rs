//! Iterative deepening at the root: [`Engine::search`] deepens one ply at a
//! time within aspiration windows while the budget allows, hands over to the
//! endgame solver within reach, and keeps the best move found.

use super::order::Candidate;
use super::{sq_of, Engine, INF, SOLVER_NODES_PER_NODE};
use crate::board::movegen::moves;
use crate::engine::endgame::{final_score, Solver};
use crate::engine::eval::DISC;
use crate::engine::search::{Budget, Limits, SearchResult};
use crate::{Move, Position};

/// Deepen while the time or nodes left are at least this many times those
/// used so far.
const DEEPEN_RATIO: f64 = 2.0;

/// What one iteration at the root found.
struct RootOutcome {
    /// The best score (a bound when it fails outside the window).
    score: i32,
    /// The best move.
    sq: u8,
    /// A move other than the first proved better than it, with its score
    /// so far (kept when the iteration is cut short).
    proved: Option<(u8, i32)>,
}

impl Engine {
    /// Searches `position` within `limits`, stopping when `budget` is spent.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &Limits,
        budget: Budget<'_>,
    ) -> SearchResult {
        self.reset_counters();
        let p = position.player().0;
        let o = position.opponent().0;
        let empties = position.empty().count();
        if moves(p, o) == 0 {
            let score = if moves(o, p) == 0 {
                final_score(p, o) * DISC
            } else {
                0
            };
            return SearchResult {
                best: Move::Pass,
                score,
                depth: 0,
                exact: moves(o, p) == 0,
                nodes: 0,
            };
        }
        // Midgame iterative deepening first (to have a move whatever happens).
        let mut result = self.iterate(p, o, limits, &budget, empties);
        // Then the endgame: exact, or win/loss/draw, when close enough.
        if !self.aborted && empties <= limits.exact_empties.max(limits.wld_empties) {
            let exact = empties <= limits.exact_empties;
            let solver_budget = self.solver_budget(&budget);
            let mut solver = Solver::new(&mut self.end, solver_budget);
            let solved = if exact {
                solver.solve(position)
            } else {
                solver.solve_window(position, -1, 1)
            };
            self.nodes += solver.nodes;
            self.work += solver.nodes;
            if let Some(s) = solved {
                let score = if exact { s.score } else { s.score.signum() };
                result = SearchResult {
                    best: s.best,
                    score: score * DISC,
                    depth: empties,
                    exact,
                    nodes: 0,
                };
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn iterate(
        &mut self,
        p: u64,
        o: u64,
        limits: &Limits,
        budget: &Budget<'_>,
        empties: u32,
    ) -> SearchResult {
        let mut list = [Candidate::default(); 32];
        let count = self.candidates(p, o, 64, 0, &mut list);
        list[..count].sort_by_key(|c| c.key);
        let mut best = SearchResult {
            best: Move::Play(sq_of(list[0].sq)),
            score: 0,
            depth: 0,
            exact: false,
            nodes: 0,
        };
        self.work_limit = budget
            .nodes
            .map_or(u64::MAX, |n| n.saturating_mul(SOLVER_NODES_PER_NODE));
        let started = (budget.clock)();
        // One legal move: nothing to choose (a first iteration for its score).
        let max_depth = if count == 1 {
            1
        } else {
            limits.depth.max(1).min(empties)
        };
        let mut guess = self.eval.evaluate(p, o);
        for depth in 1..=max_depth {
            let (mut alpha, mut beta) = if depth >= 4 {
                (guess - 4 * DISC, guess + 4 * DISC)
            } else {
                (-INF, INF)
            };
            let outcome = loop {
                let r = self.root(p, o, &mut list[..count], alpha, beta, depth, budget);
                if self.aborted {
                    break r;
                }
                if r.score <= alpha {
                    alpha = (alpha - 8 * DISC).max(-INF);
                    if r.score <= -INF + 1 {
                        alpha = -INF;
                    }
                } else if r.score >= beta {
                    beta = (beta + 8 * DISC).min(INF);
                } else {
                    break r;
                }
                if alpha == -INF && beta == INF {
                    break self.root(p, o, &mut list[..count], alpha, beta, depth, budget);
                }
            };
            if self.aborted {
                // A move proved better than the previous iteration's best
                // (searched first, and in full) is worth more than it.
                if let Some((sq, score)) = outcome.proved {
                    best.best = Move::Play(sq_of(sq));
                    best.score = score;
                }
                break;
            }
            guess = outcome.score;
            best = SearchResult {
                best: Move::Play(sq_of(outcome.sq)),
                score: outcome.score,
                depth,
                exact: depth >= empties,
                nodes: 0,
            };
            // Put the best first for the next iteration.
            if let Some(i) = list[..count].iter().position(|c| c.sq == outcome.sq) {
                list[..=i].rotate_right(1);
            }
            // Deepen while the next iteration, likely a few times the cost
            // of all before it, has a fair chance to finish or to prove a
            // better move (in time and in nodes).
            let used = (budget.clock)() - started;
            if budget.remaining() < used * DEEPEN_RATIO {
                break;
            }
            if self.work_limit < u64::MAX {
                let left = self.work_limit.saturating_sub(self.work);
                if (left as f64) < self.work as f64 * DEEPEN_RATIO {
                    break;
                }
            }
        }
        self.work_limit = u64::MAX;
        best
    }

    /// One iteration at the root in (`alpha`, `beta`), the first move of
    /// `list` (the previous iteration's best) first.
    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        p: u64,
        o: u64,
        list: &mut [Candidate],
        mut alpha: i32,
        beta: i32,
        depth: u32,
        budget: &Budget<'_>,
    ) -> RootOutcome {
        let mut best = -INF;
        let mut best_sq = list[0].sq;
        let mut proved = None;
        for (i, c) in list.iter().enumerate() {
            let (np, no) = (o ^ c.flipped, p | c.flipped | (1u64 << c.sq));
            let v = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, depth - 1, false, budget)
            } else {
                let v = -self.pvs(np, no, -alpha - 1, -alpha, depth - 1, false, budget);
                if self.aborted {
                    break;
                }
                if v > alpha && v < beta {
                    // Better than the first move (which scored alpha or less)
                    // whatever the re-search finds.
                    proved = Some((c.sq, v));
                    -self.pvs(np, no, -beta, -v, depth - 1, false, budget)
                } else {
                    v
                }
            };
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_sq = c.sq;
                if i > 0 {
                    proved = Some((c.sq, v));
                }
                if v >= beta {
                    break;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        RootOutcome {
            score: best,
            sq: best_sq,
            proved,
        }
    }
}
