//! The clocks a table plays under, in one notation everywhere (the New game
//! dialog, the address, the API, the record, GGF):
//!
//! - a clock a move, `30`: seconds a turn, the table placing for a player
//!   whose time runs out (rule T16);
//! - a game clock, `BASE+INC` in seconds (`180+2`): each player's time runs
//!   only on their turn, the increment is added after each of their moves,
//!   a forced pass costs nothing, and a player whose time runs out loses on
//!   time ([`GameClock`], scored by [`score_on_time`]);
//! - correspondence, `Nd`: 1 to 14 days a move.
//!
//! [`Speed`] classes a clock as lichess rates its games. A leaf: it imports
//! nothing of the crate but `serde_text`.
//!
//! ```
//! use virada::clock::{TimeControl, Speed};
//! let c: TimeControl = "180+2".parse().unwrap();
//! assert_eq!(c, TimeControl::Game { base: 180, increment: 2 });
//! assert_eq!(c.to_string(), "180+2");
//! assert_eq!(c.speed(), Speed::Blitz);
//! assert_eq!("0+0".parse::<TimeControl>().unwrap_err().code(), "bad-clock");
//! ```

mod game_clock;
mod notation;
mod speed;

pub use game_clock::{score_ended_early, score_on_time, tenths_of, Flagged, GameClock, MAX_TENTHS};
pub use notation::{
    ClockError, TimeControl, MAX_BASE, MAX_DAYS, MAX_INCREMENT, MAX_PER_MOVE, PLAYERS_FORM,
};
pub use speed::Speed;
