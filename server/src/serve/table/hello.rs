//! A page's hello: which seat it takes (its token's, its account's, a free
//! one while the table waits) or whether it watches; a person coming back
//! takes their seat back from the bot.

use super::{fresh_token, token_hash, Actor, Code, Holder, Refusal, SeatAccount, Status, Welcome};

impl Actor {
    /// A page says hello: with its seat's token it sits again; with its
    /// account it takes the seat held for it or the one it sits in; else
    /// it takes a free seat while the table waits, or watches.
    pub(super) async fn hello(
        &mut self,
        token: Option<String>,
        account: Option<SeatAccount>,
    ) -> Result<Welcome, Refusal> {
        self.record_as_kept().await;
        // The seat held for the page's account (a seek's table), or the
        // one its account sits in.
        // A finished game seats nobody by their account: a page without
        // the seat's token (a replay, another device) watches it.
        let accounts = &self.saved.players.accounts;
        let over = self.saved.status == Status::Over;
        let own = account
            .as_ref()
            .filter(|_| !over)
            .and_then(|a| (0..2).find(|&s| accounts[s].as_ref().is_some_and(|b| b.id == a.id)));
        if let Some(token) = token {
            let hash = token_hash(&token);
            let seat = (0..2).find(|&s| match &self.saved.seats[s] {
                Holder::Person { token, .. } | Holder::Standing { token, .. } => *token == hash,
                _ => false,
            });
            match seat {
                Some(seat) => return self.sit_again(seat).await,
                // After the end an unknown token just watches (a table
                // brought back from its record keeps no tokens).
                None if self.saved.status == Status::Over => {
                    return Ok(self.welcome(None, None));
                }
                None if own.is_none() => {
                    return Err(Refusal::new(
                        Code::BadToken,
                        "that token is not this table's",
                    ));
                }
                None => {}
            }
        }
        if let Some(seat) = own {
            if !matches!(self.saved.seats[seat], Holder::Empty) {
                return self.sit_again(seat).await;
            }
        }
        // A free seat: the one held for this account, else one held for
        // nobody.
        let free = own.or_else(|| {
            (0..2).find(|&s| {
                self.saved.seats[s] == Holder::Empty && self.saved.players.accounts[s].is_none()
            })
        });
        match free {
            Some(seat)
                if self.saved.status == Status::Waiting
                    && self.saved.seats[seat] == Holder::Empty =>
            {
                let token = fresh_token().map_err(|e| Refusal::new(Code::Storage, e))?;
                self.saved.seats[seat] = Holder::Person {
                    token: token_hash(&token),
                    word: String::new(),
                    random: String::new(),
                };
                if self.saved.players.accounts[seat].is_none() {
                    self.saved.players.accounts[seat] = account;
                }
                self.connected[seat] += 1;
                if self
                    .saved
                    .seats
                    .iter()
                    .all(|h| matches!(h, Holder::Person { .. }))
                {
                    self.settle().await?;
                } else {
                    self.after_change().await;
                }
                Ok(self.welcome(Some(seat), Some(token)))
            }
            _ => Ok(self.welcome(None, None)),
        }
    }

    /// A person comes back to their seat (by token, or by their account).
    async fn sit_again(&mut self, seat: usize) -> Result<Welcome, Refusal> {
        self.connected[seat] += 1;
        self.saved.gone_since_ms[seat] = None;
        // Back in time: the person takes their seat back from the bot.
        if let Holder::Standing {
            token,
            word,
            random,
        } = &self.saved.seats[seat]
        {
            if self.saved.status == Status::Playing {
                self.saved.seats[seat] = Holder::Person {
                    token: token.clone(),
                    word: word.clone(),
                    random: random.clone(),
                };
                if let Some(game) = self.game.as_mut() {
                    game.set_bot(seat, self.saved.level, false);
                }
            }
        }
        // A table opened to play again: its people are all here.
        if self.seats_held() {
            self.settle().await?;
        } else {
            self.after_change().await;
        }
        Ok(self.welcome(Some(seat), None))
    }

    fn welcome(&self, seat: Option<usize>, token: Option<String>) -> Welcome {
        Welcome {
            seat,
            token,
            state: self.state_frame(),
        }
    }
}
