//! A set of squares as one `u64`: bit `i` is square `i` (`a1` = bit 0, `h8` = bit 63).

use crate::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares. Bit `i` stands for [`Square`] index `i`.
///
/// ```text
///   a b c d e f g h
/// 1 . . . . . . . .     Bitboard::CORNERS
/// 2 . . . . . . . .     = a1 | h1 | a8 | h8
/// …
/// 8 X . . . . . . X
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// Column `a`.
    pub const COLUMN_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// Column `h`.
    pub const COLUMN_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// Row 1 (the top).
    pub const ROW_1: Bitboard = Bitboard(0x0000_0000_0000_00ff);
    /// Row 8 (the bottom).
    pub const ROW_8: Bitboard = Bitboard(0xff00_0000_0000_0000);
    /// The four corners a1, h1, a8, h8 (T8: never flipped).
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);
    /// Every square but those of columns a and h.
    pub const NOT_EDGE_COLUMNS: Bitboard = Bitboard(0x7e7e_7e7e_7e7e_7e7e);

    /// The set holding just `sq`.
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(sq.bit())
    }

    /// How many squares are in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// The lowest square of the set (first in reading order), if any.
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(self.0.trailing_zeros() as u8)
        }
    }

    /// The squares of the set in reading order.
    pub fn squares(self) -> Squares {
        Squares(self.0)
    }

    /// The set mirrored by one of the 8 symmetries of the square (0 = identity).
    ///
    /// Bit 0 flips left–right, bit 1 flips top–bottom, bit 2 transposes (a1–h8
    /// diagonal), applied in that order of bits from high to low.
    pub fn symmetry(self, which: u8) -> Bitboard {
        let mut b = self.0;
        if which & 4 != 0 {
            b = transpose(b);
        }
        if which & 2 != 0 {
            b = b.swap_bytes();
        }
        if which & 1 != 0 {
            b = mirror_columns(b);
        }
        Bitboard(b)
    }
}

fn mirror_columns(b: u64) -> u64 {
    let b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    let b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((b & 0x0f0f_0f0f_0f0f_0f0f) << 4)
}

fn transpose(mut b: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// Iterator over the squares of a [`Bitboard`], in reading order.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Square::new(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        Bitboard(iter.into_iter().fold(0, |acc, sq| acc | sq.bit()))
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign:ident $op:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            fn $assign(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Display for Bitboard {
    /// An 8-line diagram, `X` for squares in the set, `.` for the others.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8 {
            for column in 0..8 {
                let bit = 1u64 << (row * 8 + column);
                let c = if self.0 & bit != 0 { 'X' } else { '.' };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_iterate_in_reading_order() {
        let b = Bitboard::CORNERS;
        let names: Vec<String> = b.squares().map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "h1", "a8", "h8"]);
        assert_eq!(b.squares().len(), 4);
    }

    #[test]
    fn symmetries_are_permutations_of_squares() {
        for which in 0..8 {
            for sq in Square::ALL {
                let image = Bitboard::from_square(sq).symmetry(which);
                assert_eq!(image.count(), 1);
            }
            assert_eq!(Bitboard::CORNERS.symmetry(which), Bitboard::CORNERS);
        }
        let b1 = Bitboard::from_square(Square::ALL[1]);
        assert_eq!(
            b1.symmetry(1).first().map(|s| s.to_string()).as_deref(),
            Some("g1")
        );
        assert_eq!(
            b1.symmetry(2).first().map(|s| s.to_string()).as_deref(),
            Some("b8")
        );
        assert_eq!(
            b1.symmetry(4).first().map(|s| s.to_string()).as_deref(),
            Some("a2")
        );
    }
}
