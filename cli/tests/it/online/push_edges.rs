//! Web Push's edges over real server processes: bad subscriptions get
//! their codes and nothing is kept, at most five a account, none left once
//! the account is deleted; the push key across a restart; two servers over
//! one Redis pushing with one key (push.rs has the push service and the
//! browser these use).

use serde_json::{json, Value};

use super::client::Server;
use super::people::{Person, ORIGIN};
use super::push::{endpoints, move_once, next_push, push_service, table, to_move, Browser};

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
