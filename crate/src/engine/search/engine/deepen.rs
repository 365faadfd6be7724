//! Iterative deepening at the root: [`Engine::search`] deepens one ply at a
//! time within aspiration windows while the budget allows, hands over to the
//! endgame solver within reach, and keeps the best move found.

use super::order::Candidate;
use super::parallel::Phase;
use super::{sq_of, Engine, Order, DEFER_DEPTH, INF, SOLVER_NODES_PER_NODE};
use crate::board::movegen::moves;
use crate::engine::endgame::final_score;
use crate::engine::eval::DISC;
use crate::engine::search::{Budget, Limits, SearchResult, DEEPEN_RATIO};
use crate::{Move, Position};

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
    /// Searches `position` within `limits`, stopping when `budget` is spent:
    /// natively on [`Engine::threads`] threads sharing this engine's tables
    /// ([`parallel`](crate::engine::search::parallel)), else on this one.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &Limits,
        budget: Budget<'_>,
    ) -> SearchResult {
        #[cfg(not(target_arch = "wasm32"))]
        if self.threads > 1 && self.team.is_none() {
            let threads = self.threads;
            return super::parallel::search_threads(self, threads, position, limits, budget);
        }
        self.search_alone(position, limits, budget)
    }

    /// [`Engine::search`] on the calling thread (beside its team's helpers
    /// when it leads one): the same moves for the same budget of nodes.
    pub fn search_alone(
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
        if !self.aborted && limits.solve_follows(empties) {
            let exact = empties <= limits.exact_empties;
            if let Some(team) = &self.team {
                team.begin(if exact { Phase::Exact } else { Phase::Wld });
            }
            let solver_budget = self.solver_budget(&budget);
            let mut solver = self.solver(solver_budget);
            let solved = if exact {
                solver.solve(position)
            } else {
                solver.solve_window(position, -1, 1)
            };
            let nodes = solver.nodes;
            self.nodes += nodes;
            self.work += nodes;
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

    /// Iterative deepening up to `limits.depth` (and the empties) while
    /// `budget` allows: the best move of the deepest iteration completed (or
    /// a move an iteration cut short proved better).
    pub(super) fn iterate(
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
            if let Some(team) = &self.team {
                team.completed(depth, outcome.sq, outcome.score);
            }
            // Put the best first for the next iteration.
            if let Some(i) = list[..count].iter().position(|c| c.sq == outcome.sq) {
                list[..=i].rotate_right(1);
            }
            // Deepen while the time (`Limits::time_to_deepen`) and the
            // nodes allow.
            let used = (budget.clock)() - started;
            if !limits.time_to_deepen(empties, budget.remaining(), used) {
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
        // In order (the list is sorted), a move another thread is in last.
        let mut order = Order::in_order(list.len(), self.team.is_some() && depth >= DEFER_DEPTH);
        while let Some(c) = order.next(list) {
            let (np, no) = (o ^ c.flipped, p | c.flipped | (1u64 << c.sq));
            let Some(key) = order.enter(self.team.as_deref(), np, no) else {
                continue;
            };
            let first = order.searched == 0;
            let v = if first {
                -self.pvs(np, no, -beta, -alpha, depth - 1, false, budget)
            } else {
                let v = -self.pvs(np, no, -alpha - 1, -alpha, depth - 1, false, budget);
                if self.aborted {
                    order.leave(self.team.as_deref(), key);
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
            order.leave(self.team.as_deref(), key);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_sq = c.sq;
                if !first {
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
