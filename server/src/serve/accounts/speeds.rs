//! The accounts' move to ratings by speed (schema 1 → 2), once, when the
//! server opens a store of schema 1: each account's one rating goes to
//! the speeds its rated games were played at, and the one leaderboard
//! becomes one a speed. A rated game's speed is its clock's (read from its
//! kept record, as `virada::clock::Speed` classes it).
//!
//! For each account (docs/accounts.md, "Ratings by speed", says the same):
//!
//! - no rated game: no rating at any speed (1500? everywhere, as before);
//! - every rated game at one speed: the rating, its deviation and its
//!   games move there unchanged;
//! - rated games at several speeds, the history complete (every rated game
//!   still in its list with its speed, the ratings it gave kept, and the
//!   games replayed in order as one rating give back the kept one): each
//!   speed's rating is recomputed from its own games in order, each
//!   against the opponent's rating before that game as it was then;
//! - otherwise (a list cut at its length, a record gone): the rating goes
//!   to the speed of most of its rated games whose speed is known (the
//!   faster of a tie; rapid, the lobby's 30 s a move, when none is known).
//!
//! Kept records are not rewritten: they state the ratings as they were.
//! Two servers opening one Redis at once both walk the accounts; each
//! account moves in one swap from its old document, so it moves once.

use std::collections::BTreeMap;

use serde_json::Value;
use virada::clock::{Speed, TimeControl};
use virada::rating::{rate, Outcome, Stated};

use super::kv::{self, Change, SCHEMA_VERSION};
use super::model::{
    account_key, games_key, main_speed, rated_key, table_speed, Account, GameEntry, RatedGame,
    SpeedRating, LEGACY_LEADERBOARD,
};
use super::Accounts;

/// The speed a rating goes to when none of its games' speeds is known:
/// that of 30 s a move, the clock the lobby offers first.
pub const UNKNOWN_SPEED: Speed = Speed::Rapid;

/// How an account's rating moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moved {
    /// No rated game: nothing to move.
    Unrated,
    /// Every rated game at one speed: moved there whole.
    OneSpeed,
    /// Several speeds, each recomputed from its games.
    Recomputed,
    /// Several speeds (or unknown ones) and a history that does not allow
    /// recomputing: moved whole to the speed of most games.
    Majority,
}

/// What the migration did: accounts by how their rating moved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Migrated {
    /// Accounts moved, by how.
    pub accounts: Vec<(String, Moved)>,
}

/// A rated game as the migration reads it.
struct Played {
    /// Its place in the account's list.
    index: usize,
    speed: Option<Speed>,
}

impl Accounts {
    /// Brings the store's documents to [`SCHEMA_VERSION`] (from 1: ratings
    /// by speed); nothing when they are there already.
    pub async fn migrate(&self) -> Result<Migrated, String> {
        let mut done = Migrated::default();
        let version = self.kv.schema_version().await?;
        if version >= SCHEMA_VERSION {
            return Ok(done);
        }
        for key in self.kv.keys("account:").await? {
            let id = &key["account:".len()..];
            if let Some(moved) = self.move_account(id).await? {
                done.accounts.push((id.to_string(), moved));
            }
        }
        self.kv.set_schema_version(version, SCHEMA_VERSION).await?;
        tracing::info!(
            "accounts' schema migrated from version {version} to {SCHEMA_VERSION}: {} ratings by speed",
            done.accounts.len()
        );
        Ok(done)
    }

    /// Moves one account of schema 1 to ratings by speed; `None` when it
    /// is gone or has moved already.
    async fn move_account(&self, id: &str) -> Result<Option<Moved>, String> {
        for _ in 0..64 {
            let Some(text) = self.kv.get(&account_key(id)).await? else {
                return Ok(None);
            };
            let mut doc: Value =
                serde_json::from_str(&text).map_err(|e| format!("account {id}: {e}"))?;
            let Some(old) = doc.get("rating").and_then(Value::as_str) else {
                self.kv.rank(LEGACY_LEADERBOARD, id, None).await?;
                return Ok(None);
            };
            let old: Stated = old
                .parse()
                .map_err(|e| format!("account {id}: its rating: {e}"))?;
            let count = doc.get("rated_games").and_then(Value::as_u64).unwrap_or(0);
            let kept = kv::read::<Vec<GameEntry>>(&*self.kv, &games_key(id)).await?;
            let (mut games, games_text) = match kept {
                Some((games, text)) => (games, Some(text)),
                None => (Vec::new(), None),
            };
            let (ratings, moved) = self.speeds_of(old, count, &mut games).await?;
            if let Some(fields) = doc.as_object_mut() {
                fields.remove("rating");
                fields.remove("rated_games");
                fields.insert(
                    "ratings".into(),
                    serde_json::to_value(&ratings).map_err(|e| e.to_string())?,
                );
            }
            let account: Account =
                serde_json::from_value(doc).map_err(|e| format!("account {id}: {e}"))?;
            let mut changes =
                vec![Change::set(account_key(id), to_json(&account)?).from(Some(&text))];
            if let Some(before) = games_text {
                changes.push(Change::set(games_key(id), to_json(&games)?).from(Some(&before)));
            }
            if self.kv.swap(changes).await? {
                self.kv.rank(LEGACY_LEADERBOARD, id, None).await?;
                for speed in account.ratings.keys() {
                    self.place(&account, *speed).await?;
                }
                return Ok(Some(moved));
            }
        }
        Err(format!("account {id}: kept changing while it was migrated"))
    }

    /// The ratings by speed of an account whose one rating is `old` after
    /// `count` rated games, its kept `games` given their speeds (and, when
    /// recomputed, their ratings after).
    async fn speeds_of(
        &self,
        old: Stated,
        count: u64,
        games: &mut [GameEntry],
    ) -> Result<(BTreeMap<Speed, SpeedRating>, Moved), String> {
        let mut played = Vec::new();
        for (index, game) in games.iter().enumerate() {
            if game.rating.is_some() {
                let speed = match game.speed {
                    Some(speed) => Some(speed),
                    None => self.record_speed(&game.id).await?,
                };
                played.push(Played { index, speed });
            }
        }
        for p in &played {
            games[p.index].speed = p.speed;
        }
        if count == 0 {
            return Ok((BTreeMap::new(), Moved::Unrated));
        }
        let complete = played.len() as u64 == count && played.iter().all(|p| p.speed.is_some());
        let mut speeds: Vec<Speed> = played.iter().filter_map(|p| p.speed).collect();
        speeds.sort();
        speeds.dedup();
        let games_count = u32::try_from(count).unwrap_or(u32::MAX);
        if complete && speeds.len() == 1 {
            let whole = SpeedRating {
                rating: old,
                games: games_count,
            };
            return Ok((BTreeMap::from([(speeds[0], whole)]), Moved::OneSpeed));
        }
        if complete {
            if let Some(ratings) = self.recompute(old, &played, games).await? {
                return Ok((ratings, Moved::Recomputed));
            }
        }
        let mut counts: BTreeMap<Speed, u32> = BTreeMap::new();
        for speed in played.iter().filter_map(|p| p.speed) {
            *counts.entry(speed).or_default() += 1;
        }
        let speed = if counts.is_empty() {
            UNKNOWN_SPEED
        } else {
            main_speed(counts)
        };
        let whole = SpeedRating {
            rating: old,
            games: games_count,
        };
        Ok((BTreeMap::from([(speed, whole)]), Moved::Majority))
    }

    /// Each speed's rating replayed from its games in order, each against
    /// the opponent's rating before it as kept (`rated:TABLE`); `None`
    /// when a game's ratings or result are missing, or when the games
    /// replayed as one rating do not give back `old`. The games' ratings
    /// after become the recomputed ones.
    async fn recompute(
        &self,
        old: Stated,
        played: &[Played],
        games: &mut [GameEntry],
    ) -> Result<Option<BTreeMap<Speed, SpeedRating>>, String> {
        let mut one = Stated::NEW;
        let mut ratings: BTreeMap<Speed, SpeedRating> = BTreeMap::new();
        let mut after = Vec::with_capacity(played.len());
        for p in played {
            let game = &games[p.index];
            let (Some(speed), Some(outcome)) = (p.speed, outcome_of(&game.result)) else {
                return Ok(None);
            };
            let Some((rated, _)) = kv::read::<RatedGame>(&*self.kv, &rated_key(&game.id)).await?
            else {
                return Ok(None);
            };
            let seat = game.seat.min(1);
            let opponent = rated.before[1 - seat];
            let mine = |me: Stated| {
                if seat == 0 {
                    rate(me, opponent, outcome).0
                } else {
                    rate(opponent, me, outcome.flipped()).1
                }
            };
            one = mine(one);
            let at = ratings.entry(speed).or_insert(SpeedRating::NEW);
            at.rating = mine(at.rating);
            at.games += 1;
            after.push((p.index, at.rating));
        }
        if one != old {
            return Ok(None);
        }
        for (index, rating) in after {
            games[index].rating = Some(rating);
        }
        Ok(Some(ratings))
    }

    /// The speed of the kept record `id`'s clock; `None` when it is not
    /// kept, unreadable or without a clock.
    async fn record_speed(&self, id: &str) -> Result<Option<Speed>, String> {
        let Some((store, _)) = &self.records else {
            return Ok(None);
        };
        let Some(text) = store.record(id).await? else {
            return Ok(None);
        };
        Ok(record_speed(&text))
    }
}

/// The speed of a record's clock (`None`: no clock, or not a record).
pub fn record_speed(text: &str) -> Option<Speed> {
    let record = virada::record::parse(text).ok()?;
    match (record.timing, record.clock) {
        (Some(timing), _) => Some(timing.control.speed()),
        (None, Some(seconds)) => {
            table_speed((seconds > 0).then_some(TimeControl::PerMove { seconds }))
        }
        (None, None) => None,
    }
}

/// A kept game's result for its account.
fn outcome_of(result: &str) -> Option<Outcome> {
    match result {
        "win" => Some(Outcome::Win),
        "draw" => Some(Outcome::Draw),
        "loss" => Some(Outcome::Loss),
        _ => None,
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

#[cfg(test)]
#[path = "speeds_tests.rs"]
mod tests;
