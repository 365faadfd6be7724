//! The engine layer: the evaluation, the midgame search, the exact endgame
//! solver, the opening book and the bot's levels over them; Nabucodonosor's
//! bot; the analysis of a position and the games read for review and for the
//! history page. It stands on the board, the games and the record; nothing
//! below imports it.

pub mod analysis;
pub mod book;
pub mod bot;
pub mod budget;
pub mod endgame;
pub mod eval;
pub mod nabu_bot;
pub mod replay;
pub mod review;
pub mod search;
mod slots;

#[cfg(test)]
mod tests;
