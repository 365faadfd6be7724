//! Sending a push: the message encrypted for the browser (RFC 8291,
//! `Content-Encoding: aes128gcm`, by web-push-native), a VAPID
//! `Authorization` (RFC 8292: an ES256 JWT whose `aud` is the endpoint's
//! origin, signed by jwt-simple, and the public key), a `TTL`, POSTed by
//! hyper's client over rustls, on a task of its own with a time limit. A
//! push service that answers 404 or 410 says the subscription is gone: it
//! is removed.

use std::sync::Arc;
use std::time::Duration;

use axum::http::{header, HeaderValue, Request, StatusCode, Uri};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use http_body_util::Full;
use hyper::body::Bytes;
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use jwt_simple::algorithms::ECDSAP256KeyPairLike as _;
use jwt_simple::claims::Claims;
use serde::Serialize;
use web_push_native::{Auth, WebPushBuilder};

use super::super::accounts::kv::Kv;
use super::keys::PushKeys;
use super::subscriptions::{self, Subscription};

/// The longest a push service has to answer one push.
const SEND_WITHIN: Duration = Duration::from_secs(10);

/// How long a VAPID token is good for (RFC 8292 allows up to 24 hours).
const TOKEN_FOR: Duration = Duration::from_secs(12 * 60 * 60);

/// The longest TTL asked of a push service (four weeks: the most the
/// common ones keep a message).
const MAX_TTL: u64 = 28 * 24 * 60 * 60;

/// What a push says: the table, who moved, the page to open. The service
/// worker (`sw.js`) writes the notification from it.
#[derive(Clone, Debug, Serialize)]
pub struct TurnMessage {
    /// The table's id.
    pub table: String,
    /// The opponent's name (`None` for a guest).
    pub opponent: Option<String>,
    /// The table's page, relative to the site's root.
    pub url: String,
    /// A tournament's round start: the tournament's name (absent for a turn).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
    /// And the round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
}

/// The sender: the keys, the store, one HTTP client.
pub struct Push {
    keys: PushKeys,
    /// The token's `sub`: how the push service may reach the site's
    /// operator (a `mailto:` or https URL).
    contact: String,
    kv: Kv,
    /// Whether http endpoints on loopback are taken (tests only).
    loopback: bool,
    client: Client<HttpsConnector<HttpConnector>, Full<Bytes>>,
}

/// How one push went.
#[derive(Debug, PartialEq, Eq)]
pub enum Sent {
    /// The push service took it (2xx).
    Taken,
    /// The subscription is gone (404, 410): removed.
    Gone,
    /// Anything else: the status, or what failed.
    Failed(String),
}

impl Push {
    /// A sender signing with `keys`, naming `contact`, over the accounts'
    /// store `kv`.
    pub fn new(keys: PushKeys, contact: String, kv: Kv, loopback: bool) -> Result<Push, String> {
        // ring, the server's one crypto provider (as listen.rs), named
        // rather than found; it has no post-quantum key exchange, hence
        // rustls' warning.
        #[allow(deprecated)]
        let provider = tokio_rustls::rustls::crypto::ring::default_provider();
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_provider_and_webpki_roots(provider)
            .map_err(|e| format!("Web Push's TLS: {e}"))?
            .https_or_http()
            .enable_http1()
            .build();
        let client = Client::builder(TokioExecutor::new()).build(https);
        Ok(Push {
            keys,
            contact,
            kv,
            loopback,
            client,
        })
    }

    /// The public key (base64url), for `GET /api/push/key`.
    pub fn public_key(&self) -> &str {
        self.keys.public()
    }

    /// Whether http endpoints on loopback are taken.
    pub fn loopback(&self) -> bool {
        self.loopback
    }

    /// The store.
    pub fn kv(&self) -> &Kv {
        &self.kv
    }

    /// Pushes `message` to each of `account`'s subscriptions, on a task of
    /// its own: the move that caused it waits for none of it.
    pub fn spawn_turn(self: &Arc<Push>, account: String, message: TurnMessage, ttl: u64) {
        let push = Arc::clone(self);
        tokio::spawn(async move {
            let subscriptions = match subscriptions::of(&*push.kv, &account).await {
                Ok(list) => list,
                Err(e) => {
                    tracing::warn!("push: the subscriptions could not be read: {e}");
                    return;
                }
            };
            let Ok(body) = serde_json::to_vec(&message) else {
                return;
            };
            for subscription in subscriptions {
                let sent = push.send(&subscription, &body, ttl).await;
                match &sent {
                    Sent::Taken => tracing::info!("push: table {} told", message.table),
                    Sent::Gone => {
                        if let Err(e) =
                            subscriptions::remove(&*push.kv, &account, &subscription.endpoint).await
                        {
                            tracing::warn!("push: a gone subscription was not removed: {e}");
                        } else {
                            tracing::info!(
                                "push: a subscription the service no longer has, removed"
                            );
                        }
                    }
                    Sent::Failed(why) => tracing::warn!("push: not sent: {why}"),
                }
            }
        });
    }

    /// Sends one push of `body` to `subscription`.
    pub async fn send(&self, subscription: &Subscription, body: &[u8], ttl: u64) -> Sent {
        let request = match self.request(subscription, body, ttl.min(MAX_TTL)) {
            Ok(request) => request,
            Err(e) => return Sent::Failed(e),
        };
        match tokio::time::timeout(SEND_WITHIN, self.client.request(request)).await {
            Err(_) => Sent::Failed(format!("no answer within {SEND_WITHIN:?}")),
            Ok(Err(e)) => Sent::Failed(e.to_string()),
            Ok(Ok(answer)) => match answer.status() {
                s if s.is_success() => Sent::Taken,
                StatusCode::NOT_FOUND | StatusCode::GONE => Sent::Gone,
                s => Sent::Failed(format!("the push service answered {s}")),
            },
        }
    }

    /// The push's request: encrypted body, TTL, VAPID.
    fn request(
        &self,
        subscription: &Subscription,
        body: &[u8],
        ttl: u64,
    ) -> Result<Request<Full<Bytes>>, String> {
        let endpoint: Uri = subscription
            .endpoint
            .parse()
            .map_err(|e| format!("the endpoint: {e}"))?;
        let public = URL_SAFE_NO_PAD
            .decode(subscription.p256dh.trim_end_matches('='))
            .map_err(|e| format!("p256dh: {e}"))?;
        let public = web_push_native::p256::PublicKey::from_sec1_bytes(&public)
            .map_err(|e| format!("p256dh: {e}"))?;
        let auth = URL_SAFE_NO_PAD
            .decode(subscription.auth.trim_end_matches('='))
            .map_err(|e| format!("auth: {e}"))?;
        if auth.len() != 16 {
            return Err("auth is not 16 bytes".into());
        }
        let request = WebPushBuilder::new(endpoint.clone(), public, Auth::clone_from_slice(&auth))
            .with_valid_duration(Duration::from_secs(ttl))
            .build(body.to_vec())
            .map_err(|e| format!("the encryption: {e}"))?;
        let vapid = self.vapid(&endpoint)?;
        let (mut parts, body) = request.into_parts();
        parts.headers.insert(
            header::AUTHORIZATION,
            HeaderValue::from_str(&vapid).map_err(|e| e.to_string())?,
        );
        Ok(Request::from_parts(parts, Full::new(Bytes::from(body))))
    }

    /// The `Authorization` value: `vapid t=JWT, k=KEY` (RFC 8292), the
    /// token's audience the endpoint's origin (its port too, when it has
    /// one).
    fn vapid(&self, endpoint: &Uri) -> Result<String, String> {
        let scheme = endpoint.scheme_str().ok_or("the endpoint has no scheme")?;
        let authority = endpoint
            .authority()
            .ok_or("the endpoint has no host")?
            .as_str();
        // An origin leaves its scheme's own port out.
        let default = if scheme == "https" { ":443" } else { ":80" };
        let authority = authority.strip_suffix(default).unwrap_or(authority);
        let claims = Claims::create(TOKEN_FOR.into())
            .with_audience(format!("{scheme}://{authority}"))
            .with_subject(&self.contact);
        let token = self
            .keys
            .pair()
            .sign(claims)
            .map_err(|e| format!("the VAPID token: {e}"))?;
        Ok(format!("vapid t={token}, k={}", self.keys.public()))
    }
}
