//! Sessions and the account's own routes: a session opened at sign-up or
//! sign-in, the devices signed in (each may be signed out), signing out,
//! who this is, and deleting the account (its games stay, the name
//! replaced). Each `POST` checks its Origin first.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use super::super::body::{ApiBody, Body, Nothing, Refusal};
use super::kv::{self, Change};
use super::model::{
    account_key, credential_key, name_key, session_key, Account, Session, SessionRef, MAX_SESSIONS,
    SESSION_MS,
};
use super::{answer, fresh_secret, refusal, storage, store, Accounts};
use crate::serve::table::{fresh_token, now_ms};

/// Serialising a document for the store.
pub(super) mod erased {
    /// A document as JSON text.
    pub trait Json {
        fn text(&self) -> Result<String, String>;
    }

    impl<T: serde::Serialize> Json for T {
        fn text(&self) -> Result<String, String> {
            serde_json::to_string(self).map_err(|e| e.to_string())
        }
    }
}

pub(super) use erased::Json as _;

/// `{"session"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Revoke {
    session: String,
}

impl ApiBody for Revoke {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        (field == "session").then_some(("no-session", "that is not one of your sessions"))
    }
}

/// The browser's name for itself, cut short, for the list of sessions.
fn agent(headers: &HeaderMap) -> String {
    let text = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    text.chars().take(120).collect()
}

/// A new session of `account` for the cookie secret `token`, and its hash.
pub(super) fn new_session(
    account: &str,
    headers: &HeaderMap,
    token: &str,
) -> Result<(Session, String), Refusal> {
    let session = Session {
        id: store(fresh_token())?,
        account: account.to_string(),
        created_ms: now_ms(),
        agent: agent(headers),
    };
    Ok((session, crate::serve::saved::token_hash(token)))
}

/// Opens a session for `account` (a doc and its place in the account's
/// list, in one swap); the cookie's secret. The oldest sessions end past
/// [`MAX_SESSIONS`].
pub(super) async fn open_session(
    accounts: &Accounts,
    account: &str,
    headers: &HeaderMap,
) -> Result<String, Refusal> {
    let token = store(fresh_secret())?;
    let (session, hash) = new_session(account, headers, &token)?;
    for _ in 0..16 {
        let Some((mut doc, old)) =
            store(kv::read::<Account>(&*accounts.kv, &account_key(account)).await)?
        else {
            return Err(refusal(
                StatusCode::NOT_FOUND,
                "no-account",
                "there is no such account",
            ));
        };
        doc.sessions.push(SessionRef {
            id: session.id.clone(),
            hash: hash.clone(),
        });
        let mut changes = Vec::new();
        while doc.sessions.len() > MAX_SESSIONS {
            let gone = doc.sessions.remove(0);
            changes.push(Change::remove(session_key(&gone.hash)));
        }
        changes.push(Change::set(account_key(account), store(doc.text())?).from(Some(&old)));
        changes
            .push(Change::create(session_key(&hash), store(session.text())?).lapsing(SESSION_MS));
        if store(accounts.kv.swap(changes).await)? {
            return Ok(token);
        }
    }
    Err(storage("the account kept changing while a session opened"))
}

/// Ends the session `hash` of `account`: its document and its place in
/// the account's list.
async fn end_session(accounts: &Accounts, account: &str, hash: &str) -> Result<(), Refusal> {
    let hash = hash.to_string();
    let key = account_key(account);
    let gone = kv::update::<Account, _>(&*accounts.kv, &key, |doc| {
        let mut doc = doc?;
        doc.sessions.retain(|s| s.hash != hash);
        Some(doc)
    })
    .await;
    store(gone)?;
    store(
        accounts
            .kv
            .swap(vec![Change::remove(session_key(&hash))])
            .await,
    )?;
    Ok(())
}

pub(super) async fn sign_out(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    body: Result<Body<Nothing>, Refusal>,
) -> Response {
    answer(
        async {
            accounts.check_origin(&headers)?;
            let (account, session) = accounts.require(&headers).await?;
            body?;
            let hash = account
                .sessions
                .iter()
                .find(|s| s.id == session.id)
                .map(|s| s.hash.clone())
                .unwrap_or_default();
            end_session(&accounts, &account.id, &hash).await?;
            let mut response = Json(json!({})).into_response();
            response
                .headers_mut()
                .insert(header::SET_COOKIE, accounts.cleared_cookie());
            Ok(response)
        }
        .await,
    )
}

pub(super) async fn me(State(accounts): State<Arc<Accounts>>, headers: HeaderMap) -> Response {
    let origin = accounts.origin().to_string();
    let (mut response, who) = match accounts.signed_in(&headers).await {
        Ok(Some((account, _))) => {
            // The header shows the rating of the speed it plays most.
            let speed = account.main_speed();
            let rating = account.rating(speed);
            let shown = rating.shown();
            let answer = Json(json!({
                "signedIn": true,
                "origin": origin,
                "name": account.name,
                "speed": speed.name(),
                "rating": rating.rating(),
                "deviation": rating.deviation(),
                "shown": shown,
                "provisional": rating.is_provisional(),
                "passkeys": account.passkeys.len(),
            }))
            .into_response();
            (answer, Some((account.name, shown)))
        }
        Ok(None) => (
            Json(json!({ "signedIn": false, "origin": origin })).into_response(),
            None,
        ),
        Err(e) => return storage(&e).into_response(),
    };
    // Every page's header shows who this is from a cookie, asking nothing.
    let cookie = accounts.who_cookie(who.as_ref().map(|(n, s)| (n.as_str(), s.as_str())));
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    response
}

pub(super) async fn sessions(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
) -> Response {
    answer(
        async {
            let (account, current) = accounts.require(&headers).await?;
            let mut list = Vec::new();
            for s in &account.sessions {
                if let Some((session, _)) =
                    store(kv::read::<Session>(&*accounts.kv, &session_key(&s.hash)).await)?
                {
                    list.push(json!({
                        "id": session.id,
                        "created": session.created_ms,
                        "agent": session.agent,
                        "current": session.id == current.id,
                    }));
                }
            }
            Ok(Json(list).into_response())
        }
        .await,
    )
}

pub(super) async fn revoke(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    body: Result<Body<Revoke>, Refusal>,
) -> Response {
    answer(
        async {
            accounts.check_origin(&headers)?;
            let (account, _) = accounts.require(&headers).await?;
            let Body(Revoke { session }) = body?;
            // Only the account's own sessions: another's id is not found here.
            let Some(found) = account.sessions.iter().find(|s| s.id == session) else {
                return Err(refusal(
                    StatusCode::NOT_FOUND,
                    "no-session",
                    "that is not one of your sessions",
                ));
            };
            end_session(&accounts, &account.id, &found.hash).await?;
            Ok(Json(json!({})).into_response())
        }
        .await,
    )
}

pub(super) async fn delete(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    body: Result<Body<NameBody>, Refusal>,
) -> Response {
    answer(
        async {
            accounts.check_origin(&headers)?;
            let (account, _) = accounts.require(&headers).await?;
            let Body(NameBody { name }) = body?;
            // The name as typed, whatever its case (names are told apart
            // without it).
            if name.trim().to_lowercase() != account.name.to_lowercase() {
                return Err(Refusal::bad(
                    "confirm-name",
                    "type the account's name to delete it",
                ));
            }
            // Its kept records name it no more (signed again) before the
            // name is free for someone else to take.
            let renamed = store(accounts.rename_records(&account.id, &account.name).await)?;
            let mut changes = vec![
                Change::remove(name_key(&account.name)),
                Change::remove(account_key(&account.id)),
            ];
            changes.extend(
                account
                    .passkeys
                    .iter()
                    .map(|k| Change::remove(credential_key(&k.id))),
            );
            changes.extend(
                account
                    .sessions
                    .iter()
                    .map(|s| Change::remove(session_key(&s.hash))),
            );
            // Its browsers' push subscriptions go with it.
            changes.push(Change::remove(crate::serve::push::subscriptions::push_key(
                &account.id,
            )));
            store(accounts.kv.swap(changes).await)?;
            for speed in virada::clock::Speed::ALL {
                store(
                    accounts
                        .kv
                        .rank(&super::model::leaderboard_key(speed), &account.id, None)
                        .await,
                )?;
            }
            tracing::info!(
                "account {} deleted, its name replaced in {renamed} records",
                account.name
            );
            let mut response = Json(json!({})).into_response();
            response
                .headers_mut()
                .insert(header::SET_COOKIE, accounts.cleared_cookie());
            Ok(response)
        }
        .await,
    )
}

pub(super) const BAD_NAME: (&str, &str) = ("bad-name", "a name is 3 to 20 letters, digits, _ or -");

/// `{"name"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NameBody {
    pub(super) name: String,
}

impl ApiBody for NameBody {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        (field == "name").then_some(BAD_NAME)
    }
}
