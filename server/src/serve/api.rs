//! The online table's HTTP side: open a table, pair with anyone, the
//! table's WebSocket, the server's public key, and finished records.
//!
//! | method and path | what |
//! | --- | --- |
//! | `POST /api/tables` | opens a table: `{"game", "size", "clock", "level", "handicap", "match"}` → `{"id", "fingerprint"}`; the clock in its notation, `"30"`, `"180+2"`, `"2d"` (a bare number is seconds a move, `0` none; absent: `30`) |
//! | `POST /api/pair` | "Play anyone": the same body (its handicap and match ignored) → the table to open, the same answer |
//! | `GET /api/tables/{id}/ws` | the table's WebSocket (docs/server.md) |
//! | `GET /api/lobby` | the lobby: server-sent events, each the whole list (docs/server.md) |
//! | `GET /api/key` | the server's Ed25519 public key, 64 hex |
//! | `GET /api/relay` | over Redis: what this server sent the others over pub/sub, by kind, and its tables (docs/scale-out.md) |
//! | `GET /api/records` | the latest finished records |
//! | `GET /api/records/{id}` | one record, as text |
//!
//! Every refusal is `{"code", "message"}`; a malformed body's too ([`Body`]).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::body::{ApiBody, Body, Refusal, MAX_BODY};
use super::hub::{Hub, NewTable, Opened};
use super::protocol::MAX_FRAME;
use virada::game::GameKind;

/// The largest WebSocket message read at all; a larger one closes the
/// socket. Up to this size a message gets a `too-large` reply instead.
const MAX_WS_MESSAGE: usize = 2 << 20;
/// Bytes a socket reads at once. The default, 128 KiB a socket, was most of
/// the server's memory with thousands of sockets whose frames are a few
/// hundred bytes; a larger message still gets through, read in chunks.
const READ_BUFFER: usize = 8 * 1024;

/// The header the proxy adds to a table's socket it sends to the server
/// its id hashes to.
const ROUTED: &str = "x-virada-routed";

/// What the server knows besides the hub.
#[derive(Clone)]
pub struct Api {
    /// The tables.
    pub hub: Arc<Hub>,
    /// Origins allowed besides the page's own (`scheme://host:port`).
    pub origins: Arc<Vec<String>>,
}

/// The API's routes.
pub fn router(api: Api) -> Router {
    Router::new()
        .route("/api/tables", post(open))
        .route("/api/pair", post(pair))
        .route("/api/tables/{id}/ws", get(socket))
        .route("/api/lobby", get(lobby))
        .route("/api/key", get(key))
        .route("/api/relay", get(relay))
        .route("/api/records", get(records))
        .route("/api/records/{id}", get(record))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(api)
}

/// A new table's settings as the page sends them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTableBody {
    game: String,
    #[serde(default)]
    size: Option<u32>,
    /// The clock's notation (`"180+2"`), or seconds a move as a number.
    #[serde(default)]
    clock: Option<super::clock::Given>,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    handicap: Option<String>,
    /// A match (V1): `points:N`, `games:N`, or `one` (absent) for one game.
    #[serde(default, rename = "match")]
    play: Option<String>,
}

impl ApiBody for NewTableBody {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        match field {
            "game" => Some(BAD_GAME),
            "size" => Some(BAD_SIZE),
            "clock" => Some(BAD_CLOCK),
            "level" => Some(BAD_LEVEL),
            "handicap" => Some(BAD_HANDICAP),
            "match" => Some(BAD_MATCH),
            _ => None,
        }
    }
}

const BAD_GAME: (&str, &str) = ("bad-game", "the game is othello or nabucodonosor");
const BAD_SIZE: (&str, &str) = (
    "bad-size",
    "a Nabucodonosor board is 5 to 15 squares a side; Othello is played on 8×8",
);
use super::clock::BAD_CLOCK;
const BAD_LEVEL: (&str, &str) = ("bad-level", "the bot's level is out of range");
const BAD_HANDICAP: (&str, &str) = (
    "bad-handicap",
    "a handicap is its short form as a string, such as \"seat2:first:a1,h8\"",
);

const BAD_MATCH: (&str, &str) = (
    "bad-match",
    "a match is \"points:N\" (16, 32, 64, 128) or \"games:N\" (2, 4, 6, 8), or \"one\"",
);

fn error(status: StatusCode, code: &'static str, message: &str) -> Response {
    Refusal {
        status,
        code,
        message: message.to_string(),
    }
    .into_response()
}

/// Checks a new table's settings against the limits a record holds.
fn settings(body: &NewTableBody) -> Result<NewTable, Refusal> {
    let bad = |(code, message): (&'static str, &str)| Err(Refusal::bad(code, message));
    let (kind, top) = match (body.game.as_str(), body.size) {
        ("othello", None | Some(8)) => (GameKind::Othello, 10),
        ("nabucodonosor", size) => {
            let size = size.unwrap_or(8);
            if !(5..=15).contains(&size) {
                return bad((
                    "bad-size",
                    "a Nabucodonosor board is 5 to 15 squares a side",
                ));
            }
            (GameKind::Nabucodonosor(size as u8), 5)
        }
        ("othello", Some(_)) => return bad(("bad-size", "Othello is played on 8×8")),
        _ => return bad(BAD_GAME),
    };
    let clock = body.clock.map_or(super::clock::DEFAULT, |given| given.0);
    let level = body.level.unwrap_or(3);
    if level == 0 || level > top {
        return bad(BAD_LEVEL);
    }
    // The library reads and checks the handicap; its refusal is kept when it
    // is about the game (`handicap-othello-only`), else it is `bad-handicap`.
    let handicap = super::game::check_handicap(kind, body.handicap.as_deref().unwrap_or(""))
        .map_err(|(code, message)| match code {
            "handicap-othello-only" => Refusal::bad(code, message),
            _ => Refusal::bad("bad-handicap", message),
        })?;
    // The library reads the match; a match is played at Othello.
    let kind_of_match = super::table::read_match(body.play.as_deref().unwrap_or(""))
        .map_err(|_| Refusal::bad(BAD_MATCH.0, BAD_MATCH.1))?;
    if kind_of_match.is_some() && kind != GameKind::Othello {
        return bad(("match-othello-only", "a match is played at Othello"));
    }
    let play = match kind_of_match {
        Some(m) => Some(super::table::new_match(m).map_err(|e| Refusal {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: "storage",
            message: e,
        })?),
        None => None,
    };
    Ok(NewTable {
        kind,
        clock,
        level,
        handicap,
        play,
        players: Default::default(),
    })
}

/// A page of another origin may not open tables (a request without an
/// `Origin` is not a browser's: the load generator, a script).
fn foreign(api: &Api, headers: &HeaderMap) -> Option<Response> {
    let public = api.hub.accounts().map(|a| a.origin().to_string());
    let origin = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok());
    if origin.is_some() && origin == public.as_deref() {
        return None;
    }
    (!origin_allowed(headers, &api.origins)).then(|| {
        error(
            StatusCode::FORBIDDEN,
            "bad-origin",
            "this page may not open tables here",
        )
    })
}

async fn open(
    State(api): State<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(body): Body<NewTableBody>,
) -> Response {
    if let Some(refused) = foreign(&api, &headers) {
        return refused;
    }
    match settings(&body) {
        Ok(new) => answer_table(api.hub.open(new, peer.ip(), false)),
        Err(refused) => refused.into_response(),
    }
}

async fn pair(
    State(api): State<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(body): Body<NewTableBody>,
) -> Response {
    if let Some(refused) = foreign(&api, &headers) {
        return refused;
    }
    match settings(&body) {
        // "Play anyone" pairs by game and clock alone: no handicap or match there.
        Ok(new) => answer_table(api.hub.pair(
            NewTable {
                handicap: String::new(),
                play: None,
                ..new
            },
            peer.ip(),
        )),
        Err(refused) => refused.into_response(),
    }
}

/// The table opened (or joined): its id and its seed's fingerprint, the
/// commitment a page sees before it sends any word.
fn answer_table(opened: Result<Option<Opened>, String>) -> Response {
    match opened {
        Ok(Some(Opened { id, fingerprint })) => (
            StatusCode::CREATED,
            Json(serde_json::json!({ "id": id, "fingerprint": fingerprint })),
        )
            .into_response(),
        Ok(None) => error(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-tables",
            "this address has opened too many tables; try again later",
        ),
        Err(e) => {
            tracing::error!("cannot open a table: {e}");
            error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "storage",
                "the table could not be opened",
            )
        }
    }
}

/// The page's own origin, or one allowed: a socket from anywhere else is refused.
fn origin_allowed(headers: &HeaderMap, origins: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        // Not a browser: nothing to protect against here.
        return true;
    };
    if origins.iter().any(|o| o == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let bare = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((bare, host), (Some(b), Some(h)) if b == h)
}

async fn socket(
    State(api): State<Api>,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &api.origins) {
        return error(
            StatusCode::FORBIDDEN,
            "bad-origin",
            "this page may not open the table",
        );
    }
    // The proxy in front of several servers sends every socket of a table
    // to one server, and says so (server/proxy/haproxy.cfg).
    let routed = headers.contains_key(ROUTED);
    let Some(table) = api.hub.table_or_record(&id, routed).await else {
        if super::ops::ready::store_away() {
            return super::ops::store_away_answer();
        }
        return error(
            StatusCode::NOT_FOUND,
            "no-table",
            "there is no such table here",
        );
    };
    // The page's signed-in account sits as itself (its name shows at the
    // seat; a seek's table holds its seat for it).
    let account = match api.hub.accounts() {
        Some(accounts) => accounts.signed_in(&headers).await.ok().flatten(),
        None => None,
    }
    .map(|(a, _)| super::saved::SeatAccount {
        id: a.id,
        name: a.name,
    });
    let closing = api.hub.closing();
    upgrade
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_WS_MESSAGE)
        .max_frame_size(MAX_WS_MESSAGE.max(MAX_FRAME))
        .on_upgrade(move |socket| super::socket::serve(socket, table, id, account, closing))
}

async fn lobby(State(api): State<Api>) -> Response {
    super::lobby::stream(Arc::clone(api.hub.lobby())).into_response()
}

async fn relay(State(api): State<Api>) -> Response {
    match api.hub.relay_counters() {
        Some(counters) => Json(counters).into_response(),
        None => error(
            StatusCode::NOT_FOUND,
            "no-relay",
            "this server runs alone (no --redis)",
        ),
    }
}

async fn key(State(api): State<Api>) -> Response {
    Json(serde_json::json!({ "key": api.hub.public_key(), "algorithm": "ed25519" })).into_response()
}

async fn records(State(api): State<Api>) -> Response {
    match api.hub.store().records(50).await {
        Ok(list) => Json(list).into_response(),
        Err(e) => {
            tracing::error!("records: {e}");
            error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "storage",
                "the records could not be read",
            )
        }
    }
}

async fn record(State(api): State<Api>, Path(id): Path<String>) -> Response {
    match api.hub.store().record(&id).await {
        Ok(Some(text)) => {
            ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
        }
        Ok(None) => error(
            StatusCode::NOT_FOUND,
            "no-record",
            "there is no such record",
        ),
        Err(e) => {
            tracing::error!("record {id}: {e}");
            error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "storage",
                "the record could not be read",
            )
        }
    }
}
