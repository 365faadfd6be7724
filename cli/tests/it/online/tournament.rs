//! Tournaments over real sockets: a Swiss made, joined and played to its
//! end by accounts at the tables the server opens (each record naming the
//! tournament and round), the standings what the records say, and the
//! signed TRF served at the end checked by `virada swiss check`; a server
//! killed between rounds (one server over SQLite, restarted; two over
//! Redis, the other going on), the next round paired once. The edges
//! (a forfeit, a round robin, the refusals) are in `tournament_edges.rs`.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::client::{Client, Listening, Server};
use super::people::{call, Person, ORIGIN};
use super::redis::RedisServer;
use super::{play_out, verify};
use serde_json::{json, Value};
use virada::tournament::{breaches, check_rounds, signature_holds, signed_trf, SignedTrf, Trf};

pub(super) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

pub(super) async fn view(server: &impl Listening, id: &str) -> Value {
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
pub(super) async fn wait_for(
    server: &impl Listening,
    id: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
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

/// A socket at a tournament's table for the account with session
/// `cookie`, once the table is open: a round is written before its tables
/// open, and after a server is lost the next holder of the lease opens
/// them (within the lease's 5 s), so a table may answer 404 for a while.
pub(super) async fn connect_when_open(
    server: &impl Listening,
    table: &str,
    cookie: &str,
) -> Client {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        match Client::try_connect_as(server, table, Some(cookie), false).await {
            Ok(c) => return c,
            Err(e) if e.contains("404") && Instant::now() < until => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("cannot open the table's socket: {e}"),
        }
    }
}

/// A Swiss of `rounds` rounds starting now, made by `by`; its id.
pub(super) async fn make_swiss(server: &impl Listening, by: &Person, rounds: u32) -> String {
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
            let mut c = connect_when_open(server, table, cookie).await;
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
pub(super) async fn check_trf(
    server: &impl Listening,
    id: &str,
    players: usize,
    rounds: usize,
) -> String {
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
