//! Tournaments over real sockets, the edges: a seat nobody takes lost by
//! forfeit, the round going on; a player absent from a round not paired
//! until they join again (W8); a round robin meeting everyone once by its
//! Berger table; hostile requests refused with their codes.

use super::client::{Client, Server};
use super::people::{call, Person, ORIGIN};
use super::tournament::{check_trf, connect_when_open, make_swiss, now_ms, view, wait_for};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_nobody_takes_loses_by_forfeit_and_the_round_goes_on() {
    let s = Server::start(
        "tournament-forfeit",
        &["--origin", ORIGIN, "--tournament-forfeit", "2"],
    );
    let mut eli = Person::new("eli");
    let mut flo = Person::new("flo");
    assert_eq!(eli.sign_up(&s).await.status, 201);
    assert_eq!(flo.sign_up(&s).await.status, 201);
    let id = make_swiss(&s, &eli, 1).await;
    for p in [&eli, &flo] {
        let joined = p
            .call(
                &s,
                "POST",
                &format!("/api/tournaments/{id}/join"),
                Some("{}"),
            )
            .await;
        assert_eq!(joined.status, 200, "{}", joined.text);
    }
    let v = wait_for(&s, &id, |v| v["played"].as_array().unwrap().len() == 1).await;
    let board = &v["played"][0]["boards"][0];
    let table = board["table"].as_str().unwrap();
    // Only eli comes.
    let present = &eli;
    let absent = if board["white"]["name"] == "eli" {
        "black"
    } else {
        "white"
    };
    let mut c = Client::connect_as(&s, table, present.cookie.as_deref().unwrap()).await;
    c.hello(None).await;
    let v = wait_for(&s, &id, |v| v["phase"] == "over").await;
    let result = &v["played"][0]["boards"][0]["result"];
    let (won, lost) = if absent == "black" {
        ("white", "black")
    } else {
        ("black", "white")
    };
    assert_eq!(
        (result[won].clone(), result[lost].clone()),
        (json!("+"), json!("-")),
        "{v}"
    );
    assert_eq!(v["standings"][0]["name"], present.name);
    assert_eq!(v["standings"][0]["points"], 1.0);
    let text = check_trf(&s, &id, 2, 1).await;
    let forfeits: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| &l[l.len() - 1..])
        .collect();
    assert_eq!(forfeits.len(), 2, "{text}");
    assert!(forfeits.contains(&"+") && forfeits.contains(&"-"), "{text}");
}

/// The names on round `n`'s boards (`n` from 1).
fn paired_in(v: &serde_json::Value, n: usize) -> Vec<String> {
    v["played"][n - 1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| [&b["white"]["name"], &b["black"]["name"]])
        .filter_map(|n| n.as_str().map(String::from))
        .collect()
}

/// `p` joins tournament `id` (again).
async fn join(s: &Server, p: &Person, id: &str) -> super::people::Answer {
    let path = format!("/api/tournaments/{id}/join");
    p.call(s, "POST", &path, Some("{}")).await
}

/// Who sits at round `n`'s game of `name` (white or black, as paired).
async fn sit(s: &Server, v: &serde_json::Value, n: usize, p: &Person) -> Client {
    let board = v["played"][n - 1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["white"]["name"] == p.name.as_str() || b["black"]["name"] == p.name.as_str())
        .unwrap();
    let table = board["table"].as_str().unwrap();
    let mut c = connect_when_open(s, table, p.cookie.as_deref().unwrap()).await;
    c.hello(None).await;
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_absent_from_a_round_is_not_paired_until_they_join_again() {
    let s = Server::start(
        "tournament-absent",
        &["--origin", ORIGIN, "--tournament-forfeit", "2"],
    );
    let mut people = Vec::new();
    for name in ["ada", "ben", "cyd"] {
        let mut p = Person::new(name);
        assert_eq!(p.sign_up(&s).await.status, 201);
        people.push(p);
    }
    let id = make_swiss(&s, &people[0], 3).await;
    for p in &people {
        let joined = join(&s, p, &id).await;
        assert_eq!(joined.status, 200, "{}", joined.text);
    }
    let by_name = |n: &str| people.iter().find(|p| p.name == n).unwrap();
    // Round 1: a game and a bye. The game's white never comes.
    let v = wait_for(&s, &id, |v| v["played"].as_array().unwrap().len() == 1).await;
    let board = v["played"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| !b["black"].is_null())
        .unwrap()
        .clone();
    let absent = by_name(board["white"]["name"].as_str().unwrap());
    let present = by_name(board["black"]["name"].as_str().unwrap());
    let third = people
        .iter()
        .find(|p| p.name != absent.name && p.name != present.name)
        .unwrap();
    // Its call says until when one may sit: the forfeit time.
    let calls = absent.call(&s, "GET", "/api/challenges", None).await;
    let call1 = &calls.body["rounds"][0];
    assert_eq!(call1["table"], board["table"], "{}", calls.text);
    assert_eq!(call1["lost"], false, "{}", calls.text);
    assert_eq!(
        call1["deadline"].as_i64(),
        call1["since"].as_i64().map(|t| t + 2_000),
        "{}",
        calls.text
    );
    let _seated = sit(&s, &v, 1, present).await;
    // Round 2 pairs the two who are here; the absent one sits it out,
    // marked in the standings.
    let v = wait_for(&s, &id, |v| v["played"].as_array().unwrap().len() == 2).await;
    let two = paired_in(&v, 2);
    assert!(!two.contains(&absent.name), "{v}");
    assert!(
        two.contains(&present.name) && two.contains(&third.name),
        "{v}"
    );
    let marked = |v: &serde_json::Value, name: &str| {
        v["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .map(|s| s["absent"].clone())
    };
    assert_eq!(marked(&v, &absent.name), Some(json!(true)), "{v}");
    assert_eq!(marked(&v, &present.name), Some(json!(false)), "{v}");
    // Coming back late, the call says the game was lost by forfeit.
    let calls = absent.call(&s, "GET", "/api/challenges", None).await;
    let lost: Vec<_> = calls.body["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["lost"] == true)
        .collect();
    assert_eq!(lost.len(), 1, "{}", calls.text);
    assert_eq!(
        (&lost[0]["table"], &lost[0]["round"], &lost[0]["deadline"]),
        (&board["table"], &json!(1), &call1["deadline"]),
        "{}",
        calls.text
    );
    // They come back: Join again.
    let back = join(&s, absent, &id).await;
    assert_eq!(back.status, 200, "{}", back.text);
    assert_eq!(
        marked(&view(&s, &id).await, &absent.name),
        Some(json!(false))
    );
    // In round 2 only the bye of round 1 comes: its opponent is absent now.
    let _seated = sit(&s, &v, 2, third).await;
    let v = wait_for(&s, &id, |v| v["played"].as_array().unwrap().len() == 3).await;
    let three = paired_in(&v, 3);
    assert!(three.contains(&absent.name), "back, and paired: {v}");
    assert!(!three.contains(&present.name), "{v}");
    // Nobody comes to round 3: both forfeit, and it ends; the absences
    // are written as unpaired rounds, and the file checks.
    wait_for(&s, &id, |v| v["phase"] == "over").await;
    check_trf(&s, &id, 3, 3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_tournament_requests_get_their_codes() {
    let s = Server::start("tournament-hostile", &["--origin", ORIGIN]);
    let mut gus = Person::new("gus");
    assert_eq!(gus.sign_up(&s).await.status, 201);
    let good = json!({
        "name": "Evening Swiss", "format": "swiss", "clock": "180+2", "rated": false,
        "rounds": 3, "starts": now_ms() + 600_000,
    });
    for (change, code) in [
        (json!({"clock": "2d"}), "bad-clock"),
        (json!({"clock": "fast"}), "bad-clock"),
        (json!({"rounds": 0}), "bad-rounds"),
        (json!({"format": "knockout"}), "bad-format"),
        (json!({"name": "x"}), "bad-name"),
        (json!({"min": 1800, "max": 1200}), "bad-range"),
        (json!({"starts": now_ms() - 3_600_000}), "bad-start"),
        (json!({"format": "arena", "minutes": 1}), "bad-minutes"),
    ] {
        let mut body = good.clone();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let a = gus
            .call(&s, "POST", "/api/tournaments", Some(&body.to_string()))
            .await;
        assert_eq!((a.status, a.code()), (400, code), "{change}: {}", a.text);
    }
    // A guest cannot make one; another origin cannot either.
    let guest = call(
        &s,
        "POST",
        "/api/tournaments",
        Some(ORIGIN),
        None,
        Some(&good.to_string()),
    )
    .await;
    assert_eq!(guest.status, 401, "{}", guest.text);
    let made = gus
        .call(&s, "POST", "/api/tournaments", Some(&good.to_string()))
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made.body["id"].as_str().unwrap();
    let v = view(&s, id).await;
    assert_eq!(
        (v["clock"].clone(), v["phase"].clone()),
        (json!("180+2"), json!("open"))
    );
    // A rating range that leaves gus out; not entered; no TRF yet; no such id.
    let mut narrow = good.clone();
    narrow["min"] = json!(1800);
    let made = gus
        .call(&s, "POST", "/api/tournaments", Some(&narrow.to_string()))
        .await;
    let strong = made.body["id"].as_str().unwrap();
    let out = gus
        .call(
            &s,
            "POST",
            &format!("/api/tournaments/{strong}/join"),
            Some("{}"),
        )
        .await;
    assert_eq!((out.status, out.code()), (403, "out-of-range"));
    let not_in = gus
        .call(
            &s,
            "POST",
            &format!("/api/tournaments/{id}/withdraw"),
            Some("{}"),
        )
        .await;
    assert_eq!((not_in.status, not_in.code()), (409, "not-entered"));
    let trf = call(
        &s,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        None,
        None,
        None,
    )
    .await;
    assert_eq!((trf.status, trf.code()), (409, "not-over"));
    let none = call(&s, "GET", "/api/tournaments/no-such", None, None, None).await;
    assert_eq!((none.status, none.code()), (404, "no-tournament"));
    let bad = call(&s, "GET", "/api/tournaments/%3Cb%3E", None, None, None).await;
    assert_eq!(bad.status, 404);
    // Joined, then withdrawn before the start: the entry goes.
    let joined = gus
        .call(
            &s,
            "POST",
            &format!("/api/tournaments/{id}/join"),
            Some("{}"),
        )
        .await;
    assert_eq!(joined.status, 200);
    assert_eq!(view(&s, id).await["entrants"].as_array().unwrap().len(), 1);
    let left = gus
        .call(
            &s,
            "POST",
            &format!("/api/tournaments/{id}/withdraw"),
            Some("{}"),
        )
        .await;
    assert_eq!(left.status, 200);
    assert_eq!(view(&s, id).await["entrants"].as_array().unwrap().len(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_meets_everyone_once_by_its_berger_table() {
    let s = Server::start(
        "tournament-rr",
        &["--origin", ORIGIN, "--tournament-forfeit", "1"],
    );
    let names = ["ivo", "jade", "kai"];
    let mut people = Vec::new();
    for name in names {
        let mut p = Person::new(name);
        assert_eq!(p.sign_up(&s).await.status, 201);
        people.push(p);
    }
    let body = json!({
        "name": "Liga de Domingo", "format": "round-robin", "clock": "30",
        "rated": false, "starts": now_ms() + 1_000,
    })
    .to_string();
    let made = people[0]
        .call(&s, "POST", "/api/tournaments", Some(&body))
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made.body["id"].as_str().unwrap().to_string();
    for p in &people {
        let joined = p
            .call(
                &s,
                "POST",
                &format!("/api/tournaments/{id}/join"),
                Some("{}"),
            )
            .await;
        assert_eq!(joined.status, 200, "{}", joined.text);
    }
    // Nobody comes to any table: every game is lost by both by forfeit,
    // and each round goes on to the next.
    let v = wait_for(&s, &id, |v| v["phase"] == "over").await;
    assert_eq!(v["rounds"], 3, "three players: three rounds, {v}");
    let rounds = v["played"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    let mut met = std::collections::HashSet::new();
    let mut out = Vec::new();
    for r in rounds {
        let boards = r["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 2, "a game and one sitting out: {r}");
        for b in boards {
            let white = b["white"]["name"].as_str().unwrap().to_string();
            match b["black"]["name"].as_str() {
                Some(black) => {
                    let mut pair = [white, black.to_string()];
                    pair.sort();
                    assert!(met.insert(pair.clone()), "met twice: {pair:?}");
                    assert_eq!(b["result"]["white"], "-", "{b}");
                    assert_eq!(b["result"]["black"], "-", "{b}");
                }
                None => out.push(white),
            }
        }
    }
    assert_eq!(met.len(), 3, "everyone met everyone: {met:?}");
    out.sort();
    assert_eq!(out, ["ivo", "jade", "kai"], "each sat out once");
    // A round robin's late entry is refused.
    let mut late = Person::new("lia");
    assert_eq!(late.sign_up(&s).await.status, 201);
    let refused = late
        .call(
            &s,
            "POST",
            &format!("/api/tournaments/{id}/join"),
            Some("{}"),
        )
        .await;
    assert_eq!((refused.status, refused.code()), (409, "over"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_table_plays_its_game_clock_and_a_fallen_flag_loses() {
    let s = Server::start("tournament-flag", &["--origin", ORIGIN]);
    let mut gil = Person::new("gil");
    let mut hana = Person::new("hana");
    assert_eq!(gil.sign_up(&s).await.status, 201);
    assert_eq!(hana.sign_up(&s).await.status, 201);
    let body = json!({
        "name": "Blitz Swiss", "format": "swiss", "clock": "5+0", "rated": true,
        "rounds": 1, "starts": now_ms() + 1_000,
    })
    .to_string();
    let made = gil.call(&s, "POST", "/api/tournaments", Some(&body)).await;
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made.body["id"].as_str().unwrap().to_string();
    for p in [&gil, &hana] {
        let joined = p
            .call(
                &s,
                "POST",
                &format!("/api/tournaments/{id}/join"),
                Some("{}"),
            )
            .await;
        assert_eq!(joined.status, 200, "{}", joined.text);
    }
    let v = wait_for(&s, &id, |v| v["played"].as_array().unwrap().len() == 1).await;
    let board = v["played"][0]["boards"][0].clone();
    let table = board["table"].as_str().unwrap();
    let mut clients = Vec::new();
    for (seat, side) in ["white", "black"].into_iter().enumerate() {
        let person = if board[side]["name"] == "gil" {
            &gil
        } else {
            &hana
        };
        let mut c = Client::connect_as(&s, table, person.cookie.as_deref().unwrap()).await;
        assert_eq!(c.hello(None).await["seat"], seat);
        clients.push(c);
    }
    // The table's clock is the tournament's: 5 s a side, no increment.
    let playing = loop {
        for c in clients.iter_mut() {
            c.contribute_if_open().await;
        }
        let state = clients[0].latest_state().await;
        if state["status"] == "playing" {
            break state;
        }
    };
    assert_eq!(playing["table"]["timeControl"], "5+0", "{playing}");
    assert_eq!(
        playing["table"]["clockLeft"],
        json!([5_000, 5_000]),
        "{playing}"
    );
    // White (the pairing's, seat 0) moves first and once; black never does.
    let mv = super::client::first_legal(&playing["table"]);
    clients[0]
        .send(json!({"v":2,"type":"move","ply":0,"move":mv}))
        .await;
    let over = clients[0].wait_state(|s| s["status"] == "over").await;
    let record = over["record"].as_str().unwrap();
    assert!(record.contains("\nclock: 5+0\n"), "{record}");
    assert!(record.contains(" wins on time\n"), "{record}");
    assert!(super::verify(record).all_passed(), "{record}");
    // The loss on time is the tournament's result: white 1, black 0, the
    // discs as the record scores them (black keeps its own, at most 31).
    let v = wait_for(&s, &id, |v| v["phase"] == "over").await;
    let result = &v["played"][0]["boards"][0]["result"];
    assert_eq!(
        (&result["white"], &result["black"]),
        (&json!("1"), &json!("0")),
        "{v}"
    );
    let discs = result["discs"].as_array().unwrap();
    let (white, black) = (discs[0].as_u64().unwrap(), discs[1].as_u64().unwrap());
    assert_eq!(white + black, 64, "{v}");
    assert!(black <= 31, "{v}");
    let r = virada::record::parse(record).unwrap();
    let white_is_dark = r.dark == 0;
    let recorded = if white_is_dark {
        (r.result.dark, r.result.light)
    } else {
        (r.result.light, r.result.dark)
    };
    assert_eq!(
        (u64::from(recorded.0), u64::from(recorded.1)),
        (white, black)
    );
    assert_eq!(v["standings"][0]["name"], board["white"]["name"], "{v}");
    assert_eq!(v["standings"][0]["points"], 1.0, "{v}");
    assert_eq!(v["standings"][1]["points"], 0.0, "{v}");
    check_trf(&s, &id, 2, 1).await;
}
