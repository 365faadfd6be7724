//! The race: two servers receive a move for the same ply at the same
//! instant, a thousand times over. Three servers over one Redis; each table
//! runs on the third, and each person's token has a socket on each of the
//! two others, which both send the same move at once: exactly one is taken
//! (the game moves one ply) and the other gets `stale-ply`.

use super::client::{self, create_table, Client, Server};
use super::redis::RedisServer;
use super::{contribute_all, verify};
use std::time::Duration;

/// Tables raced in parallel (a game is about sixty plies).
const TABLES: usize = 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_servers_sending_one_ply_exactly_one_is_taken_a_thousand_times() {
    let redis = RedisServer::start("race");
    let key = std::env::temp_dir().join(format!("virada-race-{}.key", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let flags = ["--redis", &redis.url(), "--key-file", key.to_str().unwrap()];
    let servers = [
        Server::start("race-0", &flags),
        Server::start("race-1", &flags),
        Server::start("race-2", &flags),
    ];
    let mut games = Vec::new();
    for _ in 0..TABLES {
        let ports = (servers[0].port, servers[1].port, servers[2].port);
        games.push(tokio::spawn(race_one_table(ports)));
    }
    let mut races = 0;
    for game in games {
        races += game.await.unwrap();
    }
    eprintln!("{races} races over {TABLES} tables, each taken once");
    assert!(races >= 1000, "{races} races");
    drop(servers);
    let _ = std::fs::remove_file(&key);
}

/// A port as something to connect to.
struct Port(u16);

impl client::Listening for Port {
    fn port(&self) -> u16 {
        self.0
    }
}

/// One table on the third server, raced to its end from the two others;
/// the number of races.
async fn race_one_table((first, second, holder): (u16, u16, u16)) -> usize {
    let id = create_table(&Port(holder), r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&Port(first), &id).await;
    let ta = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(&Port(first), &id).await;
    let tb = b.hello(None).await["token"].as_str().unwrap().to_string();
    let mut a2 = Client::connect(&Port(second), &id).await;
    a2.hello(Some(&ta)).await;
    let mut b2 = Client::connect(&Port(second), &id).await;
    b2.hello(Some(&tb)).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    let mut pairs = [[a, a2], [b, b2]];
    let mut races = 0;
    loop {
        let state = pairs[0][0].latest_state().await;
        if state["status"] == "over" {
            let record = state["record"].as_str().unwrap();
            assert!(verify(record).all_passed(), "{record}");
            // Each race kept one move; forced passes (`PA`) may follow one.
            let moves: Vec<&str> = record
                .lines()
                .find_map(|l| l.strip_prefix("moves: "))
                .unwrap()
                .split(' ')
                .collect();
            let chosen = moves.iter().filter(|m| !m.ends_with("PA")).count();
            assert!(
                chosen <= races && races <= moves.len(),
                "{races} races: {moves:?}"
            );
            return races;
        }
        let ply = state["ply"].as_u64().unwrap();
        let mover = state["table"]["seatToMove"].as_u64().unwrap() as usize;
        let mv = client::first_legal(&state["table"]);
        let message = serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv});
        let [x, y] = &mut pairs[mover];
        // The same move for the same ply, from both servers at once.
        tokio::join!(x.send(message.clone()), y.send(message));
        let stale = settle(x, y, ply).await;
        assert_eq!(stale, 1, "one of the two sends is stale (ply {ply})");
        races += 1;
    }
}

/// Reads both sockets until each has a state after `ply` and one error
/// came; the `stale-ply` errors counted.
async fn settle(x: &mut Client, y: &mut Client, ply: u64) -> usize {
    let mut stale = 0;
    let mut seen = [false, false];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while !(seen[0] && seen[1] && stale >= 1) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no answer at ply {ply}"
        );
        for (i, c) in [&mut *x, &mut *y].into_iter().enumerate() {
            while let Some(v) = c.next(Duration::from_millis(5)).await {
                match v["type"].as_str() {
                    Some("error") => {
                        assert_eq!(v["code"], "stale-ply", "{v}");
                        stale += 1;
                    }
                    Some("state") => match v["ply"].as_u64() {
                        // Older states wait in a socket that did not move.
                        Some(now) if now > ply => seen[i] = true,
                        _ => {}
                    },
                    _ => {}
                }
            }
        }
    }
    stale
}
