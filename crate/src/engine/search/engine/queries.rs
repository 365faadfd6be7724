//! What the weaker levels, analysis and the NBoard door ask of the engine
//! besides a move: each move's score, one move's value, one move's exact
//! value, the line the tables hold.

use super::{Engine, INF};
use crate::board::movegen::{flips, moves};
use crate::engine::endgame::final_score;
use crate::engine::eval::DISC;
use crate::engine::search::Budget;
use crate::{Move, Position, Square};

impl Engine {
    /// Each legal move of `position` with its score from a full-window search
    /// `depth` plies deep (for the weaker levels, which choose among them).
    pub fn score_moves(
        &mut self,
        position: &Position,
        depth: u32,
        budget: Budget<'_>,
    ) -> Vec<(Square, i32)> {
        self.reset_counters();
        let p = position.player().0;
        let o = position.opponent().0;
        let mut out = Vec::new();
        for sq in position.legal_moves() {
            let f = flips(p, o, sq.index());
            let (np, no) = (o ^ f, p | f | sq.bit());
            let v = if depth <= 1 {
                if moves(np, no) == 0 && moves(no, np) == 0 {
                    final_score(no, np) * DISC
                } else {
                    -self.eval.evaluate(np, no)
                }
            } else {
                -self.pvs(np, no, -INF, INF, depth - 1, false, &budget)
            };
            if self.aborted {
                break;
            }
            out.push((sq, v));
        }
        out
    }

    /// The value of playing `sq` in `position`, from the mover's view in
    /// evaluation units, by a full-window search `depth` plies deep (the
    /// move itself one of them), or `None` when `budget` ran out first. The
    /// tables are kept, so a deeper call, or the same one again after a
    /// stop, starts from what this one learnt.
    pub fn move_value(
        &mut self,
        position: &Position,
        sq: Square,
        depth: u32,
        budget: Budget<'_>,
    ) -> Option<i32> {
        self.move_window(position, sq, depth, (-INF, INF), budget)
    }

    /// The value of playing `sq` in `position` searched `depth` plies deep
    /// (the move itself one of them) in the window (`alpha`, `beta`), from
    /// the mover's view: exact inside the window, else a bound on the side
    /// it fails (fail-soft); `None` when `budget` ran out first. What a
    /// runner of a [split search](crate::engine::search::split) answers.
    pub fn move_window(
        &mut self,
        position: &Position,
        sq: Square,
        depth: u32,
        (alpha, beta): (i32, i32),
        budget: Budget<'_>,
    ) -> Option<i32> {
        self.reset_counters();
        let (p, o) = (position.player().0, position.opponent().0);
        let f = flips(p, o, sq.index());
        let (np, no) = (o ^ f, p | f | sq.bit());
        let v = if moves(np, no) == 0 && moves(no, np) == 0 {
            final_score(no, np) * DISC
        } else if depth <= 1 {
            -self.eval.evaluate(np, no)
        } else {
            -self.pvs(np, no, -beta, -alpha, depth - 1, false, &budget)
        };
        (!self.aborted).then_some(v)
    }

    /// The exact value of playing `sq` in `position` (final disc difference,
    /// mover's view) as the endgame solver finds it in the window (`alpha`,
    /// `beta`): exact inside it, else a bound on the side it fails; `None`
    /// when `budget` ran out first.
    pub fn solve_move(
        &mut self,
        position: &Position,
        sq: Square,
        alpha: i32,
        beta: i32,
        budget: Budget<'_>,
    ) -> Option<i32> {
        let child = position.play_unchecked(sq);
        let mut solver = self.solver(budget);
        let s = solver.solve_window(&child, -beta, -alpha);
        let nodes = solver.nodes;
        self.nodes = nodes;
        s.map(|s| -s.score)
    }

    /// The exact value of playing `sq` in `position` (final disc difference,
    /// mover's view) by the solver's full solve (MTD(f), selective solves
    /// first from 20 empties); `None` when `budget` ran out first.
    pub fn solve_exact(
        &mut self,
        position: &Position,
        sq: Square,
        budget: Budget<'_>,
    ) -> Option<i32> {
        let child = position.play_unchecked(sq);
        let mut solver = self.solver(budget);
        let s = solver.solve(&child);
        let nodes = solver.nodes;
        self.nodes = nodes;
        s.map(|s| -s.score)
    }

    /// Positions visited by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The line the tables hold after `first` in `position`: at each position
    /// the best square the last searches stored (the endgame table's first),
    /// passes included, at most `max` moves in all, `first` first.
    pub fn principal_variation(&self, position: &Position, first: Move, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let Ok(mut at) = position.play_move(first) else {
            return line;
        };
        line.push(first);
        while line.len() < max && !at.is_game_over() {
            if at.must_pass() {
                line.push(Move::Pass);
                at = at.pass().unwrap_or(at);
                continue;
            }
            let (p, o) = (at.player().0, at.opponent().0);
            let best = self
                .tables
                .end
                .probe(p, o)
                .map(|h| h.best)
                .filter(|&b| b < 64)
                .or_else(|| self.tables.mid.probe(p, o).map(|h| h.best));
            let Some(sq) = best.and_then(Square::new) else {
                break;
            };
            match at.play(sq) {
                Ok(next) => {
                    line.push(Move::Play(sq));
                    at = next;
                }
                Err(_) => break,
            }
        }
        line
    }
}
