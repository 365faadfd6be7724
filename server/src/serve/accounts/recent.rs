//! The signed-in account's correspondence games finished lately, for the
//! lobby's My games: a days-a-move game often ends while both players are
//! away (a window lapses), and one coming back days later sees how it
//! ended there rather than nothing.
//!
//! | method and path | answer |
//! | --- | --- |
//! | `GET /api/accounts/recent` | `{"games": [{"id", "game", "finished", "opponent", "result"}]}`: the account's correspondence games finished in the last [`RECENT_DAYS`] days, the latest first, at most [`RECENT_MAX`]; `result` is `win`, `draw` or `loss` for the account; none (`[]`) for a guest |

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use super::kv;
use super::model::{games_key, GameEntry};
use super::{answer, store, Accounts};
use crate::serve::table::now_ms;

/// How long a finished correspondence game stays in My games, in days.
pub const RECENT_DAYS: i64 = 7;
/// The most listed.
pub const RECENT_MAX: usize = 20;

/// The route.
pub fn router() -> Router<Arc<Accounts>> {
    Router::new().route("/api/accounts/recent", get(recent))
}

/// Of `games` (kept oldest first), the correspondence games finished with
/// a result within [`RECENT_DAYS`] of `now` (ms), the latest first.
pub fn recent_of(games: &[GameEntry], now: i64) -> Vec<&GameEntry> {
    let since = now.saturating_sub(RECENT_DAYS * 86_400_000);
    games
        .iter()
        .rev()
        .filter(|g| g.correspondence && g.finished_ms >= since && g.result != "unfinished")
        .take(RECENT_MAX)
        .collect()
}

fn entry(g: &GameEntry) -> Value {
    json!({
        "id": g.id,
        "game": g.game,
        "finished": g.finished_ms,
        "opponent": g.opponent_name,
        "result": g.result,
    })
}

async fn recent(State(accounts): State<Arc<Accounts>>, headers: HeaderMap) -> Response {
    answer(
        async {
            // A guest (or a page whose session just ended) has none: never
            // a 4xx, as `/api/challenges`, so that a page logs no error.
            let Some((account, _)) = store(accounts.signed_in(&headers).await)? else {
                return Ok(Json(json!({ "games": [] })).into_response());
            };
            let games =
                store(kv::read::<Vec<GameEntry>>(&**accounts.kv(), &games_key(&account.id)).await)?
                    .map(|(g, _)| g)
                    .unwrap_or_default();
            let list: Vec<Value> = recent_of(&games, now_ms()).into_iter().map(entry).collect();
            Ok(Json(json!({ "games": list })).into_response())
        }
        .await,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str, days_ago: i64, correspondence: bool, result: &str) -> GameEntry {
        GameEntry {
            id: id.into(),
            finished_ms: 100 * 86_400_000 - days_ago * 86_400_000,
            game: "othello".into(),
            seat: 0,
            opponent: "b".into(),
            opponent_name: "bo".into(),
            result: result.into(),
            rating: None,
            speed: None,
            correspondence,
        }
    }

    #[test]
    fn recent_lists_correspondence_games_of_the_last_seven_days_latest_first() {
        let games = [
            game("old", 8, true, "win"),
            game("edge", 7, true, "draw"),
            game("live", 1, false, "win"),
            game("cut", 1, true, "unfinished"),
            game("new", 0, true, "loss"),
        ];
        let ids: Vec<&str> = recent_of(&games, 100 * 86_400_000)
            .iter()
            .map(|g| g.id.as_str())
            .collect();
        assert_eq!(ids, ["new", "edge"]);
    }
}
