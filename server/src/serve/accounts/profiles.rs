//! A player's profile and the leaderboard, public (`GET`, no session).
//!
//! | method and path | answer |
//! | --- | --- |
//! | `GET /api/players/{name}?clock=30` | `{"name", "speed", "rating", "deviation", "shown", "provisional", "speeds": [{"speed", "rating", "deviation", "shown", "provisional", "games"}], "wins", "draws", "losses", "ratedGames", "created", "history": [{"t", "speed", "rating", "deviation"}], "games": [{"id", "game", "finished", "seat", "opponent", "result", "rating", "deviation", "speed"}]}`; 400 `bad-clock`; 404 `no-account` |
//! | `GET /api/leaderboard?speed=blitz` | `{"speed", "minGames", "players": [{"rank", "name", "rating", "deviation", "shown", "games"}]}`: the top 100 at that speed (blitz when none is named) with enough rated games there; 400 `bad-speed` |
//!
//! A profile's `speeds` lists the five speeds, fastest first, each with its
//! rating (`1500?` where none was played); `speed`, `rating`, `shown` and
//! the like are those of its main speed (where most of its rated games
//! were), or of the speed of the clock `?clock=30` names (a table's seats;
//! 400 `bad-clock` for a clock that is none), `ratedGames` counts every
//! speed's. Each history point starts at
//! 1500 (the account's creation, `speed` null) or follows a rated game at
//! its `speed`.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use super::kv;
use super::model::{
    account_key, deleted_name, games_key, leaderboard_key, name_key, speed_named, Account,
    GameEntry,
};
use super::{refusal, storage, Accounts};
use virada::clock::{Speed, TimeControl};

/// Players on the leaderboard.
pub const LEADERBOARD_SIZE: usize = 100;

/// The public routes.
pub fn router() -> Router<Arc<Accounts>> {
    Router::new()
        .route("/api/players/{name}", get(profile))
        .route("/api/leaderboard", get(leaderboard))
}

/// The profile's query: `?clock=30` (the table's clock, in the clocks'
/// notation) asks for the rating of that clock's speed.
#[derive(serde::Deserialize)]
struct ProfileQuery {
    clock: Option<String>,
}

async fn profile(
    State(accounts): State<Arc<Accounts>>,
    Path(name): Path<String>,
    query: Result<Query<ProfileQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let clock = query.ok().and_then(|Query(q)| q.clock);
    let asked = match clock.as_deref().map(str::parse::<TimeControl>) {
        None => None,
        Some(Ok(clock)) => Some(clock.speed()),
        Some(Err(e)) => {
            return refusal(StatusCode::BAD_REQUEST, e.code(), e.reason()).into_response();
        }
    };
    let none = || {
        refusal(
            StatusCode::NOT_FOUND,
            "no-account",
            "there is no account of that name",
        )
    };
    if !virada::record::valid_name(&name) {
        return none().into_response();
    }
    let found = async {
        let Some(id) = accounts.kv.get(&name_key(&name)).await? else {
            return Ok(None);
        };
        let Some((account, _)) = kv::read::<Account>(&**accounts.kv(), &account_key(&id)).await?
        else {
            return Ok(None);
        };
        let games = kv::read::<Vec<GameEntry>>(&**accounts.kv(), &games_key(&id))
            .await?
            .map(|(g, _)| g)
            .unwrap_or_default();
        // An opponent who deleted their account shows as the name that
        // stands in for them.
        let mut shown = Vec::with_capacity(games.len());
        for g in games.iter().rev() {
            let opponent = if g.opponent.is_empty() {
                String::new()
            } else if accounts.kv.get(&account_key(&g.opponent)).await?.is_some() {
                g.opponent_name.clone()
            } else {
                deleted_name(&g.opponent)
            };
            shown.push(json!({
                "id": g.id,
                "game": g.game,
                "finished": g.finished_ms,
                "seat": g.seat,
                "opponent": opponent,
                "result": g.result,
                "rating": g.rating.map(|r| r.rating()),
                "deviation": g.rating.map(|r| r.deviation()),
                "speed": g.speed.map(Speed::name),
            }));
        }
        let start = virada::rating::Stated::NEW;
        let mut history = vec![
            json!({"t": account.created_ms, "speed": null, "rating": start.rating(), "deviation": start.deviation()}),
        ];
        history.extend(games.iter().filter_map(|g| {
            let r = g.rating?;
            Some(json!({"t": g.finished_ms, "speed": g.speed.map(Speed::name), "rating": r.rating(), "deviation": r.deviation()}))
        }));
        let speeds: Vec<_> = Speed::ALL
            .into_iter()
            .map(|speed| {
                let at = account.at(speed);
                json!({
                    "speed": speed.name(),
                    "rating": at.rating.rating(),
                    "deviation": at.rating.deviation(),
                    "shown": at.rating.shown(),
                    "provisional": at.rating.is_provisional(),
                    "games": at.games,
                })
            })
            .collect();
        let main = asked.unwrap_or_else(|| account.main_speed());
        let rating = account.rating(main);
        Ok::<_, String>(Some(json!({
            "name": account.name,
            "speed": main.name(),
            "rating": rating.rating(),
            "deviation": rating.deviation(),
            "volatility": rating.volatility(),
            "shown": rating.shown(),
            "provisional": rating.is_provisional(),
            "speeds": speeds,
            "wins": account.wins,
            "draws": account.draws,
            "losses": account.losses,
            "ratedGames": account.rated_games(),
            "created": account.created_ms,
            "history": history,
            "games": shown,
        })))
    };
    match found.await {
        Ok(Some(profile)) => Json(profile).into_response(),
        Ok(None) => none().into_response(),
        Err(e) => storage(&e).into_response(),
    }
}

/// The leaderboard's query: `?speed=blitz`.
#[derive(serde::Deserialize)]
struct BoardQuery {
    speed: Option<String>,
}

async fn leaderboard(
    State(accounts): State<Arc<Accounts>>,
    query: Result<Query<BoardQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let named = query.ok().map(|Query(q)| q.speed);
    let speed = match named {
        Some(None) => Some(Speed::Blitz),
        Some(Some(name)) => speed_named(&name),
        None => None,
    };
    let Some(speed) = speed else {
        return refusal(
            StatusCode::BAD_REQUEST,
            "bad-speed",
            "the speed is bullet, blitz, rapid, classical or correspondence",
        )
        .into_response();
    };
    let listed = async {
        let top = accounts
            .kv
            .top(&leaderboard_key(speed), LEADERBOARD_SIZE)
            .await?;
        let mut players = Vec::with_capacity(top.len());
        for (id, _) in top {
            let Some((a, _)) = kv::read::<Account>(&**accounts.kv(), &account_key(&id)).await?
            else {
                continue;
            };
            let at = a.at(speed);
            players.push(json!({
                "rank": players.len() + 1,
                "name": a.name,
                "rating": at.rating.rating(),
                "deviation": at.rating.deviation(),
                "shown": at.rating.shown(),
                "games": at.games,
            }));
        }
        Ok::<_, String>(json!({
            "speed": speed.name(),
            "minGames": accounts.min_games,
            "players": players,
        }))
    };
    match listed.await {
        Ok(list) => Json(list).into_response(),
        Err(e) => storage(&e).into_response(),
    }
}
