//! A player's profile and the leaderboard, public (`GET`, no session).
//!
//! | method and path | answer |
//! | --- | --- |
//! | `GET /api/players/{name}` | `{"name", "rating", "deviation", "shown", "provisional", "wins", "draws", "losses", "ratedGames", "created", "history": [{"t", "rating", "deviation"}], "games": [{"id", "game", "finished", "seat", "opponent", "result", "rating"}]}`; 404 `no-account` |
//! | `GET /api/leaderboard` | `{"minGames", "players": [{"rank", "name", "rating", "deviation", "shown", "games"}]}`: the top 100 with enough rated games |

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use super::kv;
use super::model::{
    account_key, deleted_name, games_key, name_key, Account, GameEntry, LEADERBOARD,
};
use super::{refusal, storage, Accounts};

/// Players on the leaderboard.
pub const LEADERBOARD_SIZE: usize = 100;

/// The public routes.
pub fn router() -> Router<Arc<Accounts>> {
    Router::new()
        .route("/api/players/{name}", get(profile))
        .route("/api/leaderboard", get(leaderboard))
}

async fn profile(State(accounts): State<Arc<Accounts>>, Path(name): Path<String>) -> Response {
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
            }));
        }
        let start = virada::rating::Stated::NEW;
        let mut history = vec![
            json!({"t": account.created_ms, "rating": start.rating(), "deviation": start.deviation()}),
        ];
        history.extend(games.iter().filter_map(|g| {
            let r = g.rating?;
            Some(json!({"t": g.finished_ms, "rating": r.rating(), "deviation": r.deviation()}))
        }));
        Ok::<_, String>(Some(json!({
            "name": account.name,
            "rating": account.rating.rating(),
            "deviation": account.rating.deviation(),
            "volatility": account.rating.volatility(),
            "shown": account.rating.shown(),
            "provisional": account.rating.is_provisional(),
            "wins": account.wins,
            "draws": account.draws,
            "losses": account.losses,
            "ratedGames": account.rated_games,
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

async fn leaderboard(State(accounts): State<Arc<Accounts>>) -> Response {
    let listed = async {
        let top = accounts.kv.top(LEADERBOARD, LEADERBOARD_SIZE).await?;
        let mut players = Vec::with_capacity(top.len());
        for (id, _) in top {
            let Some((a, _)) = kv::read::<Account>(&**accounts.kv(), &account_key(&id)).await?
            else {
                continue;
            };
            players.push(json!({
                "rank": players.len() + 1,
                "name": a.name,
                "rating": a.rating.rating(),
                "deviation": a.rating.deviation(),
                "shown": a.rating.shown(),
                "games": a.rated_games,
            }));
        }
        Ok::<_, String>(json!({ "minGames": accounts.min_games, "players": players }))
    };
    match listed.await {
        Ok(list) => Json(list).into_response(),
        Err(e) => storage(&e).into_response(),
    }
}
