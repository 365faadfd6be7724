//! Pools: the lobby's one-tap pairing by clock, as lichess's pools pair.
//! A tap on one of [`POOLS`] posts a rated Othello quick seek at that clock
//! whose range is the seeker's rating at the clock's speed ± [`POOL_RANGE`]
//! (widening as every quick seek's does while it waits); two people in the
//! same pool pair as quick seeks pair ([`super::quick::quick_match`]).
//! The seeks' list counts, pool by pool, how many are seeking now.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::super::accounts::{answer, store};
use super::super::body::{ApiBody, Body, Refusal};
use super::super::clock::{self, Clock};
use super::{check, post_seek, quick::quick_match, Seek, SeekBody, Seeks};

/// The pools' clocks, in the lobby's order.
pub const POOLS: [&str; 6] = ["60+0", "180+2", "300+0", "600+0", "30", "2d"];
/// How far from one's own rating a pool's opponent may be at first.
pub const POOL_RANGE: f64 = 200.0;

/// A tap on a pool.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PoolBody {
    clock: String,
}

const BAD_POOL: (&str, &str) = (
    "bad-pool",
    "a pool is one of 60+0, 180+2, 300+0, 600+0, 30 and 2d",
);

impl ApiBody for PoolBody {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        (field == "clock").then_some(BAD_POOL)
    }
}

/// The pool's clock, when `text` names one.
fn pool_clock(text: &str) -> Option<Clock> {
    POOLS
        .contains(&text)
        .then(|| clock::read(text).ok())
        .flatten()
}

/// Whether `seek` is seeking in the pool of `clock`: a rated Othello quick
/// seek at that clock (one posted from the seek form with the same
/// settings pairs with the pool's, so it counts too).
fn in_pool(seek: &Seek, clock: Clock) -> bool {
    seek.quick && seek.rated && seek.game == "othello" && seek.to.is_none() && seek.clock == clock
}

/// How many open seeks each pool has: `[{"clock", "seeking"}]` in
/// [`POOLS`]' order.
pub(super) fn counts<'a>(open: impl Iterator<Item = &'a Seek> + Clone) -> Value {
    let pools: Vec<Value> = POOLS
        .iter()
        .map(|text| {
            let clock = clock::read(text).ok().flatten();
            let seeking = open.clone().filter(|s| in_pool(s, clock)).count();
            json!({ "clock": text, "seeking": seeking })
        })
        .collect();
    Value::Array(pools)
}

/// The range a pool's seek accepts around `rating`.
fn range(rating: f64) -> (u32, u32) {
    let low = (rating - POOL_RANGE).round().max(0.0) as u32;
    let high = (rating + POOL_RANGE).round().max(0.0) as u32;
    (low, high)
}

/// `POST /api/seeks/pool` `{"clock"}`: 201 `{"id", "table"}` as a quick
/// seek answers; 400 `bad-pool`.
pub(super) async fn pool(
    State(seeks): State<Seeks>,
    headers: HeaderMap,
    body: Result<Body<PoolBody>, Refusal>,
) -> Response {
    answer(
        async {
            let account = seeks.asker(&headers).await?;
            let Body(body) = body?;
            let clock = pool_clock(&body.clock).ok_or_else(|| Refusal::bad(BAD_POOL.0, BAD_POOL.1))?;
            let (min, max) = range(account.rating_for(clock).rating());
            let asked = SeekBody {
                game: "othello".into(),
                size: None,
                clock: clock::Given(clock),
                rated: true,
                min: Some(min),
                max: Some(max),
            };
            let seek = Seek {
                quick: true,
                ..check(&asked, &account)?
            };
            post_seek(&seeks, &seek).await?;
            let text = store(serde_json::to_string(&seek).map_err(|e| e.to_string()))?;
            let table = quick_match(&seeks, &seek, &text).await?;
            Ok((
                StatusCode::CREATED,
                Json(json!({ "id": seek.id, "clock": body.clock, "min": min, "max": max, "table": table })),
            )
                .into_response())
        }
        .await,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use virada::clock::TimeControl;

    #[test]
    fn each_pool_is_a_clock_in_its_notation_and_nothing_else_is() {
        for text in POOLS {
            let clock = pool_clock(text).expect(text).expect(text);
            assert_eq!(clock.to_string(), text);
        }
        assert!(matches!(
            pool_clock("180+2"),
            Some(Some(TimeControl::Game { .. }))
        ));
        for other in ["600+5", "15", "off", "0", "abc", "3d", ""] {
            assert_eq!(pool_clock(other), None, "{other}");
        }
    }

    #[test]
    fn a_pools_range_is_its_rating_give_or_take_200() {
        assert_eq!(range(1500.0), (1300, 1700));
        assert_eq!(range(1649.6), (1450, 1850));
        assert_eq!(range(120.0), (0, 320));
    }
}
