//! The search on several threads over one shared table: lazy SMP with
//! simplified ABDADA, as the solver's ([`crate::engine::endgame::solve_parallel`]).
//!
//! One engine leads: it runs the plain search ([`Engine::search_alone`]),
//! and its answer is the answer. The others help: each runs the same
//! iterative deepening on the same position, deepening without a time
//! limit, over the leader's tables, so that what one finds (a bound, a best
//! move) every other reads. Where two would walk the same subtree, the
//! later leaves it for last: from a few plies left, a node
//! marks the move it is searching, and a node of another thread that comes
//! to a marked move past its first searches its other moves first, so the
//! threads split the tree instead of walking it together. When the leader
//! turns to the exact (or win/loss/draw) solve, the helpers follow it
//! ([`Phase`]), and they stop when it is done.
//!
//! Natively [`search_threads`] runs the helpers on `std::thread`. In the
//! page, where threads are Web Workers over one shared memory, the wasm door
//! makes a [`Team`], has each helper worker call [`help`], and leads with
//! [`lead`].

use super::{Engine, Options, Tables};
use crate::engine::endgame::Busy;
use crate::engine::search::{Budget, Clock, Limits, SearchResult};
use crate::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering::SeqCst};
use std::sync::Arc;

/// What the leader is doing, so the helpers do it too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The midgame's iterative deepening.
    Mid,
    /// The exact solve.
    Exact,
    /// The win/loss/draw solve.
    Wld,
    /// The search is over: the helpers stop.
    Done,
}

impl Phase {
    fn from_u8(n: u8) -> Phase {
        match n {
            0 => Phase::Mid,
            1 => Phase::Exact,
            2 => Phase::Wld,
            _ => Phase::Done,
        }
    }
}

/// One search on several threads: the position, the shared tables, which
/// subtrees are being searched, what the leader is doing, and a stop flag
/// for each helper.
pub struct Team {
    position: Position,
    limits: Limits,
    /// The leader's tables and options, for the helpers' engines.
    fellow: Fellow,
    clock: Clock,
    busy: Busy,
    phase: AtomicU8,
    /// Set when the phase changes: the helper stops what it is doing.
    kicks: Box<[AtomicBool]>,
    /// The helpers' nodes, added as each phase ends.
    helped: AtomicU64,
    /// Helpers inside [`help`] now.
    active: AtomicUsize,
    /// Helpers that have come to [`help`] in their place.
    joined: AtomicUsize,
    /// The deepest midgame iteration any thread has completed, its best
    /// move and score ([`Deepest`]).
    deepest: AtomicU64,
}

/// A completed iteration packed so that a greater depth is a greater word:
/// the depth, then the score (offset to stay positive), then the square.
struct Deepest;

impl Deepest {
    fn pack(depth: u32, sq: u8, score: i32) -> u64 {
        u64::from(depth) << 40
            | u64::from((score + (1 << 20)).clamp(0, (1 << 21) - 1) as u32) << 8
            | u64::from(sq)
    }

    /// (depth, square, score) of a packed word; `None` for none.
    fn unpack(word: u64) -> Option<(u32, u8, i32)> {
        (word != 0).then(|| {
            (
                (word >> 40) as u32,
                word as u8,
                ((word >> 8) & ((1 << 21) - 1)) as i32 - (1 << 20),
            )
        })
    }
}

impl Team {
    /// A team for `helpers` helpers of `leader` (which shares its tables
    /// and its options with them) on `position` within `limits`, the time
    /// read from `clock`.
    pub fn new(
        leader: &Engine,
        helpers: usize,
        position: &Position,
        limits: &Limits,
        clock: Clock,
    ) -> Team {
        Team {
            position: *position,
            limits: *limits,
            fellow: leader.fellow(),
            clock,
            busy: Busy::new(),
            phase: AtomicU8::new(Phase::Mid as u8),
            kicks: (0..helpers).map(|_| AtomicBool::new(false)).collect(),
            helped: AtomicU64::new(0),
            active: AtomicUsize::new(0),
            joined: AtomicUsize::new(0),
            deepest: AtomicU64::new(0),
        }
    }

    /// The subtrees being searched now.
    pub(super) fn busy(&self) -> &Busy {
        &self.busy
    }

    /// What the leader is doing.
    pub fn phase(&self) -> Phase {
        Phase::from_u8(self.phase.load(SeqCst))
    }

    /// The leader turns to `phase`: every helper stops what it does and
    /// follows.
    pub(super) fn begin(&self, phase: Phase) {
        self.phase.store(phase as u8, SeqCst);
        for kick in self.kicks.iter() {
            kick.store(true, SeqCst);
        }
    }

    /// A thread completed its iteration at `depth` with the best move `sq`
    /// of score `score`.
    pub(super) fn completed(&self, depth: u32, sq: u8, score: i32) {
        self.deepest
            .fetch_max(Deepest::pack(depth, sq, score), SeqCst);
    }

    /// The deepest midgame iteration a thread completed: its depth, best
    /// square and score.
    pub fn deepest(&self) -> Option<(u32, u8, i32)> {
        Deepest::unpack(self.deepest.load(SeqCst))
    }

    /// The nodes the helpers have searched (as their phases ended).
    pub fn helped(&self) -> u64 {
        self.helped.load(SeqCst)
    }

    /// How many helpers have come to help (in their place, the search not
    /// yet over).
    pub fn joined(&self) -> usize {
        self.joined.load(SeqCst)
    }

    /// How many helpers are searching now (a helper that was never called,
    /// or has returned, is not).
    pub fn active(&self) -> usize {
        self.active.load(SeqCst)
    }
}

/// What another thread needs to search beside an engine, over its tables
/// and as it searches: a [`Team`]'s helpers, and the review's analysis on
/// several threads ([`crate::engine::analysis`]).
#[derive(Clone)]
pub struct Fellow {
    tables: Arc<Tables>,
    options: Options,
}

impl Fellow {
    /// A new engine over the tables, searching the same way.
    pub fn engine(&self) -> Engine {
        Engine::sharing(Arc::clone(&self.tables), self.options)
    }
}

impl Engine {
    /// What another thread needs to search beside this engine.
    pub fn fellow(&self) -> Fellow {
        Fellow {
            tables: self.tables(),
            options: self.options(),
        }
    }
}

/// Leads `team` with `engine` (whose tables the team shares): the plain
/// search within `budget`, beside the helpers, which are told to stop at the
/// end (they stop within a few thousand nodes). Its answer is the leader's,
/// unless the midgame is all the leader searched and a helper completed a
/// deeper iteration (its move is then the answer). The nodes are the
/// leader's alone; [`Team::helped`] has the helpers'.
pub fn lead(engine: &mut Engine, team: &Arc<Team>, budget: Budget<'_>) -> SearchResult {
    engine.join(Some(Arc::clone(team)));
    let mut result = engine.search_alone(&team.position, &team.limits, budget);
    team.begin(Phase::Done);
    engine.join(None);
    if let Some((depth, sq, score)) = team.deepest() {
        let square = crate::Square::new(sq).filter(|&s| team.position.legal_moves().contains(s));
        if let (false, true, Some(square)) = (result.exact, depth > result.depth, square) {
            result.best = crate::Move::Play(square);
            result.score = score;
            result.depth = depth;
        }
    }
    result
}

/// Helps `team` as its helper number `index` (from 0) until the leader is
/// done: the leader's phase on an engine of its own over the shared
/// tables. Returns at once for an index the team has no place for.
pub fn help(team: &Arc<Team>, index: usize) {
    let Some(kick) = team.kicks.get(index) else {
        return;
    };
    team.active.fetch_add(1, SeqCst);
    if team.phase() != Phase::Done {
        team.joined.fetch_add(1, SeqCst);
    }
    let mut engine = team.fellow.engine();
    engine.join(Some(Arc::clone(team)));
    let (p, o) = (team.position.player().0, team.position.opponent().0);
    let empties = team.position.empty().count();
    let mut last = None;
    loop {
        // Stop flag first, then the phase: a change made after the flag is
        // cleared sets it again.
        kick.store(false, SeqCst);
        let phase = team.phase();
        if phase == Phase::Done {
            break;
        }
        if last == Some(phase) {
            // This phase's work is all done (the deepest iteration, or the
            // solve) and no change stopped it: wait for the next.
            std::thread::sleep(std::time::Duration::from_micros(500));
            continue;
        }
        last = Some(phase);
        let budget = Budget {
            clock: team.clock,
            stop: Some(kick),
            ..Budget::unlimited()
        };
        engine.reset_counters();
        let mut nodes = 0;
        match phase {
            Phase::Mid => {
                engine.iterate(p, o, &team.limits, &budget, empties);
            }
            Phase::Exact | Phase::Wld => {
                let mut solver = engine.solver(budget);
                if phase == Phase::Exact {
                    solver.solve(&team.position);
                } else {
                    solver.solve_window(&team.position, -1, 1);
                }
                nodes = solver.nodes;
            }
            Phase::Done => {}
        }
        team.helped.fetch_add(engine.nodes() + nodes, SeqCst);
    }
    engine.join(None);
    team.active.fetch_sub(1, SeqCst);
}

/// [`Engine::search`] on `threads` threads: `engine` leads, the others
/// help over its tables. The nodes counted are all the threads'.
#[cfg(not(target_arch = "wasm32"))]
pub fn search_threads(
    engine: &mut Engine,
    threads: usize,
    position: &Position,
    limits: &Limits,
    budget: Budget<'_>,
) -> SearchResult {
    let helpers = threads.saturating_sub(1);
    let team = Arc::new(Team::new(engine, helpers, position, limits, budget.clock));
    let mut result = std::thread::scope(|scope| {
        for index in 0..helpers {
            let team = &team;
            scope.spawn(move || help(team, index));
        }
        lead(engine, &team, budget)
    });
    result.nodes += team.helped();
    result
}

#[cfg(test)]
mod tests;
