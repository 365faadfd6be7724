//! The passkey ceremonies' common parts: a ceremony's state, kept between
//! its start and its finish (and taken once: a replayed finish finds
//! nothing), the refusals of a finish's body and of a passkey's answer, and
//! credential ids as kept (base64url).

use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::super::body::Refusal;
use super::kv::Change;
use super::model::{ceremony_key, Ceremony, CEREMONY_MS};
use super::{store, Accounts};
use crate::serve::table::fresh_token;

/// The refusal for a finish's body whose `field` is malformed.
pub(super) fn finish_refusal(field: &str) -> Option<(&'static str, &'static str)> {
    match field {
        "ceremony" => Some((
            "no-ceremony",
            "that sign-up or sign-in is not one this server started",
        )),
        "credential" => Some((
            "bad-credential",
            "the passkey's answer is not one this server reads",
        )),
        _ => None,
    }
}

/// Keeps a ceremony's state; its id.
pub(super) async fn keep_ceremony(
    accounts: &Accounts,
    ceremony: &Ceremony,
) -> Result<String, Refusal> {
    let id = store(fresh_token())?;
    let text = store(serde_json::to_string(ceremony).map_err(|e| e.to_string()))?;
    let kept = Change::create(ceremony_key(&id), text).lapsing(CEREMONY_MS);
    store(accounts.kv.swap(vec![kept]).await)?;
    Ok(id)
}

/// Takes a ceremony's state (once: a replayed finish finds nothing).
pub(super) async fn take_ceremony(accounts: &Accounts, id: &str) -> Result<Ceremony, Refusal> {
    let none = || {
        Refusal::bad(
            "no-ceremony",
            "that sign-up or sign-in has ended or never began",
        )
    };
    if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(none());
    }
    let text = store(accounts.kv.take(&ceremony_key(id)).await)?.ok_or_else(none)?;
    serde_json::from_str(&text).map_err(|_| none())
}

pub(super) fn bad_credential(e: impl std::fmt::Display) -> Refusal {
    Refusal::bad(
        "bad-credential",
        format!("the passkey was not accepted: {e}"),
    )
}

/// The credential id as kept (base64url, no padding).
pub(super) fn credential_id(key: &webauthn_rs::prelude::Passkey) -> String {
    base64url(key.cred_id().as_ref())
}

/// Bytes as base64url without padding.
pub(super) fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The answer that starts a ceremony.
pub(super) fn started(id: String, options: impl serde::Serialize) -> Response {
    Json(json!({ "ceremony": id, "options": options })).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_without_padding() {
        assert_eq!(base64url(b""), "");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }
}
