//! Accounts without passwords: a name and passkeys (WebAuthn, checked by
//! kanidm's `webauthn-rs`), sessions in an HttpOnly SameSite cookie, the
//! Origin checked on every request that changes state, per-address rate
//! limits; Glicko-2 ratings (the library's [`virada::rating`]) for rated
//! games, kept games, profiles and the leaderboard. Guests play as before.
//!
//! - `model.rs`: the documents and their keys; `kv/`: the store (SQLite or
//!   Redis) they are kept in.
//! - `routes.rs`: sign up, sign in and passkeys (the WebAuthn ceremonies);
//!   `ceremony.rs`: what the ceremonies share (their state, kept between
//!   start and finish); `sessions.rs`: sessions, sign out, who this is, delete.
//! - `ratings.rs`: what a finished game gives its accounts (a rating a
//!   speed); `speeds.rs`: the move of schema 1's one rating an account to
//!   its speeds.
//! - `profiles.rs`: a player's profile and the leaderboard.
//! - `limit.rs`: the per-address rate limit (a tower layer).
//!
//! docs/accounts.md says what is kept, where and for how long.

mod ceremony;
pub mod kv;
mod limit;
pub mod model;
mod profiles;
pub mod ratings;
mod recent;
mod routes;
mod sessions;
pub mod speeds;

use std::sync::Arc;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use webauthn_rs::prelude::Url;
use webauthn_rs::{Webauthn, WebauthnBuilder};

use super::body::Refusal;
use kv::Kv;
use model::{session_key, Account, Session};

pub use limit::RateLimit;
pub use routes::router;

/// The session cookie's name.
pub const COOKIE: &str = "virada_session";
/// The cookie every page's header reads: the signed-in name and rating.
pub const WHO_COOKIE: &str = "virada_who";

/// The accounts of one server (or of several over one Redis).
pub struct Accounts {
    kv: Kv,
    webauthn: Webauthn,
    /// The site's public origin (`http://localhost:8000`), where passkeys
    /// are made and used.
    origin: String,
    /// Origins allowed to change state besides the public one.
    also: Vec<String>,
    /// Whether the cookie says `Secure` (everywhere but on loopback over
    /// plain HTTP).
    secure: bool,
    /// Rated games an account needs to be on the leaderboard.
    pub min_games: u32,
    /// The finished records and the key that signs them: a deleted
    /// account's name is replaced in its kept records, signed again.
    records: Option<(super::store::Store, Arc<super::keys::Keys>)>,
    /// Web Push, once the server has set it up (`super::push`).
    push: std::sync::OnceLock<Arc<super::push::Push>>,
}

/// Settings of the accounts.
pub struct Settings {
    /// The public origin.
    pub origin: String,
    /// Other origins allowed (the server's `--allow-origin`).
    pub also: Vec<String>,
    /// Rated games an account needs to be on the leaderboard.
    pub min_games: u32,
    /// The tables' store and the signing key (see [`Accounts`]).
    pub records: Option<(super::store::Store, Arc<super::keys::Keys>)>,
}

impl Accounts {
    /// The accounts over `kv`, passkeys bound to `settings.origin`'s host
    /// (a domain: `localhost`, not `127.0.0.1`).
    pub fn new(kv: Kv, settings: Settings) -> Result<Arc<Accounts>, String> {
        let url = Url::parse(&settings.origin)
            .map_err(|e| format!("--origin {}: {e}", settings.origin))?;
        let host = url
            .host_str()
            .ok_or_else(|| format!("--origin {} has no host", settings.origin))?
            .to_string();
        if host.parse::<std::net::IpAddr>().is_ok() || host.starts_with('[') {
            return Err(format!(
                "--origin {}: passkeys need a domain, not an address (use http://localhost:PORT)",
                settings.origin
            ));
        }
        let webauthn = WebauthnBuilder::new(&host, &url)
            .and_then(|b| b.rp_name("Virada").build())
            .map_err(|e| format!("--origin {}: {e}", settings.origin))?;
        let origin = url.origin().ascii_serialization();
        let loopback =
            url.scheme() == "http" && (host == "localhost" || host.ends_with(".localhost"));
        Ok(Arc::new(Accounts {
            kv,
            webauthn,
            secure: !loopback,
            origin,
            also: settings.also,
            min_games: settings.min_games,
            records: settings.records,
            push: std::sync::OnceLock::new(),
        }))
    }

    /// Replaces a deleted account's `name` in its kept records with the
    /// name that stands in for it, each record signed again; how many.
    pub async fn rename_records(&self, account: &str, name: &str) -> Result<usize, String> {
        let Some((store, keys)) = &self.records else {
            return Ok(0);
        };
        let stand_in = model::deleted_name(account);
        let mut renamed = 0;
        for game in self.games(account).await? {
            let Some(text) = store.record(&game.id).await? else {
                continue;
            };
            if let Some(new) = ratings::renamed_record(&text, name, &stand_in) {
                store
                    .rewrite_record(&game.id, super::game::sign(&new, keys))
                    .await?;
                renamed += 1;
            }
        }
        Ok(renamed)
    }

    /// Sets the sender of the accounts' pushes (once; later calls do nothing).
    pub fn set_push(&self, push: Arc<super::push::Push>) {
        let _ = self.push.set(push);
    }

    /// The sender of the accounts' pushes, once set.
    pub fn push(&self) -> Option<&Arc<super::push::Push>> {
        self.push.get()
    }

    /// The store.
    pub fn kv(&self) -> &Kv {
        &self.kv
    }

    /// The public origin.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Refuses a request that changes state from anywhere but the site:
    /// its `Origin` must be there and be the public origin (or one allowed).
    pub fn check_origin(&self, headers: &HeaderMap) -> Result<(), Refusal> {
        let origin = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok());
        match origin {
            Some(o) if o == self.origin || self.also.iter().any(|a| a == o) => Ok(()),
            Some(_) => Err(refusal(
                StatusCode::FORBIDDEN,
                "bad-origin",
                "this page may not do that here",
            )),
            None => Err(refusal(
                StatusCode::FORBIDDEN,
                "no-origin",
                "a request that changes something must say its Origin",
            )),
        }
    }

    /// The account and session of the request's cookie; `None` without a
    /// cookie, or with one whose session has ended (signed out, revoked,
    /// lapsed, or the account deleted).
    pub async fn signed_in(
        &self,
        headers: &HeaderMap,
    ) -> Result<Option<(Account, Session)>, String> {
        let Some(token) = cookie(headers) else {
            return Ok(None);
        };
        let hash = super::saved::token_hash(&token);
        let Some((session, _)) = kv::read::<Session>(&*self.kv, &session_key(&hash)).await? else {
            return Ok(None);
        };
        let Some((account, _)) =
            kv::read::<Account>(&*self.kv, &model::account_key(&session.account)).await?
        else {
            return Ok(None);
        };
        // A session the account no longer lists (revoked while a write
        // raced) is over too.
        if !account.sessions.iter().any(|s| s.hash == hash) {
            return Ok(None);
        }
        Ok(Some((account, session)))
    }

    /// [`Accounts::signed_in`], or the refusal of a request that needs a
    /// session: 401 `signed-out`.
    pub async fn require(&self, headers: &HeaderMap) -> Result<(Account, Session), Refusal> {
        match self.signed_in(headers).await {
            Ok(Some(found)) => Ok(found),
            Ok(None) => Err(refusal(
                StatusCode::UNAUTHORIZED,
                "signed-out",
                "sign in first",
            )),
            Err(e) => Err(storage(&e)),
        }
    }

    /// The `Set-Cookie` value of a new session's secret.
    fn cookie_value(&self, token: &str) -> HeaderValue {
        let secure = if self.secure { "; Secure" } else { "" };
        let max_age = model::SESSION_MS / 1000;
        HeaderValue::from_str(&format!(
            "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}"
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
    }

    /// The `Set-Cookie` value of `WHO_COOKIE`: who is signed in, as every
    /// page's header shows it (`ana:1662?`), readable by the pages and
    /// nothing secret (the name and the rating are on the profile); removed
    /// when `who` is `None`. Set each time a page asks who it is.
    fn who_cookie(&self, who: Option<(&str, &str)>) -> HeaderValue {
        let secure = if self.secure { "; Secure" } else { "" };
        let (value, max_age) = match who {
            Some((name, shown)) => (format!("{name}:{shown}"), model::SESSION_MS / 1000),
            None => (String::new(), 0),
        };
        HeaderValue::from_str(&format!(
            "{WHO_COOKIE}={value}; Path=/; SameSite=Lax; Max-Age={max_age}{secure}"
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
    }

    /// The `Set-Cookie` value that removes the cookie.
    fn cleared_cookie(&self) -> HeaderValue {
        let secure = if self.secure { "; Secure" } else { "" };
        HeaderValue::from_str(&format!(
            "{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
    }
}

/// The session cookie's secret, when the request carries one.
pub fn cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_string())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A refusal with its status.
pub(crate) fn refusal(status: StatusCode, code: &'static str, message: &str) -> Refusal {
    Refusal {
        status,
        code,
        message: message.to_string(),
    }
}

/// A route's answer: its response, or its refusal's.
pub(crate) fn answer(
    result: Result<axum::response::Response, Refusal>,
) -> axum::response::Response {
    result.unwrap_or_else(axum::response::IntoResponse::into_response)
}

/// A store's failure as the route's refusal (500 `storage`).
pub(crate) fn store<T>(result: Result<T, String>) -> Result<T, Refusal> {
    result.map_err(|e| storage(&e))
}

/// The refusal when the store fails.
pub(crate) fn storage(e: &str) -> Refusal {
    tracing::error!("accounts: {e}");
    refusal(
        StatusCode::INTERNAL_SERVER_ERROR,
        "storage",
        "the accounts could not be read or written",
    )
}

/// A fresh secret of 32 random bytes as hex (a session's).
pub(crate) fn fresh_secret() -> Result<String, String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("the secure random source failed: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_read_only_when_well_formed() {
        let mut headers = HeaderMap::new();
        let good = "ab".repeat(32);
        headers.insert(
            header::COOKIE,
            format!("x=1; {COOKIE}={good}; y=2").parse().unwrap(),
        );
        assert_eq!(cookie(&headers), Some(good));
        headers.insert(header::COOKIE, format!("{COOKIE}=short").parse().unwrap());
        assert_eq!(cookie(&headers), None);
        assert_eq!(cookie(&HeaderMap::new()), None);
    }
}
