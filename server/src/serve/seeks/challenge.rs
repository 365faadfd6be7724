//! Challenges: a seek directed at one named account. It is made from that
//! person's profile, is not in the lobby's list, and only they may take it
//! (`POST /api/seeks/{id}/accept`, as any seek) or decline it. It lives as
//! a seek does (the challenger's page asking after it keeps it open, so a
//! challenger who left strands nobody), and is indexed under the
//! challenged account so that their open pages can list it.
//!
//! | method and path | body | answer |
//! | --- | --- | --- |
//! | `POST /api/challenges` | `{"name", "game", "size", "clock", "rated"}` | 201 `{"id"}`; 400 `own-name` and a seek's refusals; 404 `no-account`; 401 |
//! | `GET /api/challenges` | — | `{"challenges": [{"id", "name", "shown", "game", "size", "clock", "rated", "since"}], "rounds": [{"table", "tournament", "name", "round", "opponent", "since"}]}`: those made to the signed-in account, and its tournament games waiting for it (none for a guest) |
//! | `POST /api/seeks/{id}/decline` | `{}` | `{}` (the challenger's `GET /api/seeks/{id}` then says `declined`); 403 `not-yours` |

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use super::super::accounts::kv::{self, Change};
use super::super::accounts::model::{account_key, name_key, Account};
use super::super::accounts::{answer, refusal, store};
use super::super::body::{ApiBody, Body, Nothing, Refusal};
use super::{check, seek_key, Seek, SeekBody, Seeks, PAIRED_MS, SEEK_MS};

/// Challenges listed at most for one account.
const LISTED: usize = 20;

/// The index of the challenges made to an account.
pub(super) fn challenges_key(account: &str) -> String {
    format!("challenges:{account}")
}

/// A declined challenge, for its challenger's page to read.
pub(super) fn declined_key(id: &str) -> String {
    format!("declined:{id}")
}

/// A challenge as a page sends it: the seek's fields and whom it is for.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ChallengeBody {
    name: String,
    game: String,
    #[serde(default)]
    size: Option<u32>,
    clock: super::Given,
    rated: bool,
}

impl ApiBody for ChallengeBody {
    fn field_refusal(field: &str) -> Option<(&'static str, &'static str)> {
        match field {
            "name" => Some(("bad-name", "a name is 3 to 20 letters, digits, _ or -")),
            other => SeekBody::field_refusal(other),
        }
    }
}

/// The account named `name`, if any.
async fn named(seeks: &Seeks, name: &str) -> Result<Option<Account>, Refusal> {
    if !virada::record::valid_name(name) {
        return Ok(None);
    }
    let kv = seeks.accounts.kv();
    let Some(id) = store(kv.get(&name_key(name)).await)? else {
        return Ok(None);
    };
    Ok(store(kv::read::<Account>(&**kv, &account_key(&id)).await)?.map(|(a, _)| a))
}

pub(super) async fn create(
    State(seeks): State<Seeks>,
    headers: HeaderMap,
    body: Result<Body<ChallengeBody>, Refusal>,
) -> Response {
    answer(
        async {
            let account = seeks.asker(&headers).await?;
            let Body(body) = body?;
            let to = named(&seeks, &body.name).await?.ok_or_else(|| {
                refusal(
                    StatusCode::NOT_FOUND,
                    "no-account",
                    "there is no account of that name",
                )
            })?;
            if to.id == account.id {
                return Err(Refusal::bad("own-name", "you cannot challenge yourself"));
            }
            let asked = SeekBody {
                game: body.game,
                size: body.size,
                clock: body.clock,
                rated: body.rated,
                min: None,
                max: None,
            };
            let mut seek = check(&asked, &account)?;
            seek.to = Some(to.id.clone());
            seek.to_name = Some(to.name.clone());
            let kv = seeks.accounts.kv();
            let text = store(serde_json::to_string(&seek).map_err(|e| e.to_string()))?;
            store(
                kv.swap(vec![Change::set(seek_key(&seek.id), text).lapsing(SEEK_MS)])
                    .await,
            )?;
            store(
                kv.rank(&challenges_key(&to.id), &seek.id, Some(seek.since as f64))
                    .await,
            )?;
            Ok((StatusCode::CREATED, Json(json!({ "id": seek.id }))).into_response())
        }
        .await,
    )
}

/// The open challenges made to `account`, oldest first (lapsed ones leave the index).
async fn open_for(seeks: &Seeks, account: &str) -> Result<Vec<Seek>, Refusal> {
    let kv = seeks.accounts.kv();
    let index = challenges_key(account);
    let mut open = Vec::new();
    for (id, _) in store(kv.top(&index, LISTED * 2).await)? {
        match store(kv::read::<Seek>(&**kv, &seek_key(&id)).await)? {
            Some((found, _)) if found.to.as_deref() == Some(account) => open.push(found),
            _ => store(kv.rank(&index, &id, None).await)?,
        }
    }
    open.sort_by_key(|s| s.since);
    open.truncate(LISTED);
    Ok(open)
}

pub(super) async fn list(State(seeks): State<Seeks>, headers: HeaderMap) -> Response {
    answer(
        async {
            // A guest (or a page whose session just ended) has none: never a 4xx,
            // so that a page asking every 2 s logs no error.
            let Some((account, _)) = store(seeks.accounts.signed_in(&headers).await)? else {
                return Ok(Json(json!({ "challenges": [], "rounds": [] })).into_response());
            };
            // The tournament games waiting for this account, asked with the
            // challenges so that a page asks once (tournament/call.rs).
            let rounds = store(
                super::super::tournament::calls_of(seeks.accounts.kv(), &account.id).await,
            )?;
            let listed: Vec<_> = open_for(&seeks, &account.id)
                .await?
                .into_iter()
                .map(|s| {
                    json!({
                        "id": s.id, "name": s.name, "shown": s.shown, "game": s.game,
                        "size": s.size, "clock": super::clock::text(s.clock), "rated": s.rated, "since": s.since,
                    })
                })
                .collect();
            Ok(Json(json!({ "challenges": listed, "rounds": rounds })).into_response())
        }
        .await,
    )
}

pub(super) async fn decline(
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
            if seek.to.as_deref() != Some(account.id.as_str()) {
                return Err(refusal(
                    StatusCode::FORBIDDEN,
                    "not-yours",
                    "that challenge is not made to you",
                ));
            }
            let changes = vec![
                Change::remove(seek_key(&id)).from(Some(&text)),
                Change::create(declined_key(&id), account.name.clone()).lapsing(PAIRED_MS),
            ];
            store(kv.swap(changes).await)?;
            store(kv.rank(&challenges_key(&account.id), &id, None).await)?;
            Ok(Json(json!({})).into_response())
        }
        .await,
    )
}
