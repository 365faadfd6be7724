//! Probable cuts in the endgame (selective endgame search): before an exact
//! solve of many empties, the solver runs selective solves that cut a node
//! when a shallow search on the evaluation says, with a stated confidence,
//! that the exact score lies outside the window. Each selective solve's
//! score is the next one's guess, and the table keeps what each one learned
//! (bounds tagged with their level, so an exact search uses only its best
//! moves), so the exact solve starts near the score with good moves first.
//!
//! The fit of the exact score on the shallow one, per empties, is made by
//! `virada bench --endcut-fit` (see [`cut_fit`](super::cut_fit)).

pub use super::cut_fit::CutFit;
use super::cut_fit::FIT;
use super::kernel::{with_kernel, Kernel};
use super::Solver;
use crate::engine::eval::{Eval, DISC};
use crate::Position;

pub use super::table::EXACT;

/// The selective levels an exact solve runs first, from [`SELECTIVE_FROM`]
/// empties: each one's width in standard deviations of the fit. A cut at
/// width t is wrong with probability about P(Z > t) for a normal Z: 1.5σ
/// about 7 %, 2.6σ about 0.5 %. Each level `i` stores its bounds as level
/// `i`; the exact search stores [`EXACT`].
pub(super) const WIDTHS: [f64; 2] = [1.5, 2.6];

/// From this many empties, an exact solve runs the selective levels first.
pub(super) const SELECTIVE_FROM: u32 = 20;

/// From this many empties, a selective search tries to cut.
pub const CUT_MIN: u32 = 10;

/// The most empties the fit is made at (games solved from there).
pub const FIT_MAX: u32 = 22;

/// The shallow search's depth at `n` empties.
pub fn cut_depth(n: u32) -> u32 {
    match n {
        0..=13 => 2,
        14..=19 => 4,
        _ => 6,
    }
}

/// The value of a plain search on the evaluation `depth` plies deep, in
/// evaluation units (what the cuts compare; for calibrating them).
pub fn shallow_value(position: &Position, depth: u32) -> i32 {
    let (p, o) = (position.player().0, position.opponent().0);
    let mut unlimited = u64::MAX;
    with_kernel!(|k| Solver::negamax(
        k,
        Eval::shared(),
        p,
        o,
        -super::order::INF_EVAL,
        super::order::INF_EVAL,
        depth,
        &mut unlimited,
    ))
}

/// The fit used at `n` empties (the last fitted one beyond the table).
fn fit(n: u32) -> &'static CutFit {
    let i = (n as usize).min(FIT.len() - 1);
    &FIT[i]
}

impl Solver<'_> {
    /// At a selective level, the bound to return when a shallow search says
    /// the exact score of (`p`, `o`) lies outside (`alpha`, `beta`) with the
    /// level's confidence; `None` to search on.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn probable_cut<K: Kernel>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
    ) -> Option<i32> {
        if self.level >= EXACT || n < CUT_MIN {
            return None;
        }
        let f = fit(n);
        if f.sigma <= 0.0 {
            return None;
        }
        let width = WIDTHS[usize::from(self.level)] * f.sigma;
        let disc = f64::from(DISC);
        let mut unlimited = u64::MAX;
        if beta < 64 {
            // exact ≥ beta when slope × shallow + offset − width ≥ beta.
            let at = ((f64::from(beta) + width - f.offset) / f.slope * disc).ceil() as i32;
            if at.abs() < super::order::INF_EVAL
                && self.order_search(k, p, o, at - 1, at, f.depth, &mut unlimited) >= at
            {
                return Some(beta);
            }
        }
        if alpha > -64 {
            let at = ((f64::from(alpha) - width - f.offset) / f.slope * disc).floor() as i32;
            if at.abs() < super::order::INF_EVAL
                && self.order_search(k, p, o, at, at + 1, f.depth, &mut unlimited) <= at
            {
                return Some(alpha);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::budget::Budget;
    use crate::engine::endgame::table::Stored;
    use crate::engine::endgame::EndTable;
    use crate::Move;

    /// FFO #40 (Fabrice's Othello Forum, tests/data): 20 empties, +38 for the mover.
    fn ffo_40() -> (crate::Position, i32) {
        let text = include_str!("../../../../tests/data/fforum-40-49.obf");
        let obf = crate::parse_obf_text(text).expect("the FFO file reads")[0].clone();
        let score = obf.annotations[0].score;
        (obf.position, score)
    }

    #[test]
    fn bounds_found_with_probable_cuts_guide_a_selective_search_but_never_decide_an_exact_one() {
        let (position, score) = ffo_40();
        let (p, o) = (position.player().0, position.opponent().0);
        let mut table = EndTable::with_bytes(8 << 20);
        // A wrong claim, as if a selective search had cut: the mover wins by 64.
        let wrong = Stored {
            empties: 20,
            lower: 64,
            upper: 64,
            best: 64,
            level: 0,
        };
        table.store(p, o, wrong);
        let mut solver = Solver::new(&mut table, Budget::unlimited());
        solver.level = 0;
        assert_eq!(
            solver.search(p, o, -64, 64),
            64,
            "a level-0 search takes level-0 bounds"
        );
        solver.level = EXACT;
        let s = solver.solve(&position).expect("no budget");
        assert_eq!(s.score, score);
        assert!(matches!(s.best, Move::Play(sq) if position.legal_moves().contains(sq)));
    }

    #[test]
    fn a_selective_level_cuts_where_the_exact_search_searches() {
        let (position, score) = ffo_40();
        let (p, o) = (position.player().0, position.opponent().0);
        let mut nodes = [0; 2];
        for (k, level) in [0, EXACT].into_iter().enumerate() {
            let mut table = EndTable::with_bytes(8 << 20);
            let mut solver = Solver::new(&mut table, Budget::unlimited());
            solver.level = level;
            // Is the score at least the exact one? (A cut may answer wrongly:
            // only the exact answer is checked.)
            let v = solver.search(p, o, score - 1, score);
            if level == EXACT {
                assert!(v >= score, "{v}");
            }
            nodes[k] = solver.nodes;
        }
        assert!(
            nodes[0] < nodes[1],
            "selective {} against exact {}",
            nodes[0],
            nodes[1]
        );
    }
}
