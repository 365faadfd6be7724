//! The table follows its people: servers over one Redis, reached directly,
//! the test's sockets saying what the proxy would (`X-Virada-Routed`). A
//! table whose people all moved to another server (as after a change in
//! the proxy's list of servers) is handed on there and stops costing
//! pub/sub; spectators on every server are counted in every lobby; and a
//! new holder counts the people relayed from another server even when the
//! channels break as it takes over.

use super::client::{create_table, get_json, Client, Server};
use super::lobby::{entry, Events};
use super::redis::RedisServer;
use super::trial::published;
use super::{contribute_all, play_out, play_rounds, verify};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Servers over one fresh Redis sharing one key: their flags, and what to
/// remove at the end.
fn shared(redis: &RedisServer, name: &str) -> (Vec<String>, std::path::PathBuf) {
    let key = std::env::temp_dir().join(format!("virada-{name}-{}.key", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let flags = vec![
        "--redis".to_string(),
        redis.url(),
        "--key-file".to_string(),
        key.display().to_string(),
    ];
    (flags, key)
}

fn start(name: &str, flags: &[String], more: &[&str]) -> Server {
    let mut all: Vec<&str> = flags.iter().map(String::as_str).collect();
    all.extend(more);
    Server::start(name, &all)
}

/// Waits until `done` holds of server `s`'s `GET /api/relay`.
async fn relay_until(s: &Server, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let relay = get_json(s, "/api/relay").await;
        if done(&relay) {
            return relay;
        }
        assert!(Instant::now() < until, "{relay}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_is_handed_to_the_server_its_people_moved_to() {
    let redis = RedisServer::start("handover");
    let (flags, key) = shared(&redis, "handover");
    let first = start("handover-0", &flags, &[]);
    let second = start("handover-1", &flags, &[]);
    // Opened on the first server, its host there: it runs there.
    let id = create_table(&first, r#"{"game":"othello","clock":0}"#).await;
    let mut host = Client::connect(&first, &id).await;
    let token = host.hello(None).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    // The guest comes through the proxy to the second server: relayed.
    let mut guest = Client::connect_routed(&second, &id).await;
    guest.hello(None).await;
    contribute_all(&mut [&mut host, &mut guest]).await;
    play_rounds(&mut host, &mut guest, 2).await;
    relay_until(&first, |r| r["tables"]["running"] == 1).await;
    relay_until(&second, |r| r["tables"]["relaying"] == 1).await;

    // The host's page reconnects, and the proxy sends it to the second
    // server too: nobody is left on the first, and the table follows.
    let kept = host.latest_state().await["moves"]
        .as_str()
        .unwrap()
        .to_string();
    host.close().await;
    let mut host = Client::connect_routed(&second, &id).await;
    assert_eq!(host.hello(Some(&token)).await["seat"], 0);
    let moved = Instant::now();
    let there = relay_until(&second, |r| r["tables"]["running"] == 1).await;
    eprintln!(
        "handed on {:?} after its people were all on the second server",
        moved.elapsed()
    );
    assert_eq!(there["handedHere"], 1, "{there}");
    relay_until(&first, |r| r["tables"]["running"] == 0).await;
    assert_eq!(
        redis_holder(&redis, &id),
        there["server"].as_str().unwrap(),
        "the lease went with the table"
    );

    // From then on nothing goes over pub/sub, and nothing is lost.
    let both = |a: Value, b: Value| published(&[a, b]);
    let before = both(
        get_json(&first, "/api/relay").await,
        get_json(&second, "/api/relay").await,
    );
    let state = guest.latest_state().await;
    assert!(state["moves"].as_str().unwrap().starts_with(&kept));
    assert_eq!(state["seats"][0]["connected"], true, "{state}");
    assert_eq!(state["seats"][1]["connected"], true, "{state}");
    let end = play_out(&mut [host, guest], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(verify(record).all_passed(), "{record}");
    assert!(record.contains(&format!("moves: {kept}")), "{record}");
    let after = both(
        get_json(&first, "/api/relay").await,
        get_json(&second, "/api/relay").await,
    );
    assert_eq!(after, before, "published after the hand-over");
    drop((first, second));
    let _ = std::fs::remove_file(&key);
}

/// Table `id`'s holder's token, by its lease.
fn redis_holder(redis: &RedisServer, id: &str) -> String {
    super::trial::redis(&redis.url(), &["GET", &format!("virada:lease:{id}")])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_servers_spectators_are_counted_in_every_servers_lobby() {
    let redis = RedisServer::start("spectators");
    let (flags, key) = shared(&redis, "spectators");
    let servers = [
        start("spectators-0", &flags, &[]),
        start("spectators-1", &flags, &[]),
        start("spectators-2", &flags, &[]),
    ];
    let mut events = Events::open(&servers[2]).await;
    let id = create_table(&servers[0], r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&servers[0], &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&servers[0], &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    // One spectator on each server.
    let mut watchers = Vec::new();
    for s in &servers {
        let mut w = Client::connect(s, &id).await;
        assert_eq!(w.hello(None).await["seat"], Value::Null);
        watchers.push(w);
    }
    let list = events
        .until(|l| entry(l, "playing", &id).is_some_and(|e| e["spectators"] == 3))
        .await;
    assert_eq!(
        entry(&list, "playing", &id).unwrap()["seats"],
        serde_json::json!(["person", "person"])
    );
    // The second server's spectator leaves: two.
    watchers.remove(1).close().await;
    events
        .until(|l| entry(l, "playing", &id).is_some_and(|e| e["spectators"] == 2))
        .await;
    // The game's progress reaches the other server's lobby too.
    play_rounds(&mut a, &mut b, 2).await;
    let state = a.latest_state().await;
    let ply = state["ply"].as_u64().unwrap();
    let list = events
        .until(|l| entry(l, "playing", &id).is_some_and(|e| e["ply"] == ply))
        .await;
    let shown = entry(&list, "playing", &id).unwrap();
    let counts = &state["table"]["counts"];
    let dark = state["table"]["darkSeat"].as_u64().unwrap() as usize;
    let mut score = [0, 0];
    score[dark] = counts[0].as_u64().unwrap();
    score[1 - dark] = counts[1].as_u64().unwrap();
    assert_eq!(shown["score"], serde_json::json!(score), "{shown}");
    // Both people leave: the game is no longer listed anywhere.
    drop((a, b));
    events.until(|l| entry(l, "playing", &id).is_none()).await;
    drop(servers);
    let _ = std::fs::remove_file(&key);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_holder_counts_the_people_relayed_to_it_though_the_channels_break() {
    let redis = RedisServer::start("presence");
    let (flags, key) = shared(&redis, "presence");
    // A short grace: a seat counted away would go to the bot within it.
    let grace = ["--grace", "3"];
    let mut holder = Some(start("presence-0", &flags, &grace));
    let one = start("presence-1", &flags, &grace);
    let two = start("presence-2", &flags, &grace);
    let id = create_table(holder.as_ref().unwrap(), r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(holder.as_ref().unwrap(), &id).await;
    a.hello(None).await;
    // The guest has a socket on each of the two other servers: whichever
    // takes the table over, the other relays the guest to it.
    let mut b = Client::connect(&one, &id).await;
    let tb = b.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b2 = Client::connect(&two, &id).await;
    assert_eq!(b2.hello(Some(&tb)).await["seat"], 1);
    contribute_all(&mut [&mut a, &mut b]).await;
    play_rounds(&mut a, &mut b, 2).await;

    // The holder dies, and for three seconds every server's channels are
    // broken again and again: what they say to each other then is lost.
    drop(holder.take());
    let until = Instant::now() + Duration::from_millis(3000);
    while Instant::now() < until {
        let _ = redis_kill_pubsub(&redis);
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    // The host's seat (its socket died with its server) goes to the bot
    // after the grace period.
    let took = b.wait_state(|s| s["seats"][0]["tookSeat"] == true).await;
    assert_eq!(took["seats"][1]["connected"], true, "{took}");
    // The guest's socket on the new holder closes: the one relayed from
    // the other server, told to the new holder through the breaks, keeps
    // the seat.
    let one_runs = get_json(&one, "/api/relay").await["tables"]["running"] == 1;
    let mut stays = if one_runs {
        b.close().await;
        b2
    } else {
        b2.close().await;
        b
    };
    tokio::time::sleep(Duration::from_secs(5)).await;
    let state = stays.latest_state().await;
    assert_eq!(state["seats"][1]["kind"], "person", "{state}");
    assert_eq!(state["seats"][1]["tookSeat"], false, "{state}");
    assert_eq!(state["seats"][1]["connected"], true, "{state}");
    drop((stays, one, two));
    let _ = std::fs::remove_file(&key);
}

/// Closes every pub/sub connection Redis has (a network break).
fn redis_kill_pubsub(redis: &RedisServer) -> String {
    super::trial::redis(&redis.url(), &["CLIENT", "KILL", "TYPE", "pubsub"])
}
