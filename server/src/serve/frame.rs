//! The `state` frame a table sends to every page after every change:
//! everything a page shows, and nothing secret before the end (the seed
//! only in the final record). docs/server.md lists its fields.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use super::game::Game;
use super::protocol::VERSION;
use super::saved::{now_ms, Holder, Saved, Status};

/// What a frame is made from.
pub struct Parts<'a> {
    /// The table.
    pub saved: &'a Saved,
    /// The game, once started.
    pub game: Option<&'a Game>,
    /// Open connections a seat.
    pub connected: [usize; 2],
    /// The signed record, at the end.
    pub record: Option<&'a str>,
    /// The grace period of a seat whose person left.
    pub grace: Duration,
    /// The seed's fingerprint.
    pub fingerprint: String,
    /// The server's public key (hex).
    pub key: String,
    /// Which seats asked to play again.
    pub again: [bool; 2],
    /// Which seats answered "No thanks".
    pub declined: [bool; 2],
    /// The table where the people go on (played again, or the match's next game).
    pub next: Option<&'a str>,
    /// The plies the bot played in each seat for its person who left.
    pub stand_in: &'a [Vec<usize>; 2],
    /// The match its game belongs to, if any.
    pub play: Option<super::table::MatchView>,
}

/// The frame's JSON text.
pub fn state(p: &Parts<'_>) -> Arc<str> {
    let seat = |s: usize| {
        let (kind, took_seat, contributed) = match &p.saved.seats[s] {
            Holder::Empty => ("empty", false, false),
            Holder::Person { random, .. } => ("person", false, !random.is_empty()),
            Holder::Bot => ("bot", false, false),
            Holder::Standing { random, .. } => ("bot", true, !random.is_empty()),
        };
        SeatView {
            kind,
            took_seat,
            contributed,
            connected: p.connected[s] > 0,
            level: p.saved.level,
            name: p.saved.players.accounts[s].as_ref().map(|a| a.name.clone()),
        }
    };
    // The game's snapshot is JSON already: it goes in as it is.
    let table = p
        .game
        .and_then(|g| serde_json::value::RawValue::from_string(g.snapshot()).ok());
    let grace = i64::try_from(p.grace.as_millis()).unwrap_or(i64::MAX);
    let now = now_ms();
    let frame = StateFrame {
        v: VERSION,
        kind: "state",
        id: &p.saved.id,
        game: p.saved.kind.name(),
        size: p.saved.kind.size().into(),
        status: p.saved.status,
        seats: [seat(0), seat(1)],
        clock: super::clock::text(p.saved.clock),
        speed: p.saved.clock.map_or("", |c| c.speed().name()),
        deadline: p.saved.deadline_ms,
        wait_until: (p.saved.status == Status::Waiting).then_some(p.saved.wait_until_ms),
        contribute_until: p.saved.window_until_ms,
        grace_until: p
            .saved
            .gone_since_ms
            .map(|g| g.map(|g| g.saturating_add(grace))),
        now,
        // A game cut short (resigned, aborted) shows its clocks as they stopped.
        clocks: p.game.and_then(|g| match p.saved.cut {
            Some(_) => g.stopped_clocks(),
            None => g.clocks(now),
        }),
        fingerprint: p.fingerprint.clone(),
        ply: p.game.map_or(0, Game::ply),
        moves: &p.saved.moves,
        table: table.as_deref(),
        record: p.record,
        key: p.key.clone(),
        again: p.again,
        declined: p.declined,
        next: p.next,
        stand_in: p.stand_in,
        play: p.play.as_ref(),
        rated: p.saved.players.rated,
        cut: p.saved.cut,
        resigned_score: match (p.saved.cut, p.game) {
            (Some(super::saved::Cut::Resigned(loser)), Some(g)) => {
                let side = u32::from(p.saved.kind.size());
                let (lost, won) = virada::clock::score_ended_early(g.score()[loser], side * side);
                let mut score = [won; 2];
                score[loser] = lost;
                Some(score)
            }
            _ => None,
        },
        tournament: p.saved.players.tournament.as_ref().map(|t| TournamentView {
            id: &t.id,
            name: &t.name,
            round: t.round,
            ended: t.ended,
        }),
    };
    serde_json::to_string(&frame)
        .unwrap_or_else(|e| {
            tracing::error!("table {}: {e}", p.saved.id);
            String::new()
        })
        .into()
}

/// A seat as the `state` frame shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SeatView {
    kind: &'static str,
    took_seat: bool,
    contributed: bool,
    connected: bool,
    level: u8,
    /// The seat's account name (held for it, or sitting); absent for a
    /// guest, the bot or nobody.
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
}

/// The `state` frame's fields (docs/server.md).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateFrame<'a> {
    v: u32,
    #[serde(rename = "type")]
    kind: &'static str,
    id: &'a str,
    game: &'static str,
    size: u32,
    status: Status,
    seats: [SeatView; 2],
    /// The clock's notation (`"180+2"`), `"off"` for none.
    clock: String,
    /// The speed it is rated at (`"blitz"`, lichess's classes, the
    /// library's `Speed`), `""` for none: the page says "3+2 · Blitz".
    speed: &'static str,
    deadline: Option<i64>,
    wait_until: Option<i64>,
    contribute_until: Option<i64>,
    grace_until: [Option<i64>; 2],
    now: i64,
    /// Under a game clock or correspondence, each seat's time left at
    /// `now` (ms) and the seat whose clock runs; absent for the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    clocks: Option<super::game::Clocks>,
    fingerprint: String,
    ply: usize,
    moves: &'a str,
    table: Option<&'a serde_json::value::RawValue>,
    record: Option<&'a str>,
    key: String,
    again: [bool; 2],
    declined: [bool; 2],
    next: Option<&'a str>,
    stand_in: &'a [Vec<usize>; 2],
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    play: Option<&'a super::table::MatchView>,
    /// A rated game (both seats' accounts asked for one).
    rated: bool,
    /// How a seat ended the game before its board did: `{"resigned": 0}`,
    /// `{"aborted": 1}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    cut: Option<super::saved::Cut>,
    /// A resignation's score by rule T24, seat by seat (the loser keeps
    /// its discs up to one less than half the board, the winner the rest):
    /// what the table says, as the record and the standings count it.
    #[serde(skip_serializing_if = "Option::is_none")]
    resigned_score: Option<[u32; 2]>,
    /// A tournament's game: which tournament and round, and, when it was
    /// not played out (W5–W6), why and who lost it; absent for the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament: Option<TournamentView<'a>>,
}

/// A tournament's table as the `state` frame names it.
#[derive(Serialize)]
struct TournamentView<'a> {
    id: &'a str,
    name: &'a str,
    round: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    ended: Option<super::saved::Unplayed>,
}
