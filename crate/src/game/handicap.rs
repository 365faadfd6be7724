//! The handicap (V2): before an Othello game the weaker side may take the
//! first move and start with up to 4 extra discs, one on each of the
//! corners it chooses.
//!
//! A handicap names the seat that takes it (0 or 1, the weaker side),
//! whether that seat moves first, and which corners (any of a1, h1, a8, h8)
//! start with a disc of that seat's colour. Colours still come from the
//! seed and the word, so the handicap seat may be light: then, with the
//! first move, light moves first. Without it dark moves first, as always.
//! The corner discs come out of the seat's supply (T7): it starts with
//! 30 − k discs to place, the other seat with 30.
//!
//! One short form everywhere (the page's address, the wasm boundary, the
//! record's `handicap` line): `seat1` or `seat2`, then `:first` and/or `:`
//! and the corners, comma separated.
//!
//! ```
//! use virada::game::handicap::Handicap;
//! let h: Handicap = "seat2:first:a1,h8".parse().unwrap();
//! assert_eq!((h.seat, h.first, h.corner_count()), (1, true, 2));
//! assert_eq!(h.to_string(), "seat2:first:a1,h8");
//! assert_eq!("seat1:b2".parse::<Handicap>().unwrap_err().code(), "bad-corner");
//! ```

use crate::board::SUPPLY_AT_START;
use crate::{Bitboard, Board, Color, Position, Square};
use std::fmt;
use std::str::FromStr;

/// The four corners in the order the short form writes them.
pub const CORNERS: [&str; 4] = ["a1", "h1", "a8", "h8"];

/// Why a handicap was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// Not the short form (`seat2:first:a1,h8`).
    Form(String),
    /// A square that is not a corner, or a corner named twice.
    Corner(String),
    /// Neither the first move nor a corner: no handicap at all.
    Empty,
    /// Asked of Nabucodonosor: a handicap is for Othello only.
    NotOthello,
    /// Asked once the game has begun: a handicap is set before the first move.
    Started,
}

impl HandicapError {
    /// A stable code for the user interface to translate.
    pub const fn code(&self) -> &'static str {
        match self {
            HandicapError::Form(_) => "bad-handicap",
            HandicapError::Corner(_) => "bad-corner",
            HandicapError::Empty => "empty-handicap",
            HandicapError::NotOthello => "handicap-othello-only",
            HandicapError::Started => "handicap-after-start",
        }
    }
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandicapError::Form(s) => write!(
                f,
                "a handicap is seat1 or seat2, then :first and/or corners such as :a1,h8, not {s:?}"
            ),
            HandicapError::Corner(s) => write!(
                f,
                "{s:?} is not a corner, or is named twice: the corners are a1, h1, a8 and h8"
            ),
            HandicapError::Empty => {
                f.write_str("a handicap gives the first move, one corner or more, or both")
            }
            HandicapError::NotOthello => f.write_str("a handicap is for Othello only"),
            HandicapError::Started => f.write_str("a handicap is set before the first move"),
        }
    }
}

impl std::error::Error for HandicapError {}

/// A checked handicap: at least the first move or one corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Handicap {
    /// The seat that takes it (0 = the first seat, 1 = the second).
    pub seat: usize,
    /// That seat moves first.
    pub first: bool,
    /// The corners that start with a disc of that seat's colour.
    pub corners: Bitboard,
}

impl Handicap {
    /// Reads the short form; an empty text or `none` is no handicap.
    pub fn parse_optional(text: &str) -> Result<Option<Handicap>, HandicapError> {
        match text.trim() {
            "" | "none" => Ok(None),
            t => t.parse().map(Some),
        }
    }

    /// How many corner discs.
    pub fn corner_count(&self) -> u32 {
        self.corners.count()
    }

    /// The colour of the handicap seat, given the seat that plays dark.
    pub fn color(&self, dark_seat: usize) -> Color {
        if self.seat == dark_seat {
            Color::Dark
        } else {
            Color::Light
        }
    }

    /// The start position: the standard set-up plus the corner discs in the
    /// seat's colour, and that colour to move if it takes the first move
    /// (else dark, as always).
    pub fn start(&self, dark_seat: usize) -> Position {
        let color = self.color(dark_seat);
        let mut dark = Board::START.discs(Color::Dark);
        let mut light = Board::START.discs(Color::Light);
        match color {
            Color::Dark => dark |= self.corners,
            Color::Light => light |= self.corners,
        }
        let side = if self.first { color } else { Color::Dark };
        // The corners are never on the set-up's four squares.
        let board = Board::new(dark, light).unwrap_or(Board::START);
        Position::new(board, side)
    }

    /// The discs each colour has to place at the start (T7), `[dark, light]`:
    /// the corner discs come out of the handicap seat's supply.
    pub fn supplies(&self, dark_seat: usize) -> [u32; 2] {
        let mut supply = [SUPPLY_AT_START; 2];
        let i = match self.color(dark_seat) {
            Color::Dark => 0,
            Color::Light => 1,
        };
        supply[i] -= self.corner_count();
        supply
    }
}

fn corner(name: &str) -> Option<Square> {
    CORNERS.contains(&name).then(|| name.parse().ok()).flatten()
}

// Written in its short form (`seat2:first:a1,h8`), read back checked.
#[cfg(feature = "serde")]
crate::serde_text::as_text!(Handicap);

impl FromStr for Handicap {
    type Err = HandicapError;

    /// `seat1` or `seat2`, then `:first` and/or `:` and corners (`a1,h8`).
    fn from_str(text: &str) -> Result<Handicap, HandicapError> {
        let form = || HandicapError::Form(crate::text::excerpt(text));
        let mut parts = text.trim().split(':');
        let seat = match parts.next() {
            Some("seat1") => 0,
            Some("seat2") => 1,
            _ => return Err(form()),
        };
        let (mut first, mut corners, mut named_corners) = (false, Bitboard::EMPTY, false);
        for part in parts {
            if part == "first" && !first && !named_corners {
                first = true;
                continue;
            }
            if named_corners || part.is_empty() || part == "first" {
                return Err(form());
            }
            named_corners = true;
            for name in part.split(',') {
                let name = name.trim();
                let sq = corner(name)
                    .filter(|&sq| !corners.contains(sq))
                    .ok_or_else(|| HandicapError::Corner(crate::text::excerpt(name)))?;
                corners |= Bitboard::from_square(sq);
            }
        }
        if !first && corners.is_empty() {
            return Err(HandicapError::Empty);
        }
        Ok(Handicap {
            seat,
            first,
            corners,
        })
    }
}

impl fmt::Display for Handicap {
    /// The short form: `seat2:first:a1,h8`, corners in the order a1, h1, a8, h8.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat{}", self.seat + 1)?;
        if self.first {
            f.write_str(":first")?;
        }
        let names: Vec<&str> = CORNERS
            .iter()
            .copied()
            .filter(|n| corner(n).is_some_and(|sq| self.corners.contains(sq)))
            .collect();
        if !names.is_empty() {
            write!(f, ":{}", names.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(text: &str) -> Handicap {
        text.parse().unwrap()
    }

    #[test]
    fn the_short_form_reads_and_writes_back() {
        for text in [
            "seat1:first",
            "seat2:a8",
            "seat2:first:a1,h8",
            "seat1:first:a1,h1,a8,h8",
        ] {
            assert_eq!(h(text).to_string(), text);
        }
        assert_eq!(h("seat1:h8,a1").to_string(), "seat1:a1,h8");
        assert_eq!(Handicap::parse_optional(""), Ok(None));
        assert_eq!(Handicap::parse_optional("none"), Ok(None));
        assert_eq!(
            Handicap::parse_optional("seat2:first").unwrap(),
            Some(h("seat2:first"))
        );
    }

    #[test]
    fn a_wrong_corner_or_form_is_refused_with_its_code() {
        let code = |t: &str| t.parse::<Handicap>().unwrap_err().code();
        assert_eq!(code("seat1:b2"), "bad-corner");
        assert_eq!(code("seat1:a1,a1"), "bad-corner");
        assert_eq!(code("seat1:d4"), "bad-corner");
        assert_eq!(code("seat1:A1"), "bad-corner");
        assert_eq!(code("seat1"), "empty-handicap");
        assert_eq!(code("seat3:first"), "bad-handicap");
        assert_eq!(code("seat1:first:first"), "bad-handicap");
        assert_eq!(code("seat1:a1:first"), "bad-handicap");
        assert_eq!(code("seat1:a1:h8"), "bad-handicap");
        assert_eq!(code("seat1::a1"), "bad-handicap");
        assert_eq!(code("first"), "bad-handicap");
    }

    #[test]
    fn the_start_has_the_corners_in_the_seats_colour_and_its_first_move() {
        let g = h("seat2:first:a1,h8");
        // Seat 2 plays light when seat 1 is dark.
        let p = g.start(0);
        assert_eq!(p.side_to_move(), Color::Light);
        let b = p.board();
        assert_eq!(b.at("a1".parse().unwrap()), Some(Color::Light));
        assert_eq!(b.at("h8".parse().unwrap()), Some(Color::Light));
        assert_eq!(b.at("h1".parse().unwrap()), None);
        assert_eq!((p.count(Color::Dark), p.count(Color::Light)), (2, 4));
        assert_eq!(g.supplies(0), [30, 28]);
        // Seat 2 plays dark when it is the dark seat: dark moves first anyway.
        let q = g.start(1);
        assert_eq!(q.side_to_move(), Color::Dark);
        assert_eq!((q.count(Color::Dark), q.count(Color::Light)), (4, 2));
        assert_eq!(g.supplies(1), [28, 30]);
        // Without the first move dark moves first.
        let r = h("seat2:h1").start(0);
        assert_eq!(r.side_to_move(), Color::Dark);
        assert_eq!(r.board().at("h1".parse().unwrap()), Some(Color::Light));
        // Supplies add up to the empty squares.
        for d in 0..2 {
            let all = h("seat1:a1,h1,a8,h8");
            let [x, y] = all.supplies(d);
            assert_eq!(x + y, all.start(d).empty().count());
        }
    }
}
