//! Nabucodonosor under a game clock online, end to end over a real server
//! process: a rated seek at `180+2` taken from the lobby opens a
//! Nabucodonosor table at that clock; the server runs both clocks (the
//! mover's stops with the increment added, the other's starts), the game
//! played to its end has a signed record stating `clock: 180+2` and each
//! ply's time, which verifies, and the game is rated at the clock's speed
//! (blitz); and after the swap (N4) each seat keeps its own time on the
//! server (failing before the library's clocks followed the players). No
//! bound below depends on how fast the machine is: each is read from the
//! frames' own `now`.

use super::client::{first_legal, Client, Server};
use super::people::{call, Person, ORIGIN};
use super::verify;
use serde_json::{json, Value};

const SEEK: &str = r#"{"game":"nabucodonosor","size":6,"clock":"180+2","rated":true}"#;

fn remaining(state: &Value) -> [i64; 2] {
    let r = &state["clocks"]["remaining"];
    [r[0].as_i64().unwrap(), r[1].as_i64().unwrap()]
}

fn now(state: &Value) -> i64 {
    state["now"].as_i64().unwrap()
}

/// Plays the game out, each seat its first legal move in turn, checking
/// the clocks around every move (`increment` in milliseconds); returns the
/// last frame and each mover's time just after its move (milliseconds), in
/// order.
async fn play_checked(clients: &mut [Client; 2], increment: i64) -> (Value, Vec<i64>) {
    let mut kept = Vec::new();
    loop {
        let state = clients[0].latest_state().await;
        if state["status"] == "over" {
            return (state, kept);
        }
        let seat = state["table"]["seatToMove"].as_u64().unwrap() as usize;
        let c = &mut clients[seat];
        let before = c.latest_state().await;
        if before["status"] == "over" {
            return (before, kept);
        }
        assert_eq!(before["clocks"]["running"], seat, "{before}");
        let ply = before["ply"].as_u64().unwrap();
        let mv = first_legal(&before["table"]);
        c.send(json!({"v":2,"type":"move","ply":ply,"move":mv}))
            .await;
        let after = c
            .wait_state(|s| s["ply"].as_u64() != Some(ply) || s["status"] == "over")
            .await;
        let (r0, r1) = (remaining(&before), remaining(&after));
        // The move fell between the two frames: the mover's time at it, plus
        // the increment (a forced pass after it charges nothing).
        let most = r0[seat] + increment;
        let least = most - (now(&after) - now(&before));
        assert!(
            (least..=most).contains(&r1[seat]),
            "{mv}: {} not in {least}..={most}",
            r1[seat]
        );
        // The other's clock waited until the move, then runs: at most what
        // passed between the frames is gone from it.
        let other = r1[1 - seat];
        let gone = now(&after) - now(&before);
        assert!(
            (r0[1 - seat] - gone..=r0[1 - seat]).contains(&other),
            "{mv}: the other's time {other}, from {}",
            r0[1 - seat]
        );
        if after["status"] != "over" && after["ply"].as_u64() == Some(ply + 1) {
            kept.push(r1[seat]);
        }
        if after["status"] == "over" {
            return (after, kept);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nabucodonosor_seek_at_180_2_is_played_under_its_game_clock_and_rated_blitz() {
    let s = Server::start("nabu-clock", &["--origin", ORIGIN]);
    let mut ada = Person::new("ada");
    let mut ben = Person::new("ben");
    assert_eq!(ada.sign_up(&s).await.status, 201);
    assert_eq!(ben.sign_up(&s).await.status, 201);

    let made = ada.call(&s, "POST", "/api/seeks", Some(SEEK)).await;
    assert_eq!(made.status, 201, "{}", made.text);
    let seek = made.body["id"].as_str().unwrap().to_string();
    let list = call(&s, "GET", "/api/seeks", None, None, None).await;
    let listed = &list.body["seeks"][0];
    assert_eq!(
        (&listed["game"], &listed["size"], &listed["clock"]),
        (&json!("nabucodonosor"), &json!(6), &json!("180+2")),
        "{listed}"
    );
    let taken = ben
        .call(&s, "POST", &format!("/api/seeks/{seek}/accept"), Some("{}"))
        .await;
    assert_eq!(taken.status, 201, "{}", taken.text);
    let table = taken.body["table"].as_str().unwrap().to_string();

    let mut a = Client::connect_as(&s, &table, ada.cookie.as_deref().unwrap()).await;
    assert_eq!(a.hello(None).await["seat"], 0);
    let mut b = Client::connect_as(&s, &table, ben.cookie.as_deref().unwrap()).await;
    assert_eq!(b.hello(None).await["seat"], 1);
    let start = super::contribute_all(&mut [&mut a, &mut b]).await;
    assert_eq!(start["clock"], "180+2", "{start}");
    assert_eq!(start["rated"], true);
    assert!(
        start["table"]["legalMoves"].is_array(),
        "a Nabucodonosor table: {start}"
    );
    let first = start["table"]["seatToMove"].as_u64().unwrap() as usize;
    assert_eq!(start["clocks"]["running"], first);
    assert_eq!(remaining(&start)[1 - first], 180_000, "the other's waits");
    assert!(remaining(&start)[first] <= 180_000);

    let (over, kept) = play_checked(&mut [a, b], 2_000).await;
    assert_eq!(over["status"], "over");
    let record = over["record"].as_str().unwrap();
    assert!(record.contains("\ngame: nabucodonosor 6\n"), "{record}");
    assert!(record.contains("\nclock: 180+2\n"), "{record}");
    // Each mover's time after its move, in tenths rounded up, as the record keeps it.
    let times = record
        .lines()
        .find_map(|l| l.strip_prefix("times: "))
        .expect("a times line");
    let shown: Vec<String> = kept
        .iter()
        .map(|ms| {
            let tenths = (ms + 99) / 100;
            format!("{}.{}", tenths / 10, tenths % 10)
        })
        .collect();
    assert!(
        times.split(' ').zip(&shown).all(|(t, s)| t == s),
        "{times} / {shown:?}"
    );
    let report = verify(record);
    assert!(report.all_passed(), "{}", report.to_json());
    assert_eq!(report.get("clock").unwrap().code, "clock-ok");
    assert_eq!(report.get("signature").unwrap().code, "signature-ok");

    // Rated at 180+2's speed: one blitz game on each profile, none elsewhere.
    for name in ["ada", "ben"] {
        let p = call(&s, "GET", &format!("/api/players/{name}"), None, None, None).await;
        let speeds = p.body["speeds"].as_array().unwrap();
        let games: Vec<(&str, u64)> = speeds
            .iter()
            .map(|v| (v["speed"].as_str().unwrap(), v["games"].as_u64().unwrap()))
            .collect();
        assert!(
            games
                .iter()
                .all(|&(speed, n)| n == u64::from(speed == "blitz")),
            "{name}: {games:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_swap_each_seat_keeps_its_own_time_on_the_server() {
    let s = Server::start("nabu-swap-clock", &[]);
    let table =
        super::client::create_table(&s, r#"{"game":"nabucodonosor","size":6,"clock":"60+1"}"#)
            .await;
    let mut a = Client::connect(&s, &table).await;
    a.hello(None).await;
    let mut b = Client::connect(&s, &table).await;
    b.hello(None).await;
    let start = super::contribute_all(&mut [&mut a, &mut b]).await;
    let first = start["table"]["seatToMove"].as_u64().unwrap() as usize;
    let mut clients = [a, b];

    // The first seat places, the second swaps: the first seat moves again,
    // now holding light, on its own clock.
    let before = clients[first].latest_state().await;
    let mv = first_legal(&before["table"]);
    clients[first]
        .send(json!({"v":2,"type":"move","ply":0,"move":mv}))
        .await;
    let placed = clients[first]
        .wait_state(|s| s["ply"].as_u64() == Some(1))
        .await;
    let first_left = remaining(&placed)[first];
    clients[1 - first]
        .send(json!({"v":2,"type":"move","ply":1,"move":"swap"}))
        .await;
    let swapped = clients[1 - first]
        .wait_state(|s| s["ply"].as_u64() == Some(2))
        .await;
    assert_eq!(swapped["table"]["seatToMove"], first, "{swapped}");
    assert_eq!(
        swapped["clocks"]["running"], first,
        "the first seat's own clock runs"
    );
    let left = remaining(&swapped);
    let gone = now(&swapped) - now(&placed);
    assert!(
        (first_left - gone..=first_left).contains(&left[first]),
        "the first seat's time {} from its {first_left}",
        left[first]
    );
    assert!(
        left[1 - first] <= 61_000,
        "the second seat's own time, its increment added"
    );

    // Both play on, each seat charged on its own clock, to the end; the
    // record's times follow the players and verify.
    let (over, _) = play_checked(&mut clients, 1_000).await;
    let record = over["record"].as_str().unwrap();
    assert!(record.contains("\nmoves: "), "{record}");
    assert!(record.contains(" swap "), "{record}");
    let report = verify(record);
    assert!(report.all_passed(), "{}", report.to_json());
    assert_eq!(report.get("clock").unwrap().code, "clock-ok");
}
