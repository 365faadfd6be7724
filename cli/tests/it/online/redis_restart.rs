//! Redis itself killed (SIGKILL) and started again mid-game, with
//! append-only persistence on: while it is down a move is refused
//! (`storage`) and nobody hears of it; once it is back the server reconnects
//! and the table goes on with every move kept.

use super::client::{self, create_table, Client, Server};
use super::redis::RedisServer;
use super::{contribute_all, play_out, verify};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_when_redis_is_restarted_mid_game() {
    let mut redis = RedisServer::start("restart");
    let server = Server::start("redis-restart", &["--redis", &redis.url()]);
    let id = create_table(&server, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    let mut clients = [a, b];
    // Four moves, then Redis is killed and started again over its folder.
    for _ in 0..4 {
        let (mover, ply, mv) = next_move(&mut clients).await;
        let c = &mut clients[mover];
        c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
            .await;
        c.wait_state(|s| s["ply"].as_u64() != Some(ply)).await;
    }
    let before = clients[0].latest_state().await["moves"]
        .as_str()
        .unwrap()
        .to_string();
    // Redis down: a move cannot be kept, so it is refused and nobody hears
    // of it.
    redis.kill();
    let (mover, ply, mv) = next_move(&mut clients).await;
    let c = &mut clients[mover];
    c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
        .await;
    assert_eq!(c.error().await, "storage");
    assert_eq!(c.latest_state().await["ply"].as_u64(), Some(ply));
    // Redis back over its folder: the same move is sent again until the
    // server's connection has come back, and is kept.
    redis.start_again();
    let mut refused = 0;
    loop {
        c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
            .await;
        if !c.saw_error("storage", Duration::from_secs(2)).await {
            break;
        }
        refused += 1;
        assert!(refused < 20, "Redis never came back for the server");
    }
    let after = c.wait_state(|s| s["ply"].as_u64() == Some(ply + 1)).await;
    assert!(after["moves"].as_str().unwrap().starts_with(&before));
    let end = play_out(&mut clients, &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(verify(record).all_passed(), "{record}");
    assert!(record
        .lines()
        .any(|l| l.starts_with("moves: ") && l["moves: ".len()..].starts_with(&before)));
}

/// Whose turn it is (the client's index), the ply and a legal move.
async fn next_move(clients: &mut [Client; 2]) -> (usize, u64, String) {
    let state = clients[0].latest_state().await;
    let table = &state["table"];
    let mover = table["seatToMove"].as_u64().unwrap() as usize;
    (
        mover,
        state["ply"].as_u64().unwrap(),
        client::first_legal(table),
    )
}
