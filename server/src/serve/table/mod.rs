//! One online table as an actor: a task owns the table's state and is the
//! only one to change it. Seat and spectator sockets send it [`Command`]s on
//! a channel and hear every change as a `state` frame on a broadcast; no
//! lock is held across an await.
//!
//! The table's life: `waiting` (the host sits; the first other person to
//! open the link sits in the free seat; or the host starts at once, or the
//! wait runs out, and the bot takes the free seat), `contributing` (the
//! seats are settled: each seated person's page sends its contribution to
//! the colour draw, a random value and a word, until the window closes, at
//! once when every person has), `playing` (the server's clock; a person whose connections all close has
//! a grace period, then the bot takes the seat until they come back), and
//! `over` (the record, with the seed revealed, signed by the server).
//! Every change is written to the store before anyone hears of it; a move
//! the store could not keep is undone and refused (`storage`). An actor
//! that learns from a refused write that it is behind the table (another
//! server runs it now, or the store has more moves) tells nobody anything
//! more and ends ([`Ended::Behind`]): its server reads the table again.
//!
//! The seed is drawn in `Hub::open`, before this actor or any socket
//! exists, and nothing here writes it: no command carries a seed, so no
//! word or contribution can come before it.

use std::sync::Arc;
use tokio::sync::{broadcast, mpsc};

mod again;
#[cfg(test)]
mod clock_tests;
mod contribute;
mod hello;
mod keep;
mod r#match;
mod named;
mod show;
mod stop;
#[cfg(test)]
mod tests;
mod time;
mod tourney;

pub use again::{Next, Opener};
pub use r#match::{new_match, read_match, MatchView};

use super::game::Game;
use super::keys::Keys;
use super::protocol::{Code, Refusal};
use super::saved::token_hash;
pub use super::saved::{
    fresh_token, now_ms, Command, Holder, Players, Saved, SeatAccount, Status, Timing, Welcome,
};
use super::store::{AppendError, Store};
use time::{linger_ms, sleep_until_ms};
use virada::game::fairness::Seed;

/// The actor's state.
pub struct Actor {
    saved: Saved,
    game: Option<Game>,
    connected: [usize; 2],
    record: Option<String>,
    /// When the game ended (ms since the epoch).
    over_at: Option<i64>,
    thinking: Option<usize>,
    store: Store,
    keys: Arc<Keys>,
    timing: Timing,
    events: broadcast::Sender<Arc<str>>,
    commands: mpsc::Sender<Command>,
    /// Where the lobby hears of each change (lobby.rs).
    lobby: Option<super::lobby::Reporter>,
    /// Opens the table where the people go on (the hub).
    opener: Option<std::sync::Weak<dyn Opener>>,
    /// A write was refused because the store is past this actor.
    behind: bool,
    /// The plies the bot played in each seat for its person who left
    /// (the frame's `standIn`), so that a returning page can say so. Not
    /// stored: a table read again after a restart or a takeover starts
    /// them afresh.
    stand_in: [Vec<usize>; 2],
    /// The accounts, to name, rate and keep a finished game.
    accounts: Option<Arc<super::accounts::Accounts>>,
    /// What the finished game gave its accounts' ratings, if rated.
    rated: Option<super::accounts::model::RatedGame>,
}

/// How an actor's run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The finished table lingered its time, or every sender is gone.
    Done,
    /// A write showed that the store is past this actor: another server
    /// holds the table's lease, or kept a move this actor never saw. Its
    /// last frames were not sent; the table is to be read again.
    Behind,
}

impl Actor {
    /// A table's actor over `saved` (new or restored); `commands` is the
    /// sending half of its own channel, for the bot's answers.
    pub fn new(
        saved: Saved,
        store: Store,
        keys: Arc<Keys>,
        timing: Timing,
        events: broadcast::Sender<Arc<str>>,
        commands: mpsc::Sender<Command>,
    ) -> Result<Actor, String> {
        let mut actor = Actor {
            game: None,
            saved,
            connected: [0, 0],
            record: None,
            over_at: None,
            thinking: None,
            store,
            keys,
            timing,
            events,
            commands,
            lobby: None,
            opener: None,
            behind: false,
            stand_in: [Vec::new(), Vec::new()],
            accounts: None,
            rated: None,
        };
        if actor.never_played() {
            // A tournament's game not played out (W5–W6), shown again:
            // why, with no board, then let go.
            actor.over_at = Some(now_ms());
        } else if matches!(actor.saved.status, Status::Playing | Status::Over) {
            actor.game = Some(actor.build_game()?);
        }
        // After a restart nobody is connected yet: the grace period starts now.
        let now = now_ms();
        for seat in 0..2 {
            if matches!(actor.saved.seats[seat], Holder::Person { .. })
                && actor.saved.gone_since_ms[seat].is_none()
            {
                actor.saved.gone_since_ms[seat] = Some(now);
            }
        }
        Ok(actor)
    }

    fn seed(&self) -> Result<Seed, String> {
        self.saved
            .seed
            .parse()
            .map_err(|e| format!("table {}: {e}", self.saved.id))
    }

    /// The game from the seats, their contributions and the moves.
    fn build_game(&self) -> Result<Game, String> {
        let words = self.saved.seats.clone().map(|h| match h {
            Holder::Person { word, .. } | Holder::Standing { word, .. } => word,
            Holder::Empty | Holder::Bot => String::new(),
        });
        let randoms = self.saved.seats.clone().map(|h| match h {
            Holder::Person { random, .. } | Holder::Standing { random, .. } => {
                virada::game::fairness::parse_hex32(&random)
            }
            Holder::Empty | Holder::Bot => None,
        });
        let randoms = self.saved.contributions.then_some(randoms);
        let bots = self
            .saved
            .seats
            .clone()
            .map(|h| matches!(h, Holder::Bot | Holder::Empty));
        let mut game = Game::new(
            self.saved.kind,
            self.saved.clock,
            self.saved.level,
            bots,
            &words,
            randoms,
            self.seed()?,
        )
        .map_err(|e| format!("table {}: {e}", self.saved.id))?;
        // A tournament's table: the pairing's colours (W7). One stored
        // before that rule gave its first mover V2's `seat1:first` over the
        // drawn colours, and goes on so.
        if let Some(t) = &self.saved.players.tournament {
            if self.saved.handicap.is_empty() {
                let round = virada::game::TournamentRound {
                    id: t.id.clone(),
                    round: t.round,
                };
                game.set_colours(virada::game::Colours::Paired(round))
                    .map_err(|e| format!("table {}: {e}", self.saved.id))?;
            }
        }
        // After the contributions: the handicap's start follows the colours.
        game.set_handicap(&self.saved.handicap)
            .map_err(|e| format!("table {}: {e}", self.saved.id))?;
        for seat in 0..2 {
            if matches!(self.saved.seats[seat], Holder::Standing { .. }) {
                game.set_bot(seat, self.saved.level, true);
            }
        }
        game.replay(&self.saved.moves)
            .map_err(|e| format!("table {}: {e}", self.saved.id))?;
        // The clocks as kept with the last move (replayed moves say no time).
        game.set_timed(self.saved.timed.as_ref())
            .map_err(|e| format!("table {}: the clocks kept: {e}", self.saved.id))?;
        Ok(game)
    }

    /// A finished table brought back from its `record` (after a restart,
    /// or once it had lingered): it shows the end and lingers again.
    pub fn finished(mut self, record: String) -> Actor {
        self.record = Some(record);
        self.over_at = Some(now_ms());
        self
    }

    /// The people this server already has sockets of, `present` a seat
    /// (a table taken over or handed on here): counted connected from the
    /// start, so that nobody is shown away for a moment.
    pub fn present(mut self, present: [usize; 2]) -> Actor {
        for (seat, &n) in present.iter().enumerate() {
            if n > 0 && matches!(self.saved.seats[seat], Holder::Person { .. }) {
                self.connected[seat] = n;
                self.saved.gone_since_ms[seat] = None;
            }
        }
        self
    }

    /// The actor tells `lobby` of each change.
    pub fn reporting(mut self, lobby: super::lobby::Reporter) -> Actor {
        self.lobby = Some(lobby);
        self
    }

    /// The actor names, rates and keeps finished games with `accounts`.
    pub fn with_accounts(mut self, accounts: Option<Arc<super::accounts::Accounts>>) -> Actor {
        self.accounts = accounts;
        self
    }

    /// The actor asks `opener` for a new table when its people play again.
    pub fn opening(mut self, opener: std::sync::Weak<dyn Opener>) -> Actor {
        self.opener = Some(opener);
        self
    }

    /// The game is over and has lingered long enough.
    fn done_lingering(&self) -> bool {
        self.over_at
            .is_some_and(|t| now_ms() >= t.saturating_add(linger_ms(self.timing)))
    }

    /// Runs until the finished table has lingered (or every sender is
    /// gone), or until a write shows the actor is behind the table.
    pub async fn run(mut self, mut commands: mpsc::Receiver<Command>) -> Ended {
        self.after_change().await;
        while !self.behind {
            let wake = self.next_wake();
            tokio::select! {
                c = commands.recv() => match c {
                    Some(command) => self.on_command(command).await,
                    None => return Ended::Done,
                },
                () = sleep_until_ms(wake) => {
                    self.on_time().await;
                    if self.done_lingering() {
                        return Ended::Done;
                    }
                }
            }
        }
        tracing::warn!(
            "table {}: another server is past this one; reading it again",
            self.saved.id
        );
        Ended::Behind
    }

    /// Notes a refused write of the table's state: one refused because
    /// another server holds the lease, or because the store has more moves
    /// than this actor (its state was read before the last one was kept),
    /// puts the actor behind.
    fn refused(&mut self, e: &AppendError) {
        match e {
            AppendError::Fenced => self.behind = true,
            AppendError::StalePly { at } if *at > self.saved.moves.split_whitespace().count() => {
                self.behind = true;
            }
            _ => {}
        }
    }

    async fn on_command(&mut self, command: Command) {
        match command {
            Command::Hello {
                token,
                account,
                reply,
            } => {
                let answer = self.hello(token, account).await;
                let _ = reply.send(answer);
            }
            Command::Show => self.broadcast(),
            Command::Withdrew { account } => self.withdrew(&account).await,
            Command::Flush { reply } => {
                let _ = reply.send(());
            }
            Command::Left { seat } => {
                self.connected[seat] = self.connected[seat].saturating_sub(1);
                if self.connected[seat] == 0
                    && matches!(self.saved.seats[seat], Holder::Person { .. })
                {
                    self.saved.gone_since_ms[seat] = Some(now_ms());
                    self.after_change().await;
                }
            }
            Command::Contribute {
                seat,
                random,
                word,
                reply,
            } => {
                let answer = self.contribute(seat, &random, word).await;
                let _ = reply.send(answer);
            }
            Command::Start { seat, reply } => {
                let answer = if seat != Some(0) && !(seat.is_some() && self.stranded()) {
                    Err(Refusal::new(Code::NotHost, "only the host starts the game"))
                } else if self.saved.status != Status::Waiting {
                    Err(Refusal::new(Code::Started, "the game has started"))
                } else {
                    self.settle().await
                };
                let _ = reply.send(answer);
            }
            Command::Stop { seat, how, reply } => {
                let answer = self.stop(seat, how).await;
                let _ = reply.send(answer);
            }
            Command::Again { seat, reply } => {
                let answer = self.again(seat).await;
                let _ = reply.send(answer);
            }
            Command::NoThanks { seat, reply } => {
                let answer = self.no_thanks(seat).await;
                let _ = reply.send(answer);
            }
            Command::Move {
                seat,
                ply,
                mv,
                reply,
            } => {
                let start = std::time::Instant::now();
                let answer = if super::ops::ready::store_away() {
                    Err(Refusal::new(
                        Code::Storage,
                        "the table's store does not answer; try again shortly",
                    ))
                } else {
                    self.person_move(seat, ply, &mv).await
                };
                let m = super::ops::metrics();
                match &answer {
                    Ok(_) => m.move_seconds.observe(start.elapsed().as_secs_f64()),
                    Err(r) => m.moves_refused.with_label_values(&[r.code.as_str()]).inc(),
                }
                let _ = reply.send(answer);
            }
            Command::Bot { ply, mv } => {
                self.thinking = None;
                if self.game.as_ref().is_some_and(|g| g.ply() == ply) && self.bot_to_move() {
                    if self.flag_fell().await {
                        return;
                    }
                    let before = self.saved.clone();
                    let now = now_ms();
                    let Some(game) = self.game.as_mut() else {
                        return;
                    };
                    let seat = game.seat_to_move();
                    if game.play(&mv, now).is_err() {
                        return;
                    }
                    // The bot standing in for a person who left: their page is told on return.
                    let stood_in = matches!(self.saved.seats[seat], Holder::Standing { .. });
                    if stood_in {
                        self.stand_in[seat].push(ply);
                    }
                    if self.after_move().await.is_err() {
                        // Not kept: the move is undone and the bot thinks again.
                        if stood_in {
                            self.stand_in[seat].pop();
                        }
                        self.undo(before);
                        self.think();
                    }
                }
            }
        }
    }

    async fn person_move(
        &mut self,
        seat: Option<usize>,
        ply: usize,
        mv: &str,
    ) -> Result<(), Refusal> {
        let seat =
            seat.ok_or_else(|| Refusal::new(Code::NotSeated, "a spectator does not move"))?;
        match self.saved.status {
            Status::Waiting | Status::Contributing => {
                return Err(Refusal::new(Code::NotStarted, "the game has not started"))
            }
            // A move for a ply already played is stale, also the last one's.
            Status::Over if self.game.as_ref().is_some_and(|g| g.ply() > ply) => {
                return Err(Refusal::new(Code::StalePly, "that ply was played"))
            }
            Status::Over => return Err(Refusal::new(Code::Over, "the game is over")),
            Status::Playing => {}
        }
        let Some(game) = self.game.as_mut() else {
            return Err(Refusal::new(Code::NotStarted, "the game has not started"));
        };
        // The ply first: of two sends of one move (two servers, two
        // sockets), the later is `stale-ply` whoever is to move now.
        if game.ply() != ply {
            return Err(Refusal::new(
                Code::StalePly,
                format!("the game is at move {}, not {ply}", game.ply()),
            ));
        }
        if !matches!(self.saved.seats[seat], Holder::Person { .. }) || game.seat_to_move() != seat {
            return Err(Refusal::new(Code::NotYourTurn, "it is not your turn"));
        }
        // A move after the flag fell is too late: the game is lost on time.
        if self.flag_fell().await {
            return Err(Refusal::new(
                Code::Over,
                "your time ran out: the game is over",
            ));
        }
        let before = self.saved.clone();
        let now = now_ms();
        let Some(game) = self.game.as_mut() else {
            return Err(Refusal::new(Code::NotStarted, "the game has not started"));
        };
        game.play(mv, now)
            .map_err(|e| Refusal::new(Code::Illegal, e))?;
        let to_move = game.seat_to_move();
        if let Err(e) = self.after_move().await {
            self.undo(before);
            return Err(match e {
                AppendError::StalePly { at } => {
                    Refusal::new(Code::StalePly, format!("the game is at move {at}"))
                }
                AppendError::Over => Refusal::new(Code::Over, "the game is over"),
                AppendError::Fenced => Refusal::new(
                    Code::Storage,
                    "the table moved to another server; nothing happened",
                ),
                AppendError::Failed(e) => Refusal::new(
                    Code::Storage,
                    format!("the move could not be kept ({e}); nothing happened"),
                ),
            });
        }
        // A correspondence turn is told to its person's browsers (Web Push).
        super::push::turn(self.accounts.as_ref(), &self.saved, seat, to_move);
        Ok(())
    }

    /// Keeps the change, tells everyone, and sets the bot thinking if it is its turn.
    async fn after_change(&mut self) {
        if self.saved.status != Status::Over {
            match serde_json::to_string(&self.saved) {
                Ok(json) => {
                    if let Err(e) = self.store.save_table(&self.saved.id, json).await {
                        tracing::error!("table {}: not stored: {e}", self.saved.id);
                        self.refused(&e);
                    }
                    if self.behind {
                        // Nobody hears of a state the store is past.
                        return;
                    }
                }
                Err(e) => tracing::error!("table {}: {e}", self.saved.id),
            }
        }
        self.broadcast();
        self.think();
    }
}
