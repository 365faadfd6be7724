//! A server whose Redis channels break mid-game misses the state frames
//! published meanwhile; back on them, it asks the table's holder for the
//! state again, so its page hears the move it missed and the game goes on.

use super::client::{create_table, Client, Server};
use super::redis::RedisServer;
use super::{contribute_all, play_out, play_rounds, verify};
use std::io::{Read as _, Write as _};

/// Closes every pub/sub connection Redis has (each server's channels), as a
/// network break would: `CLIENT KILL TYPE pubsub`.
fn break_channels(redis: &RedisServer) {
    let url = redis.url();
    let address = url.trim_start_matches("redis://").trim_end_matches('/');
    let mut stream = std::net::TcpStream::connect(address).expect("Redis answers");
    stream
        .write_all(b"*4\r\n$6\r\nCLIENT\r\n$4\r\nKILL\r\n$4\r\nTYPE\r\n$6\r\npubsub\r\n")
        .unwrap();
    let mut answer = [0u8; 64];
    let n = stream.read(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]).to_string();
    // ":N" — how many connections were closed: both servers' at least.
    let closed: u32 = answer
        .trim()
        .trim_start_matches(':')
        .parse()
        .expect(&answer);
    assert!(closed >= 2, "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_back_on_its_channels_hears_the_move_it_missed() {
    let redis = RedisServer::start("resync");
    let key = std::env::temp_dir().join(format!("virada-resync-{}.key", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let flags = ["--redis", &redis.url(), "--key-file", key.to_str().unwrap()];
    let holder = Server::start("resync-0", &flags);
    let other = Server::start("resync-1", &flags);
    // a on the server running the table; b's socket relayed from the other.
    let id = create_table(&holder, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&holder, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&other, &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    play_rounds(&mut a, &mut b, 2).await;
    let mut s = b.latest_state().await;
    if s["table"]["seatToMove"] == 1 {
        let ply = s["ply"].as_u64().unwrap();
        let mv = super::client::first_legal(&s["table"]);
        b.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
            .await;
        s = b.wait_state(|s| s["ply"].as_u64() != Some(ply)).await;
    }
    assert_eq!(s["table"]["seatToMove"], 0, "a to move");
    a.latest_state().await;

    // The channels break; a's move is published while the other server is
    // off them, and nothing else happens at the table until b moves.
    break_channels(&redis);
    let ply = s["ply"].as_u64().unwrap();
    let mv = super::client::first_legal(&s["table"]);
    a.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
        .await;
    a.wait_state(|s| s["ply"].as_u64() == Some(ply + 1)).await;
    let heard = b.wait_state(|s| s["ply"].as_u64() == Some(ply + 1)).await;
    assert!(heard["moves"].as_str().unwrap().ends_with(&mv), "{heard}");

    // The game goes on through both servers and ends with every move kept.
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(verify(record).all_passed(), "{record}");
    drop((holder, other));
    let _ = std::fs::remove_file(&key);
}
