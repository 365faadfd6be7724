//! # virada
//!
//! The rules of Othello (and of Nabucodonosor) for the Virada table, on
//! bitboards, with the notations Othello people use, fair-play records and a
//! search engine. The same crate builds natively (with the `virada` CLI) and
//! for WebAssembly, where `wasm.rs` is the only file that knows the browser.
//!
//! ```
//! use virada::{Position, Square};
//! let start = Position::start();
//! assert_eq!(start.legal_moves().count(), 4);
//! let f5: Square = "f5".parse().unwrap();
//! let next = start.play(f5).unwrap();
//! assert_eq!(next.flips("f6".parse().unwrap()).count(), 1);
//! ```

pub mod analysis;
mod bitboard;
mod board;
pub mod book;
pub mod bot;
pub mod endgame;
pub mod eval;
pub mod fairness;
pub mod handicap;
pub mod matchplay;
pub mod movegen;
pub mod nabu;
mod notation;
mod position;
pub mod record;
pub mod replay;
pub mod review;
pub mod rules;
pub mod search;
pub mod session;
mod square;
pub mod table;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use bitboard::{Bitboard, Squares};
pub use board::{Board, Color, OverlapError};
pub use notation::{
    parse_obf_text, parse_transcript, write_transcript, write_transcript_with_passes, Annotation,
    GgfError, GgfGame, GgfMove, Obf, ObfError, ObfLineError, TranscriptError, MAX_GGF_CHARS,
    MAX_OBF_LINE_CHARS, MAX_TRANSCRIPT_CHARS,
};
pub use position::{IllegalMove, Move, Outcome, Position};
pub use square::{ParseSquareError, Square};
