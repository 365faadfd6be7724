//! A rule set the table can hold: what a session, a record and the verifier
//! need from a game, implemented by Othello's [`Position`] and by
//! Nabucodonosor's [`NabuGame`]. Everything else (seats, clock, seed, word,
//! the moves with the table's marks, the record) is written once, over this trait.

use crate::game::nabu::{NabuGame, NabuIllegal, NabuMove};
use crate::game::{GameKind, Moves, Played, Verdict};
use crate::{Color, IllegalMove, Move, Outcome, Position, Square};
use std::fmt;

/// One game's rules: the state of a game from its start, and how a move
/// changes it.
pub trait Rules: Clone + fmt::Debug {
    /// One turn in the game's notation (`Display` is the record's spelling).
    type Move: Copy + Eq + fmt::Display + fmt::Debug;
    /// Why a move was refused.
    type Illegal: std::error::Error + Clone + PartialEq;

    /// Which game, as the record names it.
    fn kind(&self) -> GameKind;
    /// The colour to move.
    fn side_to_move(&self) -> Color;
    /// Every legal move now, in the game's usual order (a pass when forced,
    /// nothing once over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays `mv` after checking it; returns the cells it turned over
    /// (flipped or captured), as indices in reading order from a1.
    fn play(&mut self, mv: Self::Move) -> Result<Vec<usize>, Self::Illegal>;
    /// The pass.
    fn pass_move() -> Self::Move;
    /// Whether the side to move has nothing but a pass (the game not over).
    fn must_pass(&self) -> bool;
    /// The move the table makes when the mover's clock runs out; `None` once over.
    fn timeout_move(&self) -> Option<Self::Move>;
    /// Discs on the board, `[dark, light]`.
    fn counts(&self) -> [u32; 2];
    /// Who won, once the game is over (never [`Verdict::Unfinished`]).
    fn verdict(&self) -> Option<Verdict>;
    /// Reads a move as the page or the record writes it (without `*`).
    fn parse_move(text: &str) -> Option<Self::Move>;
    /// The stable code of a refusal, for the page to translate.
    fn illegal_code(e: &Self::Illegal) -> &'static str;
    /// Whether the players exchanged colours (Nabucodonosor's pie rule).
    fn swapped(&self) -> bool {
        false
    }
    /// The record's moves field for these plies.
    fn record_moves(plies: Vec<Played<Self::Move>>) -> Moves;
    /// The board row by row from a1: `X` dark, `O` light, `-` empty.
    fn cells(&self) -> String;
    /// The board's side.
    fn size(&self) -> usize;
}

impl Rules for Position {
    type Move = Move;
    type Illegal = IllegalMove;

    fn kind(&self) -> GameKind {
        GameKind::Othello
    }

    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.must_pass() {
            return vec![Move::Pass];
        }
        Position::legal_moves(self)
            .squares()
            .map(Move::Play)
            .collect()
    }

    fn play(&mut self, mv: Move) -> Result<Vec<usize>, IllegalMove> {
        let flips = match mv {
            Move::Play(sq) => self.flips(sq),
            Move::Pass => crate::Bitboard::EMPTY,
        };
        *self = self.play_move(mv)?;
        Ok(flips.squares().map(|s| s.index()).collect())
    }

    fn pass_move() -> Move {
        Move::Pass
    }

    fn must_pass(&self) -> bool {
        Position::must_pass(self)
    }

    fn timeout_move(&self) -> Option<Move> {
        match Position::timeout_move(self) {
            Some(sq) => Some(Move::Play(sq)),
            None if Position::must_pass(self) => Some(Move::Pass),
            None => None,
        }
    }

    fn counts(&self) -> [u32; 2] {
        [self.count(Color::Dark), self.count(Color::Light)]
    }

    fn verdict(&self) -> Option<Verdict> {
        self.outcome().map(|o| match o {
            Outcome::Win(Color::Dark) => Verdict::DarkWins,
            Outcome::Win(Color::Light) => Verdict::LightWins,
            Outcome::Draw => Verdict::Draw,
        })
    }

    fn parse_move(text: &str) -> Option<Move> {
        if text.eq_ignore_ascii_case("pa") {
            return Some(Move::Pass);
        }
        text.parse::<Square>().ok().map(Move::Play)
    }

    fn illegal_code(e: &IllegalMove) -> &'static str {
        e.code()
    }

    fn record_moves(plies: Vec<Played<Move>>) -> Moves {
        Moves::Othello(plies)
    }

    fn cells(&self) -> String {
        self.board().cells()
    }

    fn size(&self) -> usize {
        8
    }
}

impl Rules for NabuGame {
    type Move = NabuMove;
    type Illegal = NabuIllegal;

    fn kind(&self) -> GameKind {
        GameKind::Nabucodonosor(NabuGame::size(self) as u8)
    }

    fn side_to_move(&self) -> Color {
        self.to_move()
    }

    fn legal_moves(&self) -> Vec<NabuMove> {
        NabuGame::legal_moves(self)
    }

    fn play(&mut self, mv: NabuMove) -> Result<Vec<usize>, NabuIllegal> {
        NabuGame::play(self, mv)?;
        let n = NabuGame::size(self);
        Ok(match mv {
            NabuMove::Capture(r) => r.cells().iter().map(|c| c.index(n)).collect(),
            _ => Vec::new(),
        })
    }

    fn pass_move() -> NabuMove {
        NabuMove::Pass
    }

    fn must_pass(&self) -> bool {
        self.outcome().is_none() && NabuGame::legal_moves(self) == [NabuMove::Pass]
    }

    fn timeout_move(&self) -> Option<NabuMove> {
        NabuGame::timeout_move(self)
    }

    fn counts(&self) -> [u32; 2] {
        let b = self.board();
        [b.count(Color::Dark), b.count(Color::Light)]
    }

    fn verdict(&self) -> Option<Verdict> {
        self.outcome().map(|o| match o.winner {
            Color::Dark => Verdict::DarkWins,
            Color::Light => Verdict::LightWins,
        })
    }

    fn parse_move(text: &str) -> Option<NabuMove> {
        if text.trim() != text || text.is_empty() {
            return None;
        }
        text.parse().ok()
    }

    fn illegal_code(e: &NabuIllegal) -> &'static str {
        e.code()
    }

    fn swapped(&self) -> bool {
        NabuGame::swapped(self)
    }

    fn record_moves(plies: Vec<Played<NabuMove>>) -> Moves {
        Moves::Nabucodonosor(plies)
    }

    fn cells(&self) -> String {
        self.board().cells()
    }

    fn size(&self) -> usize {
        NabuGame::size(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_games_answer_the_same_questions() {
        let mut p = Position::start();
        assert_eq!(Rules::legal_moves(&p).len(), 4);
        assert_eq!(
            Rules::timeout_move(&p),
            Some(Move::Play("d3".parse().unwrap()))
        );
        assert_eq!(
            Rules::play(&mut p, Move::Play("f5".parse().unwrap())),
            Ok(vec![36])
        );
        assert_eq!(Rules::counts(&p), [4, 1]);
        let mut g = NabuGame::new(6).unwrap();
        assert_eq!(
            Rules::play(&mut g, NabuMove::Swap).unwrap_err().code(),
            "swap"
        );
        assert_eq!(Rules::timeout_move(&g), Some("a1".parse().unwrap()));
        assert!(<NabuGame as Rules>::parse_move(" d3").is_none());
        assert_eq!(
            Played {
                mv: Move::Pass,
                by_table: false
            }
            .to_string(),
            "PA"
        );
        assert_eq!(
            Played {
                mv: NabuMove::Swap,
                by_table: true
            }
            .to_string(),
            "*swap"
        );
    }
}
