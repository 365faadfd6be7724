//! The board layer, Othello's: squares and bitboards, the raw placement of
//! discs, the position with its side to move and its rules of play, the
//! move generator, the discs that can never flip again, and the notations
//! Othello people exchange (transcripts, OBF, GGF). It imports nothing else
//! of the crate.

mod bitboard;
pub mod movegen;
mod notation;
mod placement;
mod position;
mod square;
mod stability;

pub use bitboard::{Bitboard, Squares};
pub use notation::{
    parse_obf_text, parse_transcript, write_transcript, write_transcript_with_passes, Annotation,
    GgfError, GgfGame, GgfMove, GgfType, Obf, ObfError, ObfLineError, TranscriptError,
    MAX_GGF_CHARS, MAX_OBF_LINE_CHARS, MAX_TRANSCRIPT_CHARS,
};
pub use placement::{Board, Color, OverlapError};
pub use position::{IllegalMove, Move, Outcome, Position, SUPPLY_AT_START};
pub use square::{ParseSquareError, Square};
pub use stability::stable;
