//! Move ordering for the solver's table-backed layer: the hash move first,
//! then, by empties, fastest first (fewest replies, corners counted twice,
//! then the fewest empties beside the mover's discs, odd regions and corners
//! breaking ties), the evaluation of the child from [`EVAL_ORDER`], and a one
//! or two ply search on the evaluation from [`SEARCH_ORDER`].

use super::kernel::{with_kernel, Kernel};
use super::last::odd_region;
use super::{final_score, Solver};
use crate::board::movegen::{flips, moves};
use crate::engine::eval::{frontier_empties, Eval};
use crate::Position;

/// From this many empties, moves are ordered by the evaluation too.
const EVAL_ORDER: u32 = 14;
/// Weight of each reply left to the opponent against the evaluation (1/100 disc).
const MOBILITY_WEIGHT: i32 = 300;
/// From this many empties, moves are ordered by a shallow search.
const SEARCH_ORDER: u32 = 16;
/// From this many more empties than that, the ordering search looks two plies ahead.
const SEARCH_ORDER_TWO: u32 = 4;
/// The guess's deepest search, in plies.
const GUESS_DEPTH: u32 = 8;
/// The most positions the guess may visit (up to about 50 ms natively on
/// FFO #20–39).
const GUESS_POSITIONS: u64 = 1_000_000;
/// Beyond any evaluation.
pub(super) const INF_EVAL: i32 = 30_000;

/// A move with the data to order it.
#[derive(Clone, Copy, Default)]
pub(super) struct Candidate {
    pub sq: u8,
    pub flipped: u64,
    pub key: i32,
}

/// The replies left to the opponent, corners counted twice.
#[inline(always)]
pub(super) fn weighted_replies(replies: u64) -> i32 {
    (replies.count_ones() + (replies & 0x8100_0000_0000_0081).count_ones()) as i32
}

/// Moves the candidate with the lowest key to the front.
#[inline(always)]
pub(super) fn pick_best(list: &mut [Candidate]) {
    let mut b = 0;
    for i in 1..list.len() {
        if list[i].key < list[b].key {
            b = i;
        }
    }
    list.swap(0, b);
}

impl Solver<'_> {
    /// A plain negamax on the evaluation `depth` plies deep, fail-soft, in
    /// evaluation units (a finished game scores its discs ×
    /// [`DISC`](crate::engine::eval::DISC)). Each position visited takes one
    /// from `budget`; when it runs out the search returns at once and its value
    /// means nothing. Recursion goes through the kernel `k`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax<K: Kernel>(
        k: K,
        eval: &Eval,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        depth: u32,
        budget: &mut u64,
    ) -> i32 {
        if *budget == 0 {
            return 0;
        }
        *budget -= 1;
        if depth == 0 {
            return eval.evaluate(p, o);
        }
        let mut rest = moves(p, o);
        if rest == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o) * crate::engine::eval::DISC;
            }
            return -k.negamax(eval, o, p, -beta, -alpha, depth, budget);
        }
        let mut best = -INF_EVAL;
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, sq);
            let v = -k.negamax(
                eval,
                o ^ f,
                p | f | (1u64 << sq),
                -beta,
                -alpha,
                depth - 1,
                budget,
            );
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        best
    }

    /// A small negamax on the evaluation, for move ordering, the probable
    /// cuts and the guess (see [`Solver::negamax`]); its positions count
    /// towards the next reading of the clock.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn order_search<K: Kernel>(
        &self,
        k: K,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        depth: u32,
        budget: &mut u64,
    ) -> i32 {
        let before = *budget;
        let v = k.negamax(self.eval, p, o, alpha, beta, depth, budget);
        self.evaluated
            .set(self.evaluated.get() + (before - *budget));
        v
    }

    /// The moves of `p`, with their order keys (lower first).
    #[inline(always)]
    pub(super) fn candidates<K: Kernel>(
        &self,
        k: K,
        p: u64,
        o: u64,
        hash_move: u8,
        list: &mut [Candidate; 32],
    ) -> usize {
        let odd = odd_region(!(p | o));
        let n = (!(p | o)).count_ones();
        let mut rest = moves(p, o);
        let mut count = 0;
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, sq);
            let key = if sq as u8 == hash_move {
                -1_000_000
            } else {
                let np = o ^ f;
                let no = p | f | (1u64 << sq);
                let mobility = weighted_replies(moves(np, no));
                if n >= SEARCH_ORDER {
                    let d = if n >= SEARCH_ORDER + SEARCH_ORDER_TWO {
                        2
                    } else {
                        1
                    };
                    let mut unlimited = u64::MAX;
                    self.order_search(k, np, no, -INF_EVAL, INF_EVAL, d, &mut unlimited)
                        + mobility * MOBILITY_WEIGHT
                } else if n >= EVAL_ORDER {
                    self.eval.evaluate(np, no) + mobility * MOBILITY_WEIGHT
                } else {
                    let parity = i32::from(odd & (1u64 << sq) != 0);
                    let corner = i32::from(sq == 0 || sq == 7 || sq == 56 || sq == 63);
                    mobility * 16 - parity * 4 - corner * 6 + frontier_empties(no, !(no | np)) * 2
                }
            };
            list[count] = Candidate {
                sq: sq as u8,
                flipped: f,
                key,
            };
            count += 1;
        }
        count
    }

    /// An even guess at the final score: the mean of the last two depths of
    /// an iterative deepening on the evaluation, up to [`GUESS_DEPTH`] plies
    /// and [`GUESS_POSITIONS`] positions in all (two depths, one even and one
    /// odd: each alone leans its own way). The clock is read between the
    /// root's moves: when the budget is spent the solve is aborted, and the
    /// guess means nothing.
    pub(super) fn guess(&mut self, position: &Position) -> i32 {
        with_kernel!(|k| self.guess_with(k, position))
    }

    fn guess_with<K: Kernel>(&mut self, k: K, position: &Position) -> i32 {
        let (p, o) = (position.player().0, position.opponent().0);
        let mut budget = GUESS_POSITIONS;
        let mut last = [None, None];
        for depth in 1..=GUESS_DEPTH {
            let Some(v) = self.guess_root(k, p, o, depth, &mut budget) else {
                break;
            };
            last = [last[1], Some(v)];
        }
        let values: Vec<i32> = last.into_iter().flatten().collect();
        let mean = values.iter().sum::<i32>() as f64 / values.len().max(1) as f64;
        let discs = mean / f64::from(crate::engine::eval::DISC);
        ((discs / 2.0).round() as i32 * 2).clamp(-64, 64)
    }

    /// The root of [`Solver::negamax`] `depth` plies deep, move by move, the
    /// budget of the solve checked after each: `None` when the positions ran
    /// out or the solve is aborted.
    fn guess_root<K: Kernel>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        depth: u32,
        budget: &mut u64,
    ) -> Option<i32> {
        let mut rest = moves(p, o);
        if rest == 0 {
            let v = self.order_search(k, p, o, -INF_EVAL, INF_EVAL, depth, budget);
            return (*budget > 0).then_some(v);
        }
        *budget = budget.checked_sub(1)?;
        let (mut best, mut alpha) = (-INF_EVAL, -INF_EVAL);
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, sq);
            let (np, no) = (o ^ f, p | f | (1u64 << sq));
            let v = -self.order_search(k, np, no, -INF_EVAL, -alpha, depth - 1, budget);
            if *budget == 0 {
                return None;
            }
            if self.budget.spent(self.nodes) {
                self.aborted = true;
                return None;
            }
            if v > best {
                best = v;
                alpha = alpha.max(v);
            }
        }
        Some(best)
    }
}
