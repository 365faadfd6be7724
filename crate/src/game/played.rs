//! What was played: a move with the table's mark, a game's plies in either
//! game's notation, and the hints and undos a casual game used. The words
//! the rules, the session and the record share; below them all, it imports
//! only the two games' move types.

use crate::game::nabu::NabuMove;
use crate::Move;
use std::fmt;

/// A move as played, with whether the table chose it for a player whose
/// clock ran out (T16, and the time-out rule of Nabucodonosor). Written with
/// a `*` before a table's move (`*f5`, `*c3:e4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Played<M> {
    /// The move.
    pub mv: M,
    /// Chosen by the table on time-out.
    pub by_table: bool,
}

impl<M: fmt::Display> fmt::Display for Played<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.by_table {
            f.write_str("*")?;
        }
        write!(f, "{}", self.mv)
    }
}

/// Written as the record writes it (`*f5` for a table's move), read back
/// through the move's own `Deserialize`.
#[cfg(feature = "serde")]
impl<M: fmt::Display> serde::Serialize for Played<M> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de, M: serde::Deserialize<'de>> serde::Deserialize<'de> for Played<M> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Played<M>, D::Error> {
        use serde::de::value::StrDeserializer;
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let (by_table, mv) = match text.strip_prefix('*') {
            Some(mv) => (true, mv),
            None => (false, &*text),
        };
        let mv = M::deserialize(StrDeserializer::<D::Error>::new(mv))?;
        Ok(Played { mv, by_table })
    }
}

/// The plies of a game (a record's `moves`), in the game's own notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Moves {
    /// Othello plies; passes are never marked as placed by the table.
    Othello(Vec<Played<Move>>),
    /// Nabucodonosor turns, swap and passes included.
    Nabucodonosor(Vec<Played<NabuMove>>),
}

impl Moves {
    /// How many plies.
    pub fn len(&self) -> usize {
        match self {
            Moves::Othello(m) => m.len(),
            Moves::Nabucodonosor(m) => m.len(),
        }
    }

    /// No ply at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A help a casual game used against the bot (version 2's `assists` line),
/// in the order they happened. Plies are numbered from 1 in the game as it
/// stood then (taken-back plies are not in the record's moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Assist {
    /// `hint P`: the bot's best move was shown before ply `ply` was played.
    Hint {
        /// The ply about to be played (plies so far + 1).
        ply: usize,
    },
    /// `undo P K`: `plies` plies were taken back when ply `ply` was about
    /// to be played, leaving `ply - 1 - plies`.
    Undo {
        /// The ply about to be played (plies so far + 1).
        ply: usize,
        /// How many plies were taken back (at least 1).
        plies: usize,
    },
}

impl fmt::Display for Assist {
    /// `hint 12`, `undo 20 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Assist::Hint { ply } => write!(f, "hint {ply}"),
            Assist::Undo { ply, plies } => write!(f, "undo {ply} {plies}"),
        }
    }
}
