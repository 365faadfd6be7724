//! Tournaments: Swiss pairings by FIDE's Dutch system (C.04.3), the
//! Tournament Report File (TRF) they read and write, the checks of a
//! tournament's pairings, Othello's tiebreaks, round robins by Berger
//! tables and arenas. Pure functions of their input: no clock, no I/O,
//! so a finished tournament can be checked from its file as a game is from
//! its record (`docs/tournaments.md`).
//!
//! A leaf of the library: it names no other module of the crate.

mod arena;
mod arena_check;
mod check;
mod colours;
mod dutch;
mod entry;
mod matching;
mod roundrobin;
mod signed;
mod state;
mod tiebreak;
mod trf;
mod unplayed;
mod verify;
mod weights;
mod wide;

pub use arena::{Arena, ArenaPlayer, ArenaResult};
pub use arena_check::{arena_breaches, is_arena, ArenaBreach, ARENA_TYPE};
pub use check::{breaches, check_rounds, round_pairs, same_pairs, Breach, RoundCheck};
pub use dutch::{pair_next_round, MAX_PAIRED};
pub use entry::{Colour, Entry, Outcome, Pair, Points};
pub use matching::max_weight_matching;
pub use roundrobin::{berger, divisions, Game, MAX_DIVISION, MIN_DIVISION};
pub use signed::{sign_trf, signature_holds, signed_trf, SignedTrf, SIGNATURE_CODE};
pub use state::{Entrant, Float, PairingError, State};
pub use tiebreak::{standings, Decider, RoundResult, Standing, BRIGHTWELL_FACTOR, UNPLAYED_DISCS};
pub use trf::{tenths, Player, Trf, TrfError, MAX_TRF_BYTES};
pub use unplayed::{forfeit, withdrawal, Unplayed};
pub use verify::{pair_text, verify_trf, TrfCheck, TrfEntrant, TrfReport, TrfStatus};
pub use wide::{Wide, WIDE_BITS};
