//! A finished game and its accounts: the record names the seats' accounts
//! (version 4's `names`), a rated game is rated once by the accounts
//! (Glicko-2, `accounts/ratings.rs`) and its record states each rating
//! before and after (`ratings`), then the game is kept in each account's
//! list. A game is rated only when both seats are accounts that asked for
//! a rated game, it has a clock, and the bot sat in neither seat from the
//! start; a person who left (the bot holding their seat at the end) lost.
//! Nothing a page sends says a result or a rating: the library reads them
//! from the game itself.

use super::super::accounts::model::{table_speed, RatedGame};
use super::super::accounts::ratings::named_record;
use super::super::game::sign;
use super::super::saved::Cut;
use super::{Actor, Holder};
use virada::rating::Outcome;

impl Actor {
    /// The finished game's signed record: with the seats' names when an
    /// account sat, and with the ratings when it is rated (rated here, or
    /// the ratings it already gave when another server rated it first).
    pub(super) async fn final_record(&mut self) -> String {
        let Some(game) = self.game.as_ref() else {
            return String::new();
        };
        let text = self.resigned_text(game.record_text());
        let players = self.saved.players.clone();
        let text = self.tournament_text(text);
        if players.accounts.iter().all(Option::is_none) {
            return sign(&text, &self.keys);
        }
        self.rated = match (self.outcome(&text), self.rateable()) {
            (Some(outcome), Some([a, b])) => self.rate(outcome, [&a, &b]).await,
            _ => None,
        };
        match named_record(&text, players.names(), self.rated.as_ref()) {
            Ok(named) => sign(&named, &self.keys),
            Err(e) => {
                tracing::error!(
                    "table {}: the record could not be named: {e}",
                    self.saved.id
                );
                sign(&text, &self.keys)
            }
        }
    }

    /// The record as the table wrote it, with the resignation stated when
    /// a seat resigned (`light wins, dark resigned`).
    fn resigned_text(&self, text: String) -> String {
        let Some(Cut::Resigned(seat)) = self.saved.cut else {
            return text;
        };
        let Ok(record) = virada::record::parse(&text) else {
            return text;
        };
        let color = if record.dark == seat {
            virada::Color::Dark
        } else {
            virada::Color::Light
        };
        match virada::record::resign(&text, color) {
            Ok(resigned) => resigned,
            Err(e) => {
                tracing::error!("table {}: the resignation: {e}", self.saved.id);
                text
            }
        }
    }

    /// How the game ended for its first seat, as the ratings count it.
    fn outcome(&self, text: &str) -> Option<Outcome> {
        let record = virada::record::parse(text).ok()?;
        virada::record::rating_outcome(&record)
    }

    /// Both seats' account ids when the game is one the table rates.
    fn rateable(&self) -> Option<[String; 2]> {
        let players = &self.saved.players;
        let bot = self.saved.seats.iter().any(|h| matches!(h, Holder::Bot));
        let aborted = matches!(self.saved.cut, Some(Cut::Aborted(_)));
        if !players.rated || bot || self.saved.clock.is_none() || aborted {
            return None;
        }
        let [Some(a), Some(b)] = &players.accounts else {
            return None;
        };
        Some([a.id.clone(), b.id.clone()])
    }

    async fn rate(&self, outcome: Outcome, ids: [&str; 2]) -> Option<RatedGame> {
        let accounts = self.accounts.as_ref()?;
        // Rated at its clock's speed.
        let speed = table_speed(self.saved.clock)?;
        match accounts.rate(&self.saved.id, ids, speed, outcome).await {
            Ok(rated) => rated,
            Err(e) => {
                tracing::error!("table {}: not rated: {e}", self.saved.id);
                None
            }
        }
    }

    /// Keeps the finished game in each seat's account's list.
    pub(super) async fn keep_for_accounts(&self) {
        let (Some(accounts), Some(record)) = (self.accounts.as_ref(), self.record.as_deref())
        else {
            return;
        };
        let players = &self.saved.players;
        let aborted = matches!(self.saved.cut, Some(Cut::Aborted(_)));
        if players.accounts.iter().all(Option::is_none) || aborted {
            return;
        }
        let outcome = virada::record::parse(record)
            .ok()
            .and_then(|r| virada::record::rating_outcome(&r));
        let kept = accounts
            .keep(
                &self.saved.id,
                self.saved.kind.name(),
                matches!(
                    self.saved.clock,
                    Some(virada::clock::TimeControl::Correspondence { .. })
                ),
                super::now_ms(),
                &players.accounts,
                outcome,
                self.rated.as_ref(),
            )
            .await;
        if let Err(e) = kept {
            tracing::error!("table {}: not kept for its accounts: {e}", self.saved.id);
        }
    }

    /// A finished table shows its record as kept: a deleted account's
    /// name is replaced there (signed again) while the table may still
    /// linger here, so a page that opens it reads the kept one.
    pub(super) async fn record_as_kept(&mut self) {
        if self.saved.status != super::Status::Over || self.record.is_none() {
            return;
        }
        let Ok(Some(kept)) = self.store.record(&self.saved.id).await else {
            return;
        };
        if self.record.as_deref() == Some(kept.as_str()) {
            return;
        }
        if let Ok(parsed) = virada::record::parse(&kept) {
            if let Some(names) = parsed.names {
                for (seat, name) in names.into_iter().enumerate() {
                    if let Some(account) = self.saved.players.accounts[seat].as_mut() {
                        account.name = name;
                    }
                }
            }
        }
        self.record = Some(kept);
    }
}
