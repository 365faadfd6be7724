//! The exact endgame solver: the final disc difference under perfect play
//! (empty squares go to the winner, the usual scoring of FFO scores).
//!
//! Layers by empties: four and fewer in [`last`] (no move generation, no
//! hashing, parity order); up to [`SHALLOW`] empties a plain alpha-beta
//! without a table ([`shallow`]: fastest first from [`FASTEST_FIRST`], parity
//! order below); above that principal-variation search with a transposition
//! table, enhanced transposition cutoffs, a stability cutoff and the ordering
//! of [`order`]. An exact solve from [`MTD_FROM`] empties starts from a guess
//! (a small search on the evaluation) and closes in on the score with
//! null-window searches (MTD(f)), the table carrying what each one learned to
//! the next; from [`cut::SELECTIVE_FROM`] empties it first closes in with
//! probable cuts ([`cut`]), surer at each level, then exactly. A win/loss/draw answer is one search with the window (-1, 1).
//!
//! Several solvers may share one table ([`Solver::shared`]); natively,
//! [`solve_parallel`] runs one a thread on the same position. A portable
//! x86-64 build runs the recursion's AVX2 compilation when the CPU has it
//! (`kernel.rs`).

mod busy;
pub mod cut;
mod cut_fit;
mod kernel;
mod last;
mod order;
#[cfg(not(target_arch = "wasm32"))]
mod parallel;
mod shallow;
mod table;

pub use busy::Busy;
pub use kernel::solver_uses_runtime_avx2;
#[cfg(not(target_arch = "wasm32"))]
pub use parallel::solve_parallel;

pub use crate::board::stable;
pub(crate) use crate::engine::slots::hash;
pub use table::EndTable;
use table::Stored;

use crate::board::movegen::moves;
use crate::engine::budget::Budget;
use crate::{Move, Position, Square};
use kernel::{with_kernel, Kernel};
use order::{pick_best, Candidate};
use std::cell::Cell;

/// From this many empties, children are looked up before searching.
const ETC_MIN: u32 = 12;

/// Up to this many empties, no table.
const SHALLOW: u32 = 8;

/// From this many empties, the shallow search orders fastest first.
const FASTEST_FIRST: u32 = 6;

/// The budget is checked every this many positions (nodes and positions
/// evaluated): a fraction of a millisecond.
const CHECK_EVERY: u64 = 4096;

/// From this many empties, an exact solve guesses and closes in (MTD(f)).
const MTD_FROM: u32 = 18;

/// The final score from the mover's view when neither side can move.
#[inline(always)]
pub(crate) fn final_score(p: u64, o: u64) -> i32 {
    let pc = p.count_ones() as i32;
    let oc = o.count_ones() as i32;
    let diff = pc - oc;
    let empties = 64 - pc - oc;
    match diff.cmp(&0) {
        std::cmp::Ordering::Greater => diff + empties,
        std::cmp::Ordering::Less => diff - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The answer of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The best move (a pass when the mover has no square).
    pub best: Move,
    /// The final disc difference from the mover's view. For a search with a
    /// narrow window it is a bound: at most `alpha` when it fails low, at
    /// least `beta` when it fails high.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
}

/// A solver over a borrowed table and budget.
pub struct Solver<'a> {
    eval: &'static crate::engine::eval::Eval,
    table: &'a EndTable,
    budget: Budget<'a>,
    /// With other solvers on the same table: the subtrees they are in, which
    /// this one leaves for last.
    busy: Option<&'a Busy>,
    /// Positions visited so far.
    pub nodes: u64,
    /// Positions the searches on the evaluation visited (ordering, probable
    /// cuts, the guess): not nodes, but time, so counted for the clock.
    evaluated: Cell<u64>,
    /// The clock is read when the nodes and the positions evaluated reach
    /// this many.
    next_check: u64,
    aborted: bool,
    /// [`cut::EXACT`], or the selective level being searched.
    level: u8,
}

impl<'a> Solver<'a> {
    /// A solver storing into `table` and stopping when `budget` is spent.
    pub fn new(table: &'a mut EndTable, budget: Budget<'a>) -> Solver<'a> {
        Solver::on(table, None, budget)
    }

    /// A solver storing into `table`, which it may share: beside other
    /// solvers when `busy` is given (as [`Solver::shared`]), else alone.
    pub(crate) fn on(
        table: &'a EndTable,
        busy: Option<&'a Busy>,
        budget: Budget<'a>,
    ) -> Solver<'a> {
        Solver {
            eval: crate::engine::eval::Eval::shared(),
            table,
            budget,
            busy,
            nodes: 0,
            evaluated: Cell::new(0),
            next_check: CHECK_EVERY,
            aborted: false,
            level: cut::EXACT,
        }
    }

    /// A solver storing into `table` beside others working on the same
    /// position at once (one a thread): where another is already searching a
    /// move (as `busy` says), this one searches the other moves first
    /// (simplified ABDADA), so that they split the work.
    pub fn shared(table: &'a EndTable, busy: &'a Busy, budget: Budget<'a>) -> Solver<'a> {
        Solver::on(table, Some(busy), budget)
    }

    /// Whether the budget ran out (the last result is then meaningless).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The exact score of `position` and a best move, or `None` if the budget
    /// ran out first.
    pub fn solve(&mut self, position: &Position) -> Option<Solution> {
        let n = position.empty().count();
        if n < MTD_FROM || moves(position.player().0, position.opponent().0) == 0 {
            return self.solve_window(position, -64, 64);
        }
        let start = self.nodes;
        let mut guess = self.guess(position);
        if n >= cut::SELECTIVE_FROM {
            for level in 0..cut::WIDTHS.len() {
                self.level = level as u8;
                let s = self.close_in(position, guess);
                self.level = cut::EXACT;
                guess = s?.score;
            }
        }
        let s = self.close_in(position, guess)?;
        Some(Solution {
            nodes: self.nodes - start,
            ..s
        })
    }

    /// The score at the current level, closing in from `guess` with
    /// null-window searches (MTD(f)).
    fn close_in(&mut self, position: &Position, mut beta: i32) -> Option<Solution> {
        let (mut lower, mut upper) = (-64, 64);
        // The move of the test that set the lower bound, which keeps it.
        let mut best = None;
        let mut first = None;
        // Every final score is even (empties go to the winner), so each test
        // "is the score at least beta?" moves a bound by two or more.
        while lower < upper {
            beta = beta.clamp(lower + 2, upper);
            let s = self.solve_window(position, beta - 1, beta)?;
            first.get_or_insert(s.best);
            // A probable cut answers with the window's bound, which may be
            // odd: the score is even, so the bound moves to the next even.
            if s.score >= beta {
                lower = s.score + (s.score & 1);
                best = Some(s.best);
                beta = lower + 2;
            } else {
                upper = s.score - (s.score & 1);
                beta = upper;
            }
        }
        Some(Solution {
            best: best.or(first)?,
            score: lower,
            nodes: 0,
        })
    }

    /// Win, loss or draw: the score's sign (as -1, 0 or 1) and a move that keeps it.
    pub fn solve_wld(&mut self, position: &Position) -> Option<Solution> {
        let s = self.solve_window(position, -1, 1)?;
        Some(Solution {
            score: s.score.signum(),
            ..s
        })
    }

    /// Solves inside the window (`alpha`, `beta`); the score is exact when it
    /// lies strictly inside.
    pub fn solve_window(&mut self, position: &Position, alpha: i32, beta: i32) -> Option<Solution> {
        let p = position.player().0;
        let o = position.opponent().0;
        let start = self.nodes;
        let (score, best) = with_kernel!(|k| self.root(k, p, o, alpha, beta));
        if self.aborted {
            return None;
        }
        let best = Square::new(best).map_or(Move::Pass, Move::Play);
        Some(Solution {
            best,
            score,
            nodes: self.nodes - start,
        })
    }

    fn root<K: Kernel>(&mut self, k: K, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u8) {
        let n = (!(p | o)).count_ones();
        if moves(p, o) == 0 {
            let score = if moves(o, p) == 0 {
                final_score(p, o)
            } else {
                -self.solve_any(k, o, p, -beta, -alpha, n, true)
            };
            return (score, 64);
        }
        let mut list = [Candidate::default(); 32];
        let hash_move = self.table.probe(p, o).map_or(64, |h| h.best);
        let count = self.candidates(k, p, o, hash_move, &mut list);
        let (best, best_sq) = self.children(k, p, o, &mut list[..count], alpha, beta, n);
        if self.aborted {
            return (0, 64);
        }
        (best, best_sq)
    }

    /// Searches the moves of `list` (principal-variation search, best
    /// ordered first), fail-soft; the best score and its square (64 when
    /// aborted). Beside other solvers, a move one of them is searching waits
    /// until the others are done.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn children<K: Kernel>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        list: &mut [Candidate],
        mut alpha: i32,
        beta: i32,
        n: u32,
    ) -> (i32, u8) {
        let count = list.len();
        let busy = self.busy.filter(|_| n >= busy::DEFER_MIN);
        let mut deferred = [0u8; 32];
        let (mut waiting, mut taken) = (0, 0);
        let mut best = -65;
        let mut best_sq = list[0].sq;
        let mut next = 0;
        let mut searched = 0;
        loop {
            let fresh = next < count;
            let c = if fresh {
                pick_best(&mut list[next..count]);
                next += 1;
                list[next - 1]
            } else if taken < waiting {
                taken += 1;
                list[usize::from(deferred[taken - 1])]
            } else {
                break;
            };
            let (np, no) = (o ^ c.flipped, p | c.flipped | (1u64 << c.sq));
            let key = busy.map(|b| (b, hash(np, no)));
            if let Some((b, key)) = key {
                if fresh && searched > 0 && b.contains(key) {
                    deferred[waiting] = (next - 1) as u8;
                    waiting += 1;
                    continue;
                }
                b.enter(key);
            }
            let v = if searched == 0 {
                -self.solve_any(k, np, no, -beta, -alpha, n - 1, false)
            } else {
                let v = -self.solve_any(k, np, no, -alpha - 1, -alpha, n - 1, false);
                if v > alpha && v < beta {
                    -self.solve_any(k, np, no, -beta, -v, n - 1, false)
                } else {
                    v
                }
            };
            if let Some((b, key)) = key {
                b.leave(key);
            }
            searched += 1;
            if self.aborted {
                return (0, 64);
            }
            if v > best {
                best = v;
                best_sq = c.sq;
                if v >= beta {
                    break;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        (best, best_sq)
    }

    /// Dispatches on the number of empties `n`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn solve_any<K: Kernel>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        match n {
            0 => final_score(p, o),
            1 => self.last1(p, o, (!(p | o)).trailing_zeros() as usize),
            2 => {
                let e = !(p | o);
                let x1 = e.trailing_zeros() as usize;
                let x2 = 63 - e.leading_zeros() as usize;
                k.last2(self, p, o, alpha, beta, [x1, x2], passed)
            }
            3 => {
                let e = !(p | o);
                let x1 = e.trailing_zeros() as usize;
                let e2 = e & (e - 1);
                let x2 = e2.trailing_zeros() as usize;
                let x3 = 63 - e.leading_zeros() as usize;
                k.last3(self, p, o, alpha, beta, [x1, x2, x3], passed)
            }
            4 if !passed => self.last4(k, p, o, alpha, beta),
            _ if n <= SHALLOW => k.shallow(self, p, o, alpha, beta, n, passed),
            _ => k.deep(self, p, o, alpha, beta, n, passed),
        }
    }

    /// Principal-variation search with the table, above [`SHALLOW`] empties.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn deep<K: Kernel>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let work = self.nodes + self.evaluated.get();
        if work >= self.next_check {
            self.next_check = work + CHECK_EVERY;
            if self.budget.spent(self.nodes) {
                self.aborted = true;
            }
        }
        if self.aborted {
            return 0;
        }
        // Stability: the opponent's stable discs cap the mover's score.
        if alpha >= 64 - 2 * o.count_ones() as i32 {
            let upper = 64 - 2 * stable(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
            if upper < beta {
                beta = upper;
            }
        }
        let alpha0 = alpha;
        let mut hash_move = 64;
        let hit = self.table.probe(p, o);
        if let Some(hit) = hit {
            hash_move = hit.best;
        }
        if let Some(hit) = hit.filter(|h| h.level >= self.level) {
            if hit.lower >= beta {
                return hit.lower;
            }
            if hit.upper <= alpha {
                return hit.upper;
            }
            if hit.lower == hit.upper {
                return hit.lower;
            }
            alpha = alpha.max(hit.lower);
            beta = beta.min(hit.upper);
        }
        if let Some(bound) = self.probable_cut(k, p, o, alpha, beta, n) {
            return bound;
        }
        let mut list = [Candidate::default(); 32];
        let count = self.candidates(k, p, o, hash_move, &mut list);
        if count == 0 {
            if passed {
                return final_score(p, o);
            }
            return -k.deep(self, o, p, -beta, -alpha, n, true);
        }
        if n >= ETC_MIN {
            // Enhanced transposition cutoff: a child already known to refute.
            for c in &list[..count] {
                let (np, no) = (o ^ c.flipped, p | c.flipped | (1u64 << c.sq));
                if let Some(hit) = self.table.probe(np, no) {
                    if -hit.upper >= beta && hit.level >= self.level {
                        self.store(p, o, n, (-hit.upper, 64), c.sq);
                        return -hit.upper;
                    }
                }
            }
        }
        let (best, best_sq) = self.children(k, p, o, &mut list[..count], alpha, beta, n);
        if self.aborted {
            return 0;
        }
        let (lower, upper) = if best >= beta {
            (best, 64)
        } else if best <= alpha0 {
            (-64, best)
        } else {
            (best, best)
        };
        self.store(p, o, n, (lower, upper), best_sq);
        best
    }

    /// Stores bounds found at the current level.
    #[inline]
    fn store(&self, p: u64, o: u64, empties: u32, (lower, upper): (i32, i32), best: u8) {
        let level = self.level;
        let at = Stored {
            empties,
            lower,
            upper,
            best,
            level,
        };
        self.table.store(p, o, at);
    }
}

impl Solver<'_> {
    /// The score of (`p` to move, `o`) inside (`alpha`, `beta`), fail-soft;
    /// 0 when aborted (check [`Solver::aborted`]).
    pub(crate) fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let n = (!(p | o)).count_ones();
        with_kernel!(|k| self.solve_any(k, p, o, alpha, beta, n, false))
    }
}
