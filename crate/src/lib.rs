//! # virada
//!
//! The rules of Othello (and of Nabucodonosor) for the Virada table, on
//! bitboards, with the notations Othello people use, fair-play records and a
//! search engine. The same crate builds natively and for WebAssembly, where
//! `src/wasm/` is the only module that knows the browser (wasm-bindgen).
//!
//! Layers, each importing only those before it:
//!
//! - [`board`]: Othello's squares, bitboards, positions, move generation and
//!   notations;
//! - [`game`]: the rules a table holds (Othello and Nabucodonosor), a game in
//!   progress, the handicap and the fair-play seed;
//! - [`record`]: the game record, its writer, parser and verifier, and match
//!   play;
//! - [`engine`]: evaluation, search, endgame solver, book, the bots, the
//!   analysis and the games read for review and history;
//! - [`puzzle`]: puzzles from finished games, their answers proven by the
//!   endgame solver, played as a line of perfect replies, and rated;
//! - [`table`]: what the page and the server ask of a game at the table
//!   ([`table::AnyTable`] for either game).
//!
//! Below them all, six leaves: [`clock`], the clocks' notation, a game
//! clock's state and the speed classes, [`json`], the one JSON writer, `text`,
//! untrusted text cut for messages, [`rating`], the online table's
//! Glicko-2 ratings as kept and written, [`tournament`], Swiss, round robin
//! and arena pairings, their file and its checks, and `serde_text`, serde
//! for the types written as text (with the `serde` feature).
//!
//! With the `serde` feature (on in every wasm package, and for the server
//! and the command line), the library's public data derive serde's
//! `Serialize` and `Deserialize`: the record and its parts, the settings,
//! a table's snapshot, match play and ratings. `src/module_graph.rs` (a test) checks
//! that no module imports in a cycle and that these layers run one way.
//!
//! ```
//! use virada::{Position, Square};
//! let start = Position::start();
//! assert_eq!(start.legal_moves().count(), 4);
//! let f5: Square = "f5".parse().unwrap();
//! let next = start.play(f5).unwrap();
//! assert_eq!(next.flips("f6".parse().unwrap()).count(), 1);
//! ```

pub mod board;
pub mod clock;
pub mod engine;
pub mod game;
pub mod json;
pub mod puzzle;
pub mod rating;
pub mod record;
#[cfg(feature = "serde")]
mod serde_text;
pub mod table;
mod text;
pub mod tournament;

#[cfg(test)]
mod module_graph;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use board::{
    parse_obf_text, parse_transcript, write_transcript, write_transcript_with_passes, Annotation,
    Bitboard, Board, Color, GgfError, GgfGame, GgfMove, GgfType, IllegalMove, Move, Obf, ObfError,
    ObfLineError, Outcome, OverlapError, ParseSquareError, Position, Square, Squares,
    TranscriptError, MAX_GGF_CHARS, MAX_OBF_LINE_CHARS, MAX_TRANSCRIPT_CHARS,
};
