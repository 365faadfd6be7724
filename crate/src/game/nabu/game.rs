//! A Nabucodonosor game: the board, whose turn, the history superko needs,
//! the pie rule, passes and the end (N2–N5, N13–N15).

use super::board::{Cell, NabuBoard, NabuParseError};
use super::capture::{apply_capture, captures, Rect};
use crate::Color;
use std::fmt;
use std::str::FromStr;

/// One turn (N3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NabuMove {
    /// Place a disc, written `d3`.
    Place(Cell),
    /// Flip a rectangle, written `TOPLEFT:BOTTOMRIGHT` (`c3:e4`).
    Capture(Rect),
    /// The pie rule (N4), written `swap`.
    Swap,
    /// A forced pass (N5), written `pass`.
    Pass,
}

impl fmt::Display for NabuMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NabuMove::Place(c) => write!(f, "{c}"),
            NabuMove::Capture(r) => write!(f, "{r}"),
            NabuMove::Swap => f.write_str("swap"),
            NabuMove::Pass => f.write_str("pass"),
        }
    }
}

// Written as the record writes it (`d3`, `c3:e4`, `swap`, `pass`), read
// back checked.
#[cfg(feature = "serde")]
crate::serde_text::as_text!(NabuMove);

impl FromStr for NabuMove {
    type Err = NabuParseError;

    /// Reads `d3`, `c3:e4`, `swap` or `pass` (either case).
    fn from_str(s: &str) -> Result<NabuMove, NabuParseError> {
        let t = s.trim();
        match t.to_ascii_lowercase().as_str() {
            "swap" => Ok(NabuMove::Swap),
            "pass" | "pa" => Ok(NabuMove::Pass),
            _ if t.contains(':') => Ok(NabuMove::Capture(t.parse()?)),
            _ => Ok(NabuMove::Place(
                t.parse().map_err(|_| NabuParseError::Move(s.to_string()))?,
            )),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NabuEnd {
    /// A capture left the other colour with no discs (N14).
    WipeOut,
    /// Both players passed; more discs won (N15).
    MoreDiscs,
    /// Both players passed with equal counts; the last to move won (N15).
    LastMover,
}

/// The result of a finished game: there are no draws (N14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NabuOutcome {
    /// The winning colour (after any swap, the colour its player held at the end).
    pub winner: Color,
    /// Why.
    pub end: NabuEnd,
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NabuIllegal {
    /// The game is over.
    GameOver,
    /// The cell is off the board, taken, or forbidden by N6.
    Placement(Cell),
    /// Not a maximal qualifying rectangle of enemy discs (N7–N11).
    Capture(Rect),
    /// The capture would repeat an earlier arrangement (N13).
    Superko(Rect),
    /// Swap is only allowed on the game's second turn (N4).
    Swap,
    /// Passing is only allowed with no other legal move (N5).
    Pass,
}

impl NabuIllegal {
    /// A stable code the page can translate.
    pub const fn code(&self) -> &'static str {
        match self {
            NabuIllegal::GameOver => "game-over",
            NabuIllegal::Placement(_) => "placement",
            NabuIllegal::Capture(_) => "capture",
            NabuIllegal::Superko(_) => "superko",
            NabuIllegal::Swap => "swap",
            NabuIllegal::Pass => "pass",
        }
    }
}

impl fmt::Display for NabuIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NabuIllegal::GameOver => f.write_str("the game is over"),
            NabuIllegal::Placement(c) => write!(f, "no disc may be placed on {c}"),
            NabuIllegal::Capture(r) => write!(f, "{r} is not a capture here"),
            NabuIllegal::Superko(r) => {
                write!(f, "{r} would repeat an earlier arrangement (superko)")
            }
            NabuIllegal::Swap => f.write_str("swap is only allowed on the second turn"),
            NabuIllegal::Pass => f.write_str("passing is only allowed with no other move"),
        }
    }
}

impl std::error::Error for NabuIllegal {}

/// A game of Nabucodonosor in progress or finished, in colours: `Dark` moves
/// first. After a swap (N4) the players exchange colours; the game goes on in
/// colours, with `Light` to move, and [`NabuGame::swapped`] says the seats
/// changed colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NabuGame {
    board: NabuBoard,
    to_move: Color,
    moves: Vec<NabuMove>,
    /// The arrangements since the last placement, current one last. A
    /// placement adds a disc, so every earlier arrangement has fewer discs
    /// than any later one: only these can repeat (N13).
    window: Vec<NabuBoard>,
    outcome: Option<NabuOutcome>,
    /// Plies before `moves[0]`: 0 for a game from the empty board.
    first_ply: usize,
}

impl NabuGame {
    /// A new game on an empty board of side `size` (N1, N2).
    pub fn new(size: usize) -> Result<NabuGame, NabuParseError> {
        let board = NabuBoard::empty(size)?;
        Ok(NabuGame {
            board,
            to_move: Color::Dark,
            moves: Vec::new(),
            window: vec![board],
            outcome: None,
            first_ply: 0,
        })
    }

    /// A game that starts from `board` with `to_move` to move, as if past its
    /// second turn (no swap), with no earlier arrangement (for the CLI and tests).
    pub fn from_board(board: NabuBoard, to_move: Color) -> NabuGame {
        let outcome = None;
        NabuGame {
            board,
            to_move,
            moves: Vec::new(),
            window: vec![board],
            outcome,
            first_ply: 2,
        }
    }

    /// A game from the moves in order (`d3 c3:e4 swap pass …`, whitespace
    /// separated), each checked.
    pub fn replay(size: usize, moves: &str) -> Result<NabuGame, String> {
        let mut game = NabuGame::new(size).map_err(|e| e.to_string())?;
        for (i, word) in moves.split_whitespace().enumerate() {
            let mv: NabuMove = word.parse().map_err(|e| format!("move {}: {e}", i + 1))?;
            game.play(mv)
                .map_err(|e| format!("move {} ({word}): {e}", i + 1))?;
        }
        Ok(game)
    }

    /// The board now.
    pub const fn board(&self) -> &NabuBoard {
        &self.board
    }

    /// The board side.
    pub const fn size(&self) -> usize {
        self.board.size()
    }

    /// The colour to move.
    pub const fn to_move(&self) -> Color {
        self.to_move
    }

    /// Every move so far, passes included.
    pub fn moves(&self) -> &[NabuMove] {
        &self.moves
    }

    /// Whether the second player swapped (N4): the player who moved first now
    /// plays light.
    pub fn swapped(&self) -> bool {
        self.moves.get(1) == Some(&NabuMove::Swap)
    }

    /// The result, once the game is over.
    pub const fn outcome(&self) -> Option<NabuOutcome> {
        self.outcome
    }

    /// Whether swap is available now: the game's second turn (N4).
    pub fn can_swap(&self) -> bool {
        self.outcome.is_none() && self.first_ply + self.moves.len() == 1
    }

    /// Whether a capture of `rect` by the side to move would repeat an
    /// arrangement of this game (N13).
    pub fn repeats(&self, rect: Rect) -> bool {
        let next = apply_capture(&self.board, self.to_move, rect);
        self.window.contains(&next)
    }

    /// The placements of the side to move (N6), in reading order.
    pub fn placements(&self) -> Vec<Cell> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.board.placements(self.to_move)
    }

    /// The captures of the side to move (N7–N11, superko N13 applied), sorted
    /// by top-left then bottom-right in reading order.
    pub fn captures(&self) -> Vec<Rect> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut list = captures(&self.board, self.to_move);
        list.retain(|&r| !self.repeats(r));
        list
    }

    /// Every legal move in the sort order of `virada nabu moves`: placements
    /// in reading order, captures by top-left then bottom-right, `swap`; or
    /// `[pass]` when there is nothing else (N5); empty once the game is over.
    pub fn legal_moves(&self) -> Vec<NabuMove> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut out: Vec<NabuMove> = self.placements().into_iter().map(NabuMove::Place).collect();
        out.extend(self.captures().into_iter().map(NabuMove::Capture));
        if self.can_swap() {
            out.push(NabuMove::Swap);
        }
        if out.is_empty() {
            out.push(NabuMove::Pass);
        }
        out
    }

    /// Whether `mv` is legal now.
    pub fn check(&self, mv: NabuMove) -> Result<(), NabuIllegal> {
        if self.outcome.is_some() {
            return Err(NabuIllegal::GameOver);
        }
        match mv {
            NabuMove::Place(c) if self.board.can_place(self.to_move, c) => Ok(()),
            NabuMove::Place(c) => Err(NabuIllegal::Placement(c)),
            NabuMove::Capture(r) => {
                if !captures(&self.board, self.to_move).contains(&r) {
                    Err(NabuIllegal::Capture(r))
                } else if self.repeats(r) {
                    Err(NabuIllegal::Superko(r))
                } else {
                    Ok(())
                }
            }
            NabuMove::Swap if self.can_swap() => Ok(()),
            NabuMove::Swap => Err(NabuIllegal::Swap),
            NabuMove::Pass if self.legal_moves() == [NabuMove::Pass] => Ok(()),
            NabuMove::Pass => Err(NabuIllegal::Pass),
        }
    }

    /// Plays `mv` after checking it.
    pub fn play(&mut self, mv: NabuMove) -> Result<(), NabuIllegal> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv` with no check (for search over moves already known legal).
    pub fn play_unchecked(&mut self, mv: NabuMove) {
        let mover = self.to_move;
        match mv {
            NabuMove::Place(c) => {
                self.board.set(c, Some(mover));
                self.window.clear();
                self.window.push(self.board);
                self.to_move = mover.other();
            }
            NabuMove::Capture(r) => {
                self.board = apply_capture(&self.board, mover, r);
                self.window.push(self.board);
                self.to_move = mover.other();
                if self.board.count(mover.other()) == 0 {
                    self.outcome = Some(NabuOutcome {
                        winner: mover,
                        end: NabuEnd::WipeOut,
                    });
                }
            }
            // The colours change hands, not the board; light (now the first
            // player) moves again.
            NabuMove::Swap => {}
            NabuMove::Pass => {
                if self.moves.last() == Some(&NabuMove::Pass) {
                    self.outcome = Some(self.fallback(mover));
                }
                self.to_move = mover.other();
            }
        }
        self.moves.push(mv);
    }

    /// N15: more discs wins; on equal counts the colour that made the last
    /// move before the passes, which is `second`, the colour passing second
    /// (move by C, pass by the other, pass by C).
    fn fallback(&self, second: Color) -> NabuOutcome {
        let (d, l) = (
            self.board.count(Color::Dark),
            self.board.count(Color::Light),
        );
        let (winner, end) = match d.cmp(&l) {
            std::cmp::Ordering::Greater => (Color::Dark, NabuEnd::MoreDiscs),
            std::cmp::Ordering::Less => (Color::Light, NabuEnd::MoreDiscs),
            std::cmp::Ordering::Equal => (second, NabuEnd::LastMover),
        };
        NabuOutcome { winner, end }
    }

    /// The table's move for a player whose time ran out: the largest capture
    /// (first in sort order among equals), else the first legal placement in
    /// reading order, else a pass. `None` once the game is over.
    pub fn timeout_move(&self) -> Option<NabuMove> {
        if self.outcome.is_some() {
            return None;
        }
        let mut best: Option<Rect> = None;
        for r in self.captures() {
            if best.is_none_or(|b| r.area() > b.area()) {
                best = Some(r);
            }
        }
        if let Some(r) = best {
            return Some(NabuMove::Capture(r));
        }
        Some(
            self.placements()
                .first()
                .map_or(NabuMove::Pass, |&c| NabuMove::Place(c)),
        )
    }

    /// Leaves `depth` plies below (a pass and a swap are plies; a finished
    /// game is one leaf).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.outcome.is_some() {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play_unchecked(mv);
                next.perft(depth - 1)
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> NabuBoard {
        let cells: String = rows
            .split_whitespace()
            .collect::<String>()
            .replace('.', "-");
        NabuBoard::from_cells(&cells).expect("drawn board")
    }

    #[test]
    fn n13_superko_refuses_a_capture_that_recreates_an_arrangement() {
        // X can capture b2. Pretend the arrangement with b2 dark occurred
        // earlier in the game (since the last placement).
        let before = board(
            ". X . . .
             X O X . .
             . X . . O
             . . . . .
             . . . . .",
        );
        let rect: Rect = "b2:b2".parse().expect("rect");
        let after = apply_capture(&before, Color::Dark, rect);
        let mut g = NabuGame::from_board(before, Color::Dark);
        assert_eq!(g.check(NabuMove::Capture(rect)), Ok(()));
        g.window.insert(0, after);
        assert!(g.repeats(rect));
        assert_eq!(
            g.check(NabuMove::Capture(rect)),
            Err(NabuIllegal::Superko(rect))
        );
        assert!(!g.legal_moves().contains(&NabuMove::Capture(rect)));
        // A placement starts a new window: earlier arrangements have fewer discs.
        g.play("e5".parse().expect("move")).expect("placement");
        assert_eq!(g.window.len(), 1);
    }

    #[test]
    fn n15_equal_counts_the_last_mover_wins() {
        // Equal counts (2 and 2) after "move by dark, pass, pass".
        let b = board(
            "X X O O .
             . . . . .
             . . . . .
             . . . . .
             . . . . .",
        );
        let g = NabuGame::from_board(b, Color::Light);
        let o = g.fallback(Color::Dark);
        assert_eq!((o.winner, o.end), (Color::Dark, NabuEnd::LastMover));
        let o = g.fallback(Color::Light);
        assert_eq!((o.winner, o.end), (Color::Light, NabuEnd::LastMover));
    }
}
