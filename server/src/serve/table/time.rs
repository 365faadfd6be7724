//! The table's timers: the bot's turn, the wait for a second person, the
//! contribution window, a gone person's grace, the clock's deadline and how long a finished table
//! lingers. The actor sleeps until the next of them (`next_wake`) and then
//! does what is due (`on_time`).

use std::time::Duration;

use tokio::time::Instant;

use super::super::clock::whole_game;
use super::{now_ms, Actor, Command, Holder, Status, Timing};

impl Actor {
    /// Whether a bot (or the bot standing in for a gone person) is to move.
    pub(super) fn bot_to_move(&self) -> bool {
        self.saved.status == Status::Playing
            && self.game.as_ref().is_some_and(|g| {
                !g.is_over()
                    && matches!(
                        self.saved.seats[g.seat_to_move()],
                        Holder::Bot | Holder::Standing { .. }
                    )
            })
    }

    /// Starts the bot's search on a blocking thread when it is its turn.
    pub(super) fn think(&mut self) {
        if !self.bot_to_move() {
            return;
        }
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let ply = game.ply();
        if self.thinking == Some(ply) {
            return;
        }
        self.thinking = Some(ply);
        let (game, level, commands) = (game.clone(), self.saved.level, self.commands.clone());
        tokio::task::spawn_blocking(move || {
            if let Some(mv) = game.bot_move(level) {
                let _ = commands.blocking_send(Command::Bot { ply, mv });
            }
        });
    }

    /// When the next timer is due (ms since the epoch), if any.
    pub(super) fn next_wake(&self) -> Option<i64> {
        let mut wake: Option<i64> = None;
        let mut at = |t: i64| wake = Some(wake.map_or(t, |w| w.min(t)));
        match self.saved.status {
            Status::Waiting => at(self.saved.wait_until_ms),
            Status::Contributing => at(self.saved.window_until_ms.unwrap_or(0)),
            Status::Playing => {
                if let Some(d) = self.saved.deadline_ms {
                    at(d);
                }
                if let Some(flag) = self.game.as_ref().and_then(|g| g.flag_at()) {
                    at(flag);
                }
                // Under a game clock or correspondence the bot never takes
                // a person's seat: their time runs until they come back.
                let grace = i64::try_from(self.timing.grace.as_millis()).unwrap_or(i64::MAX);
                let seats = if whole_game(self.saved.clock) { 0 } else { 2 };
                for seat in 0..seats {
                    if let (Holder::Person { .. }, Some(gone)) =
                        (&self.saved.seats[seat], self.saved.gone_since_ms[seat])
                    {
                        at(gone.saturating_add(grace));
                    }
                }
            }
            Status::Over => {
                if let Some(t) = self.over_at {
                    at(t.saturating_add(linger_ms(self.timing)));
                }
            }
        }
        wake
    }

    /// Does what is due now: the bot sits after the wait, the game starts
    /// when the contribution window closes, a gone person's
    /// seat goes to the bot after the grace, the time-out move is played.
    pub(super) async fn on_time(&mut self) {
        let now = now_ms();
        match self.saved.status {
            Status::Waiting => {
                if now >= self.saved.wait_until_ms && self.saved.players.tournament.is_some() {
                    // A tournament's seat nobody took: a forfeit (W5);
                    // the table says so and closes, no bot plays.
                    self.forfeit_to_tournament().await;
                } else if now >= self.saved.wait_until_ms && (!self.saved.paired || self.stranded())
                {
                    // A seek's table whose other person never came: the
                    // bot sits for them, in a casual game.
                    let _ = self.settle().await;
                } else if now >= self.saved.wait_until_ms {
                    // "Play anyone" keeps looking; the wait starts again.
                    self.saved.wait_until_ms = now + wait_ms(self.timing);
                    self.after_change().await;
                }
            }
            Status::Contributing => {
                if self.saved.window_until_ms.is_none_or(|t| now >= t) {
                    let _ = self.begin().await;
                }
            }
            Status::Playing => {
                if self.flag_fell().await {
                    return;
                }
                let grace = i64::try_from(self.timing.grace.as_millis()).unwrap_or(i64::MAX);
                let seats = if whole_game(self.saved.clock) { 0 } else { 2 };
                for seat in 0..seats {
                    if let (
                        Holder::Person {
                            token,
                            word,
                            random,
                        },
                        Some(gone),
                    ) = (&self.saved.seats[seat], self.saved.gone_since_ms[seat])
                    {
                        if now >= gone.saturating_add(grace) {
                            self.saved.seats[seat] = Holder::Standing {
                                token: token.clone(),
                                word: word.clone(),
                                random: random.clone(),
                            };
                            self.saved.gone_since_ms[seat] = None;
                            let level = self.saved.level;
                            if let Some(game) = self.game.as_mut() {
                                game.set_bot(seat, level, true);
                            }
                            self.after_change().await;
                        }
                    }
                }
                if self.saved.deadline_ms.is_some_and(|d| now >= d) {
                    let before = self.saved.clone();
                    if let Some(game) = self.game.as_mut() {
                        if game.time_out().is_ok() {
                            self.thinking = None;
                            if self.after_move().await.is_err() {
                                // Not kept: undone, and tried again in a second.
                                self.undo(before);
                                self.saved.deadline_ms = Some(now_ms() + RETRY_MS);
                                self.think();
                            }
                        }
                    }
                }
            }
            Status::Over => {}
        }
    }
}

impl Actor {
    /// Ends the game on time when a flag has fallen by now (its record
    /// signed and kept before anyone hears of it): whether one had.
    pub(super) async fn flag_fell(&mut self) -> bool {
        if self.saved.status != Status::Playing {
            return false;
        }
        let before = self.saved.clone();
        let now = now_ms();
        if !self.game.as_mut().is_some_and(|g| g.flag(now)) {
            return false;
        }
        self.thinking = None;
        if self.after_move().await.is_err() {
            // Not kept: undone, and found again after a pause.
            self.undo(before);
            tokio::time::sleep(Duration::from_millis(RETRY_MS as u64)).await;
        }
        true
    }
}

/// How soon a time-out move the store could not keep is tried again, in ms.
const RETRY_MS: i64 = 1000;

/// How long a finished table stays in memory, in ms.
pub(super) fn linger_ms(timing: Timing) -> i64 {
    i64::try_from(timing.linger.as_millis()).unwrap_or(i64::MAX)
}

/// How long the contribution window stays open, in ms.
pub(super) fn window_ms(timing: Timing) -> i64 {
    i64::try_from(timing.contribute.as_millis()).unwrap_or(i64::MAX)
}

/// How long a table waits for a second person, in ms.
pub(super) fn wait_ms(timing: Timing) -> i64 {
    i64::try_from(timing.seat_wait.as_millis()).unwrap_or(i64::MAX)
}

/// Sleeps until `at` (ms since the epoch), or for ever when `None`.
pub(super) async fn sleep_until_ms(at: Option<i64>) {
    match at {
        Some(at) => {
            let wait = u64::try_from(at - now_ms()).unwrap_or(0);
            tokio::time::sleep_until(Instant::now() + Duration::from_millis(wait)).await;
        }
        None => std::future::pending().await,
    }
}
