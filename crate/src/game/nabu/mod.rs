//! Nabucodonosor (Nebuchadnezzar, Corey Clark 2020): an annihilation game of
//! placements and rectangle captures on an n×n board, 5 ≤ n ≤ 15, under the
//! reading N1–N15 set out in `docs/rules.md`. Its bot is the engine's
//! [`nabu_bot`](crate::engine::nabu_bot).
//!
//! ```
//! use virada::game::nabu::{NabuGame, NabuMove};
//! let mut game = NabuGame::new(8).unwrap();
//! assert_eq!(game.legal_moves().len(), 64);
//! game.play("d3".parse().unwrap()).unwrap();
//! assert!(game.legal_moves().contains(&NabuMove::Swap));
//! ```

mod board;
mod capture;
mod game;

pub use board::{cells_of, Cell, NabuBoard, NabuParseError, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use capture::{apply_capture, captures, is_capture, Rect};
pub use game::{NabuEnd, NabuGame, NabuIllegal, NabuMove, NabuOutcome};
