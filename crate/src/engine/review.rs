//! A game read for review: from a record, a GGF game or a transcript, with
//! the crate's own parsers, and the position before every ply, so the page
//! steps through it without applying a rule itself.
//!
//! ```
//! use virada::engine::review::read_game;
//! let game = read_game("f5 d6 c3").unwrap();
//! assert_eq!(game.moves.len(), 3);
//! assert_eq!(game.positions().len(), 4);
//! ```

use crate::game::{GameKind, Moves};
use crate::{GgfGame, Move, Position};
use std::fmt;

/// Where a reviewed game came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A Virada record (`virada-record 1`).
    Record,
    /// A GGF game, `(;GM[Othello]…;)`.
    Ggf,
    /// A transcript, `f5d6c3…`.
    Transcript,
}

impl Source {
    /// `record`, `ggf` or `transcript`.
    pub fn name(self) -> &'static str {
        match self {
            Source::Record => "record",
            Source::Ggf => "ggf",
            Source::Transcript => "transcript",
        }
    }
}

/// A game to review: Othello from its start (the usual one, a handicap's
/// (V2) or a GGF game's set-up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewGame {
    /// What it was read from.
    pub source: Source,
    /// The position before the first ply.
    pub start: Position,
    /// Every ply, passes included.
    pub moves: Vec<Move>,
    /// Which plies the table placed on time-out (from a record).
    pub by_table: Vec<bool>,
}

/// Why a text could not be reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// A record of another game (Nabucodonosor).
    NotOthello,
    /// A record the record parser refused: its code.
    Record(&'static str),
    /// A GGF game the parser refused: its code.
    Ggf(&'static str),
    /// A transcript the parser refused: its code.
    Transcript(&'static str),
    /// A move the rules refuse (records are read for form only).
    Illegal {
        /// The ply, from 1.
        ply: usize,
    },
}

impl ReadError {
    /// A stable code for the page to translate.
    pub fn code(&self) -> &'static str {
        match self {
            ReadError::NotOthello => "review-not-othello",
            ReadError::Record(c) | ReadError::Ggf(c) | ReadError::Transcript(c) => c,
            ReadError::Illegal { .. } => "review-illegal-move",
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotOthello => f.write_str("the record is not of an Othello game"),
            ReadError::Record(c) => write!(f, "the record cannot be read ({c})"),
            ReadError::Ggf(c) => write!(f, "the GGF game cannot be read ({c})"),
            ReadError::Transcript(c) => write!(f, "the transcript cannot be read ({c})"),
            ReadError::Illegal { ply } => write!(f, "move {ply} is not legal"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads a record, a GGF game or a transcript (told apart by how they start).
pub fn read_game(text: &str) -> Result<ReviewGame, ReadError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let game = if trimmed.starts_with(crate::record::MAGIC) {
        let record = crate::record::parse(text).map_err(|e| ReadError::Record(e.code()))?;
        if record.game != GameKind::Othello {
            return Err(ReadError::NotOthello);
        }
        // A handicap (V2) changes the start.
        let start = record
            .handicap
            .map_or_else(Position::start, |h| h.start(record.dark));
        let Moves::Othello(played) = record.moves else {
            return Err(ReadError::NotOthello);
        };
        ReviewGame {
            source: Source::Record,
            start,
            moves: played.iter().map(|m| m.mv).collect(),
            by_table: played.iter().map(|m| m.by_table).collect(),
        }
    } else if trimmed.starts_with("(;") {
        let ggf: GgfGame = trimmed
            .parse()
            .map_err(|e: crate::GgfError| ReadError::Ggf(e.code()))?;
        let moves = ggf.plain_moves();
        ReviewGame {
            source: Source::Ggf,
            start: ggf.start,
            by_table: vec![false; moves.len()],
            moves,
        }
    } else {
        let moves = crate::parse_transcript(trimmed.trim_end(), Position::start())
            .map_err(|e| ReadError::Transcript(e.code()))?;
        ReviewGame {
            source: Source::Transcript,
            start: Position::start(),
            by_table: vec![false; moves.len()],
            moves,
        }
    };
    game.positions_checked()?;
    Ok(game)
}

impl ReviewGame {
    fn positions_checked(&self) -> Result<Vec<Position>, ReadError> {
        let mut at = self.start;
        let mut out = vec![at];
        for (i, mv) in self.moves.iter().enumerate() {
            at = at
                .play_move(*mv)
                .map_err(|_| ReadError::Illegal { ply: i + 1 })?;
            out.push(at);
        }
        Ok(out)
    }

    /// The position before each ply, then the last one (one more than the plies).
    pub fn positions(&self) -> Vec<Position> {
        self.positions_checked()
            .unwrap_or_else(|_| vec![self.start])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_three_kinds() {
        let t = read_game("f5d6c3d3c4").unwrap();
        assert_eq!(t.source, Source::Transcript);
        assert_eq!(t.moves.len(), 5);
        let g = read_game("(;GM[Othello]PC[x]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6];)")
            .unwrap();
        assert_eq!(g.source, Source::Ggf);
        assert_eq!(g.moves.len(), 2);
        let text = include_str!("../../../tests/data/records/good-with-word.txt");
        let r = read_game(text).unwrap();
        assert_eq!(r.source, Source::Record);
        assert!(r.by_table.iter().any(|&b| b));
        assert_eq!(r.positions().len(), r.moves.len() + 1);
    }

    #[test]
    fn refuses_with_a_code() {
        assert_eq!(read_game("f5f5").unwrap_err().code(), "transcript-occupied");
        assert_eq!(read_game("zz").unwrap_err().code(), "transcript-bad-char");
        assert!(read_game("(;GM[Othello]")
            .unwrap_err()
            .code()
            .starts_with("ggf-"));
    }
}
