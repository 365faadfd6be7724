//! Redis killed (SIGKILL) and started again from its append-only file while
//! two servers over it run many tables, accounts and a seek: each server
//! says so (`/readyz` still 200, with a line naming Redis, and
//! `virada_redis_up` 0), a move sent meanwhile is refused with `storage`
//! and never kept, and once Redis
//! is back every game goes on from where it was, every session still
//! signs its person in, and the seek is still there to take.

use super::client::{self, create_table, get_text, request, Client, Listening, Server};
use super::people::{call, Person, ORIGIN};
use super::redis::RedisServer;
use super::{contribute_all, play_out, verify};
use std::time::{Duration, Instant};

/// Tables played at once.
const TABLES: usize = 8;

/// Asks `/readyz` until its answer's body is what `want` looks for (30 s
/// at most); the last answer.
async fn readyz_until(server: &impl Listening, want: impl Fn(&str) -> bool) -> (u16, String) {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = request(server, "GET", "/readyz", None, "").await;
        if want(&answer.1) || Instant::now() > until {
            return answer;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Plays one move at a table (the seat to move): the ply it was played at,
/// and the move.
async fn one_move(pair: &mut [Client; 2]) -> (usize, u64, String) {
    let state = pair[0].latest_state().await;
    let mover = state["table"]["seatToMove"].as_u64().unwrap() as usize;
    let ply = state["ply"].as_u64().unwrap();
    (mover, ply, client::first_legal(&state["table"]))
}

async fn play(pair: &mut [Client; 2]) {
    let (mover, ply, mv) = one_move(pair).await;
    let c = &mut pair[mover];
    c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
        .await;
    c.wait_state(|s| s["ply"].as_u64() != Some(ply)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_tables_accounts_and_a_seek_lose_nothing_when_redis_restarts() {
    let mut redis = RedisServer::start("outage");
    let key = std::env::temp_dir().join(format!("virada-outage-{}.key", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let flags = [
        "--redis",
        &redis.url(),
        "--key-file",
        key.to_str().unwrap(),
        "--origin",
        ORIGIN,
    ];
    let servers = [
        Server::start("outage-1", &flags),
        Server::start("outage-2", &flags),
    ];
    let mut people = [Person::new("ada"), Person::new("bea"), Person::new("cid")];
    for (i, p) in people.iter_mut().enumerate() {
        assert_eq!(p.sign_up(&servers[i % 2]).await.status, 201);
    }
    let seek = people[0]
        .call(
            &servers[0],
            "POST",
            "/api/seeks",
            Some(r#"{"game":"othello","clock":30,"rated":true}"#),
        )
        .await;
    assert_eq!(seek.status, 201, "{}", seek.text);
    let seek = seek.body["id"].as_str().unwrap().to_string();

    // Tables on both servers, each with two players and three moves.
    let mut tables = Vec::new();
    for i in 0..TABLES {
        let s = &servers[i % 2];
        let id = create_table(s, r#"{"game":"othello","clock":0}"#).await;
        let mut a = Client::connect(s, &id).await;
        a.hello(None).await;
        let mut b = Client::connect(s, &id).await;
        b.hello(None).await;
        contribute_all(&mut [&mut a, &mut b]).await;
        let mut pair = [a, b];
        for _ in 0..3 {
            play(&mut pair).await;
        }
        tables.push((id, pair));
    }
    let mut before = Vec::new();
    for (_, pair) in &mut tables {
        before.push(
            pair[0].latest_state().await["moves"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }

    // The seeker's page asks after its seek, as it does every few seconds
    // (a seek nobody asks after lapses in 30 s).
    let asked = people[0]
        .call(&servers[0], "GET", &format!("/api/seeks/{seek}"), None)
        .await;
    assert_eq!(asked.body["status"], "open", "{}", asked.text);

    // Redis goes away: both servers say so (and stay ready: their pages
    // are served), and a move is refused.
    redis.kill();
    for s in &servers {
        let (status, body) = readyz_until(s, |b| b.contains("\nredis: ")).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.starts_with("ready\nredis: "), "{body}");
        let metrics = get_text(s, "/metrics").await;
        assert!(metrics.contains("\nvirada_redis_up 0\n"), "{metrics}");
    }
    let mut refused = Vec::new();
    for (_, pair) in &mut tables {
        let (mover, ply, mv) = one_move(pair).await;
        let c = &mut pair[mover];
        c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
            .await;
        assert_eq!(c.error().await, "storage");
        refused.push((mover, ply, mv));
    }
    for ((_, pair), (_, ply, _)) in tables.iter_mut().zip(&refused) {
        for c in pair.iter_mut() {
            assert_eq!(c.latest_state().await["ply"].as_u64(), Some(*ply));
        }
    }

    // Back from its append-only file: ready again, every game where it was.
    redis.start_again();
    for s in &servers {
        let (status, body) = readyz_until(s, |b| b == "ready\n").await;
        assert_eq!((status, body.as_str()), (200, "ready\n"));
    }
    // Each of the server's connections to Redis comes back at its next
    // use: a request meanwhile is refused with `storage`, as a page's is,
    // and asked again.
    let mut tries = 0;
    let asked = loop {
        let asked = people[0]
            .call(&servers[1], "GET", &format!("/api/seeks/{seek}"), None)
            .await;
        if asked.code() != "storage" || tries == 40 {
            break asked;
        }
        tries += 1;
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    assert_eq!(asked.body["status"], "open", "{}", asked.text);
    for ((_, pair), (mover, ply, mv)) in tables.iter_mut().zip(&refused) {
        let c = &mut pair[*mover];
        let mut tries = 0;
        loop {
            c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
                .await;
            if !c.saw_error("storage", Duration::from_secs(2)).await {
                break;
            }
            tries += 1;
            assert!(tries < 20, "the table never took the move again");
        }
        c.wait_state(|s| s["ply"].as_u64() == Some(ply + 1)).await;
        people[0]
            .call(&servers[1], "GET", &format!("/api/seeks/{seek}"), None)
            .await;
    }
    for ((_, pair), kept) in tables.iter_mut().zip(&before) {
        let state = pair[0].latest_state().await;
        assert!(state["moves"].as_str().unwrap().starts_with(kept.as_str()));
        play(pair).await;
        // The seeker's page asks after its seek, as a lobby does every 1.5 s:
        // a seek nobody asks after lapses in 10 s.
        people[0]
            .call(&servers[1], "GET", &format!("/api/seeks/{seek}"), None)
            .await;
    }
    // The accounts: every session still signs its person in, a passkey
    // signs in anew, and the seek is there to take.
    for (i, p) in people.iter().enumerate() {
        assert_eq!(p.me(&servers[(i + 1) % 2]).await["name"], p.name.as_str());
    }
    people[2].cookie = None;
    assert_eq!(people[2].sign_in(&servers[0]).await.status, 200);
    let listed = call(&servers[1], "GET", "/api/seeks", None, None, None).await;
    assert_eq!(
        listed.body["seeks"][0]["id"],
        seek.as_str(),
        "{}",
        listed.text
    );
    let taken = people[1]
        .call(
            &servers[1],
            "POST",
            &format!("/api/seeks/{seek}/accept"),
            Some("{}"),
        )
        .await;
    assert_eq!(taken.status, 201, "{}", taken.text);
    // One game to its end: its signed record holds every move.
    let (_, pair) = &mut tables[0];
    let end = play_out(pair, &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(verify(record).all_passed(), "{record}");
    assert!(
        record.contains(&format!("moves: {}", before[0])),
        "{record}"
    );
    let _ = std::fs::remove_file(&key);
}
