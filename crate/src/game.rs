//! A game at the table: seats, clock setting, the secret seed, the word, and
//! every move in order with the ones the table placed marked (T16, T17).
//!
//! This is the state the page keeps, the bot reads, and the record writes out.
//! It holds only what cannot be derived: positions, disc supplies (T7) and the
//! result come from replaying the moves.

use crate::fairness::{dark_seat, Seed};
use crate::{Color, IllegalMove, Move, Outcome, Position};

/// Who sits in a seat (T17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person at the device.
    Person,
    /// The bot, at this level.
    Bot {
        /// 1 (weakest) upwards.
        level: u8,
    },
}

/// A move as played, with whether the table placed it for a player whose clock
/// ran out (T16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// Placed by the table on time-out.
    pub by_table: bool,
}

/// Discs each colour has to place at the start (T7): 64 squares less the 4 of the set-up.
pub const SUPPLY_AT_START: u32 = 30;

/// One Othello game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The two seats; which one plays dark is decided by the seed and the word.
    pub seats: [Seat; 2],
    /// Seconds per turn, `None` for no clock.
    pub clock: Option<u32>,
    /// The secret seed.
    pub seed: Seed,
    /// The seed was chosen by someone (e.g. `?seed=` in the page) rather than
    /// drawn in secret: the record says so, since such a game proves nothing
    /// about fairness.
    pub seed_chosen: bool,
    /// The players' word, mixed into the colour draw; empty for none.
    pub word: String,
    /// Every ply so far, passes included.
    moves: Vec<PlayedMove>,
    /// The position after the last move.
    position: Position,
}

impl Game {
    /// A new game at the start position.
    pub fn new(seats: [Seat; 2], clock: Option<u32>, seed: Seed, word: String) -> Game {
        Game {
            seats,
            clock,
            seed,
            seed_chosen: false,
            word,
            moves: Vec::new(),
            position: Position::start(),
        }
    }

    /// Which seat (0 or 1) plays dark.
    pub fn dark_seat(&self) -> usize {
        dark_seat(&self.seed, &self.word)
    }

    /// The seat that plays `color`.
    pub fn seat_of(&self, color: Color) -> usize {
        match color {
            Color::Dark => self.dark_seat(),
            Color::Light => 1 - self.dark_seat(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Every ply so far.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// The result, once neither side can move.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Plays a move checked against the rules; a pass is legal only when forced.
    pub fn play(&mut self, mv: Move, by_table: bool) -> Result<(), IllegalMove> {
        self.position = self.position.play_move(mv)?;
        self.moves.push(PlayedMove { mv, by_table });
        Ok(())
    }

    /// Discs each colour still has to place (T7), `[dark, light]`. A colour
    /// whose supply is empty when it places is given one by the other.
    pub fn supplies(&self) -> [u32; 2] {
        let mut supply = [SUPPLY_AT_START; 2];
        let mut side = Color::Dark;
        for played in &self.moves {
            if let Move::Play(_) = played.mv {
                let (me, other) = match side {
                    Color::Dark => (0, 1),
                    Color::Light => (1, 0),
                };
                if supply[me] > 0 {
                    supply[me] -= 1;
                } else {
                    supply[other] = supply[other].saturating_sub(1);
                }
            }
            side = side.other();
        }
        supply
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn supplies_fall_by_one_per_placement_and_not_on_passes() {
        let mut g = Game::new(
            [Seat::Person, Seat::Person],
            Some(30),
            Seed([7; 32]),
            String::new(),
        );
        assert_eq!(g.supplies(), [30, 30]);
        g.play(Move::Play("f5".parse().unwrap()), false).unwrap();
        assert_eq!(g.supplies(), [29, 30]);
        assert!(g.play(Move::Pass, false).is_err());
        assert_eq!(g.moves().len(), 1);
    }
}
