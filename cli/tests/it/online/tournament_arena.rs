//! An arena over real sockets, end to end: six accounts join, the server
//! pairs them, and each game is played at the server's tables (both seats
//! move, then the loser the test chose resigns). Whoever finishes is paired
//! again at once, before the other games of their wave are over; nobody
//! meets the same opponent twice in a row; a win scores 2, and after two
//! wins in a row a win scores 4 (lichess's streak), the standings at the
//! end as the test counts them from the games it played. An arena's
//! minute lasts 6 s here (`--arena-minute`), so its 5 minutes take 30 s.

use std::collections::{HashMap, HashSet};

use super::client::{first_legal, Listening, Server};
use super::people::{Person, ORIGIN};
use super::tournament::{connect_when_open, now_ms, wait_for};
use serde_json::{json, Value};

const NAMES: [&str; 6] = ["ana", "bia", "caio", "davi", "edu", "fil"];

/// Who wins a game between `a` and `b`: ana always, else the name first in
/// the alphabet (so ana gets a streak and the others' results vary).
fn winner<'a>(a: &'a str, b: &'a str) -> &'a str {
    if a == "ana" || (b != "ana" && a < b) {
        a
    } else {
        b
    }
}

/// Plays board `board` (white at seat 0, black at seat 1): each seat
/// moves once, then the loser the test chose resigns. Answers the
/// record.
async fn play_board(
    server: &impl Listening,
    board: &Value,
    people: &HashMap<String, Person>,
) -> String {
    let table = board["table"].as_str().unwrap();
    let names = [
        board["white"]["name"].as_str().unwrap(),
        board["black"]["name"].as_str().unwrap(),
    ];
    let mut clients = Vec::new();
    for (seat, name) in names.iter().enumerate() {
        let cookie = people[*name].cookie.as_deref().unwrap();
        let mut c = connect_when_open(server, table, cookie).await;
        let welcome = c.hello(None).await;
        assert_eq!(welcome["seat"], seat, "{name} at {table}: {welcome}");
        clients.push(c);
    }
    let loser = usize::from(winner(names[0], names[1]) == names[0]);
    // Two plies, one each, before the resignation (a game both moved in).
    loop {
        let mut ply = 0;
        for (seat, c) in clients.iter_mut().enumerate() {
            c.contribute_if_open().await;
            let state = c.latest_state().await;
            assert_ne!(state["status"], "over", "{state}");
            if state["status"] != "playing" {
                continue;
            }
            ply = state["ply"].as_u64().unwrap();
            if ply < 2 && state["table"]["seatToMove"].as_u64() == Some(seat as u64) {
                let mv = first_legal(&state["table"]);
                c.send(json!({"v":2,"type":"move","ply":ply,"move":mv}))
                    .await;
                c.wait_state(|s| s["ply"].as_u64() != Some(ply)).await;
            }
        }
        if ply >= 2 {
            break;
        }
    }
    clients[loser].send(json!({"v":2,"type":"resign"})).await;
    let over = clients[1 - loser]
        .wait_state(|s| s["status"] == "over")
        .await;
    over["record"].as_str().unwrap().to_string()
}

/// Each name's games in order: (opponent, won), from the view's waves.
fn games_of(v: &Value) -> HashMap<String, Vec<(String, bool)>> {
    let mut out: HashMap<String, Vec<(String, bool)>> = HashMap::new();
    for wave in v["played"].as_array().unwrap() {
        for b in wave["boards"].as_array().unwrap() {
            let (Some(w), Some(bl)) = (b["white"]["name"].as_str(), b["black"]["name"].as_str())
            else {
                continue;
            };
            let white_won = winner(w, bl) == w;
            out.entry(w.into())
                .or_default()
                .push((bl.into(), white_won));
            out.entry(bl.into())
                .or_default()
                .push((w.into(), !white_won));
        }
    }
    out
}

/// Points as lichess's arena counts them, worked out here on its own: 2 a
/// win, 0 a loss, a win doubled once the two games before it were wins.
fn lichess_points(games: &[(String, bool)]) -> u64 {
    let mut points = 0;
    for (i, (_, won)) in games.iter().enumerate() {
        let on_fire = i >= 2 && games[i - 1].1 && games[i - 2].1;
        if *won {
            points += if on_fire { 4 } else { 2 };
        }
    }
    points
}

/// The boards of `v` with a table and no result yet.
fn unfinished(v: &Value) -> Vec<Value> {
    v["played"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|w| w["boards"].as_array().unwrap().clone())
        .filter(|b| b["table"].is_string() && b["result"].is_null())
        .collect()
}

fn players_of(board: &Value) -> [String; 2] {
    ["white", "black"].map(|side| board[side]["name"].as_str().unwrap().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_again_at_once_and_scores_streaks_as_lichess() {
    let s = Server::start(
        "tournament-arena",
        &["--origin", ORIGIN, "--arena-minute", "6"],
    );
    let mut people = HashMap::new();
    for name in NAMES {
        let mut p = Person::new(name);
        assert_eq!(p.sign_up(&s).await.status, 201);
        people.insert(name.to_string(), p);
    }
    let body = json!({
        "name": "Arena de Sábado", "format": "arena", "clock": "60+0", "rated": false,
        "minutes": 5, "starts": now_ms() + 1_500,
    })
    .to_string();
    let made = people["ana"]
        .call(&s, "POST", "/api/tournaments", Some(&body))
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made.body["id"].as_str().unwrap().to_string();
    for name in NAMES {
        let joined = people[name]
            .call(
                &s,
                "POST",
                &format!("/api/tournaments/{id}/join"),
                Some("{}"),
            )
            .await;
        assert_eq!(joined.status, 200, "{}", joined.text);
    }

    // The first wave: everyone paired. Two of its games are played; the
    // third is held, and the four who finished are paired again while it
    // goes on.
    let v = wait_for(&s, &id, |v| v["played"].as_array().unwrap().len() == 1).await;
    let first = v["played"][0]["boards"].as_array().unwrap().clone();
    assert_eq!(first.len(), 3, "{v}");
    let mut records = Vec::new();
    for board in &first[..2] {
        records.push(play_board(&s, board, &people).await);
    }
    let held = &first[2];
    let held_players = players_of(held);
    let v = wait_for(&s, &id, |v| v["played"].as_array().unwrap().len() >= 2).await;
    assert!(
        v["played"][0]["boards"][2]["result"].is_null(),
        "the held game is not over: {v}"
    );
    let second: Vec<[String; 2]> = v["played"][1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(players_of)
        .collect();
    let paired: HashSet<String> = second.iter().flatten().cloned().collect();
    let done: HashSet<String> = first[..2].iter().flat_map(players_of).collect();
    assert_eq!(second.len(), 2, "the four who finished, paired again: {v}");
    assert_eq!(paired, done, "{v}");
    assert!(held_players.iter().all(|p| !done.contains(p)));

    // Then every game as it comes, until the arena is over.
    let mut played: HashSet<String> = first[..2]
        .iter()
        .map(|b| b["table"].as_str().unwrap().to_string())
        .collect();
    loop {
        let v = super::tournament::view(&s, &id).await;
        if v["phase"] == "over" {
            break;
        }
        let todo: Vec<Value> = unfinished(&v)
            .into_iter()
            .filter(|b| !played.contains(b["table"].as_str().unwrap()))
            .collect();
        if todo.is_empty() {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            continue;
        }
        for board in todo {
            records.push(play_board(&s, &board, &people).await);
            played.insert(board["table"].as_str().unwrap().to_string());
        }
    }
    let v = wait_for(&s, &id, |v| v["phase"] == "over").await;
    // Its end as the page counts down to it: 5 minutes of 6 s from the start.
    assert_eq!(
        v["ends"].as_i64(),
        v["starts"].as_i64().map(|s| s + 5 * 6_000),
        "{v}"
    );

    // Every game the server's, played to its end by a resignation; each
    // record names the arena.
    assert_eq!(records.len(), played.len());
    for record in &records {
        assert!(super::verify(record).all_passed(), "{record}");
        let r = virada::record::parse(record).unwrap();
        assert_eq!(r.tournament.expect("names its tournament").id, id);
        assert!(r.resigned.is_some(), "{record}");
    }
    // Each result the one the test made, the winner scored '1'.
    for wave in v["played"].as_array().unwrap() {
        for b in wave["boards"].as_array().unwrap() {
            let [w, bl] = players_of(b);
            let white_won = winner(&w, &bl) == w;
            let expected = if white_won { ("1", "0") } else { ("0", "1") };
            assert_eq!(
                (
                    b["result"]["white"].as_str().unwrap(),
                    b["result"]["black"].as_str().unwrap()
                ),
                expected,
                "{b}"
            );
        }
    }
    // Never the same opponent twice in a row.
    let games = games_of(&v);
    for (name, list) in &games {
        for pair in list.windows(2) {
            assert_ne!(
                pair[0].0, pair[1].0,
                "{name} met {} twice in a row: {v}",
                pair[0].0
            );
        }
    }
    // ana won every game: 2, 2, then 4 a win on her streak.
    let ana = &games["ana"];
    assert!(ana.len() >= 3, "ana played {} games: {v}", ana.len());
    assert!(ana.iter().all(|(_, won)| *won));
    // The standings: each name's points as counted here, in order.
    let standings = v["standings"].as_array().unwrap();
    assert_eq!(standings.len(), NAMES.len(), "{v}");
    let mut last = u64::MAX;
    for line in standings {
        let name = line["name"].as_str().unwrap();
        let expected = games.get(name).map_or(0, |g| lichess_points(g));
        assert_eq!(line["points"].as_u64(), Some(expected), "{name}: {v}");
        assert!(expected <= last, "in order of points: {v}");
        last = expected;
    }
    assert_eq!(standings[0]["name"], "ana");
    assert_eq!(
        standings[0]["points"].as_u64(),
        Some(4 * ana.len() as u64 - 4),
        "{v}"
    );
    assert_eq!(standings[0]["fire"], true, "{v}");
    check_arena_trf(&s, &id, v["played"].as_array().unwrap().len()).await;
}

/// The arena's signed file: as many rounds as it had waves, an arena's by
/// its `092` line, and `virada swiss check` passes it (each wave against
/// the arena's rules, not the Dutch system's).
async fn check_arena_trf(s: &impl Listening, id: &str, waves: usize) {
    let a = super::people::call(
        s,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        None,
        None,
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text);
    let trf = virada::tournament::Trf::parse(&a.text).unwrap();
    assert!(waves >= 3, "{}", a.text);
    assert_eq!(trf.rounds, Some(waves as u32), "{}", a.text);
    assert!(virada::tournament::is_arena(&trf), "{}", a.text);
    let path = std::env::temp_dir().join(format!("virada-arena-{}-{id}.trf", std::process::id()));
    std::fs::write(&path, &a.text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["swiss", "check"])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(0), "{said}{err}\n{}", a.text);
    assert!(said.contains("the signature holds"), "{said}");
    assert!(
        said.contains("an arena: every wave keeps the arena's rules"),
        "{said}"
    );
}
