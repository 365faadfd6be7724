//! Tournaments over real sockets: a Swiss made, joined and played to its
//! end by accounts at the tables the server opens (each record naming the
//! tournament and round), the standings what the records say, and the
//! signed TRF served at the end checked by `virada swiss check`; a server
//! killed between rounds (one server over SQLite, restarted; two over
//! Redis, the other going on), the next round paired once; a seat nobody
//! takes lost by forfeit, the round going on; hostile requests refused.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::client::{Client, Listening, Server};
use super::people::{call, Person, ORIGIN};
use super::redis::RedisServer;
use super::{play_out, verify};
use serde_json::{json, Value};
use virada::tournament::{breaches, check_rounds, signature_holds, signed_trf, SignedTrf, Trf};

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

async fn view(server: &impl Listening, id: &str) -> Value {
    let a = call(
        server,
        "GET",
        &format!("/api/tournaments/{id}"),
        None,
        None,
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text);
    a.body
}

/// The tournament once `done` holds (within a minute).
async fn wait_for(server: &impl Listening, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let v = view(server, id).await;
        if done(&v) {
            return v;
        }
        assert!(Instant::now() < until, "still: {v}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A Swiss of `rounds` rounds starting now, made by `by`; its id.
async fn make_swiss(server: &impl Listening, by: &Person, rounds: u32) -> String {
    let body = json!({
        "name": "Saturday Swiss", "format": "swiss", "clock": "30", "rated": true,
        "rounds": rounds, "starts": now_ms() + 1_500,
    })
    .to_string();
    let made = by
        .call(server, "POST", "/api/tournaments", Some(&body))
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    made.body["id"].as_str().unwrap().to_string()
}

/// Plays round `number` at its tables: every pair seated first (so that
/// nobody forfeits), then each game played out with the first legal move.
/// Answers each table's signed record.
async fn play_round(
    server: &impl Listening,
    v: &Value,
    number: usize,
    people: &HashMap<String, Person>,
) -> Vec<(String, String)> {
    let round = &v["played"][number - 1];
    let mut tables = Vec::new();
    for board in round["boards"].as_array().unwrap() {
        let Some(table) = board["table"].as_str() else {
            continue;
        };
        let mut clients = Vec::new();
        for (side, seat) in [("white", 0), ("black", 1)] {
            let name = board[side]["name"].as_str().unwrap();
            let cookie = people[name].cookie.as_deref().unwrap();
            let mut c = Client::connect_as(server, table, cookie).await;
            let welcome = c.hello(None).await;
            assert_eq!(welcome["seat"], seat, "{name} at {table}: {welcome}");
            clients.push(c);
        }
        tables.push((table.to_string(), clients));
    }
    let mut records = Vec::new();
    for (table, mut clients) in tables {
        let over = play_out(&mut clients, &[0, 1]).await;
        records.push((table, over["record"].as_str().unwrap().to_string()));
    }
    records
}

/// Each name's points from the records (a win 1, a draw ½) and the bye.
fn points_from(records: &[(String, String)], byes: &[String]) -> HashMap<String, f64> {
    let mut points = HashMap::new();
    for (_, record) in records {
        let r = virada::record::parse(record).unwrap();
        let names = r.names.clone().unwrap();
        let outcome = virada::record::rating_outcome(&r).unwrap();
        let (a, b) = match outcome {
            virada::rating::Outcome::Win => (1.0, 0.0),
            virada::rating::Outcome::Draw => (0.5, 0.5),
            virada::rating::Outcome::Loss => (0.0, 1.0),
        };
        *points.entry(names[0].clone()).or_insert(0.0) += a;
        *points.entry(names[1].clone()).or_insert(0.0) += b;
    }
    for name in byes {
        *points.entry(name.clone()).or_insert(0.0) += 1.0;
    }
    points
}

fn byes_of(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for round in v["played"].as_array().unwrap() {
        for b in round["boards"].as_array().unwrap() {
            if b["black"].is_null() {
                out.push(b["white"]["name"].as_str().unwrap().to_string());
            }
        }
    }
    out
}

/// The TRF served at the end: signed by the servers' key, every round the
/// Dutch system's, no absolute criterion broken, and `virada swiss check`
/// says so.
async fn check_trf(server: &impl Listening, id: &str, players: usize, rounds: usize) -> String {
    let a = call(
        server,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        None,
        None,
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text);
    let text = a.text.clone();
    let SignedTrf::Signed {
        body,
        key,
        signature,
    } = signed_trf(&text)
    else {
        panic!("not signed: {text}");
    };
    assert_eq!(signature_holds(body, &key, &signature), Some(true));
    let changed = text.replacen(" 1 ", " 0 ", 1);
    if let SignedTrf::Signed {
        body,
        key,
        signature,
    } = signed_trf(&changed)
    {
        assert_eq!(signature_holds(body, &key, &signature), Some(false));
    }
    let trf = Trf::parse(&text).unwrap();
    assert_eq!(trf.players.len(), players);
    let checked = check_rounds(&trf);
    assert_eq!(checked.len(), rounds, "{text}");
    assert!(checked.iter().all(|r| r.agrees()), "{text}");
    assert!(breaches(&trf).unwrap().is_empty(), "{text}");
    let path =
        std::env::temp_dir().join(format!("virada-tournament-{}-{id}.trf", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["swiss", "check"])
        .arg(&path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(said.contains("the signature holds"), "{said}");
    assert!(
        said.contains("every round is the Dutch system's pairing"),
        "{said}"
    );
    let _ = std::fs::remove_file(path);
    text
}

/// Four accounts play a 2-round Swiss; `kill` kills a server once the
/// first round is over (and says where to go on).
async fn swiss_to_its_end<S: Listening>(servers: &mut Vec<S>, kill: impl FnOnce(&mut Vec<S>)) {
    let names = ["ana", "bea", "caio", "duda"];
    let mut people = HashMap::new();
    for name in names {
        let mut p = Person::new(name);
        assert_eq!(p.sign_up(&servers[0]).await.status, 201);
        people.insert(name.to_string(), p);
    }
    let id = make_swiss(&servers[0], &people["ana"], 2).await;
    for name in names {
        let joined = people[name]
            .call(
                &servers[0],
                "POST",
                &format!("/api/tournaments/{id}/join"),
                Some("{}"),
            )
            .await;
        assert_eq!(joined.status, 200, "{}", joined.text);
    }
    let listed = call(&servers[0], "GET", "/api/tournaments", None, None, None).await;
    assert_eq!(listed.body["tournaments"][0]["id"], id, "{}", listed.text);
    let mine = call(
        &servers[0],
        "GET",
        "/api/tournaments?player=caio",
        None,
        None,
        None,
    )
    .await;
    assert_eq!(mine.body["tournaments"][0]["id"], id, "{}", mine.text);

    let v = wait_for(&servers[0], &id, |v| {
        v["played"].as_array().unwrap().len() == 1
    })
    .await;
    assert_eq!(v["phase"], "running");
    let mut records = play_round(&servers[0], &v, 1, &people).await;
    let v = wait_for(&servers[0], &id, |v| {
        let r = &v["played"][0]["boards"];
        r.as_array().unwrap().iter().all(|b| !b["result"].is_null())
    })
    .await;
    let round2_before = v["played"].get(1).cloned();

    kill(servers);
    let s = &servers[0];
    let v = wait_for(s, &id, |v| v["played"].as_array().unwrap().len() == 2).await;
    if let Some(before) = round2_before {
        // Paired before the kill: the same round, not paired again.
        assert_eq!(v["played"][1]["boards"], before["boards"]);
    }
    records.extend(play_round(s, &v, 2, &people).await);
    let v = wait_for(s, &id, |v| v["phase"] == "over").await;
    assert_eq!(v["played"].as_array().unwrap().len(), 2, "paired once: {v}");

    for (table, record) in &records {
        assert!(verify(record).all_passed(), "{record}");
        let r = virada::record::parse(record).unwrap();
        let t = r.tournament.expect("the record names its tournament");
        assert_eq!(t.id, id);
        let round = v["played"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| {
                r["boards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|b| b["table"] == json!(table))
            })
            .unwrap();
        assert_eq!(round["number"], t.round);
        assert!(
            r.ratings.is_some(),
            "a rated tournament's game is rated: {record}"
        );
    }
    // The standings are what the records say.
    let expected = points_from(&records, &byes_of(&v));
    let standings = v["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 4);
    for line in standings {
        let name = line["name"].as_str().unwrap();
        assert_eq!(
            line["points"].as_f64().unwrap(),
            expected[name],
            "{name}: {v}"
        );
    }
    let mut last = f64::MAX;
    for line in standings {
        let p = line["points"].as_f64().unwrap();
        assert!(p <= last, "ordered by points: {v}");
        last = p;
        assert!(line["decidedBy"].is_string());
    }
    check_trf(s, &id, 4, 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_is_played_to_its_end_across_a_restart_and_its_trf_checks() {
    let s = Server::start(
        "tournament",
        &["--origin", ORIGIN, "--tournament-forfeit", "30"],
    );
    let mut servers = vec![s];
    swiss_to_its_end(&mut servers, |servers| servers[0].kill_and_restart()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_over_redis_play_a_swiss_one_killed_between_rounds() {
    let redis = RedisServer::start("tournament-servers");
    let key = std::env::temp_dir().join(format!("virada-tournament-key-{}", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let url = redis.url();
    let flags = [
        "--origin",
        ORIGIN,
        "--redis",
        &url,
        "--key-file",
        key.to_str().unwrap(),
        "--tournament-forfeit",
        "30",
    ];
    let mut servers = vec![
        Server::start("tournament-r0", &flags),
        Server::start("tournament-r1", &flags),
    ];
    // Dropping a server SIGKILLs it; the other goes on.
    swiss_to_its_end(&mut servers, |servers| drop(servers.remove(0))).await;
}

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
        (v["seconds"].clone(), v["phase"].clone()),
        (json!(8), json!("open"))
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
