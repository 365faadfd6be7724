//! A tournament as its people live it, over real sockets: a round's start
//! reaches each player (the games waiting for them, listed with their
//! challenges on every page; the table's frame names the tournament and
//! the round, and it is not played again), and a game not played out
//! (W5–W6) tells whoever is there at once: a player who withdraws before
//! the game began loses it by forfeit, one who withdraws during it loses
//! it as a resignation, a seat nobody took loses by forfeit, and no bot
//! sits in either case. The pairing sets the colours (W7): its first seat
//! plays dark and moves first, with no handicap, and the record says so.

use std::time::Duration;

use super::client::{Client, Listening, Server};
use super::people::{Person, ORIGIN};
use super::tournament::{make_swiss, wait_for};
use serde_json::{json, Value};

/// Waits for tournament `id` to end: its view, and its first board's
/// result codes, white's then black's.
async fn first_board_when_over(s: &Server, id: &str) -> (Value, [String; 2]) {
    let v = wait_for(s, id, |v| v["phase"] == "over").await;
    let result = &v["played"][0]["boards"][0]["result"];
    let code = |c: &Value| c.as_str().unwrap_or_default().to_string();
    let codes = [code(&result["white"]), code(&result["black"])];
    (v, codes)
}

/// Two accounts in a one-round Swiss on `s`, started: its id, its one
/// board, and the two people in its seats' order (white first).
async fn one_round(s: &Server, names: [&str; 2]) -> (String, Value, [Person; 2]) {
    let mut a = Person::new(names[0]);
    let mut b = Person::new(names[1]);
    assert_eq!(a.sign_up(s).await.status, 201);
    assert_eq!(b.sign_up(s).await.status, 201);
    let id = make_swiss(s, &a, 1).await;
    for p in [&a, &b] {
        let joined = p
            .call(
                s,
                "POST",
                &format!("/api/tournaments/{id}/join"),
                Some("{}"),
            )
            .await;
        assert_eq!(joined.status, 200, "{}", joined.text);
    }
    let v = wait_for(s, &id, |v| {
        v["played"].as_array().unwrap().len() == 1
            && v["played"][0]["boards"][0]["table"].is_string()
    })
    .await;
    let board = v["played"][0]["boards"][0].clone();
    let people = if board["white"]["name"] == a.name {
        [a, b]
    } else {
        [b, a]
    };
    (id, board, people)
}

/// The games `p`'s pages are told wait for them.
async fn rounds_of(s: &impl Listening, p: &Person) -> Value {
    let a = p.call(s, "GET", "/api/challenges", None).await;
    assert_eq!(a.status, 200, "{}", a.text);
    a.body["rounds"].clone()
}

/// Sits `p` at `table`, as its page does; the client.
async fn sit(s: &impl Listening, table: &str, p: &Person, seat: usize) -> Client {
    let mut c = super::tournament::connect_when_open(s, table, p.cookie.as_deref().unwrap()).await;
    assert_eq!(c.hello(None).await["seat"], seat);
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rounds_start_is_told_to_both_players_and_its_table_names_the_round() {
    let s = Server::start("tournament-call", &["--origin", ORIGIN]);
    let (id, board, [white, black]) = one_round(&s, ["ivo", "jun"]).await;
    let table = board["table"].as_str().unwrap();
    for (p, other) in [(&white, &black), (&black, &white)] {
        let rounds = rounds_of(&s, p).await;
        assert_eq!(
            rounds,
            json!([{
                "table": table, "tournament": id, "name": "Saturday Swiss", "round": 1,
                "opponent": other.name, "since": rounds[0]["since"],
                // The forfeit time: 2 minutes (the default) after the start.
                "deadline": rounds[0]["since"].as_i64().map(|t| t + 120_000),
                "lost": false,
            }]),
            "{}",
            p.name
        );
    }
    // A guest has none.
    let guest = super::people::call(&s, "GET", "/api/challenges", None, None, None).await;
    assert_eq!(guest.body["rounds"], json!([]), "{}", guest.text);
    // The table names its tournament and round, before either sat.
    let mut w = sit(&s, table, &white, 0).await;
    let state = w.latest_state().await;
    assert_eq!(
        state["tournament"],
        json!({"id": id, "name": "Saturday Swiss", "round": 1}),
        "{state}"
    );
    // Both play it out; the call ends with the game, and it is not played again.
    let mut b = sit(&s, table, &black, 1).await;
    let mut clients = vec![w, b];
    let over = super::play_out(&mut clients, &[0, 1]).await;
    assert_eq!(over["status"], "over");
    wait_for(&s, &id, |v| v["phase"] == "over").await;
    assert_eq!(rounds_of(&s, &white).await, json!([]));
    b = clients.pop().unwrap();
    let mut w = clients.pop().unwrap();
    w.send(json!({"v":2,"type":"again"})).await;
    assert_eq!(w.error().await, "declined");
    drop(b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawal_before_the_game_gives_the_waiting_opponent_the_point_at_once() {
    // The forfeit is far off: only the withdrawal can end the wait.
    let s = Server::start(
        "tournament-leaver",
        &["--origin", ORIGIN, "--tournament-forfeit", "600"],
    );
    let (id, board, [white, black]) = one_round(&s, ["kai", "lea"]).await;
    let table = board["table"].as_str().unwrap();
    let mut w = sit(&s, table, &white, 0).await;
    assert_eq!(w.latest_state().await["status"], "waiting");
    let left = black
        .call(
            &s,
            "POST",
            &format!("/api/tournaments/{id}/withdraw"),
            Some("{}"),
        )
        .await;
    assert_eq!(left.status, 200, "{}", left.text);
    let over = w.wait_state(|s| s["status"] == "over").await;
    assert_eq!(
        over["tournament"]["ended"],
        json!({"why": "withdrew", "lost": [false, true]}),
        "{over}"
    );
    // Nobody sat for the leaver, and no game was played.
    assert_eq!(over["seats"][1]["kind"], "empty", "{over}");
    assert!(over["record"].is_null(), "{over}");
    let (v, codes) = first_board_when_over(&s, &id).await;
    assert_eq!(codes, ["+", "-"], "{v}");
    assert_eq!(v["standings"][0]["name"], white.name, "{v}");
    assert_eq!(v["standings"][0]["points"], 1.0, "{v}");
    // A page opened later still says why.
    drop(w);
    let mut again = Client::connect_as(&s, table, white.cookie.as_deref().unwrap()).await;
    again.hello(None).await;
    let shown = again.latest_state().await;
    assert_eq!(shown["tournament"]["ended"]["why"], "withdrew", "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawal_during_the_game_is_the_leavers_resignation() {
    let s = Server::start("tournament-leaver-playing", &["--origin", ORIGIN]);
    let (id, board, [white, black]) = one_round(&s, ["max", "noa"]).await;
    let table = board["table"].as_str().unwrap();
    let mut clients = [
        sit(&s, table, &white, 0).await,
        sit(&s, table, &black, 1).await,
    ];
    let mut state = loop {
        for c in clients.iter_mut() {
            c.contribute_if_open().await;
        }
        let state = clients[0].latest_state().await;
        if state["status"] == "playing" {
            break state;
        }
    };
    // Two moves each.
    for ply in 0..4 {
        let seat = state["table"]["seatToMove"].as_u64().unwrap() as usize;
        let mv = super::client::first_legal(&state["table"]);
        clients[seat]
            .send(json!({"v":2,"type":"move","ply":ply,"move":mv}))
            .await;
        state = clients[0].wait_state(|s| s["ply"] == ply + 1).await;
    }
    let left = black
        .call(
            &s,
            "POST",
            &format!("/api/tournaments/{id}/withdraw"),
            Some("{}"),
        )
        .await;
    assert_eq!(left.status, 200, "{}", left.text);
    let over = clients[0].wait_state(|s| s["status"] == "over").await;
    assert_eq!(over["cut"], json!({"resigned": 1}), "{over}");
    assert_eq!(over["tournament"]["ended"]["why"], "withdrew", "{over}");
    let record = over["record"].as_str().unwrap();
    assert!(record.contains("resigned"), "{record}");
    assert!(super::verify(record).all_passed(), "{record}");
    let (v, codes) = first_board_when_over(&s, &id).await;
    assert_eq!(codes, ["1", "0"], "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_nobody_took_is_said_at_the_table_and_no_bot_sits() {
    let s = Server::start(
        "tournament-absent",
        &["--origin", ORIGIN, "--tournament-forfeit", "2"],
    );
    let (id, board, [white, _black]) = one_round(&s, ["oli", "pia"]).await;
    let table = board["table"].as_str().unwrap();
    let mut w = sit(&s, table, &white, 0).await;
    let over = w.wait_state(|s| s["status"] == "over").await;
    assert_eq!(
        over["tournament"]["ended"],
        json!({"why": "absent", "lost": [false, true]}),
        "{over}"
    );
    // No bot game after it: nothing more comes.
    let later = w.frames_for(Duration::from_millis(1_500)).await;
    assert!(
        later
            .iter()
            .all(|f| f["status"] != "playing" && f["status"] != "contributing"),
        "{later:?}"
    );
    let (v, codes) = first_board_when_over(&s, &id).await;
    assert_eq!(codes, ["+", "-"], "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_games_first_seat_plays_dark_and_moves_first_with_no_handicap() {
    let s = Server::start("tournament-colours", &["--origin", ORIGIN]);
    let (id, board, [white, black]) = one_round(&s, ["ros", "sam"]).await;
    let table = board["table"].as_str().unwrap();
    let mut clients = vec![
        sit(&s, table, &white, 0).await,
        sit(&s, table, &black, 1).await,
    ];
    let state = loop {
        for c in clients.iter_mut() {
            c.contribute_if_open().await;
        }
        let state = clients[0].latest_state().await;
        if state["status"] == "playing" {
            break state;
        }
    };
    // The pairing's white (W7): the first seat, dark, to move; no handicap.
    let t = &state["table"];
    assert_eq!(
        (&t["darkSeat"], &t["seatToMove"], &t["side"], &t["handicap"]),
        (&json!(0), &json!(0), &json!("dark"), &Value::Null),
        "{state}"
    );
    let over = super::play_out(&mut clients, &[0, 1]).await;
    let record = over["record"].as_str().unwrap();
    assert!(record.contains("\ndark: first\n"), "{record}");
    assert!(!record.contains("handicap"), "{record}");
    assert!(
        record.contains(&format!("\ntournament: {id} round 1\n")),
        "{record}"
    );
    let report = super::verify(record);
    assert!(report.all_passed(), "{report}");
    let dark = report.get("dark-seat").unwrap();
    assert_eq!(
        (dark.code, dark.param("who")),
        ("dark-seat-pairing", white.name.as_str()),
        "{report}"
    );
    assert!(report.get("handicap").is_none(), "{report}");
}
