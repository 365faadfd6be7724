//! The notations Othello players exchange, in and out:
//!
//! - transcripts, `f5d6c3d3…` ([`parse_transcript`], [`write_transcript`]);
//! - OBF position lines, `<64 cells> <side>; MOVE:score; … % comment` ([`Obf`]);
//! - GGF game records, `(;GM[Othello]…BO[8 …]B[f5]W[d6]…;)` ([`GgfGame`]).
//!
//! Each reader has its own error type, with a message that says what is wrong
//! and where, and a stable `code()` for the user interface. Bad input is an
//! error, never a panic.

mod ggf;
mod ggf_error;
mod ggf_type;
mod obf;
mod transcript;

pub use ggf::{GgfError, GgfGame, GgfMove, GgfType};
pub use obf::{parse_obf_text, Annotation, Obf, ObfError, ObfLineError, MAX_OBF_LINE_CHARS};
pub use transcript::{
    parse_transcript, write_transcript, write_transcript_with_passes, TranscriptError,
    MAX_TRANSCRIPT_CHARS,
};

use crate::{Bitboard, Board};

/// The longest GGF record read, in characters.
pub const MAX_GGF_CHARS: usize = 65_536;

/// A board from 64 cells in reading order (`Some(true)` dark, `Some(false)`
/// light, `None` empty).
fn board_from_cells(cells: &[Option<bool>; 64]) -> Board {
    let (mut dark, mut light) = (0u64, 0u64);
    for (i, cell) in cells.iter().enumerate() {
        match cell {
            Some(true) => dark |= 1 << i,
            Some(false) => light |= 1 << i,
            None => {}
        }
    }
    // Disjoint by construction: each cell is one of the three.
    Board::new(Bitboard(dark), Bitboard(light)).unwrap_or(Board::START)
}
