//! Web Push over a real server process and a push service of the test's
//! own: a small axum server on a free loopback port stands for the
//! browser's push service (`virada serve --push-loopback` takes its http
//! endpoint). Two accounts at a `2d` table; the one waiting subscribes
//! with a P-256 key pair and an auth secret made here; the other moves;
//! the push that arrives carries a VAPID token signed by the server's key
//! for the endpoint's origin, a TTL of the window, and an aes128gcm body
//! that this test decrypts with its own private key. A push service that
//! answers 410 has its subscription removed; a game-clock table pushes
//! nothing. push_edges.rs: bad subscriptions, the key, two servers.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use jwt_simple::algorithms::{ECDSAP256PublicKeyLike as _, ES256PublicKey};
use jwt_simple::claims::NoCustomClaims;
use jwt_simple::common::VerificationOptions;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint as _;
use web_push_native::p256::SecretKey;
use web_push_native::Auth;

use super::client::{Client, Server};
use super::contribute_all;
use super::passkey::getrandom;
use super::people::{Person, ORIGIN};

/// One push as the push service received it.
pub(super) struct Received {
    pub(super) path: String,
    pub(super) headers: HeaderMap,
    pub(super) body: Vec<u8>,
}

/// The push service: `POST /p/NAME` takes a push (201), `POST /gone/NAME`
/// answers 410 as a service does for a subscription it no longer has;
/// every push received goes to the channel.
pub(super) async fn push_service() -> (u16, mpsc::UnboundedReceiver<Received>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let tx = Arc::new(tx);
    let take = |gone: bool| {
        move |State(tx): State<Arc<mpsc::UnboundedSender<Received>>>,
              Path(name): Path<String>,
              headers: HeaderMap,
              body: axum::body::Bytes| async move {
            let prefix = if gone { "/gone/" } else { "/p/" };
            let _ = tx.send(Received {
                path: format!("{prefix}{name}"),
                headers,
                body: body.to_vec(),
            });
            if gone {
                StatusCode::GONE
            } else {
                StatusCode::CREATED
            }
        }
    };
    let app = axum::Router::new()
        .route("/p/{name}", post(take(false)))
        .route("/gone/{name}", post(take(true)))
        .with_state(tx);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    (port, rx)
}

/// A browser's subscription: its key pair and auth secret, made here.
pub(super) struct Browser {
    secret: SecretKey,
    auth: [u8; 16],
    pub(super) endpoint: String,
}

impl Browser {
    pub(super) fn new(endpoint: String) -> Browser {
        let mut bytes = [0u8; 32];
        getrandom(&mut bytes);
        let mut auth = [0u8; 16];
        getrandom(&mut auth);
        Browser {
            secret: SecretKey::from_slice(&bytes).expect("a P-256 key"),
            auth,
            endpoint,
        }
    }

    /// What `PushSubscription.toJSON()` gives.
    pub(super) fn json(&self) -> String {
        let point = self.secret.public_key().to_encoded_point(false);
        json!({
            "endpoint": self.endpoint,
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(point.as_bytes()),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            }
        })
        .to_string()
    }

    pub(super) fn decrypt(&self, body: &[u8]) -> Value {
        let plain = web_push_native::decrypt(
            body.to_vec(),
            &self.secret,
            &Auth::clone_from_slice(&self.auth),
        )
        .expect("the push decrypts with the browser's key");
        serde_json::from_slice(&plain).expect("the push is JSON")
    }
}

/// Signs both up; a table of `clock` between them from eva's seek, both
/// seated and the game started: the clients, seat order, and the table.
pub(super) async fn table(
    s: &Server,
    eva: &Person,
    fil: &Person,
    clock: &str,
) -> (Vec<Client>, String) {
    let seek = json!({"game": "othello", "clock": clock, "rated": false}).to_string();
    let made = eva.call(s, "POST", "/api/seeks", Some(&seek)).await;
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made.body["id"].as_str().unwrap();
    let taken = fil
        .call(s, "POST", &format!("/api/seeks/{id}/accept"), Some("{}"))
        .await;
    assert_eq!(taken.status, 201, "{}", taken.text);
    let table = taken.body["table"].as_str().unwrap().to_string();
    let mut a = Client::connect_as(s, &table, eva.cookie.as_deref().unwrap()).await;
    a.hello(None).await;
    let mut b = Client::connect_as(s, &table, fil.cookie.as_deref().unwrap()).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    let mut clients = vec![a, b];
    clients.sort_by_key(|c| c.seat);
    (clients, table)
}

/// The seat to move at the table once it is at `ply`, as `c` sees it.
pub(super) async fn to_move(c: &mut Client, ply: u64) -> usize {
    let s = c
        .wait_state(|s| s["status"] == "playing" && s["ply"].as_u64() == Some(ply))
        .await;
    s["table"]["seatToMove"].as_u64().unwrap() as usize
}

/// The seat to move at `ply` plays its first legal move.
pub(super) async fn move_once(clients: &mut [Client], ply: u64) {
    let seat = to_move(&mut clients[0], ply).await;
    let c = &mut clients[seat];
    let s = c
        .wait_state(|s| s["status"] == "playing" && s["ply"].as_u64() == Some(ply))
        .await;
    let mv = super::client::first_legal(&s["table"]);
    c.send(json!({"v":2,"type":"move","ply":ply,"move":mv}))
        .await;
    c.wait_state(|s| s["ply"].as_u64() != Some(ply)).await;
}

/// The next push, within a minute.
pub(super) async fn next_push(rx: &mut mpsc::UnboundedReceiver<Received>) -> Received {
    tokio::time::timeout(Duration::from_secs(60), rx.recv())
        .await
        .expect("a push within a minute")
        .expect("the push service runs")
}

pub(super) async fn endpoints(s: &Server, who: &Person) -> Vec<String> {
    let list = who.call(s, "GET", "/api/push/subscriptions", None).await;
    assert_eq!(list.status, 200, "{}", list.text);
    serde_json::from_value(list.body["endpoints"].clone()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_turn_is_pushed_encrypted_and_signed_for_the_endpoint() {
    let (port, mut pushes) = push_service().await;
    let s = Server::start("push", &["--origin", ORIGIN, "--push-loopback"]);
    let mut eva = Person::new("eva");
    let mut fil = Person::new("fil");
    assert_eq!(eva.sign_up(&s).await.status, 201);
    assert_eq!(fil.sign_up(&s).await.status, 201);
    let people = [&eva, &fil];
    let key = super::client::get_json(&s, "/api/push/key").await["key"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(URL_SAFE_NO_PAD.decode(&key).unwrap().len(), 65, "{key}");

    // A game clock first: the person to move is at the table, nobody is
    // pushed. Then a correspondence table, where the waiting one is.
    let (mut live, live_id) = table(&s, &eva, &fil, "600+0").await;
    let (mut days, days_id) = table(&s, &eva, &fil, "2d").await;
    let waiting = 1 - to_move(&mut days[0], 0).await;
    let browser = Browser::new(format!(
        "http://127.0.0.1:{port}/p/{}",
        people[waiting].name
    ));
    let gone = Browser::new(format!(
        "http://127.0.0.1:{port}/gone/{}",
        people[waiting].name
    ));
    for b in [&browser, &gone] {
        let sub = people[waiting]
            .call(&s, "POST", "/api/push/subscribe", Some(&b.json()))
            .await;
        assert_eq!(sub.status, 200, "{}", sub.text);
    }
    // Both seats subscribe at the game-clock table's end too: whoever moves
    // there, the other one would be told if it pushed.
    let other = Browser::new(format!(
        "http://127.0.0.1:{port}/p/{}",
        people[1 - waiting].name
    ));
    let sub = people[1 - waiting]
        .call(&s, "POST", "/api/push/subscribe", Some(&other.json()))
        .await;
    assert_eq!(sub.status, 200, "{}", sub.text);
    move_once(&mut live, 0).await;
    move_once(&mut days, 0).await;

    // The correspondence turn arrives (twice: the 410 endpoint too), and
    // nothing from the game-clock table came before or with it.
    let mut seen = Vec::new();
    while seen.len() < 2 {
        seen.push(next_push(&mut pushes).await);
    }
    let taken = seen
        .iter()
        .find(|r| r.path.starts_with("/p/"))
        .expect("the push to the live subscription");
    assert_eq!(taken.path, format!("/p/{}", people[waiting].name));
    assert!(
        seen.iter().any(|r| r.path.starts_with("/gone/")),
        "both subscriptions pushed"
    );
    let h = |name: &str| taken.headers[name].to_str().unwrap().to_string();
    assert_eq!(h("content-encoding"), "aes128gcm");
    assert_eq!(
        h("ttl"),
        (2 * 24 * 60 * 60).to_string(),
        "the window's length"
    );
    // VAPID: `vapid t=JWT, k=KEY`, the key the server serves, the token
    // signed by it for this endpoint's origin.
    let auth = h("authorization");
    let rest = auth.strip_prefix("vapid t=").expect(&auth);
    let (token, k) = rest.split_once(", k=").expect(&auth);
    assert_eq!(k, key);
    let public = ES256PublicKey::from_bytes(&URL_SAFE_NO_PAD.decode(k).unwrap()).unwrap();
    let origin = format!("http://127.0.0.1:{port}");
    let options = VerificationOptions {
        allowed_audiences: Some(HashSet::from([origin.clone()])),
        ..Default::default()
    };
    let claims = public
        .verify_token::<NoCustomClaims>(token, Some(options))
        .expect("a token signed by the server's key, for the endpoint's origin");
    assert_eq!(claims.subject.as_deref(), Some(ORIGIN));
    let lasts = claims.expires_at.unwrap().as_secs() - claims.issued_at.unwrap().as_secs();
    assert!(lasts <= 24 * 60 * 60, "RFC 8292: at most a day");
    // Signed for another origin, it would not verify.
    let elsewhere = VerificationOptions {
        allowed_audiences: Some(HashSet::from(["https://push.example.com".to_string()])),
        ..Default::default()
    };
    assert!(public
        .verify_token::<NoCustomClaims>(token, Some(elsewhere))
        .is_err());

    // The body, decrypted with the browser's private key.
    let message = browser.decrypt(&taken.body);
    assert_eq!(message["table"], days_id.as_str(), "{message}");
    assert_eq!(message["opponent"], people[1 - waiting].name.as_str());
    assert_eq!(message["url"], format!("index.html?table={days_id}"));
    assert!(
        other.secret != browser.secret && live_id != days_id,
        "two browsers, two tables"
    );
    // Another browser's key does not open it.
    assert!(web_push_native::decrypt(
        taken.body.clone(),
        &other.secret,
        &Auth::clone_from_slice(&other.auth)
    )
    .is_err());

    // The push service said 410 for the other subscription: it is removed,
    // the live one kept.
    let mut left = endpoints(&s, people[waiting]).await;
    for _ in 0..100 {
        if left.len() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        left = endpoints(&s, people[waiting]).await;
    }
    assert_eq!(left, vec![browser.endpoint.clone()]);

    // No push came from the game-clock table, before or since.
    if let Ok(r) = pushes.try_recv() {
        panic!("a push nobody was owed, to {}", r.path);
    }

    // Unsubscribed, the next correspondence turn for that person sends
    // nothing; the next one for the other (subscribed) does.
    let off = people[waiting]
        .call(
            &s,
            "POST",
            "/api/push/unsubscribe",
            Some(&json!({"endpoint": browser.endpoint}).to_string()),
        )
        .await;
    assert_eq!(
        (off.status, off.body["removed"].clone()),
        (200, json!(true))
    );
    assert!(endpoints(&s, people[waiting]).await.is_empty());
    move_once(&mut days, 1).await;
    let next = next_push(&mut pushes).await;
    assert_eq!(next.path, format!("/p/{}", people[1 - waiting].name));
    let message = other.decrypt(&next.body);
    assert_eq!(message["table"], days_id.as_str());
    assert_eq!(message["opponent"], people[waiting].name.as_str());
}
