//! Web Push over a real server process and a push service of the test's
//! own: a small axum server on a free loopback port stands for the
//! browser's push service (`virada serve --push-loopback` takes its http
//! endpoint). Two accounts at a `2d` table; the one waiting subscribes
//! with a P-256 key pair and an auth secret made here; the other moves;
//! the push that arrives carries a VAPID token signed by the server's key
//! for the endpoint's origin, a TTL of the window, and an aes128gcm body
//! that this test decrypts with its own private key. A push service that
//! answers 410 has its subscription removed; a game-clock table pushes
//! nothing; bad subscriptions get their codes.

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
struct Received {
    path: String,
    headers: HeaderMap,
    body: Vec<u8>,
}

/// The push service: `POST /p/NAME` takes a push (201), `POST /gone/NAME`
/// answers 410 as a service does for a subscription it no longer has;
/// every push received goes to the channel.
async fn push_service() -> (u16, mpsc::UnboundedReceiver<Received>) {
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
struct Browser {
    secret: SecretKey,
    auth: [u8; 16],
    endpoint: String,
}

impl Browser {
    fn new(endpoint: String) -> Browser {
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
    fn json(&self) -> String {
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

    fn decrypt(&self, body: &[u8]) -> Value {
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
async fn table(s: &Server, eva: &Person, fil: &Person, clock: &str) -> (Vec<Client>, String) {
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
async fn to_move(c: &mut Client, ply: u64) -> usize {
    let s = c
        .wait_state(|s| s["status"] == "playing" && s["ply"].as_u64() == Some(ply))
        .await;
    s["table"]["seatToMove"].as_u64().unwrap() as usize
}

/// The seat to move at `ply` plays its first legal move.
async fn move_once(clients: &mut [Client], ply: u64) {
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
async fn next_push(rx: &mut mpsc::UnboundedReceiver<Received>) -> Received {
    tokio::time::timeout(Duration::from_secs(60), rx.recv())
        .await
        .expect("a push within a minute")
        .expect("the push service runs")
}

async fn endpoints(s: &Server, who: &Person) -> Vec<String> {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_subscriptions_get_their_codes() {
    let s = Server::start("push-bad", &["--origin", ORIGIN]);
    let mut ana = Person::new("ana");
    assert_eq!(ana.sign_up(&s).await.status, 201);
    let good = Browser::new("https://push.example.com/send/abc".into());
    let body: Value = serde_json::from_str(&good.json()).unwrap();
    let with = |field: &str, value: Value| {
        let mut b = body.clone();
        match field.split_once('.') {
            Some((outer, inner)) => b[outer][inner] = value,
            None => b[field] = value,
        }
        b.to_string()
    };
    let cases = [
        (
            with("endpoint", json!("http://push.example.com/x")),
            "bad-endpoint",
        ),
        (
            with("endpoint", json!("https://10.1.2.3/x")),
            "bad-endpoint",
        ),
        // Loopback only for a server started for tests (--push-loopback).
        (
            with("endpoint", json!("http://127.0.0.1:9/p")),
            "bad-endpoint",
        ),
        (with("endpoint", json!(7)), "bad-endpoint"),
        (with("keys.p256dh", json!("AAAA")), "bad-push-keys"),
        (with("keys.auth", json!("c2hvcnQ")), "bad-push-keys"),
        (with("keys.auth", json!(null)), "bad-push-keys"),
        (with("extra", json!(1)), "bad-body"),
        ("[]".to_string(), "bad-body"),
        ("{".to_string(), "bad-json"),
    ];
    for (text, code) in &cases {
        let a = ana
            .call(&s, "POST", "/api/push/subscribe", Some(text))
            .await;
        assert_eq!((a.status, a.code()), (400, *code), "{text}: {}", a.text);
    }
    assert!(endpoints(&s, &ana).await.is_empty(), "nothing kept");
    // Signed out, or from another site: refused.
    let out = super::people::call(
        &s,
        "POST",
        "/api/push/subscribe",
        Some(ORIGIN),
        None,
        Some(&good.json()),
    )
    .await;
    assert_eq!((out.status, out.code()), (401, "signed-out"));
    let cross = super::people::call(
        &s,
        "POST",
        "/api/push/subscribe",
        Some("https://evil.example"),
        ana.cookie.as_deref(),
        Some(&good.json()),
    )
    .await;
    assert_eq!((cross.status, cross.code()), (403, "bad-origin"));
    // A good one is kept; at most five a account, the oldest going first.
    for n in 0..7 {
        let b = Browser::new(format!("https://push.example.com/send/{n}"));
        let a = ana
            .call(&s, "POST", "/api/push/subscribe", Some(&b.json()))
            .await;
        assert_eq!(a.status, 200, "{}", a.text);
    }
    let kept = endpoints(&s, &ana).await;
    assert_eq!(
        kept,
        (2..7)
            .map(|n| format!("https://push.example.com/send/{n}"))
            .collect::<Vec<_>>()
    );
    // Deleting the account removes its subscriptions from the store.
    let stored = || {
        let db = rusqlite::Connection::open(s.data().join("accounts.db")).unwrap();
        db.query_row(
            "SELECT count(*) FROM kv WHERE key LIKE 'push:%'",
            [],
            |row| row.get::<_, i64>(0),
        )
        .unwrap()
    };
    assert_eq!(stored(), 1);
    let gone = ana
        .call(
            &s,
            "POST",
            "/api/accounts/delete",
            Some(r#"{"name":"ana"}"#),
        )
        .await;
    assert_eq!(gone.status, 200, "{}", gone.text);
    assert_eq!(stored(), 0);
}

/// The push key stays the same across a restart (browsers' subscriptions
/// are bound to it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_push_key_survives_a_restart() {
    let mut s = Server::start("push-key", &[]);
    let before = super::client::get_json(&s, "/api/push/key").await["key"].clone();
    assert!(before.is_string(), "{before}");
    s.kill_and_restart();
    let after = super::client::get_json(&s, "/api/push/key").await["key"].clone();
    assert_eq!(before, after);
    assert!(s.data().join("push.key").exists());
}

/// Two servers over one Redis with one key file: the push key is the same
/// on both (`FILE.push`), a subscription given to one is pushed to by the
/// other when the move is played there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_over_one_redis_push_with_one_key() {
    let (port, mut pushes) = push_service().await;
    let redis = super::redis::RedisServer::start("push-redis");
    let key = std::env::temp_dir().join(format!("virada-push-{}.key", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let shared = key.with_file_name(format!("virada-push-{}.key.push", std::process::id()));
    let _ = std::fs::remove_file(&shared);
    let flags = [
        "--redis",
        &redis.url(),
        "--key-file",
        key.to_str().unwrap(),
        "--origin",
        ORIGIN,
        "--push-loopback",
    ];
    let one = Server::start("push-redis-1", &flags);
    let two = Server::start("push-redis-2", &flags);
    let public = super::client::get_json(&one, "/api/push/key").await["key"].clone();
    assert_eq!(
        public,
        super::client::get_json(&two, "/api/push/key").await["key"]
    );
    assert!(shared.exists(), "{}", shared.display());

    let mut eva = Person::new("eva");
    let mut fil = Person::new("fil");
    assert_eq!(eva.sign_up(&one).await.status, 201);
    assert_eq!(fil.sign_up(&one).await.status, 201);
    let people = [&eva, &fil];
    let (mut days, id) = table(&two, &eva, &fil, "3d").await;
    let waiting = 1 - to_move(&mut days[0], 0).await;
    // Subscribed through the first server; the move is played on the second.
    let browser = Browser::new(format!(
        "http://127.0.0.1:{port}/p/{}",
        people[waiting].name
    ));
    let sub = people[waiting]
        .call(&one, "POST", "/api/push/subscribe", Some(&browser.json()))
        .await;
    assert_eq!(sub.status, 200, "{}", sub.text);
    move_once(&mut days, 0).await;
    let got = next_push(&mut pushes).await;
    let message = browser.decrypt(&got.body);
    assert_eq!(message["table"], id.as_str());
    assert_eq!(got.headers["ttl"], (3 * 24 * 60 * 60).to_string().as_str());
    let auth = got.headers["authorization"].to_str().unwrap();
    assert!(
        auth.ends_with(&format!(", k={}", public.as_str().unwrap())),
        "{auth}"
    );
    let _ = std::fs::remove_file(&key);
    let _ = std::fs::remove_file(&shared);
}
