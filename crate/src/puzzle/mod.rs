//! Puzzles whose answers are proven: endgame positions from finished games
//! where exactly one move reaches the best exact score, every answer settled
//! by the endgame solver ([`oracle`]), found in games ([`find`]), played as
//! a line of perfect replies ([`line`]), with themes ([`themes`]) and
//! Glicko-2 ratings for the puzzle and the person ([`rate_attempt`]).
//!
//! A puzzle is written one a line, as `virada puzzles export` prints it:
//! the position in OBF (the 64 squares a1…h8, then the side to move), the
//! best move with its exact score in FFO's `move:score` style, the id and
//! the rating; the set the server and the page read adds the themes:
//!
//! ```text
//! --XXXXXXO-XXXXXXXOXXXXOXXOOOXXXXXOOOOXXXXOOOXXXX--OOOOOX--O--O-O X; A1:+46; id=01209a55; rating=1000; themes=corner,parity,pass
//! ```
//!
//! The layer sits above the engine: it reads games and solves positions,
//! and nothing below imports it.

pub mod choose;
pub mod find;
pub mod line;
pub mod oracle;
pub mod session;
pub mod themes;

pub use find::{from_game, puzzle_at, Difficulty, Search, MARGIN};
pub use line::{judge, Line, LineError, Miss, Outcome as LineOutcome, Turn};
pub use oracle::{discs_at_end, Oracle};
pub use themes::Theme;

use crate::rating::{rate, Outcome, Stated};
use crate::{Annotation, Move, Obf, Position, Square};
use std::fmt;

/// How many of the person's moves a puzzle lasts (fewer when the game ends
/// first).
pub const LINE_MOVES: u32 = 3;

/// A puzzle's rating deviation when it enters the set: 200, less than a new
/// person's 350 since its difficulty is estimated.
pub const PUZZLE_DEVIATION: i64 = 20_000;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its id: eight hex digits from its position ([`id_of`]).
    pub id: String,
    /// The position, the person to move.
    pub position: Position,
    /// The one best move.
    pub best: Square,
    /// Its exact score: the final disc difference from the mover's view.
    pub score: i32,
    /// The rating it entered the set with (whole points).
    pub rating: i32,
    /// Its themes, in [`Theme::ALL`]'s order.
    pub themes: Vec<Theme>,
    /// How many of the person's moves it lasts.
    pub moves: u32,
}

/// A position's id: FNV-1a over its OBF text, folded to 32 bits, as eight
/// lowercase hex digits.
pub fn id_of(position: &Position) -> String {
    let text = Obf::new(*position).to_string();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{:08x}", (h >> 32) ^ (h & 0xffff_ffff))
}

impl Puzzle {
    /// The line `virada puzzles export` prints: OBF, the best move and its
    /// score, the id and the rating.
    pub fn export_line(&self) -> String {
        let obf = Obf {
            position: self.position,
            annotations: vec![Annotation {
                mv: Move::Play(self.best),
                score: self.score,
            }],
            comment: None,
        };
        format!("{obf} id={}; rating={}", self.id, self.rating)
    }

    /// The themes as the set writes them: `corner,parity` (empty for none).
    pub fn theme_names(&self) -> String {
        let names: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        names.join(",")
    }

    /// The empty squares.
    pub fn empties(&self) -> u32 {
        self.position.empty().count()
    }

    /// The rating it entered the set with, as a stated Glicko-2 rating.
    pub fn starting_rating(&self) -> Stated {
        Stated {
            rating: i64::from(self.rating) * 100,
            deviation: PUZZLE_DEVIATION,
            ..Stated::NEW
        }
    }
}

impl fmt::Display for Puzzle {
    /// The set's line: the export line, then `; themes=…`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; themes={}", self.export_line(), self.theme_names())
    }
}

/// Why a puzzle line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The OBF part: its code.
    Obf(&'static str),
    /// Not exactly one annotated move.
    Answer,
    /// No `id=` of 1 to 32 letters, digits or `-`.
    Id,
    /// No `rating=` of a whole number from 0 to 4000.
    Rating,
    /// A theme the set does not know.
    Theme(String),
    /// A field other than `id`, `rating`, `themes` and `moves`.
    Field(String),
    /// The mover has no square, or the annotated move is a pass.
    NoMove,
}

impl PuzzleError {
    /// A stable code.
    pub fn code(&self) -> &'static str {
        match self {
            PuzzleError::Obf(c) => c,
            PuzzleError::Answer => "puzzle-answer",
            PuzzleError::Id => "puzzle-id",
            PuzzleError::Rating => "puzzle-rating",
            PuzzleError::Theme(_) => "puzzle-theme",
            PuzzleError::Field(_) => "puzzle-field",
            PuzzleError::NoMove => "puzzle-no-move",
        }
    }
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Obf(c) => write!(f, "the position cannot be read ({c})"),
            PuzzleError::Answer => {
                f.write_str("a puzzle names exactly one best move with its score")
            }
            PuzzleError::Id => f.write_str("a puzzle's id is 1 to 32 letters, digits or '-'"),
            PuzzleError::Rating => {
                f.write_str("a puzzle's rating is a whole number from 0 to 4000")
            }
            PuzzleError::Theme(t) => write!(f, "unknown theme {:?}", crate::text::excerpt(t)),
            PuzzleError::Field(t) => write!(f, "unknown field {:?}", crate::text::excerpt(t)),
            PuzzleError::NoMove => f.write_str("the best move must be a square"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Whether `id` is a well-formed puzzle id: 1 to 32 ASCII letters, digits or `-`.
pub fn valid_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

impl std::str::FromStr for Puzzle {
    type Err = PuzzleError;

    /// An export line or a set line (with `themes=` and, optionally, `moves=`).
    fn from_str(line: &str) -> Result<Puzzle, PuzzleError> {
        let (obf_text, fields) = match line.find("id=") {
            Some(at) => (&line[..at], &line[at..]),
            None => return Err(PuzzleError::Id),
        };
        let obf: Obf = obf_text
            .parse()
            .map_err(|e: crate::ObfError| PuzzleError::Obf(e.code()))?;
        let [answer] = obf.annotations[..] else {
            return Err(PuzzleError::Answer);
        };
        let Move::Play(best) = answer.mv else {
            return Err(PuzzleError::NoMove);
        };
        let (mut id, mut rating, mut themes, mut moves) = (None, None, Vec::new(), LINE_MOVES);
        for field in fields.split(';').map(str::trim).filter(|f| !f.is_empty()) {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| PuzzleError::Field(field.into()))?;
            match key.trim() {
                "id" => id = Some(value.trim().to_string()).filter(|v| valid_id(v)),
                "rating" => {
                    rating = value
                        .trim()
                        .parse::<i32>()
                        .ok()
                        .filter(|r| (0..=4000).contains(r))
                }
                "themes" => {
                    for name in value.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                        themes.push(
                            Theme::from_name(name)
                                .ok_or_else(|| PuzzleError::Theme(name.into()))?,
                        );
                    }
                }
                "moves" => {
                    moves = value
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|m| (1..=30).contains(m))
                        .ok_or_else(|| PuzzleError::Field(field.into()))?
                }
                _ => return Err(PuzzleError::Field(field.into())),
            }
        }
        Ok(Puzzle {
            id: id.ok_or(PuzzleError::Id)?,
            position: obf.position,
            best,
            score: answer.score,
            rating: rating.ok_or(PuzzleError::Rating)?,
            themes,
            moves,
        })
    }
}

/// Reads a set: one puzzle a line, blank lines and `#` comments skipped.
/// The error names the line (from 1).
pub fn read_set(text: &str) -> Result<Vec<Puzzle>, (usize, PuzzleError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| l.parse().map_err(|e| (i + 1, e)))
        .collect()
}

/// A person's and a puzzle's ratings after one attempt (one rating period,
/// as a game is rated): solved, the person won; missed, the puzzle did.
///
/// ```
/// use virada::puzzle::rate_attempt;
/// use virada::rating::Stated;
/// let (person, puzzle) = rate_attempt(Stated::NEW, Stated::NEW, true);
/// assert!(person.rating > Stated::NEW.rating);
/// assert!(puzzle.rating < Stated::NEW.rating);
/// ```
pub fn rate_attempt(person: Stated, puzzle: Stated, solved: bool) -> (Stated, Stated) {
    rate(
        person,
        puzzle,
        if solved { Outcome::Win } else { Outcome::Loss },
    )
}

#[cfg(test)]
mod tests;
