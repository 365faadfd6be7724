//! The games' layer: the rules a table can hold (Othello's [`Position`] and
//! Nabucodonosor's [`nabu::NabuGame`] behind one trait, [`rules::Rules`]), a
//! game in progress ([`session::Session`]: seats, clock, seed, word and every
//! move), Othello's handicap, the fair-play seed that draws the colours and
//! [`Colours`], who decides them (the draw or a tournament's pairing);
//! and the words every layer above shares (which game, a move as played,
//! a seat, a verdict), in leaf modules; [`timed::Timed`], a game clock kept
//! beside a game.
//! Above the board, below the record, the table and the engine.
//!
//! [`Position`]: crate::Position

mod colours;
pub mod fairness;
pub mod handicap;
mod kind;
pub mod nabu;
mod played;
pub mod rules;
mod seat;
pub mod session;
pub mod timed;

pub use colours::{Colours, TournamentRound};
pub use kind::{GameKind, GameResult, Verdict};
pub use played::{Assist, Moves, Played};
pub use seat::Seat;
