//! What a finished game gives its accounts: a rated game's new ratings at
//! its speed (Glicko-2, [`virada::rating::rate`], once per game whoever
//! asks; the speed from the table's clock, as lichess rates by speed), and
//! every game a place in its accounts' lists of kept games (the profile's).
//!
//! A game is rated only when both seats are accounts, both asked for a
//! rated game (a rated seek), it has a clock, and neither seat is the
//! bot's from the start; a seat the bot held at the end for a person who
//! left lost (`virada::record::rating_outcome`).

use serde::{Deserialize, Serialize};
use virada::clock::Speed;
use virada::rating::{rate, Outcome};

use super::kv::{self, Change};
use super::model::{
    account_key, games_key, leaderboard_key, rated_key, Account, GameEntry, RatedGame, SpeedRating,
};
use super::Accounts;

/// A seat's account, as a table keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAccount {
    /// The account's id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// Kept games one account's list holds at most (the oldest go first).
const MAX_KEPT: usize = 5000;

impl Accounts {
    /// Rates the game at `table` between `accounts` (seat order) at
    /// `speed`, the first seat's outcome `outcome`: both ratings at that
    /// speed updated (the others untouched) and the game's [`RatedGame`]
    /// kept in one swap, so a game is rated once (asked again, it answers
    /// what it gave). `None` when an account is gone.
    pub async fn rate(
        &self,
        table: &str,
        accounts: [&str; 2],
        speed: Speed,
        outcome: Outcome,
    ) -> Result<Option<RatedGame>, String> {
        for _ in 0..64 {
            if let Some((done, _)) = kv::read::<RatedGame>(&*self.kv, &rated_key(table)).await? {
                return Ok(Some(done));
            }
            let Some((a, a_text)) =
                kv::read::<Account>(&*self.kv, &account_key(accounts[0])).await?
            else {
                return Ok(None);
            };
            let Some((b, b_text)) =
                kv::read::<Account>(&*self.kv, &account_key(accounts[1])).await?
            else {
                return Ok(None);
            };
            let before = [a.rating(speed), b.rating(speed)];
            let (x, y) = rate(before[0], before[1], outcome);
            let rated = RatedGame {
                accounts: [a.id.clone(), b.id.clone()],
                before,
                after: [x, y],
                speed: Some(speed),
            };
            let docs = [(a, a_text, x), (b, b_text, y)].map(|(mut doc, text, after)| {
                let games = doc.at(speed).games + 1;
                doc.ratings.insert(
                    speed,
                    SpeedRating {
                        rating: after,
                        games,
                    },
                );
                (doc, text)
            });
            let mut changes = vec![Change::create(rated_key(table), to_json(&rated)?)];
            for (doc, text) in &docs {
                changes.push(Change::set(account_key(&doc.id), to_json(doc)?).from(Some(text)));
            }
            if self.kv.swap(changes).await? {
                for (doc, _) in &docs {
                    self.place(doc, speed).await?;
                }
                return Ok(Some(rated));
            }
        }
        Err(format!(
            "table {table}: the accounts kept changing while it was rated"
        ))
    }

    /// Puts an account on `speed`'s leaderboard once it has enough rated
    /// games at that speed.
    pub(super) async fn place(&self, doc: &Account, speed: Speed) -> Result<(), String> {
        let at = doc.at(speed);
        let score = (at.games >= self.min_games).then(|| at.rating.rating());
        self.kv.rank(&leaderboard_key(speed), &doc.id, score).await
    }

    /// Keeps a finished game in the list of each seat's account: `seats`
    /// the accounts (`None` for a guest or the bot), `outcome` the first
    /// seat's (`None`: unfinished), `rated` what it gave. Kept once per
    /// game and account; each account's wins, draws and losses counted;
    /// `correspondence` for a game by days a move.
    #[allow(clippy::too_many_arguments)]
    pub async fn keep(
        &self,
        table: &str,
        game: &str,
        correspondence: bool,
        finished_ms: i64,
        seats: &[Option<SeatAccount>; 2],
        outcome: Option<Outcome>,
        rated: Option<&RatedGame>,
    ) -> Result<(), String> {
        for seat in 0..2 {
            let Some(account) = &seats[seat] else {
                continue;
            };
            let mine = outcome.map(|o| if seat == 0 { o } else { o.flipped() });
            let other = seats[1 - seat].clone();
            let entry = GameEntry {
                id: table.to_string(),
                finished_ms,
                game: game.to_string(),
                seat,
                opponent: other.as_ref().map(|o| o.id.clone()).unwrap_or_default(),
                opponent_name: other.map(|o| o.name).unwrap_or_default(),
                result: match mine {
                    Some(Outcome::Win) => "win",
                    Some(Outcome::Draw) => "draw",
                    Some(Outcome::Loss) => "loss",
                    None => "unfinished",
                }
                .to_string(),
                rating: rated.map(|r| r.after[seat]),
                speed: rated.and_then(|r| r.speed),
                correspondence,
            };
            self.keep_one(&account.id, entry, mine).await?;
        }
        Ok(())
    }

    async fn keep_one(
        &self,
        account: &str,
        entry: GameEntry,
        mine: Option<Outcome>,
    ) -> Result<(), String> {
        for _ in 0..64 {
            let Some((mut doc, doc_text)) =
                kv::read::<Account>(&*self.kv, &account_key(account)).await?
            else {
                return Ok(());
            };
            let kept = kv::read::<Vec<GameEntry>>(&*self.kv, &games_key(account)).await?;
            let (mut games, games_text) = match kept {
                Some((games, text)) => (games, Some(text)),
                None => (Vec::new(), None),
            };
            if games.iter().any(|g| g.id == entry.id) {
                return Ok(());
            }
            games.push(entry.clone());
            if games.len() > MAX_KEPT {
                games.remove(0);
            }
            match mine {
                Some(Outcome::Win) => doc.wins += 1,
                Some(Outcome::Draw) => doc.draws += 1,
                Some(Outcome::Loss) => doc.losses += 1,
                None => {}
            }
            let changes = vec![
                Change::set(games_key(account), to_json(&games)?).from(games_text.as_deref()),
                Change::set(account_key(account), to_json(&doc)?).from(Some(&doc_text)),
            ];
            if self.kv.swap(changes).await? {
                return Ok(());
            }
        }
        Err(format!(
            "account {account}: kept changing while a game was kept"
        ))
    }

    /// An account's kept games (the profile's list), oldest first.
    pub async fn games(&self, account: &str) -> Result<Vec<GameEntry>, String> {
        Ok(kv::read::<Vec<GameEntry>>(&*self.kv, &games_key(account))
            .await?
            .map(|(g, _)| g)
            .unwrap_or_default())
    }
}

fn to_json<T: Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

/// A finished game's record with its seats' names and, rated, its
/// ratings: the library reads the table's record, the lines are added,
/// and it is written again (version 4) before the server signs it.
pub fn named_record(
    text: &str,
    names: [String; 2],
    rated: Option<&RatedGame>,
) -> Result<String, String> {
    let mut record = virada::record::parse(text).map_err(|e| e.to_string())?;
    record.names = Some(names);
    record.ratings = rated.map(|r| [(r.before[0], r.after[0]), (r.before[1], r.after[1])]);
    Ok(virada::record::write_record(&record))
}

/// The same record with `name` replaced by `replacement` in its `names`
/// line (an account deleted), written again; `None` when it names neither.
pub fn renamed_record(text: &str, name: &str, replacement: &str) -> Option<String> {
    let body: String = text
        .lines()
        .take_while(|l| !l.starts_with("signature:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut record = virada::record::parse(&body).ok()?;
    let names = record.names.as_mut()?;
    let mut changed = false;
    for n in names.iter_mut() {
        if n == name {
            *n = replacement.to_string();
            changed = true;
        }
    }
    changed.then(|| virada::record::write_record(&record))
}
