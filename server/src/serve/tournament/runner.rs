//! Who runs a tournament, and when: every server looks at the tournaments
//! in progress each tick, and one of them at a time holds a tournament's
//! lease (a key in the shared store that lapses unless renewed, as a
//! table's lease in Redis). The holder starts it at its start time, pairs
//! each round once the last result of the one before is in, opens a table
//! a board with both seats held for their accounts, and ends it with the
//! signed TRF. Each step is written to the tournament's document with a
//! swap that only goes through over what was read, and a round is written
//! before its tables open (their ids in it), so a server lost at any point
//! loses no pairing: the next holder opens what is not open yet, and a
//! round is paired once. Results come from the tables' ends, written to the
//! same document from whichever server ran the table ([`report`]).

use std::sync::Arc;
use std::time::Duration;

use super::super::accounts::kv::{self, Change, Kv};
use super::super::hub::{Hub, NewTable};
use super::super::keys::Keys;
use super::super::saved::{Players, SeatAccount, TournamentTable};
use super::super::store::Store;
use super::super::table::{fresh_token, now_ms};
use super::model::{Board, Format, Phase, Result2, Round, Tournament};
use super::{doc_key, ACTIVE};
use virada::game::GameKind;

/// How long a lease lasts without being renewed, in ms.
const LEASE_MS: u64 = 5_000;
/// The longest wait between two looks after failures.
const MAX_WAIT: Duration = Duration::from_secs(4);

/// What a tournament's runner needs.
#[derive(Clone)]
pub struct Runner {
    /// The shared store of documents.
    pub kv: Kv,
    /// The tables' store (is a table open already?).
    pub store: Store,
    /// The tables.
    pub hub: Arc<Hub>,
    /// The server's signing key, for the TRF.
    pub keys: Arc<Keys>,
    /// This server's token in the leases.
    pub token: String,
    /// How long after a round's start an empty seat forfeits.
    pub forfeit: Duration,
    /// How long an arena's minute lasts: 60 s but in tests
    /// (`--arena-minute`).
    pub arena_minute: Duration,
    /// How often the tournaments are looked at.
    pub tick: Duration,
}

fn lease_key(id: &str) -> String {
    format!("tournament-lease:{id}")
}

impl Runner {
    /// Looks at the tournaments in progress every tick, for ever. Not
    /// while the store is away (Redis refused its last `PING`): asking a
    /// store that is away only keeps its connection busy reconnecting,
    /// and the tables' moves wait on the same connection; after a failure
    /// it waits longer each time, up to [`MAX_WAIT`].
    pub fn spawn(self) {
        tokio::spawn(async move {
            let mut wait = self.tick;
            loop {
                tokio::time::sleep(wait).await;
                if super::super::ops::ready::store_away() {
                    continue;
                }
                wait = match self.round_up().await {
                    Ok(()) => self.tick,
                    Err(e) => {
                        tracing::warn!("tournaments: {e}");
                        (wait * 2).min(MAX_WAIT)
                    }
                };
            }
        });
    }

    /// One look at every tournament in progress.
    pub async fn round_up(&self) -> Result<(), String> {
        for (id, _) in self.kv.top(ACTIVE, 500).await? {
            if let Err(e) = self.advance(&id).await {
                tracing::warn!("tournament {id}: {e}");
            }
        }
        Ok(())
    }

    /// Takes or renews the lease of tournament `id`: `true` when it is ours.
    async fn lease(&self, id: &str) -> Result<bool, String> {
        let key = lease_key(id);
        let mine = Change::set(&key, &self.token).lapsing(LEASE_MS);
        if self
            .kv
            .swap(vec![mine.clone().from(Some(&self.token))])
            .await?
        {
            return Ok(true);
        }
        self.kv.swap(vec![mine.from(None)]).await
    }

    /// Does what is due in tournament `id`, when its lease is ours.
    pub async fn advance(&self, id: &str) -> Result<(), String> {
        let Some((t, text)) = kv::read::<Tournament>(&*self.kv, &doc_key(id)).await? else {
            return self.kv.rank(ACTIVE, id, None).await;
        };
        if t.phase == Phase::Over {
            return self.kv.rank(ACTIVE, id, None).await;
        }
        if !self.lease(id).await? {
            return Ok(());
        }
        let now = now_ms();
        match t.phase {
            Phase::Open if now >= t.starts_ms => self.start(t, &text).await,
            Phase::Open | Phase::Over => Ok(()),
            Phase::Running => {
                if let Some(round) = t.played.last().filter(|r| !r.opened) {
                    return self.open_round(&t, round.number).await;
                }
                match t.format {
                    Format::Arena => self.arena(t, &text, now).await,
                    _ if !t.round_done() => Ok(()),
                    _ if t.played.len() as u32 >= t.rounds => self.finish(t, &text).await,
                    _ => self.pair(t, &text, now).await,
                }
            }
        }
    }

    /// Starts it: pairing numbers by rating, the first colour drawn; with
    /// fewer than two entrants it ends at once.
    async fn start(&self, mut t: Tournament, text: &str) -> Result<(), String> {
        if t.entrants.len() < 2 {
            return self.finish(t, text).await;
        }
        t.number_entrants();
        let mut coin = [0u8; 1];
        getrandom::fill(&mut coin).map_err(|e| e.to_string())?;
        t.white1 = coin[0] & 1 == 0;
        t.phase = Phase::Running;
        if t.format == Format::Arena {
            t.ends_ms = Some(self.arena_ends(&t));
        }
        self.write(&t, text).await?;
        Ok(())
    }

    /// Pairs the next round and writes it; its tables open next.
    async fn pair(&self, mut t: Tournament, text: &str, now: i64) -> Result<(), String> {
        let boards = match t.next_boards() {
            Ok(b) if !b.is_empty() => b,
            // Nobody left to pair (too few, or every pairing breaks a rule):
            // the tournament ends here.
            Ok(_) | Err(_) => return self.finish(t, text).await,
        };
        let number = t.played.len() as u32 + 1;
        let round = new_round(number, now, boards, t.format, self.forfeit_at(now))?;
        t.played.push(round);
        if self.write(&t, text).await? {
            self.open_round(&t, number).await?;
        }
        Ok(())
    }

    /// An arena: pairs whoever is free until its time is up, then ends
    /// once its last games are over.
    async fn arena(&self, mut t: Tournament, text: &str, now: i64) -> Result<(), String> {
        let ends = t.ends_ms.unwrap_or_else(|| self.arena_ends(&t));
        // Fewer than two players left (the others withdrew): nobody can be
        // paired again, so it ends once its games are over (A1).
        if now >= ends || t.arena_left() < 2 {
            // Every wave's games, not only the last's.
            let all_done = t
                .played
                .iter()
                .flat_map(|r| &r.boards)
                .all(|b| b.result.is_some());
            if all_done {
                return self.finish(t, text).await;
            }
            return Ok(());
        }
        let boards = t.arena_boards();
        if boards.is_empty() {
            return Ok(());
        }
        let number = t.played.len() as u32 + 1;
        t.played.push(new_round(
            number,
            now,
            boards,
            t.format,
            self.forfeit_at(now),
        )?);
        if self.write(&t, text).await? {
            self.open_round(&t, number).await?;
        }
        Ok(())
    }

    /// When an empty seat of a round started at `start` loses by forfeit.
    fn forfeit_at(&self, start: i64) -> i64 {
        start.saturating_add(i64::try_from(self.forfeit.as_millis()).unwrap_or(i64::MAX))
    }

    /// When an arena started at its start time ends: its minutes later.
    fn arena_ends(&self, t: &Tournament) -> i64 {
        let minute = i64::try_from(self.arena_minute.as_millis()).unwrap_or(i64::MAX);
        t.starts_ms
            .saturating_add(i64::from(t.minutes).saturating_mul(minute))
    }

    /// Opens every table of round `number` not open yet, then marks the
    /// round open.
    async fn open_round(&self, t: &Tournament, number: u32) -> Result<(), String> {
        let Some(round) = t.played.iter().find(|r| r.number == number) else {
            return Ok(());
        };
        let forfeit_at_ms = self.forfeit_at(round.started_ms);
        for board in &round.boards {
            let (Some(table), Some(black)) = (&board.table, board.black) else {
                continue;
            };
            let open = self.store.load_table(table).await?.is_some()
                || self.store.record(table).await?.is_some()
                || self.hub.table(table).is_some();
            if open {
                continue;
            }
            let seat = |n: u32| {
                t.by_number(n).map(|e| SeatAccount {
                    id: e.account.clone(),
                    name: e.name.clone(),
                })
            };
            let new = NewTable {
                kind: GameKind::Othello,
                // The tournament's own clock: a game clock's flag falls as
                // at any table, a loss on time in the standings.
                clock: t.time_control(),
                level: 3,
                // No handicap: the pairing's white sits first and plays
                // dark, and dark moves first (W7; the table sets the
                // colours from its tournament).
                handicap: String::new(),
                play: None,
                players: Players {
                    accounts: [seat(board.white), seat(black)],
                    rated: t.rated,
                    tournament: Some(TournamentTable {
                        id: t.id.clone(),
                        round: number,
                        forfeit_at_ms,
                        name: t.name.clone(),
                        ended: None,
                    }),
                },
            };
            self.hub.open_paired(table, new)?;
            // Each player told where they are not looking (Web Push): the
            // pages they have open ask for the call themselves (call.rs).
            let ttl = self.forfeit.as_secs().max(60);
            for (me, other) in [(board.white, black), (black, board.white)] {
                if let (Some(e), Some(o)) = (t.by_number(me), t.by_number(other)) {
                    let message = super::super::push::TurnMessage {
                        table: table.clone(),
                        opponent: Some(o.name.clone()),
                        url: format!("index.html?table={table}"),
                        tournament: Some(t.name.clone()),
                        round: Some(number),
                    };
                    super::super::push::round(self.hub.accounts(), &e.account, message, ttl);
                }
            }
        }
        kv::update::<Tournament, _>(&*self.kv, &doc_key(&t.id), |doc| {
            let mut doc = doc?;
            if let Some(r) = doc.played.iter_mut().find(|r| r.number == number) {
                r.opened = true;
            }
            Some(doc)
        })
        .await?;
        Ok(())
    }

    /// Ends it: the standings are final and its TRF signed.
    async fn finish(&self, mut t: Tournament, text: &str) -> Result<(), String> {
        t.phase = Phase::Over;
        if t.played.is_empty() {
            t.trf = None;
        } else {
            let body = t.trf(false).write();
            t.trf = Some(sign_trf(&body, &self.keys));
        }
        if self.write(&t, text).await? {
            self.kv.rank(ACTIVE, &t.id, None).await?;
        }
        Ok(())
    }

    /// Writes `t` over `old`: `false` when another wrote first.
    async fn write(&self, t: &Tournament, old: &str) -> Result<bool, String> {
        let json = serde_json::to_string(t).map_err(|e| e.to_string())?;
        self.kv
            .swap(vec![Change::set(doc_key(&t.id), json).from(Some(old))])
            .await
    }
}

/// A round of `boards`, each with a fresh table id (a bye has none, and
/// its result at once).
fn new_round(
    number: u32,
    now: i64,
    boards: Vec<(u32, Option<u32>)>,
    format: Format,
    forfeit_at_ms: i64,
) -> Result<Round, String> {
    let mut out = Vec::new();
    for (white, black) in boards {
        let (table, result) = match black {
            Some(_) => (Some(fresh_token()?), None),
            None => {
                let code = if format == Format::Swiss { 'U' } else { 'Z' };
                (
                    None,
                    Some(Result2 {
                        white: code,
                        black: ' ',
                        discs: None,
                    }),
                )
            }
        };
        out.push(Board {
            table,
            white,
            black,
            result,
        });
    }
    Ok(Round {
        number,
        started_ms: now,
        boards: out,
        opened: false,
        forfeit_at_ms: Some(forfeit_at_ms),
    })
}

/// A TRF signed with the server's key (`virada::tournament::sign_trf`).
pub fn sign_trf(body: &str, keys: &Keys) -> String {
    virada::tournament::sign_trf(body, &keys.public_bytes(), |bytes| keys.sign(bytes))
}

/// A table's result, written into its tournament's round (once: a second
/// report of the same board changes nothing); a side absent from it is
/// not paired again until they join again (`Tournament::record_result`).
pub async fn report(
    kv: &Kv,
    at: &TournamentTable,
    table: &str,
    result: Result2,
) -> Result<(), String> {
    kv::update::<Tournament, _>(&**kv, &doc_key(&at.id), |doc| {
        let mut doc = doc?;
        if doc.phase != Phase::Running {
            return Some(doc);
        }
        doc.record_result(at.round, table, result);
        Some(doc)
    })
    .await?;
    Ok(())
}
