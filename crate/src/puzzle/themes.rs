//! What a puzzle is about, where the position and its solution tell it:
//! the best move takes a corner, plays parity, wipes the opponent out, or
//! leads to a forced pass.

use crate::{Bitboard, Move, Position, Square};
use std::fmt;

/// A puzzle's theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    /// The best move takes a corner.
    Corner,
    /// The best move is in a region of an odd number of empties while some
    /// other legal move is in an even one (regions: empty squares joined
    /// side by side or corner to corner).
    Parity,
    /// Perfect play leaves the opponent no disc (the score is 64).
    WipeOut,
    /// In the perfect line after the best move the opponent has to pass.
    Pass,
}

impl Theme {
    /// All themes, in the order they are written.
    pub const ALL: [Theme; 4] = [Theme::Corner, Theme::Parity, Theme::WipeOut, Theme::Pass];

    /// `corner`, `parity`, `wipe-out` or `pass`: how the set and the API write it.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Corner => "corner",
            Theme::Parity => "parity",
            Theme::WipeOut => "wipe-out",
            Theme::Pass => "pass",
        }
    }

    /// The theme a name stands for.
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The squares next to `set` (the eight directions), `set` included.
fn grow(set: u64) -> u64 {
    let not_a = !Bitboard::COLUMN_A.0;
    let not_h = !Bitboard::COLUMN_H.0;
    let row = set | ((set << 1) & not_a) | ((set >> 1) & not_h);
    row | (row << 8) | (row >> 8)
}

/// The region of empty squares that holds `sq`.
pub fn region(position: &Position, sq: Square) -> Bitboard {
    let empty = position.empty().0;
    let mut r = sq.bit() & empty;
    loop {
        let next = grow(r) & empty;
        if next == r {
            return Bitboard(r);
        }
        r = next;
    }
}

/// The themes of a puzzle whose best move is `best`, scoring `score`, with
/// `line` the perfect play after it (the opponent first).
pub fn themes(position: &Position, best: Square, score: i32, line: &[Move]) -> Vec<Theme> {
    let mut out = Vec::new();
    if best.is_corner() {
        out.push(Theme::Corner);
    }
    let odd = |sq: Square| region(position, sq).count() % 2 == 1;
    if odd(best)
        && position
            .legal_moves()
            .into_iter()
            .any(|sq| sq != best && !odd(sq))
    {
        out.push(Theme::Parity);
    }
    if score == 64 {
        out.push(Theme::WipeOut);
    }
    // The opponent moves on the line's even plies (0, 2, …) until a pass
    // changes the turn: follow whose move each ply is.
    let person = position.side_to_move();
    let mut at = position.play_unchecked(best);
    for &mv in line {
        if mv == Move::Pass && at.side_to_move() != person {
            out.push(Theme::Pass);
            break;
        }
        match at.play_move(mv) {
            Ok(next) => at = next,
            Err(_) => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_join_at_corners_and_sides() {
        // Empty: a1, b2 (diagonal: one region), h8 apart.
        let empty = Square::new(0).unwrap().bit() | Square::new(9).unwrap().bit() | 1u64 << 63;
        let p = Position::from_masks(
            !empty & 0x00ff_ffff_ffff_ff00,
            !empty & !0x00ff_ffff_ffff_ff00,
            crate::Color::Dark,
        );
        assert_eq!(region(&p, Square::new(0).unwrap()).count(), 2);
        assert_eq!(region(&p, Square::new(63).unwrap()).count(), 1);
        assert_eq!(region(&p, Square::new(7).unwrap()).count(), 0);
    }

    #[test]
    fn names_read_back() {
        for t in Theme::ALL {
            assert_eq!(Theme::from_name(t.name()), Some(t));
        }
        assert_eq!(Theme::from_name("Corner"), None);
    }
}
