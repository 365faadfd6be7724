//! A validated position: a [`Board`] with the side to move, and the rules of
//! play (T3–T6) on it.

use crate::board::movegen;
use crate::{Bitboard, Board, Color, Square};
use std::fmt;

/// One ply: a disc placed on a square, or a pass (T5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A disc placed on this square.
    Play(Square),
    /// The mover had no legal square and passed.
    Pass,
}

impl fmt::Display for Move {
    /// `d3`, or `PA` for a pass (the transcript spelling).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(sq) => write!(f, "{sq}"),
            Move::Pass => f.write_str("PA"),
        }
    }
}

// Written as the transcript writes it (`d3`, `PA`), read back checked.
#[cfg(feature = "serde")]
crate::serde_text::as_text!(Move, |s| if s.eq_ignore_ascii_case("pa") {
    Ok(Move::Pass)
} else {
    s.parse().map(Move::Play)
});

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The square already holds a disc.
    Occupied(Square),
    /// A disc there would close no line of the other colour (T3).
    NoFlips(Square),
    /// A pass while the mover has a legal square (T5).
    PassWithMoves,
    /// The game is over: neither side can move (T6).
    GameOver,
}

impl IllegalMove {
    /// A stable code for the user interface to translate.
    pub const fn code(&self) -> &'static str {
        match self {
            IllegalMove::Occupied(_) => "occupied",
            IllegalMove::NoFlips(_) => "no-flips",
            IllegalMove::PassWithMoves => "pass-with-moves",
            IllegalMove::GameOver => "game-over",
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Occupied(sq) => write!(f, "{sq} is not empty"),
            IllegalMove::NoFlips(sq) => {
                write!(
                    f,
                    "{sq} closes no line of the other colour, so it flips nothing"
                )
            }
            IllegalMove::PassWithMoves => f.write_str("a pass is not allowed with a legal square"),
            IllegalMove::GameOver => f.write_str("the game is over: neither side can move"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// How a finished game ended (T6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// More discs of this colour.
    Win(Color),
    /// Equal counts.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(c) => write!(f, "{c} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// Discs each colour has to place at the start of Othello (T7): 64 squares
/// less the 4 of the set-up.
pub const SUPPLY_AT_START: u32 = 30;

/// A board and the side to move. Any two disjoint sets of discs make a
/// position; the rules decide what may follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    player: u64,
    opponent: u64,
    side: Color,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start of a game: [`Board::START`], dark to move.
    pub const fn start() -> Position {
        Position {
            player: Board::START.discs(Color::Dark).0,
            opponent: Board::START.discs(Color::Light).0,
            side: Color::Dark,
        }
    }

    /// `board` with `side` to move.
    pub const fn new(board: Board, side: Color) -> Position {
        Position {
            player: board.discs(side).0,
            opponent: board.discs(side.other()).0,
            side,
        }
    }

    /// Straight from the mover's and the opponent's masks, for search. The two
    /// must be disjoint.
    pub const fn from_masks(player: u64, opponent: u64, side: Color) -> Position {
        debug_assert!(player & opponent == 0);
        Position {
            player,
            opponent,
            side,
        }
    }

    /// Where the discs are.
    pub fn board(&self) -> Board {
        let (dark, light) = match self.side {
            Color::Dark => (self.player, self.opponent),
            Color::Light => (self.opponent, self.player),
        };
        // Disjoint by construction.
        Board::new(Bitboard(dark), Bitboard(light)).unwrap_or(Board::START)
    }

    /// Whose turn it is.
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The mover's discs.
    pub const fn player(&self) -> Bitboard {
        Bitboard(self.player)
    }

    /// The other side's discs.
    pub const fn opponent(&self) -> Bitboard {
        Bitboard(self.opponent)
    }

    /// The empty squares.
    pub const fn empty(&self) -> Bitboard {
        Bitboard(!(self.player | self.opponent))
    }

    /// How many discs of `color` are on the board.
    pub fn count(&self, color: Color) -> u32 {
        if color == self.side {
            self.player.count_ones()
        } else {
            self.opponent.count_ones()
        }
    }

    /// Every square where the mover may play (T3).
    pub fn legal_moves(&self) -> Bitboard {
        Bitboard(movegen::moves(self.player, self.opponent))
    }

    /// The discs a disc on `sq` would flip; empty when `sq` is not a legal square.
    pub fn flips(&self, sq: Square) -> Bitboard {
        if self.empty().contains(sq) {
            Bitboard(movegen::flips(self.player, self.opponent, sq.index()))
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether the mover has no legal square but the game goes on (T5).
    pub fn must_pass(&self) -> bool {
        self.legal_moves().is_empty() && !self.is_game_over()
    }

    /// Whether neither side can move (T6).
    pub fn is_game_over(&self) -> bool {
        movegen::moves(self.player, self.opponent) == 0
            && movegen::moves(self.opponent, self.player) == 0
    }

    /// The result once the game is over, `None` before.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_game_over() {
            return None;
        }
        let (d, l) = (self.count(Color::Dark), self.count(Color::Light));
        Some(match d.cmp(&l) {
            std::cmp::Ordering::Greater => Outcome::Win(Color::Dark),
            std::cmp::Ordering::Less => Outcome::Win(Color::Light),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// Places a disc of the mover on `sq`, flipping every closed line (T4).
    pub fn play(&self, sq: Square) -> Result<Position, IllegalMove> {
        if !self.empty().contains(sq) {
            return Err(IllegalMove::Occupied(sq));
        }
        let f = movegen::flips(self.player, self.opponent, sq.index());
        if f == 0 {
            return Err(IllegalMove::NoFlips(sq));
        }
        Ok(self.apply(sq.bit(), f))
    }

    /// Passes the turn; allowed only when the mover has no legal square and the
    /// game is not over (T5).
    pub fn pass(&self) -> Result<Position, IllegalMove> {
        if !self.legal_moves().is_empty() {
            Err(IllegalMove::PassWithMoves)
        } else if self.is_game_over() {
            Err(IllegalMove::GameOver)
        } else {
            Ok(self.pass_unchecked())
        }
    }

    /// Plays a [`Move`], checked.
    pub fn play_move(&self, mv: Move) -> Result<Position, IllegalMove> {
        match mv {
            Move::Play(sq) => self.play(sq),
            Move::Pass => self.pass(),
        }
    }

    /// The fast path for search: `sq` must be a legal square.
    #[inline]
    pub fn play_unchecked(&self, sq: Square) -> Position {
        let f = movegen::flips(self.player, self.opponent, sq.index());
        self.apply(sq.bit(), f)
    }

    /// The turn passed with no check.
    #[inline]
    pub const fn pass_unchecked(&self) -> Position {
        Position {
            player: self.opponent,
            opponent: self.player,
            side: self.side.other(),
        }
    }

    #[inline]
    const fn apply(&self, bit: u64, flipped: u64) -> Position {
        Position {
            player: self.opponent ^ flipped,
            opponent: self.player | flipped | bit,
            side: self.side.other(),
        }
    }

    /// The position under one of the 8 symmetries of the board.
    pub fn symmetry(&self, which: u8) -> Position {
        Position {
            player: Bitboard(self.player).symmetry(which).0,
            opponent: Bitboard(self.opponent).symmetry(which).0,
            side: self.side,
        }
    }

    /// The move the table makes for a player whose clock ran out (T16): the legal
    /// square that flips the most discs, ties broken by the earlier square in
    /// reading order (a1, b1, … h8). `None` when the mover has no legal square.
    pub fn timeout_move(&self) -> Option<Square> {
        let mut best: Option<(u32, Square)> = None;
        for sq in self.legal_moves() {
            let n = self.flips(sq).count();
            if best.is_none_or(|(m, _)| n > m) {
                best = Some((n, sq));
            }
        }
        best.map(|(_, sq)| sq)
    }

    /// Leaves `depth` plies below (see [`movegen::perft`] for the convention).
    pub fn perft(&self, depth: u32) -> u64 {
        movegen::perft(self.player, self.opponent, depth)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{} to move", self.board(), self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn start_has_the_four_classic_moves() {
        let names: Vec<String> = Position::start()
            .legal_moves()
            .squares()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    }

    #[test]
    fn illegal_moves_say_why() {
        let p = Position::start();
        assert_eq!(p.play(sq("d4")), Err(IllegalMove::Occupied(sq("d4"))));
        assert_eq!(p.play(sq("a1")), Err(IllegalMove::NoFlips(sq("a1"))));
        assert_eq!(p.pass(), Err(IllegalMove::PassWithMoves));
        assert!(IllegalMove::NoFlips(sq("a1")).to_string().contains("a1"));
    }

    #[test]
    fn a_move_flips_the_closed_line() {
        let p = Position::start().play(sq("f5")).unwrap();
        assert_eq!(p.side_to_move(), Color::Light);
        assert_eq!(p.count(Color::Dark), 4);
        assert_eq!(p.count(Color::Light), 1);
        assert_eq!(p.board().at(sq("e5")), Some(Color::Dark));
    }

    #[test]
    fn timeout_move_takes_most_flips_then_reading_order() {
        // At the start every move flips one disc: the first in reading order wins.
        assert_eq!(Position::start().timeout_move(), Some(sq("d3")));
        let p = Position::start().play(sq("f5")).unwrap();
        // Light: d6, f4, f6 each flip one; d6 comes after f4 in reading order.
        assert_eq!(p.timeout_move(), Some(sq("f4")));
    }

    #[test]
    fn a_full_board_is_over_and_counted() {
        let board = Board::new(Bitboard(u64::MAX >> 31), Bitboard(!(u64::MAX >> 31))).unwrap();
        let p = Position::new(board, Color::Light);
        assert!(p.is_game_over());
        assert_eq!(p.pass(), Err(IllegalMove::GameOver));
        assert_eq!(p.outcome(), Some(Outcome::Win(Color::Dark)));
    }
}
