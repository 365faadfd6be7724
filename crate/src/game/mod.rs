//! The games' layer: the rules a table can hold (Othello's [`Position`] and
//! Nabucodonosor's [`nabu::NabuGame`] behind one trait, [`rules::Rules`]), a
//! game in progress ([`session::Session`]: seats, clock, seed, word and every
//! move), Othello's handicap and the fair-play seed that decides the colours.
//! Above the board, below the record, the table and the engine.
//!
//! [`Position`]: crate::Position

pub mod fairness;
pub mod handicap;
pub mod nabu;
pub mod rules;
pub mod session;
