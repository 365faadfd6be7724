//! The bot's entry point: picks a move for the side to move.
//!
//! Placeholder until the search engine lands: plays the legal square that
//! flips the most discs (the table's time-out rule, T16).

use crate::{Move, Position};

/// The bot's choice in `position` at `level`. Passes only when forced.
pub fn choose(position: &Position, _level: u8) -> Move {
    position.timeout_move().map_or(Move::Pass, Move::Play)
}
