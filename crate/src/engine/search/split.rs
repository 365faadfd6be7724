//! The search split across runners that share no memory: [`Split`] plans
//! jobs (one root move, a depth and a window each), takes their results and
//! decides the move; each runner owns its own [`Engine`] and answers a
//! [`Job`] with [`run_job`]. The plan knows nothing of how jobs travel:
//! natively `threads.rs` runs them on `std::thread`, in the page the bot's
//! worker posts them (as [`Job::to_text`]) to helper workers.
//!
//! The plan, per iteration depth (then, within reach, for the exact or
//! win/loss/draw endgame): every root move has a lower and an upper bound.
//! The previous iteration's best move goes first, within an aspiration
//! window; meanwhile the other moves are tested with null windows at the
//! previous score (at the best proven score once one is known). A move that
//! fails high holds the best lower bound and is searched again for its
//! value; the others are tested again at it. The iteration is complete
//! when one move's value is exact and no other move's upper bound is above
//! it. A runner is given the moves it searched before where it can (its
//! table knows them), else the next in order.

mod job;
mod threads;
mod window;
mod wire;

pub use job::{run_job, Job, JobResult};
pub use threads::search_threads;
pub use wire::WireError;

use super::{Clock, Limits, SearchResult, DEEPEN_RATIO};
use crate::board::movegen::moves;
use crate::engine::endgame::final_score;
use crate::engine::eval::{Eval, DISC};
use crate::{Move, Position, Square};

/// Scores beyond any evaluation (as the engine's).
const INF: i32 = 30_000;

/// What an iteration searches: the midgame to a depth, or the endgame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Mid(u32),
    Exact,
    Wld,
}

/// A root move and what the current iteration knows of it.
#[derive(Clone, Copy, Debug)]
struct Root {
    sq: u8,
    lower: i32,
    upper: i32,
    /// The job out for it, with its window.
    pending: Option<(u32, i32, i32, usize)>,
    /// The runner that searched it last.
    owner: Option<usize>,
}

/// A search split into jobs for runners that share no memory.
pub struct Split {
    player: u64,
    opponent: u64,
    empties: u32,
    limits: Limits,
    roots: Vec<Root>,
    phase: Phase,
    max_depth: u32,
    guess: i32,
    /// The score two iterations back (the same parity of depth as the next).
    guess2: Option<i32>,
    best: SearchResult,
    clock: Clock,
    started: f64,
    deadline: Option<f64>,
    node_limit: Option<u64>,
    nodes: u64,
    next_id: u32,
    /// Jobs given in this iteration (a guard against a search whose bounds
    /// never meet).
    given: usize,
    /// The budget is spent: no more jobs, decide when the last comes back.
    stopping: bool,
    done: bool,
}

impl Split {
    /// Plans the search of `position` within `limits` for `time_ms`
    /// milliseconds on `clock` and `nodes` midgame nodes in all (either may
    /// be none).
    pub fn new(
        position: &Position,
        limits: &Limits,
        time_ms: Option<f64>,
        nodes: Option<u64>,
        clock: Clock,
    ) -> Split {
        let (p, o) = (position.player().0, position.opponent().0);
        let empties = position.empty().count();
        let eval = Eval::shared();
        let mut order: Vec<(i32, u8)> = position
            .legal_moves()
            .squares()
            .map(|sq| {
                let next = position.play_unchecked(sq);
                (
                    eval.evaluate(next.player().0, next.opponent().0),
                    sq.index() as u8,
                )
            })
            .collect();
        order.sort();
        let roots: Vec<Root> = order
            .iter()
            .map(|&(_, sq)| Root {
                sq,
                lower: -INF,
                upper: INF,
                pending: None,
                owner: None,
            })
            .collect();
        let started = clock();
        let mut split = Split {
            player: p,
            opponent: o,
            empties,
            limits: *limits,
            max_depth: if roots.len() == 1 {
                1
            } else {
                limits.depth.max(1).min(empties)
            },
            best: SearchResult {
                best: roots
                    .first()
                    .map_or(Move::Pass, |r| Move::Play(sq_of(r.sq))),
                score: 0,
                depth: 0,
                exact: false,
                nodes: 0,
            },
            roots,
            phase: Phase::Mid(1),
            guess: eval.evaluate(p, o),
            guess2: None,
            clock,
            started,
            deadline: time_ms.map(|ms| started + ms),
            node_limit: nodes,
            nodes: 0,
            next_id: 0,
            given: 0,
            stopping: false,
            done: false,
        };
        if split.roots.is_empty() {
            // No move: a pass, or the end of the game.
            let over = moves(o, p) == 0;
            split.best.score = if over { final_score(p, o) * DISC } else { 0 };
            split.best.exact = over;
            split.done = true;
        } else {
            split.begin(Phase::Mid(1));
        }
        split
    }

    /// Whether the move is decided.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// What the search found so far (the decision once [`is_done`](Split::is_done)).
    pub fn outcome(&self) -> SearchResult {
        SearchResult {
            nodes: self.nodes,
            ..self.best
        }
    }

    /// Decides now with what is known (the time is up, or a runner is lost);
    /// results of the jobs still out are ignored.
    pub fn stop(&mut self) {
        if !self.done {
            self.finish_cut_short();
        }
    }

    /// Whether the budget is spent.
    fn spent(&self) -> bool {
        self.deadline.is_some_and(|d| (self.clock)() >= d)
            || self.node_limit.is_some_and(|n| self.nodes >= n)
    }

    /// The next job for `runner` (which has none), or `None` when nothing is
    /// to be done by it now.
    pub fn next_job(&mut self, runner: usize) -> Option<Job> {
        if self.done || self.stopping {
            return None;
        }
        if self.spent() {
            self.stopping = true;
            if self.roots.iter().all(|r| r.pending.is_none()) {
                self.finish_cut_short();
            }
            return None;
        }
        let holder = self.holder();
        let wants: Vec<Option<(i32, i32)>> = (0..self.roots.len())
            .map(|i| self.window(i, holder))
            .collect();
        let free = |i: usize| wants[i].is_some();
        // The holder (or the first move) first, then this runner's own moves,
        // then the first in order.
        let first = holder.unwrap_or(0);
        // It goes to the runner that searched it last (its table knows it)
        // unless that runner is busy.
        let owner_ok = match self.roots[first].owner {
            Some(o) if o != runner => self
                .roots
                .iter()
                .any(|r| r.pending.is_some_and(|p| p.3 == o)),
            _ => true,
        };
        let pick = if free(first) && owner_ok {
            first
        } else {
            (0..self.roots.len())
                .find(|&i| free(i) && self.roots[i].owner == Some(runner))
                .or_else(|| (0..self.roots.len()).find(|&i| free(i)))?
        };
        let (alpha, beta) = wants[pick]?;
        self.next_id = self.next_id.wrapping_add(1);
        self.given += 1;
        let root = &mut self.roots[pick];
        root.pending = Some((self.next_id, alpha, beta, runner));
        root.owner = Some(runner);
        let now = (self.clock)();
        Some(Job {
            id: self.next_id,
            player: self.player,
            opponent: self.opponent,
            sq: root.sq,
            depth: match self.phase {
                Phase::Mid(d) => d,
                Phase::Exact | Phase::Wld => 0,
            },
            alpha,
            beta,
            time_ms: self.deadline.map(|d| (d - now).max(1.0)),
            nodes: self.node_limit.map(|n| n.saturating_sub(self.nodes).max(1)),
        })
    }

    /// Takes `result` of a job given to a runner (an unknown or older id is
    /// ignored).
    pub fn take(&mut self, result: JobResult) {
        if self.done {
            return;
        }
        let Some(i) = self
            .roots
            .iter()
            .position(|r| r.pending.is_some_and(|(id, _, _, _)| id == result.id))
        else {
            return;
        };
        self.nodes += result.nodes;
        let Some((_, alpha, beta, _)) = self.roots[i].pending.take() else {
            return;
        };
        match result.value {
            None => self.stopping = true,
            Some(v) => {
                let v = v.clamp(self.floor(), self.ceiling());
                let root = &mut self.roots[i];
                if v <= alpha {
                    root.upper = v.min(root.upper);
                    if root.lower > root.upper {
                        // The search disagrees with itself: trust the newest.
                        root.lower = root.upper;
                    }
                } else if v >= beta {
                    root.lower = v.max(root.lower);
                    if root.upper < root.lower {
                        root.upper = root.lower;
                    }
                } else {
                    root.lower = v;
                    root.upper = v;
                }
            }
        }
        if self.stopping {
            if self.roots.iter().all(|r| r.pending.is_none()) {
                self.finish_cut_short();
            }
            return;
        }
        if let Some(score) = self.complete() {
            self.end_iteration(score);
        }
    }

    /// The lowest value of the iteration's kind.
    fn floor(&self) -> i32 {
        match self.phase {
            Phase::Mid(_) => -INF,
            Phase::Exact => -64 * DISC,
            Phase::Wld => -DISC,
        }
    }

    /// The highest value of the iteration's kind.
    fn ceiling(&self) -> i32 {
        -self.floor()
    }

    /// The smallest step between two values of the iteration's kind.
    fn unit(&self) -> i32 {
        match self.phase {
            Phase::Mid(_) => 1,
            Phase::Exact | Phase::Wld => DISC,
        }
    }

    /// The move with the best proven lower bound (the first in order on a
    /// tie), if any move has one (or an exact value at the floor).
    fn holder(&self) -> Option<usize> {
        let floor = self.floor();
        let mut best: Option<usize> = None;
        for (i, r) in self.roots.iter().enumerate() {
            let known = r.lower > floor || r.lower == r.upper;
            if known && best.is_none_or(|b| r.lower > self.roots[b].lower) {
                best = Some(i);
            }
        }
        best
    }

    /// The iteration's value when it is complete: one move exact, no other's
    /// upper bound above it. A search whose bounds keep crossing ends on
    /// the best lower bound after many jobs.
    fn complete(&self) -> Option<i32> {
        let h = self.holder()?;
        let alpha = self.roots[h].lower;
        let others = self
            .roots
            .iter()
            .enumerate()
            .all(|(i, r)| i == h || r.upper <= alpha);
        let exact = self.roots[h].upper == alpha;
        let worn = self.given > 8 * self.roots.len() + 16
            && self.roots.iter().all(|r| r.pending.is_none());
        (others && exact || worn).then_some(alpha)
    }

    /// Starts an iteration.
    fn begin(&mut self, phase: Phase) {
        self.phase = phase;
        self.given = 0;
        let (floor, ceiling) = (self.floor(), self.ceiling());
        for r in &mut self.roots {
            r.lower = floor;
            r.upper = ceiling;
            r.pending = None;
        }
    }

    /// Records a complete iteration and starts the next, or decides.
    fn end_iteration(&mut self, score: i32) {
        let Some(h) = self.holder() else {
            return;
        };
        let best = Move::Play(sq_of(self.roots[h].sq));
        // The best first, the others by their bounds (a stable sort).
        let first = self.roots.remove(h);
        self.roots.sort_by_key(|r| -r.upper);
        self.roots.insert(0, first);
        let used_ms = (self.clock)() - self.started;
        let budget_left = |split: &Split| {
            let time_ok = split.deadline.is_none_or(|d| {
                let left = d - (split.clock)();
                split.limits.time_to_deepen(split.empties, left, used_ms)
            });
            let nodes_ok = split.node_limit.is_none_or(|n| {
                n.saturating_sub(split.nodes) as f64 >= split.nodes as f64 * DEEPEN_RATIO
            });
            time_ok && nodes_ok
        };
        match self.phase {
            Phase::Mid(d) => {
                self.best = SearchResult {
                    best,
                    score,
                    depth: d,
                    exact: d >= self.empties,
                    nodes: 0,
                };
                self.guess2 = (d >= 2).then_some(self.guess);
                self.guess = score;
                if d < self.max_depth && budget_left(self) {
                    self.begin(Phase::Mid(d + 1));
                } else if self.empties <= self.limits.exact_empties {
                    self.begin(Phase::Exact);
                } else if self.empties <= self.limits.wld_empties {
                    self.begin(Phase::Wld);
                } else {
                    self.done = true;
                }
            }
            Phase::Exact | Phase::Wld => {
                self.best = SearchResult {
                    best,
                    score,
                    depth: self.empties,
                    exact: self.phase == Phase::Exact,
                    nodes: 0,
                };
                self.done = true;
            }
        }
    }

    /// Decides on an iteration cut short: a move proved better than the
    /// previous best (searched first) is worth more than it; an unfinished
    /// endgame keeps the midgame's move.
    fn finish_cut_short(&mut self) {
        if let (Phase::Mid(_), Some(h)) = (self.phase, self.holder()) {
            let lower = self.roots[h].lower;
            if h != 0 && self.roots[0].upper < lower {
                self.best.best = Move::Play(sq_of(self.roots[h].sq));
                self.best.score = lower;
            }
        }
        self.done = true;
    }
}

fn sq_of(index: u8) -> Square {
    Square::new(index).unwrap_or(Square::ALL[0])
}

#[cfg(test)]
mod tests;
