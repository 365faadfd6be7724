//! The search itself: [`Engine`] keeps its tables between moves.

mod deepen;
mod order;
pub mod parallel;
mod queries;

use super::selective::{probcut_bounds, probcut_depth, FITTED, PROBCUT_MIN_DEPTH};
use super::{Budget, MidTable};
use crate::board::movegen::{flips, moves};
use crate::engine::endgame::{final_score, EndTable, Solver};
use crate::engine::eval::{Eval, DISC};
use crate::engine::slots::hash;
use crate::{Position, Square};
use order::{take_next, Candidate};
use parallel::Team;
use std::sync::Arc;

/// Scores beyond any evaluation.
const INF: i32 = 30_000;

/// The shallowest remaining depth enhanced transposition cutoffs try at.
const ETC_MIN_DEPTH: u32 = 5;

/// Beside other threads, from this remaining depth a node marks the moves
/// it searches and leaves those another thread is in for last.
const DEFER_DEPTH: u32 = 3;

/// How many endgame solver nodes a node budget counts as one midgame node,
/// so that a budget stands for a time: set when a solver node took 1/16 of
/// a midgame node's time (about 28 M against 1.8 M a second, natively and
/// in WebAssembly alike). Since the evaluation reads its pattern indexes
/// from the board's rows, a midgame node is twice as fast (3.8 M a second),
/// and a solver node takes about 1/7 of its time; the rate is kept so that
/// the levels' node budgets, the bots' tests and the matches' figures play
/// the same games (the page's level 10 thinks on time, not nodes).
pub const SOLVER_NODES_PER_NODE: u64 = 16;

/// The transposition tables, which the engines of a search on several
/// threads share ([`parallel`](super::parallel)).
struct Tables {
    mid: MidTable,
    end: EndTable,
}

/// How an engine searches, copied to the helpers of a search on several
/// threads.
#[derive(Clone, Copy)]
struct Options {
    eval: &'static Eval,
    probcut: bool,
    probcut_fit: bool,
    etc: bool,
    book: bool,
}

/// The engine: evaluation, tables, counters.
pub struct Engine {
    eval: &'static Eval,
    tables: Arc<Tables>,
    /// The search on several threads this engine is one of, while it runs.
    team: Option<Arc<Team>>,
    /// Threads for [`Engine::search`] (natively; 1: this one alone).
    threads: usize,
    nodes: u64,
    /// The work done, in [`SOLVER_NODES_PER_NODE`]ths of a midgame node.
    work: u64,
    next_check: u64,
    /// The work at which the node budget is spent (`u64::MAX`: none).
    work_limit: u64,
    aborted: bool,
    probcut: bool,
    probcut_fit: bool,
    etc: bool,
    book: bool,
}

impl Engine {
    /// An engine with tables of about `table_bytes` in all.
    pub fn new(table_bytes: usize) -> Engine {
        Engine::with_eval(table_bytes, Eval::shared())
    }

    /// An engine on an evaluation of its own (to compare two tables in one
    /// process; the endgame solver's move ordering keeps the shared one).
    pub fn with_eval(table_bytes: usize, eval: &'static Eval) -> Engine {
        let tables = Tables {
            mid: MidTable::with_bytes(table_bytes / 2),
            end: EndTable::with_bytes(table_bytes / 2),
        };
        let options = Options {
            eval,
            probcut: true,
            probcut_fit: FITTED,
            etc: true,
            book: true,
        };
        Engine::sharing(Arc::new(tables), options)
    }

    /// An engine searching with `options` on `tables` (another engine's,
    /// for a helper of a search on several threads).
    fn sharing(tables: Arc<Tables>, options: Options) -> Engine {
        Engine {
            eval: options.eval,
            tables,
            team: None,
            threads: 1,
            nodes: 0,
            work: 0,
            next_check: 0,
            work_limit: u64::MAX,
            aborted: false,
            probcut: options.probcut,
            probcut_fit: options.probcut_fit,
            etc: options.etc,
            book: options.book,
        }
    }

    /// How this engine searches (its helpers search the same way).
    fn options(&self) -> Options {
        Options {
            eval: self.eval,
            probcut: self.probcut,
            probcut_fit: self.probcut_fit,
            etc: self.etc,
            book: self.book,
        }
    }

    /// This engine's tables (for the helpers of a search on several threads).
    fn tables(&self) -> Arc<Tables> {
        Arc::clone(&self.tables)
    }

    /// Makes this engine one of `team` (a search on several threads), or
    /// alone again with `None`.
    fn join(&mut self, team: Option<Arc<Team>>) {
        self.team = team;
    }

    /// Makes [`Engine::search`] run on `threads` threads over this engine's
    /// tables (natively; 1, the default: on the calling thread alone). The
    /// moves it finds then depend on how the threads were scheduled: the
    /// levels that must replay ([`crate::engine::bot`]'s node budgets) search
    /// alone whatever this says.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The threads [`Engine::search`] runs on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Turns ProbCut on (the default) or off: off, the search is full width
    /// to its depth (slower, for comparing).
    pub fn set_probcut(&mut self, on: bool) {
        self.probcut = on;
    }

    /// Makes ProbCut's bounds come from the table fitted per depth and stage
    /// (`search/probcut.rs`) or from the single margin by empties (for
    /// comparing; the default is `selective.rs`'s `FITTED`).
    pub fn set_probcut_fit(&mut self, on: bool) {
        self.probcut_fit = on;
    }

    /// Turns enhanced transposition cutoffs on (the default) or off (for
    /// comparing).
    pub fn set_etc(&mut self, on: bool) {
        self.etc = on;
    }

    /// Lets the levels that have one play from the opening book (the
    /// default), or not (for comparing).
    pub fn set_book(&mut self, on: bool) {
        self.book = on;
    }

    /// Whether the levels that have one play from the opening book.
    pub fn uses_book(&self) -> bool {
        self.book
    }

    /// `budget` for a solve that starts now: its node limit is what is left
    /// of this search's, in solver nodes.
    fn solver_budget<'a>(&self, budget: &Budget<'a>) -> Budget<'a> {
        Budget {
            nodes: budget
                .nodes
                .map(|n| (n * SOLVER_NODES_PER_NODE).saturating_sub(self.work)),
            ..*budget
        }
    }

    /// A solver on this engine's table (beside the other threads of its
    /// team, if any) within `budget`.
    fn solver<'a>(&'a self, budget: Budget<'a>) -> Solver<'a> {
        let busy = self.team.as_deref().map(Team::busy);
        Solver::on(&self.tables.end, busy, budget)
    }

    /// Zeroes the counters of a search (or a query) about to start.
    fn reset_counters(&mut self) {
        self.nodes = 0;
        self.work = 0;
        self.aborted = false;
        self.next_check = 1024;
    }

    /// Forgets the tables (a new game; the tables of every engine sharing
    /// them).
    pub fn clear(&mut self) {
        self.tables.mid.clear();
        self.tables.end.clear();
    }

    /// The static evaluation of `position` from the mover's view.
    pub fn evaluate(&self, position: &Position) -> i32 {
        self.eval
            .evaluate(position.player().0, position.opponent().0)
    }

    #[allow(clippy::too_many_arguments)]
    fn pvs(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        depth: u32,
        passed: bool,
        budget: &Budget<'_>,
    ) -> i32 {
        if self.work + SOLVER_NODES_PER_NODE > self.work_limit {
            // The node budget would be passed: stop without this node.
            self.aborted = true;
            return 0;
        }
        self.nodes += 1;
        self.work += SOLVER_NODES_PER_NODE;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            if budget.spent(self.work / SOLVER_NODES_PER_NODE) {
                self.aborted = true;
            }
        }
        if self.aborted {
            return 0;
        }
        let empties = (!(p | o)).count_ones();
        if depth >= empties && empties <= 12 {
            // The rest of the game: solve it exactly.
            let a = alpha.div_euclid(DISC).clamp(-65, 64);
            let b = (beta + DISC - 1).div_euclid(DISC).clamp(-64, 65);
            let solver_budget = self.solver_budget(budget);
            let mut solver = self.solver(solver_budget);
            let v = solver.search(p, o, a, b);
            let (nodes, aborted) = (solver.nodes, solver.aborted());
            self.nodes += nodes;
            self.work += nodes;
            if aborted {
                self.aborted = true;
                return 0;
            }
            return v * DISC;
        }
        if depth == 0 {
            return self.eval.evaluate(p, o);
        }
        if self.etc && depth >= ETC_MIN_DEPTH {
            if let Some(v) = self.etc(p, o, beta, depth) {
                return v;
            }
        }
        if self.probcut && depth >= PROBCUT_MIN_DEPTH && depth < empties {
            // ProbCut (Buro): a shallow search whose score, pushed out by a
            // margin for its error against the deep one, already decides.
            let shallow = probcut_depth(depth);
            let (high, low) = probcut_bounds(depth, empties, alpha, beta, self.probcut_fit);
            if high < INF && self.pvs(p, o, high - 1, high, shallow, passed, budget) >= high {
                return beta;
            }
            if self.aborted {
                return 0;
            }
            if low > -INF && self.pvs(p, o, low, low + 1, shallow, passed, budget) <= low {
                return alpha;
            }
            if self.aborted {
                return 0;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut hash_move = 64;
        if let Some(hit) = self.tables.mid.probe(p, o) {
            hash_move = hit.best;
            if hit.depth >= depth {
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
        }
        let mut list = [Candidate::default(); 32];
        let count = self.candidates(p, o, hash_move, u32::from(depth >= 3), &mut list);
        if count == 0 {
            if passed {
                return final_score(p, o) * DISC;
            }
            return -self.pvs(o, p, -beta, -alpha, depth, true, budget);
        }
        let mut best = -INF;
        let mut best_sq = 64u8;
        let mut order = Order::new(count, self.team.is_some() && depth >= DEFER_DEPTH);
        while let Some(c) = order.next(&mut list[..count]) {
            let (np, no) = (o ^ c.flipped, p | c.flipped | (1u64 << c.sq));
            let Some(key) = order.enter(self.team.as_deref(), np, no) else {
                continue;
            };
            let v = if order.searched == 0 {
                -self.pvs(np, no, -beta, -alpha, depth - 1, false, budget)
            } else {
                let v = -self.pvs(np, no, -alpha - 1, -alpha, depth - 1, false, budget);
                if v > alpha && v < beta {
                    -self.pvs(np, no, -beta, -v, depth - 1, false, budget)
                } else {
                    v
                }
            };
            order.leave(self.team.as_deref(), key);
            if self.aborted {
                return 0;
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
        let _ = beta0;
        let (lower, upper) = if best >= beta {
            (best, INF)
        } else if best <= alpha0 {
            (-INF, best)
        } else {
            (best, best)
        };
        self.tables.mid.store(p, o, depth, lower, upper, best_sq);
        best
    }

    /// Enhanced transposition cutoff: a child whose stored bound, searched
    /// at least `depth` − 1 plies deep, already holds this node's score at
    /// `beta` or more (its upper bound from its own view at −`beta` or less)
    /// fails this node high without a search. The bound found is stored.
    fn etc(&mut self, p: u64, o: u64, beta: i32, depth: u32) -> Option<i32> {
        let mut rest = moves(p, o);
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, sq);
            let (np, no) = (o ^ f, p | f | (1u64 << sq));
            if let Some(hit) = self.tables.mid.probe(np, no) {
                if hit.depth + 1 >= depth && -hit.upper >= beta {
                    let v = -hit.upper;
                    self.tables.mid.store(p, o, depth, v, INF, sq as u8);
                    return Some(v);
                }
            }
        }
        None
    }
}

/// The order a node takes its moves in: best key first ([`take_next`]),
/// and, beside other threads ([`Team`]), a move another is searching left
/// until the others are done (simplified ABDADA, as the solver's).
struct Order {
    count: usize,
    /// The next move not yet taken, in `list`.
    next: usize,
    /// Whether moves being searched elsewhere wait.
    defer: bool,
    /// The moves left for last (their places in `list`).
    deferred: [u8; 32],
    waiting: usize,
    taken: usize,
    /// Whether the list is in order already (the root's), or each next move
    /// is picked by its key.
    in_order: bool,
    /// Whether the last move given was taken for the first time.
    fresh: bool,
    /// Moves searched so far.
    searched: usize,
}

impl Order {
    /// The order of `count` moves picked by their keys.
    fn new(count: usize, defer: bool) -> Order {
        Order {
            count,
            next: 0,
            defer,
            deferred: [0; 32],
            waiting: 0,
            taken: 0,
            in_order: false,
            fresh: false,
            searched: 0,
        }
    }

    /// The order of `count` moves taken as the list has them.
    fn in_order(count: usize, defer: bool) -> Order {
        Order {
            in_order: true,
            ..Order::new(count, defer)
        }
    }

    /// The next move to consider: a fresh one, best first, then the ones
    /// left for last.
    #[inline]
    fn next(&mut self, list: &mut [Candidate]) -> Option<Candidate> {
        if self.next < self.count {
            self.next += 1;
            self.fresh = true;
            let rest = &mut list[self.next - 1..];
            Some(if self.in_order {
                rest[0]
            } else {
                take_next(rest)
            })
        } else if self.taken < self.waiting {
            self.taken += 1;
            self.fresh = false;
            Some(list[usize::from(self.deferred[self.taken - 1])])
        } else {
            None
        }
    }

    /// Marks the move to (`np`, `no`) as searched by this thread and gives
    /// its key for [`Order::leave`], or `None` when it waits (another
    /// thread is in it, and this node has searched a move already).
    #[inline]
    fn enter(&mut self, team: Option<&Team>, np: u64, no: u64) -> Option<u64> {
        let Some(team) = team.filter(|_| self.defer) else {
            return Some(0);
        };
        let key = hash(np, no);
        if self.fresh && self.searched > 0 && team.busy().contains(key) {
            self.deferred[self.waiting] = (self.next - 1) as u8;
            self.waiting += 1;
            return None;
        }
        team.busy().enter(key);
        Some(key)
    }

    /// The move entered under `key` is searched.
    #[inline]
    fn leave(&mut self, team: Option<&Team>, key: u64) {
        if let Some(team) = team.filter(|_| self.defer) {
            team.busy().leave(key);
        }
        self.searched += 1;
    }
}

fn sq_of(index: u8) -> Square {
    Square::new(index).unwrap_or(Square::ALL[0])
}
