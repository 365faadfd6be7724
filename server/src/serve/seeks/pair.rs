//! Pairing two accounts at a new table: taking a seek from the lobby
//! (`POST /api/seeks/{id}/accept`, a challenge too), and the one swap in
//! the store that takes the seek, the taker's own and says where the table
//! is, which quick pairing and the pools go through as well.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::super::accounts::kv::Change;
use super::super::accounts::{answer, refusal, storage, store};
use super::super::body::{Body, Nothing, Refusal};
use super::super::hub::NewTable;
use super::super::saved::{Players, SeatAccount};
use super::super::table::{fresh_token, now_ms};
use super::{challenge, paired_key, seek_key, seeker_key, Seek, Seeks, PAIRED_MS, SEEKS};
use virada::game::GameKind;

/// Pairs the seeker of `seek` (who sits first) with `taker`: takes the
/// seek (and the taker's own, in quick pairing) in one swap that also says
/// where the table is, then opens the table with both seats held for them.
/// `None` when another took it first.
pub(super) async fn pair(
    seeks: &Seeks,
    seek: (&Seek, &str),
    taker: &SeatAccount,
    taker_seek: Option<(&Seek, &str)>,
) -> Result<Option<String>, Refusal> {
    let (seek, text) = seek;
    let kv = seeks.accounts.kv();
    let table = store(fresh_token())?;
    let mut changes = vec![
        Change::remove(seek_key(&seek.id)).from(Some(text)),
        Change::create(paired_key(&seek.id), table.clone()).lapsing(PAIRED_MS),
    ];
    // A challenge is not its challenger's seek in the lobby: that one stays.
    if seek.to.is_none() {
        changes.push(Change::remove(seeker_key(&seek.account)));
    }
    // The taker's own open seek goes with the pairing: they are paired
    // now, and nobody may take it and sit waiting for them.
    let mut also = None;
    if let Some((mine, mine_text)) = taker_seek {
        changes.push(Change::remove(seek_key(&mine.id)).from(Some(mine_text)));
        changes.push(Change::create(paired_key(&mine.id), table.clone()).lapsing(PAIRED_MS));
        changes.push(Change::remove(seeker_key(&mine.account)));
    } else if let Some(own) = store(kv.get(&seeker_key(&taker.id)).await)? {
        changes.push(Change::remove(seek_key(&own)));
        changes.push(Change::set(paired_key(&own), table.clone()).lapsing(PAIRED_MS));
        changes.push(Change::remove(seeker_key(&taker.id)));
        also = Some(own);
    }
    if !store(kv.swap(changes).await)? {
        return Ok(None);
    }
    let ids = std::iter::once(&seek.id)
        .chain(taker_seek.map(|(s, _)| &s.id))
        .chain(also.as_ref());
    for id in ids {
        store(kv.rank(SEEKS, id, None).await)?;
    }
    if let Some(to) = &seek.to {
        store(
            kv.rank(&challenge::challenges_key(to), &seek.id, None)
                .await,
        )?;
    }
    let kind = match seek.game.as_str() {
        "nabucodonosor" => GameKind::Nabucodonosor(seek.size as u8),
        _ => GameKind::Othello,
    };
    let seeker = SeatAccount {
        id: seek.account.clone(),
        name: seek.name.clone(),
    };
    let new = NewTable {
        kind,
        clock: seek.clock,
        level: 3,
        handicap: String::new(),
        play: None,
        players: Players {
            accounts: [Some(seeker), Some(taker.clone())],
            rated: seek.rated,
            tournament: None,
        },
    };
    seeks
        .hub
        .open_paired(&table, new)
        .map_err(|e| storage(&e))?;
    Ok(Some(table))
}

pub(super) async fn accept(
    State(seeks): State<Seeks>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Body<Nothing>, Refusal>,
) -> Response {
    answer(
        async {
            let account = seeks.asker(&headers).await?;
            body?;
            let gone = || {
                refusal(
                    StatusCode::NOT_FOUND,
                    "no-seek",
                    "that seek is gone (taken, or withdrawn)",
                )
            };
            let (seek, text) = seeks.read(&id).await?.ok_or_else(gone)?;
            if seek.account == account.id {
                return Err(Refusal::bad("own-seek", "that seek is your own"));
            }
            if seek.to.as_ref().is_some_and(|to| *to != account.id) {
                return Err(refusal(
                    StatusCode::FORBIDDEN,
                    "not-yours",
                    "that challenge is made to someone else",
                ));
            }
            if !seek.accepts(account.rating_for(seek.clock).rating(), now_ms()) {
                return Err(refusal(
                    StatusCode::FORBIDDEN,
                    "out-of-range",
                    "your rating is outside the seek's range",
                ));
            }
            let taker = SeatAccount {
                id: account.id.clone(),
                name: account.name.clone(),
            };
            let table = pair(&seeks, (&seek, &text), &taker, None)
                .await?
                .ok_or_else(gone)?;
            Ok((StatusCode::CREATED, Json(json!({ "table": table }))).into_response())
        }
        .await,
    )
}
