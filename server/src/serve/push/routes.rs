//! The push routes: the server's public key for the page to subscribe
//! with, and an account's subscriptions added and removed. Subscribing and
//! unsubscribing need a session and the site's Origin, as every change to
//! an account does.
//!
//! | route | body | answer |
//! | --- | --- | --- |
//! | `GET /api/push/key` | | `{"key"}`: the VAPID public key, base64url |
//! | `GET /api/push/subscriptions` | | `{"endpoints": [...]}`: the account's, oldest first |
//! | `POST /api/push/subscribe` | `PushSubscription.toJSON()` | `{"subscriptions": n}` |
//! | `POST /api/push/unsubscribe` | `{"endpoint"}` | `{"removed": bool}` |

use std::sync::Arc;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use super::super::accounts::{answer, store, Accounts};
use super::super::body::{ApiBody, Body, Refusal};
use super::subscriptions::{self, Bad, Subscription, BAD_ENDPOINT, BAD_KEYS};
use super::Push;

/// The routes' state.
#[derive(Clone)]
struct Routes {
    accounts: Arc<Accounts>,
    push: Arc<Push>,
}

/// The push routes.
pub fn router(accounts: Arc<Accounts>, push: Arc<Push>) -> Router {
    Router::new()
        .route("/api/push/key", get(key))
        .route("/api/push/subscriptions", get(list))
        .route("/api/push/subscribe", post(subscribe))
        .route("/api/push/unsubscribe", post(unsubscribe))
        .with_state(Routes { accounts, push })
}

/// The browser's `PushSubscription.toJSON()`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct SubscribeBody {
    endpoint: String,
    #[serde(default)]
    #[allow(dead_code)]
    expiration_time: Option<f64>,
    keys: KeysBody,
}

/// `keys` of a subscription.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeysBody {
    p256dh: String,
    auth: String,
}

impl ApiBody for SubscribeBody {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        match field {
            "endpoint" => Some((BAD_ENDPOINT.code, BAD_ENDPOINT.message)),
            "keys" => Some((BAD_KEYS.code, BAD_KEYS.message)),
            _ => None,
        }
    }
}

/// `{"endpoint"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnsubscribeBody {
    endpoint: String,
}

impl ApiBody for UnsubscribeBody {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        (field == "endpoint").then_some((BAD_ENDPOINT.code, BAD_ENDPOINT.message))
    }
}

fn bad(b: Bad) -> Refusal {
    Refusal::bad(b.code, b.message)
}

async fn key(State(routes): State<Routes>) -> Response {
    Json(json!({ "key": routes.push.public_key() })).into_response()
}

async fn list(State(routes): State<Routes>, headers: axum::http::HeaderMap) -> Response {
    answer(
        async {
            let (account, _) = routes.accounts.require(&headers).await?;
            let list = store(subscriptions::of(&**routes.push.kv(), &account.id).await)?;
            let endpoints: Vec<&str> = list.iter().map(|s| s.endpoint.as_str()).collect();
            Ok(Json(json!({ "endpoints": endpoints })).into_response())
        }
        .await,
    )
}

async fn subscribe(
    State(routes): State<Routes>,
    headers: axum::http::HeaderMap,
    body: Result<Body<SubscribeBody>, Refusal>,
) -> Response {
    answer(
        async {
            routes.accounts.check_origin(&headers)?;
            let (account, _) = routes.accounts.require(&headers).await?;
            let Body(body) = body?;
            subscriptions::check_endpoint(&body.endpoint, routes.push.loopback()).map_err(bad)?;
            subscriptions::check_keys(&body.keys.p256dh, &body.keys.auth).map_err(bad)?;
            let kv = routes.push.kv();
            let new = Subscription {
                endpoint: body.endpoint,
                p256dh: body.keys.p256dh,
                auth: body.keys.auth,
                at_ms: crate::serve::table::now_ms(),
            };
            store(subscriptions::keep(&**kv, &account.id, new).await)?;
            let count = store(subscriptions::of(&**kv, &account.id).await)?.len();
            Ok(Json(json!({ "subscriptions": count })).into_response())
        }
        .await,
    )
}

async fn unsubscribe(
    State(routes): State<Routes>,
    headers: axum::http::HeaderMap,
    body: Result<Body<UnsubscribeBody>, Refusal>,
) -> Response {
    answer(
        async {
            routes.accounts.check_origin(&headers)?;
            let (account, _) = routes.accounts.require(&headers).await?;
            let Body(body) = body?;
            let removed = store(
                subscriptions::remove(&**routes.push.kv(), &account.id, &body.endpoint).await,
            )?;
            Ok(Json(json!({ "removed": removed })).into_response())
        }
        .await,
    )
}
