//! "Play again": once the game is over, each seated person may ask for
//! another game with the same settings (the handicap included). When every seated person has asked
//! (a bot's seat needs no asking), the table asks the hub, through the
//! narrow [`Opener`], for a new table of the same game, clock and level
//! whose seats are held from its start by the same people in the same
//! order: each seat keeps the hash of its person's token, so each page says
//! `hello` there with the token it already has and nothing secret travels.
//! The new table draws its own seed (a new commitment), and its people
//! contribute anew in its window. The old table's `state` shows who asked
//! (`again`), who answered "No thanks" (`declined`: the offer ends) and,
//! once open, the new table's id (`next`). All of it is in the finished
//! table's kept state (`Saved`), which the store keeps after the record:
//! a table rebuilt after a restart or after it lingered still knows its
//! people's token hashes, so they can still ask.

use virada::game::GameKind;

use super::{Actor, Code, Holder, Refusal, Status};
use crate::serve::saved::MatchPlay;

/// What a table needs of the hub to play again: a new table whose seats
/// are held from its start.
pub trait Opener: Send + Sync {
    /// Opens a table as `next` says with `seats` held (a person's seat by
    /// their token's hash), waiting for them to say hello; answers its id.
    fn open_held(&self, next: Next, seats: [Holder; 2]) -> Result<String, String>;
}

/// The table where the people go on: the same settings as this one's.
pub struct Next {
    /// The game and board.
    pub kind: GameKind,
    /// The clock, `None` for none.
    pub clock: super::super::clock::Clock,
    /// The bot's level, for a seat it holds.
    pub level: u8,
    /// The handicap's short form, empty for none.
    pub handicap: String,
    /// The match its game is one of, if any.
    pub play: Option<MatchPlay>,
    /// The seats' accounts, and whether it is rated.
    pub players: super::Players,
}

/// The token hash of a seat a person sat in (a bot standing in for them
/// included); `None` for the bot's own seat or a seat no token opens.
fn person_token(holder: &Holder) -> Option<&str> {
    match holder {
        Holder::Person { token, .. } | Holder::Standing { token, .. } if !token.is_empty() => {
            Some(token)
        }
        _ => None,
    }
}

impl Actor {
    /// A seated person asks to play again; when every person has, the new
    /// table opens.
    pub(super) async fn again(&mut self, seat: Option<usize>) -> Result<(), Refusal> {
        let seat = seat.ok_or_else(|| {
            Refusal::new(Code::NotSeated, "only a seated person asks to play again")
        })?;
        if self.saved.status != Status::Over {
            return Err(Refusal::new(Code::NotOver, "the game is not over"));
        }
        if person_token(&self.saved.seats[seat]).is_none() {
            return Err(Refusal::new(
                Code::NotSeated,
                "only a seated person asks to play again",
            ));
        }
        if self.saved.players.tournament.is_some() {
            return Err(Refusal::new(
                Code::Declined,
                "a tournament's game is not played again: the tournament pairs the next",
            ));
        }
        if self.saved.declined.iter().any(|&d| d) {
            return Err(Refusal::new(
                Code::Declined,
                "\"No thanks\" was answered: this table is not played again",
            ));
        }
        if self.saved.next.is_some() || self.saved.again[seat] {
            return Ok(());
        }
        self.saved.again[seat] = true;
        let everyone =
            (0..2).all(|s| self.saved.again[s] || person_token(&self.saved.seats[s]).is_none());
        if everyone {
            // After a match, a new match of the same kind.
            let play = match &self.saved.play {
                Some(m) => Some(MatchPlay {
                    kind: m.kind.clone(),
                    id: super::fresh_token().map_err(|e| Refusal::new(Code::Storage, e))?,
                    games: Vec::new(),
                    left: false,
                }),
                None => None,
            };
            match self.open_next(play) {
                Ok(id) => self.saved.next = Some(id),
                Err(e) => {
                    self.saved.again[seat] = false;
                    tracing::error!("table {}: no table to play again: {e}", self.saved.id);
                    return Err(Refusal::new(
                        Code::Storage,
                        "the new table could not be opened",
                    ));
                }
            }
        }
        self.keep_finished().await;
        self.broadcast();
        Ok(())
    }

    /// A seated person answers "No thanks": the offer ends for both pages
    /// (`declined` in the state), and nobody can ask again here.
    pub(super) async fn no_thanks(&mut self, seat: Option<usize>) -> Result<(), Refusal> {
        let seat = seat
            .filter(|&s| person_token(&self.saved.seats[s]).is_some())
            .ok_or_else(|| Refusal::new(Code::NotSeated, "only a seated person answers"))?;
        if self.saved.status != Status::Over {
            return Err(Refusal::new(Code::NotOver, "the game is not over"));
        }
        if self.saved.next.is_some() || self.saved.declined[seat] {
            return Ok(());
        }
        self.saved.declined[seat] = true;
        self.saved.again = [false, false];
        self.keep_finished().await;
        self.broadcast();
        Ok(())
    }

    /// Keeps the finished table's state (token hashes, who asked, `next`,
    /// the match) beside its record, for a rebuild after a restart or after
    /// it lingered; a failure is logged (the record is kept already).
    pub(super) async fn keep_finished(&mut self) {
        match serde_json::to_string(&self.saved) {
            Ok(json) => {
                if let Err(e) = self.store.save_table(&self.saved.id, json).await {
                    tracing::error!("table {}: finished state not kept: {e}", self.saved.id);
                    self.refused(&e);
                }
            }
            Err(e) => tracing::error!("table {}: {e}", self.saved.id),
        }
    }

    /// The new table: same settings, each person's seat held by their
    /// token, its game one of the match `play` when given.
    pub(super) fn open_next(&self, play: Option<MatchPlay>) -> Result<String, String> {
        let opener = self
            .opener
            .as_ref()
            .and_then(std::sync::Weak::upgrade)
            .ok_or("the server is closing")?;
        let seats = self.saved.seats.clone().map(|h| match person_token(&h) {
            Some(token) => Holder::Person {
                token: token.to_string(),
                word: String::new(),
                random: String::new(),
            },
            None => Holder::Bot,
        });
        // The same accounts in the same seats; rated again only when both
        // are still people.
        let mut players = self.saved.players.clone();
        // Played again, a tournament's game is a game outside it.
        players.tournament = None;
        for (seat, holder) in seats.iter().enumerate() {
            if matches!(holder, Holder::Bot) {
                players.accounts[seat] = None;
                players.rated = false;
            }
        }
        let s = &self.saved;
        let next = Next {
            kind: s.kind,
            clock: s.clock,
            level: s.level,
            // A tournament's colours were its pairing's (a table stored
            // before W7 gave its first mover `seat1:first`): none carries over.
            handicap: if s.players.tournament.is_some() {
                String::new()
            } else {
                s.handicap.clone()
            },
            play,
            players,
        };
        opener.open_held(next, seats)
    }

    /// A table opened with its seats held (`again`) settles once every
    /// person in it is connected: nobody else can sit.
    pub(super) fn seats_held(&self) -> bool {
        self.saved.status == Status::Waiting
            && (0..2).all(|s| match self.saved.seats[s] {
                Holder::Empty => false,
                Holder::Person { .. } => self.connected[s] > 0,
                Holder::Bot | Holder::Standing { .. } => true,
            })
    }

    /// A seek's table (both seats held for accounts) where one person
    /// sits and the other seat is still empty: the one who came may have
    /// the bot sit now, and the bot sits once the wait runs out.
    pub(super) fn stranded(&self) -> bool {
        let accounts = &self.saved.players.accounts;
        let seats = &self.saved.seats;
        self.saved.status == Status::Waiting
            && accounts.iter().all(Option::is_some)
            && seats.contains(&Holder::Empty)
            && seats.iter().any(|h| matches!(h, Holder::Person { .. }))
    }
}
