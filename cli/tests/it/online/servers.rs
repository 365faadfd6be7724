//! Every server serves every table: three servers over one Redis behind
//! haproxy, the two people's sockets on two different servers (neither of
//! them the one running the table), the server holding the table's lease
//! killed mid-game; another takes the clock, the pages hear the table again
//! without reconnecting, a person's clock runs out once and the record
//! keeps exactly one time-out move.

use super::client::{create_table, get_json, Client, Server};
use super::front::Haproxy;
use super::lobby::{entry, Events};
use super::redis::RedisServer;
use super::{contribute_all, play_out, play_rounds, verify};
use std::time::{Duration, Instant};

/// Seconds a turn: long enough for the takeover's pause not to run a
/// clock out, short enough to wait for one.
const CLOCK: u64 = 8;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_server_takes_the_clock_when_the_holder_is_killed() {
    // The bar's figure is the lease's arithmetic: it lapses TTL after the
    // holder's last renewal, and a server with sockets of the table looks
    // every WATCH_EVERY; the server checks it at compile time too.
    assert!(virada_server::serve::TAKEOVER_BOUND <= Duration::from_secs(3));
    let redis = RedisServer::start("servers");
    let key = std::env::temp_dir().join(format!("virada-servers-{}.key", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let flags = ["--redis", &redis.url(), "--key-file", key.to_str().unwrap()];
    let mut holder = Some(Server::start("servers-0", &flags));
    let one = Server::start("servers-1", &flags);
    let two = Server::start("servers-2", &flags);
    let ports = [holder.as_ref().unwrap().port, one.port, two.port];
    let front = Haproxy::start("servers", &ports);
    front.wait_until_up(&[0, 1, 2]);
    let key_hex = get_json(&front, "/api/key").await["key"].clone();

    // Opened on the first server (which holds its lease); each person's
    // socket on another server: every command relayed, every state heard
    // through Redis.
    let settings = format!(r#"{{"game":"othello","clock":{CLOCK}}}"#);
    let id = create_table(holder.as_ref().unwrap(), &settings).await;
    let mut a = Client::connect(&one, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&two, &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    let before = play_rounds(&mut a, &mut b, 4).await;
    assert!(!before.is_empty());
    b.latest_state().await;
    a.latest_state().await;

    // SIGKILL the holder: a and b keep their sockets; the next state they
    // hear is the new holder's, once it took the lease and ran the table.
    let killed = Instant::now();
    drop(holder.take());
    let state = loop {
        let frame = a.next(Duration::from_secs(30)).await.expect("a state");
        if frame["type"] == "state" {
            break frame;
        }
    };
    let taken_in = killed.elapsed();
    eprintln!("the table's new holder was heard {taken_in:?} after the holder was killed");
    assert!(state["moves"].as_str().unwrap().starts_with(&before));
    assert_eq!(state["status"], "playing");

    // The game goes on through the new holder…
    let after = play_rounds(&mut a, &mut b, 2).await;
    assert!(after.starts_with(&before) && after.len() > before.len());
    // … then the person to move lets their clock run out: one time-out.
    let s = a.latest_state().await;
    let ply = s["ply"].as_u64().unwrap();
    let timed_out = a
        .wait_state(|s| s["ply"].as_u64().is_some_and(|p| p > ply))
        .await;
    let moves = timed_out["moves"].as_str().unwrap();
    assert!(
        moves.split(' ').nth(ply as usize).unwrap().starts_with('*'),
        "{moves}"
    );
    let record = ends_with_one_time_out(a, b, &after).await;
    assert!(record.contains(key_hex.as_str().unwrap()));
    drop((one, two));
    let _ = std::fs::remove_file(&key);
}

/// Exactly once with a half-alive holder: the server running the table is
/// stopped (SIGSTOP) just after a move, so its clock is due while it
/// sleeps; another server takes the lease and plays the time-out; the old
/// holder, woken (SIGCONT) past its deadline, plays its own time-out for
/// the same ply, which the store refuses (the lease is another's, the ply
/// taken): the record keeps one time-out. Nor does a page hear the woken
/// holder's state from before the time-out (it answered the hellos its
/// pub/sub queued while it slept).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_holder_stopped_and_woken_plays_no_second_time_out() {
    let redis = RedisServer::start("stopped");
    let key = std::env::temp_dir().join(format!("virada-stopped-{}.key", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let flags = ["--redis", &redis.url(), "--key-file", key.to_str().unwrap()];
    let holder = Server::start("stopped-0", &flags);
    let one = Server::start("stopped-1", &flags);
    let two = Server::start("stopped-2", &flags);
    let id = create_table(&holder, r#"{"game":"othello","clock":5}"#).await;
    let mut a = Client::connect(&one, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&two, &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    play_rounds(&mut a, &mut b, 2).await;
    let signal = |name: &str| {
        let status = std::process::Command::new("kill")
            .arg(format!("-{name}"))
            .arg(holder.pid().to_string())
            .status()
            .unwrap();
        assert!(status.success());
    };
    signal("STOP");
    let s = a.latest_state().await;
    let ply = s["ply"].as_u64().unwrap();
    // The time-out, played by the server that took the lease.
    let timed_out = a
        .wait_state(|s| s["ply"].as_u64().is_some_and(|p| p > ply))
        .await;
    let moves = timed_out["moves"].as_str().unwrap().to_string();
    assert!(
        moves.split(' ').nth(ply as usize).unwrap().starts_with('*'),
        "{moves}"
    );
    // Both pages have heard the time-out; the old holder wakes past its
    // deadline, and for a second no page hears a state from before it.
    b.wait_state(|s| s["ply"].as_u64().is_some_and(|p| p > ply))
        .await;
    signal("CONT");
    let quiet = Duration::from_millis(1000);
    let (a_heard, b_heard) = tokio::join!(a.frames_for(quiet), b.frames_for(quiet));
    for frame in a_heard.iter().chain(&b_heard) {
        if frame["type"] == "state" {
            assert!(frame["ply"].as_u64() > Some(ply), "{frame}");
        }
    }
    ends_with_one_time_out(a, b, &moves).await;
    drop((holder, one, two));
    let _ = std::fs::remove_file(&key);
}

/// The lobby from any server: a table opened on one server is listed by
/// another's lobby (from Redis), waiting, then playing, then gone at the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_servers_lobby_lists_the_table() {
    let redis = RedisServer::start("lobby-servers");
    let flags = ["--redis", &redis.url()];
    let runs = Server::start("lobby-servers-0", &flags);
    let other = Server::start("lobby-servers-1", &flags);
    let mut events = Events::open(&other).await;
    let id = create_table(&runs, r#"{"game":"othello","clock":0}"#).await;
    // Listed once its host sits.
    let mut a = Client::connect(&runs, &id).await;
    a.hello(None).await;
    events.until(|l| entry(l, "waiting", &id).is_some()).await;
    let mut b = Client::connect(&other, &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    events.until(|l| entry(l, "playing", &id).is_some()).await;
    play_out(&mut [a, b], &[0, 1]).await;
    events
        .until(|l| entry(l, "playing", &id).is_none() && entry(l, "waiting", &id).is_none())
        .await;
}

/// Plays the game out from where it is: the record verifies, its moves
/// start with `before`, and exactly one of them is a time-out. Answers it.
async fn ends_with_one_time_out(a: Client, mut b: Client, before: &str) -> String {
    b.latest_state().await;
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap().to_string();
    assert!(verify(&record).all_passed(), "{record}");
    let played = record
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .unwrap();
    assert!(played.starts_with(before), "{before} / {played}");
    assert_eq!(
        played.split(' ').filter(|m| m.starts_with('*')).count(),
        1,
        "{played}"
    );
    record
}
