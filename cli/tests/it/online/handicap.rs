//! A handicap (V2) at the online table: the table opens with one, the
//! first state's board has its discs in the colour the draw gave its seat,
//! both pages go away and come back with their tokens and the server is
//! killed and started again mid-game, and the signed record, with its
//! `handicap` line, verifies; "Play again" keeps the handicap. A handicap
//! that is not one, or one for Nabucodonosor, is refused with its code.

use super::client::{self, create_table, Client, Server};
use super::{contribute_all, play_out, verify};
use serde_json::Value;

/// Plays the first legal move for whichever of `clients` is to move,
/// `turns` times.
async fn play_turns(clients: &mut [Client; 2], turns: usize) {
    for _ in 0..turns {
        let state = clients[0].latest_state().await;
        let mover = state["table"]["seatToMove"].as_u64().unwrap() as usize;
        let ply = state["ply"].as_u64().unwrap();
        let mv = client::first_legal(&state["table"]);
        let c = &mut clients[mover];
        c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
            .await;
        c.wait_state(|s| s["ply"].as_u64() != Some(ply)).await;
        clients[1 - mover]
            .wait_state(|s| s["ply"].as_u64() != Some(ply))
            .await;
    }
}

/// Both clients come back on new sockets with their tokens, to their seats.
async fn come_back(server: &Server, id: &str, tokens: &[String; 2]) -> [Client; 2] {
    let mut a = Client::connect(server, id).await;
    assert_eq!(a.hello(Some(&tokens[0])).await["seat"], 0);
    let mut b = Client::connect(server, id).await;
    assert_eq!(b.hello(Some(&tokens[1])).await["seat"], 1);
    [a, b]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handicap_game_survives_reloads_and_a_restart_and_verifies() {
    let mut server = Server::start("handicap", &[]);
    let id = create_table(
        &server,
        r#"{"game":"othello","clock":0,"handicap":"seat2:first:a1,h8"}"#,
    )
    .await;
    let mut a = Client::connect(&server, &id).await;
    let ta = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(&server, &id).await;
    let tb = b.hello(None).await["token"].as_str().unwrap().to_string();
    let tokens = [ta, tb];
    let first = contribute_all(&mut [&mut a, &mut b]).await;

    // The first state: the corners a1 and h8 hold the second seat's colour,
    // whichever the draw gave it, and that seat moves first.
    let table = &first["table"];
    assert_eq!(table["handicap"], "seat2:first:a1,h8", "{table}");
    let (colour, letter) = match table["darkSeat"].as_u64() {
        Some(1) => ("dark", 'X'),
        Some(0) => ("light", 'O'),
        other => panic!("darkSeat {other:?}"),
    };
    let cells: Vec<char> = table["cells"].as_str().unwrap().chars().collect();
    assert_eq!((cells[0], cells[63]), (letter, letter), "{table}");
    assert_eq!(cells.iter().filter(|&&c| c != '-').count(), 6, "{table}");
    assert_eq!(
        (table["side"].as_str(), table["seatToMove"].as_u64()),
        (Some(colour), Some(1))
    );

    // A few moves; both pages reload (new sockets, their tokens).
    let mut clients = [a, b];
    play_turns(&mut clients, 4).await;
    let [a, b] = clients;
    a.close().await;
    b.close().await;
    let mut clients = come_back(&server, &id, &tokens).await;
    let state = clients[0].latest_state().await;
    assert_eq!(state["ply"], 4);
    assert_eq!(state["table"]["handicap"], "seat2:first:a1,h8");

    // More moves; the server is killed and started again; both come back.
    play_turns(&mut clients, 4).await;
    let before = clients[0].latest_state().await["moves"]
        .as_str()
        .unwrap()
        .to_string();
    drop(clients);
    server.kill_and_restart();
    let mut clients = come_back(&server, &id, &tokens).await;
    let state = clients[0].latest_state().await;
    assert_eq!(state["moves"].as_str(), Some(before.as_str()));
    assert_eq!(
        state["table"]["cells"].as_str().map(|c| &c[..1]),
        Some(&*letter.to_string())
    );

    let end = play_out(&mut clients, &[0, 1]).await;
    let record = end["record"].as_str().expect("the record at the end");
    assert!(
        record.lines().any(|l| l == "handicap: seat2:first:a1,h8"),
        "{record}"
    );
    let report = verify(record);
    assert!(report.all_passed(), "{}", report.to_json());
    assert_eq!(report.get("signature").unwrap().code, "signature-ok");
    assert_eq!(report.get("handicap").unwrap().code, "handicap-first");

    // Play again: the new table keeps the handicap.
    let mut clients = come_back(&server, &id, &tokens).await;
    for c in clients.iter_mut() {
        c.send(serde_json::json!({"v":2,"type":"again"})).await;
    }
    let moved = clients[0].wait_state(|s| s["next"].is_string()).await;
    let next = moved["next"].as_str().unwrap().to_string();
    let [mut a, mut b] = come_back(&server, &next, &tokens).await;
    let started = contribute_all(&mut [&mut a, &mut b]).await;
    assert_eq!(
        started["table"]["handicap"], "seat2:first:a1,h8",
        "{started}"
    );
    assert_eq!(started["table"]["seatToMove"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handicap_that_is_not_one_or_not_for_othello_is_refused() {
    let server = Server::start("handicap-refused", &[]);
    let json = Some("application/json");
    let cases = [
        (
            r#"{"game":"othello","handicap":"seat3:first"}"#,
            "bad-handicap",
        ),
        (
            r#"{"game":"othello","handicap":"seat1:b2"}"#,
            "bad-handicap",
        ),
        (
            r#"{"game":"othello","handicap":"seat1:a1,a1"}"#,
            "bad-handicap",
        ),
        (r#"{"game":"othello","handicap":5}"#, "bad-handicap"),
        (
            r#"{"game":"nabucodonosor","size":8,"handicap":"seat1:first"}"#,
            "handicap-othello-only",
        ),
    ];
    for route in ["/api/tables", "/api/pair"] {
        for (body, code) in cases {
            let (status, answer) = client::request(&server, "POST", route, json, body).await;
            let case = format!("{route} {body}: {answer}");
            assert_eq!(status, 400, "{case}");
            let v: Value = serde_json::from_str(&answer).expect(&case);
            assert_eq!(v["code"], code, "{case}");
            assert!(
                v["message"].as_str().is_some_and(|m| !m.is_empty()),
                "{case}"
            );
        }
    }
    // No handicap, or `none`, is a plain table.
    for body in [
        r#"{"game":"othello","handicap":""}"#,
        r#"{"game":"othello","handicap":"none"}"#,
    ] {
        let opened = client::open_table(&server, "/api/tables", body).await;
        assert!(opened["id"].is_string(), "{body}: {opened}");
    }
}
