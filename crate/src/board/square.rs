//! Squares of the 8×8 board, named `a1`…`h8`.
//!
//! Columns `a`–`h` run left to right and rows `1`–`8` top to bottom, so `a1` is
//! the top-left corner (T9). A square's index is `row * 8 + column`, which is
//! also its bit in a [`Bitboard`](crate::Bitboard):
//!
//! ```text
//!     a  b  c  d  e  f  g  h
//! 1   0  1  2  3  4  5  6  7
//! 2   8  9 10 11 12 13 14 15
//! …
//! 8  56 57 58 59 60 61 62 63
//! ```

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares, by index `0..64` (`a1` = 0, `h8` = 63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// All 64 squares in reading order (a1, b1, … h1, a2, … h8).
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index, if it is below 64.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1, the top), if on the board.
    pub const fn from_coords(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square(row * 8 + column))
        } else {
            None
        }
    }

    /// The index `0..64`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 (`a`) to 7 (`h`).
    pub const fn column(self) -> u8 {
        self.0 % 8
    }

    /// Row, 0 (`1`, the top) to 7 (`8`, the bottom).
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// The single-bit mask of this square.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Whether this square is one of the four corners (T8).
    pub const fn is_corner(self) -> bool {
        matches!(self.0, 0 | 7 | 56 | 63)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square: expected a column a–h and a row 1–8, like d3",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `d3` or `D3`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(ParseSquareError(s.to_string()));
        }
        let column = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let row = bytes[1].wrapping_sub(b'1');
        Square::from_coords(column, row).ok_or_else(|| ParseSquareError(s.to_string()))
    }
}

// Written as its name (`f5`), read back through `FromStr`.
#[cfg(feature = "serde")]
crate::serde_text::as_text!(Square);

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::ALL {
            let name = sq.to_string();
            assert_eq!(name.parse::<Square>(), Ok(sq));
            assert_eq!(name.to_uppercase().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("h1".parse::<Square>().map(Square::index), Ok(7));
        assert_eq!("a8".parse::<Square>().map(Square::index), Ok(56));
        assert_eq!("h8".parse::<Square>().map(Square::index), Ok(63));
    }

    #[test]
    fn bad_names_are_errors() {
        for bad in ["", "a", "a0", "a9", "i1", "aa", "11", "d33", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?}");
        }
    }
}
