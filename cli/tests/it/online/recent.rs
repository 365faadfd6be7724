//! My games' recently finished (`GET /api/accounts/recent`) over real
//! sockets: a correspondence game that ended is listed for both players
//! with each one's result; a game on a clock is not; a guest has none. The
//! seven days' cut is a unit test (`serve::accounts::recent`).

use std::time::Duration;

use super::client::{Client, Server};
use super::people::{call, Person, ORIGIN};
use super::push::{move_once, table};
use serde_json::{json, Value};

/// Two plies, then seat `loser` resigns; waits for the end at both seats.
async fn resign_after_two(clients: &mut [Client], loser: usize) {
    move_once(clients, 0).await;
    move_once(clients, 1).await;
    clients[loser].send(json!({"v":2,"type":"resign"})).await;
    for c in clients.iter_mut() {
        c.wait_state(|s| s["status"] == "over").await;
    }
}

/// `who`'s recently finished games (`GET /api/accounts/recent`), once it
/// lists `n` of them (a game is kept just after its end).
async fn recent(s: &Server, who: &Person, n: usize) -> Vec<Value> {
    let until = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let a = who.call(s, "GET", "/api/accounts/recent", None).await;
        assert_eq!(a.status, 200, "{}", a.text);
        let games = a.body["games"].as_array().unwrap().clone();
        if games.len() >= n || std::time::Instant::now() > until {
            return games;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_correspondence_game_is_listed_as_recent_with_its_result() {
    let s = Server::start("recent", &["--origin", ORIGIN]);
    let mut eva = Person::new("eva");
    let mut fil = Person::new("fil");
    assert_eq!(eva.sign_up(&s).await.status, 201);
    assert_eq!(fil.sign_up(&s).await.status, 201);
    let out = call(&s, "GET", "/api/accounts/recent", None, None, None).await;
    assert_eq!(
        (out.status, &out.body),
        (200, &json!({"games": []})),
        "{}",
        out.text
    );
    // A game on a clock ends first: the table showed its end, so it is
    // not listed. Then a correspondence game, seat 1 resigning.
    let (mut live, _) = table(&s, &eva, &fil, "600+0").await;
    resign_after_two(&mut live, 0).await;
    let (mut days, days_id) = table(&s, &eva, &fil, "2d").await;
    let loser = days[1].latest_state().await["seats"][1]["name"]
        .as_str()
        .unwrap()
        .to_string();
    resign_after_two(&mut days, 1).await;
    for (me, other) in [(&eva, &fil), (&fil, &eva)] {
        let games = recent(&s, me, 1).await;
        assert_eq!(games.len(), 1, "{games:?}");
        let g = &games[0];
        let result = if me.name == loser { "loss" } else { "win" };
        assert_eq!(
            (&g["id"], &g["game"], &g["opponent"], &g["result"]),
            (
                &json!(days_id),
                &json!("othello"),
                &json!(other.name),
                &json!(result)
            ),
            "{g}"
        );
        assert!(g["finished"].as_i64().unwrap() > 0, "{g}");
    }
}
