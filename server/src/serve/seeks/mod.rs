//! Seeks: a signed-in person offers a game (game, board, clock, rated or
//! casual, and the opponents' rating range they accept); another takes it
//! from the lobby, and the table opens with both seated, the seeker first.
//! "Quick pairing" pairs the two closest compatible seeks, each one's range
//! widening the longer it waits. Seeks live in the accounts' store, so a
//! seek made on one server is seen and taken on any other over the same
//! Redis; taking one is a swap that only one taker wins.
//!
//! | method and path | body | answer |
//! | --- | --- | --- |
//! | `POST /api/seeks` | `{"game", "size", "clock", "rated", "min", "max"}` (the clock in its notation, `"180+2"`; a number is seconds a move, `0` none) | 201 `{"id"}`; 400 `bad-game`, `bad-size`, `bad-clock`, `bad-rated`, `bad-range`, `rated-needs-clock`; 401 |
//! | `POST /api/seeks/quick` | the same | 201 `{"id"}` (now waiting: ask its state) or `{"id", "table"}` (paired at once) |
//! | `POST /api/seeks/pool` | `{"clock"}`, one of `60+0`, `180+2`, `300+0`, `600+0`, `30`, `2d` | as a quick seek (rated Othello, one's rating ± 200 at the clock's speed), with `"min"`, `"max"`; 400 `bad-pool` |
//! | `GET /api/seeks` | — | `{"seeks": [{"id", "name", "rating", "shown", "game", "size", "clock", "rated", "min", "max", "quick", "since"}], "pools": [{"clock", "seeking"}]}` |
//! | `GET /api/seeks/{id}` | — | `{"status": "open" \| "paired" \| "gone", "table"}`; the seeker's asking keeps it open |
//! | `POST /api/seeks/{id}/cancel` | `{}` | `{}`; 403 `not-yours` |
//! | `POST /api/seeks/{id}/accept` | `{}` | 201 `{"table"}`; 400 `own-seek`; 403 `out-of-range`, `not-yours` (a challenge made to another); 404 `no-seek` (gone, or taken by another) |
//!
//! A challenge is a seek made to one named account (`challenge.rs`).

mod challenge;
mod pair;
mod pools;
mod quick;

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::accounts::kv::{self, Change};
use super::accounts::model::Account;
use super::accounts::{answer, refusal, storage, store, Accounts};
use super::body::{ApiBody, Body, Nothing, Refusal};
use super::clock::{self, Clock, Given, BAD_CLOCK};
use super::hub::Hub;
use super::table::{fresh_token, now_ms};

/// How long a seek stays open without its seeker's page asking after it
/// (it asks every 1.5 s, and withdraws it when it closes): a seek whose
/// page is gone leaves the list within this time.
const SEEK_MS: u64 = 10_000;
/// How long a paired seek says where its table is.
const PAIRED_MS: u64 = 600_000;
/// The open seeks' index (by when they were made).
const SEEKS: &str = "seeks";
/// Seeks listed at most.
const LISTED: usize = 100;
/// A quick seek's range widens by this many points…
const WIDEN_POINTS: f64 = 50.0;
/// …every this many milliseconds it waits.
const WIDEN_EVERY_MS: i64 = 5_000;

/// The seeks' routes' state.
#[derive(Clone)]
pub struct Seeks {
    /// The accounts (sessions, the store).
    pub accounts: Arc<Accounts>,
    /// The tables.
    pub hub: Arc<Hub>,
}

impl Seeks {
    /// Who asks for a change: the request's Origin checked (403
    /// `bad-origin`, `no-origin`), then its session (401 `signed-out`).
    async fn asker(&self, headers: &HeaderMap) -> Result<Account, Refusal> {
        self.accounts.check_origin(headers)?;
        Ok(self.accounts.require(headers).await?.0)
    }

    /// The seek `id` as kept, with its text (a swap changes it only from
    /// that text); `None` once it is gone.
    async fn read(&self, id: &str) -> Result<Option<(Seek, String)>, Refusal> {
        store(kv::read::<Seek>(&**self.accounts.kv(), &seek_key(id)).await)
    }
}

/// The seeks' routes (the rate limit is laid over them by the caller).
pub fn router(seeks: Seeks) -> Router {
    Router::new()
        .route("/api/seeks", post(create).get(list))
        .route("/api/seeks/quick", post(quick::quick))
        .route("/api/seeks/pool", post(pools::pool))
        .route("/api/seeks/{id}", get(status))
        .route("/api/seeks/{id}/cancel", post(cancel))
        .route("/api/seeks/{id}/accept", post(pair::accept))
        .route("/api/seeks/{id}/decline", post(challenge::decline))
        .route(
            "/api/challenges",
            post(challenge::create).get(challenge::list),
        )
        .with_state(seeks)
}

/// A seek as kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Seek {
    id: String,
    account: String,
    name: String,
    /// The seeker's rating at the speed of its clock when the seek was made.
    rating: f64,
    shown: String,
    game: String,
    size: u32,
    /// Kept as its notation; a seek kept before holds seconds a move.
    #[serde(with = "super::clock::notation")]
    clock: Clock,
    rated: bool,
    min: Option<u32>,
    max: Option<u32>,
    quick: bool,
    since: i64,
    /// A challenge's: the one account that may take it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<String>,
    /// A challenge's: that account's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to_name: Option<String>,
}

impl Seek {
    /// The range it accepts now: a quick seek's widens as it waits.
    fn accepts(&self, rating: f64, now: i64) -> bool {
        let widen = if self.quick {
            WIDEN_POINTS * ((now - self.since).max(0) / WIDEN_EVERY_MS) as f64
        } else {
            0.0
        };
        let low = self.min.map_or(f64::MIN, |m| f64::from(m) - widen);
        let high = self.max.map_or(f64::MAX, |m| f64::from(m) + widen);
        (low..=high).contains(&rating)
    }

    /// Whether two seeks want the same game.
    fn same_game(&self, other: &Seek) -> bool {
        (&self.game, self.size, self.clock, self.rated)
            == (&other.game, other.size, other.clock, other.rated)
    }
}

/// A new seek as a page sends it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeekBody {
    game: String,
    #[serde(default)]
    size: Option<u32>,
    /// The clock's notation (`"180+2"`), or seconds a move as a number.
    clock: Given,
    rated: bool,
    #[serde(default)]
    min: Option<u32>,
    #[serde(default)]
    max: Option<u32>,
}

impl ApiBody for SeekBody {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        match field {
            "game" => Some(("bad-game", "the game is othello or nabucodonosor")),
            "size" => Some((
                "bad-size",
                "a Nabucodonosor board is 5 to 15 squares a side",
            )),
            "clock" => Some(BAD_CLOCK),
            "rated" => Some(("bad-rated", "rated is true or false")),
            "min" | "max" => Some((
                "bad-range",
                "a rating range is two whole numbers, min ≤ max",
            )),
            _ => None,
        }
    }
}

fn seek_key(id: &str) -> String {
    format!("seek:{id}")
}

fn paired_key(id: &str) -> String {
    format!("paired:{id}")
}

fn seeker_key(account: &str) -> String {
    format!("seeker:{account}")
}

/// The seek asked for, checked.
fn check(body: &SeekBody, account: &Account) -> Result<Seek, Refusal> {
    let (game, size) = match (body.game.as_str(), body.size) {
        ("othello", None | Some(8)) => ("othello", 8),
        ("nabucodonosor", size) => {
            let size = size.unwrap_or(8);
            if !(5..=15).contains(&size) {
                return Err(Refusal::bad(
                    "bad-size",
                    "a Nabucodonosor board is 5 to 15 squares a side",
                ));
            }
            ("nabucodonosor", size)
        }
        ("othello", Some(_)) => return Err(Refusal::bad("bad-size", "Othello is played on 8×8")),
        _ => {
            return Err(Refusal::bad(
                "bad-game",
                "the game is othello or nabucodonosor",
            ))
        }
    };
    let Given(clock) = body.clock;
    if body.rated && clock.is_none() {
        return Err(Refusal::bad(
            "rated-needs-clock",
            "a rated game has a clock",
        ));
    }
    if let (Some(min), Some(max)) = (body.min, body.max) {
        if min > max {
            return Err(Refusal::bad(
                "bad-range",
                "a rating range is two whole numbers, min ≤ max",
            ));
        }
    }
    Ok(Seek {
        id: store(fresh_token())?,
        account: account.id.clone(),
        name: account.name.clone(),
        // The rating at the speed of the seek's clock.
        rating: account.rating_for(clock).rating(),
        shown: account.rating_for(clock).shown(),
        game: game.to_string(),
        size,
        clock,
        rated: body.rated,
        min: body.min,
        max: body.max,
        quick: false,
        since: now_ms(),
        to: None,
        to_name: None,
    })
}

/// Keeps `seek` open (ending the account's earlier one).
async fn post_seek(seeks: &Seeks, seek: &Seek) -> Result<(), Refusal> {
    let kv = seeks.accounts.kv();
    if let Some(old) = store(kv.get(&seeker_key(&seek.account)).await)? {
        store(kv.swap(vec![Change::remove(seek_key(&old))]).await)?;
        store(kv.rank(SEEKS, &old, None).await)?;
    }
    let text = store(serde_json::to_string(seek).map_err(|e| e.to_string()))?;
    store(
        kv.swap(vec![
            Change::set(seek_key(&seek.id), text).lapsing(SEEK_MS),
            Change::set(seeker_key(&seek.account), seek.id.clone()).lapsing(SEEK_MS),
        ])
        .await,
    )?;
    store(kv.rank(SEEKS, &seek.id, Some(seek.since as f64)).await)?;
    super::ops::metrics().seeks.inc();
    Ok(())
}

async fn create(
    State(seeks): State<Seeks>,
    headers: HeaderMap,
    body: Result<Body<SeekBody>, Refusal>,
) -> Response {
    answer(
        async {
            let account = seeks.asker(&headers).await?;
            let Body(body) = body?;
            let seek = check(&body, &account)?;
            post_seek(&seeks, &seek).await?;
            Ok((StatusCode::CREATED, Json(json!({ "id": seek.id }))).into_response())
        }
        .await,
    )
}

/// Every open seek, oldest first (lapsed ones leave the index).
async fn open_seeks(seeks: &Seeks) -> Result<Vec<(Seek, String)>, String> {
    let kv = seeks.accounts.kv();
    let mut open = Vec::new();
    for (id, _) in kv.top(SEEKS, LISTED * 2).await? {
        match kv::read::<Seek>(&**kv, &seek_key(&id)).await? {
            Some(found) => open.push(found),
            None => kv.rank(SEEKS, &id, None).await?,
        }
    }
    open.sort_by_key(|(s, _)| s.since);
    Ok(open)
}

async fn list(State(seeks): State<Seeks>) -> Response {
    match open_seeks(&seeks).await {
        Ok(open) => {
            let pools = pools::counts(open.iter().map(|(s, _)| s));
            let listed: Vec<_> = open
                .into_iter()
                .take(LISTED)
                .map(|(s, _)| {
                    json!({
                        "id": s.id, "name": s.name, "rating": s.rating, "shown": s.shown,
                        "game": s.game, "size": s.size, "clock": clock::text(s.clock), "rated": s.rated,
                        "min": s.min, "max": s.max, "quick": s.quick, "since": s.since,
                    })
                })
                .collect();
            Json(json!({ "seeks": listed, "pools": pools })).into_response()
        }
        Err(e) => storage(&e).into_response(),
    }
}

async fn cancel(
    State(seeks): State<Seeks>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Body<Nothing>, Refusal>,
) -> Response {
    answer(
        async {
            let account = seeks.asker(&headers).await?;
            body?;
            let kv = seeks.accounts.kv();
            let Some((seek, text)) = seeks.read(&id).await? else {
                return Ok(Json(json!({})).into_response());
            };
            if seek.account != account.id {
                return Err(refusal(
                    StatusCode::FORBIDDEN,
                    "not-yours",
                    "that seek is someone else's",
                ));
            }
            let changes = vec![
                Change::remove(seek_key(&id)).from(Some(&text)),
                Change::remove(seeker_key(&account.id)),
            ];
            store(kv.swap(changes).await)?;
            store(kv.rank(SEEKS, &id, None).await)?;
            Ok(Json(json!({})).into_response())
        }
        .await,
    )
}

async fn status(
    State(seeks): State<Seeks>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    answer(
        async {
            let kv = seeks.accounts.kv();
            // Paired (where its table is) or declined, once the seek is no more.
            let settled = || async {
                if let Some(table) = store(kv.get(&paired_key(&id)).await)? {
                    return Ok::<_, Refusal>(Some(json!({ "status": "paired", "table": table })));
                }
                if store(kv.get(&challenge::declined_key(&id)).await)?.is_some() {
                    return Ok(Some(json!({ "status": "declined", "table": null })));
                }
                Ok(None)
            };
            if let Some(answer) = settled().await? {
                return Ok(Json(answer).into_response());
            }
            let Some((seek, text)) = seeks.read(&id).await? else {
                // Taken (or declined) between the two reads: the same swap
                // that removed the seek said where its table is, so it is
                // asked again rather than the seeker told it is gone.
                let answer = settled().await?;
                let answer = answer.unwrap_or_else(|| json!({ "status": "gone", "table": null }));
                return Ok(Json(answer).into_response());
            };
            // The seeker's page asking keeps the seek open; a quick seek looks
            // again for its closest match, its range wider as it waits.
            let mine = store(seeks.accounts.signed_in(&headers).await)?
                .is_some_and(|(a, _)| a.id == seek.account);
            if mine {
                if seek.quick {
                    if let Some(table) = quick::quick_match(&seeks, &seek, &text).await? {
                        return Ok(
                            Json(json!({ "status": "paired", "table": table })).into_response()
                        );
                    }
                }
                let mut keep = vec![Change::set(seek_key(&id), text.clone())
                    .from(Some(&text))
                    .lapsing(SEEK_MS)];
                // A challenge is not the account's seek in the lobby.
                if seek.to.is_none() {
                    keep.push(Change::set(seeker_key(&seek.account), id.clone()).lapsing(SEEK_MS));
                }
                store(kv.swap(keep).await)?;
            }
            Ok(Json(json!({ "status": "open", "table": null })).into_response())
        }
        .await,
    )
}
