//! The accounts' HTTP side. Every `POST` changes state: its `Origin` is
//! checked (403 `bad-origin`, `no-origin`) before anything is read, and its
//! body is the API's JSON (`body.rs`: 400 with a code for every malformed
//! one). A route that needs a session answers 401 `signed-out` without one,
//! including a cookie reused after signing out.
//!
//! | method and path | body | answer |
//! | --- | --- | --- |
//! | `POST /api/accounts/signup` | `{"name"}` | `{"ceremony", "options"}` (the passkey's creation options); 400 `bad-name`, `reserved-name`; 409 `name-taken` |
//! | `POST /api/accounts/signup/finish` | `{"ceremony", "credential"}` | 201 `{"name"}` and the session cookie; 400 `no-ceremony`, `bad-credential`; 409 `name-taken`, `passkey-taken` |
//! | `POST /api/accounts/signin` | `{"name"}` | `{"ceremony", "options"}`; 404 `no-account` |
//! | `POST /api/accounts/signin/finish` | `{"ceremony", "credential"}` | `{"name"}` and the cookie; 400 `no-ceremony`, `bad-credential` |
//! | `POST /api/accounts/passkeys` | `{}` | a second passkey's options (signed in); 409 `too-many-passkeys` |
//! | `POST /api/accounts/passkeys/finish` | `{"ceremony", "credential"}` | 201 `{"passkeys"}`; 403 `not-yours` |
//! | `POST /api/accounts/signout` | `{}` | `{}`, the cookie cleared, the session ended |
//! | `GET /api/accounts/me` | — | `{"signedIn", "origin", …}`: who this is (never a 4xx) |
//! | `GET /api/accounts/sessions` | — | the account's sessions: `[{"id", "created", "agent", "current"}]` |
//! | `POST /api/accounts/sessions/revoke` | `{"session"}` | `{}`; 404 `no-session` (not one of the account's) |
//! | `POST /api/accounts/delete` | `{"name"}` (the account's own, to confirm) | `{}`; 400 `confirm-name` |

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use webauthn_rs::prelude::{PublicKeyCredential, RegisterPublicKeyCredential, Uuid};

use super::super::body::{ApiBody, Body, Nothing, Refusal};
use super::ceremony::{
    bad_credential, base64url, credential_id, finish_refusal, keep_ceremony, started, take_ceremony,
};
use super::kv::{self, Change};
use super::model::{
    account_key, credential_key, name_key, session_key, Account, Ceremony, KeptPasskey, SessionRef,
    DELETED_PREFIX, MAX_PASSKEYS, SESSION_MS,
};
use super::sessions::{self, erased::Json as _, new_session, open_session, NameBody, BAD_NAME};
use super::{answer, fresh_secret, refusal, storage, store, Accounts};
use crate::serve::table::now_ms;

/// The accounts' routes (the rate limit is laid over them by the caller).
pub fn router(accounts: Arc<Accounts>) -> Router {
    Router::new()
        .route("/api/accounts/signup", post(sign_up))
        .route("/api/accounts/signup/finish", post(sign_up_finish))
        .route("/api/accounts/signin", post(sign_in))
        .route("/api/accounts/signin/finish", post(sign_in_finish))
        .route("/api/accounts/passkeys", post(add_passkey))
        .route("/api/accounts/passkeys/finish", post(add_passkey_finish))
        .route("/api/accounts/signout", post(sessions::sign_out))
        .route("/api/accounts/me", get(sessions::me))
        .route("/api/accounts/sessions", get(sessions::sessions))
        .route("/api/accounts/sessions/revoke", post(sessions::revoke))
        .route("/api/accounts/delete", post(sessions::delete))
        .merge(super::profiles::router())
        .merge(super::recent::router())
        .with_state(accounts)
}

/// `{"ceremony", "credential"}` finishing a registration.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Registered {
    ceremony: String,
    credential: RegisterPublicKeyCredential,
}

impl ApiBody for Registered {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        finish_refusal(field)
    }
}

/// `{"ceremony", "credential"}` finishing a sign-in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Asserted {
    ceremony: String,
    credential: PublicKeyCredential,
}

impl ApiBody for Asserted {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        finish_refusal(field)
    }
}

fn check_name(name: &str) -> Result<(), Refusal> {
    if !virada::record::valid_name(name) {
        return Err(Refusal::bad(BAD_NAME.0, BAD_NAME.1));
    }
    if name.to_ascii_lowercase().starts_with(DELETED_PREFIX) {
        return Err(Refusal::bad(
            "reserved-name",
            "names beginning with deleted- stand for deleted accounts",
        ));
    }
    Ok(())
}

fn taken(code: &'static str, message: &str) -> Refusal {
    refusal(StatusCode::CONFLICT, code, message)
}

async fn sign_up(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    body: Result<Body<NameBody>, Refusal>,
) -> Response {
    answer(
        async {
            accounts.check_origin(&headers)?;
            let Body(NameBody { name }) = body?;
            check_name(&name)?;
            if store(accounts.kv.get(&name_key(&name)).await)?.is_some() {
                return Err(taken("name-taken", "that name is someone's already"));
            }
            let mut user = [0u8; 16];
            store(getrandom::fill(&mut user).map_err(|e| e.to_string()))?;
            let user = Uuid::from_bytes(user);
            let (options, state) = accounts
                .webauthn
                .start_passkey_registration(user, &name, &name, None)
                .map_err(|e| storage(&e.to_string()))?;
            let account = user.simple().to_string();
            let id = keep_ceremony(
                &accounts,
                &Ceremony::SignUp {
                    name,
                    account,
                    state,
                },
            )
            .await?;
            Ok(started(id, options))
        }
        .await,
    )
}

async fn sign_up_finish(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    body: Result<Body<Registered>, Refusal>,
) -> Response {
    answer(
        async {
            accounts.check_origin(&headers)?;
            let Body(Registered {
                ceremony,
                credential,
            }) = body?;
            let Ceremony::SignUp {
                name,
                account,
                state,
            } = take_ceremony(&accounts, &ceremony).await?
            else {
                return Err(Refusal::bad(
                    "no-ceremony",
                    "that ceremony is not a sign-up",
                ));
            };
            let key = accounts
                .webauthn
                .finish_passkey_registration(&credential, &state)
                .map_err(bad_credential)?;
            let now = now_ms();
            let cred = credential_id(&key);
            let token = store(fresh_secret())?;
            let (session, hash) = new_session(&account, &headers, &token)?;
            let doc = Account {
                id: account.clone(),
                name: name.clone(),
                created_ms: now,
                passkeys: vec![KeptPasskey {
                    id: cred.clone(),
                    key,
                    added_ms: now,
                    used_ms: None,
                }],
                ratings: Default::default(),
                wins: 0,
                draws: 0,
                losses: 0,
                sessions: vec![SessionRef {
                    id: session.id.clone(),
                    hash: hash.clone(),
                }],
            };
            let json = |v: &dyn sessions::erased::Json| store(v.text());
            let made = accounts
                .kv
                .swap(vec![
                    Change::create(name_key(&name), account.clone()),
                    Change::create(credential_key(&cred), account.clone()),
                    Change::create(account_key(&account), json(&doc)?),
                    Change::create(session_key(&hash), json(&session)?).lapsing(SESSION_MS),
                ])
                .await;
            if !store(made)? {
                // Someone took the name between start and finish (or the
                // passkey is another account's).
                return Err(match store(accounts.kv.get(&name_key(&name)).await)? {
                    Some(_) => taken("name-taken", "that name is someone's already"),
                    None => taken("passkey-taken", "that passkey belongs to another account"),
                });
            }
            tracing::info!("account {name} made");
            super::super::ops::metrics().signups.inc();
            let mut response = (StatusCode::CREATED, Json(json!({ "name": name }))).into_response();
            response
                .headers_mut()
                .insert(header::SET_COOKIE, accounts.cookie_value(&token));
            Ok(response)
        }
        .await,
    )
}

async fn account_by_name(accounts: &Accounts, name: &str) -> Result<Account, Refusal> {
    let none = || {
        refusal(
            StatusCode::NOT_FOUND,
            "no-account",
            "there is no account of that name",
        )
    };
    let id = store(accounts.kv.get(&name_key(name)).await)?.ok_or_else(none)?;
    let (account, _) =
        store(kv::read::<Account>(&*accounts.kv, &account_key(&id)).await)?.ok_or_else(none)?;
    Ok(account)
}

async fn sign_in(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    body: Result<Body<NameBody>, Refusal>,
) -> Response {
    answer(
        async {
            accounts.check_origin(&headers)?;
            let Body(NameBody { name }) = body?;
            if !virada::record::valid_name(&name) {
                return Err(Refusal::bad(BAD_NAME.0, BAD_NAME.1));
            }
            let account = account_by_name(&accounts, &name).await?;
            let keys: Vec<_> = account.passkeys.iter().map(|k| k.key.clone()).collect();
            let (options, state) = accounts
                .webauthn
                .start_passkey_authentication(&keys)
                .map_err(|e| storage(&e.to_string()))?;
            let id = keep_ceremony(
                &accounts,
                &Ceremony::SignIn {
                    account: account.id,
                    state,
                },
            )
            .await?;
            Ok(started(id, options))
        }
        .await,
    )
}

async fn sign_in_finish(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    body: Result<Body<Asserted>, Refusal>,
) -> Response {
    answer(
        async {
            accounts.check_origin(&headers)?;
            let Body(Asserted {
                ceremony,
                credential,
            }) = body?;
            let Ceremony::SignIn { account, state } = take_ceremony(&accounts, &ceremony).await?
            else {
                return Err(Refusal::bad(
                    "no-ceremony",
                    "that ceremony is not a sign-in",
                ));
            };
            let result = accounts
                .webauthn
                .finish_passkey_authentication(&credential, &state)
                .map_err(bad_credential)?;
            // The passkey's counter and when it was used.
            let used = base64url(result.cred_id().as_ref());
            let key = account_key(&account);
            let kept = kv::update::<Account, _>(&*accounts.kv, &key, |doc| {
                let mut doc = doc?;
                if let Some(k) = doc.passkeys.iter_mut().find(|k| k.id == used) {
                    k.key.update_credential(&result);
                    k.used_ms = Some(now_ms());
                }
                Some(doc)
            })
            .await;
            let doc = store(kept)?.ok_or_else(|| {
                refusal(
                    StatusCode::NOT_FOUND,
                    "no-account",
                    "the account was deleted",
                )
            })?;
            let token = open_session(&accounts, &account, &headers).await?;
            tracing::info!("{} signed in", doc.name);
            super::super::ops::metrics().signins.inc();
            let mut response = Json(json!({ "name": doc.name })).into_response();
            response
                .headers_mut()
                .insert(header::SET_COOKIE, accounts.cookie_value(&token));
            Ok(response)
        }
        .await,
    )
}

async fn add_passkey(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    body: Result<Body<Nothing>, Refusal>,
) -> Response {
    answer(
        async {
            accounts.check_origin(&headers)?;
            let (account, _) = accounts.require(&headers).await?;
            body?;
            if account.passkeys.len() >= MAX_PASSKEYS {
                return Err(taken(
                    "too-many-passkeys",
                    "this account has as many passkeys as it may",
                ));
            }
            let user = Uuid::parse_str(&account.id).map_err(|e| storage(&e.to_string()))?;
            let existing = account
                .passkeys
                .iter()
                .map(|k| k.key.cred_id().clone())
                .collect();
            let (options, state) = accounts
                .webauthn
                .start_passkey_registration(user, &account.name, &account.name, Some(existing))
                .map_err(|e| storage(&e.to_string()))?;
            let id = keep_ceremony(
                &accounts,
                &Ceremony::AddPasskey {
                    account: account.id,
                    state,
                },
            )
            .await?;
            Ok(started(id, options))
        }
        .await,
    )
}

async fn add_passkey_finish(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    body: Result<Body<Registered>, Refusal>,
) -> Response {
    answer(
        async {
            accounts.check_origin(&headers)?;
            let (account, _) = accounts.require(&headers).await?;
            let Body(Registered {
                ceremony,
                credential,
            }) = body?;
            let Ceremony::AddPasskey {
                account: owner,
                state,
            } = take_ceremony(&accounts, &ceremony).await?
            else {
                return Err(Refusal::bad(
                    "no-ceremony",
                    "that ceremony is not a new passkey's",
                ));
            };
            if owner != account.id {
                return Err(refusal(
                    StatusCode::FORBIDDEN,
                    "not-yours",
                    "that passkey was begun for another account",
                ));
            }
            let key = accounts
                .webauthn
                .finish_passkey_registration(&credential, &state)
                .map_err(bad_credential)?;
            let cred = credential_id(&key);
            for _ in 0..16 {
                let Some((mut doc, old)) =
                    store(kv::read::<Account>(&*accounts.kv, &account_key(&owner)).await)?
                else {
                    return Err(refusal(
                        StatusCode::NOT_FOUND,
                        "no-account",
                        "the account was deleted",
                    ));
                };
                if doc.passkeys.len() >= MAX_PASSKEYS {
                    return Err(taken(
                        "too-many-passkeys",
                        "this account has as many passkeys as it may",
                    ));
                }
                doc.passkeys.push(KeptPasskey {
                    id: cred.clone(),
                    key: key.clone(),
                    added_ms: now_ms(),
                    used_ms: None,
                });
                let count = doc.passkeys.len();
                let changes = vec![
                    Change::create(credential_key(&cred), owner.clone()),
                    Change::set(account_key(&owner), store(doc.text())?).from(Some(&old)),
                ];
                if store(accounts.kv.swap(changes).await)? {
                    return Ok(
                        (StatusCode::CREATED, Json(json!({ "passkeys": count }))).into_response()
                    );
                }
                if store(accounts.kv.get(&credential_key(&cred)).await)?.is_some() {
                    return Err(taken(
                        "passkey-taken",
                        "that passkey is already an account's",
                    ));
                }
            }
            Err(storage(
                "the account kept changing while a passkey was added",
            ))
        }
        .await,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(check_name("ana").is_ok());
        assert!(check_name("Ana_B-20").is_ok());
        for bad in ["ab", "a b", "ação", "x".repeat(21).as_str(), "<b>", ""] {
            assert_eq!(check_name(bad).unwrap_err().code, "bad-name", "{bad}");
        }
        assert_eq!(
            check_name("Deleted-1234").unwrap_err().code,
            "reserved-name"
        );
    }
}
