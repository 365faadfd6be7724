//! The lobby: the public list of this server's tables that wait for a
//! second person and of the games in progress, with their spectators.
//!
//! Each table's actor reports its state after every change (a [`Reporter`]
//! it is given when it starts); the lobby keeps a public summary of it —
//! game, board, clock, the bot's level, who holds each seat (a person, the
//! bot, nobody), the spectators and the seed's fingerprint; never a token, a
//! word or the seed — and bumps a version on a [`watch`] channel when the
//! list changes. `GET /api/lobby` ([`stream`]) answers server-sent events:
//! the whole list at once, then the whole list again after each change, at
//! most one event every [`MIN_GAP`] (changes in between are merged).
//!
//! Listed as waiting: a table opened by a person who is still there, with a
//! free seat. "Play anyone" tables are not listed while they wait (they are
//! found by the next "Play anyone" of the same game and clock, and a seat
//! taken from the lobby would leave that queue pointing at a full table);
//! once started they are listed as games in progress like every other.
//! Listed as playing: every table between its start and its end.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::Serialize;
use tokio::sync::watch;

use super::saved::{now_ms, Holder, Saved, Status};

/// The shortest time between two events to one client.
pub const MIN_GAP: Duration = Duration::from_millis(250);
/// Tables listed at most in each part (the counts say how many there are).
const MAX_LISTED: usize = 100;
/// The list's format version.
const VERSION: u32 = 1;

/// One table as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct Summary {
    id: String,
    game: &'static str,
    size: u32,
    /// Seconds a turn, 0 for none.
    clock: u32,
    /// The bot's level, for a seat it takes.
    level: u8,
    /// `person`, `bot` or `empty`, seat by seat.
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
    /// When it was first listed (ms since the epoch), for the order.
    since: i64,
    /// The order of listing among tables listed in the same millisecond.
    order: u64,
}

/// A listed table as the events carry it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Shown<'a> {
    #[serde(flatten)]
    summary: &'a Summary,
    spectators: usize,
    since: i64,
}

/// The whole list as one event carries it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct List<'a> {
    v: u32,
    waiting: Vec<Shown<'a>>,
    playing: Vec<Shown<'a>>,
    waiting_count: usize,
    playing_count: usize,
}

#[derive(Default)]
struct Inner {
    tables: HashMap<String, Listed>,
    /// Spectators' open sockets by table (listed or not).
    spectators: HashMap<String, usize>,
    next: u64,
    /// The list's JSON for the current version, once asked.
    cached: Option<Arc<str>>,
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
    fn report(&self, fingerprint: &Arc<str>, saved: &Saved) {
        let part = listed_part(saved);
        let mut inner = lock(&self.inner);
        let Some(part) = part else {
            if inner.tables.remove(&saved.id).is_some() {
                self.changed(&mut inner);
            }
            return;
        };
        let summary = summary(saved, fingerprint);
        if let Some(listed) = inner.tables.get_mut(&saved.id) {
            if listed.part == part && listed.summary == summary {
                return;
            }
            listed.part = part;
            listed.summary = summary;
        } else {
            let order = inner.next;
            inner.next += 1;
            let listed = Listed {
                part,
                summary,
                since: now_ms(),
                order,
            };
            inner.tables.insert(saved.id.clone(), listed);
        }
        self.changed(&mut inner);
    }

    /// Whether a page listens to the lobby now.
    pub fn watched(&self) -> bool {
        self.version.receiver_count() > 0
    }

    /// Table `id` is gone (its actor ended).
    pub fn remove(&self, id: &str) {
        let mut inner = lock(&self.inner);
        if inner.tables.remove(id).is_some() {
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
            self.changed(&mut inner);
        }
    }

    /// The list's JSON now.
    pub fn list(&self) -> Arc<str> {
        let mut inner = lock(&self.inner);
        if let Some(json) = &inner.cached {
            return Arc::clone(json);
        }
        let json: Arc<str> = list_json(&inner).into();
        inner.cached = Some(Arc::clone(&json));
        json
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
    /// The table as it is now.
    pub fn report(&self, saved: &Saved) {
        self.lobby.report(&self.fingerprint, saved);
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

/// Whether and where a table is listed.
fn listed_part(saved: &Saved) -> Option<Part> {
    match saved.status {
        Status::Waiting => {
            let present = (0..2).any(|s| {
                matches!(saved.seats[s], Holder::Person { .. }) && saved.gone_since_ms[s].is_none()
            });
            let free = saved.seats.contains(&Holder::Empty);
            (present && free && !saved.paired).then_some(Part::Waiting)
        }
        Status::Over => None,
        // Any state between the seats' filling and the end.
        _ => Some(Part::Playing),
    }
}

fn summary(saved: &Saved, fingerprint: &Arc<str>) -> Summary {
    let seat = |h: &Holder| match h {
        Holder::Empty => "empty",
        Holder::Person { .. } => "person",
        Holder::Bot | Holder::Standing { .. } => "bot",
    };
    Summary {
        id: saved.id.clone(),
        game: saved.kind.name(),
        size: saved.kind.size().into(),
        clock: saved.clock,
        level: saved.level,
        seats: [seat(&saved.seats[0]), seat(&saved.seats[1])],
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

/// The list: waiting tables longest-waiting first, games newest first.
fn list_json<'a>(inner: &'a Inner) -> String {
    let mut waiting: Vec<&'a Listed> = Vec::new();
    let mut playing: Vec<&'a Listed> = Vec::new();
    for listed in inner.tables.values() {
        match listed.part {
            Part::Waiting => waiting.push(listed),
            Part::Playing => playing.push(listed),
        }
    }
    waiting.sort_by_key(|l| (l.since, l.order));
    playing.sort_by_key(|l| std::cmp::Reverse((l.since, l.order)));
    let shown = |l: &&'a Listed| Shown {
        summary: &l.summary,
        spectators: inner.spectators.get(&l.summary.id).copied().unwrap_or(0),
        since: l.since,
    };
    let list = List {
        v: VERSION,
        waiting_count: waiting.len(),
        playing_count: playing.len(),
        waiting: waiting.iter().take(MAX_LISTED).map(shown).collect(),
        playing: playing.iter().take(MAX_LISTED).map(shown).collect(),
    };
    serde_json::to_string(&list).unwrap_or_default()
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

#[cfg(test)]
mod tests {
    use super::*;
    use virada::game::GameKind;

    fn saved(id: &str, seats: [Holder; 2], status: Status) -> Saved {
        Saved {
            id: id.into(),
            kind: GameKind::Nabucodonosor(7),
            clock: 30,
            level: 2,
            seed: "ab".repeat(32),
            seats,
            status,
            moves: String::new(),
            deadline_ms: None,
            wait_until_ms: 0,
            gone_since_ms: [None, None],
            paired: false,
            window_until_ms: None,
            contributions: true,
            handicap: String::new(),
            play: None,
            again: [false, false],
            declined: [false, false],
            next: None,
            players: Default::default(),
        }
    }

    fn person() -> Holder {
        Holder::Person {
            token: "secret-token-hash".into(),
            word: "secret-word".into(),
            random: "cd".repeat(32),
        }
    }

    fn list(lobby: &Lobby) -> serde_json::Value {
        serde_json::from_str(&lobby.list()).unwrap()
    }

    #[test]
    fn lists_waiting_then_playing_then_drops_the_table() {
        let lobby = Arc::new(Lobby::new());
        let reporter = lobby.reporter("f1".into());
        let mut table = saved("t1", [Holder::Empty, Holder::Empty], Status::Waiting);
        reporter.report(&table);
        assert_eq!(list(&lobby)["waitingCount"], 0, "nobody sits yet");
        table.seats[0] = person();
        reporter.report(&table);
        let l = list(&lobby);
        assert_eq!(l["waiting"][0]["id"], "t1");
        assert_eq!(l["waiting"][0]["game"], "nabucodonosor");
        assert_eq!(l["waiting"][0]["size"], 7);
        assert_eq!(
            l["waiting"][0]["seats"],
            serde_json::json!(["person", "empty"])
        );
        assert_eq!(l["waiting"][0]["fingerprint"], "f1");
        let text = lobby.list();
        for secret in ["secret", &"ab".repeat(32)] {
            assert!(!text.contains(secret), "{text}");
        }
        // The host leaves: not waiting for anyone.
        table.gone_since_ms[0] = Some(1);
        reporter.report(&table);
        assert_eq!(list(&lobby)["waitingCount"], 0);
        table.gone_since_ms[0] = None;
        table.seats[1] = person();
        table.status = Status::Playing;
        reporter.report(&table);
        let l = list(&lobby);
        assert_eq!(
            (l["waitingCount"].as_u64(), l["playingCount"].as_u64()),
            (Some(0), Some(1))
        );
        let watchers = lobby.watchers("t1");
        let one = watchers.enter();
        let two = watchers.enter();
        assert_eq!(list(&lobby)["playing"][0]["spectators"], 2);
        drop(one);
        assert_eq!(list(&lobby)["playing"][0]["spectators"], 1);
        drop(two);
        table.status = Status::Over;
        reporter.report(&table);
        assert_eq!(list(&lobby)["playingCount"], 0);
    }

    #[test]
    fn play_anyone_tables_wait_unlisted_and_a_change_bumps_the_version_once() {
        let lobby = Arc::new(Lobby::new());
        let reporter = lobby.reporter("f".into());
        let mut table = saved("p", [person(), Holder::Empty], Status::Waiting);
        table.paired = true;
        reporter.report(&table);
        assert_eq!(list(&lobby)["waitingCount"], 0);
        let before = *lobby.version.borrow();
        table.paired = false;
        reporter.report(&table);
        reporter.report(&table);
        assert_eq!(
            *lobby.version.borrow(),
            before + 1,
            "the same state twice is one change"
        );
        lobby.remove("p");
        assert_eq!(list(&lobby)["waitingCount"], 0);
    }
}
