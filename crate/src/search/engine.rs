//! The search itself: [`Engine`] keeps its tables between moves.

use super::{Budget, Limits, MidTable, SearchResult};
use crate::endgame::{final_score, EndTable, Solver};
use crate::eval::{Eval, DISC};
use crate::movegen::{flips, moves};
use crate::{Move, Position, Square};

/// Scores beyond any evaluation.
const INF: i32 = 30_000;

/// Value of each square for cheap ordering at shallow depths.
const SQUARE_ORDER: [i32; 64] = {
    const ROW: [[i32; 8]; 4] = [
        [18, 4, 16, 12, 12, 16, 4, 18],
        [4, 2, 6, 8, 8, 6, 2, 4],
        [16, 6, 14, 10, 10, 14, 6, 16],
        [12, 8, 10, 0, 0, 10, 8, 12],
    ];
    let mut t = [0; 64];
    let mut s = 0;
    while s < 64 {
        let r = s / 8;
        let r = if r < 4 { r } else { 7 - r };
        t[s] = ROW[r][s % 8];
        s += 1;
    }
    t
};

/// The shallowest remaining depth ProbCut tries at.
const PROBCUT_MIN_DEPTH: u32 = 6;

/// The shallowest remaining depth enhanced transposition cutoffs try at.
const ETC_MIN_DEPTH: u32 = 5;

/// The depth of ProbCut's shallow search for a `depth`-ply one: about half,
/// of the same parity (the evaluation leans with the side to move).
fn probcut_depth(depth: u32) -> u32 {
    let half = depth / 2;
    if half % 2 == depth % 2 {
        half
    } else {
        half - 1
    }
}

/// ProbCut's margin (1/100 disc) at `empties`: 1.5 standard deviations of
/// the deep search's score about the shallow one's, which grows from about 1
/// disc in the opening to 4–5 near the endgame (measured on 200 positions of
/// games from XOT openings with depth pairs 6/2 to 10/4).
fn probcut_margin(empties: u32) -> i32 {
    let sigma = (110 + 12 * (50 - empties as i32)).clamp(100, 500);
    sigma * 3 / 2
}

/// How many endgame solver nodes take the time of one midgame node (about
/// 28 M against 1.8 M a second, natively and in WebAssembly alike): a node
/// budget counts midgame nodes and solver nodes at this rate, so that it
/// stands for a time.
pub const SOLVER_NODES_PER_NODE: u64 = 16;

/// The engine: evaluation, tables, counters.
pub struct Engine {
    eval: &'static Eval,
    mid: MidTable,
    end: EndTable,
    nodes: u64,
    /// The work done, in [`SOLVER_NODES_PER_NODE`]ths of a midgame node.
    work: u64,
    next_check: u64,
    aborted: bool,
    probcut: bool,
    etc: bool,
}

#[derive(Clone, Copy, Default)]
struct Candidate {
    sq: u8,
    flipped: u64,
    key: i32,
}

impl Engine {
    /// An engine with tables of about `table_bytes` in all.
    pub fn new(table_bytes: usize) -> Engine {
        Engine::with_eval(table_bytes, Eval::shared())
    }

    /// An engine on an evaluation of its own (to compare two tables in one
    /// process; the endgame solver's move ordering keeps the shared one).
    pub fn with_eval(table_bytes: usize, eval: &'static Eval) -> Engine {
        Engine {
            eval,
            mid: MidTable::with_bytes(table_bytes / 2),
            end: EndTable::with_bytes(table_bytes / 2),
            nodes: 0,
            work: 0,
            next_check: 0,
            aborted: false,
            probcut: true,
            etc: true,
        }
    }

    /// Turns ProbCut on (the default) or off: off, the search is full width
    /// to its depth (slower, for comparing).
    pub fn set_probcut(&mut self, on: bool) {
        self.probcut = on;
    }

    /// Turns enhanced transposition cutoffs on (the default) or off (for
    /// comparing).
    pub fn set_etc(&mut self, on: bool) {
        self.etc = on;
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

    /// Forgets the tables (a new game).
    pub fn clear(&mut self) {
        self.mid.clear();
        self.end.clear();
    }

    /// The static evaluation of `position` from the mover's view.
    pub fn evaluate(&self, position: &Position) -> i32 {
        self.eval
            .evaluate(position.player().0, position.opponent().0)
    }

    /// Searches `position` within `limits`, stopping when `budget` is spent.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &Limits,
        budget: Budget<'_>,
    ) -> SearchResult {
        self.nodes = 0;
        self.work = 0;
        self.aborted = false;
        self.next_check = 1024;
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
        let mut best = SearchResult {
            best: Move::Play(sq_of(list[0].sq)),
            score: 0,
            depth: 0,
            exact: false,
            nodes: 0,
        };
        let started = (budget.clock)();
        let max_depth = limits.depth.max(1).min(empties);
        let mut guess = self.eval.evaluate(p, o);
        for depth in 1..=max_depth {
            let (mut alpha, mut beta) = if depth >= 4 {
                (guess - 4 * DISC, guess + 4 * DISC)
            } else {
                (-INF, INF)
            };
            let (score, sq) = loop {
                let (score, sq) = self.root(p, o, &mut list[..count], alpha, beta, depth, budget);
                if self.aborted {
                    break (score, sq);
                }
                if score <= alpha {
                    alpha = (alpha - 8 * DISC).max(-INF);
                    if score <= -INF + 1 {
                        alpha = -INF;
                    }
                } else if score >= beta {
                    beta = (beta + 8 * DISC).min(INF);
                } else {
                    break (score, sq);
                }
                if alpha == -INF && beta == INF {
                    let r = self.root(p, o, &mut list[..count], alpha, beta, depth, budget);
                    break r;
                }
            };
            if self.aborted {
                break;
            }
            guess = score;
            best = SearchResult {
                best: Move::Play(sq_of(sq)),
                score,
                depth,
                exact: depth >= empties,
                nodes: 0,
            };
            // Put the best first for the next iteration.
            if let Some(i) = list[..count].iter().position(|c| c.sq == sq) {
                list[..=i].rotate_right(1);
            }
            // Deepen only when the next iteration, likely a few times the
            // cost of all before it, may still finish (in time and in nodes).
            let used = (budget.clock)() - started;
            if budget.remaining() < used * 3.0 {
                break;
            }
            if let Some(limit) = budget.nodes {
                let left = (limit * SOLVER_NODES_PER_NODE).saturating_sub(self.work);
                if left < self.work * 3 {
                    break;
                }
            }
        }
        best
    }

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
    ) -> (i32, u8) {
        let mut best = -INF;
        let mut best_sq = list[0].sq;
        for (i, c) in list.iter().enumerate() {
            let (np, no) = (o ^ c.flipped, p | c.flipped | (1u64 << c.sq));
            let v = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, depth - 1, false, budget)
            } else {
                let v = -self.pvs(np, no, -alpha - 1, -alpha, depth - 1, false, budget);
                if v > alpha && v < beta {
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

    /// The moves of `p` with order keys (lower first): the hash move, then by
    /// a shallow look (`look` = 1: the opponent's evaluation after the move;
    /// 0: the opponent's mobility and a square table).
    fn candidates(
        &self,
        p: u64,
        o: u64,
        hash_move: u8,
        look: u32,
        list: &mut [Candidate; 32],
    ) -> usize {
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
                if look > 0 {
                    self.eval.evaluate(np, no)
                } else {
                    let replies = moves(np, no);
                    (replies.count_ones() + (replies & 0x8100_0000_0000_0081).count_ones()) as i32
                        * 16
                        - SQUARE_ORDER[sq]
                }
            };
            list[count] = Candidate {
                sq: sq as u8,
                flipped: f,
                key,
            };
            count += 1;
        }
        list[..count].sort_by_key(|c| c.key);
        count
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
            let mut solver = Solver::new(&mut self.end, solver_budget);
            let v = solver.search(p, o, a, b);
            self.nodes += solver.nodes;
            self.work += solver.nodes;
            if solver.aborted() {
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
            let margin = probcut_margin(empties);
            let bound = beta + margin;
            if bound < INF && self.pvs(p, o, bound - 1, bound, shallow, passed, budget) >= bound {
                return beta;
            }
            if self.aborted {
                return 0;
            }
            let bound = alpha - margin;
            if bound > -INF && self.pvs(p, o, bound, bound + 1, shallow, passed, budget) <= bound {
                return alpha;
            }
            if self.aborted {
                return 0;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut hash_move = 64;
        if let Some(hit) = self.mid.probe(p, o) {
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
        for (i, c) in list[..count].iter().enumerate() {
            let (np, no) = (o ^ c.flipped, p | c.flipped | (1u64 << c.sq));
            let v = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, depth - 1, false, budget)
            } else {
                let v = -self.pvs(np, no, -alpha - 1, -alpha, depth - 1, false, budget);
                if v > alpha && v < beta {
                    -self.pvs(np, no, -beta, -v, depth - 1, false, budget)
                } else {
                    v
                }
            };
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
        self.mid.store(p, o, depth, lower, upper, best_sq);
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
            if let Some(hit) = self.mid.probe(np, no) {
                if hit.depth + 1 >= depth && -hit.upper >= beta {
                    let v = -hit.upper;
                    self.mid.store(p, o, depth, v, INF, sq as u8);
                    return Some(v);
                }
            }
        }
        None
    }

    /// Each legal move of `position` with its score from a full-window search
    /// `depth` plies deep (for the weaker levels, which choose among them).
    pub fn score_moves(
        &mut self,
        position: &Position,
        depth: u32,
        budget: Budget<'_>,
    ) -> Vec<(Square, i32)> {
        self.nodes = 0;
        self.work = 0;
        self.aborted = false;
        self.next_check = 1024;
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
        self.nodes = 0;
        self.work = 0;
        self.aborted = false;
        self.next_check = 1024;
        let (p, o) = (position.player().0, position.opponent().0);
        let f = flips(p, o, sq.index());
        let (np, no) = (o ^ f, p | f | sq.bit());
        let v = if moves(np, no) == 0 && moves(no, np) == 0 {
            final_score(no, np) * DISC
        } else if depth <= 1 {
            -self.eval.evaluate(np, no)
        } else {
            -self.pvs(np, no, -INF, INF, depth - 1, false, &budget)
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
        let mut solver = Solver::new(&mut self.end, budget);
        let s = solver.solve_window(&child, -beta, -alpha);
        self.nodes = solver.nodes;
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
                .end
                .probe(p, o)
                .map(|h| h.best)
                .filter(|&b| b < 64)
                .or_else(|| self.mid.probe(p, o).map(|h| h.best));
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

fn sq_of(index: u8) -> Square {
    Square::new(index).unwrap_or(Square::ALL[0])
}
