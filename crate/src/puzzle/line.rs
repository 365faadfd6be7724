//! A puzzle played as a line: the person plays the side to move, the table
//! answers each move with the opponent's perfect reply, the first move must
//! be the puzzle's one best move and every later move must keep the best
//! exact score. The line ends at the game's end or after
//! [`Puzzle::moves`] of the person's moves; a wrong move ends it with its
//! cost and its refutation.
//!
//! ```
//! use virada::puzzle::{Line, Oracle, Puzzle, Turn};
//! // FFO #1: G8 scores +18, every other move 6 or more less.
//! let puzzle: Puzzle = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; id=ffo-1; rating=1000"
//!     .parse()
//!     .unwrap();
//! let mut oracle = Oracle::new(1 << 20);
//! let mut line = Line::new(&puzzle);
//! let Turn::Wrong(miss) = line.play("h1".parse().unwrap(), &mut oracle).unwrap() else {
//!     panic!("h1 is not the best");
//! };
//! // "This ends 38 to 26; the best ends 41 to 23."
//! assert_eq!((miss.ends, miss.best_ends), ((38, 26), (41, 23)));
//! ```

use super::oracle::{discs_at_end, Oracle};
use super::Puzzle;
use crate::{Color, Move, Position, Square};
use std::fmt;

/// A puzzle in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The position now (the person to move while the line goes on).
    pub position: Position,
    /// The person's colour.
    pub person: Color,
    /// The best exact score from the person's view (it stays the same along
    /// a perfect line).
    pub score: i32,
    /// The person's moves accepted so far.
    pub played: u32,
    /// How many of the person's moves end the puzzle.
    pub moves: u32,
    /// Whether the line is over (solved or missed).
    pub over: bool,
}

/// A wrong move: what it costs and how it is refuted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Miss {
    /// The square played.
    pub square: Square,
    /// Its exact value from the person's view.
    pub value: i32,
    /// The best exact value.
    pub best: i32,
    /// The discs at the end after the wrong move: (the person's, the opponent's).
    pub ends: (u32, u32),
    /// The discs at the end after the best: (the person's, the opponent's).
    pub best_ends: (u32, u32),
    /// The position after the wrong move.
    pub after: Position,
    /// Both sides' perfect play from `after` to the game's end: the refutation.
    pub refutation: Vec<Move>,
}

/// What a move did to the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The move keeps the best score: the table's replies (passes included)
    /// up to the person's next turn, and whether the puzzle is now solved.
    Kept {
        /// The opponent's replies (and any forced pass of either side).
        replies: Vec<Move>,
        /// The puzzle is solved.
        solved: bool,
    },
    /// A wrong move: the puzzle is missed.
    Wrong(Miss),
}

/// Why a move cannot be played in the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The line is over.
    Over,
    /// The square is not a legal move for the person.
    Illegal(Square),
}

impl LineError {
    /// A stable code for the page to translate.
    pub fn code(self) -> &'static str {
        match self {
            LineError::Over => "puzzle-over",
            LineError::Illegal(_) => "puzzle-illegal-move",
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Over => f.write_str("the puzzle is over"),
            LineError::Illegal(sq) => write!(f, "{sq} is not a legal move here"),
        }
    }
}

impl std::error::Error for LineError {}

impl Line {
    /// The puzzle's line at its start.
    pub fn new(puzzle: &Puzzle) -> Line {
        Line {
            position: puzzle.position,
            person: puzzle.position.side_to_move(),
            score: puzzle.score,
            played: 0,
            moves: puzzle.moves,
            over: false,
        }
    }

    /// The person plays `square`: kept (with the replies) or wrong (with
    /// the cost and the refutation).
    pub fn play(&mut self, square: Square, oracle: &mut Oracle) -> Result<Turn, LineError> {
        if self.over {
            return Err(LineError::Over);
        }
        if !self.position.legal_moves().contains(square) {
            return Err(LineError::Illegal(square));
        }
        let after = self.position.play_unchecked(square);
        let value = -oracle.score(&after);
        if value != self.score {
            self.over = true;
            let refutation = oracle.perfect_line(&after, 64);
            return Ok(Turn::Wrong(Miss {
                square,
                value,
                best: self.score,
                ends: discs_at_end(value),
                best_ends: discs_at_end(self.score),
                after,
                refutation,
            }));
        }
        self.played += 1;
        self.position = after;
        let mut replies = Vec::new();
        // The opponent answers; a pass of either side is played for them.
        while !self.position.is_game_over()
            && (self.position.side_to_move() != self.person || self.position.must_pass())
        {
            let Some(mv) = oracle.perfect_move(&self.position) else {
                break;
            };
            let Ok(next) = self.position.play_move(mv) else {
                break;
            };
            replies.push(mv);
            self.position = next;
        }
        let solved = self.played >= self.moves || self.position.is_game_over();
        self.over = solved;
        Ok(Turn::Kept { replies, solved })
    }
}

/// How the person's moves end a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every move kept the best score to the line's end.
    Solved,
    /// The last move was wrong.
    Missed,
    /// The moves stop before the line's end.
    Unfinished,
}

/// Plays the person's `moves` (their moves only: the replies are the
/// table's) through the puzzle's line and says how they end it; an illegal
/// move, or one after the line ended, is refused.
pub fn judge(puzzle: &Puzzle, moves: &[Square], oracle: &mut Oracle) -> Result<Outcome, LineError> {
    let mut line = Line::new(puzzle);
    let mut outcome = Outcome::Unfinished;
    for &sq in moves {
        outcome = match line.play(sq, oracle)? {
            Turn::Wrong(_) => Outcome::Missed,
            Turn::Kept { solved: true, .. } => Outcome::Solved,
            Turn::Kept { .. } => Outcome::Unfinished,
        };
    }
    Ok(outcome)
}
