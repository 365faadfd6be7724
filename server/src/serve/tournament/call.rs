//! A round's call: the tournament games waiting for an account (a round
//! paired, its table open, no result yet). Every page of the site asks for
//! them with the challenges, every 2 s (`GET /api/challenges`'s `rounds`,
//! www/tournament/call.js): the tournament's page takes its person to the
//! table, any other page says so (a notice with a link, the tab's title, a
//! sound, a system notification where allowed). When a round's tables
//! open, each person is also pushed (Web Push) where they subscribed.
//! Read from the tournament's own document, so every server answers the
//! same, and a call ends with its game's result. Each says until when its
//! player may still sit (`deadline`, the forfeit time); a game its player
//! lost by not coming stays listed as `lost` for [`LOST_SHOWN_MS`] after
//! that time, so that a late returner reads what happened.

use serde::Serialize;

use super::super::accounts::kv::{self, Kv};
use super::model::{Phase, Tournament};
use super::{doc_key, of_key};

/// An account's tournaments looked at, the newest joined first.
const LOOKED_AT: usize = 5;
/// How long a game lost by not coming is still said, after its forfeit
/// time: 15 minutes.
pub const LOST_SHOWN_MS: i64 = 15 * 60 * 1000;

/// One game of a round waiting for its player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundCall {
    /// The table's id.
    pub table: String,
    /// The tournament's id.
    pub tournament: String,
    /// Its name.
    pub name: String,
    /// The round (an arena's wave), from 1.
    pub round: u32,
    /// The opponent's name.
    pub opponent: String,
    /// When the round started (ms since the epoch).
    pub since: i64,
    /// Until when the player may sit: the forfeit time (ms since the
    /// epoch; none for a round kept before it was written).
    pub deadline: Option<i64>,
    /// The player did not come by then: the game is lost by forfeit.
    pub lost: bool,
}

/// The games of `t` waiting for `account`.
pub fn calls_in(t: &Tournament, account: &str) -> Vec<RoundCall> {
    let Some(me) = t.by_account(account) else {
        return Vec::new();
    };
    if t.phase != Phase::Running {
        return Vec::new();
    }
    let mut out = Vec::new();
    for round in t.played.iter().filter(|r| r.opened) {
        for board in &round.boards {
            let (Some(table), Some(black)) = (&board.table, board.black) else {
                continue;
            };
            if board.result.is_some() || (board.white != me.number && black != me.number) {
                continue;
            }
            let other = if board.white == me.number {
                black
            } else {
                board.white
            };
            out.push(RoundCall {
                table: table.clone(),
                tournament: t.id.clone(),
                name: t.name.clone(),
                round: round.number,
                opponent: t
                    .by_number(other)
                    .map(|e| e.name.clone())
                    .unwrap_or_default(),
                since: round.started_ms,
                deadline: round.forfeit_at_ms,
                lost: false,
            });
        }
    }
    out
}

/// The games of `t` that `account` lost by forfeit for not being there
/// (its `-` with no game played, not withdrawn), whose forfeit time was
/// less than [`LOST_SHOWN_MS`] before `now`.
pub fn lost_in(t: &Tournament, account: &str, now: i64) -> Vec<RoundCall> {
    let Some(me) = t.by_account(account).filter(|e| !e.withdrawn) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for round in &t.played {
        let Some(deadline) = round
            .forfeit_at_ms
            .filter(|&d| now >= d && now < d.saturating_add(LOST_SHOWN_MS))
        else {
            continue;
        };
        for board in &round.boards {
            let (Some(table), Some(black), Some(result)) =
                (&board.table, board.black, board.result)
            else {
                continue;
            };
            let (mine, other) = if board.white == me.number {
                (result.white, black)
            } else if black == me.number {
                (result.black, board.white)
            } else {
                continue;
            };
            if mine != '-' || result.discs.is_some() {
                continue;
            }
            out.push(RoundCall {
                table: table.clone(),
                tournament: t.id.clone(),
                name: t.name.clone(),
                round: round.number,
                opponent: t
                    .by_number(other)
                    .map(|e| e.name.clone())
                    .unwrap_or_default(),
                since: round.started_ms,
                deadline: Some(deadline),
                lost: true,
            });
        }
    }
    out
}

/// The games waiting for `account` in its newest tournaments, then those
/// it lost lately by not coming.
pub async fn calls_of(kv: &Kv, account: &str) -> Result<Vec<RoundCall>, String> {
    let now = super::super::table::now_ms();
    let mut out = Vec::new();
    let mut lost = Vec::new();
    for (id, _) in kv.top(&of_key(account), LOOKED_AT).await? {
        if let Some((t, _)) = kv::read::<Tournament>(&**kv, &doc_key(&id)).await? {
            out.extend(calls_in(&t, account));
            lost.extend(lost_in(&t, account, now));
        }
    }
    out.extend(lost);
    Ok(out)
}
