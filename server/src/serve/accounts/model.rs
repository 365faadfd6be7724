//! What an account is, as kept: its documents and their keys in the
//! accounts' store ([`super::kv`]). No part of an account but its name ever
//! enters a record.
//!
//! | key | document | lapses |
//! | --- | --- | --- |
//! | `account:ID` | [`Account`]: name, passkeys, a rating a speed, counts, sessions | never (removed when deleted) |
//! | `name:LOWERCASE` | the account's id: names are unique ignoring case | removed when deleted |
//! | `credential:ID` | the account's id, by passkey credential id (base64url) | removed when deleted |
//! | `session:HASH` | [`Session`], by the SHA-256 of the cookie's secret | after [`SESSION_MS`] |
//! | `ceremony:ID` | [`Ceremony`]: a WebAuthn ceremony between its two requests | after [`CEREMONY_MS`] |
//! | `games:ID` | the account's kept games ([`GameEntry`]), oldest first | never |
//! | `rated:TABLE` | [`RatedGame`]: the ratings a game gave, once | never |
//! | index `leaderboard:SPEED` | account ids by their rating at that speed, once they have enough rated games there | — |
//!
//! Schema 1 kept one rating an account (`rating`, `rated_games`) and one
//! index `leaderboard`; `super::speeds` moves them to their speeds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use virada::clock::{Speed, TimeControl};
use virada::rating::Stated;
use webauthn_rs::prelude::{Passkey, PasskeyAuthentication, PasskeyRegistration};

/// How long a session lasts from its sign-in: 30 days.
pub const SESSION_MS: u64 = 30 * 24 * 3600 * 1000;
/// How long a WebAuthn ceremony may take between its two requests.
pub const CEREMONY_MS: u64 = 5 * 60 * 1000;
/// Passkeys one account may hold.
pub const MAX_PASSKEYS: usize = 16;
/// Sessions one account may hold; signing in once more ends the oldest.
pub const MAX_SESSIONS: usize = 32;
/// The prefix of the names that stand in for deleted accounts (reserved).
pub const DELETED_PREFIX: &str = "deleted-";

/// An account.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Account {
    /// Its id: the WebAuthn user handle, 32 hex (never shown to others).
    pub id: String,
    /// Its name as chosen (unique ignoring case).
    pub name: String,
    /// When it was made (ms since the epoch).
    pub created_ms: i64,
    /// Its passkeys.
    pub passkeys: Vec<KeptPasskey>,
    /// Its Glicko-2 rating at each speed it has played rated games at
    /// (a speed not here is unrated: [`Stated::NEW`], no games).
    #[serde(default)]
    pub ratings: BTreeMap<Speed, SpeedRating>,
    /// Games kept on the server: won, drawn, lost (rated or not).
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
    /// Its sessions, newest last.
    pub sessions: Vec<SessionRef>,
}

/// An account's rating at one speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpeedRating {
    /// Its Glicko-2 rating, as stated in the records.
    #[serde(with = "stated")]
    pub rating: Stated,
    /// Rated games played at that speed.
    pub games: u32,
}

impl SpeedRating {
    /// An unrated speed's: [`Stated::NEW`], no games.
    pub const NEW: SpeedRating = SpeedRating {
        rating: Stated::NEW,
        games: 0,
    };
}

impl Account {
    /// Its rating at `speed` ([`SpeedRating::NEW`] where it has not played).
    pub fn at(&self, speed: Speed) -> SpeedRating {
        self.ratings
            .get(&speed)
            .copied()
            .unwrap_or(SpeedRating::NEW)
    }

    /// Its rating at `speed`.
    pub fn rating(&self, speed: Speed) -> Stated {
        self.at(speed).rating
    }

    /// Rated games played, at every speed.
    pub fn rated_games(&self) -> u32 {
        self.ratings.values().map(|r| r.games).sum()
    }

    /// The speed of most of its rated games (the faster of a tie), the
    /// one its header and a seek without a clock show; [`Speed::Blitz`]
    /// before its first rated game.
    pub fn main_speed(&self) -> Speed {
        main_speed(self.ratings.iter().map(|(s, r)| (*s, r.games)))
    }

    /// Its rating for a table or seek of clock `clock`: the rating of that
    /// clock's speed, or of its main speed without a clock.
    pub fn rating_for(&self, clock: Option<TimeControl>) -> Stated {
        self.rating(table_speed(clock).unwrap_or_else(|| self.main_speed()))
    }
}

/// The speed with the most games of `counts` (the faster of a tie),
/// [`Speed::Blitz`] when none has any.
pub fn main_speed(counts: impl IntoIterator<Item = (Speed, u32)>) -> Speed {
    let mut best: Option<(Speed, u32)> = None;
    for (speed, games) in counts {
        let better = match best {
            None => games > 0,
            Some((s, g)) => games > g || (games == g && speed < s),
        };
        if better {
            best = Some((speed, games));
        }
    }
    best.map_or(Speed::Blitz, |(s, _)| s)
}

/// The speed a table of clock `clock` is rated at, as the library classes
/// its [`TimeControl`]; `None` without a clock (such a table is not rated).
pub fn table_speed(clock: Option<TimeControl>) -> Option<Speed> {
    clock.map(|c| c.speed())
}

/// A speed by its name (`blitz`).
pub fn speed_named(name: &str) -> Option<Speed> {
    Speed::ALL.into_iter().find(|s| s.name() == name)
}

/// A passkey as kept: the credential (public key and counter, from
/// webauthn-rs) and when it was added and last used.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct KeptPasskey {
    /// The credential id, base64url.
    pub id: String,
    /// The credential.
    pub key: Passkey,
    /// When it was added.
    pub added_ms: i64,
    /// When it last signed in, if ever.
    #[serde(default)]
    pub used_ms: Option<i64>,
}

/// A session as its account lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionRef {
    /// The session's public id (what revoking names).
    pub id: String,
    /// The SHA-256 (hex) of the cookie's secret: the `session:` key.
    pub hash: String,
}

/// A session: a signed-in browser.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Session {
    /// Its public id.
    pub id: String,
    /// The account.
    pub account: String,
    /// When it began.
    pub created_ms: i64,
    /// The browser's `User-Agent` at sign-in, cut to 120 characters (shown
    /// in the list of sessions).
    pub agent: String,
}

/// A WebAuthn ceremony's state between its start and its finish.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Ceremony {
    /// Signing up with `name`.
    SignUp {
        /// The name asked for.
        name: String,
        /// The new account's id.
        account: String,
        /// webauthn-rs's state.
        state: PasskeyRegistration,
    },
    /// Signing in to `account`.
    SignIn {
        /// The account.
        account: String,
        /// webauthn-rs's state.
        state: PasskeyAuthentication,
    },
    /// Adding a passkey to `account`.
    AddPasskey {
        /// The account.
        account: String,
        /// webauthn-rs's state.
        state: PasskeyRegistration,
    },
}

/// One kept game as its account's profile lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEntry {
    /// The table's id, which is the record's.
    pub id: String,
    /// When it ended.
    pub finished_ms: i64,
    /// `othello` or `nabucodonosor`.
    pub game: String,
    /// The account's seat, 0 or 1.
    pub seat: usize,
    /// The opponent's account id, empty for a guest or the bot.
    pub opponent: String,
    /// The opponent's name then, empty for a guest or the bot.
    pub opponent_name: String,
    /// `win`, `draw`, `loss` or `unfinished`, for the account.
    pub result: String,
    /// The rating after, for a rated game.
    #[serde(
        default,
        with = "stated_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub rating: Option<Stated>,
    /// The speed it was rated at, for a rated game (`None` for a game
    /// rated before ratings by speed whose clock could not be read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<Speed>,
    /// Played by days a move (kept in My games a while after its end).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub correspondence: bool,
}

/// The ratings one rated game gave, kept so that it is rated once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedGame {
    /// The two seats' accounts.
    pub accounts: [String; 2],
    /// Their ratings before.
    #[serde(with = "stated_pair")]
    pub before: [Stated; 2],
    /// Their ratings after.
    #[serde(with = "stated_pair")]
    pub after: [Stated; 2],
    /// The speed it was rated at (`None` when rated before ratings by
    /// speed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<Speed>,
}

/// `account:ID`.
pub fn account_key(id: &str) -> String {
    format!("account:{id}")
}

/// `name:LOWERCASE`.
pub fn name_key(name: &str) -> String {
    format!("name:{}", name.to_ascii_lowercase())
}

/// `credential:ID`.
pub fn credential_key(id: &str) -> String {
    format!("credential:{id}")
}

/// `session:HASH`.
pub fn session_key(hash: &str) -> String {
    format!("session:{hash}")
}

/// `ceremony:ID`.
pub fn ceremony_key(id: &str) -> String {
    format!("ceremony:{id}")
}

/// `games:ID`.
pub fn games_key(id: &str) -> String {
    format!("games:{id}")
}

/// `rated:TABLE`.
pub fn rated_key(table: &str) -> String {
    format!("rated:{table}")
}

/// The leaderboard's index at `speed`: `leaderboard:blitz`.
pub fn leaderboard_key(speed: Speed) -> String {
    format!("leaderboard:{}", speed.name())
}

/// Schema 1's one leaderboard, which the migration to ratings by speed
/// empties.
pub const LEGACY_LEADERBOARD: &str = "leaderboard";

/// The name that stands in for a deleted account in its kept records and
/// its opponents' lists: `deleted-` and the first 8 hex of its id.
pub fn deleted_name(account: &str) -> String {
    let short: String = account.chars().take(8).collect();
    format!("{DELETED_PREFIX}{short}")
}

/// A stated rating as its text (`1500.00/350.00/0.060000000`).
mod stated {
    use serde::{Deserialize, Deserializer, Serializer};
    use virada::rating::Stated;

    pub fn serialize<S: Serializer>(r: &Stated, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(r)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Stated, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

mod stated_option {
    use serde::{Deserialize, Deserializer, Serializer};
    use virada::rating::Stated;

    pub fn serialize<S: Serializer>(r: &Option<Stated>, s: S) -> Result<S::Ok, S::Error> {
        match r {
            Some(r) => s.collect_str(r),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Stated>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        text.map(|t| t.parse().map_err(serde::de::Error::custom))
            .transpose()
    }
}

mod stated_pair {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use virada::rating::Stated;

    pub fn serialize<S: Serializer>(r: &[Stated; 2], s: S) -> Result<S::Ok, S::Error> {
        [r[0].to_string(), r[1].to_string()].serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Stated; 2], D::Error> {
        let [a, b] = <[String; 2]>::deserialize(d)?;
        let read = |t: String| t.parse::<Stated>().map_err(serde::de::Error::custom);
        Ok([read(a)?, read(b)?])
    }
}
