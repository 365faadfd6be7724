//! Tournaments online: a signed-in person makes one (Swiss, round robin
//! or arena; its clock, rated or casual, its rounds or minutes, a rating
//! range, its start), others join and withdraw, and at its start the
//! server pairs it round by round (`runner.rs`), a table a board with both
//! seats held for their accounts. Kept in the accounts' store (SQLite, or
//! Redis shared by every server), so it survives a restart and any server
//! serves it. At the end its TRF is signed with the server's key.
//!
//! | method and path | body | answer |
//! | --- | --- | --- |
//! | `POST /api/tournaments` | `{"name", "format", "clock", "rated", "rounds", "double", "minutes", "min", "max", "starts"}` | 201 `{"id"}`; 400 `bad-name`, `bad-format`, `bad-clock`, `bad-rounds`, `bad-minutes`, `bad-range`, `bad-start`; 401 |
//! | `GET /api/tournaments` | `?player=NAME` for one account's | `{"tournaments": [{"id", "name", "format", "clock", "rated", "phase", "starts", "entrants", "round", "rounds"}]}` |
//! | `GET /api/tournaments/{id}` | — | the tournament (`view.rs`); signed in, `you`: the rating at its clock and `range` (`in`, `below`, `above`) |
//! | `POST /api/tournaments/{id}/join` | `{}` | `{}`; 403 `out-of-range`; 409 `started`, `over`; 404 `no-tournament` |
//! | `POST /api/tournaments/{id}/withdraw` | `{}` | `{}`; 409 `not-entered`, `over` |
//! | `GET /api/tournaments/{id}/trf` | — | the signed TRF (`text/plain`); 409 `not-over` |

mod call;
mod model;
#[cfg(test)]
mod model_tests;
mod runner;
mod view;

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use super::accounts::kv::{self, Change};
use super::accounts::model::{name_key, Account};
use super::accounts::{answer, refusal, store, Accounts};
use super::body::{ApiBody, Body, Nothing, Refusal};
use super::table::{fresh_token, now_ms};
pub use call::calls_of;
pub use model::Result2;
use model::{Entrant, Format, Phase, Tournament};
pub use runner::{report, Runner};

/// The index of tournaments not over (by start).
pub(crate) const ACTIVE: &str = "tournaments-active";
/// The index of every tournament (by start).
const ALL: &str = "tournaments";
/// Tournaments listed at most.
const LISTED: usize = 50;
/// The most entrants a tournament takes.
pub const MAX_ENTRANTS: usize = 256;
/// A start at most this far ahead (30 days), in ms.
const FURTHEST_START_MS: i64 = 30 * 24 * 3600 * 1000;

fn doc_key(id: &str) -> String {
    format!("tournament:{id}")
}

fn of_key(account: &str) -> String {
    format!("tournaments-of:{account}")
}

/// The routes' state.
#[derive(Clone)]
pub struct Tournaments {
    /// The accounts (sessions, the store).
    pub accounts: Arc<Accounts>,
    /// The tables, to end a leaver's game (W6).
    pub hub: Arc<super::hub::Hub>,
}

/// The tournaments' routes.
pub fn router(t: Tournaments) -> Router {
    Router::new()
        .route("/api/tournaments", post(create).get(list))
        .route("/api/tournaments/{id}", get(one))
        .route("/api/tournaments/{id}/join", post(join))
        .route("/api/tournaments/{id}/withdraw", post(withdraw))
        .route("/api/tournaments/{id}/trf", get(trf))
        .with_state(t)
}

/// A new tournament as a page sends it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewBody {
    name: String,
    format: Format,
    clock: String,
    rated: bool,
    #[serde(default)]
    rounds: Option<u32>,
    #[serde(default)]
    double: bool,
    #[serde(default)]
    minutes: Option<u32>,
    #[serde(default)]
    min: Option<u32>,
    #[serde(default)]
    max: Option<u32>,
    /// Its start, ms since the epoch.
    starts: i64,
}

impl ApiBody for NewBody {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        Some(match field {
            "name" => ("bad-name", "a tournament's name is 3 to 40 characters"),
            "format" => ("bad-format", "the format is swiss, round-robin or arena"),
            "clock" => ("bad-clock", "a clock is 30 (seconds a move) or 180+2"),
            "rated" => ("bad-rated", "rated is true or false"),
            "rounds" | "double" => ("bad-rounds", "a Swiss has 1 to 15 rounds"),
            "minutes" => ("bad-minutes", "an arena lasts 5 to 240 minutes"),
            "min" | "max" => (
                "bad-range",
                "a rating range is two whole numbers, min ≤ max",
            ),
            "starts" => ("bad-start", "the start is a time from now to 30 days ahead"),
            _ => return None,
        })
    }
}

/// The tournament asked for, checked.
fn check(body: NewBody, creator: (&str, &str), now: i64) -> Result<Tournament, Refusal> {
    let name = body.name.trim().to_string();
    if !(3..=40).contains(&name.chars().count()) || name.chars().any(char::is_control) {
        return Err(Refusal::bad(
            "bad-name",
            "a tournament's name is 3 to 40 characters",
        ));
    }
    let clock = model::tournament_clock(&body.clock).map_err(|m| Refusal::bad("bad-clock", m))?;
    let rounds = match body.format {
        Format::Swiss => match body.rounds {
            Some(r @ 1..=15) => r,
            _ => return Err(Refusal::bad("bad-rounds", "a Swiss has 1 to 15 rounds")),
        },
        _ => 0,
    };
    let minutes = match body.format {
        Format::Arena => match body.minutes {
            Some(m @ 5..=240) => m,
            _ => {
                return Err(Refusal::bad(
                    "bad-minutes",
                    "an arena lasts 5 to 240 minutes",
                ))
            }
        },
        _ => 0,
    };
    if let (Some(min), Some(max)) = (body.min, body.max) {
        if min > max {
            return Err(Refusal::bad(
                "bad-range",
                "a rating range is two whole numbers, min ≤ max",
            ));
        }
    }
    if body.starts < now - 60_000 || body.starts > now + FURTHEST_START_MS {
        return Err(Refusal::bad(
            "bad-start",
            "the start is a time from now to 30 days ahead",
        ));
    }
    Ok(Tournament {
        id: fresh_token().map_err(|e| super::accounts::storage(&e))?,
        name,
        format: body.format,
        clock: clock.to_string(),
        rated: body.rated,
        rounds,
        double: body.double && body.format == Format::RoundRobin,
        minutes,
        min: body.min,
        max: body.max,
        starts_ms: body.starts.max(now),
        creator: creator.0.to_string(),
        creator_name: creator.1.to_string(),
        phase: Phase::Open,
        entrants: Vec::new(),
        played: Vec::new(),
        white1: true,
        divisions: Vec::new(),
        trf: None,
        ends_ms: None,
    })
}

async fn create(
    State(t): State<Tournaments>,
    headers: HeaderMap,
    body: Result<Body<NewBody>, Refusal>,
) -> Response {
    answer(
        async {
            t.accounts.check_origin(&headers)?;
            let (account, _) = t.accounts.require(&headers).await?;
            let Body(body) = body?;
            let new = check(body, (&account.id, &account.name), now_ms())?;
            let json = store(serde_json::to_string(&new).map_err(|e| e.to_string()))?;
            let kv = t.accounts.kv();
            store(kv.swap(vec![Change::create(doc_key(&new.id), json)]).await)?;
            let at = new.starts_ms as f64;
            store(kv.rank(ALL, &new.id, Some(at)).await)?;
            store(kv.rank(ACTIVE, &new.id, Some(at)).await)?;
            Ok((StatusCode::CREATED, Json(json!({ "id": new.id }))).into_response())
        }
        .await,
    )
}

#[derive(Deserialize)]
struct ListQuery {
    #[serde(default)]
    player: Option<String>,
}

async fn list(State(t): State<Tournaments>, Query(q): Query<ListQuery>) -> Response {
    answer(
        async {
            let kv = t.accounts.kv();
            let index = match q.player {
                Some(name) => {
                    let id = if virada::record::valid_name(&name) {
                        store(kv.get(&name_key(&name)).await)?
                    } else {
                        None
                    };
                    match id {
                        Some(id) => of_key(&id),
                        None => return Ok(Json(json!({ "tournaments": [] })).into_response()),
                    }
                }
                None => ALL.to_string(),
            };
            let mut docs = Vec::new();
            for (id, _) in store(kv.top(&index, LISTED).await)? {
                if let Some((doc, _)) = store(kv::read::<Tournament>(&**kv, &doc_key(&id)).await)? {
                    docs.push(doc);
                }
            }
            docs.sort_by(view::list_order);
            let out: Vec<serde_json::Value> = docs.iter().map(view::summary).collect();
            Ok(Json(json!({ "tournaments": out })).into_response())
        }
        .await,
    )
}

fn no_tournament() -> Refusal {
    refusal(
        StatusCode::NOT_FOUND,
        "no-tournament",
        "there is no such tournament",
    )
}

async fn read(t: &Tournaments, id: &str) -> Result<Tournament, Refusal> {
    if !virada::record::valid_tournament_id(id) {
        return Err(no_tournament());
    }
    store(kv::read::<Tournament>(&**t.accounts.kv(), &doc_key(id)).await)?
        .map(|(doc, _)| doc)
        .ok_or_else(no_tournament)
}

/// An account's rating as a tournament reads it: at the speed of its clock.
fn entry_rating(account: &Account, doc: &Tournament) -> f64 {
    account.rating_for(doc.clock.parse().ok()).rating()
}

async fn one(State(t): State<Tournaments>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    answer(
        async {
            let doc = read(&t, &id).await?;
            let mut v = view::full(&doc, now_ms());
            // The one asking, signed in: their rating at this clock and
            // where it stands against the range, so that the page says
            // before a tap whether they may join.
            if let Ok(Some((account, _))) = t.accounts.signed_in(&headers).await {
                let rating = entry_rating(&account, &doc);
                v["you"] = json!({
                    "rating": rating.round() as i64,
                    "range": doc.out_of_range(rating).unwrap_or("in"),
                });
            }
            Ok(Json(v).into_response())
        }
        .await,
    )
}

fn conflict(code: &'static str, message: &str) -> Refusal {
    refusal(StatusCode::CONFLICT, code, message)
}

async fn join(
    State(t): State<Tournaments>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Body<Nothing>, Refusal>,
) -> Response {
    answer(
        async {
            t.accounts.check_origin(&headers)?;
            let (account, _) = t.accounts.require(&headers).await?;
            body?;
            let doc = read(&t, &id).await?;
            let rating = entry_rating(&account, &doc);
            if doc.out_of_range(rating).is_some() {
                return Err(refusal(
                    StatusCode::FORBIDDEN,
                    "out-of-range",
                    "your rating is outside the tournament's range",
                ));
            }
            let mut why: Option<Refusal> = None;
            let rating = rating.round().clamp(0.0, 9999.0) as u32;
            store(
                kv::update::<Tournament, _>(&**t.accounts.kv(), &doc_key(&id), |doc| {
                    let mut doc = doc?;
                    why = None;
                    let late_ok = doc.format != Format::RoundRobin
                        && (doc.format == Format::Arena || (doc.played.len() as u32) < doc.rounds);
                    match doc.phase {
                        Phase::Over => why = Some(conflict("over", "the tournament is over")),
                        Phase::Running if !late_ok => {
                            why = Some(conflict("started", "the tournament has started"))
                        }
                        _ if doc.entrants.len() >= MAX_ENTRANTS
                            && doc.by_account(&account.id).is_none() =>
                        {
                            why = Some(conflict("full", "the tournament is full"))
                        }
                        _ => {
                            let running = doc.phase == Phase::Running;
                            let next = doc.entrants.iter().map(|e| e.number).max().unwrap_or(0) + 1;
                            match doc.entrants.iter_mut().find(|e| e.account == account.id) {
                                // Joining again: back from a withdrawal or
                                // an absence, paired from the next round.
                                Some(e) => {
                                    e.withdrawn = false;
                                    e.absent = false;
                                }
                                None => doc.entrants.push(Entrant {
                                    account: account.id.clone(),
                                    name: account.name.clone(),
                                    rating,
                                    // A late entry takes the next number.
                                    number: if running { next } else { 0 },
                                    withdrawn: false,
                                    absent: false,
                                }),
                            }
                        }
                    }
                    Some(doc)
                })
                .await,
            )?;
            if let Some(refused) = why {
                return Err(refused);
            }
            let kv = t.accounts.kv();
            store(
                kv.rank(&of_key(&account.id), &id, Some(now_ms() as f64))
                    .await,
            )?;
            Ok(Json(json!({})).into_response())
        }
        .await,
    )
}

async fn withdraw(
    State(t): State<Tournaments>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Body<Nothing>, Refusal>,
) -> Response {
    answer(
        async {
            t.accounts.check_origin(&headers)?;
            let (account, _) = t.accounts.require(&headers).await?;
            body?;
            read(&t, &id).await?;
            let mut why: Option<Refusal> = None;
            let mut left = false;
            let mut games: Vec<String> = Vec::new();
            store(
                kv::update::<Tournament, _>(&**t.accounts.kv(), &doc_key(&id), |doc| {
                    let mut doc = doc?;
                    why = None;
                    left = false;
                    if doc.phase == Phase::Over {
                        why = Some(conflict("over", "the tournament is over"));
                    } else if doc.by_account(&account.id).is_none() {
                        why = Some(conflict("not-entered", "you are not in this tournament"));
                    } else if doc.phase == Phase::Open {
                        // Before the start an entry simply goes.
                        doc.entrants.retain(|e| e.account != account.id);
                        left = true;
                    } else if let Some(e) =
                        doc.entrants.iter_mut().find(|e| e.account == account.id)
                    {
                        e.withdrawn = true;
                        games = call::calls_in(&doc, &account.id)
                            .into_iter()
                            .map(|c| c.table)
                            .collect();
                    }
                    Some(doc)
                })
                .await,
            )?;
            if let Some(refused) = why {
                return Err(refused);
            }
            if left {
                store(t.accounts.kv().rank(&of_key(&account.id), &id, None).await)?;
            }
            // A game of the round not over is lost at once (W6): its table,
            // on whichever server runs it, ends it and tells the opponent.
            for table in games {
                withdraw_from(&t, &id, &table, &account.id).await;
            }
            Ok(Json(json!({})).into_response())
        }
        .await,
    )
}

/// Tells `table` that `account` withdrew (W6). A table no server runs
/// (lost with its server, not opened again yet) cannot say it: the round
/// then records the forfeit itself, so that nobody waits for the leaver.
async fn withdraw_from(t: &Tournaments, id: &str, table: &str, account: &str) {
    let command = super::table::Command::Withdrew {
        account: account.to_string(),
    };
    if let Some(handle) = t.hub.table_or_record(table, false).await {
        if handle.commands.send(command).await.is_ok() {
            return;
        }
    }
    let forfeit = |doc: &Tournament| {
        let me = doc.by_account(account)?.number;
        let board = doc
            .played
            .iter()
            .flat_map(|r| &r.boards)
            .find(|b| b.table.as_deref() == Some(table))?;
        let leaver = usize::from(board.white != me);
        virada::tournament::withdrawal(leaver, false).codes()
    };
    let Ok(Some((doc, _))) = kv::read::<Tournament>(&**t.accounts.kv(), &doc_key(id)).await else {
        return;
    };
    let (Some([white, black]), Some(round)) = (
        forfeit(&doc),
        doc.played
            .iter()
            .find(|r| r.boards.iter().any(|b| b.table.as_deref() == Some(table))),
    ) else {
        return;
    };
    let at = super::saved::TournamentTable {
        id: id.to_string(),
        round: round.number,
        forfeit_at_ms: 0,
        name: String::new(),
        ended: None,
    };
    let result = Result2 {
        white,
        black,
        discs: None,
    };
    if let Err(e) = report(t.accounts.kv(), &at, table, result).await {
        tracing::warn!("tournament {id}: a leaver's forfeit: {e}");
    }
}

async fn trf(State(t): State<Tournaments>, Path(id): Path<String>) -> Response {
    answer(
        async {
            let doc = read(&t, &id).await?;
            let Some(text) = doc.trf else {
                return Err(conflict(
                    "not-over",
                    "the TRF is signed once the tournament is over",
                ));
            };
            Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
        }
        .await,
    )
}
