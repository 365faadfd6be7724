//! The puzzle page's side of the puzzles, as its worker asks through the
//! puzzle package (`crate/src/wasm/puzzle.rs`): the set read once, a puzzle
//! opened, the person's moves played through its [`Line`] with every ply
//! the page draws (the discs after it, what it flipped), the next puzzle
//! near a rating, a streak's next, the day's, and a rating kept on the
//! device. Every answer is JSON for the page; every refusal a
//! [`SessionError`] with a stable code. Nothing here knows wasm-bindgen.
//!
//! ```
//! use virada::puzzle::session::Session;
//! let mut s = Session::new(1 << 20);
//! // FFO #1: G8 scores +18, every other move 6 or more less.
//! let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; id=ffo-1; rating=1000";
//! assert_eq!(s.load_set(line).unwrap(), 1);
//! assert!(s.open("ffo-1").unwrap().contains(r#""person":"dark""#));
//! assert!(s.play("h1").unwrap().contains(r#""outcome":"missed""#));
//! ```

use super::choose;
use super::line::{Line, Turn};
use super::oracle::Oracle;
use super::{rate_attempt, read_set, valid_id, Puzzle};
use crate::json::{self, Object, Shown};
use crate::rating::Stated;
use crate::{Color, Move, Position, Square};
use std::fmt;

/// Why the session refused: a stable code and an English sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionError {
    /// The code the page translates.
    pub code: &'static str,
    /// What went wrong, in English.
    pub message: String,
}

impl SessionError {
    fn new(code: &'static str, message: impl fmt::Display) -> SessionError {
        SessionError {
            code,
            message: message.to_string(),
        }
    }
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for SessionError {}

/// The puzzle being played.
struct Playing {
    puzzle: Puzzle,
    line: Line,
    moves: Vec<Square>,
}

/// The set, the solver and the puzzle being played.
pub struct Session {
    set: Vec<Puzzle>,
    oracle: Oracle,
    playing: Option<Playing>,
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Dark => "dark",
        Color::Light => "light",
    }
}

fn squares(bits: crate::Bitboard) -> impl Iterator<Item = usize> {
    bits.squares().map(|s| s.index())
}

/// A position as the page draws it: the 64 cells (`X` dark, `O` light, `-`
/// empty, a1 first), the side to move, the discs of each side, whether the
/// game is over, and each legal square with the discs it flips.
fn position_fields(o: &mut Object<'_>, p: &Position) {
    o.field("cells", cells(p))
        .field("side", color_name(p.side_to_move()))
        .field("dark", p.count(Color::Dark))
        .field("light", p.count(Color::Light))
        .field("over", p.is_game_over())
        .array("legal", |a| {
            for sq in p.legal_moves().squares() {
                a.object(|o| {
                    o.field("sq", sq.index())
                        .field("move", Shown(sq))
                        .array("flips", |a| {
                            a.items(squares(p.flips(sq)));
                        });
                });
            }
        });
}

fn cells(p: &Position) -> String {
    let board = p.board();
    Square::ALL
        .iter()
        .map(|&sq| {
            if board.discs(Color::Dark).contains(sq) {
                'X'
            } else if board.discs(Color::Light).contains(sq) {
                'O'
            } else {
                '-'
            }
        })
        .collect()
}

/// One ply as the page draws and steps through it: the move (`g8`, `pass`),
/// its square (-1 for a pass), who made it, the discs it flipped, and the
/// board after it.
fn ply(a: &mut json::Array<'_>, before: &Position, mv: Move) -> Position {
    let after = before.play_move(mv).unwrap_or(*before);
    a.object(|o| {
        let (name, sq, flips) = match mv {
            Move::Play(sq) => (sq.to_string(), sq.index() as i64, before.flips(sq)),
            Move::Pass => ("pass".to_string(), -1, crate::Bitboard::EMPTY),
        };
        o.field("move", name.as_str())
            .field("sq", sq)
            .field("mover", color_name(before.side_to_move()))
            .array("flips", |a| {
                a.items(squares(flips));
            })
            .field("cells", cells(&after))
            .field("dark", after.count(Color::Dark))
            .field("light", after.count(Color::Light));
    });
    after
}

/// A stated rating as the page keeps it: hundredths of a point, hundredths
/// of deviation, billionths of volatility, and the rating as shown.
fn rating_fields(o: &mut Object<'_>, r: Stated) {
    o.field("rating", r.rating)
        .field("deviation", r.deviation)
        .field("volatility", r.volatility)
        .field("shown", r.shown());
}

fn skipped(skip: &str) -> Vec<&str> {
    skip.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

impl Session {
    /// A session with no set, its solver's table about `table_bytes`.
    pub fn new(table_bytes: usize) -> Session {
        Session {
            set: Vec::new(),
            oracle: Oracle::new(table_bytes),
            playing: None,
        }
    }

    /// Reads the set (`www/puzzle/puzzles.txt`'s lines) in place of any
    /// before; the number of puzzles. `puzzle-set` names the first bad line.
    pub fn load_set(&mut self, text: &str) -> Result<usize, SessionError> {
        let set = read_set(text).map_err(|(line, e)| {
            SessionError::new("puzzle-set", format_args!("line {line}: {e}"))
        })?;
        self.set = set;
        Ok(self.set.len())
    }

    fn find(&self, id: &str) -> Option<&Puzzle> {
        self.set.iter().find(|p| p.id == id)
    }

    /// Opens a puzzle, by its id in the set or as a whole line (an export
    /// or set line): `{"id", "rating", "themes", "moves", "empties",
    /// "person", "position": {…}}`, never the answer. `no-puzzle` for an id
    /// the set does not hold; a line's own codes (`puzzle-…`, `obf-…`).
    pub fn open(&mut self, text: &str) -> Result<String, SessionError> {
        let text = text.trim();
        let puzzle = if valid_id(text) {
            self.find(text)
                .cloned()
                .ok_or_else(|| SessionError::new("no-puzzle", "no puzzle has this id"))?
        } else {
            text.parse::<Puzzle>()
                .map_err(|e| SessionError::new(e.code(), &e))?
        };
        let json = json::object(|o| {
            o.field("id", puzzle.id.as_str())
                .field("rating", puzzle.rating)
                .array("themes", |a| {
                    a.items(puzzle.themes.iter().map(|t| t.name()));
                })
                .field("moves", puzzle.moves)
                .field("empties", puzzle.empties())
                .field("person", color_name(puzzle.position.side_to_move()))
                .object("position", |o| position_fields(o, &puzzle.position));
        });
        self.playing = Some(Playing {
            line: Line::new(&puzzle),
            puzzle,
            moves: Vec::new(),
        });
        Ok(json)
    }

    /// The person plays `square` in the open puzzle. Kept:
    /// `{"outcome": "kept"|"solved", "plies": [the person's, the replies…],
    /// "position": {…}, "moves": [the person's so far]}`. Wrong:
    /// `{"outcome": "missed", "ends": [person, opponent], "bestEnds": […],
    /// "best": a square that kept the score, "plies": [the wrong move, then
    /// the refutation to the game's end], "moves": […]}`. Each ply:
    /// `{"move", "sq", "mover", "flips", "cells", "dark", "light"}`.
    /// Refusals: `bad-move`, `no-puzzle` (none open), `puzzle-over`,
    /// `puzzle-illegal-move`.
    pub fn play(&mut self, square: &str) -> Result<String, SessionError> {
        let sq: Square = square
            .trim()
            .parse()
            .map_err(|_| SessionError::new("bad-move", "a move is a square such as d3"))?;
        let oracle = &mut self.oracle;
        let playing = self
            .playing
            .as_mut()
            .ok_or_else(|| SessionError::new("no-puzzle", "no puzzle is open"))?;
        let before = playing.line.position;
        let turn = playing
            .line
            .play(sq, oracle)
            .map_err(|e| SessionError::new(e.code(), e))?;
        playing.moves.push(sq);
        let moves = &playing.moves;
        let json = match turn {
            Turn::Kept { replies, solved } => json::object(|o| {
                o.field("outcome", if solved { "solved" } else { "kept" })
                    .array("plies", |a| {
                        let mut at = ply(a, &before, Move::Play(sq));
                        for &r in &replies {
                            at = ply(a, &at, r);
                        }
                    })
                    .object("position", |o| position_fields(o, &playing.line.position))
                    .array("moves", |a| {
                        a.items(moves.iter().map(|m| Shown(*m)));
                    });
            }),
            Turn::Wrong(miss) => {
                let best = if moves.len() == 1 {
                    Some(Move::Play(playing.puzzle.best))
                } else {
                    oracle.perfect_move(&before)
                };
                json::object(|o| {
                    o.field("outcome", "missed")
                        .array("ends", |a| {
                            a.item(miss.ends.0).item(miss.ends.1);
                        })
                        .array("bestEnds", |a| {
                            a.item(miss.best_ends.0).item(miss.best_ends.1);
                        })
                        .field("best", best.map(Shown))
                        .array("plies", |a| {
                            let mut at = ply(a, &before, Move::Play(sq));
                            for &r in &miss.refutation {
                                at = ply(a, &at, r);
                            }
                        })
                        .array("moves", |a| {
                            a.items(moves.iter().map(|m| Shown(*m)));
                        });
                })
            }
        };
        Ok(json)
    }

    /// The id of the puzzle rated nearest `rating` that `skip` (ids joined
    /// by commas) does not name ([`choose::nearest`]).
    pub fn nearest(&self, rating: i32, skip: &str) -> Option<String> {
        choose::nearest(&self.set, rating, &skipped(skip)).map(|p| p.id.clone())
    }

    /// A streak's next: the easiest puzzle rated above `rating` that `skip`
    /// does not name ([`choose::harder`]).
    pub fn harder(&self, rating: i32, skip: &str) -> Option<String> {
        choose::harder(&self.set, rating, &skipped(skip)).map(|p| p.id.clone())
    }

    /// The day's puzzle (`day`: days since 1970-01-01, UTC), the server's
    /// own choice over the same set ([`choose::daily`]): `{"day":
    /// "YYYY-MM-DD", "id"}`, or `None` with no set.
    pub fn daily(&self, day: i64) -> Option<String> {
        let p = choose::daily(&self.set, day)?;
        Some(json::object(|o| {
            o.field("day", choose::date_of(day))
                .field("id", p.id.as_str());
        }))
    }

    /// A person's rating on the device after an attempt at puzzle `id`
    /// (the puzzle at the rating it entered the set with: the device does
    /// not share its own): `{"before": {…}, "after": {…}, "change"}`, each
    /// rating in hundredths as [`Stated`] holds it, with `shown`; `change`
    /// in whole points (the whole ratings' difference, as the server says it). `no-puzzle`; `bad-rating` for a rating out of range.
    pub fn rate(&self, person: Stated, id: &str, solved: bool) -> Result<String, SessionError> {
        let puzzle = self
            .find(id)
            .ok_or_else(|| SessionError::new("no-puzzle", "no puzzle has this id"))?;
        let sane = (0..=500_000).contains(&person.rating)
            && (1..=50_000).contains(&person.deviation)
            && (1..=1_000_000_000).contains(&person.volatility);
        if !sane {
            return Err(SessionError::new(
                "bad-rating",
                "the rating on the device is out of range",
            ));
        }
        let (after, _) = rate_attempt(person, puzzle.starting_rating(), solved);
        // Whole points, as the server says a change: the shown ratings' difference.
        let whole = |r: i64| (r + 50).div_euclid(100);
        let change = whole(after.rating) - whole(person.rating);
        Ok(json::object(|o| {
            o.object("before", |o| rating_fields(o, person))
                .object("after", |o| rating_fields(o, after))
                .field("change", change);
        }))
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
