//! The online table over real sockets: `virada serve` started as a process
//! on a free loopback port with a scratch data folder, pages played by
//! WebSocket clients (tokio-tungstenite), records checked with the crate's
//! verifier.

mod accounts;
mod accounts_refused;
mod again;
mod api;
mod backup;
mod client;
mod clocks;
mod contribute;
mod follow;
mod front;
mod handicap;
mod lobby;
mod matches;
mod nabu_clock;
mod ops;
mod passkey;
mod people;
mod pools;
mod proxied;
mod push;
mod push_edges;
mod puzzles;
mod race;
mod rated;
mod recent;
/// The server store's own `redis-server` starter, the one file both use.
#[path = "../../../../server/src/serve/store/redis_server.rs"]
pub(crate) mod redis;
mod redis_outage;
mod redis_restart;
mod redis_tls;
mod resync;
mod servers;
mod start;
mod store_away;
mod tls;
mod tournament;
mod tournament_arena;
mod tournament_edges;
mod tournament_flow;
mod tournament_page;
mod trial;

use client::{create_table, Client, Server};
use serde_json::Value;
use std::time::Duration;

/// Both seated clients contribute when the window opens; returns once the
/// game has started.
async fn contribute_all(clients: &mut [&mut Client]) -> Value {
    for c in clients.iter_mut() {
        c.wait_state(|s| s["status"] != "waiting").await;
        c.contribute_if_open().await;
    }
    clients[0].wait_state(|s| s["status"] == "playing").await
}

/// Plays the first legal move whenever it is `seat`'s turn (contributing
/// first when the window is open); returns once the game is over, with
/// every frame the client received.
async fn play_out(clients: &mut [Client], seats: &[usize]) -> Value {
    loop {
        let mut over = None;
        for (c, &seat) in clients.iter_mut().zip(seats) {
            c.contribute_if_open().await;
            let state = c.latest_state().await;
            if state["status"] == "over" {
                over = Some(state);
                continue;
            }
            if state["status"] != "playing" {
                continue;
            }
            let table = &state["table"];
            if table["seatToMove"].as_u64() == Some(seat as u64) {
                let mv = client::first_legal(table);
                let ply = state["ply"].as_u64().unwrap();
                c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
                    .await;
                c.wait_state(|s| s["ply"].as_u64() != Some(ply) || s["status"] == "over")
                    .await;
            }
        }
        if let Some(state) = over {
            return state;
        }
    }
}

fn verify(record: &str) -> virada::record::Report {
    virada::record::verify_text(record)
}

/// A record with one line changed and its plain digest recomputed.
fn tampered(record: &str, from: &str, to: &str) -> String {
    use sha2::Digest as _;
    let edited = record.replacen(from, to, 1);
    assert_ne!(edited, record, "{from} not in the record");
    let body: String = edited
        .lines()
        .take_while(|l| !l.starts_with("digest:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let digest: String = sha2::Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let signature = edited
        .lines()
        .find(|l| l.starts_with("signature:"))
        .unwrap_or("");
    format!("{body}digest: {digest}\n{signature}\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_othello_and_the_signed_record_verifies() {
    let server = Server::start("othello", &[]);
    let id = create_table(&server, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.word = "olá".into();
    let welcome_a = a.hello(None).await;
    assert_eq!(welcome_a["seat"], 0);
    let first_state = welcome_a["state"].clone();
    assert_eq!(first_state["status"], "waiting");
    let fingerprint = first_state["fingerprint"].as_str().unwrap().to_string();
    let mut b = Client::connect(&server, &id).await;
    b.word = "ciao".into();
    let welcome_b = b.hello(None).await;
    assert_eq!(welcome_b["seat"], 1);
    assert_eq!(welcome_b["state"]["fingerprint"], fingerprint.as_str());
    let mut watcher = Client::connect(&server, &id).await;
    assert_eq!(watcher.hello(None).await["seat"], Value::Null);

    let randoms = [a.random.clone(), b.random.clone()];
    let mut players = [a, b];
    let end = play_out(&mut players, &[0, 1]).await;
    let record = end["record"].as_str().expect("the record at the end");
    let report = verify(record);
    assert!(report.all_passed(), "{}", report.to_json());
    assert_eq!(report.get("signature").unwrap().code, "signature-ok");
    assert!(record.starts_with("virada-record 3\n"), "{record}");
    let contributions = format!(
        "\nword: olá\nsecond-word: ciao\nrandom: {}\nsecond-random: {}\n",
        randoms[0], randoms[1]
    );
    assert!(record.contains(&contributions), "{record}");
    assert!(record.contains(&format!("fingerprint: {fingerprint}")));
    let seed = record
        .lines()
        .find_map(|l| l.strip_prefix("seed: "))
        .unwrap()
        .to_string();
    // The key in the record is the one the server serves.
    let key = client::get_json(&server, "/api/key").await;
    assert!(record.contains(key["key"].as_str().unwrap()));
    // The record is kept and served by id.
    let stored = client::get_text(&server, &format!("/api/records/{id}")).await;
    assert_eq!(stored, record);
    // Before the end no frame to a player or a spectator carried the seed.
    watcher.drain().await;
    let [a, b] = &mut players;
    for client in [a, b, &mut watcher] {
        assert!(client.frames.len() > 10);
        for frame in client.frames.iter().filter(|f| f["status"] != "over") {
            assert!(!frame.to_string().contains(&seed), "seed early in {frame}");
        }
    }
    // Edited copies fail on the signature even with the digest recomputed.
    for (from, to) in [
        ("seats: person, person", "seats: person, bot 10"),
        ("clock: off", "clock: 60"),
        ("word: olá", "word: ola"),
    ] {
        let report = verify(&tampered(record, from, to));
        assert_eq!(report.get("digest").unwrap().code, "digest-ok", "{from}");
        assert_eq!(
            report.get("signature").unwrap().code,
            "signature-mismatch",
            "{from}"
        );
        assert!(!report.all_passed());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nabucodonosor_is_played_online_too() {
    let server = Server::start("nabu", &[]);
    let id = create_table(&server, r#"{"game":"nabucodonosor","size":5,"clock":0}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(record.contains("game: nabucodonosor 5"));
    assert!(verify(record).all_passed(), "{}", verify(record).to_json());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_messages_get_codes_and_change_nothing() {
    let server = Server::start("hostile", &[]);
    let id = create_table(&server, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    let state = contribute_all(&mut [&mut a, &mut b]).await;
    let to_move = state["table"]["seatToMove"].as_u64().unwrap() as usize;
    let (mover, other) = if to_move == 0 {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let legal = client::first_legal(&state["table"]);
    // The other seat's move, out of turn.
    other
        .send(serde_json::json!({"v":2,"type":"move","ply":0,"move":legal}))
        .await;
    assert_eq!(other.error().await, "not-your-turn");
    // An illegal move, a stale ply, junk, a huge frame, another version.
    mover
        .send(serde_json::json!({"v":2,"type":"move","ply":0,"move":"a1"}))
        .await;
    assert_eq!(mover.error().await, "illegal");
    mover
        .send(serde_json::json!({"v":2,"type":"move","ply":7,"move":legal}))
        .await;
    assert_eq!(mover.error().await, "stale-ply");
    mover.send_text("{not json").await;
    assert_eq!(mover.error().await, "bad-message");
    mover.send_text(&"x".repeat(1_000_000)).await;
    assert_eq!(mover.error().await, "too-large");
    mover.send_text(r#"{"v":9,"type":"start"}"#).await;
    assert_eq!(mover.error().await, "bad-version");
    // A flood: dropped beyond the rate, with one code.
    for _ in 0..1000 {
        mover.send_text(r#"{"v":2,"type":"ping","t":0}"#).await;
    }
    assert!(
        mover
            .saw_error("rate-limited", Duration::from_secs(5))
            .await
    );
    // The game is unchanged, and the mover can still play.
    tokio::time::sleep(Duration::from_millis(2100)).await;
    mover
        .send(serde_json::json!({"v":2,"type":"move","ply":0,"move":legal}))
        .await;
    let after = mover.wait_state(|s| s["ply"] == 1).await;
    assert_eq!(after["moves"], legal.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_runs_out_on_the_server() {
    let server = Server::start("clock", &[]);
    let id = create_table(&server, r#"{"game":"othello","clock":1}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    let state = a
        .wait_state(|s| s["ply"].as_u64().is_some_and(|p| p >= 2))
        .await;
    let moves = state["moves"].as_str().unwrap();
    assert!(moves.starts_with('*'), "{moves}");
    assert!(moves.split(' ').nth(1).unwrap().starts_with('*'), "{moves}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_left_for_good_goes_to_the_bot_and_the_record_says_so() {
    let server = Server::start("grace", &["--grace", "1"]);
    let id = create_table(&server, r#"{"game":"othello","clock":0,"level":1}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    assert_eq!(
        a.latest_state().await["standIn"],
        serde_json::json!([[], []])
    );
    b.close().await;
    let took = a.wait_state(|s| s["seats"][1]["tookSeat"] == true).await;
    assert_eq!(took["seats"][1]["kind"], "bot");
    let end = play_out(&mut [a], &[0]).await;
    let record = end["record"].as_str().unwrap();
    assert!(
        record.contains("seats: person, bot 1 for person"),
        "{record}"
    );
    // `standIn` names the plies the bot played for the person who left: every one of seat 2's.
    let moves: Vec<&str> = end["moves"].as_str().unwrap().split(' ').collect();
    let stood: Vec<usize> = end["standIn"][1]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| usize::try_from(p.as_u64().unwrap()).unwrap())
        .collect();
    assert!(!stood.is_empty(), "{}", end["standIn"]);
    assert_eq!(end["standIn"][0], serde_json::json!([]));
    assert!(
        stood.iter().all(|&p| moves
            .get(p)
            .is_some_and(|m| *m != "PA" && !m.starts_with('*'))),
        "{stood:?} {moves:?}"
    );
    assert!(verify(record).all_passed(), "{}", verify(record).to_json());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_comes_back_in_time_keeps_their_seat() {
    let server = Server::start("back", &["--grace", "30"]);
    let id = create_table(&server, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    let token = b.hello(None).await["token"].as_str().unwrap().to_string();
    b.close().await;
    let mut b = Client::connect(&server, &id).await;
    let again = b.hello(Some(&token)).await;
    assert_eq!(again["seat"], 1);
    assert_eq!(again["token"], Value::Null);
    let end = play_out(&mut [a, b], &[0, 1]).await;
    assert!(end["record"]
        .as_str()
        .unwrap()
        .contains("seats: person, person"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_mid_game_resumes_it() {
    let mut server = Server::start("kill", &[]);
    killed_mid_game_resumes(&mut server).await;
}

/// The same over Redis: the tables are in Redis, not the data folder, and
/// the server started again waits for the killed one's hold to lapse.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_over_redis_killed_mid_game_resumes_it() {
    let redis = redis::RedisServer::start("kill");
    let mut server = Server::start("kill-redis", &["--redis", &redis.url()]);
    killed_mid_game_resumes(&mut server).await;
    assert!(!server.data().join("virada.db").exists());
}

/// `rounds` times, each of seats 0 (`a`) and 1 (`b`) plays its first legal
/// move when it is its turn; the moves played so far.
async fn play_rounds(a: &mut Client, b: &mut Client, rounds: usize) -> String {
    for _ in 0..rounds {
        for (c, seat) in [(&mut *a, 0), (&mut *b, 1)] {
            let s = c.latest_state().await;
            if s["table"]["seatToMove"] == seat {
                let ply = s["ply"].as_u64().unwrap();
                let mv = client::first_legal(&s["table"]);
                c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
                    .await;
                c.wait_state(|s| s["ply"].as_u64() != Some(ply)).await;
            }
        }
    }
    a.latest_state().await["moves"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Six moves, SIGKILL, the same server again: the game goes on from where
/// it was and ends with every move kept; the record verifies. The list of
/// records is empty before (over Redis it was a `storage` error then: an
/// empty pipeline) and names the game after.
async fn killed_mid_game_resumes(server: &mut Server) {
    assert_eq!(
        client::get_json(server, "/api/records").await,
        serde_json::json!([])
    );
    let id = create_table(server, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(server, &id).await;
    let ta = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(server, &id).await;
    let tb = b.hello(None).await["token"].as_str().unwrap().to_string();
    contribute_all(&mut [&mut a, &mut b]).await;
    // Six moves, then SIGKILL.
    let before = play_rounds(&mut a, &mut b, 6).await;
    assert!(!before.is_empty());
    server.kill_and_restart();
    let mut a = Client::connect(server, &id).await;
    let wa = a.hello(Some(&ta)).await;
    assert_eq!(wa["seat"], 0);
    let moves_after = wa["state"]["moves"].as_str().unwrap();
    assert!(moves_after.starts_with(&before), "{before} / {moves_after}");
    let mut b = Client::connect(server, &id).await;
    assert_eq!(b.hello(Some(&tb)).await["seat"], 1);
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(verify(record).all_passed());
    assert!(record
        .lines()
        .any(|l| l.starts_with("moves: ") && l["moves: ".len()..].starts_with(&before)));
    let listed = client::get_json(server, "/api/records").await;
    assert!(listed.as_array().is_some_and(|l| l.len() == 1), "{listed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_never_reads_holds_only_itself() {
    let server = Server::start("stalled", &[]);
    let id = create_table(&server, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    // Spectators that say hello, then never read a frame again, and one
    // that floods pings it never reads the answers to.
    let mut stalled = Vec::new();
    for _ in 0..20 {
        let mut s = Client::connect(&server, &id).await;
        s.hello(None).await;
        stalled.push(s);
    }
    for _ in 0..200 {
        stalled[0].send_text(r#"{"v":2,"type":"ping","t":0}"#).await;
    }
    // The players' game goes on to the end (each wait in it is bounded).
    let end = play_out(&mut [a, b], &[0, 1]).await;
    assert!(verify(end["record"].as_str().unwrap()).all_passed());
    drop(stalled);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_table_is_let_go_and_comes_back_from_its_record() {
    let server = Server::start("linger", &["--linger", "1"]);
    let id = create_table(&server, r#"{"game":"othello","clock":0,"level":1}"#).await;
    let mut a = Client::connect(&server, &id).await;
    let token = a.hello(None).await["token"].as_str().unwrap().to_string();
    a.send(serde_json::json!({"v":2,"type":"start"})).await;
    let random = a.random.clone();
    let end = play_out(&mut [a], &[0]).await;
    let record = end["record"].as_str().unwrap().to_string();
    // The host who started early contributed; the bot gave nothing.
    assert!(
        record.contains(&format!("\nrandom: {random}\nsecond-random: \ndark:")),
        "{record}"
    );
    assert!(verify(&record).all_passed());
    // Long after the end (the table let go), the link still shows the end.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let mut again = Client::connect(&server, &id).await;
    let welcome = again.hello(Some(&token)).await;
    // The finished table's kept state knows its seat's token (#24: before,
    // a table rebuilt from its record seated nobody), so Play again works.
    assert_eq!(welcome["seat"], 0);
    let state = &welcome["state"];
    assert_eq!(state["status"], "over");
    assert_eq!(state["record"].as_str(), Some(record.as_str()));
    assert_eq!(state["table"]["over"], true);
    assert_eq!(state["moves"], end["moves"]);
    again.send(serde_json::json!({"v":2,"type":"again"})).await;
    let moved = again.wait_state(|s| s["next"].is_string()).await;
    let next = moved["next"].as_str().unwrap();
    let mut there = Client::connect(&server, next).await;
    assert_eq!(there.hello(Some(&token)).await["seat"], 0);
}
