//! The game record (F5, F6): a versioned, line-based text that holds
//! everything needed to check a game, its writer, its parser and the verifier.
//!
//! ```text
//! virada-record 1
//! game: othello 8
//! seats: person, bot 3
//! clock: 30
//! fingerprint: 66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925
//! seed: 0000000000000000000000000000000000000000000000000000000000000000
//! word: ganhei!
//! dark: first
//! moves: f5 d6 c3 *d3 c4
//! result: dark 7 light 2 unfinished
//! digest: <SHA-256 of every byte above this line, lines ending in "\n">
//! ```
//!
//! - The first line names the format and its version. Then come exactly these
//!   keys, in this order, one a line, written `key: value`.
//! - `game`: `othello 8`, or `nabucodonosor N` for an N×N Nabucodonosor game
//!   (5 ≤ N ≤ 15; its moves are `d3`, `c3:e4`, `swap`, `pass`, with `*` before
//!   a placement or capture the table chose on time-out).
//! - `seats`: the first and the second seat, `person` or `bot N` (level N).
//! - `clock`: seconds per turn, or `off`; a game clock `BASE+INC` (`180+2`)
//!   or correspondence `Nd` (`2d`), with the optional `times` line after
//!   `moves` and ` on time` after a result (see `timing`'s docs and
//!   docs/record-format.md).
//! - `fingerprint`: SHA-256 of the seed's 32 raw bytes, 64 hex.
//! - `seed`: 64 hex; `hidden` before the reveal; followed by ` chosen` when
//!   someone chose it rather than the table drawing it in secret.
//! - `word`: the players' word, as typed, with `%` and control characters
//!   percent-encoded (UTF-8 bytes); empty for none.
//! - `dark`: which seat played dark, `first` or `second`: the seat the
//!   colour draw gives it (the seed and the words), except in a game a
//!   tournament paired (a `tournament` line and no `handicap` line), where
//!   the pairing set the colours and its first seat, the pairing's first
//!   mover, plays dark: `first` (rule W7).
//! - `moves`: every ply in order, separated by one space: a square (`f5`),
//!   `PA` for a pass, a `*` before a square the table placed on time-out (T16).
//! - `result`: `dark D light L` and `dark wins`, `light wins`, `draw` or
//!   `unfinished` (an abandoned game).
//! - `digest`: SHA-256 (hex) of all the text above this line. It catches a
//!   record changed by accident or by a plain edit; someone forging a record
//!   can recompute it — the fingerprint shown at the start is the guarantee.
//!
//! Version 2 (the online table) adds `second-word` (the second seat's word;
//! the colour draw's version 2), `bot N for person` seats, `handicap`,
//! `assists` and the server's `signature`. Version 3 adds, after
//! `second-word`, `random` and `second-random`: each seat's random value,
//! 64 hex or empty for none (the colour draw's version 3, from the seed and
//! both seats' random values and words).
//!
//! Version 4 (a game between accounts) adds to version 3's lines `names`
//! after `seats` (each seat's account name, `-` for none) and, for a rated
//! game, `ratings` after `result` (each seat's Glicko-2 rating before and
//! after, `R/RD/σ R/RD/σ`, [`crate::rating`]) and, for a game paired in a
//! tournament, `tournament` after that (`tournament: ID round N`; its
//! colours are the pairing's, see `dark`; a tournament's record written
//! before that rule has the handicap `seat1:first` and drawn colours, and
//! is checked by the draw). Its `result` may state a
//! resignation, a result the board does not give: `dark 20 light 14 light
//! wins, dark resigned` ([`resign`]); the verifier accepts it only in a
//! record whose signature holds, over a board where the game goes on.
//!
//! A byte-order mark, carriage returns before line ends, and blank lines before
//! the first line or after the last are ignored; nothing else is.
//!
//! A match (V1) has a record of its own, `virada-match 1`, holding every
//! game's record whole (`virada-match 2` when a server signed it): see
//! [`parse_match`], [`write_match`], [`write_match_signed`] and
//! [`verify_match_text`].

mod error;
pub mod ggf;
pub mod ggf_clock;
mod match_record;
mod match_verify;
pub mod matchplay;
mod nabu;
mod parse;
mod report;
mod timing;
mod verify;
mod write;

pub use crate::clock::tenths_of;
/// The tournament and round a game was paired in (the `tournament` line).
pub use crate::game::TournamentRound;
pub use error::{Field, RecordError};
pub use match_record::{
    is_match, parse_match, score_games, write_match, write_match_signed, MatchGame, MatchRecord,
    MatchRecordError, MatchVerdict, MATCH_MAGIC, MATCH_VERSION, MATCH_VERSION_2, MAX_MATCH_BYTES,
    MAX_MATCH_GAMES,
};
pub use match_verify::{verify_match, verify_match_text, GameReport, MatchReport};
pub use parse::parse;
pub(crate) use parse::read_assists;
pub use report::{Check, Report, Status};
pub use timing::{set_timing, Timing};
pub use verify::rating_outcome;
pub use verify::{verify, verify_text};
pub use write::resign;
pub use write::{sign, write, write_record};

use crate::game::fairness::Seed;
use crate::game::{Assist, GameKind, GameResult, Moves, Seat};

/// The first line's format name.
pub const MAGIC: &str = "virada-record";
/// The format version of a game at one device (one word; no signature).
pub const VERSION: u32 = 1;
/// The format version of a game at the online table: a word from each
/// seat (the colour draw's version 2), seats the bot took from a person,
/// and the server's signature.
pub const VERSION_2: u32 = 2;
/// The format version of a game at the online table where each seat
/// contributed a random value of its own: version 2's lines, plus `random`
/// and `second-random` (the colour draw's version 3).
pub const VERSION_3: u32 = 3;
/// The format version of a game between accounts: version 3's lines,
/// plus `names` (the seats' account names) and, for a rated game,
/// `ratings` (each seat's Glicko-2 rating before and after).
pub const VERSION_4: u32 = 4;
/// The largest record accepted, in bytes.
pub const MAX_BYTES: usize = 64 * 1024;
/// The most plies accepted in one record.
pub const MAX_MOVES: usize = 4096;
/// The longest word accepted, in bytes once decoded.
pub const MAX_WORD_BYTES: usize = 256;
/// The longest clock accepted, in seconds.
pub const MAX_CLOCK: u32 = 24 * 3600;
/// The most hints and undos accepted in one record.
pub const MAX_ASSISTS: usize = 4096;
/// The highest bot level accepted.
pub const MAX_LEVEL: u8 = 99;

/// An account's name as the online table takes it and a record writes it:
/// 3 to 20 ASCII letters, digits, `_` or `-`.
///
/// ```
/// use virada::record::valid_name;
/// assert!(valid_name("ana_b-2"));
/// assert!(!valid_name("ab") && !valid_name("ana b") && !valid_name("ação"));
/// ```
pub fn valid_name(name: &str) -> bool {
    (3..=20).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// A tournament's id as a record's `tournament` line takes it: 1 to 64
/// ASCII letters, digits, `_` or `-`.
///
/// ```
/// use virada::record::valid_tournament_id;
/// assert!(valid_tournament_id("Xy_9-a"));
/// assert!(!valid_tournament_id("") && !valid_tournament_id("a b"));
/// ```
pub fn valid_tournament_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// A parsed record: every field as written, nothing checked yet beyond its form.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    /// The game.
    pub game: GameKind,
    /// The first and second seats.
    pub seats: [Seat; 2],
    /// Seconds per turn, `None` when off (or under a game clock or
    /// correspondence: see `timing`).
    pub clock: Option<u32>,
    /// A game clock or correspondence, each ply's time left and a result
    /// on time (`None` for a clock a move or none).
    pub timing: Option<Timing>,
    /// The fingerprint as recorded.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::hex"))]
    pub fingerprint: [u8; 32],
    /// The seed, `None` while hidden.
    pub seed: Option<Seed>,
    /// Marked `chosen`.
    pub seed_chosen: bool,
    /// The format version (1 to 4).
    pub version: u32,
    /// The word, decoded (in version 2, the first seat's).
    pub word: String,
    /// Version 2: the second seat's word, decoded.
    pub second_word: Option<String>,
    /// Version 3: each seat's random value (`None` inside for none); the
    /// colour draw is then version 3 with `word` and `second_word`.
    pub randoms: Option<[Option<[u8; 32]>; 2]>,
    /// Version 2: the seats the bot took from a person (`bot N for person`).
    pub stand_in: [bool; 2],
    /// The seat recorded as playing dark (0 or 1).
    pub dark: usize,
    /// Version 2: Othello's handicap (V2), the game's start.
    pub handicap: Option<crate::game::handicap::Handicap>,
    /// Every ply.
    pub moves: Moves,
    /// Version 2: the hints and undos used, in order (empty for none).
    pub assists: Vec<Assist>,
    /// The recorded result.
    pub result: GameResult,
    /// The colour that resigned (the `result` line's `, dark resigned` or
    /// `, light resigned` after the other colour's win), `None` when the
    /// board alone gave the result. Only a signed record may state one.
    pub resigned: Option<crate::Color>,
    /// Version 4: each seat's account name, empty for a guest or the bot
    /// (`None` when the record has no `names` line).
    pub names: Option<[String; 2]>,
    /// Version 4: a rated game's ratings, each seat's `(before, after)`.
    pub ratings: Option<[(crate::rating::Stated, crate::rating::Stated); 2]>,
    /// Version 4: the tournament a game was paired in and its round
    /// (`tournament: ID round N`), `None` for a game outside any.
    pub tournament: Option<TournamentRound>,
    /// The recorded digest.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::hex"))]
    pub digest: [u8; 32],
    /// SHA-256 of the text above the digest line, as read.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::hex"))]
    pub body_digest: [u8; 32],
    /// Version 2: the server's signature, when the record carries one.
    pub signature: Option<Signature>,
}

impl Record {
    /// The game's disc score as the rules score it, dark's then light's:
    /// the `result` line's counts, except after a resignation, which the
    /// line states with the board's discs and which is scored by rule T24
    /// ([`crate::clock::score_ended_early`]: the side that resigned keeps
    /// its discs up to one less than half the board, the winner has the
    /// rest). A loss on time's line states its T23 score already. What
    /// the table, `virada verify`, Verify and a tournament's standings say.
    ///
    /// ```
    /// use virada::game::fairness::Seed;
    /// use virada::game::{session::Session, Seat};
    /// let game = Session::othello([Seat::Person; 2], Some(30), Seed([0; 32]), String::new());
    /// let text = virada::record::write(&game, true);
    /// let resigned = virada::record::resign(&text, virada::Color::Light).unwrap();
    /// let r = virada::record::parse(&resigned).unwrap();
    /// assert_eq!((r.result.dark, r.result.light), (2, 2)); // the board's
    /// assert_eq!(r.score(), (62, 2)); // light resigned: dark has the rest
    /// ```
    pub fn score(&self) -> (u32, u32) {
        let (dark, light) = (self.result.dark, self.result.light);
        let squares = u32::from(self.game.size()) * u32::from(self.game.size());
        match self.resigned {
            Some(crate::Color::Dark) => crate::clock::score_ended_early(dark, squares),
            Some(crate::Color::Light) => {
                let (light, dark) = crate::clock::score_ended_early(light, squares);
                (dark, light)
            }
            None => (dark, light),
        }
    }
}

/// The most rounds a record's `tournament` line may name.
pub const MAX_TOURNAMENT_ROUND: u32 = 999;

/// A server's Ed25519 signature of a record: of every line above the
/// `signature` line, each ending in `\n` (the digest line included).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Signature {
    /// The server's public key.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::hex"))]
    pub key: [u8; 32],
    /// The signature.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_text::hex"))]
    pub signature: [u8; 64],
    /// The signed text as read (every line above, each ending in `\n`).
    pub signed: String,
}
