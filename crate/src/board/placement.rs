//! The raw placement of discs, with no side to move and no rule checked but
//! "one disc a square".

use crate::{Bitboard, Square};
use std::fmt;

/// A disc colour. Dark moves first (T2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// Dark, written `X` (and `B` in GGF); moves first.
    Dark,
    /// Light, written `O` (and `W` in GGF).
    Light,
}

impl Color {
    /// The other colour.
    pub const fn other(self) -> Color {
        match self {
            Color::Dark => Color::Light,
            Color::Light => Color::Dark,
        }
    }

    /// `X` for dark, `O` for light: the letters of OBF and of the CLI.
    pub const fn letter(self) -> char {
        match self {
            Color::Dark => 'X',
            Color::Light => 'O',
        }
    }

    /// Reads `X`/`B`/`*` as dark and `O`/`W` as light, either case.
    pub fn from_letter(c: char) -> Option<Color> {
        match c.to_ascii_uppercase() {
            'X' | 'B' | '*' => Some(Color::Dark),
            'O' | 'W' => Some(Color::Light),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Dark => "dark",
            Color::Light => "light",
        })
    }
}

/// Where the discs are: two disjoint sets of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    dark: Bitboard,
    light: Bitboard,
}

/// A board with a square claimed by both colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverlapError(pub Square);

impl fmt::Display for OverlapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "square {} holds both a dark and a light disc", self.0)
    }
}

impl std::error::Error for OverlapError {}

impl Board {
    /// The standard set-up (T1): d4 and e5 light, d5 and e4 dark.
    pub const START: Board = Board {
        dark: Bitboard((1 << 28) | (1 << 35)),
        light: Bitboard((1 << 27) | (1 << 36)),
    };

    /// A board from the two sets of discs; they must not share a square.
    pub fn new(dark: Bitboard, light: Bitboard) -> Result<Board, OverlapError> {
        match (dark & light).first() {
            Some(sq) => Err(OverlapError(sq)),
            None => Ok(Board { dark, light }),
        }
    }

    /// The discs of one colour.
    pub const fn discs(&self, color: Color) -> Bitboard {
        match color {
            Color::Dark => self.dark,
            Color::Light => self.light,
        }
    }

    /// The empty squares.
    pub const fn empty(&self) -> Bitboard {
        Bitboard(!(self.dark.0 | self.light.0))
    }

    /// The colour of the disc on `sq`, if any.
    pub const fn at(&self, sq: Square) -> Option<Color> {
        if self.dark.contains(sq) {
            Some(Color::Dark)
        } else if self.light.contains(sq) {
            Some(Color::Light)
        } else {
            None
        }
    }

    /// The board under one of the 8 symmetries (see [`Bitboard::symmetry`]).
    pub fn symmetry(&self, which: u8) -> Board {
        Board {
            dark: self.dark.symmetry(which),
            light: self.light.symmetry(which),
        }
    }

    /// The 64 cells in reading order as `X`, `O` and `-`, the board part of OBF.
    pub fn cells(&self) -> String {
        Square::ALL
            .iter()
            .map(|&sq| self.at(sq).map_or('-', Color::letter))
            .collect()
    }
}

impl fmt::Display for Board {
    /// A diagram with coordinates, for people.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c d e f g h")?;
        for row in 0..8u8 {
            write!(f, "{}", row + 1)?;
            for column in 0..8u8 {
                let sq = Square::from_coords(column, row).ok_or(fmt::Error)?;
                write!(f, " {}", self.at(sq).map_or('.', Color::letter))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
