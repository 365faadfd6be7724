//! The analysis of one position for the review of a game: the value of every
//! legal move from the mover's view, deepened step by step and, within reach
//! of the end, made exact by the [`endgame`](crate::engine::endgame) solver; and the
//! best line.
//!
//! The caller drives it: each [`Analysis::step`] works within the budget it
//! is given and returns a [`Report`] after one more unit of work (a deeper
//! iteration over every move, or one more move solved exactly) or when the
//! budget runs out. Nothing is lost by stopping: the tables are kept, so the
//! next step resumes where the last stopped. The page's worker calls it in
//! slices, so a new position or leaving the review cancels it at once.
//!
//! ```
//! use virada::engine::analysis::Analysis;
//! use virada::engine::search::Budget;
//! use virada::Position;
//! let mut analysis = Analysis::new(Position::start(), 1 << 20);
//! let report = analysis.step(Budget::unlimited());
//! assert_eq!(report.moves.len(), 4);
//! assert_eq!(report.depth, 1);
//! ```

use crate::engine::eval::DISC;
use crate::engine::search::{Budget, Engine};
use crate::{Move, Position, Square};

mod crew;

pub use crew::Crew;

/// From this many empties (and fewer), every move is solved exactly once the
/// midgame search has reached [`DEPTH_BEFORE_EXACT`].
pub const EXACT_EMPTIES: u32 = 22;

/// The midgame depth reached before the exact solves start (or fewer, when
/// the game ends sooner).
pub const DEPTH_BEFORE_EXACT: u32 = 6;

/// The deepest midgame iteration.
pub const MAX_DEPTH: u32 = 30;

/// The longest best line reported.
pub const LINE_LENGTH: usize = 12;

/// One legal move and what is known of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The square.
    pub square: Square,
    /// Its value from the mover's view, in evaluation units (1/100 disc):
    /// the final disc difference times 100 when `exact`.
    pub value: i32,
    /// The depth of the search behind `value` (the empties when exact).
    pub depth: u32,
    /// Whether `value` is the exact final margin under perfect play.
    pub exact: bool,
    /// The exact solve's bounds so far, in discs.
    lower: i32,
    upper: i32,
}

/// What an analysis knows after a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The deepest midgame iteration completed over every move.
    pub depth: u32,
    /// Whether every value is exact.
    pub exact: bool,
    /// Whether nothing is left to do.
    pub done: bool,
    /// Whether this step finished a unit of work (false: the budget ran out
    /// first, and the values are those of the last report).
    pub progressed: bool,
    /// Every legal move, best first (empty when the mover must pass or the
    /// game is over).
    pub moves: Vec<MoveValue>,
    /// The best line: the best move, then the replies the search expects.
    pub line: Vec<Move>,
    /// Positions visited by this step.
    pub nodes: u64,
}

impl Report {
    /// The best move's entry, if any.
    pub fn best(&self) -> Option<&MoveValue> {
        self.moves.first()
    }
}

/// The analysis of one position, kept between steps.
pub struct Analysis {
    engine: Engine,
    position: Position,
    moves: Vec<MoveValue>,
    depth: u32,
    done: bool,
}

impl Analysis {
    /// An analysis of `position` with tables of about `table_bytes`.
    pub fn new(position: Position, table_bytes: usize) -> Analysis {
        let moves: Vec<MoveValue> = position
            .legal_moves()
            .into_iter()
            .map(|square| MoveValue {
                square,
                value: 0,
                depth: 0,
                exact: false,
                lower: -64,
                upper: 64,
            })
            .collect();
        let done = moves.is_empty();
        Analysis {
            engine: Engine::new(table_bytes),
            position,
            moves,
            depth: 0,
            done,
        }
    }

    /// The position analysed.
    pub fn position(&self) -> &Position {
        &self.position
    }

    fn empties(&self) -> u32 {
        self.position.empty().count()
    }

    /// Whether the next unit of work is an exact solve.
    fn solving(&self) -> bool {
        let empties = self.empties();
        empties <= EXACT_EMPTIES && self.depth >= DEPTH_BEFORE_EXACT.min(empties)
    }

    /// Works within `budget` until one more unit of work is done (an
    /// iteration one ply deeper over every move, or one move solved exactly)
    /// or the budget runs out, and reports.
    pub fn step(&mut self, budget: Budget<'_>) -> Report {
        let mut nodes = 0;
        let progressed = if self.done {
            false
        } else if self.solving() {
            self.solve_one(budget, &mut nodes)
        } else {
            self.deepen(budget, &mut nodes)
        };
        self.report(progressed, nodes)
    }

    /// One iteration a ply deeper over every move not yet searched that deep.
    fn deepen(&mut self, budget: Budget<'_>, nodes: &mut u64) -> bool {
        let target = self.depth + 1;
        for i in 0..self.moves.len() {
            if self.moves[i].depth >= target {
                continue;
            }
            let mut m = self.moves[i];
            let deepened = deepen_move(&mut self.engine, &self.position, &mut m, target, budget);
            *nodes += self.engine.nodes();
            self.moves[i] = m;
            if !deepened {
                return false;
            }
        }
        self.deepened(target);
        true
    }

    /// Every move has been searched `target` plies deep.
    fn deepened(&mut self, target: u32) {
        self.depth = target;
        self.sort();
        let empties = self.empties();
        if empties > EXACT_EMPTIES && (target >= MAX_DEPTH || target >= empties) {
            self.done = true;
        }
    }

    /// Closes in on the exact value of the first move not yet exact.
    fn solve_one(&mut self, budget: Budget<'_>, nodes: &mut u64) -> bool {
        let Some(i) = self.moves.iter().position(|m| !m.exact) else {
            self.done = true;
            return false;
        };
        let mut m = self.moves[i];
        let solved = close_in(&mut self.engine, &self.position, &mut m, budget, nodes);
        self.moves[i] = m;
        if solved {
            self.solved();
        }
        solved
    }

    /// A move was solved: done once every move is.
    fn solved(&mut self) {
        if self.moves.iter().all(|m| m.exact) {
            self.done = true;
            self.sort();
        }
    }

    /// Best first; between equal values, exact ones first, then by square.
    fn sort(&mut self) {
        self.moves.sort_by(|a, b| {
            b.value
                .cmp(&a.value)
                .then(b.exact.cmp(&a.exact))
                .then(a.square.index().cmp(&b.square.index()))
        });
    }

    fn report(&self, progressed: bool, nodes: u64) -> Report {
        let mut moves = self.moves.clone();
        // Exact values first come out one by one: show every move best first.
        moves.sort_by(|a, b| {
            b.value
                .cmp(&a.value)
                .then(b.exact.cmp(&a.exact))
                .then(a.square.index().cmp(&b.square.index()))
        });
        let line = moves
            .first()
            .filter(|m| m.depth > 0)
            .map(|m| {
                self.engine
                    .principal_variation(&self.position, Move::Play(m.square), LINE_LENGTH)
            })
            .unwrap_or_default();
        Report {
            depth: self.depth,
            exact: !moves.is_empty() && moves.iter().all(|m| m.exact),
            done: self.done,
            progressed,
            moves,
            line,
            nodes,
        }
    }
}

/// Searches `m` (a move of `position`) `target` plies deep with `engine`:
/// false when `budget` ran out first (`m` is then as it was).
fn deepen_move(
    engine: &mut Engine,
    position: &Position,
    m: &mut MoveValue,
    target: u32,
    budget: Budget<'_>,
) -> bool {
    match engine.move_value(position, m.square, target, budget) {
        Some(value) => {
            m.value = value;
            m.depth = target;
            true
        }
        None => false,
    }
}

/// Closes in on the exact value of `m` (a move of `position`) with `engine`,
/// by null-window tests from its midgame value, as the solver's MTD(f)
/// does: true once it is exact; when `budget` runs out first, `m` keeps the
/// bounds found so far. Adds the nodes searched to `nodes`.
fn close_in(
    engine: &mut Engine,
    position: &Position,
    m: &mut MoveValue,
    budget: Budget<'_>,
    nodes: &mut u64,
) -> bool {
    let mut beta = (f64::from(m.value) / f64::from(DISC) / 2.0).round() as i32 * 2;
    while m.lower < m.upper {
        beta = beta.clamp(m.lower + 2, m.upper);
        let v = engine.solve_move(position, m.square, beta - 1, beta, budget);
        *nodes += engine.nodes();
        let Some(v) = v else {
            return false;
        };
        if v >= beta {
            m.lower = v;
            beta = v + 2;
        } else {
            m.upper = v;
            beta = v;
        }
    }
    m.value = m.lower * DISC;
    m.exact = true;
    m.depth = position.empty().count();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::endgame::{EndTable, Solver};

    fn obf(line: &str) -> Position {
        crate::parse_obf_text(line).unwrap()[0].position
    }

    /// Every move's exact value, each child solved on its own by the solver.
    fn solved(position: &Position) -> Vec<(Square, i32)> {
        let mut table = EndTable::with_bytes(16 << 20);
        position
            .legal_moves()
            .into_iter()
            .map(|sq| {
                let child = position.play(sq).unwrap();
                let s = Solver::new(&mut table, Budget::unlimited())
                    .solve(&child)
                    .unwrap();
                (sq, -s.score)
            })
            .collect()
    }

    fn run(position: Position) -> Vec<Report> {
        let mut analysis = Analysis::new(position, 16 << 20);
        let mut reports = Vec::new();
        loop {
            let r = analysis.step(Budget::unlimited());
            let done = r.done;
            reports.push(r);
            if done || reports.len() > 200 {
                return reports;
            }
        }
    }

    #[test]
    fn exact_values_at_20_empties_equal_the_solver() {
        // FFO #40 (20 empties, dark to move): A2 +38 best.
        let position = obf("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X");
        assert_eq!(position.empty().count(), 20);
        let reports = run(position);
        let last = reports.last().unwrap();
        assert!(last.done && last.exact);
        // Deepened first, one report a depth, then one a solved move.
        assert_eq!(reports[0].depth, 1);
        assert!(reports
            .iter()
            .any(|r| r.depth == DEPTH_BEFORE_EXACT && !r.exact));
        let mut got: Vec<(Square, i32)> = last
            .moves
            .iter()
            .map(|m| (m.square, m.value / DISC))
            .collect();
        got.sort_by_key(|(sq, _)| sq.index());
        assert_eq!(got, solved(&position));
        assert_eq!(last.best().unwrap().square, "a2".parse().unwrap());
        assert_eq!(last.best().unwrap().value, 38 * DISC);
        assert_eq!(last.line.first(), Some(&Move::Play("a2".parse().unwrap())));
        // The line is legal from the position.
        let mut at = position;
        for mv in &last.line {
            at = at.play_move(*mv).unwrap();
        }
    }

    #[test]
    fn a_stopped_step_resumes() {
        let position = obf("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X");
        let mut analysis = Analysis::new(position, 16 << 20);
        let mut stopped = 0;
        let mut last = None;
        for _ in 0..100_000 {
            let budget = Budget {
                nodes: Some(20_000),
                ..Budget::unlimited()
            };
            let r = analysis.step(budget);
            if !r.progressed {
                stopped += 1;
            }
            if r.done {
                last = Some(r);
                break;
            }
        }
        let last = last.expect("finished");
        assert!(stopped > 0, "the small budget stopped some steps");
        let mut got: Vec<(Square, i32)> = last
            .moves
            .iter()
            .map(|m| (m.square, m.value / DISC))
            .collect();
        got.sort_by_key(|(sq, _)| sq.index());
        assert_eq!(got, solved(&position));
    }

    #[test]
    fn midgame_deepens_one_report_a_depth() {
        let mut analysis = Analysis::new(Position::start(), 1 << 20);
        for depth in 1..=5 {
            let r = analysis.step(Budget::unlimited());
            assert!(r.progressed && !r.exact && !r.done);
            assert_eq!(r.depth, depth);
            assert_eq!(r.moves.len(), 4);
            // The four opening moves are symmetric: one value.
            assert!(r.moves.iter().all(|m| m.value == r.moves[0].value));
            assert!(!r.line.is_empty());
        }
    }

    #[test]
    fn no_moves_means_done() {
        // Dark has no disc and so no move: nothing to analyse.
        let position = obf("OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO- X");
        let r = Analysis::new(position, 1 << 20).step(Budget::unlimited());
        assert!(r.done && r.moves.is_empty() && r.line.is_empty());
    }
}
