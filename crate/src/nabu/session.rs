//! A Nabucodonosor game at the table: seats, clock, seed and word (as for
//! Othello's `game::Game`), the board side and every move with the ones the
//! table placed on time-out marked.

use super::board::NabuParseError;
use super::game::{NabuGame, NabuIllegal, NabuMove};
use crate::fairness::{dark_seat, Seed};
use crate::game::Seat;
use crate::Color;
use std::fmt;

/// A move as played, with whether the table chose it for a player whose
/// clock ran out. Written `d3`, `c3:e4`, `swap`, `pass`, with a `*` before a
/// table's move (`*d3`, `*c3:e4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NabuPlayed {
    /// The move.
    pub mv: NabuMove,
    /// Chosen by the table on time-out.
    pub by_table: bool,
}

impl fmt::Display for NabuPlayed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.by_table {
            f.write_str("*")?;
        }
        write!(f, "{}", self.mv)
    }
}

impl std::str::FromStr for NabuPlayed {
    type Err = NabuParseError;

    /// Reads a move, with an optional leading `*` (not on `swap` or `pass`).
    fn from_str(s: &str) -> Result<NabuPlayed, NabuParseError> {
        let (by_table, rest) = match s.strip_prefix('*') {
            Some(r) => (true, r),
            None => (false, s),
        };
        if rest.trim() != rest || rest.is_empty() {
            return Err(NabuParseError::Move(s.to_string()));
        }
        let mv: NabuMove = rest.parse()?;
        if by_table && matches!(mv, NabuMove::Swap | NabuMove::Pass) {
            return Err(NabuParseError::Move(s.to_string()));
        }
        Ok(NabuPlayed { mv, by_table })
    }
}

/// One Nabucodonosor game at the table, in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NabuSession {
    /// The two seats; which one plays dark first is decided by the seed and
    /// the word (a swap then exchanges colours).
    pub seats: [Seat; 2],
    /// Seconds per turn, `None` for no clock.
    pub clock: Option<u32>,
    /// The secret seed.
    pub seed: Seed,
    /// The seed was chosen rather than drawn in secret.
    pub seed_chosen: bool,
    /// The players' word, mixed into the colour draw.
    pub word: String,
    game: NabuGame,
    by_table: Vec<bool>,
}

impl NabuSession {
    /// A new game on an empty `size`×`size` board.
    pub fn new(
        size: usize,
        seats: [Seat; 2],
        clock: Option<u32>,
        seed: Seed,
        word: String,
    ) -> Result<NabuSession, NabuParseError> {
        Ok(NabuSession {
            seats,
            clock,
            seed,
            seed_chosen: false,
            word,
            game: NabuGame::new(size)?,
            by_table: Vec::new(),
        })
    }

    /// The game so far.
    pub const fn game(&self) -> &NabuGame {
        &self.game
    }

    /// Which seat (0 or 1) played dark at the start (F1–F6).
    pub fn dark_seat(&self) -> usize {
        dark_seat(&self.seed, &self.word)
    }

    /// The seat that holds `color` now (after a swap, the other one).
    pub fn seat_of(&self, color: Color) -> usize {
        let dark = self.dark_seat() ^ usize::from(self.game.swapped());
        match color {
            Color::Dark => dark,
            Color::Light => 1 - dark,
        }
    }

    /// Every move so far with its table mark.
    pub fn played(&self) -> Vec<NabuPlayed> {
        self.game
            .moves()
            .iter()
            .zip(&self.by_table)
            .map(|(&mv, &by_table)| NabuPlayed { mv, by_table })
            .collect()
    }

    /// Plays `mv` for the side to move.
    pub fn play(&mut self, mv: NabuMove) -> Result<(), NabuIllegal> {
        self.game.play(mv)?;
        self.by_table.push(false);
        Ok(())
    }

    /// Plays the table's time-out move (largest capture, else the first
    /// placement in reading order, else a pass) and returns it; `None` once over.
    pub fn time_out(&mut self) -> Option<NabuMove> {
        let mv = self.game.timeout_move()?;
        self.game.play_unchecked(mv);
        // A pass is never marked: it is forced, not chosen by the table.
        self.by_table.push(mv != NabuMove::Pass);
        Some(mv)
    }
}
