//! Finding puzzles in finished games: positions of [`MIN_EMPTIES`] to
//! [`MAX_EMPTIES`] empties where exactly one move reaches the best exact
//! score and every other move ends at least [`MARGIN`] worse, with a
//! difficulty from the empties and from how plausible the wrong moves look.

use super::oracle::Oracle;
use super::themes::themes;
use super::{Puzzle, LINE_MOVES};
use crate::engine::eval::{Eval, DISC};
use crate::engine::review::{read_game, ReadError};
use crate::{Position, Square};

/// The fewest empties of a puzzle.
pub const MIN_EMPTIES: u32 = 10;
/// The most empties of a puzzle.
pub const MAX_EMPTIES: u32 = 24;
/// Every other move ends at least this much worse than the best (final
/// disc difference, so 3 discs that change sides).
pub const MARGIN: i32 = 6;
/// After a puzzle is found in a game, this many plies are skipped, so that
/// two puzzles of one game are not the same line.
const SPACING: usize = 4;

/// What to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The fewest empties (at least [`MIN_EMPTIES`]).
    pub min_empties: u32,
    /// The most empties (at most [`MAX_EMPTIES`]).
    pub max_empties: u32,
    /// At most this many puzzles from one game.
    pub per_game: usize,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            min_empties: MIN_EMPTIES,
            max_empties: MAX_EMPTIES,
            per_game: 3,
        }
    }
}

/// What the difficulty is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// The empty squares.
    pub empties: u32,
    /// The best move's rank among the legal moves by a glance (the
    /// evaluation one move deep): 1 when the glance already prefers it.
    pub rank: u32,
    /// Wrong moves the glance puts within [`NEAR`] discs of the best (or
    /// above it): the plausible mistakes.
    pub plausible: u32,
}

/// A wrong move whose glance is within this many discs of the best's looks
/// as good.
pub const NEAR: i32 = 2;

impl Difficulty {
    /// The puzzle's starting rating (whole points, 800 to 2500):
    /// `1000 + 50·(empties − 10) + 150·min(rank − 1, 4) + 40·min(plausible, 3)`.
    pub fn rating(self) -> i32 {
        let r = 1000
            + 50 * (self.empties as i32 - 10)
            + 150 * (self.rank.saturating_sub(1).min(4) as i32)
            + 40 * (self.plausible.min(3) as i32);
        r.clamp(800, 2500)
    }
}

/// The difficulty of `position` whose best move is `best`.
pub fn difficulty(position: &Position, best: Square) -> Difficulty {
    let eval = Eval::shared();
    let glance = |sq: Square| {
        let next = position.play_unchecked(sq);
        -eval.evaluate(next.player().0, next.opponent().0)
    };
    let top = glance(best);
    let mut rank = 1;
    let mut plausible = 0;
    for sq in position.legal_moves() {
        if sq == best {
            continue;
        }
        let g = glance(sq);
        if g > top {
            rank += 1;
        }
        if g >= top - NEAR * DISC {
            plausible += 1;
        }
    }
    Difficulty {
        empties: position.empty().count(),
        rank,
        plausible,
    }
}

/// The puzzle at `position`, if it is one: the mover has two or more moves,
/// exactly one reaches the best exact score and every other ends at least
/// [`MARGIN`] worse.
pub fn puzzle_at(position: &Position, oracle: &mut Oracle) -> Option<Puzzle> {
    let empties = position.empty().count();
    if !(MIN_EMPTIES..=MAX_EMPTIES).contains(&empties) || position.legal_moves().count() < 2 {
        return None;
    }
    let score = oracle.score(position);
    // The best move: the one whose child scores -score (the first such).
    let mut best = None;
    for sq in position.legal_moves() {
        let child = position.play_unchecked(sq);
        // This move is at most score - MARGIN when the child is at least
        // MARGIN - score; otherwise it is close to the best, or the best.
        if oracle.at_least(&child, MARGIN - score) {
            continue;
        }
        if best.is_some() || -oracle.score(&child) != score {
            return None;
        }
        best = Some(sq);
    }
    let best = best?;
    let line = oracle.perfect_line(&position.play_unchecked(best), 64);
    let difficulty = difficulty(position, best);
    Some(Puzzle {
        id: super::id_of(position),
        position: *position,
        best,
        score,
        rating: difficulty.rating(),
        themes: themes(position, best, score, &line),
        moves: LINE_MOVES,
    })
}

/// The puzzles of one finished game (a record, a GGF game or a
/// transcript), from the most empties down.
pub fn from_game(
    text: &str,
    search: Search,
    oracle: &mut Oracle,
) -> Result<Vec<Puzzle>, ReadError> {
    let game = read_game(text)?;
    let positions = game.positions();
    let lo = search.min_empties.max(MIN_EMPTIES);
    let hi = search.max_empties.min(MAX_EMPTIES);
    let mut out = Vec::new();
    let mut skip_until = 0;
    for (i, p) in positions.iter().enumerate() {
        if out.len() >= search.per_game {
            break;
        }
        if i < skip_until || !(lo..=hi).contains(&p.empty().count()) {
            continue;
        }
        if let Some(puzzle) = puzzle_at(p, oracle) {
            out.push(puzzle);
            skip_until = i + SPACING;
        }
    }
    Ok(out)
}
