//! An account's push subscriptions: what the browser's
//! `PushSubscription.toJSON()` gives (`endpoint`, `keys.p256dh`,
//! `keys.auth`), checked before it is kept, and kept in the accounts'
//! store under `push:ACCOUNT` (one document a account, so that every server
//! over one Redis sends to the same list).

use serde::{Deserialize, Serialize};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use super::super::accounts::kv::{self, KeyValue};

/// Subscriptions an account keeps at most (a browser each); a new one past
/// that replaces the oldest.
pub const MAX_SUBSCRIPTIONS: usize = 5;

/// The longest endpoint taken (push services' are under 500 characters).
pub const MAX_ENDPOINT: usize = 1024;

/// The key of an account's subscriptions in the store.
pub fn push_key(account: &str) -> String {
    format!("push:{account}")
}

/// One browser's subscription, as kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subscription {
    /// The push service's URL for this browser.
    pub endpoint: String,
    /// The browser's P-256 public key (65 bytes), base64url.
    pub p256dh: String,
    /// The browser's authentication secret (16 bytes), base64url.
    pub auth: String,
    /// When it was kept (ms since the epoch).
    pub at_ms: i64,
}

/// An account's subscriptions, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subscriptions {
    /// The subscriptions.
    pub list: Vec<Subscription>,
}

/// A subscription refused, with its code.
#[derive(Debug, PartialEq, Eq)]
pub struct Bad {
    /// The API's code.
    pub code: &'static str,
    /// Why, for people.
    pub message: &'static str,
}

/// What `bad-endpoint` says.
pub const BAD_ENDPOINT: Bad = Bad {
    code: "bad-endpoint",
    message: "the endpoint is the push service's https URL",
};

/// What `bad-push-keys` says.
pub const BAD_KEYS: Bad = Bad {
    code: "bad-push-keys",
    message: "keys.p256dh is a P-256 public key (65 bytes) and keys.auth 16 bytes, both base64url",
};

/// Checks a subscription's endpoint: an https URL on a named host (a push
/// service's; an address, such as one of the server's own network, is
/// refused), or, where `loopback` is allowed (tests), an http one on
/// 127.0.0.1 or `localhost`.
pub fn check_endpoint(endpoint: &str, loopback: bool) -> Result<(), Bad> {
    if endpoint.len() > MAX_ENDPOINT {
        return Err(BAD_ENDPOINT);
    }
    let uri: axum::http::Uri = endpoint.parse().map_err(|_| BAD_ENDPOINT)?;
    let host = uri.host().ok_or(BAD_ENDPOINT)?;
    let local = host == "127.0.0.1" || host == "localhost";
    match uri.scheme_str() {
        Some("http" | "https") if loopback && local => Ok(()),
        Some("https") => {
            let address = host.starts_with('[') || host.parse::<std::net::Ipv4Addr>().is_ok();
            if address
                || !host.contains('.')
                || uri.authority().is_some_and(|a| a.as_str().contains('@'))
            {
                Err(BAD_ENDPOINT)
            } else {
                Ok(())
            }
        }
        _ => Err(BAD_ENDPOINT),
    }
}

/// Checks a subscription's keys: `p256dh` a point on P-256, uncompressed;
/// `auth` 16 bytes.
pub fn check_keys(p256dh: &str, auth: &str) -> Result<(), Bad> {
    let point = URL_SAFE_NO_PAD
        .decode(p256dh.trim_end_matches('='))
        .map_err(|_| BAD_KEYS)?;
    if point.len() != 65 || web_push_native::p256::PublicKey::from_sec1_bytes(&point).is_err() {
        return Err(BAD_KEYS);
    }
    let secret = URL_SAFE_NO_PAD
        .decode(auth.trim_end_matches('='))
        .map_err(|_| BAD_KEYS)?;
    if secret.len() != 16 {
        return Err(BAD_KEYS);
    }
    Ok(())
}

/// An account's subscriptions (none when it has none).
pub async fn of(kv: &dyn KeyValue, account: &str) -> Result<Vec<Subscription>, String> {
    Ok(kv::read::<Subscriptions>(kv, &push_key(account))
        .await?
        .map(|(s, _)| s.list)
        .unwrap_or_default())
}

/// Keeps `new` among the account's subscriptions: in place of one with the
/// same endpoint, else added (the oldest going past the most kept).
pub async fn keep(kv: &dyn KeyValue, account: &str, new: Subscription) -> Result<(), String> {
    kv::update::<Subscriptions, _>(kv, &push_key(account), |old| {
        let mut list = old.unwrap_or_default().list;
        list.retain(|s| s.endpoint != new.endpoint);
        list.push(new.clone());
        let past = list.len().saturating_sub(MAX_SUBSCRIPTIONS);
        list.drain(..past);
        Some(Subscriptions { list })
    })
    .await
    .map(|_| ())
}

/// Removes the account's subscription at `endpoint`; whether there was one.
pub async fn remove(kv: &dyn KeyValue, account: &str, endpoint: &str) -> Result<bool, String> {
    let mut found = false;
    kv::update::<Subscriptions, _>(kv, &push_key(account), |old| {
        let mut list = old?.list;
        let before = list.len();
        list.retain(|s| s.endpoint != endpoint);
        found = list.len() != before;
        (!list.is_empty()).then_some(Subscriptions { list })
    })
    .await?;
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P256DH: &str =
        "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY";

    #[test]
    fn endpoints_are_https_on_a_named_host() {
        let ok = |e: &str| check_endpoint(e, false).is_ok();
        assert!(ok("https://fcm.googleapis.com/fcm/send/abc:def"));
        assert!(ok(
            "https://updates.push.services.mozilla.com/wpush/v2/gAAA"
        ));
        assert!(!ok("http://fcm.googleapis.com/fcm/send/abc"));
        assert!(!ok("https://10.0.0.7/push"));
        assert!(!ok("https://[::1]/push"));
        assert!(!ok("https://localhost/push"));
        assert!(!ok("https://user@push.example.com/x"));
        assert!(!ok("http://127.0.0.1:9/push"));
        assert!(!ok("not a url"));
        assert!(!ok(&format!(
            "https://push.example.com/{}",
            "a".repeat(MAX_ENDPOINT)
        )));
        // Loopback only where allowed (a test's own push service).
        assert!(check_endpoint("http://127.0.0.1:9/push", true).is_ok());
        assert!(check_endpoint("http://10.0.0.7/push", true).is_err());
    }

    #[test]
    fn keys_are_a_p256_point_and_16_bytes() {
        assert_eq!(check_keys(P256DH, "_ordMnz7uTCmrpBTeUV4Bw"), Ok(()));
        assert_eq!(check_keys(P256DH, "_ordMnz7uTCmrpBTeUV4"), Err(BAD_KEYS));
        assert_eq!(check_keys("BLn9", "_ordMnz7uTCmrpBTeUV4Bw"), Err(BAD_KEYS));
        // 65 bytes, but not a point on the curve.
        let off = format!("BA{}", "A".repeat(85));
        assert_eq!(check_keys(&off, "_ordMnz7uTCmrpBTeUV4Bw"), Err(BAD_KEYS));
        assert_eq!(check_keys("!!", "_ordMnz7uTCmrpBTeUV4Bw"), Err(BAD_KEYS));
    }
}
