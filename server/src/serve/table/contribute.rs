//! The contribution window: once the seats are settled (two people, or
//! the bot in a free seat), each seated person's page sends its
//! contribution to the colour draw — a random value it drew after it had
//! seen the fingerprint, and the person's word — once; the game starts when
//! the window closes, at once when every person has contributed. A
//! contribution is kept in the seat's holder (and so in the store) the
//! moment it is taken.

use super::{now_ms, time, Actor, Code, Holder, Refusal, Status};

impl Actor {
    /// A seated person's contribution: once, while the window is open.
    pub(super) async fn contribute(
        &mut self,
        seat: Option<usize>,
        random: &str,
        word: String,
    ) -> Result<(), Refusal> {
        let seat =
            seat.ok_or_else(|| Refusal::new(Code::NotSeated, "only a seated person contributes"))?;
        match self.saved.status {
            Status::Waiting => {
                return Err(Refusal::new(
                    Code::NotOpen,
                    "contributions are taken once both seats are settled",
                ))
            }
            Status::Playing | Status::Over => {
                return Err(Refusal::new(
                    Code::Closed,
                    "the contribution window has closed: the game has started",
                ))
            }
            Status::Contributing => {}
        }
        let Holder::Person {
            random: kept,
            word: kept_word,
            ..
        } = &mut self.saved.seats[seat]
        else {
            return Err(Refusal::new(Code::NotSeated, "only a person contributes"));
        };
        if !kept.is_empty() {
            return Err(Refusal::new(
                Code::Contributed,
                "this seat has contributed already",
            ));
        }
        crate::serve::protocol::random_bytes(random)?;
        check_word(&word)?;
        *kept = random.to_string();
        *kept_word = word;
        if self.all_contributed() {
            return self.begin().await;
        }
        self.after_change().await;
        Ok(())
    }

    /// Every person's seat has its contribution.
    fn all_contributed(&self) -> bool {
        self.saved.seats.iter().all(|h| match h {
            Holder::Person { random, .. } => !random.is_empty(),
            _ => true,
        })
    }

    /// The seats are settled (an empty one goes to the bot): the
    /// contribution window opens, and closes at once if every person has
    /// contributed already.
    pub(super) async fn settle(&mut self) -> Result<(), Refusal> {
        for seat in 0..2 {
            if self.saved.seats[seat] == Holder::Empty {
                self.saved.seats[seat] = Holder::Bot;
                // A seat held for an account nobody took: the bot plays
                // it, the account is not named and the game is not rated.
                if self.saved.players.accounts[seat].take().is_some() {
                    self.saved.players.rated = false;
                }
            }
        }
        self.saved.status = Status::Contributing;
        self.saved.window_until_ms = Some(now_ms().saturating_add(time::window_ms(self.timing)));
        if self.all_contributed() {
            return self.begin().await;
        }
        self.after_change().await;
        Ok(())
    }

    /// The window has closed: the game starts with the contributions that
    /// arrived (a missing one counts as none).
    pub(super) async fn begin(&mut self) -> Result<(), Refusal> {
        let mut game = self
            .build_game()
            .map_err(|e| Refusal::new(Code::Storage, e))?;
        // A game clock's first turn starts now.
        game.start_clock(now_ms());
        self.game = Some(game);
        self.saved.status = Status::Playing;
        self.saved.window_until_ms = None;
        if self.after_move().await.is_err() {
            // The start is not a move: it goes on, and is kept with the
            // next change (the failure is logged).
            self.broadcast();
            self.think();
        }
        Ok(())
    }
}

fn check_word(word: &str) -> Result<(), Refusal> {
    if word.len() > virada::record::MAX_WORD_BYTES {
        return Err(Refusal::new(
            Code::BadWord,
            format!("a word is at most {} bytes", virada::record::MAX_WORD_BYTES),
        ));
    }
    Ok(())
}
