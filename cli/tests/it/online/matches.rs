//! Matches (V1) online over a real server: two people play a match to 16
//! points, each game at a table of its own (its own commitment, both
//! contributions in its signed record), the next game's table opened for
//! them; the server killed and restarted mid-match loses nothing; the
//! signed match record verifies with `virada verify`, and copies with a
//! game's points or a seat changed, digests recomputed, fail on the signature.

use super::client::{self, Client, Server};
use super::contribute_all;
use serde_json::Value;
use sha2::Digest as _;
use std::process::Command;
use std::time::Duration;

/// Nine plies after which dark has every disc, 13 to 0: 13 points a game.
const WIPE_OUT: [&str; 9] = ["d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"];

/// The socket's first frame: the table's commitment.
async fn commitment(c: &mut Client) -> String {
    let first = c
        .next(Duration::from_secs(10))
        .await
        .expect("a first frame");
    assert_eq!(first["type"], "commitment", "{first}");
    first["fingerprint"].as_str().unwrap().to_string()
}

/// Plays the wipe-out's plies from `state`'s ply up to `until`: whoever's
/// seat is to move sends the next one. Returns the last state.
async fn play_until(players: &mut [Client; 2], until: usize) -> Value {
    loop {
        let state = players[0].latest_state().await;
        let ply = state["ply"].as_u64().unwrap() as usize;
        if state["status"] == "over" || ply >= until {
            return state;
        }
        let seat = state["table"]["seatToMove"].as_u64().unwrap() as usize;
        let mv = WIPE_OUT[ply];
        players[seat]
            .send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
            .await;
        players[0]
            .wait_state(|s| s["ply"].as_u64() != Some(ply as u64) || s["status"] == "over")
            .await;
    }
}

/// Both people at table `id` with their tokens; the commitment each saw.
async fn sit(server: &Server, id: &str, tokens: &[String; 2]) -> ([Client; 2], String) {
    let mut a = Client::connect(server, id).await;
    let seen = commitment(&mut a).await;
    assert_eq!(a.hello(Some(&tokens[0])).await["seat"], 0);
    let mut b = Client::connect(server, id).await;
    assert_eq!(commitment(&mut b).await, seen);
    assert_eq!(b.hello(Some(&tokens[1])).await["seat"], 1);
    ([a, b], seen)
}

/// A text with every digest recomputed (each game's, then the match's),
/// the signatures kept: what anyone without the server's key can do.
fn redigest(text: &str) -> String {
    let hex = |body: &str| -> String {
        sha2::Sha256::digest(body.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let (mut whole, mut game) = (String::new(), String::new());
    let mut in_game = false;
    for line in text.lines() {
        if line.starts_with("virada-record ") {
            game.clear();
            in_game = true;
        }
        in_game &= !line.starts_with("total: ");
        let line = match line.strip_prefix("digest: ") {
            Some(_) => format!("digest: {}", hex(if in_game { &game } else { &whole })),
            None => line.to_string(),
        };
        for body in [&mut whole, &mut game] {
            body.push_str(&line);
            body.push('\n');
        }
    }
    whole
}

/// `virada verify --json` on `text`: its exit code and report.
fn virada_verify(text: &str, name: &str) -> (i32, Value) {
    let path = std::env::temp_dir().join(format!("virada-match-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["verify", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let report = serde_json::from_slice(&out.stdout).unwrap();
    (out.status.code().unwrap(), report)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_a_match_to_16_points_across_a_restart() {
    let mut server = Server::start("match", &[]);
    let opened = client::open_table(
        &server,
        "/api/tables",
        r#"{"game":"othello","clock":0,"match":"points:16"}"#,
    )
    .await;
    let mut id = opened["id"].as_str().unwrap().to_string();
    let mut a = Client::connect(&server, &id).await;
    let first_seen = commitment(&mut a).await;
    assert_eq!(opened["fingerprint"], first_seen.as_str());
    let token_a = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(&server, &id).await;
    let token_b = b.hello(None).await["token"].as_str().unwrap().to_string();
    let tokens = [token_a, token_b];

    let mut fingerprints: Vec<String> = Vec::new();
    let mut records: Vec<String> = Vec::new();
    let mut first = Some(([a, b], first_seen.clone()));
    let end = loop {
        let (mut players, seen) = match first.take() {
            Some(at_first) => at_first,
            None => sit(&server, &id, &tokens).await,
        };
        let [a, b] = &mut players;
        let randoms = [a.random.clone(), b.random.clone()];
        let playing = contribute_all(&mut [a, b]).await;
        assert_eq!(playing["match"]["game"], records.len() + 1, "{playing}");
        assert_eq!(playing["match"]["kind"], "points");
        assert_eq!(playing["match"]["target"], 16);
        let mut state = play_until(&mut players, 4).await;
        if records.len() == 1 {
            // Mid-match, mid-game: the server killed and started again.
            server.kill_and_restart();
            let (again, _) = sit(&server, &id, &tokens).await;
            players = again;
            state = players[0].latest_state().await;
            assert_eq!(state["status"], "playing");
            assert_eq!(state["ply"], 4, "no move lost");
            assert_eq!(state["match"]["game"], 2, "the match kept: {state}");
            assert_eq!(state["match"]["games"].as_array().unwrap().len(), 1);
        }
        play_until(&mut players, WIPE_OUT.len()).await;
        let over = players[0]
            .wait_state(|s| {
                s["status"] == "over" && (s["next"].is_string() || s["match"]["record"].is_string())
            })
            .await;
        assert_ne!(state["status"], "over");
        let record = over["record"].as_str().unwrap().to_string();
        assert!(
            record.contains(&format!("\nfingerprint: {seen}\n")),
            "{record}"
        );
        assert!(
            record.contains(&format!(
                "\nrandom: {}\nsecond-random: {}\n",
                randoms[0], randoms[1]
            )),
            "both contributions in game {}: {record}",
            records.len() + 1
        );
        assert!(
            record.contains("\nresult: dark 13 light 0 dark wins\n"),
            "{record}"
        );
        assert!(!fingerprints.contains(&seen), "a new commitment each game");
        fingerprints.push(seen);
        records.push(record);
        assert_eq!(
            over["match"]["games"].as_array().unwrap().len(),
            records.len()
        );
        match over["next"].as_str() {
            Some(next) => id = next.to_string(),
            None => break over,
        }
    };
    assert_eq!(fingerprints[0], first_seen);
    assert!((2..=3).contains(&records.len()), "{} games", records.len());
    let m = &end["match"];
    let total = m["total"].as_array().unwrap();
    assert!(total.iter().any(|t| t.as_u64() >= Some(16)), "{m}");
    assert_ne!(m["winner"], "none");

    // The signed match record, served by its id, holds every game's record.
    let match_id = m["record"].as_str().unwrap();
    let text = client::get_text(&server, &format!("/api/records/{match_id}")).await;
    assert!(
        text.starts_with("virada-match 2\nmatch: to 16 points\nseats: person, person\n"),
        "{text}"
    );
    for r in &records {
        assert!(
            text.contains(r.as_str()),
            "every game's signed record, whole"
        );
    }
    let (code, report) = virada_verify(&text, "ok");
    assert_eq!(code, 0, "{report}");
    let own = report["checks"].as_array().unwrap();
    let signature = own
        .iter()
        .find(|c| c["check"] == "match-signature")
        .unwrap();
    assert_eq!(signature["code"], "signature-ok");
    let key = client::get_json(&server, "/api/key").await;
    assert!(text.contains(&format!(
        "signature: ed25519 {} ",
        key["key"].as_str().unwrap()
    )));

    // Tampered copies, digests recomputed: refused on the signature.
    let r = virada::record::parse_match(&text).unwrap();
    let [p, q] = r.games[0].points;
    for (from, to) in [
        (
            format!("game 1: first {p} second {q}"),
            format!("game 1: first {q} second {p}"),
        ),
        (
            "seats: person, person\ngame 1".into(),
            "seats: person, bot 3\ngame 1".into(),
        ),
    ] {
        let edited = redigest(&text.replacen(&from, &to, 1));
        assert_ne!(edited, text);
        let (code, report) = virada_verify(&edited, "edited");
        assert_eq!(code, 1, "{to}");
        let checks = report["checks"].as_array().unwrap();
        let digest = checks
            .iter()
            .find(|c| c["check"] == "match-digest")
            .unwrap();
        assert_eq!(digest["code"], "match-digest-ok", "digests recomputed");
        let signature = checks
            .iter()
            .find(|c| c["check"] == "match-signature")
            .unwrap();
        assert_eq!(signature["code"], "signature-mismatch", "{to}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_is_one_of_those_offered_and_played_at_othello() {
    let server = Server::start("match-api", &[]);
    for (body, code) in [
        (r#"{"game":"othello","match":"points:15"}"#, "bad-match"),
        (r#"{"game":"othello","match":"sets:4"}"#, "bad-match"),
        (r#"{"game":"othello","match":16}"#, "bad-match"),
        (
            r#"{"game":"nabucodonosor","size":7,"match":"games:2"}"#,
            "match-othello-only",
        ),
    ] {
        let (status, answer) = client::request(
            &server,
            "POST",
            "/api/tables",
            Some("application/json"),
            body,
        )
        .await;
        assert_eq!(status, 400, "{body}");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["code"], code, "{body}");
    }
    // One game is no match: the state says nothing of one.
    let id = client::create_table(&server, r#"{"game":"othello","match":"one"}"#).await;
    let mut a = Client::connect(&server, &id).await;
    let welcome = a.hello(None).await;
    assert_eq!(welcome["state"]["match"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_both_people_left_ends_after_the_game_the_bot_finished() {
    let server = Server::start("match-left", &["--grace", "0.5"]);
    let id = client::create_table(
        &server,
        r#"{"game":"othello","clock":0,"level":1,"match":"points:64"}"#,
    )
    .await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    let mut watcher = Client::connect(&server, &id).await;
    watcher.hello(None).await;
    a.close().await;
    b.close().await;
    // The bot takes both seats and finishes the game; then the match ends.
    let end = watcher
        .wait_state(|s| s["status"] == "over" && s["match"]["record"].is_string())
        .await;
    assert_eq!(end["next"], Value::Null, "no next game for nobody");
    assert_eq!(end["match"]["winner"], "none");
    let record_id = end["match"]["record"].as_str().unwrap();
    let text = client::get_text(&server, &format!("/api/records/{record_id}")).await;
    assert!(text.contains("\nwinner: none\n"), "{text}");
    assert!(text.contains("\nseats: person, person\n"), "{text}");
    let (code, report) = virada_verify(&text, "left");
    assert_eq!(code, 0, "{report}");
}
