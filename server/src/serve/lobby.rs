//! The lobby: the public list of the tables that wait for a second person
//! and of the games in progress, with their spectators, on every server.
//!
//! Each table's actor reports its state after every change (a [`Reporter`]
//! it is given when it starts); the lobby keeps a public summary of it —
//! game, board, clock, the bot's level, who holds each seat (a person, a
//! person who left, the bot, nobody), the move number and the score, the
//! spectators and the seed's fingerprint; never a token, a word or the seed
//! — and bumps a version on a [`watch`] channel when the list changes.
//! `GET /api/lobby` ([`stream`]) answers server-sent events: the whole list
//! at once, then the whole list again after each change, at most one event
//! every [`MIN_GAP`] (changes in between are merged).
//!
//! Over Redis each server lists the tables it runs (its part, [`Lobby::part`])
//! and the other servers' parts, fed by changes (`relay/lobby_feed.rs`):
//! merged, any server's lobby lists every table. A table's spectators are
//! counted on every server: the holder adds those the other servers say
//! they have ([`Lobby::remote_spectators`]).
//!
//! Listed as waiting: a table opened by a person who is still there, with a
//! free seat. "Play anyone" tables are not listed while they wait (they are
//! found by the next "Play anyone" of the same game and clock, and a seat
//! taken from the lobby would leave that queue pointing at a full table);
//! once started they are listed as games in progress like every other.
//! Listed as playing: every table between its start and its end with a
//! person still at it; a game both people left is not listed (the bot plays
//! it out for the record, with nobody to watch it for). A tournament's
//! table is listed as playing from its opening to its end, people there
//! or not: My games finds it before either has sat.

mod merge;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::Serialize;
use tokio::sync::watch;

use super::saved::{now_ms, Holder, Saved, Status};
use merge::Parts;

/// The shortest time between two events to one client.
pub const MIN_GAP: Duration = Duration::from_millis(250);
/// Tables listed at most in each part (the counts say how many there are).
const MAX_LISTED: usize = 100;
/// The list's format version.
const VERSION: u32 = 1;

/// One table as the lobby shows it, but for its progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct Summary {
    id: String,
    game: &'static str,
    size: u32,
    /// The clock's notation (`"180+2"`), `"off"` for none.
    clock: String,
    /// The bot's level, for a seat it takes.
    level: u8,
    /// `person`, `away` (a person who left; the bot takes the seat when
    /// the grace period runs out), `bot` or `empty`, seat by seat.
    seats: [&'static str; 2],
    fingerprint: String,
    /// Othello's handicap (V2) in its short form; absent for none.
    #[serde(skip_serializing_if = "String::is_empty")]
    handicap: String,
    /// The match (V1) its game belongs to (`to 16 points`, `4 games`) and
    /// the game's number in it; absent for a single game.
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    play: Option<MatchLine>,
    /// The seats' account names, empty for none; absent when neither has one.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    names: Vec<String>,
    /// A rated game; absent when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    rated: bool,
}

/// A game's progress as the lobby shows it: moves played (passes
/// included) and the discs (or pieces) each seat has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// Moves played.
    pub ply: usize,
    /// Seat by seat.
    pub score: [u32; 2],
    /// The seat whose turn it is (a person's "my games" says "your turn").
    pub turn: usize,
    /// Under a game clock or correspondence, when the time of the seat
    /// to move runs out (ms since the epoch, the server's clock): My games
    /// says how long a correspondence turn has left.
    pub until: Option<i64>,
}

/// A match as the lobby's line shows it: `points` or `games`, its
/// target, and the number of the table's game in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct MatchLine {
    kind: &'static str,
    target: u32,
    game: usize,
}

/// Where a listed table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Waiting,
    Playing,
}

/// A listed table.
#[derive(Clone, Debug)]
struct Listed {
    part: Part,
    summary: Summary,
    /// Absent before the game starts.
    progress: Option<Progress>,
    /// When it was first listed (ms since the epoch), for the order.
    since: i64,
    /// The order of listing among tables listed in the same millisecond.
    order: u64,
}

#[derive(Default)]
struct Inner {
    tables: HashMap<String, Listed>,
    /// Spectators' open sockets by table (listed or not).
    spectators: HashMap<String, usize>,
    /// On the holder: a table's spectators on the other servers.
    remote_spectators: HashMap<String, usize>,
    /// The other servers' parts.
    parts: Parts,
    next: u64,
    /// The list's JSON for the current version, once asked.
    cached: Option<Arc<str>>,
    /// Bumped when this server's own tables change: listed, unlisted,
    /// seats, spectators (`shape`), or only a move (`moves`).
    shape: u64,
    moves: u64,
}

/// The lobby's state; one a server.
pub struct Lobby {
    inner: Mutex<Inner>,
    version: watch::Sender<u64>,
}

impl Default for Lobby {
    fn default() -> Self {
        Lobby::new()
    }
}

impl Lobby {
    /// An empty lobby.
    pub fn new() -> Lobby {
        Lobby {
            inner: Mutex::new(Inner::default()),
            version: watch::Sender::new(0),
        }
    }

    fn changed(&self, inner: &mut Inner) {
        inner.cached = None;
        self.version.send_modify(|v| *v = v.wrapping_add(1));
    }

    /// What the actor of table `id` reports after a change.
    fn report(&self, fingerprint: &Arc<str>, saved: &Saved, progress: Option<Progress>) {
        let part = listed_part(saved);
        let mut inner = lock(&self.inner);
        let Some(part) = part else {
            if inner.tables.remove(&saved.id).is_some() {
                inner.shape += 1;
                self.changed(&mut inner);
            }
            return;
        };
        let summary = summary(saved, fingerprint);
        if let Some(listed) = inner.tables.get_mut(&saved.id) {
            let shape = listed.part != part || listed.summary != summary;
            if !shape && listed.progress == progress {
                return;
            }
            listed.part = part;
            listed.summary = summary;
            listed.progress = progress;
            if shape {
                inner.shape += 1;
            } else {
                inner.moves += 1;
            }
        } else {
            let order = inner.next;
            inner.next += 1;
            let listed = Listed {
                part,
                summary,
                progress,
                since: now_ms(),
                order,
            };
            inner.tables.insert(saved.id.clone(), listed);
            inner.shape += 1;
        }
        self.changed(&mut inner);
    }

    /// Whether a page listens to the lobby now.
    pub fn watched(&self) -> bool {
        self.version.receiver_count() > 0
    }

    /// How many pages listen to the lobby now.
    pub fn subscribers(&self) -> usize {
        self.version.receiver_count()
    }

    /// Table `id` is gone from this server (its actor ended, or runs
    /// elsewhere now).
    pub fn remove(&self, id: &str) {
        let mut inner = lock(&self.inner);
        inner.remote_spectators.remove(id);
        if inner.tables.remove(id).is_some() {
            inner.shape += 1;
            self.changed(&mut inner);
        }
    }

    fn spectators(&self, id: &str, up: bool) {
        let mut inner = lock(&self.inner);
        let count = inner.spectators.entry(id.to_string()).or_insert(0);
        *count = if up {
            count.saturating_add(1)
        } else {
            count.saturating_sub(1)
        };
        if *count == 0 {
            inner.spectators.remove(id);
        }
        if inner.tables.contains_key(id) {
            inner.shape += 1;
            self.changed(&mut inner);
        }
    }

    /// This server's spectators' sockets at table `id`.
    pub fn spectators_of(&self, id: &str) -> usize {
        lock(&self.inner).spectators.get(id).copied().unwrap_or(0)
    }

    /// Table `id`'s spectators on the other servers, as they say (on the
    /// server running it).
    pub fn remote_spectators(&self, id: &str, n: usize) {
        let mut inner = lock(&self.inner);
        let before = if n == 0 {
            inner.remote_spectators.remove(id)
        } else {
            inner.remote_spectators.insert(id.to_string(), n)
        };
        if before.unwrap_or(0) != n && inner.tables.contains_key(id) {
            inner.shape += 1;
            self.changed(&mut inner);
        }
    }

    /// The list's JSON now: this server's tables and the other servers',
    /// with the server's `now` (ms since the epoch) first, the scale of
    /// each game's `turnUntil`.
    pub fn list(&self) -> Arc<str> {
        let mut inner = lock(&self.inner);
        let json = match &inner.cached {
            Some(json) => Arc::clone(json),
            None => {
                let json: Arc<str> = merge::list_json(&inner).into();
                inner.cached = Some(Arc::clone(&json));
                json
            }
        };
        drop(inner);
        match json.strip_prefix('{') {
            Some(rest) => format!("{{\"now\":{},{rest}", now_ms()).into(),
            None => json,
        }
    }

    /// This server's part of the list (its own tables, as the other
    /// servers merge it), with how many times its tables changed shape
    /// and moved so far.
    pub fn part(&self) -> (String, u64, u64) {
        let inner = lock(&self.inner);
        (merge::part_json(&inner), inner.shape, inner.moves)
    }

    /// Server `token`'s part as it last wrote it (`None`: it has none now).
    pub fn set_part(&self, token: &str, json: Option<&str>) {
        let mut inner = lock(&self.inner);
        if inner.parts.set(token, json) {
            self.changed(&mut inner);
        }
    }

    /// The servers whose parts are listed, with when each was written.
    pub fn parts(&self) -> Vec<(String, i64)> {
        lock(&self.inner).parts.written()
    }

    /// What a table's actor reports to (its seed's `fingerprint` given once).
    pub fn reporter(self: &Arc<Self>, fingerprint: Arc<str>) -> Reporter {
        Reporter {
            lobby: Arc::clone(self),
            fingerprint,
        }
    }

    /// What table `id`'s spectators' sockets count themselves with.
    pub fn watchers(self: &Arc<Self>, id: &str) -> Watchers {
        Watchers {
            lobby: Arc::clone(self),
            id: id.into(),
        }
    }
}

/// Where a table's actor reports each change.
pub struct Reporter {
    lobby: Arc<Lobby>,
    fingerprint: Arc<str>,
}

impl Reporter {
    /// The table as it is now, and its game's progress once started.
    pub fn report(&self, saved: &Saved, progress: Option<Progress>) {
        self.lobby.report(&self.fingerprint, saved, progress);
    }
}

/// A table's spectators, as the lobby counts them.
#[derive(Clone)]
pub struct Watchers {
    lobby: Arc<Lobby>,
    id: Arc<str>,
}

impl Watchers {
    /// One more spectator, until the guard is dropped.
    pub fn enter(&self) -> Watching {
        self.lobby.spectators(&self.id, true);
        Watching(self.clone())
    }
}

/// A spectator's place in the count; dropped when its socket closes.
pub struct Watching(Watchers);

impl Drop for Watching {
    fn drop(&mut self) {
        self.0.lobby.spectators(&self.0.id, false);
    }
}

/// Whether a person sits in `seat` and is there.
fn present(saved: &Saved, seat: usize) -> bool {
    matches!(saved.seats[seat], Holder::Person { .. }) && saved.gone_since_ms[seat].is_none()
}

/// Whether and where a table is listed. A correspondence game is listed
/// while it goes on with a person seated, there or not: its people come
/// back to it from My games, days later.
fn listed_part(saved: &Saved) -> Option<Part> {
    let correspondence = matches!(
        saved.clock,
        Some(virada::clock::TimeControl::Correspondence { .. })
    );
    let seated = |s: usize| matches!(saved.seats[s], Holder::Person { .. });
    let anyone = present(saved, 0)
        || present(saved, 1)
        || (correspondence && saved.status == Status::Playing && (seated(0) || seated(1)));
    // A tournament's game is listed from its table's opening, so that its
    // people find it in My games at once, before either sits.
    let tournament = saved.players.tournament.is_some();
    match saved.status {
        Status::Waiting if tournament => Some(Part::Playing),
        Status::Waiting => {
            let free = saved.seats.contains(&Holder::Empty);
            (anyone && free && !saved.paired).then_some(Part::Waiting)
        }
        Status::Over => None,
        // Between the seats' filling and the end, while a person is there.
        _ => (anyone || tournament).then_some(Part::Playing),
    }
}

fn summary(saved: &Saved, fingerprint: &Arc<str>) -> Summary {
    let seat = |s: usize| match &saved.seats[s] {
        Holder::Empty => "empty",
        Holder::Person { .. } if saved.gone_since_ms[s].is_some() => "away",
        Holder::Person { .. } => "person",
        Holder::Bot | Holder::Standing { .. } => "bot",
    };
    Summary {
        id: saved.id.clone(),
        game: saved.kind.name(),
        size: saved.kind.size().into(),
        clock: super::clock::text(saved.clock),
        level: saved.level,
        seats: [seat(0), seat(1)],
        fingerprint: fingerprint.to_string(),
        handicap: saved.handicap.clone(),
        play: saved.play.as_ref().and_then(|m| {
            let kind = m
                .kind
                .parse::<virada::record::matchplay::MatchKind>()
                .ok()?;
            Some(MatchLine {
                kind: kind.name(),
                target: kind.target(),
                game: m.games.len() + 1,
            })
        }),
        names: match saved.players.names() {
            [a, b] if a.is_empty() && b.is_empty() => Vec::new(),
            [a, b] => vec![a, b],
        },
        rated: saved.players.rated,
    }
}

/// The events of `GET /api/lobby`: the list now, then after each change.
pub fn stream(lobby: Arc<Lobby>) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let changes = lobby.version.subscribe();
    let events = futures_util::stream::unfold(
        (lobby, changes, None),
        |(lobby, mut changes, last): (_, _, Option<tokio::time::Instant>)| async move {
            if let Some(last) = last {
                // The first change after a quiet time goes out at once; the
                // changes within MIN_GAP of the last event go out together.
                changes.changed().await.ok()?;
                tokio::time::sleep_until(last + MIN_GAP).await;
            }
            changes.borrow_and_update();
            let event = Event::default().event("lobby").data(&*lobby.list());
            Some((
                Ok(event),
                (lobby, changes, Some(tokio::time::Instant::now())),
            ))
        },
    );
    Sse::new(events).keep_alive(KeepAlive::default())
}

/// A mutex's guard, also after a panic elsewhere (the data stay usable).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
